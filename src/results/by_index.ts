/**
 * Numbers kept by item index in one typed array: what a run or a report holds for every item it
 * meets, at a few bytes an item and no object per item.
 *
 * @module
 */

/** The typed arrays {@linkcode withRoom} grows. */
export type IndexArray = Uint8Array | Uint16Array | Float64Array;

/**
 * `array` if it has a place for `index`, else a longer copy of it (at least twice as long, the new
 * places set to `fill`): an item's index is its position in the dataset, so an array kept by index
 * is never longer than the dataset has items (give or take the doubling).
 *
 * @param array The array so far.
 * @param index The index it must hold, a whole number of at least 0.
 * @param fill What the new places hold; default 0.
 * @returns `array`, or its longer copy.
 *
 * @example
 * ```ts
 * import { withRoom } from "./by_index.ts";
 * import assert from "node:assert/strict";
 *
 * const a = withRoom(new Float64Array(0), 5, NaN);
 * assert.ok(a.length > 5);
 * assert.ok(Number.isNaN(a[5]!));
 * a[5] = 1;
 * assert.equal(withRoom(a, 5), a);
 * ```
 */
export function withRoom<T extends IndexArray>(array: T, index: number, fill = 0): T {
  if (index < array.length) return array;
  const make = array.constructor as new (length: number) => T;
  const next = new make(Math.max(16, index + 1, array.length * 2));
  next.set(array as never);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}
