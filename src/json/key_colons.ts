/**
 * The colons of a JSON text that end a key, counted without parsing the text: with the keys of
 * the value `JSON.parse` makes of it, the count tells whether an object wrote a key twice (which
 * `JSON.parse` lets through, keeping the last).
 *
 * @module
 */

/**
 * How many colons of a JSON text end a key, or may: those whose last character before them,
 * white space aside, is a quote that no backslash escapes. Every key ends so; a colon inside a
 * string is counted only when the string's opening quote is all that comes before it (a string
 * that begins with a colon). So for a text `JSON.parse` reads, the count is at least the number of
 * keys written, and equal to the number of keys the parsed value holds only when no object wrote a
 * key twice: a repeated key is written, but held once.
 *
 * A native search from colon to colon, then a look back.
 *
 * @param text A JSON text.
 * @returns The count.
 *
 * @example
 * ```ts
 * import { keyColons } from "./key_colons.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(keyColons('{"a": 1, "b": {"c": "x:y"}}'), 3);
 * assert.equal(keyColons('{"a": 1, "a": 2}'), 2); // JSON.parse holds one key
 * assert.equal(keyColons('{"a": "\\":"}'), 1); // an escaped quote does not end a key
 * ```
 */
export function keyColons(text: string): number {
  let n = 0;
  for (let at = text.indexOf(":"); at >= 0; at = text.indexOf(":", at + 1)) {
    let p = at - 1;
    let c = text.charCodeAt(p);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--p);
    if (c !== 0x22) continue;
    let backslashes = 0;
    while (text.charCodeAt(--p) === 0x5c) backslashes++;
    if ((backslashes & 1) === 0) n++;
  }
  return n;
}
