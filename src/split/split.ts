/**
 * `split.v1`: the held-out items, the complement, the twins and the ineligible items, taken from a
 * dataset with a seed and a size. `reference/split.md` says every step.
 *
 * @module
 */

import { createHash, hash } from "node:crypto";
import {
  contentKeyOf,
  type Dataset,
  type DatasetItem,
  detachedAnswers,
} from "../dataset/dataset.ts";
import { digestText, firstRanked } from "./_ranking.ts";
import {
  compareItemIds,
  type ItemId,
  itemIdShown,
  itemIdText,
  sortedItemIds,
} from "../dataset/item_id.ts";
import { SplitSizeError } from "./split_size_error.ts";
import { confirmationIds } from "./confirm.ts";

export { SplitSizeError } from "./split_size_error.ts";

/** A split, with exactly the members of the split file (`assess.split.v1`), in its order. */
export interface Split {
  /** Always `assess.split.v1`. */
  readonly schema: "assess.split.v1";
  /** Always `split.v1`. */
  readonly algorithm: "split.v1";
  /** The seed it was taken with. */
  readonly seed: string;
  /** How many items are held out. */
  readonly size: number;
  /** The dataset file's SHA-256, lowercase. */
  readonly datasetSha256: string;
  /** The SHA-256 of the held-out ids and content hashes, in order. */
  readonly digest: string;
  /** The held-out items, in rank order: each one's id and content hash (64 lowercase hex digits). */
  readonly heldOut: readonly { readonly id: ItemId; readonly hash: string }[];
  /** The ids training may use, ascending (ineligible items included). */
  readonly complement: readonly ItemId[];
  /** The ids left out of both: identical in content to a held-out item. Ascending. */
  readonly twins: readonly ItemId[];
  /** How many ids `twins` holds. */
  readonly twinsExcluded: number;
  /**
   * The ineligible items, by id ascending: each one's id and why it can never be held out (such
   * as `two tools are named "search"`). They are in the complement too.
   */
  readonly ineligible: readonly { readonly id: ItemId; readonly reason: string }[];
  /**
   * With `split.confirm`: the share asked for (`share`), and the held-out ids kept to confirm a
   * sweep's choice (`items`, ascending; the other held-out items are the selection items).
   * Absent without it.
   */
  readonly confirm?: { readonly share: number; readonly items: readonly ItemId[] };
}

/** A held-out item in the split file: its id and its content hash. */
export type HeldOutEntry = Split["heldOut"][number];

/** An ineligible item in the split file: its id and why it can never be held out. */
export type IneligibleEntry = Split["ineligible"][number];

/** The confirmation items of a split taken with `split.confirm`. */
export type SplitConfirm = NonNullable<Split["confirm"]>;

/** What a split is taken with. */
export interface SplitOptions {
  /** Any text. */
  readonly seed: string;
  /** How many items to hold out: from 1 to the dataset's eligible items. */
  readonly size: number;
  /**
   * `split.confirm`: the share of the held-out items kept to confirm a sweep's choice, in (0, 1)
   * (`confirmationIds`). Default none.
   */
  readonly confirm?: number | undefined;
}

/**
 * The rank key of an eligible item (`reference/split.md`, step 4), as 64 lowercase hex digits:
 * SHA-256 of `split.v1`, a zero byte, the seed as UTF-8, a zero byte and the id's text (an
 * integer in decimal, a string as UTF-8).
 *
 * @param seed The split's seed.
 * @param id The item's id.
 * @returns The key; eligible items are held out in ascending key order.
 *
 * @example
 * ```ts
 * import { rankKey } from "./split.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(rankKey("twins", 3), /^[0-9a-f]{64}$/);
 * assert.notEqual(rankKey("twins", 3), rankKey("twins", 4));
 * ```
 */
export function rankKey(seed: string, id: ItemId): string {
  return hash("sha256", `split.v1\0${seed}\0${itemIdText(id)}`, "hex");
}

