/**
 * A shard of a run (`assess run -shard i/N`): which held-out items it asks, how its results file's
 * header records it, and how it is written.
 *
 * @module
 */

/** Shard `index` of `count` (`index` from 0 to `count` − 1), as a results file's header records it. */
export interface Shard {
  /** The shard's number, from 0 to `count` − 1 (as a Kubernetes `JOB_COMPLETION_INDEX` counts). */
  readonly index: number;
  /** How many shards the run is cut into, at least 1. */
  readonly count: number;
}

/** The most shards a run may be cut into. */
export const MAX_SHARDS = 65536;

/**
 * Reads `-shard`'s value, `i/N`: two whole numbers in decimal, `N` from 1 to
 * {@linkcode MAX_SHARDS} and `i` from 0 to `N` − 1.
 *
 * @param text The value, such as `2/4`.
 * @returns The shard.
 * @throws {RangeError} When the text is not `i/N` with those bounds; the message says why.
 *
 * @example
 * ```ts
 * import { parseShard } from "./shard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseShard("2/4"), { index: 2, count: 4 });
 * assert.throws(() => parseShard("4/4"), RangeError);
 * ```
 */
export function parseShard(text: string): Shard {
  const match = /^([0-9]{1,6})\/([0-9]{1,6})$/.exec(text.trim());
  if (match === null) {
    throw new RangeError("is not i/N: two whole numbers, such as 0/4");
  }
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1 || count > MAX_SHARDS) {
    throw new RangeError(`has N = ${count}: the shards are 1 to ${MAX_SHARDS}`);
  }
  if (index >= count) {
    throw new RangeError(`has i = ${index}: with N = ${count}, i is 0 to ${count - 1}`);
  }
  return { index, count };
}

/**
 * The shard an item falls in, of `count`: the first 8 hex digits of its content hash (the SHA-256
 * the split computes over the item's query, tools and answers: `reference/split.md`, step 6), read
 * as an unsigned 32-bit number, modulo `count`. Whatever asks it (models, samples) goes with the
 * item, and the shard depends on the item's content only, not on the order of the dataset.
 *
 * @param contentHash The item's content hash, 64 hex digits.
 * @param count How many shards.
 * @returns The shard's index, from 0 to `count` − 1.
 *
 * @example
 * ```ts
 * import { shardOf } from "./shard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(shardOf("0000000a" + "0".repeat(56), 4), 2);
 * assert.equal(shardOf("ffffffff" + "0".repeat(56), 1), 0);
 * ```
 */
export function shardOf(contentHash: string, count: number): number {
  return Number.parseInt(contentHash.slice(0, 8), 16) % count;
}

/**
 * The items of a shard, in their order: those whose content hash falls in it ({@linkcode shardOf}).
 *
 * @param items The split's held-out items, each with its content hash.
 * @param shard The shard.
 * @returns Its items.
 *
 * @example
 * ```ts
 * import { shardItems } from "./shard.ts";
 * import assert from "node:assert/strict";
 *
 * const items = [1, 2, 3, 4].map((n) => ({ id: n, contentHash: `0000000${n}` + "0".repeat(56) }));
 * assert.deepEqual(shardItems(items, { index: 1, count: 2 }).map((i) => i.id), [1, 3]);
 * ```
 */
export function shardItems<T extends { readonly contentHash: string }>(
  items: readonly T[],
  shard: Shard,
): T[] {
  return items.filter((item) => shardOf(item.contentHash, shard.count) === shard.index);
}

/**
 * A shard as messages write it: `i/N`.
 *
 * @param shard The shard.
 * @returns Its text.
 *
 * @example
 * ```ts
 * import { shardText } from "./shard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(shardText({ index: 1, count: 4 }), "1/4");
 * ```
 */
export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
