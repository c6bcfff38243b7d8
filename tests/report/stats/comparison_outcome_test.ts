import assert from "node:assert/strict";
import { comparisonOutcome } from "../../../src/report/stats/comparison_outcome.ts";

Deno.test({
  name: "comparisonOutcome: better, worse, not worse within the margin, or inconclusive",
  permissions: "none",
  fn: async (t) => {
    const cases: ReadonlyArray<readonly [number, number, number, string]> = [
      [0.001, 0.04, 0, "better"],
      [0.001, 0.04, 0.02, "better"],
      [-0.04, -0.001, 0, "worse"],
      [-0.008, -0.001, 0.01, "worse"], // a real loss, smaller than the margin: still worse
      [-0.009, 0.02, 0.01, "not-worse"],
      [-0.01, 0.02, 0.01, "inconclusive"], // the lower end must be above −margin
      [-0.03, 0.02, 0.01, "inconclusive"],
      [0, 0.02, 0, "inconclusive"], // touching 0 is not above it
      [-0.02, 0, 0, "inconclusive"],
      [0, 0, 0, "inconclusive"], // no discordant item
      [0, 0, 0.01, "not-worse"],
    ];
    for (const [lower, upper, margin, outcome] of cases) {
      await t.step(`[${lower}, ${upper}], margin ${margin}: ${outcome}`, () => {
        assert.equal(comparisonOutcome({ lower, upper }, margin), outcome);
      });
    }
    await t.step("the margin defaults to 0", () => {
      assert.equal(comparisonOutcome({ lower: -0.001, upper: 0.03 }), "inconclusive");
    });
  },
});

Deno.test({
  name: "comparisonOutcome refuses a reversed interval or a bad margin",
  permissions: "none",
  fn: () => {
    assert.throws(() => comparisonOutcome({ lower: 0.1, upper: 0 }), RangeError);
    assert.throws(() => comparisonOutcome({ lower: Number.NaN, upper: 0 }), RangeError);
    assert.throws(() => comparisonOutcome({ lower: 0, upper: 0.1 }, -0.01), RangeError);
    assert.throws(() => comparisonOutcome({ lower: 0, upper: 0.1 }, Infinity), RangeError);
  },
});
