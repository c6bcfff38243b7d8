/**
 * The paired comparison of two models whose items were each asked several times: the difference
 * of their per-item shares, item by item, its t interval and the t test's p-value. Never a
 * McNemar test over the n × K answers pooled: the samples of one item are not independent.
 *
 * @module
 */

import { meanInterval } from "./_mean_interval.ts";
import type { Interval } from "./interval.ts";

/** One item's share of right answers for each of two models. */
export interface SharePair {
  /** The first model's share (right/answered) on the item. */
  readonly first: number;
  /** The second model's share on the item. */
  readonly second: number;
}

/** The comparison of two models' per-item shares. */
export interface SampledDifference extends Interval {
  /** Items both models answered at least once. */
  readonly items: number;
  /** The mean over items of first − second. */
  readonly difference: number;
  /** The standard deviation of the per-item differences (n − 1 in the denominator). */
  readonly sd: number;
  /** The two-sided p-value of the paired t test of a difference of 0. */
  readonly pValue: number;
}

/** Options of {@linkcode sampledDifference}. */
export interface SampledDifferenceOptions {
  /**
   * The interval's level: 1 − level is its coverage. Default 0.05. Holm's procedure gives each
   * comparison its own (see `holmLevels`): the interval at that level excludes 0 exactly when
   * the p-value is below it.
   */
  readonly level?: number;
}

/**
 * The paired t interval and test on the per-item differences dᵢ = āᵢ − b̄ᵢ of two models' shares
 * of right answers: the mean difference ± t(n − 1)·sd/√n, clipped to [−1, 1], and the two-sided
 * p-value of t = mean/(sd/√n). The interval excludes 0 exactly when the p-value is below the
 * level. With one item the interval is [−1, 1] and p is 1; with every difference the same the
 * interval is that difference and p is 0 (1 when it is 0).
 *
 * @param pairs Each item's two shares (items either model never answered left out).
 * @param options The level.
 * @returns The difference, its interval and p-value.
 * @throws {RangeError} When a share is not a number in [0, 1].
 *
 * @example
 * ```ts
 * import { sampledDifference } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const d = sampledDifference([
 *   { first: 1, second: 0.5 }, { first: 0.75, second: 0.5 }, { first: 0.5, second: 0.5 },
 *   { first: 1, second: 0.25 },
 * ]);
 * assert.equal(d.difference, 0.375);
 * assert.ok(d.lower < d.difference && d.difference < d.upper);
 * ```
 */
export function sampledDifference(
  pairs: readonly SharePair[],
  options: SampledDifferenceOptions = {},
): SampledDifference {
  const differences = pairs.map(({ first, second }) => {
    if (!(first >= 0 && first <= 1 && second >= 0 && second <= 1)) {
      throw new RangeError(`sampledDifference: shares must be in [0, 1], not ${first}, ${second}`);
    }
    return first - second;
  });
  const m = meanInterval(differences, options.level ?? 0.05, [-1, 1]);
  return {
    items: differences.length,
    difference: m.mean,
    sd: m.sd,
    lower: m.lower,
    upper: m.upper,
    pValue: m.pValue,
  };
}
