// The decision keeps the error rates it states (issue 21), simulated: seeded families of paired
// tables drawn from known populations, each cell's coverage, wrong `not-worse` and wrong `better`
// held to the nominal level within 3 Monte-Carlo standard errors. The full grid runs in
// `deno task sim` (tests/report/decision_sim.ts); this one is small enough for the test suite and
// holds the cells where the interval used before issue 21 failed, which it is shown to fail here.

import assert from "node:assert/strict";
import type { PairedTable } from "../../src/report/stats/paired_table.ts";
import { coherentIntervals } from "../../src/report/stats/decision_interval.ts";
import { meldedInterval } from "../../src/report/stats/_melded_interval.ts";
import {
  BinomialDraws,
  cachedHolmDecisions,
  cachedReportIntervals,
  type Cell,
  cellName,
  checks,
  drawTable,
  oldConditionalInterval,
  powerAtFigure,
  simulateCell,
  simulateNullCell,
  tangoInterval,
} from "./_simulate.ts";

const REPS = 2000;

/** A cell: n, δ and d in points, m adapters, margin in points. */
function cell(n: number, delta: number, d: number, adapters: number, margin = 0): Cell {
  return {
    n,
    discordance: delta / 100,
    difference: d / 100,
    adapters,
    margin: margin / 100,
  };
}

// The cells where the conditional interval failed (issue 21), one adapter each.
const DEFECTS: readonly { readonly cell: Cell; readonly old: string }[] = [
  // With b + c = 0 it was [0, 0]: `not-worse` claimed 77.9% of the time at d = −margin.
  { cell: cell(50, 0.5, -0.5, 1, 0.5), old: "wrong not-worse" },
  { cell: cell(300, 1, -1, 1, 1), old: "wrong not-worse" }, // 41.8%
  // It treated b + c as known: coverage 0.83 and 0.23 at d = 0.75 and 1 times δ.
  { cell: cell(2000, 10, 7.5, 1), old: "coverage" },
  { cell: cell(2000, 10, 10, 1), old: "coverage" },
];

const GRID: readonly Cell[] = [
  ...DEFECTS.map((d) => d.cell),
  cell(2000, 10, 5, 1),
  cell(2000, 10, 9, 1),
  // `not-worse` at d = −margin: margins 0.5 to 5 points, discordance from the margin up to 30%.
  cell(20, 5, -5, 1, 5),
  cell(50, 30, -5, 1, 5),
  cell(100, 2, -2, 1, 2),
  cell(100, 0.5, -0.5, 3, 0.5),
  cell(300, 5, -1, 1, 1),
  cell(1000, 2, -2, 1, 2),
  cell(1000, 10, -0.5, 2, 0.5),
  cell(2000, 1, -0.5, 1, 0.5),
  cell(5000, 0.5, -0.5, 1, 0.5),
  cell(5000, 20, -5, 1, 5),
  cell(300, 1, -1, 5, 1),
  cell(2000, 5, -2, 3, 2),
  // `better` at d = 0, with 1 to 5 adapters.
  cell(20, 30, 0, 1),
  cell(50, 2, 0, 2),
  cell(100, 10, 0, 1),
  cell(300, 5, 0, 3),
  cell(1000, 1, 0, 1),
  cell(1000, 30, 0, 4),
  cell(2000, 10, 0, 5),
  cell(5000, 0.5, 0, 2),
  cell(5000, 2, 0, 1),
  // Coverage across the difference's range, −δ to +δ, and the family's size.
  cell(20, 0.5, 0.5, 1),
  cell(20, 30, -30, 1),
  cell(20, 10, 2.5, 3),
  cell(50, 5, -3.75, 1),
  cell(100, 30, 22.5, 2),
  cell(100, 1, -0.25, 5),
  cell(300, 20, -10, 1),
  cell(300, 2, 1.5, 2),
  cell(1000, 5, 5, 1),
  cell(1000, 20, -15, 3),
  cell(2000, 0.5, -0.375, 1),
  cell(2000, 30, 7.5, 2),
  cell(5000, 1, 0.75, 1),
  cell(5000, 10, -10, 1),
  cell(5000, 5, 2.5, 5),
];

/** The seed of a cell of GRID: its place, so that a failure reproduces alone. */
const seedOf = (index: number) => 21_000 + index;

