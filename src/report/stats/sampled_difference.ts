/**
 * The paired comparison of two models whose items were each asked several times: the difference
 * of their per-item shares, item by item, its interval and p-value (the exact sign-flip test with
 * 16 items or fewer, the paired t test above). Never a McNemar test over the n × K answers pooled:
 * the samples of one item are not independent.
 *
 * @module
 */

import { meanInterval } from "./_mean_interval.ts";
import { SIGN_FLIP_MAX_ITEMS, signFlip } from "./_sign_flip.ts";
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
  /** The two-sided p-value of a difference of 0, by `method`. */
  readonly pValue: number;
  /**
   * `sign-flip`: the exact sign-flip test and Hartigan's interval (16 items or fewer, or every
   * difference the same); `paired-t`: the paired t test and interval.
   */
  readonly method: "paired-t" | "sign-flip";
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
 * The comparison of two models' shares of right answers by the per-item differences dᵢ = āᵢ − b̄ᵢ.
 * With 16 items or fewer, the exact sign-flip (Fisher–Pitman) test: the p-value counts the 2ⁿ
 * sign patterns of the dᵢ whose sum is at least as far out as the observed one, and the interval
 * is Hartigan's from the sorted means of the 2ⁿ − 1 nonempty subsets of the dᵢ (the shifts the
 * test does not reject; [−1, 1] when 2ⁿ is too few for `level`, since the smallest p-value the
 * test can give is 2¹⁻ⁿ). The t test's level rests on the mean being near normal, which a handful
 * of items with differences in steps of 1/K does not give; the exact test keeps its level for any
 * n when the two models are exchangeable on each item. Above 16 items, the paired t interval, the
 * mean ± t(n − 1)·sd/√n clipped to [−1, 1], and the two-sided p-value of t = mean/(sd/√n); when
 * every difference is the same (no spread, where t says nothing), the sign-flip test's result: p 1
 * when they are 0, else 2¹⁻ⁿ, and the interval that difference. Either way the interval excludes
 * 0 exactly when the p-value is below the level.
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
 * assert.equal(d.method, "sign-flip");
 * // Four items: 2⁴ sign patterns are too few to reject at 0.05.
 * assert.deepEqual([d.lower, d.upper, d.pValue], [-1, 1, 0.25]);
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
  const level = options.level ?? 0.05;
  const m = meanInterval(differences, level, [-1, 1]);
  const n = differences.length;
  const common = { items: n, difference: m.mean, sd: m.sd };
  if (n <= SIGN_FLIP_MAX_ITEMS) {
    return { ...common, ...signFlip(differences, level), method: "sign-flip" };
  }
  const first = differences[0]!;
  if (differences.every((d) => Math.abs(d - first) <= 1e-12)) {
    const pValue = differences.every((d) => d === 0) ? 1 : 2 ** (1 - n);
    return { ...common, lower: first, upper: first, pValue, method: "sign-flip" };
  }
  return { ...common, lower: m.lower, upper: m.upper, pValue: m.pValue, method: "paired-t" };
}
