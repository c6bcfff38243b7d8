/**
 * The paired comparison of two models, one answer per item, when the items come in clusters (the
 * items sharing their tools): how much the clusters cost (the design effect and the effective
 * number of items), and an interval and p-value that hold whatever the correlation within a
 * cluster, by betting on the clusters (Waudby-Smith & Ramdas 2024), each weighted by its items.
 *
 * @module
 */

import { BET_LEVEL, crossing, TRUNCATION } from "./_betting.ts";
import { increasingRoot } from "./_root.ts";
import type { Interval } from "./interval.ts";

/** One cluster's paired items: how many, how many only the first model got right, only the second. */
export interface ClusterCounts {
  /** The cluster's paired items (both models have a verdict), at least 1. */
  readonly items: number;
  /** Its items only the first model got right (b in the cluster). */
  readonly onlyFirst: number;
  /** Its items only the second model got right (c in the cluster). */
  readonly onlySecond: number;
}

/** What the clusters cost a comparison: see {@linkcode clusterDesign}. */
export interface ClusterDesign {
  /** The paired items, n = Σ mⱼ. */
  readonly items: number;
  /** The clusters holding them, J. */
  readonly clusters: number;
  /**
   * The design effect: the cluster-robust variance of the difference over the variance that
   * takes the items as independent; exactly 1 when every cluster holds one item. `null` when it
   * cannot be measured: fewer than two clusters, or every item's difference the same.
   */
  readonly designEffect: number | null;
  /**
   * n / designEffect: as many independent items would say as much; `null` with the effect, or
   * when it is 0 (every cluster's difference exactly its share of the whole).
   */
  readonly effectiveItems: number | null;
}

/** The clustered comparison: the difference, its interval and p-value, and the design. */
export interface ClusteredDifference extends Interval, ClusterDesign {
  /** (b − c)/n: the difference of the paired accuracies, first minus second. */
  readonly difference: number;
  /** The p-value of a difference of 0: 2 over the larger capital at 0, at most 1. */
  readonly pValue: number;
  /** `clustered-betting`. */
  readonly method: "clustered-betting";
}

/** The design effect at or above which the clusters are material: 1.1. */
export const MATERIAL_DESIGN_EFFECT = 1.1;

/** Below this many clusters the design effect is taken as material whatever it measures: 50. */
export const FEW_CLUSTERS = 50;

function checkClusters(name: string, clusters: readonly ClusterCounts[]): number {
  let n = 0;
  clusters.forEach((c, j) => {
    const ok = [c.items, c.onlyFirst, c.onlySecond].every((v) => Number.isSafeInteger(v) && v >= 0);
    if (!ok || c.items < 1 || c.onlyFirst + c.onlySecond > c.items) {
      throw new RangeError(
        `${name}: cluster ${j} must have at least 1 item and at most as many discordant, not ` +
          `${c.items} items, ${c.onlyFirst} and ${c.onlySecond} discordant`,
      );
    }
    n += c.items;
  });
  return n;
}

