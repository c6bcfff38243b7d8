/**
 * A response body gathered under a size cap, in one buffer that grows by doubling: each part is
 * copied in as it arrives and never kept, so that what is held is at most twice the bytes
 * gathered, however the server framed them (a body sent as millions of one-byte chunks holds no
 * more than one sent whole).
 *
 * @module
 */

/** The first buffer's size, in bytes (or the cap, when smaller). */
const FIRST_BYTES = 16 * 1024;

/**
 * A body gathered part by part, up to a cap.
 *
 * @example
 * ```ts
 * import { CappedBody } from "./capped_body.ts";
 * import assert from "node:assert/strict";
 *
 * const body = new CappedBody(10);
 * for (const byte of [104, 105]) assert.equal(body.add(new Uint8Array([byte])), true);
 * assert.equal(new TextDecoder().decode(body.bytes()), "hi");
 * assert.equal(body.add(new Uint8Array(9)), false);
 * ```
 */
export class CappedBody {
  #buffer: Uint8Array;
  #size = 0;
  readonly #cap: number;

  /** @param cap The most bytes the body may hold. */
  constructor(cap: number) {
    this.#cap = cap;
    this.#buffer = new Uint8Array(Math.min(FIRST_BYTES, cap));
  }

  /** The bytes gathered so far. */
  get size(): number {
    return this.#size;
  }

  /** The bytes held (the buffer's length): at most `max(16 KiB, 2 × size)`, and never over the cap. */
  get held(): number {
    return this.#buffer.length;
  }

  /**
   * Copies a part in (the part itself is not kept: its owner may reuse it).
   *
   * @param part The next bytes.
   * @returns `false`, keeping nothing of the part, when it would take the body past the cap.
   */
  add(part: Uint8Array): boolean {
    const size = this.#size + part.length;
    if (size > this.#cap) return false;
    if (size > this.#buffer.length) {
      const grown = new Uint8Array(Math.min(this.#cap, Math.max(size, 2 * this.#buffer.length)));
      grown.set(this.#buffer.subarray(0, this.#size));
      this.#buffer = grown;
    }
    this.#buffer.set(part, this.#size);
    this.#size = size;
    return true;
  }

  /**
   * The body gathered: a view of the buffer, no copy.
   *
   * @returns The bytes.
   */
  bytes(): Uint8Array {
    return this.#buffer.subarray(0, this.#size);
  }
}