Deno.test({
  name: "binomial draws: mean, variance and P(X = 0) of Binomial(n, p)",
  permissions: "none",
  fn: async (t) => {
    for (const [n, p] of [[7, 0.5], [50, 0.005], [2000, 0.1], [5000, 0.3], [40, 0.97]] as const) {
      await t.step(`Binomial(${n}, ${p})`, () => {
        const draws = new BinomialDraws(n);
        const k = 20_000;
        let sum = 0;
        let squares = 0;
        let zeros = 0;
        for (let i = 0; i < k; i++) {
          const x = draws.binomial(n, p);
          assert.ok(Number.isInteger(x) && x >= 0 && x <= n, `a draw of ${x}`);
          sum += x;
          squares += x * x;
          if (x === 0) zeros++;
        }
        const variance = n * p * (1 - p);
        const mean = sum / k;
        const sampleVariance = squares / k - mean * mean;
        assert.ok(
          Math.abs(mean - n * p) < 4 * Math.sqrt(variance / k),
          `mean ${mean}, expected ${n * p}`,
        );
        // The variance of the sample variance is about 2σ⁴/k for a near-normal law.
        assert.ok(
          Math.abs(sampleVariance - variance) < 5 * variance * Math.sqrt(2 / k) + 0.01,
          `variance ${sampleVariance}, expected ${variance}`,
        );
        const zero = (1 - p) ** n;
        assert.ok(
          Math.abs(zeros / k - zero) < 4 * Math.sqrt((zero * (1 - zero)) / k) + 1e-4,
          `P(X = 0) ${zeros / k}, expected ${zero}`,
        );
      });
    }
  },
});

Deno.test({
  name: "Tango's score interval, which the simulation measures beside the report's (deno task sim)",
  permissions: "none",
  fn: () => {
    // Issue 21: 1,500/150/20/330 gives Tango's [5.3, 7.8] points; Fagerland, Lydersen & Laake
    // (2013, BMC Medical Research Methodology 13:91): 1/1/7/12 gives [−0.517, −0.026].
    const points = (t: PairedTable) => {
      const { lower, upper } = tangoInterval(t);
      return [(lower * 100).toFixed(1), (upper * 100).toFixed(1)];
    };
    assert.deepEqual(
      points({ bothRight: 1500, onlyFirst: 150, onlySecond: 20, bothWrong: 330 }),
      ["5.3", "7.8"],
    );
    assert.deepEqual(
      points({ bothRight: 1, onlyFirst: 1, onlySecond: 7, bothWrong: 12 }),
      ["-51.7", "-2.6"],
    );
  },
});

Deno.test({
  name: `the decision keeps its error rates over ${GRID.length} cells, ${REPS} families each`,
  permissions: "none",
  fn: async (t) => {
    for (const [index, c] of GRID.entries()) {
      await t.step(cellName(c), () => {
        const rates = simulateCell(c, { reps: REPS, seed: seedOf(index) });
        for (const check of checks(rates)) {
          const side = check.property === "coverage" ? "≥" : "≤";
          assert.ok(
            check.holds,
            `${cellName(c)}: ${check.property} ${check.rate.toFixed(4)}, not ${side} ` +
              `${check.bound.toFixed(4)} (nominal ${check.nominal}, ${REPS} families, ` +
              `seed ${seedOf(index)})`,
          );
        }
      });
    }
  },
});

Deno.test({
  name: "the simulation fails the conditional interval used before issue 21 in the same cells",
  permissions: "none",
  fn: async (t) => {
    for (const { cell: c, old } of DEFECTS) {
      await t.step(`${cellName(c)}: ${old}`, () => {
        const index = GRID.indexOf(c);
        const rates = simulateCell(c, {
          reps: REPS,
          seed: seedOf(index),
          intervals: oldConditionalInterval(0.05),
        });
        const check = checks(rates).find((k) => k.property === old)!;
        assert.ok(!check.holds, `${old} ${check.rate} within ${check.bound}`);
        // Far off, not at the edge: the issue measured 77.9%, 41.8%, 0.83 and 0.23.
        const far = old === "coverage" ? check.rate < 0.88 : check.rate > 0.3;
        assert.ok(far, `${old} ${check.rate.toFixed(4)}`);
      });
    }
  },
});

