/**
 * When replies identical to the baseline's make an adapter suspect: the one rule a comparison and
 * a replica's share of it both follow.
 *
 * @module
 */

/**
 * The share of paired items answered byte for byte as the baseline did, over at least
 * {@linkcode IDENTICAL_MIN_ITEMS} of them, from which an adapter may not be applied: 0.99.
 */
export const IDENTICAL_SHARE = 0.99;

/** The paired items {@linkcode IDENTICAL_SHARE} needs: 50. */
export const IDENTICAL_MIN_ITEMS = 50;

/**
 * Whether identical replies make an adapter suspect: at least {@linkcode IDENTICAL_MIN_ITEMS}
 * paired items, and a share of at least {@linkcode IDENTICAL_SHARE} of them identical.
 *
 * @param identical The paired items whose two replies are identical.
 * @param paired The paired items.
 * @returns Whether the adapter may not be applied.
 *
 * @example 99 identical of 100 is suspect; 98 of 100 is not; 49 of 49 is too few to say
 * ```ts
 * import { identicalSuspect } from "./identical_rule.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   [identicalSuspect(99, 100), identicalSuspect(98, 100), identicalSuspect(49, 49)],
 *   [true, false, false],
 * );
 * ```
 */
export function identicalSuspect(identical: number, paired: number): boolean {
  return paired >= IDENTICAL_MIN_ITEMS && identical / paired >= IDENTICAL_SHARE;
}
