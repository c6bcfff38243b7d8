/**
 * The strict JSON reader: RFC 8259, numbers kept as written, and the refusals the scorers page
 * lists (a duplicate key at any depth, `NaN`/`Infinity`, a lone surrogate escaped or not, anything
 * but whitespace after the value). One reader serves the dataset, the scorer and the run.
 *
 * @module
 */

import type { JsonValue } from "./json_value.ts";
import { Reader } from "./reader.ts";
import { JsonSyntaxError } from "./json_syntax_error.ts";

export { MAX_JSON_DEPTH } from "./reader.ts";
export { JsonSyntaxError } from "./json_syntax_error.ts";

/**
 * Reads one JSON value strictly, keeping every number's text.
 *
 * Refused, with a {@linkcode JsonSyntaxError} naming the offset: anything RFC 8259 does not allow,
 * a key that appears twice in one object (at any depth), `NaN`, `Infinity`, a lone surrogate
 * (escaped as `\ud800` or raw in the text), text other than whitespace after the value, and
 * nesting deeper than {@linkcode MAX_JSON_DEPTH}.
 *
 * @param text The JSON text.
 * @returns The value: objects as `Map`s in written order, numbers as {@linkcode JsonNumber}.
 * @throws {JsonSyntaxError} When the text is not strict JSON.
 *
 * @example
 * ```ts
 * import { JsonNumber, parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const value = parseJson('{"n": 12345678901234567890, "x": 5.0}');
 * assert.deepEqual(value, new Map([
 *   ["n", new JsonNumber("12345678901234567890")],
 *   ["x", new JsonNumber("5.0")],
 * ]));
 * assert.throws(() => parseJson('{"a": 1} x'), SyntaxError);
 * ```
 */
export function parseJson(text: string): JsonValue {
  const r = new Reader(text);
  const value = r.value();
  r.end();
  return value;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads one JSON value strictly from UTF-8 bytes, as {@linkcode parseJson} does from text. Bytes
 * that are not UTF-8 are refused, and so is a byte order mark (RFC 8259 §8.1).
 *
 * @param bytes The JSON text as UTF-8.
 * @returns The value.
 * @throws {JsonSyntaxError} When the bytes are not UTF-8 or not strict JSON.
 *
 * @example
 * ```ts
 * import { parseJsonBytes } from "./strict_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseJsonBytes(new TextEncoder().encode('"é"')), "é");
 * assert.throws(() => parseJsonBytes(new Uint8Array([0x22, 0xff, 0x22])), SyntaxError);
 * ```
 */
export function parseJsonBytes(bytes: Uint8Array): JsonValue {
  return parseJson(decodeUtf8(bytes));
}

/**
 * Whether bytes begin with UTF-8's byte order mark (EF BB BF).
 *
 * @param bytes The bytes.
 * @returns Whether they do.
 *
 * @example
 * ```ts
 * import { hasByteOrderMark } from "./strict_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hasByteOrderMark(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b])), true);
 * assert.equal(hasByteOrderMark(new Uint8Array([0x7b])), false);
 * ```
 */
export function hasByteOrderMark(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Decodes UTF-8 strictly: invalid bytes are refused, and so is a byte order mark unless the
 * caller drops it (a file an editor may have saved with one: the config, the serve manifest).
 *
 * @param bytes UTF-8 bytes.
 * @param options `bom: "drop"` to skip a byte order mark at the start (default: refuse it).
 * @returns The text.
 * @throws {JsonSyntaxError} When the bytes are not UTF-8 or start with a byte order mark that is
 *   not dropped (offsets are in the bytes as given).
 *
 * @example
 * ```ts
 * import { decodeUtf8 } from "./strict_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(decodeUtf8(new Uint8Array([0x61])), "a");
 * assert.equal(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), { bom: "drop" }), "a");
 * assert.throws(() => decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])));
 * ```
 */
export function decodeUtf8(
  bytes: Uint8Array,
  options: { readonly bom?: "refuse" | "drop" } = {},
): string {
  if (hasByteOrderMark(bytes)) {
    if (options.bom !== "drop") throw new JsonSyntaxError("a byte order mark is not allowed", 0);
    try {
      return UTF8.decode(bytes.subarray(3));
    } catch {
      throw new JsonSyntaxError("the text is not valid UTF-8", 3 + firstBadUtf8(bytes.subarray(3)));
    }
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new JsonSyntaxError("the text is not valid UTF-8", firstBadUtf8(bytes));
  }
}

function firstBadUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const n = b < 0x80
      ? 1
      : (b & 0xe0) === 0xc0
      ? 2
      : (b & 0xf0) === 0xe0
      ? 3
      : (b & 0xf8) === 0xf0
      ? 4
      : 0;
    if (n === 0 || i + n > bytes.length) return i;
    try {
      UTF8.decode(bytes.subarray(i, i + n));
    } catch {
      return i;
    }
    i += n;
  }
  return i;
}
