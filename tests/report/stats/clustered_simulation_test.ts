// Clustered items keep the decision's levels (issue 35), simulated through the report itself:
// seeded comparisons whose items come in clusters of uneven sizes with an intra-cluster
// correlation ρ of their paired differences, each one built into observations with their
// clusters and decided by `buildReport`; coverage, wrong `not-worse` and wrong `better` held to
// their levels within 3 Monte-Carlo standard errors. The full grid runs in
// `deno task sim --clustered`. Before clusters were read, the report took the items as independent,
// and 5 of these 7 cells failed through it (the first four are shown failing here too, with the
// exact test that ignores the clusters).

import assert from "node:assert/strict";
import { buildReport } from "../../../src/report/build_report.ts";
import type { ClusterCounts } from "../../../src/report/stats/clustered_difference.ts";
import { BinomialDraws } from "../_simulate.ts";
import {
  type ClusteredCell,
  clusteredCellName,
  clusteredChecks,
  type ClusteredDecision,
  clusterSizes,
  drawClusters,
  naiveDecision,
  simulateClusteredCell,
} from "../_simulate_clustered.ts";
import { clusteredInput, rule } from "../_paired_input.ts";

const REPS = 400;

/**
 * The report's decision of one comparison whose items are these clusters' (each cluster's items
 * next to one another, their clusters named `c0`, `c1`, …): `buildReport`'s interval.
 */
function throughReport(margin: number): ClusteredDecision {
  return (clusters) =>
    buildReport(clusteredInput(clusters, rule(margin * 100))).comparisons[0]!.interval!;
}

/** A cell: J clusters of sizes 1 to `maxSize`, ρ, δ, d and margin in points. */
function cell(
  clusters: number,
  maxSize: number,
  icc: number,
  delta: number,
  d: number,
  margin: number,
): ClusteredCell {
  return {
    clusters,
    maxSize,
    icc,
    discordance: delta / 100,
    difference: d / 100,
    margin: margin / 100,
  };
}

// The cells where taking the items as independent fails (ρ = 0.5, and 0.1 with large clusters).
const FAILING: readonly ClusteredCell[] = [
  cell(20, 20, 0.5, 30, 0, 5),
  cell(50, 20, 0.5, 30, -5, 5),
  cell(100, 20, 0.5, 30, 0, 2),
  cell(100, 20, 0.1, 30, -2, 2),
];

// Cells where it does not, which the clusters must not break: no correlation, few clusters.
const OTHERS: readonly ClusteredCell[] = [
  cell(100, 4, 0, 30, 0, 2),
  cell(50, 4, 0.25, 10, 2, 2),
  cell(5, 20, 0.5, 30, -5, 5),
];

for (const [i, c] of [...FAILING, ...OTHERS].entries()) {
  Deno.test(`clustered: ${clusteredCellName(c)} keeps its levels through the report`, () => {
    const rates = simulateClusteredCell(c, {
      reps: REPS,
      seed: 900_001 * (i + 1),
      decision: throughReport(c.margin),
    });
    const failing = clusteredChecks(rates).filter((k) => !k.holds);
    assert.deepEqual(
      failing.map((k) => `${k.property} ${k.rate} beyond ${k.bound.toFixed(4)}`),
      [],
    );
  });
}

Deno.test("clustered: the exact test that takes the items as independent fails these cells", () => {
  for (const [i, c] of FAILING.entries()) {
    const rates = simulateClusteredCell(c, {
      reps: REPS,
      seed: 900_001 * (i + 1),
      decision: naiveDecision,
    });
    assert.ok(
      clusteredChecks(rates).some((k) => !k.holds),
      `${clusteredCellName(c)}: the naive test held its levels`,
    );
  }
});

Deno.test("clustered: the draws have the intra-cluster correlation asked for", () => {
  // Pairs of items of one cluster: their differences' correlation, over many clusters of 2.
  const c = cell(20_000, 2, 0.25, 30, 0, 0);
  const draws = new BinomialDraws(5);
  const clusters = drawClusters(draws, Array(20_000).fill(2), c);
  const pairs = clusters.map((k) => [k.onlyFirst, k.onlySecond]);
  // With two items, both +1 or both −1 shows agreement; the correlation of the pair's values.
  let sxy = 0;
  let sxx = 0;
  for (const [up, down] of pairs) {
    const values = up === 2
      ? [1, 1]
      : down === 2
      ? [-1, -1]
      : up === 1 && down === 1
      ? [1, -1]
      : up === 1
      ? [1, 0]
      : down === 1
      ? [-1, 0]
      : [0, 0];
    sxy += values[0]! * values[1]!;
    sxx += (values[0]! ** 2 + values[1]! ** 2) / 2;
  }
  const icc = sxy / sxx;
  assert.ok(Math.abs(icc - 0.25) < 0.03, `measured ${icc}`);
  assert.equal(
    clusterSizes(draws, cell(1000, 20, 0, 10, 0, 0)).every((m) => m >= 1 && m <= 20),
    true,
  );
});
