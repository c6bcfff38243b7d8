/**
 * The exact conditional interval for a paired difference: the interval that inverts the exact
 * McNemar test, so that it excludes 0 exactly when the test (Holm-adjusted, in a family) rejects.
 *
 * @module
 */

import { binomialAtLeast } from "./_binomial.ts";
import { increasingRoot } from "./_root.ts";
import { holmAdjust, holmLevels } from "./holm.ts";
import type { Interval } from "./interval.ts";
import { mcnemarExactP } from "./mcnemar.ts";
import type { PairedTable } from "./paired_table.ts";

/** Options of {@linkcode exactConditionalInterval}. */
export interface ConditionalIntervalOptions {
  /** The level: the interval is a 1 − alpha interval. 0.05 when left out. */
  readonly alpha?: number;
}

/**
 * The exact conditional interval for the difference of two paired accuracies, at level alpha.
 *
 * Given the N = b + c discordant items (b favour the first model, c the second), b is
 * Binomial(N, π), π the chance that a discordant item favours the first model. The
 * Clopper–Pearson interval for π (Clopper & Pearson 1934) inverts the two-sided binomial test with
 * equal tails: π_L solves P(X ≥ b | π_L) = alpha/2 (π_L = 0 when b = 0) and π_U solves
 * P(X ≤ b | π_U) = alpha/2 (π_U = 1 when c = 0), that is Beta(alpha/2; b, c + 1) and
 * Beta(1 − alpha/2; b + 1, c). Given the discordance, the difference of accuracies is
 * d = (N/n)·(2π − 1), so the interval for d is
 *
 * [(N/n)·(2π_L − 1), (N/n)·(2π_U − 1)]
 *
 * At π = ½ the equal-tailed test is the exact McNemar test ({@linkcode mcnemarExactP}), so the
 * interval excludes 0 exactly when p < alpha. Each limit is the root of the binomial tail (regula
 * falsi, to 1e-15), searched on the side of ½ that the test's own p-value decides, so this holds
 * even when p is within a rounding of alpha (a limit then lands on the double next to ½).
 *
 * It is conditional on N: it treats the observed discordance as known, so it is about as wide as
 * the uncertainty in π allows, not wider for the uncertainty in N/n (which scales the difference
 * but cannot move it across 0). With no discordant item (b + c = 0) it is [0, 0]: on the items
 * where the two models differ, there is none. That says nothing about the population; read it
 * with the minimum detectable difference.
 *
 * @param table The paired counts; the first model is the one compared.
 * @param options `alpha`: the interval is a 1 − alpha interval (default 0.05).
 * @returns The interval for the difference, first minus second, as fractions.
 * @throws {RangeError} When a count is not a non-negative integer, all are 0, or alpha is not in
 *   (0, 1).
 *
 * @example 6 items only the adapter gets right, 16 only the baseline, 2,000 items
 * ```ts
 * import { exactConditionalInterval, mcnemarExactP } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const table = { bothRight: 1500, onlyFirst: 6, onlySecond: 16, bothWrong: 478 };
 * const { lower, upper } = exactConditionalInterval(table);
 * assert.equal(mcnemarExactP(6, 16).toFixed(4), "0.0525");
 * assert.ok(lower < 0 && upper > 0); // p ≥ 0.05: the interval holds 0
 * assert.equal((lower * 100).toFixed(2), "-0.86"); // points
 * assert.equal((upper * 100).toFixed(3), "0.005");
 * ```
 */
export function exactConditionalInterval(
  table: PairedTable,
  options: ConditionalIntervalOptions = {},
): Interval {
  const alpha = options.alpha ?? 0.05;
  checkAlpha("exactConditionalInterval", alpha);
  const n = items("exactConditionalInterval:", table);
  if (n === 0) throw new RangeError("exactConditionalInterval: the table is empty");
  const { onlyFirst: b, onlySecond: c } = table;
  return limits(b, c, n, alpha, mcnemarExactP(b, c) < alpha);
}

/** A comparison's exact conditional interval at the level its Holm decision uses. */
export interface CoherentInterval extends Interval {
  /** The difference of accuracies, first minus second: (b − c)/n. */
  readonly difference: number;
  /** The exact McNemar p-value. */
  readonly pValue: number;
  /** The p-value Holm-adjusted across the family. */
  readonly pAdjusted: number;
  /** The level of the interval (it is a 1 − level interval): see {@linkcode holmLevels}. */
  readonly level: number;
  /** Whether Holm's procedure rejects "no difference": pAdjusted < alpha. */
  readonly rejected: boolean;
}

/** Options of {@linkcode coherentIntervals}. */
export interface CoherentIntervalsOptions {
  /** The family-wise level: 0.05 when left out. */
  readonly alpha?: number;
}

/**
 * Each comparison's exact conditional interval ({@linkcode exactConditionalInterval}) at the level
 * at which Holm's procedure decides it ({@linkcode holmLevels}), so that for every comparison the
 * interval excludes 0 exactly when its Holm-adjusted p-value is below alpha: the figures next to a
 * verdict never contradict it.
 *
 * With the m p-values sorted, j the first rank Holm does not reject (m + 1 when all are), the
 * comparison of rank r gets a 1 − alpha/(m − k + 1) interval, k = min(r, j). A comparison
 * rejected at step r is shown at the level it passed; the ones not rejected at the level of the
 * step where the procedure stopped. Each level is at most alpha, so each interval covers its
 * difference with probability at least 1 − alpha; the set is not a simultaneous 1 − alpha
 * statement (Holm-compatible simultaneous intervals, Strassburger & Bretz 2008, say only "above 0"
 * for a rejected comparison unless every one is rejected, which is less useful on a page).
 *
 * A table with no item has no interval (`null`) and is not counted in m, as in the report.
 *
 * @param tables The family's paired tables, one per comparison.
 * @param options `alpha`: the family-wise level (default 0.05).
 * @returns For each table, in order, its interval, p-values, level and decision, or `null`.
 * @throws {RangeError} When a count is not a non-negative integer or alpha is not in (0, 1).
 *
 * @example Two adapters: the second's p of 0.030 passes Holm's second step, at 0.05
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
  const levels = holmLevels(pValues, alpha);
  const out: (CoherentInterval | null)[] = tables.map(() => null);
  family.forEach((i, f) => {
    const { onlyFirst: b, onlySecond: c } = tables[i]!;
    const n = sizes[i]!;
    const { level, rejected } = levels[f]!;
    out[i] = {
      difference: (b - c) / n,
      ...limits(b, c, n, level, rejected),
      pValue: pValues[f]!,
      pAdjusted: adjusted[f]!,
      level,
      rejected,
    };
  });
  return out;
}

/**
 * The interval for d given the decision: `rejected` says whether the test rejects π = ½ at this
 * level (then the interval is on the side of ½ that b and c point to).
 */
function limits(b: number, c: number, n: number, alpha: number, rejected: boolean): Interval {
  const N = b + c;
  if (N === 0) return { lower: 0, upper: 0 };
  const scale = N / n;
  const lowerPi = lowerLimit(b, N, alpha / 2, rejected && b > c);
  const upperPiMirror = lowerLimit(c, N, alpha / 2, rejected && c > b); // 1 − π_U
  return { lower: scale * (2 * lowerPi - 1), upper: scale * (1 - 2 * upperPiMirror) };
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
