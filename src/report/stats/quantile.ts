/**
 * The median and the 95th percentile of a list of measurements (latencies).
 *
 * @module
 */

/** The centre and the tail of a list of measurements. */
export interface Spread {
  /** The median: the middle value, or the mean of the two middle values for an even count. */
  readonly median: number;
  /** The 95th percentile by nearest rank: the ⌈0.95·n⌉-th smallest value. */
  readonly p95: number;
}

/**
 * The median and the nearest-rank 95th percentile of some measurements. The nearest rank is a
 * value that was measured (no interpolation): for 20 values it is the 19th smallest, for 100 the
 * 95th, and for fewer than 20 values at most the largest.
 *
 * @param values The measurements, each a finite number; not modified.
 * @returns The median and 95th percentile, or `undefined` when there is no value.
 * @throws {RangeError} When a value is not a finite number.
 *
 * @example
 * ```ts
 * import { spread } from "./quantile.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(spread([4, 1, 3, 2]), { median: 2.5, p95: 4 });
 * assert.equal(spread([]), undefined);
 * ```
 */
export function spread(values: ArrayLike<number>): Spread | undefined {
  const n = values.length;
  if (n === 0) return undefined;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) {
      throw new RangeError(`spread: value ${i} is not a finite number: ${v}`);
    }
    sorted[i] = v;
  }
  sorted.sort();
  const mid = n >> 1;
  const median = n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const rank = Math.max(1, Math.ceil(0.95 * n - 1e-9));
  return { median, p95: sorted[rank - 1]! };
}
