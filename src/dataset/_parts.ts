/**
 * Whether the parts a reader handed on as it read a file were exactly the bytes it returned, so
 * that what was taken from the parts (a hash, lines read) can stand for the bytes' own. Private to
 * `src/dataset/`.
 *
 * @module
 */

/**
 * Follows the parts of a read: they are trusted only when they are views on one buffer, the first
 * at the bytes' start, each where the last ended, the last at their end. A part that breaks this
 * stops the following (a reader that moved its buffer, as when a file grows past its stated
 * size); the caller then works from the bytes.
 */
export class PartsTiling {
  #buffer: ArrayBufferLike | undefined;
  #start = 0;
  #end = 0;
  #broken = false;

  /**
   * Takes the next part.
   *
   * @param part The next bytes read, a view on the reader's buffer.
   * @returns Whether it follows the parts before it (false, now and after, once one did not).
   */
  take(part: Uint8Array): boolean {
    if (this.#broken) return false;
    if (this.#buffer === undefined) {
      this.#buffer = part.buffer;
      this.#start = part.byteOffset;
      this.#end = part.byteOffset;
    }
    if (part.buffer !== this.#buffer || part.byteOffset !== this.#end) {
      this.#broken = true;
      return false;
    }
    this.#end += part.length;
    return true;
  }

  /**
   * Whether the parts taken were exactly these bytes.
   *
   * @param bytes The whole file, as the reader returned it.
   * @returns Whether every part was taken and together they are `bytes`.
   */
  tiles(bytes: Uint8Array): boolean {
    return !this.#broken && bytes.buffer === this.#buffer && bytes.byteOffset === this.#start &&
      this.#start + bytes.length === this.#end;
  }
}
