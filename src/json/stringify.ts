/**
 * Writing JSON values back as text, numbers exactly as they were read.
 *
 * @module
 */

import { JsonNumber, type JsonObject, type JsonValue } from "./json_value.ts";

/**
 * Writes a JSON value as compact JSON text (no spaces): numbers exactly as their text, object
 * members in their order, strings escaped as `JSON.stringify` escapes them (so a lone surrogate,
 * which the strict reader never makes, is written as a `\u` escape). Reading the result with
 * {@linkcode parseJson} gives an equal value.
 *
 * @param value A JSON value.
 * @returns Its text.
 *
 * @example
 * ```ts
 * import { parseJson, stringifyJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   stringifyJson(parseJson('{"n": 12345678901234567890, "x": [5.0, "é"], "b": null}')),
 *   '{"n":12345678901234567890,"x":[5.0,"é"],"b":null}',
 * );
 * ```
 */
export function stringifyJson(value: JsonValue): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
  }
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      out += stringifyJson(value[i]!);
    }
    return out + "]";
  }
  let out = "{";
  let first = true;
  for (const [key, member] of value as JsonObject) {
    if (!first) out += ",";
    first = false;
    out += JSON.stringify(key) + ":" + stringifyJson(member);
  }
  return out + "}";
}