/** How many characters of the digest's text are hashed at a time. */
const DIGEST_PART = 1 << 16;

/** The held-out part of a split: what a run needs of it. */
export interface HeldOut {
  /** The held-out items themselves, in the split's order (as {@linkcode heldOutItems} gives). */
  readonly items: readonly DatasetItem[];
  /** The split's digest, as {@linkcode takeSplit} gives it. */
  readonly digest: string;
  /** With `options.confirm`: the confirmation items, as {@linkcode takeSplit} gives them. */
  readonly confirm?: SplitConfirm;
}

/**
 * The held-out items of the split {@linkcode takeSplit} takes, its digest and its confirmation
 * items, without the rest of the split (the complement, the twins, an entry and a content hash kept
 * for each held-out item): what `assess run` needs, in less memory. The same code as
 * `takeSplit`'s makes them.
 *
 * @param dataset The dataset, from {@linkcode loadDataset}.
 * @param options The seed, the size and the confirmation share.
 * @returns The held-out items, the digest and the confirmation items.
 * @throws {SplitSizeError} As {@linkcode takeSplit} does.
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex, takeSplit } from "@assess/assess";
 * import { takeHeldOut } from "./split.ts";
 * import assert from "node:assert/strict";
 *
 * const row = (id: number) => ({ id, query: `q${id}`, tools: "[]", answers: "[]" });
 * const bytes = new TextEncoder().encode(JSON.stringify([row(1), row(2), row(3)]));
 * const dataset = loadDataset(bytes, sha256Hex(bytes));
 * const held = takeHeldOut(dataset, { seed: "s", size: 2 });
 * const split = takeSplit(dataset, { seed: "s", size: 2 });
 * assert.equal(held.digest, split.digest);
 * assert.deepEqual(held.items.map((item) => item.id), split.heldOut.map((e) => e.id));
 * ```
 */
export function takeHeldOut(dataset: Dataset, options: SplitOptions): HeldOut {
  const { held, digest, confirm } = rankedHeldOut(dataset, options, () => {});
  const items = held.map((position) => dataset.items[position]!);
  return confirm === undefined ? { items, digest } : { items, digest, confirm };
}

/**
 * The held-out items' positions in the dataset, in rank order, the split's digest and its
 * confirmation items: `each` is told of each held-out item, with its content hash and position.
 */
function rankedHeldOut(
  dataset: Dataset,
  options: SplitOptions,
  each: (item: DatasetItem, hash: string, position: number) => void,
): { held: readonly number[]; digest: string; confirm: SplitConfirm | undefined } {
  const { seed, size } = options;
  if (!Number.isSafeInteger(size) || size < 1 || size > dataset.eligibleCount) {
    throw new SplitSizeError(size, dataset.eligibleCount);
  }
  const items = dataset.items;
  const held = firstRanked(items, seed, size);
  // The digest's text, hashed a part at a time: 16,000 items' lines held as one text take more
  // memory than a run of them needs.
  const digest = createHash("sha256");
  let lines = "";
  for (let k = 0; k < size; k++) {
    const item = items[held[k]!]!;
    const hash = item.contentHash; // worked out on each use: once here
    each(item, hash, held[k]!);
    lines += `${digestText(item.id)} ${hash}\n`;
    if (lines.length >= DIGEST_PART) {
      digest.update(lines);
      lines = "";
    }
  }
  let confirm: SplitConfirm | undefined;
  if (options.confirm !== undefined) {
    // Each answer read for this and dropped: nothing is kept on the dataset's items.
    const ids = confirmationIds(
      held.map((i) => ({ id: items[i]!.id, answers: detachedAnswers(items[i]!) })),
      seed,
      options.confirm,
    );
    confirm = { share: options.confirm, items: ids };
    // The digest names the confirmation items too; a split without them keeps its digest.
    lines += `confirm ${options.confirm}\n${ids.map((id) => `${digestText(id)}\n`).join("")}`;
  }
  return { held, digest: digest.update(lines).digest("hex"), confirm };
}

