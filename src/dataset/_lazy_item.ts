/**
 * What a dataset item built on first use offers the dataset's functions (`contentKeyOf`,
 * `detachedItem`, `detachedAnswers`) besides its members: keyed by symbols, so that an item's
 * own members stay those of `DatasetItem`. Private to `src/dataset/`.
 *
 * @module
 */

import type { AnswerCall, ChatPrompt, Item, ItemId, ToolSpec } from "./item.ts";

/** The item's content key: a number that items with identical content share. */
export const CONTENT_KEY: unique symbol = Symbol("contentKey");
/** The item with its tools and answers built for one use, nothing kept on the item. */
export const DETACHED: unique symbol = Symbol("detached");
/** The item's answer built for one use, nothing kept on the item. */
export const DETACHED_ANSWERS: unique symbol = Symbol("detachedAnswers");

/** The item as a few values (texts, numbers, flags) and the function that builds it from them. */
export const PACKED: unique symbol = Symbol("packed");

/**
 * What an item is made from, for `PackedItems`: its id, its index, the values its kind keeps
 * (each a string, a finite number, a boolean or `null`) and its kind's function that builds the
 * item again from them. One function for every item of a kind.
 */
export interface PackedForm {
  /** The values, as `rebuild` takes them. */
  readonly fields: readonly (string | number | boolean | null)[];
  /** Builds the item from its id, its index and the values. */
  readonly rebuild: Rebuild;
}

/** Builds an item again from its id, its index and the values its kind kept of it. */
export type Rebuild = (
  id: ItemId,
  index: number,
  fields: readonly (string | number | boolean | null)[],
) => Item;

/** An item that builds its tools and answers on first use. */
export interface LazyItem {
  /** Its content key. */
  readonly [CONTENT_KEY]: number;
  /** Itself, its tools and answers built for this use only. */
  [DETACHED](): Item;
  /** Its answer, built for this use only. */
  [DETACHED_ANSWERS](): readonly AnswerCall[];
  /** What it is made from. */
  [PACKED](): PackedForm;
}

/** Whether an item is a {@linkcode LazyItem}. */
export function isLazyItem<T extends object>(item: T): item is T & LazyItem {
  return CONTENT_KEY in item;
}

/**
 * An item for one use: a plain object whose `tools` and `answers` are built when first read and
 * kept on it alone (own, enumerable getters, so a spread or `JSON.stringify` copies their values),
 * so that writing a request builds only the tools and scoring a reply only what the scorer reads,
 * and both go when the item is dropped.
 *
 * @param fields The item's id, index, query and own prompt, if any.
 * @param tools Builds its tools.
 * @param answers Builds its answer.
 * @returns The item.
 */
export function oneUseItem(
  fields: {
    readonly id: ItemId;
    readonly index: number;
    readonly query: string;
    readonly chat?: ChatPrompt | undefined;
    readonly cluster?: string | undefined;
  },
  tools: () => readonly ToolSpec[],
  answers: () => readonly AnswerCall[],
): Item {
  let builtTools: readonly ToolSpec[] | undefined;
  let builtAnswers: readonly AnswerCall[] | undefined;
  const item = {
    id: fields.id,
    index: fields.index,
    query: fields.query,
    get tools(): readonly ToolSpec[] {
      return builtTools ??= tools();
    },
    get answers(): readonly AnswerCall[] {
      return builtAnswers ??= answers();
    },
  };
  const chat = fields.chat === undefined ? item : Object.assign(item, { chat: fields.chat });
  return fields.cluster === undefined ? chat : Object.assign(chat, { cluster: fields.cluster });
}
