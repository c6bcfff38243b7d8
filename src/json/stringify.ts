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
 * import { parseJson } from "@assess/assess";
 * import { stringifyJson } from "./stringify.ts";
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
      return quote(value);
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
  const object = value as JsonObject;
  let out = "{";
  let first = true;
  for (const key of object.keys()) {
    if (!first) out += ",";
    first = false;
    out += quote(key) + ":" + stringifyJson(object.get(key)!);
  }
  return out + "}";
}

/**
 * A string as JSON text, as {@linkcode stringifyJson} writes it: as it is between quotes when
 * nothing needs escaping, else as `JSON.stringify` writes it.
 *
 * @param text The string.
 * @returns Its JSON text.
 *
 * @example
 * ```ts
 * import { quoteJson } from "./stringify.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(quoteJson('a"b'), '"a\\"b"');
 * ```
 */
export function quoteJson(text: string): string {
  return quote(text);
}

/** A string as JSON: as it is between quotes when nothing needs escaping, else as JSON.stringify writes it. */
function quote(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
      return JSON.stringify(text);
    }
  }
  return `"${text}"`;
}