/**
 * Takes the split (`split.v1`): orders the eligible items by {@linkcode rankKey} (ties by id),
 * holds out the first `size`, puts each other item whose content hash equals a held-out item's in
 * `twins`, and the rest in the complement. The same dataset, seed and size always give the same
 * split, and the held-out items for a size are the first of those for any larger size.
 *
 * @param dataset The dataset, from {@linkcode loadDataset}.
 * @param options The seed and the size.
 * @returns The split, with the split file's members.
 * @throws {SplitSizeError} When the size is not a whole number from 1 to the dataset's eligible
 *   items; the message names the eligible count.
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex, takeSplit } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const row = (id: number, query: string) => ({
 *   id, query, tools: "[]", answers: "[]",
 * });
 * const bytes = new TextEncoder().encode(JSON.stringify([row(1, "a"), row(2, "b"), row(3, "a")]));
 * const dataset = loadDataset(bytes, sha256Hex(bytes));
 * const split = takeSplit(dataset, { seed: "s", size: 1 });
 * assert.equal(split.heldOut.length, 1);
 * assert.equal(split.heldOut.length + split.complement.length + split.twins.length, 3);
 * assert.throws(() => takeSplit(dataset, { seed: "s", size: 4 }), RangeError);
 * ```
 */
export function takeSplit(dataset: Dataset, options: SplitOptions): Split {
  const { seed, size } = options;
  const items = dataset.items;
  const heldOut: HeldOutEntry[] = [];
  const isHeld = new Uint8Array(items.length);
  // Items whose content keys differ from every held-out item's cannot be twins: they go to the
  // complement without their queries being read (when every held-out item has a key).
  const heldKeys = new Set<number>();
  let keyed = true;
  const { held, digest, confirm } = rankedHeldOut(dataset, options, (item, hash, position) => {
    heldOut.push({ id: item.id, hash });
    isHeld[position] = 1;
    const key = contentKeyOf(item);
    if (key === undefined) keyed = false;
    else heldKeys.add(key);
  });
  // The held-out queries and hashes, looked up only for an item that may be a twin.
  let heldSets: { queries: Set<string>; hashes: Set<string> } | undefined;
  const twinOfHeld = (item: DatasetItem): boolean => {
    heldSets ??= {
      queries: new Set(heldOut.map((_, k) => items[held[k]!]!.query)),
      hashes: new Set(heldOut.map((e) => e.hash)),
    };
    // Equal content hashes need equal queries, so only those items' hashes are computed.
    return heldSets.queries.has(item.query) && heldSets.hashes.has(item.contentHash);
  };
  const complement: ItemId[] = [];
  const twins: ItemId[] = [];
  const ineligible: IneligibleEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.ineligible !== undefined) ineligible.push({ id: item.id, reason: item.ineligible });
    if (isHeld[i] === 1) continue;
    if (keyed) {
      const key = contentKeyOf(item);
      if (key !== undefined && !heldKeys.has(key)) {
        complement.push(item.id);
        continue;
      }
    }
    if (twinOfHeld(item)) twins.push(item.id);
    else complement.push(item.id);
  }
  ineligible.sort((a, b) => compareItemIds(a.id, b.id));
  return {
    schema: "assess.split.v1",
    algorithm: "split.v1",
    seed,
    size,
    datasetSha256: dataset.sha256,
    digest,
    heldOut,
    complement: sortedItemIds(complement),
    twins: sortedItemIds(twins),
    twinsExcluded: twins.length,
    ineligible,
    ...(confirm === undefined ? {} : { confirm }),
  };
}

