/**
 * A record's line with one of its top-level members cut out before it is parsed: the raw
 * `response` of a result or probe record is most of a results file's bytes and the slowest part
 * to parse, and a report does not need it. The member is found by its key, wherever it stands
 * in the object: nothing depends on the order members were written in. Private to
 * `src/results/`.
 *
 * @module
 */

function skipSpace(text: string, at: number): number {
  let i = at;
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;) {
    c = text.charCodeAt(++i);
  }
  return i;
}

/** A JSON string at `lastIndex`: a quote, then anything but quotes and backslashes, or escapes. */
const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/y;

/**
 * Where the JSON string at `at` ends, or -1. A string without escapes (every key, most values)
 * ends at the next quote. One with escapes (a raw response body: JSON text, its quotes escaped)
 * is matched by one regular expression, several times faster than stepping from quote to quote
 * in JavaScript; but V8's matcher gives up with a RangeError on a string of millions of escapes
 * (a long error body of newlines), and then the quotes are stepped through: the string ends at
 * the first quote with an even number of backslashes before it.
 */
function stringEnd(text: string, at: number): number {
  const quote = text.indexOf('"', at + 1);
  if (quote < 0) return -1;
  const slash = text.indexOf("\\", at + 1);
  if (slash < 0 || slash > quote) return quote + 1;
  STRING.lastIndex = at;
  try {
    return STRING.exec(text) === null ? -1 : STRING.lastIndex;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  for (let q = quote; q >= 0; q = text.indexOf('"', q + 1)) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return q + 1;
  }
  return -1;
}

/**
 * Where the JSON value at `at` ends, or -1 when it is not one. Strings are skipped whole;
 * arrays and objects by their brackets; other values up to the next delimiter (a syntax error in
 * them is `JSON.parse`'s to find).
 */
function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 0x22) return stringEnd(text, at);
  if (c !== 0x7b && c !== 0x5b) {
    // A number or a literal: up to the next delimiter, space, or the end (NaN past it).
    let i = at;
    for (let d = c; d > 0x20 && d !== 0x2c && d !== 0x7d && d !== 0x5d;) d = text.charCodeAt(++i);
    return i === at ? -1 : i;
  }
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
      continue;
    }
    if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return -1;
}

/** A line without one member, and that member's value as written. */
export interface Cut {
  /** The line's text without the member (and one comma beside it). */
  readonly rest: string;
  /** The member's value as written, such as `null` or `{"status":200,"body":"…"}`. */
  readonly value: string;
}

/**
 * The text of a JSON object with its top-level member `key` cut out, and the member's value as
 * written; `null` when the text is not an object laid out as expected or has no such member
 * (then it is to be parsed whole). What is left is valid JSON exactly when the whole was.
 *
 * @param text A line: one JSON object.
 * @param key The member's key, as JSON text with its quotes (`"response"`).
 * @returns The rest and the value, or `null`.
 */
export function withoutMember(text: string, key: string): Cut | null {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return null;
  i = skipSpace(text, i + 1);
  let previousComma = -1;
  while (text.charCodeAt(i) === 0x22) {
    const memberStart = i;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return null;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) return null;
    const valueStart = skipSpace(text, i + 1);
    const end = valueEnd(text, valueStart);
    if (end < 0) return null;
    i = skipSpace(text, end);
    const next = text.charCodeAt(i);
    if (keyEnd - memberStart === key.length && text.startsWith(key, memberStart)) {
      const value = text.slice(valueStart, end);
      if (next === 0x2c) return { rest: text.slice(0, memberStart) + text.slice(i + 1), value };
      if (next !== 0x7d) return null;
      // The last member: the comma before it goes with it.
      const from = previousComma < 0 ? memberStart : previousComma;
      return { rest: text.slice(0, from) + text.slice(i), value };
    }
    if (next !== 0x2c) return null;
    previousComma = i;
    i = skipSpace(text, i + 1);
  }
  return null;
}
