import assert from "node:assert/strict";
import fc from "fast-check";
import { logGamma, regularizedGammaQ } from "../../../src/report/stats/_gamma.ts";
import { assertClose } from "../_close.ts";

// scipy.special.gammaincc and gammaln (Boost), printed with repr.
const Q: ReadonlyArray<readonly [number, number, number]> = [
  [0.5, 0.1, 0.6547208460185768],
  [0.5, 30, 9.485737571073857e-15],
  [1, 2, 0.1353352832366127],
  [2.5, 1, 0.8491450360846096],
  [10, 3, 0.9988975118698845],
  [10, 30, 7.121750862815593e-06],
  [50, 45, 0.7531979655998298],
  [100, 150, 5.924540335483916e-06],
  [1000, 1100, 0.0010593232539299773],
  [0.5, 1e-10, 0.9999887162083294],
  [3.5, 400, 1.855654119381636e-168],
];
const LOG_GAMMA: ReadonlyArray<readonly [number, number]> = [
  [0.5, 0.5723649429247],
  [3.5, 1.2009736023470743],
  [10, 12.801827480081469],
  [100.5, 361.43554046777757],
  [1000, 5905.220423209181],
];

Deno.test({
  name: "regularizedGammaQ and logGamma: scipy's values, far tails and large a included",
  permissions: "none",
  fn: () => {
    for (const [a, x, q] of Q) assertClose(regularizedGammaQ(a, x), q, 1e-12, `Q(${a}, ${x})`);
    for (const [x, lg] of LOG_GAMMA) assertClose(logGamma(x), lg, 1e-14, `lnΓ(${x})`);
    assert.ok(Math.abs(logGamma(1)) < 1e-15 && Math.abs(logGamma(2)) < 1e-15);
    assert.equal(regularizedGammaQ(2, 0), 1);
  },
});

Deno.test({
  name: "regularizedGammaQ: whole a agrees with the Poisson sum e^-x Σ_{j<a} x^j/j! (property)",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0.01, max: 150, noNaN: true }),
        (a, x) => {
          let term = Math.exp(-x);
          let sum = 0;
          for (let j = 0; j < a; j++) {
            sum += term;
            term *= x / (j + 1);
          }
          if (sum < 1e-290) return;
          assertClose(regularizedGammaQ(a, x), sum, 1e-11, `Q(${a}, ${x})`);
        },
      ),
      { numRuns: 1000, seed: 5 },
    );
  },
});
