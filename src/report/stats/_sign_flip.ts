// The exact sign-flip (Fisher–Pitman) test of a mean of paired differences and its interval by
// Hartigan's subset means (1969), for the comparisons of several samples per item with few
// items. Private to src/report/stats.

/** The most differences the exact test enumerates: 2¹⁶ sign patterns. */
export const SIGN_FLIP_MAX_ITEMS = 16;

/**
 * How far from 0 a subset's sum may be and still count as 0: the differences are differences of
 * shares r/K, so a sum that is not 0 is far larger than the rounding of adding 16 of them.
 */
const TIE = 1e-9;

/** The exact test's two-sided p-value and its interval. */
export interface SignFlip {
  /** The interval's lower limit. */
  readonly lower: number;
  /** The interval's upper limit. */
  readonly upper: number;
  /** The two-sided p-value of a mean difference of 0. */
  readonly pValue: number;
}

/**
 * The exact sign-flip test of `differences` (at most {@linkcode SIGN_FLIP_MAX_ITEMS}): with n of
 * them and 2ⁿ sign patterns, P↑ = (1 + #{nonempty subsets A: Σ_A dᵢ ≤ 0})/2ⁿ (the share of
 * patterns whose signed sum is at least the observed one), P↓ the same with ≥ 0, and the p-value
 * min(1, 2·min(P↑, P↓)). Its interval at `level` is Hartigan's: the 2ⁿ − 1 nonempty subset means
 * sorted, m₍₁₎ ≤ …, and with k = ⌊level·2ⁿ/2⌋ the interval [m₍ₖ₎, m₍₂ⁿ₋ₖ₎], of coverage at least
 * 1 − 2k/2ⁿ; it is exactly the shifts δ whose test of the differences less δ gives a p-value above
 * `level`. With k = 0 nothing can be excluded: the interval is [−1, 1].
 */
export function signFlip(differences: readonly number[], level: number): SignFlip {
  const n = differences.length;
  if (n > SIGN_FLIP_MAX_ITEMS) {
    throw new RangeError(`signFlip: at most ${SIGN_FLIP_MAX_ITEMS} differences, not ${n}`);
  }
  const patterns = 2 ** n;
  const sums = new Float64Array(patterns);
  const means = new Float64Array(patterns - 1);
  let atMost = 0;
  let atLeast = 0;
  for (let mask = 1; mask < patterns; mask++) {
    const low = mask & -mask;
    const sum = sums[mask ^ low]! + differences[31 - Math.clz32(low)]!;
    sums[mask] = sum;
    if (sum <= TIE) atMost++;
    if (sum >= -TIE) atLeast++;
    means[mask - 1] = sum / bits(mask);
  }
  const pValue = Math.min(1, (2 * (1 + Math.min(atMost, atLeast))) / patterns);
  const k = Math.floor((level * patterns) / 2);
  if (k === 0) return { lower: -1, upper: 1, pValue };
  means.sort();
  return { lower: means[k - 1]!, upper: means[patterns - 1 - k]!, pValue };
}

/** The number of 1 bits of `x`. */
function bits(x: number): number {
  let count = 0;
  for (let v = x; v !== 0; v &= v - 1) count++;
  return count;
}
