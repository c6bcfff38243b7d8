/**
 * The confirmation items of a checkpoint sweep (`split.confirm`): a share of the held-out items,
 * taken seeded and stratified by answer category, kept apart to confirm the checkpoint chosen on
 * the others. `reference/split.md` says every step.
 *
 * @module
 */

import { hash } from "node:crypto";
import { ANSWER_CATEGORIES, answerCategory } from "../dataset/category.ts";
import type { AnswerCall } from "../dataset/item.ts";
import { compareItemIds, type ItemId, itemIdText } from "../dataset/item_id.ts";
import { SplitSizeError } from "./split_size_error.ts";

/** A share that keeps no item on one side: the command line exits 64, as for a size refused. */
export class SplitConfirmError extends SplitSizeError {
  /** The share asked for. */
  readonly share: number;

  /**
   * Makes the error for a share that leaves one side empty.
   *
   * @param share `split.confirm`.
   * @param size The held-out items.
   * @param confirmed How many items the share keeps for confirmation.
   */
  constructor(share: number, size: number, confirmed: number) {
    super(size, size);
    this.name = "SplitConfirmError";
    this.share = share;
    this.message =
      `split.confirm ${share} of ${size} held-out ${
        size === 1 ? "item" : "items"
      } keeps ${confirmed} to confirm and ${size - confirmed} to choose on: each side needs at ` +
      `least one; give a share nearer 0.5 or a larger split.size`;
  }
}

/**
 * The confirmation key of a held-out item, as 64 lowercase hex digits: SHA-256 of `split.v1`, a
 * zero byte, `confirm`, a zero byte, the seed as UTF-8, a zero byte and the id's text (an integer
 * in decimal, a string as UTF-8).
 *
 * @param seed The split's seed.
 * @param id The item's id.
 * @returns The key; in each category, items are kept for confirmation in ascending key order.
 *
 * @example
 * ```ts
 * import { confirmKey } from "./confirm.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(confirmKey("s", 3), /^[0-9a-f]{64}$/);
 * assert.notEqual(confirmKey("s", 3), confirmKey("s", 4));
 * ```
 */
export function confirmKey(seed: string, id: ItemId): string {
  return hash("sha256", `split.v1\0confirm\0${seed}\0${itemIdText(id)}`, "hex");
}

/**
 * The held-out items kept for confirmation: in each answer category (in `ANSWER_CATEGORIES`
 * order), the category's held-out items ordered by {@linkcode confirmKey} (ties by id), and the
 * first round(share × count) of them (halves rounded up), so that both parts keep the categories'
 * mix. The same items, seed and share always give the same ids.
 *
 * @param heldOut The held-out items, or their ids and answers (any order: the result does not
 *   depend on it).
 * @param seed The split's seed.
 * @param share `split.confirm`, in (0, 1).
 * @returns The confirmation ids, ascending.
 * @throws {RangeError} When the share is not a number between 0 and 1.
 * @throws {SplitConfirmError} When it keeps no item on one side.
 *
 * @example
 * ```ts
 * import { confirmationIds } from "./confirm.ts";
 * import assert from "node:assert/strict";
 *
 * const call = { name: "f", arguments: {} };
 * const items = [1, 2, 3, 4].map((id) => ({ id, answers: id % 2 === 0 ? [] : [call] }));
 * const ids = confirmationIds(items, "s", 0.5);
 * assert.equal(ids.length, 2);
 * // One of each category: the mix is kept.
 * assert.equal(ids.filter((id) => Number(id) % 2 === 0).length, 1);
 * ```
 */
export function confirmationIds(
  heldOut: readonly {
    readonly id: ItemId;
    readonly answers: readonly Pick<AnswerCall, "name">[];
  }[],
  seed: string,
  share: number,
): ItemId[] {
  if (!(share > 0 && share < 1)) {
    throw new RangeError(`split.confirm must be a number between 0 and 1, not ${share}`);
  }
  const byCategory = new Map(
    ANSWER_CATEGORIES.map((c) => [c, [] as { id: ItemId; key: string }[]]),
  );
  for (const item of heldOut) {
    byCategory.get(answerCategory(item.answers))!.push({
      id: item.id,
      key: confirmKey(seed, item.id),
    });
  }
  const ids: ItemId[] = [];
  for (const list of byCategory.values()) {
    list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : compareItemIds(a.id, b.id)));
    const take = Math.floor(share * list.length + 0.5);
    for (let k = 0; k < take; k++) ids.push(list[k]!.id);
  }
  if (ids.length === 0 || ids.length === heldOut.length) {
    throw new SplitConfirmError(share, heldOut.length, ids.length);
  }
  return ids.sort(compareItemIds);
}
