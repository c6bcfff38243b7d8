// The t interval of a mean, for the figures of several samples per item. Private to
// src/report/stats.

import { studentQuantile, studentTwoSided } from "./_student_t.ts";

/** A mean of per-item values with its t interval and the two-sided p-value of mean = 0. */
export interface MeanInterval {
  /** The mean. */
  readonly mean: number;
  /** The sample standard deviation (n − 1 in the denominator); 0 with one value. */
  readonly sd: number;
  /** The interval's lower limit. */
  readonly lower: number;
  /** The interval's upper limit. */
  readonly upper: number;
  /** The two-sided p-value of the t test of mean = 0. */
  readonly pValue: number;
}

/**
 * The mean of `values` with the two-sided t interval at `level` on n − 1 degrees of freedom,
 * mean ± t·sd/√n, clipped to [`floor`, `ceiling`], and the t test's p-value for a mean of 0. With
 * one value, or none, nothing is known of the spread: the interval is [`floor`, `ceiling`] and the
 * p-value 1. With every value the same (sd 0), the interval is that value and the p-value is 1 when
 * it is 0, else 0.
 */
export function meanInterval(
  values: readonly number[],
  level: number,
  [floor, ceiling]: readonly [number, number],
): MeanInterval {
  const n = values.length;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = n === 0 ? 0 : sum / n;
  if (n < 2) return { mean, sd: 0, lower: floor, upper: ceiling, pValue: 1 };
  let squares = 0;
  for (const v of values) squares += (v - mean) * (v - mean);
  const sd = Math.sqrt(squares / (n - 1));
  const se = sd / Math.sqrt(n);
  if (se === 0) {
    const at = Math.min(ceiling, Math.max(floor, mean));
    return { mean, sd, lower: at, upper: at, pValue: mean === 0 ? 1 : 0 };
  }
  const half = studentQuantile(level, n - 1) * se;
  return {
    mean,
    sd,
    lower: Math.max(floor, mean - half),
    upper: Math.min(ceiling, mean + half),
    pValue: studentTwoSided(mean / se, n - 1),
  };
}
