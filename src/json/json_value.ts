/**
 * The one representation of a JSON value in assess: numbers keep the exact text they were written
 * with, objects keep their keys in order and cannot be confused with arrays or numbers.
 *
 * @module
 */

/**
 * A JSON number, kept as the text it was written with (`5.0` stays `5.0`, and
 * `12345678901234567890` loses no digit). Compare numbers with {@linkcode jsonEqual}, which reads
 * them as exact decimals.
 *
 * @example Keep a number's text
 * ```ts
 * import { JsonNumber } from "@assess/assess";
 * import { strictEqual } from "node:assert/strict";
 *
 * strictEqual(new JsonNumber("5.0").text, "5.0");
 * ```
 */
export class JsonNumber {
  /** The number as written, a valid RFC 8259 number. */
  readonly text: string;

  /**
   * Wraps a number's text. The text is trusted to be a valid JSON number: the strict reader only
   * makes valid ones; {@linkcode isJsonNumberText} checks text from elsewhere.
   *
   * @param text The number as written.
   */
  constructor(text: string) {
    this.text = text;
  }

  /**
   * The number's text, so that template strings and `String()` show it as written.
   *
   * @returns The text.
   */
  toString(): string {
    return this.text;
  }
}

/** A JSON object: its members in the order they were written. Keys are unique. */
export type JsonObject = ReadonlyMap<string, JsonValue>;

/** A JSON array. */
export type JsonArray = readonly JsonValue[];

/** Any JSON value, with exact numbers. */
export type JsonValue = null | boolean | string | JsonNumber | JsonArray | JsonObject;

const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Tells whether a text is a number as RFC 8259 writes one.
 *
 * @param text The text to check.
 * @returns `true` for `5`, `-0.5e3`; `false` for `05`, `.5`, `NaN`, `+1`.
 *
 * @example
 * ```ts
 * import { isJsonNumberText } from "./json_value.ts";
 * import assert from "node:assert/strict";
 *
 * assert(isJsonNumberText("5e0"));
 * assert(!isJsonNumberText("Infinity"));
 * ```
 */
export function isJsonNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text);
}

/**
 * Tells whether a value is a JSON object (as opposed to an array, a number or a scalar).
 *
 * @param value Any JSON value.
 * @returns Whether it is an object.
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { isJsonObject } from "./json_value.ts";
 * import assert from "node:assert/strict";
 *
 * assert(isJsonObject(parseJson('{"a": 1}')));
 * assert(!isJsonObject(parseJson("[1]")));
 * ```
 */
export function isJsonObject(value: JsonValue): value is JsonObject {
  return value instanceof Map;
}
