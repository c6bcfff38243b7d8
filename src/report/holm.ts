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
 * import { holmAdjust } from "@assess/assess/report";
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
  const order = pValues.map((_, i) => i).sort((i, j) => pValues[i]! - pValues[j]! || i - j);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