/**
 * The design effect of a paired comparison's clusters, and its effective number of items.
 *
 * With dᵢ = +1 (only the first model right), −1 (only the second) or 0, D = Σdᵢ/n, the cluster
 * sums Sⱼ = bⱼ − cⱼ and sizes mⱼ of J clusters,
 *
 * ```
 * naive   = Σᵢ(dᵢ − D)²/(n − 1) / n            = ((b + c) − n·D²)/((n − 1)·n)
 * robust  = J/(J − 1) · Σⱼ(Sⱼ − mⱼ·D)² / n²    (the cluster-robust, CR1, variance of D)
 * designEffect = robust / naive,  effectiveItems = n / designEffect
 * ```
 *
 * Both are estimates of the variance of D; with every cluster of one item they are equal, and the
 * design effect is exactly 1. For equal clusters of m items with an intra-cluster correlation ρ of
 * the differences it estimates 1 + (m − 1)·ρ.
 *
 * @param clusters The clusters' counts.
 * @returns The items, the clusters, the design effect and the effective items.
 * @throws {RangeError} When a cluster has no item, a count is not a non-negative integer, or a
 *   cluster has more discordant items than items.
 *
 * @example Two clusters that moved together, and the same items one per cluster
 * ```ts
 * import { clusterDesign } from "./clustered_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const together = clusterDesign([
 *   { items: 10, onlyFirst: 10, onlySecond: 0 },
 *   { items: 10, onlyFirst: 0, onlySecond: 0 },
 *   { items: 10, onlyFirst: 0, onlySecond: 10 },
 * ]);
 * assert.ok(together.designEffect! > 5);
 * const alone = clusterDesign(
 *   Array.from({ length: 30 }, (_, i) => ({ items: 1, onlyFirst: i < 10 ? 1 : 0, onlySecond: i >= 20 ? 1 : 0 })),
 * );
 * assert.equal(alone.designEffect, 1);
 * assert.equal(alone.effectiveItems, 30);
 * ```
 */
export function clusterDesign(clusters: readonly ClusterCounts[]): ClusterDesign {
  const n = checkClusters("clusterDesign", clusters);
  const J = clusters.length;
  if (J === n) {
    return {
      items: n,
      clusters: J,
      designEffect: J < 2 ? null : 1,
      effectiveItems: J < 2 ? null : n,
    };
  }
  let b = 0;
  let c = 0;
  for (const k of clusters) {
    b += k.onlyFirst;
    c += k.onlySecond;
  }
  const D = (b - c) / n;
  const spread = b + c - n * D * D; // Σᵢ(dᵢ − D)²
  let between = 0; // Σⱼ(Sⱼ − mⱼ·D)²
  for (const k of clusters) {
    const e = k.onlyFirst - k.onlySecond - k.items * D;
    between += e * e;
  }
  if (J < 2 || !(spread > 1e-12 * n)) {
    return { items: n, clusters: J, designEffect: null, effectiveItems: null };
  }
  const designEffect = ((J / (J - 1)) * between * (n - 1)) / (n * spread);
  return {
    items: n,
    clusters: J,
    designEffect,
    effectiveItems: designEffect > 0 ? n / designEffect : null,
  };
}

/**
 * Whether a comparison's clusters are material, so that the clustered test decides it: there are
 * two clusters or more, some cluster holds two or more items, and the design effect is at least
 * {@linkcode MATERIAL_DESIGN_EFFECT} (1.1), or cannot be measured, or the clusters are fewer
 * than {@linkcode FEW_CLUSTERS} (50), too few to measure it. One item per cluster is never
 * material, nor one cluster holding every item (every item offers the same tools: the items are
 * drawn from that one cluster, and what the comparison says is about it).
 *
 * @param design The comparison's design.
 * @returns Whether the clustered test decides.
 *
 * @example
 * ```ts
 * import { clustersMaterial } from "./clustered_difference.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(clustersMaterial({ items: 40, clusters: 40, designEffect: 1, effectiveItems: 40 }), false);
 * assert.equal(clustersMaterial({ items: 400, clusters: 20, designEffect: 1, effectiveItems: 400 }), true);
 * assert.equal(clustersMaterial({ items: 400, clusters: 200, designEffect: 1.02, effectiveItems: 392 }), false);
 * assert.equal(clustersMaterial({ items: 400, clusters: 1, designEffect: null, effectiveItems: null }), false);
 * ```
 */
export function clustersMaterial(design: ClusterDesign): boolean {
  // One cluster holds every item: they are drawn from it, and the comparison is about it.
  if (design.clusters < 2 || design.clusters >= design.items) return false;
  return design.designEffect === null || design.designEffect >= MATERIAL_DESIGN_EFFECT ||
    design.clusters < FEW_CLUSTERS;
}