Deno.test({
  name: "the simulation's cached intervals are coherentIntervals' on 400 random families",
  permissions: "none",
  fn: () => {
    // deno task sim computes each table's melded interval once (cachedReportIntervals): it must
    // give the report's figures exactly, Holm's steps included, repeated tables included.
    const draws = new BinomialDraws(35);
    const cached = cachedReportIntervals(0.05);
    const sizes = [20, 50, 300, 2000];
    const shares = [0.005, 0.05, 0.3];
    for (let r = 0; r < 400; r++) {
      const m = 1 + (r % 5);
      const n = sizes[r % sizes.length]!;
      const delta = shares[Math.floor(r / 4) % shares.length]!;
      const tables: PairedTable[] = [];
      for (let i = 0; i < m; i++) {
        tables.push(drawTable(draws, n, delta, ((r % 3) - 1) * delta * 0.5 * (i === 0 ? 1 : 0)));
      }
      const fast = cached(tables);
      const slow = coherentIntervals(tables);
      tables.forEach((t, i) => {
        const where = `family ${r}, table ${i} (${t.onlyFirst}, ${t.onlySecond} of ${n})`;
        assert.equal(fast[i]!.lower, slow[i]!.lower, where);
        assert.equal(fast[i]!.upper, slow[i]!.upper, where);
        assert.equal(fast[i]!.testLevel, slow[i]!.testLevel, where);
        assert.equal(fast[i]!.rejected, slow[i]!.rejected, where);
        // The interval excludes 0 exactly when Holm rejects (simulateNullCell reads only that).
        assert.equal(slow[i]!.lower > 0 || slow[i]!.upper < 0, slow[i]!.rejected, where);
      });
    }
  },
});

Deno.test({
  name: "the detectable difference printed with 1 and 3 adapters is found with power 0.75-0.85",
  permissions: "none",
  fn: async (t) => {
    // The figure beside a verdict is the exact test's power 0.8 at the comparison's Holm test
    // level and observed discordance; deno task sim measures it on the whole grid.
    const decisions = cachedHolmDecisions(0.05);
    for (const [n, delta, m] of [[300, 0.1, 1], [1000, 0.05, 3], [2000, 0.3, 1]] as const) {
      await t.step(`n=${n} δ=${delta * 100}% m=${m}`, () => {
        const r = powerAtFigure(n, delta, m, { reps: 1000, seed: 35 * n + m, decisions });
        assert.notEqual(r.power, null);
        assert.ok(r.power! >= 0.75 && r.power! <= 0.85, `power ${r.power} at ${r.figure}`);
      });
    }
  },
});

Deno.test({
  name: "a cell of no difference read from the Holm decisions has simulateCell's rates",
  permissions: "none",
  fn: () => {
    for (const c of [cell(300, 5, 0, 3), cell(1000, 30, 0, 2), cell(50, 2, 0, 1)]) {
      const seed = 35 + c.n;
      const slow = simulateCell(c, { reps: 200, seed });
      const fast = simulateNullCell(c, { reps: 200, seed, decisions: cachedHolmDecisions(0.05) });
      assert.deepEqual(fast, slow, cellName(c));
    }
  },
});

Deno.test({
  name: "a comparison of a family has an interval holding the one-adapter interval of its table",
  permissions: "none",
  fn: () => {
    // Holm decides a comparison at alpha/(m − k + 1) ≤ alpha, and the melded interval widens as
    // its level falls (ends moved to 0 only widen it): each end of a family's interval is at or
    // beyond the melded interval of the same table at alpha/2 each side, so every one-sided error of a comparison is at most the one-adapter error
    // (computed exactly in reference/report.md) whatever the other adapters' tables.
    const draws = new BinomialDraws(3535);
    for (let r = 0; r < 150; r++) {
      const n = [20, 100, 1000][r % 3]!;
      const delta = [0.02, 0.1, 0.3][Math.floor(r / 3) % 3]!;
      const tables = Array.from({ length: 2 + (r % 4) }, () => drawTable(draws, n, delta, 0));
      const family = coherentIntervals(tables);
      tables.forEach((t, i) => {
        const where = `family ${r}, table ${i} (${t.onlyFirst}, ${t.onlySecond} of ${n})`;
        const melded = meldedInterval(t.onlyFirst, t.onlySecond, n, 0.025);
        assert.ok(family[i]!.lower <= melded.lower && family[i]!.upper >= melded.upper, where);
      });
    }
  },
});
