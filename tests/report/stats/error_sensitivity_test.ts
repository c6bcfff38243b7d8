import assert from "node:assert/strict";
import { points, pText } from "../../../src/report/numbers.ts";
import { comparisonOutcome } from "../../../src/report/stats/comparison_outcome.ts";
import { decisionInterval } from "../../../src/report/stats/decision_interval.ts";
import {
  type ErroredItems,
  errorSensitivity,
} from "../../../src/report/stats/error_sensitivity.ts";
import { mcnemarExactP } from "../../../src/report/stats/mcnemar.ts";
import type { PairedTable } from "../../../src/report/stats/paired_table.ts";

const NONE: ErroredItems = {
  firstErrorSecondRight: 0,
  firstErrorSecondWrong: 0,
  secondErrorFirstRight: 0,
  secondErrorFirstWrong: 0,
  bothError: 0,
};

Deno.test({
  name: "errorSensitivity: the issue's adapter that times out on 60 items the baseline gets right",
  permissions: "none",
  fn: async (t) => {
    // 2,000 items; on the 1,940 both answered, as many fixed as broken: "0.0 points, p = 1".
    // The example holds for any b = c up to 131 (mcnemarExactP(131, 191) < 0.001 ≤ (132, 192)).
    for (const b of [0, 40, 131]) {
      await t.step(`${b} fixed, ${b} broken`, () => {
        const observed: PairedTable = {
          bothRight: 1500,
          onlyFirst: b,
          onlySecond: b,
          bothWrong: 440 - 2 * b,
        };
        assert.equal(mcnemarExactP(b, b), 1);
        const s = errorSensitivity(observed, { ...NONE, firstErrorSecondRight: 60 });
        assert.equal(s.errors, 60);
        assert.deepEqual(s.against.table, { ...observed, onlySecond: b + 60 });
        assert.equal(points(s.against.difference, 1), "-3.0");
        assert.equal(pText(s.against.pValue), "p < 0.001");
        assert.equal(s.against.outcome, "worse");
        assert.deepEqual(s.favour.table, { ...observed, bothRight: 1560 });
        assert.equal(points(s.favour.difference, 1), "0.0");
        assert.equal(pText(s.favour.pValue), "p = 1");
        assert.equal(s.favour.outcome, "inconclusive");
        assert.equal(s.differs, true);
      });
    }
  },
});

Deno.test({
  name: "errorSensitivity: where each kind of errored item goes, both ways",
  permissions: "none",
  fn: () => {
    const table: PairedTable = { bothRight: 1000, onlyFirst: 30, onlySecond: 20, bothWrong: 200 };
    const errored: ErroredItems = {
      firstErrorSecondRight: 2,
      firstErrorSecondWrong: 3,
      secondErrorFirstRight: 5,
      secondErrorFirstWrong: 7,
      bothError: 11,
    };
    const s = errorSensitivity(table, errored);
    assert.equal(s.errors, 28);
    // Against: the first's errors wrong, the second's right.
    assert.deepEqual(s.against.table, {
      bothRight: 1000 + 5,
      onlyFirst: 30,
      onlySecond: 20 + 2 + 7 + 11,
      bothWrong: 200 + 3,
    });
    // In its favour: the first's errors right, the second's wrong.
    assert.deepEqual(s.favour.table, {
      bothRight: 1000 + 2,
      onlyFirst: 30 + 3 + 5 + 11,
      onlySecond: 20,
      bothWrong: 200 + 7,
    });
    for (const way of [s.against, s.favour]) {
      const { bothRight, onlyFirst: b, onlySecond: c, bothWrong } = way.table;
      assert.equal(bothRight + b + c + bothWrong, 1278);
      assert.equal(way.difference, (b - c) / 1278);
      assert.equal(way.pValue, mcnemarExactP(b, c));
      assert.deepEqual(way.interval, decisionInterval(way.table));
    }
  },
});

Deno.test({
  name: "errorSensitivity: no errors, the same both ways; swapping the models swaps the ways",
  permissions: "none",
  fn: () => {
    const table: PairedTable = { bothRight: 700, onlyFirst: 60, onlySecond: 25, bothWrong: 215 };
    const same = errorSensitivity(table, NONE);
    assert.equal(same.errors, 0);
    assert.deepEqual(same.against, same.favour);
    assert.equal(same.against.outcome, "better");
    assert.equal(same.differs, false);

    const errored: ErroredItems = { ...NONE, firstErrorSecondWrong: 9, secondErrorFirstRight: 4 };
    const one = errorSensitivity(table, errored);
    const two = errorSensitivity(
      { ...table, onlyFirst: table.onlySecond, onlySecond: table.onlyFirst },
      { ...NONE, secondErrorFirstWrong: 9, firstErrorSecondRight: 4 },
    );
    assert.equal(one.against.difference, -two.favour.difference);
    assert.equal(one.favour.difference, -two.against.difference);
    assert.equal(one.against.pValue, two.favour.pValue);
  },
});

