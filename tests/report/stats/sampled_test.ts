import assert from "node:assert/strict";
import { passK } from "../../../src/report/stats/pass_k.ts";
import { sampledAccuracy } from "../../../src/report/stats/sampled_accuracy.ts";
import { sampledDifference } from "../../../src/report/stats/sampled_difference.ts";
import { comparisonOutcome } from "../../../src/report/stats/comparison_outcome.ts";

const none = { permissions: "none" } as const;

Deno.test("sampledAccuracy: the edges", none, async (t) => {
  await t.step("one item: nothing is known of the spread, the interval is [0, 1]", () => {
    const a = sampledAccuracy([{ asked: 4, right: 3 }]);
    assert.deepEqual([a.accuracy, a.lower, a.upper, a.betweenVariance], [0.75, 0, 1, null]);
    assert.equal(a.withinVariance, (0.75 * 0.25 * 4) / 3);
  });
  await t.step("every item right every time: no width, no variance", () => {
    const a = sampledAccuracy(Array.from({ length: 5 }, () => ({ asked: 8, right: 8 })));
    assert.deepEqual([a.accuracy, a.lower, a.upper], [1, 1, 1]);
    assert.deepEqual([a.withinVariance, a.betweenVariance], [0, 0]);
  });
  await t.step("items answered once have no within variance", () => {
    const a = sampledAccuracy([{ asked: 1, right: 1 }, { asked: 1, right: 0 }]);
    assert.equal(a.withinVariance, null);
    assert.equal(a.betweenVariance, null);
  });
  await t.step("bad counts are refused", () => {
    for (const bad of [{ asked: 0, right: 0 }, { asked: 2, right: 3 }, { asked: 2.5, right: 1 }]) {
      assert.throws(() => sampledAccuracy([bad]), RangeError);
    }
  });
});

Deno.test(
  "passK: pass@1 and pass^1 are the accuracy; pass@k grows and pass^k falls with k",
  none,
  () => {
    const items = [
      { asked: 8, right: 0 },
      { asked: 8, right: 1 },
      { asked: 8, right: 4 },
      { asked: 8, right: 8 },
      { asked: 5, right: 2 },
    ];
    const rows = passK(items, 8);
    assert.equal(rows.length, 8);
    const accuracy = sampledAccuracy(items).accuracy;
    assert.ok(Math.abs(rows[0]!.passAt - accuracy) < 1e-15);
    assert.ok(Math.abs(rows[0]!.passAll - accuracy) < 1e-15);
    // While every item counts (k up to 5, the fewest answers of an item).
    for (let k = 1; k < 5; k++) {
      assert.ok(rows[k]!.passAt >= rows[k - 1]!.passAt);
      assert.ok(rows[k]!.passAll <= rows[k - 1]!.passAll);
    }
    // k = 6: the item answered 5 times is left out; the item with 1 right of 8 gives 6/8.
    assert.equal(rows[5]!.items, 4);
    assert.equal(rows[5]!.passAt, (0 + 6 / 8 + 1 + 1) / 4);
    assert.throws(() => passK(items, 0), RangeError);
    assert.throws(() => passK(items, 65), RangeError);
  },
);

Deno.test(
  "sampledDifference: the interval excludes 0 exactly when p is below the level",
  none,
  () => {
    const pairs = [0.5, 0.25, 0.75, 0.5, 0.25, 0.5, 0, 0.25].map((d, i) => ({
      first: 0.25 + d * (i % 2 === 0 ? 1 : 0.5),
      second: 0.25,
    }));
    for (const level of [0.05, 0.01, 0.001, 0.0001]) {
      const d = sampledDifference(pairs, { level });
      assert.equal(d.lower > 0, d.pValue < level, `level ${level}`);
    }
    // Two items alike: 4 sign patterns exclude nothing at 0.05 (not a zero-width interval at 0).
    const same = sampledDifference([{ first: 0.5, second: 0.5 }, { first: 1, second: 1 }]);
    assert.deepEqual([same.difference, same.lower, same.upper, same.pValue], [0, -1, 1, 1]);
    const one = sampledDifference([{ first: 1, second: 0 }]);
    assert.deepEqual([one.lower, one.upper, one.pValue], [-1, 1, 1]);
    assert.throws(() => sampledDifference([{ first: 1.5, second: 0 }]), RangeError);
  },
);

Deno.test(
  "sampledDifference: no spread is no evidence (the exact sign-flip test)",
  none,
  async (t) => {
    const alike = (n: number, first: number, second: number) =>
      sampledDifference(Array.from({ length: n }, () => ({ first, second })));
    await t.step("two or three items with one difference: p 2^(1-n), nothing excluded", () => {
      for (const n of [2, 3, 4]) {
        const d = alike(n, 0.5, 0.25);
        assert.deepEqual([d.method, d.pValue, d.lower, d.upper], [
          "sign-flip",
          2 ** (1 - n),
          -1,
          1,
        ]);
        assert.equal(comparisonOutcome(d, 0), "inconclusive", `n ${n}`);
        const zero = alike(n, 0.5, 0.5);
        assert.deepEqual([zero.pValue, zero.lower, zero.upper], [1, -1, 1]);
        assert.equal(comparisonOutcome(zero, 0.02), "inconclusive", `n ${n}`);
      }
    });
    await t.step("enough items with one difference: [c, c] and p 2^(1-n)", () => {
      const d = alike(6, 0.5, 0.25);
      assert.deepEqual([d.pValue, d.lower, d.upper], [2 ** -5, 0.25, 0.25]);
      for (const n of [17, 40]) {
        const far = alike(n, 0.75, 0.5);
        assert.deepEqual([far.method, far.pValue, far.lower, far.upper], [
          "sign-flip",
          2 ** (1 - n),
          0.25,
          0.25,
        ]);
        const zero = alike(n, 0.4, 0.4);
        assert.deepEqual([zero.pValue, zero.lower, zero.upper], [1, 0, 0]);
      }
    });
    await t.step("a hand count: differences 1/2, 1/4, -1/4 and 1/2", () => {
      // Subsets with a sum <= 0: {-1/4} only, so P-up = 2/16; the p-value 0.25. Sorted subset
      // means start -1/4, 0 (= {1/4, -1/4}), ...; at level 0.25, k = 2: [0, ...].
      const d = sampledDifference(
        [0.5, 0.25, -0.25, 0.5].map((x) => ({ first: 0.5 + x / 2, second: 0.5 - x / 2 })),
        { level: 0.25 },
      );
      assert.equal(d.pValue, 0.375);
      assert.equal(d.lower, 0);
      assert.equal(d.upper, 0.5);
    });
    await t.step("17 items and more keep the paired t test", () => {
      const d = sampledDifference(
        Array.from({ length: 17 }, (_, i) => ({ first: (i % 4) / 4, second: 0.25 })),
      );
      assert.equal(d.method, "paired-t");
    });
  },
);
