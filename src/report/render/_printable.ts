/**
 * What the text and Markdown formats do so that a report is safe to print: every text in the
 * report (a model name, a reason, a detail: whatever the results file holds) escaped by
 * `oneLine`, so that a line break inside one stays on its line and no control or bidirectional
 * character reaches a terminal; then each line drawn, as a guard. The HTML format does the same
 * but keeps line breaks (its query and reply panels show their lines), so that a bidirectional
 * control is shown there as `\u202e` too. JSON escapes in its own way. Private to
 * `src/report/render/`.
 *
 * @module
 */

import type { ItemId } from "../../dataset/item_id.ts";
import { oneLine } from "../../text/one_line.ts";

/**
 * A value with every string in it (keys too) escaped by `escape`: `oneLine` by default, or
 * {@linkcode printable} where line breaks are kept (HTML, which shows a query's and a reply's
 * lines as they are).
 */
export function printableTexts<T>(value: T, escape: (text: string) => string = oneLine): T {
  if (typeof value === "string") return escape(value) as T;
  if (Array.isArray(value)) return value.map((member) => printableTexts(member, escape)) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [escape(key), printableTexts(member, escape)]),
  ) as T;
}

/**
 * An item's id as the text, Markdown and HTML formats show it, from the id `printableTexts` has
 * already escaped (escaping it again would show a line break as `\\n`): an integer as it is, a
 * string quoted, its quotes escaped, and what `oneLine` escapes (a line break HTML kept) escaped
 * once. The same as `itemIdShown` of the id as read, but for a backslash the id holds, shown as it
 * is.
 */
export function printedId(id: ItemId): string {
  return typeof id === "string" ? `"${oneLine(id).replaceAll('"', '\\"')}"` : String(id);
}

/** Each line of a rendered text through `oneLine`. */
export function printable(text: string): string {
  return text.split("\n").map(oneLine).join("\n");
}
