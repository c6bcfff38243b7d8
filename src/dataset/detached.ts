/**
 * An item for one use: its tools and answers built for that use and kept on nothing else. Apart
 * from `dataset.ts`, so that what scores or writes an item (the self-test among them) need not load
 * the dataset's reader and its hash.
 *
 * @module
 */

import type { AnswerCall, Item } from "./item.ts";
import { DETACHED, DETACHED_ANSWERS } from "./_lazy_item.ts";

/** An item that can give itself, or its answer, for one use. */
interface Detachable {
  [DETACHED](): Item;
  [DETACHED_ANSWERS](): readonly AnswerCall[];
}

/**
 * The item for this use only: a plain item whose tools and answers are built when first read and
 * kept on it alone. Unlike reading them from the dataset's item, which keeps what it built for as
 * long as the dataset is held, nothing is kept on the dataset's item: what `assess split -train`
 * needs to write tens of thousands of items one after the other in little memory, and `assess
 * run` to write each request and score each reply without keeping every item's tools to its end.
 * An item that {@linkcode loadDataset} (or the chat-jsonl reader) did not build is returned as it
 * is.
 *
 * @param item An item of a dataset.
 * @returns A plain item with the same id, index, query, tools, answers and own prompt.
 *
 * @example
 * ```ts
 * import { detachedItem } from "./detached.ts";
 * import { loadDataset } from "./dataset.ts";
 * import { sha256Hex } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(
 *   '[{"id": 4, "query": "q", "tools": "[]", "answers": "[{\\"name\\": \\"f\\", \\"arguments\\": {}}]"}]',
 * );
 * const item = detachedItem(loadDataset(bytes, sha256Hex(bytes)).items[0]!);
 * assert.equal(item.id, 4);
 * assert.equal(item.answers[0]!.name, "f");
 * ```
 */
export function detachedItem(item: Item): Item {
  return DETACHED in item ? (item as Item & Detachable)[DETACHED]() : item;
}

/**
 * The item's answer, built for this use only, as {@linkcode detachedItem} builds it: nothing is
 * kept on the item (what a pass over every item's answer needs, in little memory).
 *
 * @param item An item of a dataset.
 * @returns Its answer's calls.
 *
 * @example
 * ```ts
 * import { detachedAnswers } from "./detached.ts";
 * import { loadDataset } from "./dataset.ts";
 * import { sha256Hex } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode('[{"id": 4, "query": "q", "tools": "[]", "answers": "[]"}]');
 * assert.deepEqual(detachedAnswers(loadDataset(bytes, sha256Hex(bytes)).items[0]!), []);
 * ```
 */
export function detachedAnswers(item: Item): readonly AnswerCall[] {
  return DETACHED_ANSWERS in item ? (item as Item & Detachable)[DETACHED_ANSWERS]() : item.answers;
}
