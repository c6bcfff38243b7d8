/**
 * Text pieces as UTF-8 parts of about one size, for writing a long stream of lines with few
 * writes and little memory.
 *
 * @module
 */

/**
 * The texts' UTF-8 bytes, in order, gathered into parts of at most `size` bytes (a text longer
 * than that is a part of its own). Each part is a new array, kept by whoever takes it.
 *
 * @param texts The texts, read one at a time as parts are asked for.
 * @param size The most bytes a part gathers; default 1 MiB.
 * @returns The parts.
 *
 * @example
 * ```ts
 * import { utf8Parts } from "./utf8_parts.ts";
 * import assert from "node:assert/strict";
 *
 * const parts = [...utf8Parts(["ab\n", "é\n", "cd\n"], 6)];
 * assert.deepEqual(parts.map((p) => new TextDecoder().decode(p)), ["ab\né\n", "cd\n"]);
 * ```
 */
export function* utf8Parts(texts: Iterable<string>, size: number = 1 << 20): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(size);
  let length = 0;
  for (const text of texts) {
    let done = encoder.encodeInto(text, buffer.subarray(length));
    if (done.read < text.length && length > 0) {
      yield buffer.subarray(0, length);
      buffer = new Uint8Array(size);
      length = 0;
      done = encoder.encodeInto(text, buffer);
    }
    if (done.read < text.length) {
      yield encoder.encode(text);
      continue;
    }
    length += done.written;
  }
  if (length > 0) yield buffer.subarray(0, length);
}
