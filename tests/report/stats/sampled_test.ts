import assert from "node:assert/strict";
import { passK } from "../../../src/report/stats/pass_k.ts";
import { sampledAccuracy } from "../../../src/report/stats/sampled_accuracy.ts";
import { sampledDifference } from "../../../src/report/stats/sampled_difference.ts";
import { comparisonOutcome } from "../../../src/report/stats/comparison_outcome.ts";
import { bettingPValue } from "../../../src/report/stats/_betting.ts";

const none = { permissions: "none" } as const;

Deno.test("sampledAccuracy: the edges", none, async (t) => {
  await t.step("one item: an interval about it that says almost nothing", () => {
    const a = sampledAccuracy([{ asked: 4, right: 3 }]);
    assert.deepEqual([a.accuracy, a.betweenVariance], [0.75, null]);
    assert.ok(a.lower < 0.1 && a.upper > 0.95, `[${a.lower}, ${a.upper}]`);
    assert.equal(a.withinVariance, (0.75 * 0.25 * 4) / 3);
  });
  await t.step("every item right every time: no variance, but the interval has width", () => {
    // The t interval was [1, 1] here (issue 35): 20 items all right cannot rule out a few
    // items the model gets wrong.
    for (const n of [5, 20, 200]) {
      const a = sampledAccuracy(Array.from({ length: n }, () => ({ asked: 8, right: 8 })));
      assert.deepEqual([a.accuracy, a.upper, a.withinVariance, a.betweenVariance], [1, 1, 0, 0]);
      assert.ok(a.lower < 1 - 1 / n, `n ${n}: lower ${a.lower}`);
    }
  });
  await t.step("no item: [0, 1]", () => {
    const a = sampledAccuracy([]);
    assert.deepEqual([a.items, a.lower, a.upper], [0, 0, 1]);
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
  "passK: no pass@k or pass^k interval has no width, whatever the items (issue 35)",
  none,
  () => {
    // The t intervals were [1, 1] or [0, 0] when every item was alike (issue 35).
    for (const n of [1, 5, 20, 2000]) {
      for (const samples of [2, 64]) {
        for (const right of [0, 1, samples - 1, samples]) {
          const items = Array.from({ length: n }, () => ({ asked: samples, right }));
          const accuracy = sampledAccuracy(items);
          assert.ok(accuracy.upper > accuracy.lower, `accuracy, n ${n} K ${samples} ${right}`);
          for (const row of passK(items, samples)) {
            const what = `k ${row.k}, n ${n}, K ${samples}, ${right} right`;
            assert.ok(row.passAtInterval.upper > row.passAtInterval.lower, `pass@${what}`);
            assert.ok(row.passAllInterval.upper > row.passAllInterval.lower, `pass^${what}`);
            assert.ok(
              row.passAtInterval.lower <= row.passAt && row.passAt <= row.passAtInterval.upper,
            );
            assert.ok(
              row.passAllInterval.lower <= row.passAll && row.passAll <= row.passAllInterval.upper,
            );
          }
        }
      }
    }
  },
);

Deno.test(
  "sampledDifference: the interval excludes 0 exactly when p is below the level",
  none,
  () => {
    const pairs = Array.from({ length: 60 }, (_, i) => ({
      first: 0.25 + [0.5, 0.25, 0.75, 0.5, 0.25, 0.5, 0, 0.25][i % 8]! * (i % 2 === 0 ? 1 : 0.5),
      second: 0.25,
    }));
    let excluded = 0;
    for (const level of [0.5, 0.05, 0.01, 0.001, 0.0001, 1e-8, 1e-12]) {
      const d = sampledDifference(pairs, { level });
      assert.equal(d.lower > 0, d.pValue < level, `level ${level}`);
      assert.ok(d.lower <= d.difference && d.difference <= d.upper);
      if (d.lower > 0) excluded++;
    }
    assert.ok(excluded >= 2 && excluded < 7, `${excluded} levels exclude 0`);
    // Nested: a smaller level gives a wider interval.
    const [wide, narrow] = [1e-4, 0.05].map((level) => sampledDifference(pairs, { level }));
    assert.ok(wide!.lower < narrow!.lower && wide!.upper > narrow!.upper);
    const one = sampledDifference([{ first: 1, second: 0 }]);
    assert.ok(one.lower < 0 && one.upper === 1 && one.pValue >= 0.05);
    assert.deepEqual(sampledDifference([]).lower, -1);
    assert.throws(() => sampledDifference([{ first: 1.5, second: 0 }]), RangeError);
  },
);

Deno.test(
  "sampledDifference: no spread is no evidence of no difference (issue 35)",
  none,
  async (t) => {
    const alike = (n: number, first: number, second: number) =>
      sampledDifference(Array.from({ length: n }, () => ({ first, second })));
    await t.step(
      "every difference 0: an interval about 0 with width, never not-worse at 1 point",
      () => {
        // The t test and the sign-flip test gave [0, 0] here, `not-worse` at any margin.
        for (const n of [2, 5, 17, 20, 40, 100]) {
          const zero = alike(n, 1, 1);
          assert.equal(zero.method, "betting");
          assert.ok(
            zero.lower < -0.01 && zero.upper > 0.01,
            `n ${n}: [${zero.lower}, ${zero.upper}]`,
          );
          assert.ok(Math.abs(zero.lower + zero.upper) < 1e-9, `n ${n}: symmetric`);
          assert.equal(zero.pValue, 1);
          assert.equal(comparisonOutcome(zero, 0.01), "inconclusive", `n ${n}`);
        }
        // With enough items alike, a margin of 5 points is reached.
        assert.equal(comparisonOutcome(alike(200, 0.5, 0.5), 0.05), "not-worse");
      },
    );
    await t.step("one difference on every item: better only with enough items", () => {
      assert.equal(comparisonOutcome(alike(4, 0.75, 0.5), 0), "inconclusive");
      const far = alike(40, 0.75, 0.5);
      assert.ok(far.lower > 0 && far.lower < 0.25 && far.pValue < 0.05, `${far.lower}`);
    });
  },
);

Deno.test(
  "bettingPValue: sampledDifference's p-value, without the interval, to the last bit",
  none,
  () => {
    let seed = 35;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let rejected = 0;
    for (let r = 0; r < 300; r++) {
      const n = 1 + Math.floor(next() * 80);
      const k = [2, 4, 16][r % 3]!;
      const share = () => Math.floor(next() * (k + 1)) / k;
      // Sparse (most items alike) in one family of two, a shift in one of three.
      const pairs = Array.from({ length: n }, () => {
        const second = share();
        const first = r % 2 === 0 && next() < 0.8 ? second : Math.min(1, share() + (r % 3) / 8);
        return { first, second };
      });
      const d = sampledDifference(pairs);
      const p = bettingPValue(pairs.map((x) => x.first - x.second), [-1, 1], 0);
      assert.ok(Object.is(p, d.pValue), `family ${r}: ${p} against ${d.pValue}`);
      if (p < 0.05) rejected++;
    }
    assert.ok(rejected > 10 && rejected < 290, `${rejected} of 300 below 0.05`);
    assert.equal(bettingPValue([], [-1, 1], 0), 1);
    assert.equal(bettingPValue([0.5, 0.5], [-1, 1], 1), 1); // at the end of the range
  },
);
