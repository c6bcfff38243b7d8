// Shared helper of the clustered simulation (`deno task sim --clustered`, and its fast subset in
// tests/report/stats/clustered_simulation_test.ts): seeded families of one comparison whose items
// come in clusters of uneven sizes, with a given intra-cluster correlation of the paired
// differences, and the error rates of a decision measured on them.

import { detectableFigures } from "../../src/report/_detectable_figures.ts";
import { comparisonOutcome } from "../../src/report/stats/comparison_outcome.ts";
import type { ClusterCounts } from "../../src/report/stats/clustered_difference.ts";
import { decideFamily } from "../../src/report/stats/clustered_family.ts";
import { coherentIntervals } from "../../src/report/stats/decision_interval.ts";
import type { Interval } from "../../src/report/stats/interval.ts";
import type { PairedTable } from "../../src/report/stats/paired_table.ts";
import { BinomialDraws, levelCheck } from "./_simulate.ts";

/** A population of clustered paired items, and how the comparison's items are drawn from it. */
export interface ClusteredCell {
  /** J: clusters per comparison. */
  readonly clusters: number;
  /** The largest cluster: sizes are drawn log-uniform on [1, maxSize], rounded down. */
  readonly maxSize: number;
  /** ρ: the intra-cluster correlation of the items' differences (−1, 0, +1). */
  readonly icc: number;
  /** δ: the chance that an item is discordant. */
  readonly discordance: number;
  /** d: the true difference, adapter minus baseline; |d| ≤ δ. */
  readonly difference: number;
  /** The margin the outcome is read with. */
  readonly margin: number;
}

/** The cell as one line: `J=50 sizes 1-20 ρ=0.5 δ=20% d=-2% margin=2`. */
export function clusteredCellName(cell: ClusteredCell): string {
  const pts = (x: number) => `${+(x * 100).toFixed(4)}`;
  return `J=${cell.clusters} sizes 1-${cell.maxSize} ρ=${cell.icc} δ=${pts(cell.discordance)}% ` +
    `d=${pts(cell.difference)}% margin=${pts(cell.margin)}`;
}

/** A comparison's decision from its clusters: the interval its outcome reads. */
export type ClusteredDecision = (clusters: readonly ClusterCounts[]) => Interval;

/** The table the clusters add up to (the concordant items split half both right). */
export function tableOf(clusters: readonly ClusterCounts[]): PairedTable {
  let n = 0;
  let b = 0;
  let c = 0;
  for (const k of clusters) {
    n += k.items;
    b += k.onlyFirst;
    c += k.onlySecond;
  }
  const bothRight = Math.floor((n - b - c) / 2);
  return { bothRight, onlyFirst: b, onlySecond: c, bothWrong: n - b - c - bothRight };
}

/** The report's decision of one comparison: `decideFamily` at 0.05. */
export const reportDecision: ClusteredDecision = (clusters) =>
  decideFamily([{ table: tableOf(clusters), clusters }], 0.05)[0]!;

/** The decision that takes the items as independent: the exact test's interval, clusters unread. */
export const naiveDecision: ClusteredDecision = (clusters) =>
  coherentIntervals([tableOf(clusters)], { alpha: 0.05 })[0]!;

/**
 * One comparison's clusters: sizes fixed per cell, then each cluster a shared difference V drawn
 * from the items' distribution (+1 with chance δπ, −1 with δ(1 − π), 0 otherwise, π = (1 + d/δ)/2),
 * each of its items V with chance √ρ and a draw of its own otherwise. Every item's difference
 * then has that distribution (its mean is d), and two items of a cluster are correlated ρ.
 */
export function drawClusters(
  draws: BinomialDraws,
  sizes: readonly number[],
  cell: ClusteredCell,
): ClusterCounts[] {
  const up = (cell.discordance + cell.difference) / 2; // δπ
  const down = (cell.discordance - cell.difference) / 2;
  const share = Math.sqrt(cell.icc);
  const one = () => {
    const u = draws.uniform();
    return u < up ? 1 : u < up + down ? -1 : 0;
  };
  return sizes.map((m) => {
    const shared = one();
    let onlyFirst = 0;
    let onlySecond = 0;
    for (let i = 0; i < m; i++) {
      const v = draws.uniform() < share ? shared : one();
      if (v === 1) onlyFirst++;
      else if (v === -1) onlySecond++;
    }
    return { items: m, onlyFirst, onlySecond };
  });
}

/** The cell's cluster sizes, from its seed: log-uniform on [1, maxSize], rounded down. */
export function clusterSizes(draws: BinomialDraws, cell: ClusteredCell): number[] {
  return Array.from(
    { length: cell.clusters },
    () =>
      Math.min(cell.maxSize, Math.floor(Math.exp(draws.uniform() * Math.log(cell.maxSize + 1)))),
  );
}

/** What was measured in one cell. */
export interface ClusteredRates {
  readonly cell: ClusteredCell;
  readonly reps: number;
  /** The paired items of a comparison. */
  readonly items: number;
  /** P(lower ≤ d ≤ upper). */
  readonly coverage: number;
  /** P(`better`). */
  readonly better: number;
  /** P(`not-worse` or `better`). */
  readonly notWorse: number;
  /** The mean width of the interval. */
  readonly width: number;
}

