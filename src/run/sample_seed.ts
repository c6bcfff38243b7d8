/**
 * The seed of one sample of an item, with `sampling.samples` above 1: derived from
 * `sampling.seed`, the item's id and the sample's number, so that the same configuration asks the
 * same seeds again (and a resumed run asks a missing sample with the seed it would have had).
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import { sha256Hex } from "../dataset/sha256.ts";

/**
 * The `seed` sent for sample `sample` of the item `itemId`: the first 8 bytes of the SHA-256 of
 * the UTF-8 text `assess-sample\n<sampling.seed>\n<item id>\n<sample>` (the seed and the sample
 * in decimal, the id as the dataset gives it), read as a signed 64-bit big-endian integer, the
 * range vLLM accepts. With one sample per item no seed is derived: every request sends
 * `sampling.seed` itself, as before `sampling.samples` existed.
 *
 * @param seed `sampling.seed`.
 * @param itemId The item's id.
 * @param sample The sample's number, from 0 to `sampling.samples` − 1.
 * @returns The request's seed.
 * @throws {RangeError} When `sample` is not a whole number from 0 to 63.
 *
 * @example
 * ```ts
 * import { sampleSeed } from "./sample_seed.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sampleSeed(0n, 7, 0), sampleSeed(0n, 7, 0));
 * assert.notEqual(sampleSeed(0n, 7, 0), sampleSeed(0n, 7, 1));
 * assert.ok(sampleSeed(0n, 7, 3) >= -(2n ** 63n) && sampleSeed(0n, 7, 3) < 2n ** 63n);
 * ```
 */
export function sampleSeed(seed: bigint, itemId: ItemId, sample: number): bigint {
  if (!Number.isInteger(sample) || sample < 0 || sample > 63) {
    throw new RangeError(`sampleSeed: sample ${sample} is not a whole number from 0 to 63`);
  }
  const text = `assess-sample\n${seed.toString()}\n${String(itemId)}\n${sample}`;
  const hex = sha256Hex(new TextEncoder().encode(text)).slice(0, 16);
  return BigInt.asIntN(64, BigInt(`0x${hex}`));
}