Deno.test({
  name:
    "errorSensitivity: when both ways are better (or worse), every way of counting the errors is",
  permissions: "none",
  fn: () => {
    // Every assignment of every errored item, on small tables: the documented guarantee.
    const tables: PairedTable[] = [
      { bothRight: 40, onlyFirst: 14, onlySecond: 2, bothWrong: 10 },
      { bothRight: 40, onlyFirst: 1, onlySecond: 13, bothWrong: 10 },
      { bothRight: 20, onlyFirst: 9, onlySecond: 3, bothWrong: 5 },
    ];
    const erroredSets: ErroredItems[] = [
      {
        firstErrorSecondRight: 1,
        firstErrorSecondWrong: 2,
        secondErrorFirstRight: 1,
        secondErrorFirstWrong: 1,
        bothError: 1,
      },
      { ...NONE, firstErrorSecondRight: 3, bothError: 2 },
      { ...NONE, secondErrorFirstWrong: 2, firstErrorSecondWrong: 2 },
    ];
    let checked = 0;
    for (const table of tables) {
      for (const e of erroredSets) {
        const s = errorSensitivity(table, e);
        for (const outcome of ["better", "worse"] as const) {
          if (s.against.outcome !== outcome || s.favour.outcome !== outcome) continue;
          for (const t of assignments(table, e)) {
            assert.equal(
              comparisonOutcome(decisionInterval(t)),
              outcome,
              JSON.stringify(t),
            );
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 50, `only ${checked} assignments checked`);
  },
});

/** Every table the errored items could make, each item counted right or wrong for each model. */
function assignments(table: PairedTable, e: ErroredItems): PairedTable[] {
  const out: PairedTable[] = [];
  const add = (t: PairedTable, key: keyof PairedTable, k: number): PairedTable => ({
    ...t,
    [key]: t[key] + k,
  });
  const splits = (total: number, parts: number): number[][] => {
    if (parts === 1) return [[total]];
    const result: number[][] = [];
    for (let k = 0; k <= total; k++) {
      for (const rest of splits(total - k, parts - 1)) result.push([k, ...rest]);
    }
    return result;
  };
  for (const [r1, w1] of splits(e.firstErrorSecondRight, 2)) {
    for (const [r2, w2] of splits(e.firstErrorSecondWrong, 2)) {
      for (const [r3, w3] of splits(e.secondErrorFirstRight, 2)) {
        for (const [r4, w4] of splits(e.secondErrorFirstWrong, 2)) {
          for (const [rr, rw, wr, ww] of splits(e.bothError, 4)) {
            let t = table;
            t = add(add(t, "bothRight", r1!), "onlySecond", w1!); // the second right
            t = add(add(t, "onlyFirst", r2!), "bothWrong", w2!); // the second wrong
            t = add(add(t, "bothRight", r3!), "onlyFirst", w3!); // the first right
            t = add(add(t, "onlySecond", r4!), "bothWrong", w4!); // the first wrong
            t = add(
              add(add(add(t, "bothRight", rr!), "onlyFirst", rw!), "onlySecond", wr!),
              "bothWrong",
              ww!,
            );
            out.push(t);
          }
        }
      }
    }
  }
  return out;
}

Deno.test({
  name: "errorSensitivity: a margin makes room for not-worse; a level is passed through",
  permissions: "none",
  fn: () => {
    const table: PairedTable = { bothRight: 1800, onlyFirst: 40, onlySecond: 42, bothWrong: 118 };
    const few: ErroredItems = { ...NONE, firstErrorSecondRight: 2 };
    const s = errorSensitivity(table, few, { margin: 0.02 });
    assert.equal(s.against.outcome, "not-worse");
    assert.equal(s.favour.outcome, "not-worse");
    assert.equal(s.differs, false);
    const strict = errorSensitivity(table, few, { margin: 0.02, alpha: 0.01 });
    assert.deepEqual(
      strict.against.interval,
      decisionInterval(strict.against.table, { alpha: 0.01 }),
    );
  },
});

Deno.test({
  name: "errorSensitivity refuses counts that are not counts",
  permissions: "none",
  fn: () => {
    const table: PairedTable = { bothRight: 10, onlyFirst: 1, onlySecond: 1, bothWrong: 1 };
    assert.throws(() => errorSensitivity(table, { ...NONE, bothError: -1 }), /bothError/);
    assert.throws(
      () => errorSensitivity(table, { ...NONE, firstErrorSecondRight: 0.5 }),
      RangeError,
    );
    assert.throws(
      () => errorSensitivity({ bothRight: 0, onlyFirst: 0, onlySecond: 0, bothWrong: 0 }, NONE),
      /empty/,
    );
    assert.throws(() => errorSensitivity(table, NONE, { margin: -1 }), RangeError);
    assert.throws(() => errorSensitivity(table, NONE, { alpha: 2 }), RangeError);
  },
});
