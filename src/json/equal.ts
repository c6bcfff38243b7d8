/**
 * Equality of JSON values, as the scorers page defines it.
 *
 * @module
 */

import { canonicalDecimal } from "./decimal.ts";
import { JsonNumber, type JsonObject, type JsonValue } from "./json_value.ts";

/**
 * Tells whether two JSON values are equal, by the scorers page's rules:
 *
 * - objects have the same keys, with equal values, in any order;
 * - arrays have equal elements in the same order;
 * - numbers are equal as exact decimals of any size and exponent (`5`, `5.0`, `5e0` and `0.5e1`
 *   are equal, `1e400` and `1e401` are not, `-0` equals `0`, and integers past 2^53 keep every
 *   digit);
 * - strings are equal code unit by code unit, which for the well-formed strings the strict reader
 *   makes is code point by code point, with no Unicode normalisation;
 * - `true`, `false` and `null` equal only themselves; a string never equals a number.
 *
 * @param a A JSON value.
 * @param b Another.
 * @returns Whether they are equal.
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { jsonEqual } from "./equal.ts";
 * import assert from "node:assert/strict";
 *
 * assert(jsonEqual(parseJson('{"a": 5, "b": [1]}'), parseJson('{"b": [1.0], "a": 0.5e1}')));
 * assert(!jsonEqual(parseJson("1e400"), parseJson("1e401")));
 * assert(!jsonEqual(parseJson('"5"'), parseJson("5")));
 * assert(!jsonEqual(parseJson('"\\u00e9"'), parseJson('"e\\u0301"')));
 * ```
 */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (a instanceof JsonNumber) {
    return b instanceof JsonNumber &&
      (a.text === b.text || canonicalDecimal(a.text) === canonicalDecimal(b.text));
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!jsonEqual(a[i]!, b[i]!)) return false;
    }
    return true;
  }
  if (b instanceof JsonNumber || Array.isArray(b)) return false;
  const x = a as JsonObject;
  const y = b as JsonObject;
  if (x.size !== y.size) return false;
  for (const key of x.keys()) {
    const other = y.get(key);
    if (other === undefined || !jsonEqual(x.get(key)!, other)) return false;
  }
  return true;
}
