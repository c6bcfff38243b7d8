/**
 * An item's id: an integer (every xlam row's, a chat-jsonl line's if it writes one) or a string (a
 * chat-jsonl line's), and the one order every list of ids is sorted in.
 *
 * @module
 */

/**
 * An item's id: a safe integer, or a string. Within a dataset no two items share an id's text
 * ({@linkcode itemIdText}): `7` and `"7"` are one id given twice.
 */
export type ItemId = number | string;

/**
 * An id as the split hashes and writes it in text: an integer in its shortest decimal form (`-0`
 * as `0`), a string as it is.
 *
 * @param id The id.
 * @returns Its text.
 *
 * @example
 * ```ts
 * import { itemIdText } from "./item_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(itemIdText(-0), "0");
 * assert.equal(itemIdText(42), "42");
 * assert.equal(itemIdText("ticket-7"), "ticket-7");
 * ```
 */
export function itemIdText(id: ItemId): string {
  return typeof id === "string" ? id : id === 0 ? "0" : String(id);
}

// A UTF-16 code unit mapped so that comparing the mapped units of two strings orders them by code
// point: surrogates (which stand for code points above U+FFFF) go above U+E000 to U+FFFF.
function codePointUnit(unit: number): number {
  return unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/**
 * The one order of ids: integers first, ascending, then strings by code point (which is the order
 * of their UTF-8 bytes, and Python's order of `str`). Every sorted list of ids (the split file's,
 * the report's, the confirmation items') is sorted by it.
 *
 * @param a An id.
 * @param b Another id.
 * @returns Negative when `a` comes first, positive when `b` does, 0 when they are the same id.
 *
 * @example
 * ```ts
 * import { compareItemIds } from "./item_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   ["b", 10, "a", -3, "\u{1F600}", "\uFF5E"].sort(compareItemIds),
 *   [-3, 10, "a", "b", "\uFF5E", "\u{1F600}"],
 * );
 * ```
 */
export function compareItemIds(a: ItemId, b: ItemId): number {
  if (typeof a === "number") return typeof b === "number" ? a - b : -1;
  if (typeof b === "number") return 1;
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointUnit(x) - codePointUnit(y);
  }
  return a.length - b.length;
}

/**
 * The ids sorted by {@linkcode compareItemIds}, as a new array: all-integer lists (every xlam
 * split's) through a typed array's numeric sort, which is exact for safe integers and fast.
 *
 * @param ids The ids.
 * @returns Them, sorted.
 *
 * @example
 * ```ts
 * import { sortedItemIds } from "./item_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(sortedItemIds([3, 1, 2]), [1, 2, 3]);
 * assert.deepEqual(sortedItemIds(["b", 2, "a"]), [2, "a", "b"]);
 * ```
 */
export function sortedItemIds(ids: readonly ItemId[]): ItemId[] {
  if (ids.every((id) => typeof id === "number")) {
    return Array.from(Float64Array.from(ids as readonly number[]).sort());
  }
  return [...ids].sort(compareItemIds);
}

/**
 * Whether a value is an id: a safe integer or a string.
 *
 * @param value Anything.
 * @returns Whether it is an {@linkcode ItemId}.
 *
 * @example
 * ```ts
 * import { isItemId } from "./item_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isItemId(3), true);
 * assert.equal(isItemId("a"), true);
 * assert.equal(isItemId(1.5), false);
 * ```
 */
export function isItemId(value: unknown): value is ItemId {
  return typeof value === "string" || Number.isSafeInteger(value);
}

/**
 * An id as messages and reports show it: an integer in decimal, a string as JSON text (quoted), so
 * that `7` and `"7"` never look alike and a string's spaces and commas stay inside its quotes, on
 * one line, with no control character (JSON's escapes, and `\uXXXX` for DEL, C1 controls, U+2028,
 * U+2029 and the bidirectional controls).
 *
 * @param id The id.
 * @returns Its text as shown.
 *
 * @example
 * ```ts
 * import { itemIdShown } from "./item_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(itemIdShown(7), "7");
 * assert.equal(itemIdShown("t, 7"), '"t, 7"');
 * assert.equal(itemIdShown("a\nb\u001b[2J\u202e"), '"a\\nb\\u001b[2J\\u202e"');
 * ```
 */
export function itemIdShown(id: ItemId): string {
  return typeof id === "string" ? JSON.stringify(id).replace(UNSHOWN, escaped) : String(id);
}

// What JSON text leaves as it is but a terminal or a line of text must not get raw: DEL, the C1
// controls, the line and paragraph separators, and the bidirectional marks, overrides and isolates
// (what `oneLine` in src/text escapes beyond JSON).
const UNSHOWN = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

function escaped(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
