// The detectable difference printed beside a verdict (src/report/_detectable_figures.ts): the
// exact test's at the comparison's test level, or beside a clustered verdict the clustered test's
// own (issue 35). Before, a clustered verdict printed the exact test's figure at the effective
// number of items, which the clustered test found 0 to 65% of the time, not 80%
// (`deno task sim --clustered --power`, reference/report.md "Clustered items").

import assert from "node:assert/strict";
import { detectableFigures } from "../../src/report/_detectable_figures.ts";
import { buildReport } from "../../src/report/build_report.ts";
import {
  type ClusterCounts,
  clusteredDetectable,
} from "../../src/report/stats/clustered_difference.ts";
import { decideFamily } from "../../src/report/stats/clustered_family.ts";
import { minimumDetectableDifference } from "../../src/report/stats/detectable_difference.ts";
import { BinomialDraws } from "./_simulate.ts";
import {
  type ClusteredCell,
  clusteredPowerAtFigure,
  clusterSizes,
  drawClusters,
  tableOf,
} from "./_simulate_clustered.ts";
import { clusteredInput, rule } from "./_paired_input.ts";

/** A cell of no difference: J clusters of 1 to `maxSize` items, ρ, δ in points. */
function cell(clusters: number, maxSize: number, icc: number, delta: number): ClusteredCell {
  return { clusters, maxSize, icc, discordance: delta / 100, difference: 0, margin: 0 };
}

/** The report of one comparison whose items are these clusters' (clusters `c0`, `c1`, …). */
function reportOf(clusters: readonly ClusterCounts[]) {
  return buildReport(clusteredInput(clusters, rule(0))).comparisons[0]!;
}

Deno.test({
  name: "beside a clustered verdict the report prints the clustered test's own figure",
  permissions: "none",
  fn: () => {
    const c = cell(150, 20, 0.25, 30);
    const draws = new BinomialDraws(35);
    const clusters = drawClusters(draws, clusterSizes(draws, c), c);
    const decided = decideFamily([{ table: tableOf(clusters), clusters }], 0.05)[0]!;
    assert.equal(decided.method, "clustered-betting");
    const figure = clusteredDetectable(clusters, decided.testLevel);
    assert.ok(figure !== null && figure > 0 && figure < 0.3, `figure ${figure}`);
    const comparison = reportOf(clusters);
    assert.equal(comparison.clusters?.method, "clustered");
    assert.equal(comparison.minimumDetectableDifference?.difference, figure);
    // The exact test's at the effective items, printed before, is smaller: it promised more.
    const effective = Math.round(comparison.clusters!.effectiveItems!);
    const before = minimumDetectableDifference(effective, 0.3, { alpha: 0.045 }).difference!;
    assert.ok(before < figure, `${before} vs ${figure}`);
  },
});

Deno.test({
  name: "beside an exact verdict the figure is the exact test's at its test level",
  permissions: "none",
  fn: () => {
    const table = { bothRight: 1500, onlyFirst: 120, onlySecond: 80, bothWrong: 300 };
    const decided = decideFamily([{ table, clusters: null }], 0.05)[0]!;
    assert.equal(decided.method, "exact");
    assert.equal(
      detectableFigures(table, decided, null).difference,
      minimumDetectableDifference(2000, 0.1, { alpha: 0.045 }).difference,
    );
  },
});

Deno.test({
  name: "the clustered figure: none with five clusters, none with no discordant item",
  permissions: "none",
  fn: () => {
    // Five clusters can never reach 2/0.045 (1.75⁵ = 16): no difference is detectable.
    const five = Array.from({ length: 5 }, (_, j) => ({
      items: 20,
      onlyFirst: j + 2,
      onlySecond: 3,
    }));
    assert.equal(clusteredDetectable(five, 0.045), null);
    const agree = Array.from({ length: 60 }, () => ({ items: 3, onlyFirst: 0, onlySecond: 0 }));
    assert.equal(clusteredDetectable(agree, 0.045), null);
    assert.throws(() => clusteredDetectable(agree, 0), RangeError);
    assert.throws(() => clusteredDetectable([], 0.045), RangeError);
  },
});

Deno.test({
  name: "the clustered test finds the figure printed beside it with power 0.7-0.95 (simulated)",
  permissions: "none",
  fn: async (t) => {
    // Cells where the figure printed before was found 10% and 55% of the time; 200 comparisons
    // each (a standard error of about 0.03 at 0.8).
    for (
      const [c, seed] of [[cell(150, 20, 0.1, 10), 351], [cell(500, 4, 0.1, 10), 352]] as const
    ) {
      await t.step(`J=${c.clusters} sizes 1-${c.maxSize} ρ=${c.icc} δ=${c.discordance}`, () => {
        const r = clusteredPowerAtFigure(c, { reps: 200, seed });
        assert.ok(r.power !== null, `figure ${r.figure}`);
        assert.ok(r.power >= 0.7 && r.power <= 0.95, `power ${r.power} at ${r.figure}`);
      });
    }
  },
});
