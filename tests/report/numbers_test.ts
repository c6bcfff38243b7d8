import assert from "node:assert/strict";
import fc from "fast-check";
import { count, pText, signedPoints } from "../../src/report/numbers.ts";
import { mcnemarExactP } from "../../src/report/stats/mcnemar.ts";

Deno.test({
  name: "pText: the issue's example, 150 against 117 of 2,000, is printed below 0.05",
  permissions: "none",
  fn: () => {
    const p = mcnemarExactP(150, 117); // 0.049983… (reference_stats.py: exact fractions)
    assert.ok(p < 0.05 && p > 0.0499);
    assert.equal(pText(p), "p = 0.04998");
  },
});

type Case = readonly [p: number, levels: readonly number[] | undefined, text: string];

const CASES: Readonly<Record<string, readonly Case[]>> = {
  "ordinary values keep two significant digits": [
    [0.012, undefined, "p = 0.012"],
    [0.31, undefined, "p = 0.31"],
    [0.1, undefined, "p = 0.10"],
    [0.0494, undefined, "p = 0.049"],
    [0.0506, undefined, "p = 0.051"],
  ],
  "around 0.05": [
    [0.0496, undefined, "p = 0.0496"],
    [0.04999999, undefined, "p = 0.04999999"],
    [0.05, undefined, "p = 0.050"], // exactly at the level: the only value printed as it
    [0.0500001, undefined, "p = 0.0500001"],
    [0.0501, undefined, "p = 0.0501"],
    [0.05 - 2 ** -57, undefined, "p = 0.049999999999999996"], // the double below 0.05: 17 digits
  ],
  "around 0.01, a family-wise level (0.05 over 5 adapters)": [
    [0.00999, [0.05, 0.01], "p = 0.00999"],
    [0.01, [0.05, 0.01], "p = 0.010"],
    [0.0100001, [0.05, 0.01], "p = 0.0100001"],
    [0.0104, [0.05, 0.01], "p = 0.0104"], // "0.010" would read as at the level
    [0.0106, [0.05, 0.01], "p = 0.011"],
    [0.0104, [0.05, 0.0104], "p = 0.0104"],
    [0.00999, undefined, "p = 0.010"], // 0.01 not a level here: no need for more
    [0.016, [0.05, 0.05 / 3], "p = 0.016"],
    [0.01666, [0.05, 0.05 / 3], "p = 0.01666"],
    [0.016666, [0.05, 0.05 / 3], "p = 0.016666"],
    [0.0166667, [0.05, 0.05 / 3], "p = 0.017"], // above 0.0166…: two digits show it
  ],
  "around 0.001, the floor": [
    [0.000999, undefined, "p < 0.001"],
    [0.001, undefined, "p = 0.0010"],
    [0.0010004, [0.05, 0.001], "p = 0.0010004"],
    [0.000999, [0.05, 0.001], "p < 0.001"],
    [0, undefined, "p < 0.001"],
    // A level below 0.001 (0.05 over 60) lowers the floor below it.
    [0.0009, [0.05, 0.05 / 60], "p = 0.00090"],
    [0.00083, [0.05, 0.05 / 60], "p = 0.00083"],
    [0.000834, [0.05, 0.05 / 60], "p = 0.000834"],
    [0.00005, [0.05, 0.05 / 60], "p < 0.0001"],
    [0.0001, [0.05, 0.0001], "p = 0.00010"],
    [0.00009, [0.05, 0.0001], "p < 0.0001"],
  ],
  "around 1": [
    [1, undefined, "p = 1"],
    [0.996, undefined, "p = 0.996"],
    [0.99999, undefined, "p = 0.99999"],
    [0.95, undefined, "p = 0.95"],
    [1 - 2 ** -53, undefined, "p = 0.9999999999999999"],
  ],
};

Deno.test({
  name: "pText: digits until the side of every level (and of 1) shows",
  permissions: "none",
  fn: async (t) => {
    for (const [name, cases] of Object.entries(CASES)) {
      await t.step(name, () => {
        for (const [p, levels, text] of cases) assert.equal(pText(p, levels), text, `p = ${p}`);
      });
    }
  },
});

/** The value a text shows, and whether it is a bound ("p < x") rather than a value. */
function shown(text: string): { value: number; below: boolean } {
  const m = /^p ([=<]) (\d+(?:\.\d+)?(?:e-\d+)?)$/.exec(text);
  assert.ok(m !== null, `not a p-value text: ${text}`);
  return { value: Number(m[2]), below: m[1] === "<" };
}

Deno.test({
  name: "pText: what it prints is on the same side of every level as p (property)",
  permissions: "none",
  fn: () => {
    const level = fc.oneof(
      fc.constantFrom(0.05, 0.025, 0.05 / 3, 0.0125, 0.01, 0.001, 0.05 / 60),
      fc.double({ min: 1e-6, max: 1, noNaN: true, noDefaultInfinity: true }).filter((x) => x > 0),
    );
    const near = (l: number) =>
      fc.integer({ min: -3000, max: 3000 }).map((k) =>
        Math.min(1, Math.max(0, l * (1 + k * 1e-9)))
      );
    const arb = fc.array(level, { minLength: 1, maxLength: 3 }).chain((levels) =>
      fc.tuple(
        fc.constant(levels),
        fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), near(levels[0]!), near(0.05)),
      )
    );
    fc.assert(
      fc.property(arb, ([levels, p]) => {
        const text = pText(p, levels);
        const { value, below } = shown(text);
        for (const l of levels) {
          if (below) assert.ok(p < value && value <= l, `${text} for ${p}, level ${l}`);
          else assert.equal(Math.sign(value - l), Math.sign(p - l), `${text} for ${p}, level ${l}`);
        }
        if (!below) assert.equal(Math.sign(value - 1), Math.sign(p - 1), `${text} for ${p}`);
      }),
      { numRuns: 5000, seed: 20261130 },
    );
  },
});

Deno.test({
  name: "pText refuses what is not a p-value or a level",
  permissions: "none",
  fn: () => {
    for (const p of [Number.NaN, -0.1, 1.1, Infinity]) assert.throws(() => pText(p), RangeError);
    for (const l of [0, -0.05, 1.5, Number.NaN]) assert.throws(() => pText(0.2, [l]), RangeError);
  },
});

Deno.test({
  name: "count groups thousands as the en-US locale does, for every whole number",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        assert.equal(count(n), n.toLocaleString("en-US"));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, 999, 1000, 60_000, 999_999, 1_000_000]) {
      assert.equal(count(n), n.toLocaleString("en-US"));
    }
  },
});

Deno.test({
  name: "signedPoints: a sign, one decimal, and 0.0 unsigned (as the number read back says)",
  permissions: "none",
  fn: () => {
    assert.equal(signedPoints(0.041, 1), "+4.1");
    assert.equal(signedPoints(-0.02, 1), "-2.0");
    assert.equal(signedPoints(-0.0004, 1), "0.0");
    fc.assert(fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (v) => {
      // Read back, the text is the value rounded to a tenth of a point, with a sign unless 0.
      const text = signedPoints(v, 1);
      const back = Number(text);
      assert.ok(Math.abs(back - v * 100) <= 0.05 + 1e-9, `${v}: ${text}`);
      assert.equal(text.startsWith("+"), back > 0, text);
      assert.match(text, /^[+-]?\d+\.\d$/);
    }));
  },
});
