/**
 * One model's accuracy when every item was asked several times: the mean over items of each
 * item's share of right answers, its interval from the per-item shares, and the split of the
 * variance into the part between items and the part within an item (Miller 2024, "Adding Error
 * Bars to Evals").
 *
 * @module
 */

import { bettingInterval } from "./_betting.ts";
import type { Interval } from "./interval.ts";

/** One item's answers: how many of its samples were answered, and how many of those right. */
export interface SampledItem {
  /** Samples answered (errors left out): at least 1. */
  readonly asked: number;
  /** Of those, right: 0 to `asked`. */
  readonly right: number;
}

/** A model's accuracy over items asked several times. */
export interface SampledAccuracy extends Interval {
  /** Items with at least one answer. */
  readonly items: number;
  /** The mean over items of right/asked. */
  readonly accuracy: number;
  /**
   * The within-item variance: the mean over items of each item's unbiased Bernoulli variance
   * p̂(1 − p̂)·K/(K − 1) (items answered once left out), `null` when no item was answered twice.
   */
  readonly withinVariance: number | null;
  /**
   * The between-item variance of the items' true shares, by moments: the variance of the shares
   * (n − 1 in the denominator) less the mean of each item's within variance over its K, at least 0;
   * `null` with fewer than two items or no within variance.
   */
  readonly betweenVariance: number | null;
}

/** Options of {@linkcode sampledAccuracy}. */
export interface SampledAccuracyOptions {
  /** The interval's level: 1 − level is its coverage. Default 0.05. */
  readonly level?: number;
}

/**
 * A model's accuracy over items asked several times: the mean of the per-item shares of right
 * answers, with the betting interval of a mean on [0, 1] from the per-item shares (the item is the
 * unit: the samples of one item are not independent answers; see `sampledDifference` for the
 * construction, here on the shares themselves). It covers the mean share of the items' population
 * at its level for every distribution of the shares, the nearly always right or wrong items of a
 * tool-calling set included, and never has no width: every item right every time still leaves
 * room below 1. With no item it is [0, 1].
 *
 * @param items Each item's answered and right samples (items with none answered left out).
 * @param options The level.
 * @returns The accuracy, its interval and the variance's parts.
 * @throws {RangeError} When an item's counts are not whole numbers with 0 ≤ right ≤ asked, 1 ≤ asked.
 *
 * @example Three items asked 4 times
 * ```ts
 * import { sampledAccuracy } from "./sampled_accuracy.ts";
 * import assert from "node:assert/strict";
 *
 * const a = sampledAccuracy([{ asked: 4, right: 4 }, { asked: 4, right: 2 }, { asked: 4, right: 0 }]);
 * assert.equal(a.accuracy, 0.5);
 * assert.ok(a.lower < 0.5 && a.upper > 0.5);
 * assert.equal(a.withinVariance, (0.25 * 4 / 3) / 3);
 * ```
 */
export function sampledAccuracy(
  items: readonly SampledItem[],
  options: SampledAccuracyOptions = {},
): SampledAccuracy {
  const level = options.level ?? 0.05;
  const shares: number[] = [];
  const within: number[] = [];
  let overK = 0;
  for (const { asked, right } of items) {
    if (
      !(Number.isInteger(asked) && Number.isInteger(right) && asked >= 1 && right >= 0 &&
        right <= asked)
    ) {
      throw new RangeError(`sampledAccuracy: ${right} right of ${asked} asked is not a count`);
    }
    const p = right / asked;
    shares.push(p);
    if (asked >= 2) {
      const v = (p * (1 - p) * asked) / (asked - 1);
      within.push(v);
      overK += v / asked;
    }
  }
  const m = bettingInterval(shares, level, [0, 1], null);
  const withinVariance = within.length === 0
    ? null
    : within.reduce((a, b) => a + b, 0) / within.length;
  const betweenVariance = withinVariance === null || shares.length < 2
    ? null
    : Math.max(0, m.sd * m.sd - overK / within.length);
  return {
    items: shares.length,
    accuracy: m.mean,
    lower: m.lower,
    upper: m.upper,
    withinVariance,
    betweenVariance,
  };
}
