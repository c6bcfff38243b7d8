/**
 * The SHA-256 of a dataset file: of its bytes, or taken from its parts while it is still being
 * read, so that hashing a large file overlaps reading it instead of following it.
 *
 * @module
 */

import { createHash, type Hash } from "node:crypto";
import { PartsTiling } from "./_parts.ts";

/**
 * The SHA-256 of some bytes, as 64 lowercase hex digits: what `dataset.sha256` in assess.yaml pins
 * a dataset file to.
 *
 * @param bytes The bytes.
 * @returns Their hash.
 *
 * @example
 * ```ts
 * import { sha256Hex } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   sha256Hex(new Uint8Array()),
 *   "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
 * );
 * ```
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex digits.
 *
 * @param text The text.
 * @returns The hash of its UTF-8 encoding.
 *
 * @example
 * ```ts
 * import { sha256Hex, sha256Text } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sha256Text("é"), sha256Hex(new TextEncoder().encode("é")));
 * ```
 */
export function sha256Text(text: string): string {
  // createHash, not the one-shot hash(): in Deno the one-shot is the slower of the two.
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Takes the SHA-256 of a file from its parts as they are read: give {@linkcode onPart} to the
 * reader, then ask {@linkcode digestOf} for the digest of the bytes it returned. The parts are
 * trusted only when they were exactly those bytes, in order: views on the same buffer, the first
 * at its start, each where the last ended, ending at its end. Otherwise (a reader that never
 * called back, or one that moved its buffer) `digestOf` hashes the bytes itself, so the digest is
 * always the bytes' own. A part's bytes must not change once given.
 *
 * @example
 * ```ts
 * import { Sha256AsRead, sha256Hex } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode("some rows");
 * const hash = new Sha256AsRead();
 * hash.onPart(bytes.subarray(0, 4));
 * hash.onPart(bytes.subarray(4));
 * assert.equal(hash.digestOf(bytes), sha256Hex(bytes));
 * // Parts that are not the bytes given are not trusted.
 * assert.equal(new Sha256AsRead().digestOf(bytes), sha256Hex(bytes));
 * ```
 */
export class Sha256AsRead {
  #hash: Hash = createHash("sha256");
  #parts = new PartsTiling();
  #digest: string | undefined;

  /**
   * Takes in the next part of the file. Bound: pass it as a callback as it is.
   *
   * @param part The next bytes read, a view on the reader's buffer.
   */
  readonly onPart = (part: Uint8Array): void => {
    if (this.#digest === undefined && this.#parts.take(part)) this.#hash.update(part);
  };

  /**
   * The SHA-256 of the bytes the reader returned.
   *
   * @param bytes The whole file, as the reader returned it.
   * @returns 64 lowercase hex digits: from the parts when they were these bytes, else computed
   *   now.
   */
  digestOf(bytes: Uint8Array): string {
    // The digest is taken once; parts given after it are not taken in.
    this.#digest ??= this.#hash.digest("hex");
    return this.#parts.tiles(bytes) ? this.#digest : sha256Hex(bytes);
  }
}
