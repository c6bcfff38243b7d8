/**
 * The interval every decision of the report reads: an exact interval for the difference of two
 * paired accuracies that covers at its stated level for every table, whatever the number of
 * discordant items, and that excludes 0 exactly when the exact McNemar test rejects.
 *
 * @module
 */

import { holmAdjust, holmLevels } from "./holm.ts";
import type { Interval } from "./interval.ts";
import { mcnemarExactP } from "./mcnemar.ts";
import { meldedInterval } from "./_melded_interval.ts";
import type { PairedTable } from "./paired_table.ts";

/**
 * The share of an interval's level at which the exact McNemar test decides: 0.9 (a 95% interval
 * goes with a test at 0.045). The interval itself is at its full level; where the test does not
 * reject, its ends are moved to 0 (see {@linkcode decisionInterval}).
 */
export const TEST_SHARE = 0.9;

/**
 * The level the exact McNemar test is decided at within an interval of the given level:
 * {@linkcode TEST_SHARE} of it, without a rounding's tail (0.05 → 0.045, not 0.045000000000000005).
 *
 * @param level The interval's level, in (0, 1).
 * @returns 9/10 of it.
 *
 * @example
 * ```ts
 * import { testLevelOf } from "./decision_interval.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(testLevelOf(0.05), 0.045);
 * assert.equal(testLevelOf(0.025), 0.0225);
 * ```
 */
export function testLevelOf(level: number): number {
  return (level * 9) / 10;
}

/** Options of {@linkcode decisionInterval}. */
export interface DecisionIntervalOptions {
  /** The level: the interval is a 1 − alpha interval. 0.05 when left out. */
  readonly alpha?: number;
}

/**
 * The exact interval for the difference of two paired accuracies, at level alpha.
 *
 * With n paired items, N = b + c of them discordant (b favour the first model, c the second), the
 * difference of accuracies is d = δ·(2π − 1), where δ is the chance that an item is discordant
 * and π the chance that a discordant item favours the first model. The interval is the melded
 * interval of Fay & Lumbard (2021; R's `exact2x2::mcnemarExactDP`, {@linkcode meldedInterval}) at
 * alpha/2 each side, which melds the exact Clopper–Pearson confidence distributions of δ (from N
 * of n) and of π (from b of N); then, when the exact McNemar test ({@linkcode mcnemarExactP}) does
 * not reject at its level 0.9·alpha ({@linkcode TEST_SHARE}), each end is moved to 0 if it was
 * beyond it (a lower end above 0 becomes 0, an upper end below 0 becomes 0).
 *
 * Each end misses d with chance at most alpha/2, for every n, δ and d computed
 * (reference/report.md, "Exact error rates": every table summed, n from 20 to 5,000); moving an
 * end to 0 only widens the interval. It excludes 0 exactly when the test rejects: the melded lower
 * end is above 0 exactly when the one-sided sign test P(X ≥ b | ½) is below alpha/2, which a
 * rejection at 0.9·alpha (two-sided) implies; and where the test does not reject, the moved ends
 * hold 0. With no discordant item it is ±(1 − (alpha/2)^(1/n)): n items that all agree still
 * leave room for a difference as large as the discordance could be.
 *
 * @param table The paired counts; the first model is the one compared.
 * @param options `alpha`: the interval is a 1 − alpha interval (default 0.05).
 * @returns The interval for the difference, first minus second, as fractions.
 * @throws {RangeError} When a count is not a non-negative integer, all are 0, or alpha is not in
 *   (0, 1).
 *
 * @example 6 items only the adapter gets right, 16 only the baseline, 2,000 items
 * ```ts
 * import { decisionInterval } from "./decision_interval.ts";
 * import { mcnemarExactP } from "./mcnemar.ts";
 * import assert from "node:assert/strict";
 *
 * const table = { bothRight: 1500, onlyFirst: 6, onlySecond: 16, bothWrong: 478 };
 * const { lower, upper } = decisionInterval(table);
 * assert.equal(mcnemarExactP(6, 16).toFixed(4), "0.0525");
 * assert.ok(lower < 0 && upper > 0); // p ≥ 0.045: the interval holds 0
 *
 * // No discordant item of 50: the difference could still be 7 points either way.
 * const none = decisionInterval({ bothRight: 40, onlyFirst: 0, onlySecond: 0, bothWrong: 10 });
 * assert.equal((none.lower * 100).toFixed(1), "-7.1");
 * assert.equal((none.upper * 100).toFixed(1), "7.1");
 * ```
 */
export function decisionInterval(
  table: PairedTable,
  options: DecisionIntervalOptions = {},
): Interval {
  const alpha = options.alpha ?? 0.05;
  checkAlpha("decisionInterval", alpha);
  const n = items("decisionInterval:", table);
  if (n === 0) throw new RangeError("decisionInterval: the table is empty");
  const { onlyFirst: b, onlySecond: c } = table;
  return limits(b, c, n, alpha, mcnemarExactP(b, c) < testLevelOf(alpha));
}

