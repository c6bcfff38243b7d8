/**
 * The paired comparison of two models whose items were each asked several times: the difference
 * of their per-item shares, item by item, its interval and p-value by betting (Waudby-Smith &
 * Ramdas 2024), valid for any distribution of the differences on [−1, 1], sparse and skewed ones
 * included. Never a McNemar test over the n × K answers pooled: the samples of one item are not
 * independent.
 *
 * @module
 */

import { bettingInterval } from "./_betting.ts";
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
  /** The p-value of a difference of 0: 1 over the hedged capital at 0, at most 1. */
  readonly pValue: number;
  /** `betting`: the betting interval of a bounded mean and its p-value. */
  readonly method: "betting";
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
 * The comparison of two models' shares of right answers by the per-item differences dᵢ = āᵢ − b̄ᵢ,
 * which lie in [−1, 1] whatever the items: the betting interval of their mean (Waudby-Smith &
 * Ramdas 2024, "Estimating means of bounded random variables by betting", the hedged capital
 * process with the predictable plug-in bets for a fixed n, truncated at ¾). The dᵢ are mapped to
 * xᵢ = (dᵢ + 1)/2 in [0, 1] and taken in the order given; for each candidate mean m two bettors
 * start with 1, one staking λ⁺ₜ(xₜ − m) on each item in turn, the other −λ⁻ₜ(xₜ − m), with
 * λₜ = √(2·log(2/0.05)/(n·σ̂²ₜ₋₁)) from the items before it only (σ̂² the running variance with a
 * prior of ¼), at most ¾/m and ¾/(1 − m). When the true mean is m, each capital at the end
 * exceeds 2/level with chance at most level/2 (Markov's inequality), so the interval, the m
 * neither rejects, errs at most level/2 on each side, for every distribution on [−1, 1]: no
 * symmetry, no normal approximation, and never of no width (every difference 0 gives an interval
 * about 0 whose width shrinks as items are added; 20 items give ±0.217). The p-value of a
 * difference of 0 is min(1, 2/max(K⁺ₙ(½), K⁻ₙ(½))); the bets do not depend on `level`, so the
 * interval at `level` excludes 0 exactly when the p-value is below it, at every level Holm's
 * procedure gives.
 *
 * @param pairs Each item's two shares (items either model never answered left out), in an order
 *   that does not depend on the answers (the items' order).
 * @param options The level.
 * @returns The difference, its interval and p-value.
 * @throws {RangeError} When a share is not a number in [0, 1].
 *
 * @example Four items say little; forty alike say more, but never that the difference is 0
 * ```ts
 * import { sampledDifference } from "./sampled_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const few = sampledDifference([
 *   { first: 1, second: 0.5 }, { first: 0.75, second: 0.5 }, { first: 0.5, second: 0.5 },
 *   { first: 1, second: 0.25 },
 * ]);
 * assert.equal(few.difference, 0.375);
 * assert.ok(few.lower < 0 && few.upper > 0.375 && few.pValue > 0.05);
 * const alike = sampledDifference(Array.from({ length: 40 }, () => ({ first: 1, second: 1 })));
 * assert.ok(alike.lower < -0.05 && alike.upper > 0.05);
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
  const b = bettingInterval(differences, level, [-1, 1]);
  return {
    items: differences.length,
    difference: b.mean,
    sd: b.sd,
    lower: b.lower,
    upper: b.upper,
    pValue: b.pValue,
    method: "betting",
  };
}
