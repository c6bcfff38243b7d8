/**
 * Text made safe to print on one line of a terminal.
 *
 * @module
 */

/**
 * Text made fit for one line: control characters, line breaks and the bidirectional controls
 * shown as escapes (`\n`, `\u0085`, `\u001b`, `\u202e`), so that a refusal is always one line
 * whatever the file, the server or a scorer wrote, no escape sequence reaches the terminal, and no
 * text reorders what follows it.
 *
 * @param text Any text.
 * @returns The text on one line.
 *
 * @example
 * ```ts
 * import { oneLine } from "./one_line.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(oneLine("a\nb\tc"), "a\\nb\\tc");
 * ```
 */
export function oneLine(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const escaped = JSON.stringify(c).slice(1, -1);
    return escaped.length > 1 ? escaped : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * Where the first character that {@linkcode oneLine} would escape is in a text (a control
 * character, a line break or a bidirectional control), or -1 when there is none: what a name
 * that is printed later must not hold.
 *
 * @param text Any text.
 * @returns The index (in UTF-16 code units), or -1.
 *
 * @example
 * ```ts
 * import { firstUnprintable } from "./one_line.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(firstUnprintable("tuned\u001b[2J"), 5);
 * assert.equal(firstUnprintable("tuned-a"), -1);
 * ```
 */
export function firstUnprintable(text: string): number {
  return text.search(ONE);
}

// deno-lint-ignore no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const ONE = new RegExp(UNSAFE.source);
