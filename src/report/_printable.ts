/**
 * What the text and Markdown formats do so that a report is safe to print: every text in the
 * report (a model name, a reason, a detail: whatever the results file holds) escaped by
 * `oneLine`, so that a line break inside one stays on its line and no control or bidirectional
 * character reaches a terminal; then each line drawn, as a guard. The JSON and HTML formats escape
 * in their own way. Private to `src/report/`.
 *
 * @module
 */

import { oneLine } from "../text/one_line.ts";

/** A value with every string in it (keys too) escaped by `oneLine`. */
export function printableTexts<T>(value: T): T {
  if (typeof value === "string") return oneLine(value) as T;
  if (Array.isArray(value)) return value.map(printableTexts) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [oneLine(key), printableTexts(member)]),
  ) as T;
}

/** Each line of a rendered text through `oneLine`. */
export function printable(text: string): string {
  return text.split("\n").map(oneLine).join("\n");
}