/** Options of {@linkcode clusteredDifference}. */
export interface ClusteredDifferenceOptions {
  /**
   * The interval's level: it is a 1 − level interval. Default 0.05. The bets do not depend on it,
   * so the interval at `level` excludes 0 exactly when the p-value is below `level`.
   */
  readonly level?: number;
}

/**
 * The difference of two paired accuracies, with an interval and a p-value that hold however the
 * items of a cluster are correlated: the betting interval (Waudby-Smith & Ramdas 2024) of the
 * clusters' mean differences, each cluster's bet weighted by its items.
 *
 * Each cluster j gives xⱼ = (Sⱼ/mⱼ + 1)/2 in [0, 1] and a weight wⱼ = mⱼ·J/n, taken in the order
 * given (which must not depend on the answers: the clusters' first items' order). For a candidate
 * difference d (x-scale m = (d + 1)/2), two bettors start with 1 and stake on each cluster in
 * turn: K⁺ = Π(1 + λ⁺ⱼ·wⱼ·(xⱼ − m)), K⁻ = Π(1 − λ⁻ⱼ·wⱼ·(xⱼ − m)), λ⁺ⱼ = min(λⱼ, ¾/(wⱼ·m)),
 * λ⁻ⱼ = min(λⱼ, ¾/(wⱼ·(1 − m))), λⱼ = √(2·log(2/0.05)/(J·σ̂²ⱼ₋₁)) with σ̂² the running mean of
 * wₛ²(xₛ − μ̂ₛ)² over the clusters before (a prior of ¼) and μ̂ the running weighted mean (a prior
 * of ½). When every item's expected difference is d, whatever the clusters' sizes and the
 * correlation within them, E[wⱼ(xⱼ − m)] = 0 for each independent cluster, so each capital is a
 * nonnegative martingale of mean 1 and exceeds 2/level with chance at most level/2 (Markov): the
 * interval, every d neither rejects, errs at most level/2 on each side, with no normal
 * approximation and no minimum number of clusters (with few clusters it is wide: five clusters
 * can never reach 2/0.05). The p-value of 0 is min(1, 2/max(K⁺, K⁻)) at d = 0.
 *
 * @param clusters The clusters' counts, in an order that does not depend on the answers.
 * @param options The level.
 * @returns The difference, the interval, the p-value and the design.
 * @throws {RangeError} As {@linkcode clusterDesign}, or when there is no cluster or the level is
 *   not in (0, 1).
 *
 * @example Ten clusters of five items that moved together decide less than fifty items alone
 * ```ts
 * import { clusteredDifference } from "./clustered_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const moved = (m: number) => Array.from({ length: 50 / m }, (_, j) => ({
 *   items: m, onlyFirst: j % 5 < 2 ? m : 0, onlySecond: j % 5 === 4 ? m : 0,
 * }));
 * const clustered = clusteredDifference(moved(5));
 * const alone = clusteredDifference(moved(1));
 * assert.equal(clustered.difference, alone.difference);
 * assert.ok(clustered.upper - clustered.lower > alone.upper - alone.lower);
 * assert.ok(clustered.designEffect! > 4);
 * ```
 */
