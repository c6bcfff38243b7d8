import assert from "node:assert/strict";
import fc from "fast-check";
import { mcnemarExactP } from "../../../src/report/stats/mcnemar.ts";
import { assertClose } from "../_close.ts";
import { ratio } from "../_exact.ts";

/** min(1, 2·Σ_{k≤min(b,c)} C(b+c, k) / 2^(b+c)), with exact integers: the independent reference. */
function exactP(b: number, c: number): number {
  const n = b + c;
  const m = Math.min(b, c);
  let term = 1n;
  let tail = 1n;
  for (let k = 1; k <= m; k++) {
    term = (term * BigInt(n - k + 1)) / BigInt(k);
    tail += term;
  }
  return Math.min(1, ratio(2n * tail, 1n << BigInt(n)));
}

Deno.test({
  name: "mcnemarExactP: published examples",
  permissions: "none",
  fn: async (t) => {
    // Fagerland, Lydersen & Laake (2014), Stat Med 33:2850-2875, the McNemar exact conditional
    // test: Bentur et al. (b = 1, c = 7) P = 0.070; Cavo et al. (b = 6, c = 16) P = 0.052.
    await t.step("Bentur et al.: 1 vs 7 → 2·9/256", () => {
      assertClose(mcnemarExactP(1, 7), 0.0703125, 1e-14);
      assertClose(mcnemarExactP(7, 1), 0.0703125, 1e-14);
    });
    await t.step("Cavo et al.: 6 vs 16 → 0.0525", () => {
      assertClose(mcnemarExactP(6, 16), 0.052478790283203125, 1e-14);
    });
  },
});

// From tests/report/reference_stats.py (exact fractions).
const COMPUTED: ReadonlyArray<[number, number, number]> = [
  [0, 0, 1], // no discordant pair
  [0, 1, 1],
  [3, 3, 1],
  [0, 5, 0.0625],
  [10, 20, 0.098737146705389023],
  [2900, 3100, 0.010191041523412897],
  [29950, 30050, 0.68609114087631732], // n = 60,000
];

Deno.test({
  name: "mcnemarExactP: exact values, edge cases, n = 60,000",
  permissions: "none",
  fn: async (t) => {
    for (const [b, c, p] of COMPUTED) {
      await t.step(`${b} vs ${c}`, () => {
        assertClose(mcnemarExactP(b, c), p, 1e-12);
        assertClose(mcnemarExactP(c, b), p, 1e-12);
      });
    }
    await t.step("|b − c| ≤ 1 is exactly 1, never 0.9999999999999998", () => {
      // Found in an audit: 1,848 of 3,000 such tables printed "p = 0.9999999999999998".
      for (const [b, c] of [[0, 1], [1, 2], [6, 7], [20, 21], [151, 150], [29999, 30000]]) {
        assert.equal(mcnemarExactP(b!, c!), 1, `${b} vs ${c}`);
        assert.equal(exactP(b!, c!), 1, `${b} vs ${c}: the exact sum`);
      }
    });
    await t.step("a p-value below the smallest double is 0, not NaN", () => {
      assert.equal(mcnemarExactP(0, 60000), 0); // exactly 3.17e-18062
      assert.equal(mcnemarExactP(100, 59900), 0);
    });
    await t.step("far tails at n = 60,000 agree with exact integers", () => {
      for (const [b, c] of [[29000, 31000], [29500, 30500], [29800, 30200]] as const) {
        assertClose(mcnemarExactP(b, c), exactP(b, c), 1e-11, `${b} vs ${c}`);
      }
    });
  },
});

Deno.test({
  name: "mcnemarExactP agrees with exact integer sums (property, n ≤ 3,000)",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 1500 }), (b, c) => {
        const expected = exactP(b, c);
        if (expected < 1e-290) return; // below double range: checked apart above
        assertClose(mcnemarExactP(b, c), expected, 1e-12, `${b} vs ${c}`);
      }),
      { numRuns: 300 },
    );
  },
});

Deno.test({
  name: "mcnemarExactP refuses counts that are not counts",
  permissions: "none",
  fn: () => {
    assert.throws(() => mcnemarExactP(-1, 2), RangeError);
    assert.throws(() => mcnemarExactP(1.5, 2), RangeError);
    assert.throws(() => mcnemarExactP(1, Number.NaN), RangeError);
  },
});
