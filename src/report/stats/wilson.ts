/**
 * The Wilson score interval for a binomial proportion.
 *
 * @module
 */

import { type Interval, Z_95 } from "./interval.ts";

/** Options of {@linkcode wilsonInterval}. */
export interface WilsonOptions {
  /** The normal quantile: 1.959963984540054 (95%) when left out. */
  readonly z?: number;
}

/**
 * The Wilson score interval (Wilson 1927) for a proportion of `successes` in `trials`:
 *
 * (2x + z² ∓ z·√(z² + 4x(n − x)/n)) / (2(n + z²))
 *
 * It stays inside [0, 1], is never empty, and keeps its coverage near the nominal level when the
 * proportion is near 0 or 1, where the textbook `p ± z·√(p(1−p)/n)` collapses (Newcombe 1998,
 * "Two-sided confidence intervals for the single proportion", method 3). The lower limit is
 * exactly 0 when `successes` is 0, and the upper exactly 1 when it is `trials`.
 *
 * @param successes The count of successes, an integer in [0, trials].
 * @param trials The count of trials, a positive integer.
 * @param options `z`: the normal quantile (default 1.959963984540054, a 95% interval).
 * @returns The interval.
 * @throws {RangeError} When `trials` is not a positive integer, `successes` is not an integer in
 *   [0, trials], or `z` is not a positive finite number.
 *
 * @example 81 of 263 (Newcombe 1998, Table I)
 * ```ts
 * import { wilsonInterval } from "./wilson.ts";
 * import assert from "node:assert/strict";
 *
 * const { lower, upper } = wilsonInterval(81, 263);
 * assert.equal(lower.toFixed(4), "0.2553");
 * assert.equal(upper.toFixed(4), "0.3662");
 * ```
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  options: WilsonOptions = {},
): Interval {
  const z = options.z ?? Z_95;
  if (!Number.isSafeInteger(trials) || trials <= 0) {
    throw new RangeError(`wilsonInterval: trials must be a positive integer, not ${trials}`);
  }
  if (!Number.isSafeInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(
      `wilsonInterval: successes must be an integer from 0 to ${trials}, not ${successes}`,
    );
  }
  if (!Number.isFinite(z) || z <= 0) {
    throw new RangeError(`wilsonInterval: z must be a positive number, not ${z}`);
  }
  const x = successes;
  const n = trials;
  const z2 = z * z;
  const centre = 2 * x + z2;
  const spread = z * Math.sqrt(z2 + (4 * x * (n - x)) / n);
  const denominator = 2 * (n + z2);
  return {
    lower: x === 0 ? 0 : Math.max(0, (centre - spread) / denominator),
    upper: x === n ? 1 : Math.min(1, (centre + spread) / denominator),
  };
}