export function clusteredDifference(
  clusters: readonly ClusterCounts[],
  options: ClusteredDifferenceOptions = {},
): ClusteredDifference {
  const level = options.level ?? 0.05;
  if (!(level > 0 && level < 1)) {
    throw new RangeError(`clusteredDifference: level must be between 0 and 1, not ${level}`);
  }
  if (clusters.length === 0) throw new RangeError("clusteredDifference: no cluster");
  const design = clusterDesign(clusters);
  const n = design.items;
  const J = clusters.length;
  let s = 0;
  for (const k of clusters) s += k.onlyFirst - k.onlySecond;
  const x = clusters.map((k) => ((k.onlyFirst - k.onlySecond) / k.items + 1) / 2);
  const w = clusters.map((k) => (k.items * J) / n);
  const bets = weightedBets(x, w);
  const bound = Math.log(2 / level);
  const at = 0.5;
  const atCapital = logCapitals(x, w, bets, at);
  const atLog = Math.max(atCapital.up, atCapital.down);
  const pValue = Math.min(1, 2 * Math.exp(-atLog));
  const up = (m: number) => logCapitals(x, w, bets, m).up - bound;
  const down = (m: number) => bound - logCapitals(x, w, bets, m).down;
  let lowerX = 0;
  if (up(EDGE) > 0) lowerX = crossing(up, EDGE, 1 - EDGE)[1];
  let upperX = 1;
  if (down(1 - EDGE) < 0) upperX = crossing(down, EDGE, 1 - EDGE)[0];
  if (!(atLog > bound)) {
    lowerX = Math.min(lowerX, at);
    upperX = Math.max(upperX, at);
  }
  return {
    ...design,
    difference: s / n,
    lower: 2 * lowerX - 1,
    upper: 2 * upperX - 1,
    pValue,
    method: "clustered-betting",
  };
}

/** The ends of the unit range searched, as the unweighted interval's. */
const EDGE = 2 ** -40;

/**
 * The bets before truncation: λⱼ = √(2·log(2/α₀)/(J·σ̂²ⱼ₋₁)), σ̂²ⱼ = (¼ + Σₛ≤ⱼ wₛ²(xₛ − μ̂ₛ)²)/(j + 1),
 * μ̂ⱼ = (½ + Σₛ≤ⱼ wₛxₛ)/(1 + Σₛ≤ⱼ wₛ): each from the clusters before it only.
 */
function weightedBets(x: readonly number[], w: readonly number[]): Float64Array {
  const J = x.length;
  const bets = new Float64Array(J);
  let sum = 0;
  let weights = 0;
  let squares = 0;
  for (let t = 0; t < J; t++) {
    const variance = (0.25 + squares) / (t + 1);
    bets[t] = Math.sqrt((2 * Math.log(2 / BET_LEVEL)) / (J * variance));
    sum += w[t]! * x[t]!;
    weights += w[t]!;
    const mu = (0.5 + sum) / (1 + weights);
    const e = w[t]! * (x[t]! - mu);
    squares += e * e;
  }
  return bets;
}

/** The two bettors' log-capitals at the end, for a candidate m on the unit scale. */
function logCapitals(
  x: readonly number[],
  w: readonly number[],
  bets: Float64Array,
  m: number,
): { readonly up: number; readonly down: number } {
  let up = 0;
  let down = 0;
  for (let t = 0; t < x.length; t++) {
    const wt = w[t]!;
    const e = wt * (x[t]! - m);
    up += Math.log1p(Math.min(bets[t]!, TRUNCATION / (wt * m)) * e);
    down += Math.log1p(-Math.min(bets[t]!, TRUNCATION / (wt * (1 - m))) * e);
  }
  return { up, down };
}

/** Φ⁻¹(0.8): the normal quantile of the power the detectable difference is given at. */
const Z_POWER = 0.8416212335729143;

