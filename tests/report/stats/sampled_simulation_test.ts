/**
 * Simulation (seeded, bounded): the figures of several samples per item keep their levels on a
 * fast subset of the grid of `deno task sim --sampled` (tests/report/decision_sim.ts), with the
 * cells of issue 35 where the paired t test and the sign-flip test failed: items almost always
 * right or always wrong for both models (shares from Beta(0.02, 0.02)) with the adapter failing
 * a few items completely, where every difference 0 gave the interval [0, 0] and `not-worse`
 * (wrong `not-worse` 52.5% at n = 20, K = 16); the adapter breaking a few items and gaining a
 * little on many (wrong `better` above 2.5%); and the accuracy, pass@k and pass^k intervals, which
 * covered 44% (pass@16) and 12% (pass^16) of the time. Each rate is held to its nominal level
 * within three Monte-Carlo standard errors, and no interval has no width.
 */

import assert from "node:assert/strict";
import { passK } from "../../../src/report/stats/pass_k.ts";
import { sampledAccuracy, type SampledItem } from "../../../src/report/stats/sampled_accuracy.ts";
import {
  Draws,
  type SampledCell,
  sampledCell,
  sampledCellName,
  sampledChecks,
  simulateSampledCell,
} from "../_simulate_sampled.ts";

const SPARSE = [0.02, 0.02] as const;

const cell = sampledCell;

/** The fast grid, with the families each cell draws. */
const GRID: readonly { readonly cell: SampledCell; readonly reps: number }[] = [
  // Issue 35's cells: wrong `not-worse` at d = −margin, sparse and skewed.
  { cell: cell(20, 16, SPARSE, "few", -2, 2), reps: 1000 },
  { cell: cell(10, 4, SPARSE, "few", -5, 5), reps: 1000 },
  { cell: cell(50, 4, SPARSE, "few", -2, 2), reps: 1000 },
  { cell: cell(100, 4, SPARSE, "few", -1, 1), reps: 1000 },
  { cell: cell(200, 8, SPARSE, "few", -1, 1), reps: 600 },
  // Wrong `better` at d = 0: a few items broken, a little gained on many.
  { cell: cell(200, 4, SPARSE, "mixed", 0), reps: 600 },
  { cell: cell(100, 8, [8, 1], "mixed", 0, 0, 3), reps: 400 },
  // Coverage across patterns, shares and sizes.
  { cell: cell(5, 2, [1, 1], "spread", 0), reps: 1000 },
  { cell: cell(30, 64, [0.5, 0.5], "few", 3), reps: 600 },
  { cell: cell(100, 4, [1, 1], "spread", 3), reps: 600 },
  { cell: cell(60, 2, [8, 1], "spread", -2, 2, 2), reps: 500 },
];

for (const { cell, reps } of GRID) {
  Deno.test(`sampled simulation: ${sampledCellName(cell)} keeps its levels`, {
    permissions: "none",
  }, () => {
    const rates = simulateSampledCell(cell, { reps, seed: 35_000 + reps + cell.n * 7 });
    const failed = sampledChecks(rates).filter((c) => !c.holds);
    assert.deepEqual(
      failed.map((c) => `${c.property} ${c.rate} beyond ${c.bound.toFixed(4)}`),
      [],
    );
    assert.equal(rates.zeroWidth, 0, "intervals of no width");
  });
}

/** E[p^k] for p ~ Beta(a, b). */
function betaMoment(a: number, b: number, k: number): number {
  let m = 1;
  for (let j = 0; j < k; j++) m *= (a + j) / (a + b + j);
  return m;
}

const MODEL_CELLS: readonly {
  readonly n: number;
  readonly samples: number;
  readonly beta: readonly [number, number];
}[] = [
  { n: 10, samples: 16, beta: SPARSE }, // pass@16 covered 0.441
  { n: 50, samples: 16, beta: [0.5, 0.5] },
  { n: 20, samples: 8, beta: SPARSE }, // accuracy covered 0.918
  { n: 40, samples: 4, beta: [8, 1] },
];

for (const { n, samples, beta } of MODEL_CELLS) {
  Deno.test(
    `sampled simulation: accuracy, pass@k and pass^k intervals cover (n=${n} K=${samples} ` +
      `Beta(${beta.join(",")}))`,
    { permissions: "none" },
    () => {
      const reps = 600;
      const draws = new Draws(3500 + n * samples);
      const [a, b] = beta;
      const ks = [...new Set([1, 2, samples >> 1, samples])].filter((k) => k >= 1);
      const truth = {
        accuracy: a / (a + b),
        at: ks.map((k) => 1 - betaMoment(b, a, k)),
        all: ks.map((k) => betaMoment(a, b, k)),
      };
      let accuracy = 0;
      const at = ks.map(() => 0);
      const all = ks.map(() => 0);
      let zero = 0;
      for (let r = 0; r < reps; r++) {
        const items: SampledItem[] = [];
        for (let i = 0; i < n; i++) {
          items.push({ asked: samples, right: draws.binomial(samples, draws.beta(a, b)) });
        }
        const acc = sampledAccuracy(items);
        if (acc.lower <= truth.accuracy && truth.accuracy <= acc.upper) accuracy++;
        if (!(acc.upper > acc.lower)) zero++;
        const rows = passK(items, samples);
        ks.forEach((k, j) => {
          const row = rows[k - 1]!;
          const [atI, allI] = [row.passAtInterval, row.passAllInterval];
          if (atI.lower <= truth.at[j]! && truth.at[j]! <= atI.upper) at[j]!++;
          if (allI.lower <= truth.all[j]! && truth.all[j]! <= allI.upper) all[j]!++;
          if (!(atI.upper > atI.lower) || !(allI.upper > allI.lower)) zero++;
        });
      }
      const bound = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / reps);
      const rates = [
        ["accuracy", accuracy / reps] as const,
        ...ks.map((k, j) => [`pass@${k}`, at[j]! / reps] as const),
        ...ks.map((k, j) => [`pass^${k}`, all[j]! / reps] as const),
      ];
      assert.deepEqual(rates.filter(([, rate]) => rate < bound), [], `bound ${bound}`);
      assert.equal(zero, 0, "intervals of no width");
    },
  );
}
