/**
 * The order of `split.v1` (`reference/split.md`, step 4), fast: the first `size` eligible items
 * by rank key, ties by id. Private to `src/split/`.
 *
 * @module
 */

import type { DatasetItem } from "../dataset/dataset.ts";
import { compareItemIds, type ItemId, itemIdText } from "../dataset/item_id.ts";
import { sha256Words } from "./_sha256.ts";

/**
 * An id as the split's digest writes it (`reference/split.md`, step 8): an integer in its shortest
 * decimal form (`-0` as `0`), a string as JSON text (quoted, so that no id can pass for another's
 * line).
 */
export function digestText(id: ItemId): string {
  return typeof id === "string" ? JSON.stringify(id) : itemIdText(id);
}

/**
 * The positions of the first `size` eligible items in rank order: rank keys are computed for every
 * eligible item, a numeric sort of their first `prefixBits` bits finds the `size`th, and the items
 * at or before it are ordered by those bits; only items whose prefixes tie are compared whole (the
 * rest of the key, then the id).
 *
 * @param items The dataset's items.
 * @param seed The split's seed.
 * @param size How many (at least 1, at most the eligible count).
 * @param prefixBits How many bits of each key the numeric sort reads, 1 to 48: 48 but in tests,
 *   which force ties with fewer; the order is the same whatever it is.
 * @returns The items' positions, first ranked first.
 */
export function firstRanked(
  items: readonly DatasetItem[],
  seed: string,
  size: number,
  prefixBits = 48,
): number[] {
  const encoder = new TextEncoder();
  const prefix = encoder.encode(`split.v1\0${seed}\0`);
  let message = new Uint8Array(prefix.length + 24);
  message.set(prefix);
  const eligible: number[] = [];
  for (let i = 0; i < items.length; i++) if (items[i]!.ineligible === undefined) eligible.push(i);
  const n = eligible.length;
  const words = new Uint32Array(n * 8);
  const front = new Float64Array(n);
  const scale = 2 ** (48 - prefixBits);
  for (let j = 0; j < n; j++) {
    const id = items[eligible[j]!]!.id;
    let length = prefix.length;
    if (typeof id === "number") {
      const digits = itemIdText(id);
      for (let k = 0; k < digits.length; k++) message[length++] = digits.charCodeAt(k);
    } else {
      // A string id as UTF-8: at most 3 bytes a UTF-16 unit.
      if (message.length < prefix.length + 3 * id.length) {
        message = new Uint8Array(prefix.length + 3 * id.length);
        message.set(prefix);
      }
      // ASCII written here (most ids), anything else by the encoder.
      let k = 0;
      for (; k < id.length; k++) {
        const c = id.charCodeAt(k);
        if (c >= 0x80) break;
        message[length++] = c;
      }
      if (k < id.length) {
        length = prefix.length + encoder.encodeInto(id, message.subarray(prefix.length)).written;
      }
    }
    sha256Words(message, length, words, j * 8);
    // The key's first 48 bits, as a number: ordering by it is ordering by the key, up to ties.
    const first48 = words[j * 8]! * 65536 + (words[j * 8 + 1]! >>> 16);
    front[j] = scale === 1 ? first48 : Math.floor(first48 / scale);
  }
  const fronts = Float64Array.from(front).sort();
  const threshold = fronts[size - 1]!;
  // The items whose prefix is at most the threshold (the first `size`, and those tied with the
  // last), by position in typed arrays: no object, nor map entry, per item held out.
  let count = 0;
  for (let j = 0; j < n; j++) if (front[j]! <= threshold) count++;
  const candidates = new Uint32Array(count);
  for (let j = 0, c = 0; j < n; j++) if (front[j]! <= threshold) candidates[c++] = j;
  // Ordered by prefix, and a tie in the prefix by the rest of the key, then the id.
  candidates.sort((x, y) => {
    const d = front[x]! - front[y]!;
    if (d !== 0) return d;
    for (let w = 0; w < 8; w++) {
      const e = words[x * 8 + w]! - words[y * 8 + w]!;
      if (e !== 0) return e;
    }
    return compareItemIds(items[eligible[x]!]!.id, items[eligible[y]!]!.id);
  });
  const held: number[] = [];
  for (let k = 0; k < size; k++) held.push(eligible[candidates[k]!]!);
  return held;
}
