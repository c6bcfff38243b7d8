/**
 * A confidence interval for the difference of two proportions measured on the same items.
 *
 * @module
 */

import { type Interval, Z_95 } from "./interval.ts";
import type { PairedTable } from "./paired_table.ts";
import { wilsonInterval } from "./wilson.ts";

/** The difference of two paired proportions and its interval. */
export interface PairedDifference extends Interval {
  /** The first proportion minus the second: (onlyFirst − onlySecond) / n. */
  readonly difference: number;
}

/** Options of {@linkcode pairedDifferenceInterval}. */
export interface PairedDifferenceOptions {
  /** The normal quantile: 1.959963984540054 (95%) when left out. */
  readonly z?: number;
}

/**
 * Newcombe's hybrid score interval for the difference of paired proportions (Newcombe 1998,
 * "Improved confidence intervals for the difference between binomial proportions based on paired
 * data", method 10; Fagerland, Lydersen & Laake 2014 call it the square-and-add interval and
 * recommend it). With the table a = both right, b = only the first, c = only the second,
 * d = both wrong, n = a + b + c + d, the proportions p₁ = (a + b)/n and p₂ = (a + c)/n, their
 * Wilson intervals (l₁, u₁) and (l₂, u₂), and D = p₁ − p₂:
 *
 * - lower = D − √((p₁ − l₁)² − 2φ(p₁ − l₁)(u₂ − p₂) + (u₂ − p₂)²)
 * - upper = D + √((u₁ − p₁)² − 2φ(u₁ − p₁)(p₂ − l₂) + (p₂ − l₂)²)
 *
 * where φ estimates the correlation of the two verdicts: with A = ad − bc and the margins'
 * product P = (a + b)(c + d)(a + c)(b + d), φ = (A − n/2)/√P when A > n/2, 0 when
 * 0 ≤ A ≤ n/2, A/√P when A < 0, and 0 when any margin is 0. The limits are clipped to [−1, 1].
 *
 * It is well defined for every table with n ≥ 1, stays inside [−1, 1], and does not collapse to a
 * point when there are no discordant pairs (unlike the Wald interval), which matters when two
 * models agree on almost every item.
 *
 * @param table The paired counts; the first model is the one compared.
 * @param options `z`: the normal quantile (default 1.959963984540054, a 95% interval).
 * @returns The difference p₁ − p₂ and its interval.
 * @throws {RangeError} When a count is not a non-negative integer or all are 0.
 *
 * @example Complete response before and after consolidation (Fagerland et al. 2014)
 * ```ts
 * import { pairedDifferenceInterval } from "./paired_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const d = pairedDifferenceInterval({ bothRight: 59, onlyFirst: 6, onlySecond: 16, bothWrong: 80 });
 * assert.equal(d.difference.toFixed(4), "-0.0621");
 * assert.equal(d.lower.toFixed(4), "-0.1186");
 * assert.equal(d.upper.toFixed(4), "-0.0046");
 * ```
 */
export function pairedDifferenceInterval(
  table: PairedTable,
  options: PairedDifferenceOptions = {},
): PairedDifference {
  const { bothRight: a, onlyFirst: b, onlySecond: c, bothWrong: d } = table;
  for (
    const [name, value] of Object.entries({
      bothRight: a,
      onlyFirst: b,
      onlySecond: c,
      bothWrong: d,
    })
  ) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(
        `pairedDifferenceInterval: ${name} must be a non-negative integer, not ${value}`,
      );
    }
  }
  const n = a + b + c + d;
  if (n === 0) throw new RangeError("pairedDifferenceInterval: the table is empty");
  const z = options.z ?? Z_95;
  const p1 = (a + b) / n;
  const p2 = (a + c) / n;
  const w1 = wilsonInterval(a + b, n, { z });
  const w2 = wilsonInterval(a + c, n, { z });
  const phi = correlation(a, b, c, d);
  const dl1 = p1 - w1.lower;
  const du1 = w1.upper - p1;
  const dl2 = p2 - w2.lower;
  const du2 = w2.upper - p2;
  const difference = (b - c) / n;
  const below = Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2));
  const above = Math.sqrt(Math.max(0, du1 * du1 - 2 * phi * du1 * dl2 + dl2 * dl2));
  return {
    difference,
    lower: Math.max(-1, difference - below),
    upper: Math.min(1, difference + above),
  };
}

/** Newcombe's φ̂ with its continuity correction for a positive association. */
function correlation(a: number, b: number, c: number, d: number): number {
  const n = a + b + c + d;
  const margins = [a + b, c + d, a + c, b + d];
  if (margins.some((m) => m === 0)) return 0;
  // Products can pass 2^53 for n in the tens of thousands: keep them as floating point.
  const root = Math.sqrt(margins[0]!) * Math.sqrt(margins[1]!) * Math.sqrt(margins[2]!) *
    Math.sqrt(margins[3]!);
  const A = a * d - b * c;
  if (A > n / 2) return (A - n / 2) / root;
  if (A >= 0) return 0;
  return A / root;
}
