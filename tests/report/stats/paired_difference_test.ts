import assert from "node:assert/strict";
import { pairedDifferenceInterval } from "../../../src/report/stats/paired_difference.ts";
import { assertClose } from "../_close.ts";

type Row = readonly [
  a: number,
  b: number,
  c: number,
  d: number,
  diff: number,
  lo: number,
  hi: number,
];

Deno.test({
  name: "pairedDifferenceInterval matches the published Cavo et al. example",
  permissions: "none",
  fn: () => {
    // Fagerland MW, Lydersen S, Laake P (2014). Recommended tests and confidence intervals for
    // paired binomial proportions. Stat Med 33:2850-2875: complete response before and after
    // consolidation therapy (Cavo et al. 2012), table [[59, 6], [16, 80]]; Newcombe
    // square-and-add interval: estimate -0.0621, 95% CI -0.1186 to -0.0046.
    const d = pairedDifferenceInterval({
      bothRight: 59,
      onlyFirst: 6,
      onlySecond: 16,
      bothWrong: 80,
    });
    assert.equal(d.difference.toFixed(4), "-0.0621");
    assert.equal(d.lower.toFixed(4), "-0.1186");
    assert.equal(d.upper.toFixed(4), "-0.0046");
  },
});

// From tests/report/reference_stats.py (mpmath at 50 digits, the same formulas).
const COMPUTED: readonly Row[] = [
  [59, 6, 16, 80, -0.062111801242236025, -0.11862119563870993, -0.0046251139330500548],
  // Bentur et al. 2009 (Fagerland et al. 2014): [[1, 1], [7, 12]]
  [1, 1, 7, 12, -0.28571428571428571, -0.50692022668614096, -0.025559124164859795],
  // Altman et al. 2000, Statistics with Confidence, Table 6.2: [[14, 5], [0, 22]]
  [14, 5, 0, 22, 0.12195121951219512, 0.011483241383033258, 0.22649268435121123],
  // No discordant pairs: the interval is not a point.
  [10, 0, 0, 5, 0, -0.13494788338168992, 0.13494788338168992],
  // All right, all wrong (zero margins: φ is 0).
  [5, 0, 0, 0, 0, -0.43448246478317482, 0.43448246478317482],
  [0, 0, 0, 5, 0, -0.43448246478317482, 0.43448246478317482],
  // One item, each way.
  [1, 0, 0, 0, 0, -0.79345068562276261, 0.79345068562276261],
  [0, 1, 0, 0, 1, -0.12210872068194182, 1],
  [0, 0, 1, 0, -1, -1, 0.12210872068194182],
  // 60,000 items, positively correlated verdicts.
  [40000, 3000, 2500, 14500, 0.0083333333333333333, 0.0059115092239131709, 0.010755425446490758],
];

Deno.test({
  name: "pairedDifferenceInterval matches independently computed values, edge cases included",
  permissions: "none",
  fn: async (t) => {
    for (const [a, b, c, d, diff, lo, hi] of COMPUTED) {
      await t.step(`[[${a}, ${b}], [${c}, ${d}]]`, () => {
        const got = pairedDifferenceInterval({
          bothRight: a,
          onlyFirst: b,
          onlySecond: c,
          bothWrong: d,
        });
        assertClose(got.difference, diff, 1e-14, "difference");
        assertClose(got.lower, lo, 1e-10, "lower");
        assertClose(got.upper, hi, 1e-10, "upper");
      });
    }
  },
});

Deno.test({
  name: "pairedDifferenceInterval: swapping the models mirrors the interval",
  permissions: "none",
  fn: () => {
    for (const [a, b, c, d] of [[3, 9, 2, 40], [100, 7, 30, 2], [0, 4, 4, 0]] as const) {
      const one = pairedDifferenceInterval({
        bothRight: a,
        onlyFirst: b,
        onlySecond: c,
        bothWrong: d,
      });
      const two = pairedDifferenceInterval({
        bothRight: a,
        onlyFirst: c,
        onlySecond: b,
        bothWrong: d,
      });
      assertClose(one.difference, -two.difference, 1e-15);
      assertClose(one.lower, -two.upper, 1e-12);
      assertClose(one.upper, -two.lower, 1e-12);
      assert.ok(one.lower <= one.difference && one.difference <= one.upper);
    }
  },
});

Deno.test({
  name: "pairedDifferenceInterval refuses an empty or malformed table",
  permissions: "none",
  fn: () => {
    assert.throws(
      () => pairedDifferenceInterval({ bothRight: 0, onlyFirst: 0, onlySecond: 0, bothWrong: 0 }),
      RangeError,
    );
    assert.throws(
      () => pairedDifferenceInterval({ bothRight: -1, onlyFirst: 2, onlySecond: 0, bothWrong: 0 }),
      RangeError,
    );
    assert.throws(
      () => pairedDifferenceInterval({ bothRight: 1.5, onlyFirst: 2, onlySecond: 0, bothWrong: 0 }),
      RangeError,
    );
  },
});
