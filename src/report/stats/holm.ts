/**
 * Holm's step-down adjustment of p-values for multiple comparisons.
 *
 * @module
 */

/**
 * Holm's adjusted p-values (Holm 1979), in the order given: with the m p-values sorted
 * p₍₁₎ ≤ … ≤ p₍ₘ₎,
 *
 * p̃₍ᵢ₎ = min(1, max_{j ≤ i} (m − j + 1)·p₍ⱼ₎)
 *
 * Rejecting every hypothesis whose adjusted p-value is below α keeps the family-wise error rate at
 * α whatever the dependence between the tests, and is never less powerful than Bonferroni. This is
 * what R's `p.adjust(p, "holm")` returns. Ties keep their given order; that changes nothing.
 *
 * @param pValues The unadjusted p-values, each in [0, 1].
 * @returns The adjusted p-values, one for each given, in the same order.
 * @throws {RangeError} When a p-value is not a number in [0, 1].
 *
 * @example
 * ```ts
 * import { holmAdjust } from "./holm.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(holmAdjust([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02]);
 * ```
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  pValues.forEach((p, i) => {
    if (typeof p !== "number" || !(p >= 0 && p <= 1)) {
      throw new RangeError(`holmAdjust: p-value ${i} must be a number from 0 to 1, not ${p}`);
    }
  });
  const m = pValues.length;
  const order = ascending(pValues);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}

/** A comparison's place in Holm's procedure: see {@linkcode holmLevels}. */
export interface HolmLevel {
  /** Whether Holm's procedure rejects it: its adjusted p-value is below alpha. */
  readonly rejected: boolean;
  /**
   * The level its test is decided at: alpha/(m − k + 1), with r its rank among the p-values
   * (ascending), j the first rank not rejected (m + 1 when all are) and k = min(r, j).
   */
  readonly level: number;
}

/**
 * The level at which Holm's step-down procedure decides each hypothesis, so that a test or
 * interval at that level agrees with the Holm-adjusted p-value (Holm 1979).
 *
 * Sort the p-values p₍₁₎ ≤ … ≤ p₍ₘ₎ (ties in the order given, as {@linkcode holmAdjust}) and let j
 * be the first rank not rejected, that is the first with p₍ⱼ₎ ≥ alpha/(m − j + 1) (m + 1 when
 * every hypothesis is rejected). The hypothesis of rank r is decided at
 *
 * level = alpha/(m − k + 1), k = min(r, j)
 *
 * and p₍ᵣ₎ < level exactly when it is rejected: for r < j by the definition of j, and for r ≥ j
 * because p₍ᵣ₎ ≥ p₍ⱼ₎ ≥ alpha/(m − j + 1). So a confidence interval at level `level` that inverts
 * the same test excludes the null value exactly when the Holm-adjusted p is below alpha. Whether
 * a hypothesis is rejected is read from {@linkcode holmAdjust}'s own arithmetic, so the two never
 * disagree by a rounding.
 *
 * These are the levels Holm's procedure uses, not a simultaneous confidence statement: an interval
 * at its level covers with probability at least 1 − alpha each, since every level is at most alpha.
 *
 * @param pValues The unadjusted p-values, each in [0, 1].
 * @param alpha The family-wise level, in (0, 1).
 * @returns For each p-value, in the order given, whether it is rejected and its level.
 * @throws {RangeError} When a p-value is not a number in [0, 1] or alpha is not in (0, 1).
 *
 * @example Three comparisons: the first two rejected (at 0.05/3 and 0.05/2), the third not
 * ```ts
 * import { holmLevels } from "./holm.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(holmLevels([0.001, 0.02, 0.2], 0.05), [
 *   { rejected: true, level: 0.05 / 3 },
 *   { rejected: true, level: 0.05 / 2 },
 *   { rejected: false, level: 0.05 },
 * ]);
 * ```
 */
export function holmLevels(pValues: readonly number[], alpha: number): HolmLevel[] {
  if (!(alpha > 0 && alpha < 1)) {
    throw new RangeError(`holmLevels: alpha must be a number between 0 and 1, not ${alpha}`);
  }
  const adjusted = holmAdjust(pValues);
  const m = pValues.length;
  const order = ascending(pValues);
  const out = new Array<HolmLevel>(m);
  let first = m + 1; // j: the first rank (from 1) not rejected
  order.forEach((index, position) => {
    const rank = position + 1;
    const rejected = adjusted[index]! < alpha;
    if (!rejected && first > m) first = rank;
    const k = Math.min(rank, first);
    out[index] = { rejected, level: alpha / (m - k + 1) };
  });
  return out;
}

/** The indices of the p-values, smallest p first, ties in the order given. */
function ascending(pValues: readonly number[]): number[] {
  return pValues.map((_, i) => i).sort((i, j) => pValues[i]! - pValues[j]! || i - j);
}
