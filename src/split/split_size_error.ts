/**
 * The error for a split size the dataset cannot give. Its own module, so that the command line's
 * error funnel can know it without loading the split (and `node:crypto`) at start-up.
 *
 * @module
 */

/**
 * A split size the dataset cannot give (the command line exits 64): less than 1, not whole, or more
 * than the dataset's eligible items.
 *
 * @example
 * ```ts
 * import { SplitSizeError } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const e = new SplitSizeError(20, 15);
 * assert(e instanceof RangeError);
 * assert.equal(e.eligibleCount, 15);
 * ```
 */
export class SplitSizeError extends RangeError {
  /** The size asked for. */
  readonly size: number;
  /** How many eligible items the dataset has. */
  readonly eligibleCount: number;

  /**
   * Makes the error for a size the dataset cannot give.
   *
   * @param size The size asked for.
   * @param eligibleCount How many eligible items the dataset has.
   */
  constructor(size: number, eligibleCount: number) {
    super(
      `split.size ${size} is more than the dataset can give: it has ${eligibleCount} eligible ${
        eligibleCount === 1 ? "item" : "items"
      }, and the size must be from 1 to that`,
    );
    this.name = "SplitSizeError";
    this.size = size;
    this.eligibleCount = eligibleCount;
  }
}