/** The rates of a decision in one cell, over `reps` seeded comparisons. */
export function simulateClusteredCell(
  cell: ClusteredCell,
  options: { readonly reps: number; readonly seed: number; readonly decision?: ClusteredDecision },
): ClusteredRates {
  const draws = new BinomialDraws(options.seed);
  const decision = options.decision ?? reportDecision;
  const sizes = clusterSizes(draws, cell);
  const d = cell.difference;
  let covered = 0;
  let better = 0;
  let notWorse = 0;
  let width = 0;
  for (let r = 0; r < options.reps; r++) {
    const interval = decision(drawClusters(draws, sizes, cell));
    if (interval.lower <= d && d <= interval.upper) covered++;
    const outcome = comparisonOutcome(interval, cell.margin);
    if (outcome === "better") better++;
    if (outcome === "better" || outcome === "not-worse") notWorse++;
    width += interval.upper - interval.lower;
  }
  const reps = options.reps;
  return {
    cell,
    reps,
    items: sizes.reduce((s, m) => s + m, 0),
    coverage: covered / reps,
    better: better / reps,
    notWorse: notWorse / reps,
    width: width / reps,
  };
}

/** A property held against its nominal level within 3 Monte-Carlo standard errors. */
export interface ClusteredCheck {
  readonly property: "coverage" | "wrong not-worse" | "wrong better";
  readonly rate: number;
  readonly bound: number;
  readonly holds: boolean;
}

/**
 * The properties a cell must keep: coverage ≥ 0.95 − 3 SE; at d = −margin (margin > 0), `not-worse`
 * or `better` at most 2.5% + 3 SE; at d ≤ 0, `better` at most 2.5% + 3 SE.
 */
export function clusteredChecks(rates: ClusteredRates): ClusteredCheck[] {
  const { cell, reps } = rates;
  const check = (
    property: ClusteredCheck["property"],
    rate: number,
    nominal: number,
    side: 1 | -1,
  ) => levelCheck(property, rate, nominal, side, reps);
  const out = [check("coverage", rates.coverage, 0.95, -1)];
  if (cell.margin > 0 && cell.difference === -cell.margin) {
    out.push(check("wrong not-worse", rates.notWorse, 0.025, 1));
  }
  if (cell.difference <= 0) out.push(check("wrong better", rates.better, 0.025, 1));
  return out;
}

/** The grid of `deno task sim --clustered`. */
export function clusteredGrid(
  clusters: readonly number[] = [5, 20, 50, 150, 500],
  maxSizes: readonly number[] = [4, 20],
  iccs: readonly number[] = [0, 0.1, 0.25, 0.5],
): ClusteredCell[] {
  const cells: ClusteredCell[] = [];
  for (const J of clusters) {
    for (const maxSize of maxSizes) {
      for (const icc of iccs) {
        for (const discordance of [0.1, 0.3]) {
          for (const margin of [0.02, 0.05]) {
            for (const difference of [-margin, 0, margin]) {
              if (difference === 0 && margin === 0.05) continue; // d = 0 once
              cells.push({ clusters: J, maxSize, icc, discordance, difference, margin });
            }
          }
        }
      }
    }
  }
  return cells;
}

/** The power of the report's decision at the detectable difference it prints, clustered items. */
export interface ClusteredPower {
  /** The cell at no difference (its `difference` and `margin` are 0). */
  readonly cell: ClusteredCell;
  /** The paired items of a comparison. */
  readonly items: number;
  /** The share of the draws the clustered test decides (the clusters material). */
  readonly clustered: number;
  /** The median design effect over the draws (`null` draws counted as the largest). */
  readonly designEffect: number;
  /**
   * The median figure printed beside the comparison at no difference when the clustered test
   * decides it, a fraction; `null` when at least half of those draws print none, or the clustered
   * test decides fewer than a quarter of the draws.
   */
  readonly figure: number | null;
  /**
   * P(`better` | the clustered test decides) when the adapter is truly better by `figure`, over
   * `reps` comparisons; `null` with `figure` or when it exceeds δ.
   */
  readonly power: number | null;
}

/**
 * Whether the detectable difference printed beside a clustered verdict is what it says: the median
 * figure the report prints (`detectableFigures`) over the comparisons of the cell at no difference
 * that the clustered test decides (of `reps`), then, of `reps` comparisons at that true difference
 * (the same cluster sizes and ρ), the share of those the clustered test decides that the report
 * calls `better`.
 */
export function clusteredPowerAtFigure(
  cell: ClusteredCell,
  options: { readonly reps: number; readonly seed: number },
): ClusteredPower {
  const at0 = { ...cell, difference: 0, margin: 0 };
  const draws = new BinomialDraws(options.seed);
  const sizes = clusterSizes(draws, at0);
  const figures: number[] = [];
  const effects: number[] = [];
  let clustered = 0;
  for (let r = 0; r < options.reps; r++) {
    const clusters = drawClusters(draws, sizes, at0);
    const table = tableOf(clusters);
    const decided = decideFamily([{ table, clusters }], 0.05)[0]!;
    effects.push(decided.design?.designEffect ?? Infinity);
    if (decided.method !== "clustered-betting") continue;
    clustered++;
    figures.push(detectableFigures(table, decided, clusters).difference ?? Infinity);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  // Too few draws the clustered test decides to say what its figure is.
  const middle = clustered >= options.reps / 4 ? median(figures) : Infinity;
  const figure = middle === Infinity ? null : middle;
  const base = {
    cell: at0,
    items: sizes.reduce((s, m) => s + m, 0),
    clustered: clustered / options.reps,
    designEffect: median(effects),
    figure,
  };
  if (figure === null || figure > cell.discordance) return { ...base, power: null };
  const at = { ...at0, difference: figure };
  let better = 0;
  let decided = 0;
  for (let r = 0; r < options.reps; r++) {
    const clusters = drawClusters(draws, sizes, at);
    const d = decideFamily([{ table: tableOf(clusters), clusters }], 0.05)[0]!;
    if (d.method !== "clustered-betting") continue;
    decided++;
    if (comparisonOutcome(d, 0) === "better") better++;
  }
  return { ...base, power: decided === 0 ? null : better / decided };
}
