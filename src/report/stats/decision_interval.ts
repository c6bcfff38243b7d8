/**
 * The interval every decision of the report reads: an exact interval for the difference of two
 * paired accuracies that covers at its stated level for every table, whatever the number of
 * discordant items, and that excludes 0 exactly when the exact McNemar test rejects.
 *
 * @module
 */

import { binomialAtLeast } from "./_binomial.ts";
import { increasingRoot } from "./_root.ts";
import { holmAdjust, holmLevels } from "./holm.ts";
import type { Interval } from "./interval.ts";
import { mcnemarExactP } from "./mcnemar.ts";
import type { PairedTable } from "./paired_table.ts";

/**
 * The share of an interval's level spent on the share π of discordant items that favour the
 * first model, and so the share at which the exact McNemar test decides: 0.9. The rest (0.1) bounds
 * the discordance δ. A 95% interval is a 95.5% interval for π and a 99.5% interval for δ.
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
 * import { testLevelOf } from "@assess/assess/report";
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
 * and π the chance that a discordant item favours the first model. N ~ Binomial(n, δ) and, given
 * N, b ~ Binomial(N, π). Two exact Clopper–Pearson intervals (Clopper & Pearson 1934) bound the two:
 *
 * - π in [π_L, π_U] at level α_π = 0.9·alpha ({@linkcode TEST_SHARE}), given N: π_L solves
 *   P(X ≥ b | π_L) = α_π/2 (0 when b = 0), π_U solves P(X ≤ b | π_U) = α_π/2 (1 when c = 0);
 *   with N = 0, [0, 1];
 * - δ in [δ_L, δ_U] at level α_δ = 0.1·alpha, from N of n in the same way.
 *
 * Then, with g_L = 2π_L − 1 and g_U = 2π_U − 1, the interval for d is the range of δ·(2π − 1) over
 * the box:
 *
 * lower = g_L·δ_U when g_L < 0, else g_L·δ_L;  upper = g_U·δ_U when g_U > 0, else g_U·δ_L.
 *
 * Each end misses d only when π is outside its interval on one side (chance at most α_π/2, for
 * every N) or δ outside its own on one side (at most α_δ/2): so each end errs with chance at
 * most alpha/2, and the interval covers with chance at least 1 − alpha, for every n, δ and d. No
 * large-sample approximation is made. With no discordant item it is [−δ_U, δ_U]: n items that all
 * agree still leave room for a difference as large as the discordance could be.
 *
 * It excludes 0 exactly when the exact McNemar test ({@linkcode mcnemarExactP}) gives p < α_π:
 * δ_L > 0 whenever N > 0, so the sign of each end is the sign of g_L or g_U. Each π limit is the
 * root of the binomial tail (regula falsi, to 1e-15), searched on the side of ½ that the test's
 * own p-value decides, so this holds even when p is within a rounding of α_π.
 *
 * @param table The paired counts; the first model is the one compared.
 * @param options `alpha`: the interval is a 1 − alpha interval (default 0.05).
 * @returns The interval for the difference, first minus second, as fractions.
 * @throws {RangeError} When a count is not a non-negative integer, all are 0, or alpha is not in
 *   (0, 1).
 *
 * @example 6 items only the adapter gets right, 16 only the baseline, 2,000 items
 * ```ts
 * import { decisionInterval, mcnemarExactP } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const table = { bothRight: 1500, onlyFirst: 6, onlySecond: 16, bothWrong: 478 };
 * const { lower, upper } = decisionInterval(table);
 * assert.equal(mcnemarExactP(6, 16).toFixed(4), "0.0525");
 * assert.ok(lower < 0 && upper > 0); // p ≥ 0.045: the interval holds 0
 *
 * // No discordant item of 50: the difference could still be 11 points either way.
 * const none = decisionInterval({ bothRight: 40, onlyFirst: 0, onlySecond: 0, bothWrong: 10 });
 * assert.equal((none.lower * 100).toFixed(1), "-11.3");
 * assert.equal((none.upper * 100).toFixed(1), "11.3");
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
  const test = testLevelOf(alpha);
  return limits(b, c, n, test, alpha - test, mcnemarExactP(b, c) < test);
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
 * interval: the same Holm step, with the remaining share of that level bounding the discordance.
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
 * import { coherentIntervals } from "@assess/assess/report";
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
      ...limits(b, c, n, testLevel, level - testLevel, rejected),
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
 * The interval for d: π at level `test` given the decision (`rejected` says whether the test
 * rejects π = ½ at this level: then the interval is on the side of ½ that b and c point to), δ at
 * level `rest`.
 */
function limits(
  b: number,
  c: number,
  n: number,
  test: number,
  rest: number,
  rejected: boolean,
): Interval {
  const N = b + c;
  const deltaLower = N === 0 ? 0 : clopperPearsonLower(N, n, rest / 2);
  const deltaUpper = N === n ? 1 : 1 - clopperPearsonLower(n - N, n, rest / 2);
  const gLower = N === 0 ? -1 : 2 * lowerLimit(b, N, test / 2, rejected && b > c) - 1;
  // 1 − π_U is the lower limit of the share that favours the second model.
  const gUpper = N === 0 ? 1 : 1 - 2 * lowerLimit(c, N, test / 2, rejected && c > b);
  return {
    lower: gLower * (gLower < 0 ? deltaUpper : deltaLower),
    upper: gUpper * (gUpper > 0 ? deltaUpper : deltaLower),
  };
}

/** The Clopper–Pearson lower limit for a proportion, x ≥ 1 of n: P(X ≥ x | p) = tail. */
function clopperPearsonLower(x: number, n: number, tail: number): number {
  const f = (p: number) => binomialAtLeast(x, n, p) - tail;
  return increasingRoot(f, [0, 1], [-tail, 1 - tail], 1e-15);
}

/**
 * The Clopper–Pearson lower limit for π given x of N: the π with P(X ≥ x | π) = tail, searched
 * above ½ when `above` (the test rejects towards this side) and at or below ½ otherwise. Where the
 * tail at ½ computes, by a rounding, on the other side of `tail` than the test's decision says,
 * the limit is the double next to ½ on the decided side.
 */
function lowerLimit(x: number, N: number, tail: number, above: boolean): number {
  if (x === 0) return 0;
  const f = (pi: number) => binomialAtLeast(x, N, pi) - tail;
  const half = f(0.5);
  if (above) {
    if (half >= 0) return 0.5 + Number.EPSILON / 2;
    return increasingRoot(f, [0.5, 1], [half, 1 - tail], 1e-15);
  }
  if (half < 0) return 0.5;
  return increasingRoot(f, [0, 0.5], [-tail, half], 1e-15);
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
