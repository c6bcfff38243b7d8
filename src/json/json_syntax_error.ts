/**
 * The error the strict JSON reader throws.
 *
 * @module
 */

/**
 * What the strict reader throws: the reason and the offset (in UTF-16 code units of the text, or
 * bytes for `parseJsonBytes`'s UTF-8 check) where reading stopped.
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { JsonSyntaxError } from "./json_syntax_error.ts";
 * import assert from "node:assert/strict";
 *
 * try {
 *   parseJson('{"a": 1, "a": 2}');
 *   assert.fail("accepted a duplicate key");
 * } catch (e) {
 *   assert(e instanceof JsonSyntaxError);
 *   assert.equal(e.offset, 9);
 * }
 * ```
 */
export class JsonSyntaxError extends SyntaxError {
  /** Where the problem is, counted from 0. */
  readonly offset: number;
  /** The reason alone, without the offset. */
  readonly reason: string;

  /**
   * Makes the error for a syntax problem.
   *
   * @param reason What is wrong, in plain words.
   * @param offset Where, counted from 0.
   */
  constructor(reason: string, offset: number) {
    super(`${reason} at offset ${offset}`);
    this.name = "JsonSyntaxError";
    this.reason = reason;
    this.offset = offset;
  }
}