/**
 * The smallest true difference the clustered test ({@linkcode clusteredDifference}) at `level`
 * finds (its lower end above 0) with power about 0.8, for clusters like these: every item's
 * expected difference moved by d, each cluster's spread about it as observed. On the betting scale
 * the test at 0 stakes λ*ⱼ = min(λⱼ, ¾/(wⱼ·½)) on uⱼ = wⱼ(xⱼ − ½), whose mean moves by wⱼ·d/2;
 * with the bets λⱼ this comparison's clusters give and vⱼ = J/(J − 1)·eⱼ² (eⱼ = (J/n)(Sⱼ −
 * mⱼ·D)/2, so Σvⱼ is J²/4 times the cluster-robust variance of D), the log-capital
 * Σ log(1 + λ*ⱼuⱼ) is taken as normal with mean A·d − B·d² − C, A = Σλ*ⱼwⱼ/2, B = Σλ*ⱼ²wⱼ²/8,
 * C = Σλ*ⱼ²vⱼ/2 (log(1 + y) ≈ y − y²/2), and variance Σλ*ⱼ²vⱼ; the figure is the d where the
 * mean passes log(2/level) by 0.8416 (Φ⁻¹(0.8)) standard deviations. An approximation: its power
 * is measured by `deno task sim --clustered --power` (reference/report.md, "Clustered items").
 *
 * @param clusters The comparison's clusters, in the order the test takes them.
 * @param level The test's level (0.045 for one comparison at 0.05).
 * @returns The difference (a fraction: 0.05 is 5 points), or `null` when none up to the
 *   comparison's discordance (its share of items only one model got right) reaches the power.
 * @throws {RangeError} As {@linkcode clusterDesign}, or when there is no cluster or the level is
 *   not in (0, 1).
 *
 * @example Five clusters detect nothing; two hundred clusters of three items, a few points
 * ```ts
 * import { clusteredDetectable } from "./clustered_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const clusters = (J: number) => Array.from({ length: J }, (_, j) => ({
 *   items: 3, onlyFirst: j % 5 === 0 ? 1 : 0, onlySecond: j % 7 === 0 ? 1 : 0,
 * }));
 * assert.equal(clusteredDetectable(clusters(5), 0.045), null);
 * const figure = clusteredDetectable(clusters(200), 0.045)!;
 * assert.ok(figure > 0.02 && figure < 0.12);
 * ```
 */
export function clusteredDetectable(
  clusters: readonly ClusterCounts[],
  level: number,
): number | null {
  if (!(level > 0 && level < 1)) {
    throw new RangeError(`clusteredDetectable: level must be between 0 and 1, not ${level}`);
  }
  if (clusters.length === 0) throw new RangeError("clusteredDetectable: no cluster");
  const n = checkClusters("clusteredDetectable", clusters);
  const J = clusters.length;
  let s = 0;
  let discordant = 0;
  for (const k of clusters) {
    s += k.onlyFirst - k.onlySecond;
    discordant += k.onlyFirst + k.onlySecond;
  }
  if (J < 2 || discordant === 0) return null;
  const D = s / n;
  const x = clusters.map((k) => ((k.onlyFirst - k.onlySecond) / k.items + 1) / 2);
  const w = clusters.map((k) => (k.items * J) / n);
  const bets = weightedBets(x, w);
  // Each cluster's stake at 0 and its residual about the comparison's difference, scaled to an
  // unbiased variance; the capital's log at a shift d, and its variance (d does not move it).
  const stake = w.map((wj, j) => Math.min(bets[j]!, TRUNCATION / (wj * 0.5)));
  const scale = Math.sqrt(J / (J - 1));
  const residual = clusters.map((k) =>
    ((J / n) * (k.onlyFirst - k.onlySecond - k.items * D) * scale) / 2
  );
  const bound = Math.log(2 / level);
  // The capital's log at a shift d less what the test needs: log(2/level) and Φ⁻¹(0.8) of its
  // standard deviation, Σ(λ*ⱼ·rⱼ/(1 + λ*ⱼ·wⱼ·d/2))² (the delta method at the shifted mean).
  const gap = (d: number) => {
    let sum = 0;
    let variance = 0;
    stake.forEach((l, j) => {
      const shift = (w[j]! * d) / 2;
      sum += Math.log(Math.max(1e-12, 1 + l * (residual[j]! + shift)));
      const slope = (l * residual[j]!) / (1 + l * shift);
      variance += slope * slope;
    });
    return sum - bound - Z_POWER * Math.sqrt(variance);
  };
  const top = discordant / n;
  const atTop = gap(top);
  if (!(atTop >= 0)) return null;
  const atZero = gap(0);
  if (atZero >= 0) return 0;
  const d = increasingRoot(gap, [0, top], [atZero, atTop], 1e-12);
  return d <= discordant / n ? d : null;
}
