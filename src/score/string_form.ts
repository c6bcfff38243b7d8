/**
 * The `string-form` rule of the lenient reading: two strings are equal when they are equal after
 * the normalisation of BFCL's AST checker (`standardize_string`).
 *
 * @module
 */

import { jsonEqual } from "../json/equal.ts";
import { JsonNumber, type JsonObject, type JsonValue } from "../json/json_value.ts";

/** The characters `standardize_string` removes: the space and `,./-_*^`. */
const REMOVED = /[ ,./\-_*^]/g;

/**
 * A string as BFCL's AST checker compares it: every space (U+0020 only) and every character of
 * `,./-_*^` removed, then lower-cased (Unicode's default lower case, as Python's `str.lower`), then
 * every `'` turned into `"`.
 *
 * @param text The string.
 * @returns Its normal form.
 *
 * @example
 * ```ts
 * import { stringForm } from "./string_form.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(stringForm("April 1, 2024"), "april12024");
 * assert.equal(stringForm("New_York-City"), "newyorkcity");
 * assert.equal(stringForm("it's"), 'it"s');
 * ```
 */
export function stringForm(text: string): string {
  return text.replace(REMOVED, "").toLowerCase().replaceAll("'", '"');
}

/**
 * Whether two JSON values are equal when every string in them, at any depth, is compared by its
 * {@linkcode stringForm}: objects have the same keys (keys as written) with such equal values,
 * arrays such equal elements in order, numbers equal as exact decimals, and nothing else changes
 * (a string never equals a number). Values equal by `jsonEqual` are always equal here.
 *
 * @param a A JSON value.
 * @param b Another.
 * @returns Whether they are equal under `string-form`.
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { stringFormEqual } from "./string_form.ts";
 * import assert from "node:assert/strict";
 *
 * assert(stringFormEqual(parseJson('["New York", 5]'), parseJson('["new york", 5.0]')));
 * assert(!stringFormEqual(parseJson('"5"'), parseJson("5")));
 * ```
 */
export function stringFormEqual(a: JsonValue, b: JsonValue): boolean {
  if (typeof a === "string") return typeof b === "string" && stringForm(a) === stringForm(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    return jsonEqual(a, b);
  }
  if (a instanceof JsonNumber || b instanceof JsonNumber) return jsonEqual(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!stringFormEqual(a[i]!, b[i]!)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as JsonObject;
  const y = b as JsonObject;
  if (x.size !== y.size) return false;
  for (const [key, value] of x) {
    const other = y.get(key);
    if (other === undefined || !stringFormEqual(value, other)) return false;
  }
  return true;
}
