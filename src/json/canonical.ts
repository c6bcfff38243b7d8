/**
 * One text per class of equal JSON values: two values have the same canonical text exactly when
 * {@linkcode jsonEqual} says they are equal, so equality can be kept as a string or a hash.
 *
 * @module
 */

import { canonicalDecimal } from "./decimal.ts";
import { JsonNumber, type JsonObject, type JsonValue } from "./json_value.ts";

/**
 * The canonical text of a JSON value: objects with their keys sorted (by UTF-16 code unit), numbers
 * as their exact decimal (`5`, `5.0` and `0.5e1` are all `5e0`), strings as `JSON.stringify`
 * writes them, arrays in order. `canonicalJson(a) === canonicalJson(b)` exactly when
 * `jsonEqual(a, b)` (a property test holds the two together).
 *
 * @param value A JSON value.
 * @returns Its canonical text (not meant to be read back).
 *
 * @example
 * ```ts
 * import { canonicalJson } from "./canonical.ts";
 * import { parseJson } from "./strict_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   canonicalJson(parseJson('{"b": [5.0], "a": "x"}')),
 *   canonicalJson(parseJson('{"a": "x", "b": [0.5e1]}')),
 * );
 * assert.notEqual(canonicalJson(parseJson('"5"')), canonicalJson(parseJson("5")));
 * ```
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof JsonNumber) return canonicalDecimal(value.text);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + canonicalJson(value[i]!);
    return out + "]";
  }
  const object = value as JsonObject;
  const keys = [...object.keys()].sort();
  let out = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out += (i > 0 ? "," : "") + JSON.stringify(key) + ":" + canonicalJson(object.get(key)!);
  }
  return out + "}";
}
