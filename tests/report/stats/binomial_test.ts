import assert from "node:assert/strict";
import fc from "fast-check";
import { binomialAtLeast, logBinomialPmf } from "../../../src/report/stats/_binomial.ts";
import { assertClose } from "../_close.ts";
import { ratio } from "../_exact.ts";
import { Prng } from "../../reference/_prng.ts";
import { reference, skipReason } from "../_python.ts";

/** C(n, k)·a^k·(d − a)^(n − k) / d^n, the exact P(X = k) for p = a/d, as a bigint fraction. */
function exactPmf(k: number, n: number, a: number, d: number): [bigint, bigint] {
  let c = 1n;
  for (let j = 1; j <= k; j++) c = (c * BigInt(n - j + 1)) / BigInt(j);
  return [c * BigInt(a) ** BigInt(k) * BigInt(d - a) ** BigInt(n - k), BigInt(d) ** BigInt(n)];
}

/** The exact P(X ≥ k) for p = a/d. */
function exactAtLeast(k: number, n: number, a: number, d: number): number {
  let sum = 0n;
  for (let j = Math.max(0, k); j <= n; j++) sum += exactPmf(j, n, a, d)[0];
  return ratio(sum, BigInt(d) ** BigInt(n));
}

// From tests/report/reference_stats.py (mpmath at 50 digits, p the double given taken exactly).
const AT_LEAST: ReadonlyArray<readonly [number, number, number, number]> = [
  [115, 200, 0.6, 0.78684782420423978],
  [150, 200, 0.6, 5.8989002006702337e-6],
  [18300, 60000, 0.3, 0.0038544323301036117],
  [30000, 60000, 0.51, 0.99999952945411556],
  [6200, 12000, 0.55, 0.99999999999988954],
  [31000, 60000, 0.5, 1.6527056389863093e-16],
  [2, 60000, 0.0000004, 0.00028342863419513404],
  [59990, 60000, 0.9999, 0.95738733720825067],
  [1, 1, 0.5, 0.5],
  [7, 10, 0.001, 1.1968527991600002e-19],
];
const LOG_PMF: ReadonlyArray<readonly [number, number, number, number]> = [
  [100, 200, 0.6, -6.9583994827360798],
  [18000, 60000, 0.3, -5.6396698045421818],
  [0, 60000, 0.0000004, -0.024000004800001279],
  [60000, 60000, 0.9999, -6.0003000200008392],
  [3, 10, 0.001, -15.94277759649945],
  [30000, 60000, 0.5, -5.7268454399135128],
];

Deno.test({
  name: "binomial: independently computed values, n up to 60,000, far tails included",
  permissions: "none",
  fn: async (t) => {
    await t.step("P(X ≥ k)", () => {
      for (const [k, n, p, expected] of AT_LEAST) {
        // Near 1 the complement's rounding (1e-16 absolute) is the limit.
        const tolerance = expected > 0.5 ? 1e-13 : 1e-12;
        assertClose(binomialAtLeast(k, n, p), expected, tolerance, `P(X ≥ ${k}), n ${n}, p ${p}`);
      }
    });
    await t.step("ln P(X = k)", () => {
      for (const [k, n, p, expected] of LOG_PMF) {
        assertClose(logBinomialPmf(k, n, p), expected, 1e-13, `ln P(X = ${k}), n ${n}, p ${p}`);
      }
    });
    await t.step("the edges: p of 0 or 1, k outside [1, n]", () => {
      assert.equal(binomialAtLeast(0, 10, 0.3), 1);
      assert.equal(binomialAtLeast(-2, 10, 0.3), 1);
      assert.equal(binomialAtLeast(11, 10, 0.3), 0);
      assert.equal(binomialAtLeast(1, 10, 0), 0);
      assert.equal(binomialAtLeast(10, 10, 1), 1);
      assert.equal(logBinomialPmf(0, 10, 0), 0);
      assert.equal(logBinomialPmf(1, 10, 0), -Infinity);
      assert.equal(logBinomialPmf(10, 10, 1), 0);
      assert.equal(logBinomialPmf(9, 10, 1), -Infinity);
    });
  },
});

Deno.test({
  name: "binomial: agrees with exact fractions (property, n ≤ 300)",
  permissions: "none",
  fn: () => {
    const arb = fc.record({
      n: fc.integer({ min: 1, max: 300 }),
      d: fc.constantFrom(2, 3, 7, 10, 1000),
    }).chain(({ n, d }) =>
      fc.record({
        n: fc.constant(n),
        d: fc.constant(d),
        a: fc.integer({ min: 1, max: d - 1 }),
        k: fc.integer({ min: 0, max: n }),
      })
    );
    fc.assert(
      fc.property(arb, ({ n, d, a, k }) => {
        const p = a / d;
        const expected = exactAtLeast(k, n, a, d);
        if (expected < 1e-290) return;
        // p = a/d is itself rounded: allow for it (n·|δp|/p·q relative, about n·1e-16).
        const tolerance = 1e-13 + (n * 2e-16) / (p * (1 - p));
        const what = `P(X ≥ ${k}), n ${n}, p ${a}/${d}`;
        assertClose(
          binomialAtLeast(k, n, p),
          expected,
          expected > 0.5 ? tolerance : 10 * tolerance,
          what,
        );
        const [num, den] = exactPmf(k, n, a, d);
        const pmf = ratio(num, den);
        if (pmf > 1e-290) assertClose(Math.exp(logBinomialPmf(k, n, p)), pmf, 10 * tolerance, what);
      }),
      { numRuns: 400, seed: 7 },
    );
  },
});

const skip = await skipReason("binomial against Python");

Deno.test({
  name: "binomial: P(X ≥ k) agrees with reference_decision.py (a 40-digit sum) on random cases " +
    "up to n = 60,000",
  ignore: skip !== null,
  fn: async () => {
    const rng = new Prng(20261201);
    const cases = Array.from({ length: 400 }, () => {
      const n = 1 + rng.int(60000);
      const p = (1 + rng.int(9999)) / 10000;
      const sd = Math.sqrt(n * p * (1 - p));
      const k = Math.max(0, Math.min(n, Math.round(n * p + (rng.int(2001) / 100 - 10) * sd)));
      return { k, n, p };
    });
    const expected = (await reference("binomial_sf", cases)) as number[];
    cases.forEach(({ k, n, p }, i) => {
      const e = expected[i]!;
      if (e < 1e-300) return assert.ok(binomialAtLeast(k, n, p) < 1e-290);
      assertClose(
        binomialAtLeast(k, n, p),
        e,
        e > 0.5 ? 1e-13 : 1e-10,
        `P(X ≥ ${k}), n ${n}, p ${p}`,
      );
    });
  },
});
