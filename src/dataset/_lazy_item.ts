/**
 * What a dataset item built on first use offers the dataset's functions (`contentKeyOf`,
 * `detachedItem`, `detachedAnswers`) besides its members: keyed by symbols, so that an item's
 * own members stay those of `DatasetItem`. Private to `src/dataset/`.
 *
 * @module
 */

import type { AnswerCall, Item } from "./item.ts";

/** The item's content key: a number that items with identical content share. */
export const CONTENT_KEY: unique symbol = Symbol("contentKey");
/** The item with its tools and answers built for one use, nothing kept on the item. */
export const DETACHED: unique symbol = Symbol("detached");
/** The item's answer built for one use, nothing kept on the item. */
export const DETACHED_ANSWERS: unique symbol = Symbol("detachedAnswers");

/** An item that builds its tools and answers on first use. */
export interface LazyItem {
  /** Its content key. */
  readonly [CONTENT_KEY]: number;
  /** Itself, its tools and answers built for this use only. */
  [DETACHED](): Item;
  /** Its answer, built for this use only. */
  [DETACHED_ANSWERS](): readonly AnswerCall[];
}

/** Whether an item is a {@linkcode LazyItem}. */
export function isLazyItem<T extends object>(item: T): item is T & LazyItem {
  return CONTENT_KEY in item;
}
