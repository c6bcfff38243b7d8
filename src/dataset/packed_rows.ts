/**
 * Items kept for a long read (the report's pass over a results file of a million records) with
 * their texts packed as UTF-8 in one buffer, outside the JavaScript heap: the heap then holds a
 * small object an item, not its three strings, and every use builds the item again from its texts.
 * Unlike `PackedItems` (`packed_items.ts`, a list that builds an item when asked by
 * position, what `assess run` holds), each packed item here is an object of its own, for readers
 * that keep the items by index in a map (the report's re-scoring and panels).
 *
 * @module
 */

import type { AnswerCall, Item, ToolSpec } from "./item.ts";
import { type DatasetItem, rowItem, type RowTexts, rowTexts } from "./dataset.ts";
import { DETACHED, DETACHED_ANSWERS } from "./_lazy_item.ts";
import { detachedAnswers, detachedItem } from "./detached.ts";

/** The texts of the packed items, one after another, and where each begins. */
class Pack {
  readonly #bytes: Uint8Array;
  /** Where each text begins, three an item (query, tools, answers), and where the last ends. */
  readonly #starts: Uint32Array;
  static readonly #decoder = new TextDecoder();

  constructor(bytes: Uint8Array, starts: Uint32Array) {
    this.#bytes = bytes;
    this.#starts = starts;
  }

  text(at: number): string {
    return Pack.#decoder.decode(this.#bytes.subarray(this.#starts[at]!, this.#starts[at + 1]!));
  }
}

/** An xlam row's item whose texts are in a {@linkcode Pack}: built again from them on each use. */
class PackedRow implements DatasetItem {
  readonly id: number;
  readonly index: number;
  declare readonly ineligible?: string;
  readonly #pack: Pack;
  /** Its first text's place in the pack. */
  readonly #at: number;

  constructor(item: DatasetItem, pack: Pack, at: number) {
    this.id = item.id as number;
    this.index = item.index;
    if (item.ineligible !== undefined) this.ineligible = item.ineligible;
    this.#pack = pack;
    this.#at = at;
  }

  /** The item, built from its texts. */
  #row(): DatasetItem {
    const texts: RowTexts = {
      query: this.query,
      tools: this.#pack.text(this.#at + 1),
      answers: this.#pack.text(this.#at + 2),
    };
    return rowItem(this.id, this.index, texts, this.ineligible);
  }

  get query(): string {
    return this.#pack.text(this.#at);
  }

  get contentHash(): string {
    return this.#row().contentHash;
  }

  get tools(): readonly ToolSpec[] {
    return this.#row().tools;
  }

  get answers(): readonly AnswerCall[] {
    return this.#row().answers;
  }

  /** Itself for one use ({@linkcode detachedItem}). */
  [DETACHED](): Item {
    return detachedItem(this.#row());
  }

  /** Its answer for one use ({@linkcode detachedAnswers}). */
  [DETACHED_ANSWERS](): readonly AnswerCall[] {
    return detachedAnswers(this.#row());
  }
}

/**
 * The items, each an xlam row's with its texts packed ({@linkcode rowTexts}) as UTF-8 in one
 * buffer shared by all; another item (a chat-jsonl line's) is kept as it is. A packed item gives the same
 * members as the item it packs (its query, tools, answers and content hash built again from its
 * texts on each use, and nothing kept), and is taken apart by `detachedItem` and `detachedAnswers`
 * as the item is.
 *
 * @param items The items, such as the held-out items of a split.
 * @returns The same items, in the same order, packed where they can be.
 */
export function packedRows(items: readonly DatasetItem[]): DatasetItem[] {
  const encoder = new TextEncoder();
  // A row's texts are well-formed UTF-16 (the reader refuses a lone surrogate in a query, and
  // in the tools and answers read strictly), so UTF-8 carries them whole.
  const all = items.map(rowTexts);
  let count = 0;
  let length = 0;
  for (const texts of all) {
    if (texts === undefined) continue;
    count++;
    length += texts.query.length + texts.tools.length + texts.answers.length;
  }
  // At most three bytes a UTF-16 code unit; most texts take one.
  let bytes = new Uint8Array(Math.max(length, 16));
  const starts = new Uint32Array(3 * count + 1);
  let end = 0;
  let at = 0;
  const put = (text: string) => {
    starts[at++] = end;
    for (;;) {
      const { read, written } = encoder.encodeInto(text, bytes.subarray(end));
      if (read === text.length) {
        end += written;
        return;
      }
      const grown = new Uint8Array(Math.max(2 * bytes.length, end + 3 * text.length));
      grown.set(bytes.subarray(0, end));
      bytes = grown;
    }
  };
  for (const texts of all) {
    if (texts === undefined) continue;
    put(texts.query);
    put(texts.tools);
    put(texts.answers);
  }
  starts[at] = end;
  const pack = new Pack(bytes.subarray(0, end), starts);
  let next = 0;
  return items.map((item, i) => {
    if (all[i] === undefined) return item;
    const packed = new PackedRow(item, pack, next);
    next += 3;
    return packed;
  });
}
