/**
 * A confidence interval, and the normal quantile the report's 95% intervals use.
 *
 * @module
 */

/** A two-sided confidence interval: `lower ≤ upper`, both inclusive. */
export interface Interval {
  /** The lower limit. */
  readonly lower: number;
  /** The upper limit. */
  readonly upper: number;
}

/**
 * The standard normal quantile for a two-sided 95% interval: Φ⁻¹(0.975), to double precision.
 *
 * @example
 * ```ts
 * import { Z_95 } from "./interval.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(Z_95.toFixed(2), "1.96");
 * ```
 */
export const Z_95: number = 1.959963984540054;