/** A comparison's {@linkcode decisionInterval} at the level its Holm decision uses. */
export interface CoherentInterval extends Interval {
  /** The difference of accuracies, first minus second: (b − c)/n. */
  readonly difference: number;
  /** The exact McNemar p-value. */
  readonly pValue: number;
  /** The p-value Holm-adjusted across the family. */
  readonly pAdjusted: number;
  /**
   * The level of the interval: it is a 1 − level interval (0.05: 95%), alpha/(m − k + 1) for the
   * Holm step k that decides the comparison.
   */
  readonly level: number;
  /** The level the exact McNemar test is decided at: {@linkcode TEST_SHARE} of `level`. */
  readonly testLevel: number;
  /** Whether Holm's procedure rejects "no difference": pAdjusted < TEST_SHARE·alpha. */
  readonly rejected: boolean;
}

/** Options of {@linkcode coherentIntervals}. */
export interface CoherentIntervalsOptions {
  /** The family-wise level: 0.05 when left out. */
  readonly alpha?: number;
}

/**
 * Each comparison's {@linkcode decisionInterval} at the level at which Holm's procedure decides
 * it, so that for every comparison the interval excludes 0 exactly when its Holm-adjusted p-value
 * is below the family's test level: the figures next to a verdict never contradict it.
 *
 * Holm's procedure ({@linkcode holmLevels}) runs on the exact McNemar p-values at the family's
 * test level TEST_SHARE·alpha (0.045 for alpha 0.05). With the m p-values sorted and j the first
 * rank it does not reject (m + 1 when all are), the comparison of rank r is tested at
 * TEST_SHARE·alpha/(m − k + 1), k = min(r, j), and its interval is a 1 − alpha/(m − k + 1)
 * interval at the same Holm step (its ends moved to 0 when that test does not reject).
 * Each level is at most alpha, so each interval covers its difference with probability at least
 * 1 − alpha, and the chance of calling any adapter better or worse when none differs is at most
 * TEST_SHARE·alpha; the set is not a simultaneous 1 − alpha statement.
 *
 * A table with no item has no interval (`null`) and is not counted in m, as in the report.
 *
 * @param tables The family's paired tables, one per comparison.
 * @param options `alpha`: the family-wise level (default 0.05).
 * @returns For each table, in order, its interval, p-values, levels and decision, or `null`.
 * @throws {RangeError} When a count is not a non-negative integer or alpha is not in (0, 1).
 *
 * @example Two adapters: the second's p of 0.030 passes Holm's second step, at 0.045
 * ```ts
 * import { coherentIntervals } from "./decision_interval.ts";
 * import assert from "node:assert/strict";
 *
 * const [a, b] = coherentIntervals([
 *   { bothRight: 1500, onlyFirst: 150, onlySecond: 60, bothWrong: 290 },
 *   { bothRight: 1500, onlyFirst: 36, onlySecond: 19, bothWrong: 445 },
 * ]);
 * assert.equal(a!.level, 0.025);
 * assert.equal(b!.level, 0.05);
 * assert.ok(a!.rejected && a!.lower > 0);
 * assert.ok(b!.rejected && b!.lower > 0);
 * ```
 */
export function coherentIntervals(
  tables: readonly PairedTable[],
  options: CoherentIntervalsOptions = {},
): (CoherentInterval | null)[] {
  const alpha = options.alpha ?? 0.05;
  checkAlpha("coherentIntervals", alpha);
  const sizes = tables.map((t, i) => items(`coherentIntervals: table ${i}:`, t));
  const family = tables.map((_, i) => i).filter((i) => sizes[i]! > 0);
  const pValues = family.map((i) => mcnemarExactP(tables[i]!.onlyFirst, tables[i]!.onlySecond));
  const adjusted = holmAdjust(pValues);
  const testAlpha = testLevelOf(alpha);
  const levels = holmLevels(pValues, testAlpha);
  const out: (CoherentInterval | null)[] = tables.map(() => null);
  family.forEach((i, f) => {
    const { onlyFirst: b, onlySecond: c } = tables[i]!;
    const n = sizes[i]!;
    const { level: testLevel, rejected } = levels[f]!;
    const step = Math.round(testAlpha / testLevel); // m − k + 1
    const level = alpha / step;
    out[i] = {
      difference: (b - c) / n,
      ...limits(b, c, n, level, rejected),
      pValue: pValues[f]!,
      pAdjusted: adjusted[f]!,
      level,
      testLevel,
      rejected,
    };
  });
  return out;
}

/**
 * The interval for d at `level`: the melded interval at level/2 each side, its ends moved to 0
 * when the test does not reject (`rejected`: the exact McNemar test rejects at the interval's test
 * level).
 */
function limits(b: number, c: number, n: number, level: number, rejected: boolean): Interval {
  const { lower, upper } = meldedInterval(b, c, n, level / 2);
  if (rejected) return { lower, upper };
  return { lower: Math.min(lower, 0), upper: Math.max(upper, 0) };
}

function checkAlpha(name: string, alpha: number): void {
  if (!(alpha > 0 && alpha < 1)) {
    throw new RangeError(`${name}: alpha must be a number between 0 and 1, not ${alpha}`);
  }
}

/** n of a table, after checking its counts. */
function items(name: string, table: PairedTable): number {
  let n = 0;
  for (const key of ["bothRight", "onlyFirst", "onlySecond", "bothWrong"] as const) {
    const value = table[key];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${name} ${key} must be a non-negative integer, not ${value}`);
    }
    n += value;
  }
  return n;
}