/**
 * The split file's text (`reference/split.md`, step 9): the members in their documented order,
 * written as `JSON.stringify(value, null, 2)` writes them, then a newline.
 *
 * @param split The split.
 * @returns The file's text; write it as UTF-8.
 *
 * @example
 * ```ts
 * import { splitFileText } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const text = splitFileText({
 *   schema: "assess.split.v1", algorithm: "split.v1", seed: "s", size: 1,
 *   datasetSha256: "0".repeat(64), digest: "1".repeat(64),
 *   heldOut: [{ id: 2, hash: "2".repeat(64) }], complement: [1], twins: [], twinsExcluded: 0,
 *   ineligible: [],
 * });
 * assert.equal(JSON.parse(text).heldOut[0].id, 2);
 * assert(text.endsWith("}\n"));
 * ```
 */
export function splitFileText(split: Split): string {
  const value = {
    schema: split.schema,
    algorithm: split.algorithm,
    seed: split.seed,
    size: split.size,
    datasetSha256: split.datasetSha256,
    digest: split.digest,
    heldOut: split.heldOut.map((e) => ({ id: e.id, hash: e.hash })),
    complement: split.complement,
    twins: split.twins,
    twinsExcluded: split.twinsExcluded,
    ineligible: split.ineligible.map((e) => ({ id: e.id, reason: e.reason })),
    ...(split.confirm === undefined
      ? {}
      : { confirm: { share: split.confirm.share, items: split.confirm.items } }),
  };
  return JSON.stringify(value, null, 2) + "\n";
}

/**
 * The held-out items themselves, in the split's order: what the self-test and the run score.
 *
 * @param dataset The dataset the split was taken from.
 * @param split The split.
 * @returns The items, in `heldOut` order.
 * @throws {RangeError} When the split names an id the dataset does not hold.
 *
 * @example
 * ```ts
 * import { heldOutItems, loadDataset, sha256Hex, takeSplit } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode('[{"id": 4, "query": "q", "tools": "[]", "answers": "[]"}]');
 * const dataset = loadDataset(bytes, sha256Hex(bytes));
 * const items = heldOutItems(dataset, takeSplit(dataset, { seed: "x", size: 1 }));
 * assert.equal(items[0]!.id, 4);
 * ```
 */
export function heldOutItems(dataset: Dataset, split: Split): DatasetItem[] {
  return itemsOf(dataset, split.heldOut.map((e) => e.id), "held-out set");
}

/**
 * The complement's items themselves, by id ascending: what training may use (ineligible items
 * included, as in the split file's `complement`).
 *
 * @param dataset The dataset the split was taken from.
 * @param split The split.
 * @returns The items whose ids `split.complement` holds, by id ascending.
 * @throws {RangeError} When the split names an id the dataset does not hold.
 *
 * @example
 * ```ts
 * import { loadDataset, takeSplit } from "@assess/assess";
 * import { complementItems } from "./split.ts";
 * import { sha256Hex } from "../dataset/sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const row = (id: number) => ({ id, query: `q${id}`, tools: "[]", answers: "[]" });
 * const bytes = new TextEncoder().encode(JSON.stringify([row(9), row(2), row(5)]));
 * const dataset = loadDataset(bytes, sha256Hex(bytes));
 * const split = takeSplit(dataset, { seed: "x", size: 1 });
 * assert.deepEqual(complementItems(dataset, split).map((item) => item.id), split.complement);
 * ```
 */
export function complementItems(dataset: Dataset, split: Split): DatasetItem[] {
  return itemsOf(dataset, split.complement, "complement");
}

function itemsOf(dataset: Dataset, ids: readonly ItemId[], what: string): DatasetItem[] {
  const byId = new Map<ItemId, DatasetItem>();
  for (const item of dataset.items) byId.set(item.id, item);
  return ids.map((id) => {
    const item = byId.get(id);
    if (item === undefined) {
      throw new RangeError(
        `the split's ${what} holds id ${itemIdShown(id)}, which the dataset does not hold`,
      );
    }
    return item;
  });
}
