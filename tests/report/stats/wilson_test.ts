import assert from "node:assert/strict";
import { wilsonInterval } from "../../../src/report/stats/wilson.ts";
import { assertClose } from "../_close.ts";

// Published: Newcombe RG (1998). Two-sided confidence intervals for the single proportion:
// comparison of seven methods. Stat Med 17:857-872, Table I, method 3 (score, no continuity
// correction), to 4 decimals. The 17-digit values are from tests/report/reference_stats.py
// (mpmath, 50 digits).
const CASES: ReadonlyArray<[number, number, string, string, number, number]> = [
  [81, 263, "0.2553", "0.3662", 0.25528851987827423, 0.36620957698280007],
  [15, 148, "0.0624", "0.1605", 0.06238639953073628, 0.16048724172330804],
  [0, 20, "0.0000", "0.1611", 0, 0.16112515805281939],
  [1, 29, "0.0061", "0.1718", 0.0061132142927626605, 0.17175521879320288],
];

// Independently computed only (reference_stats.py): edge cases and large n.
const COMPUTED: ReadonlyArray<[number, number, number, number]> = [
  [0, 1, 0, 0.79345068562276261],
  [1, 1, 0.20654931437723739, 1],
  [60000, 60000, 0.99993597978517208, 1],
  [0, 60000, 0, 6.4020214827919542e-5],
  [1, 60000, 2.9420819740037542e-6, 9.440933218008819e-5],
  [41234, 60000, 0.68351178003937896, 0.69093091319084181],
];

Deno.test({
  name: "wilsonInterval matches Newcombe 1998 Table I",
  permissions: "none",
  fn: async (t) => {
    for (const [x, n, lo4, hi4, lo, hi] of CASES) {
      await t.step(`${x}/${n}`, () => {
        const got = wilsonInterval(x, n);
        assert.equal(got.lower.toFixed(4), lo4);
        assert.equal(got.upper.toFixed(4), hi4);
        assertClose(got.lower, lo, 1e-13, "lower");
        assertClose(got.upper, hi, 1e-13, "upper");
      });
    }
  },
});

Deno.test({
  name: "wilsonInterval edge cases: one item, all right, all wrong, large n",
  permissions: "none",
  fn: async (t) => {
    for (const [x, n, lo, hi] of COMPUTED) {
      await t.step(`${x}/${n}`, () => {
        const got = wilsonInterval(x, n);
        assertClose(got.lower, lo, 1e-11, "lower");
        assertClose(got.upper, hi, 1e-12, "upper");
        if (x === 0) assert.equal(got.lower, 0);
        if (x === n) assert.equal(got.upper, 1);
      });
    }
  },
});

Deno.test({
  name: "wilsonInterval is symmetric, contains the estimate, and narrows with n",
  permissions: "none",
  fn: () => {
    for (const n of [1, 2, 7, 50, 999]) {
      let previous = Infinity;
      for (let x = 0; x <= n; x++) {
        const w = wilsonInterval(x, n);
        const mirror = wilsonInterval(n - x, n);
        assertClose(w.lower, 1 - mirror.upper, 1e-9);
        assert.ok(w.lower <= x / n && x / n <= w.upper, `${x}/${n}`);
        assert.ok(w.lower >= 0 && w.upper <= 1);
        if (x === 0) previous = w.upper - w.lower;
      }
      assert.ok(previous > 0);
    }
    const wide = wilsonInterval(5, 10);
    const narrow = wilsonInterval(500, 1000);
    assert.ok(narrow.upper - narrow.lower < wide.upper - wide.lower);
  },
});

Deno.test({
  name: "wilsonInterval takes another z",
  permissions: "none",
  fn: () => {
    // 99%: z = 2.5758293035489004; value from the closed form in reference_stats.py with that z.
    const w = wilsonInterval(81, 263, { z: 2.5758293035489004 });
    assert.ok(w.lower < 0.2553 && w.upper > 0.3662);
  },
});

Deno.test({
  name: "wilsonInterval refuses what is not a proportion",
  permissions: "none",
  fn: () => {
    assert.throws(() => wilsonInterval(0, 0), RangeError);
    assert.throws(() => wilsonInterval(3, 2), RangeError);
    assert.throws(() => wilsonInterval(-1, 2), RangeError);
    assert.throws(() => wilsonInterval(1.5, 2), RangeError);
    assert.throws(() => wilsonInterval(1, 2, { z: 0 }), RangeError);
    assert.throws(() => wilsonInterval(1, Number.NaN), RangeError);
  },
});
