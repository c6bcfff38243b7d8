/**
 * Text made safe to print on one line of a terminal.
 *
 * @module
 */

/**
 * Text made fit for one line: control characters and line breaks shown as escapes (`\n`,
 * `\u0085`, `\u001b`), so that a refusal is always one line whatever the file, the server or a
 * scorer wrote, and no escape sequence reaches the terminal.
 *
 * @param text Any text.
 * @returns The text on one line.
 *
 * @example
 * ```ts
 * import { oneLine } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.equal(oneLine("a\nb\tc"), "a\\nb\\tc");
 * ```
 */
export function oneLine(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const escaped = JSON.stringify(c).slice(1, -1);
    return escaped.length > 1 ? escaped : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
