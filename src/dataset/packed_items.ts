/**
 * A list of a dataset's items kept as bytes, in one buffer: each item is built again from them
 * when it is asked for, and nothing else is kept of it. What `assess run` holds of its held-out
 * items, so that its heap holds no object, and no string, per item.
 *
 * @module
 */

import type { Item, ItemId, ItemList } from "./item.ts";
import { PACKED, type PackedForm, type Rebuild } from "./_lazy_item.ts";

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();

/** An item of a dataset's kind: it says what it is made from. */
interface Packable {
  [PACKED](): PackedForm;
}

/**
 * Items kept as bytes: each as the compact JSON text of its id, its index and what its kind
 * keeps of it (an xlam row's three texts, a chat-jsonl line's text and what was read of it), all
 * in one buffer, with where each ends in a `Float64Array` (both outside the JavaScript heap, but
 * for a few objects). {@linkcode PackedItems.at} builds the item again from its text: the same
 * kind of item as the dataset's, with the same members, which is dropped with its last use. An
 * item that a dataset's reader did not build (a plain object) is kept as it is.
 *
 * @example
 * ```ts
 * import { PackedItems } from "./packed_items.ts";
 * import { loadDataset } from "./dataset.ts";
 * import { sha256Hex } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(JSON.stringify([4, 9].map((id) => ({
 *   id, query: `question ${id}`, tools: "[]", answers: '[{"name": "f", "arguments": {}}]',
 * }))));
 * const items = PackedItems.of(loadDataset(bytes, sha256Hex(bytes)).items);
 * assert.equal(items.length, 2);
 * const item = items.at(1)!;
 * assert.deepEqual([item.id, item.index, item.query], [9, 1, "question 9"]);
 * assert.equal(item.answers[0]!.name, "f");
 * assert.notEqual(items.at(1), item); // built again on each use
 * assert.equal(items.at(2), undefined);
 * ```
 */
export class PackedItems implements ItemList, Iterable<Item> {
  /** How many items. */
  readonly length: number;
  readonly #bytes: Uint8Array;
  /** Where each item's text ends in `#bytes`; it starts where the one before ends. */
  readonly #ends: Float64Array;
  /** Each kind's function that builds its items, by the number an item's text starts with. */
  readonly #kinds: readonly Rebuild[];
  /** The items that say nothing of what they are made from, by position. */
  readonly #plain: ReadonlyMap<number, Item>;

  private constructor(
    bytes: Uint8Array,
    ends: Float64Array,
    kinds: readonly Rebuild[],
    plain: ReadonlyMap<number, Item>,
  ) {
    this.length = ends.length;
    this.#bytes = bytes;
    this.#ends = ends;
    this.#kinds = kinds;
    this.#plain = plain;
  }

  /**
   * Packs items, in their order.
   *
   * @param items The items: those a dataset's reader built are kept as bytes, others as they are.
   * @returns The list.
   */
  static of(items: Iterable<Item>): PackedItems {
    let bytes = new Uint8Array(1 << 16);
    let ends = new Float64Array(64);
    let end = 0;
    let count = 0;
    const kinds: Rebuild[] = [];
    const plain = new Map<number, Item>();
    for (const item of items) {
      if (count === ends.length) ends = grown(ends, count + 1);
      if (!(PACKED in item)) {
        plain.set(count, item);
        ends[count++] = end;
        continue;
      }
      const { fields, rebuild } = (item as Item & Packable)[PACKED]();
      let kind = kinds.indexOf(rebuild);
      if (kind < 0) kind = kinds.push(rebuild) - 1;
      // JSON writes a lone surrogate as an escape: the text is UTF-8 without loss.
      const text = JSON.stringify([kind, item.id, item.index, ...fields]);
      // At most three bytes a UTF-16 code unit.
      if (end + 3 * text.length > bytes.length) bytes = grown(bytes, end + 3 * text.length);
      end += ENCODER.encodeInto(text, bytes.subarray(end)).written;
      ends[count++] = end;
    }
    return new PackedItems(bytes.slice(0, end), ends.slice(0, count), kinds, plain);
  }

  /**
   * The item at a position, built again from its text: a new item on each call.
   *
   * @param position From 0.
   * @returns The item, or `undefined` past the end.
   */
  at(position: number): Item | undefined {
    if (!Number.isInteger(position) || position < 0 || position >= this.length) return undefined;
    const plain = this.#plain.get(position);
    if (plain !== undefined) return plain;
    const start = position === 0 ? 0 : this.#ends[position - 1]!;
    const text = DECODER.decode(this.#bytes.subarray(start, this.#ends[position]!));
    const [kind, id, index, ...fields] = JSON.parse(text) as [number, ItemId, number, ...never[]];
    return this.#kinds[kind]!(id, index, fields);
  }

  /** The items in order, each built when reached. */
  *[Symbol.iterator](): Iterator<Item> {
    for (let position = 0; position < this.length; position++) yield this.at(position)!;
  }
}

/** A copy of an array with room for at least `need` elements (twice as many, at least). */
function grown<T extends Uint8Array | Float64Array>(array: T, need: number): T {
  const out = new (array.constructor as new (n: number) => T)(Math.max(need, 2 * array.length));
  out.set(array);
  return out;
}
