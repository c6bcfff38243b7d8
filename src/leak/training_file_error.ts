/**
 * The error for a training file the leak check cannot read.
 *
 * @module
 */

/**
 * A training file refused by the leak check: not JSON Lines (nor a JSON array of rows), a line
 * that is not an object, an example without a user message, a line too large. The message names
 * the line (and the file, once known); the command line exits 65.
 *
 * @example
 * ```ts
 * import { TrainingFileError } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const error = new TrainingFileError(3, "the line is not a JSON object");
 * assert.equal(error.message, "line 3: the line is not a JSON object");
 * assert.equal(error.inFile("train.jsonl").message, "train.jsonl: line 3: the line is not a JSON object");
 * ```
 */
export class TrainingFileError extends Error {
  /** The line, from 1. */
  readonly line: number;
  /** What is wrong with it. */
  readonly reason: string;

  /**
   * Makes the error for a line of the training file.
   *
   * @param line The line, from 1.
   * @param reason What is wrong with it.
   * @param file The file, when known.
   */
  constructor(line: number, reason: string, file?: string) {
    super(`${file === undefined ? "" : `${file}: `}line ${line}: ${reason}`);
    this.name = "TrainingFileError";
    this.line = line;
    this.reason = reason;
  }

  /**
   * The same error, naming the file.
   *
   * @param file The training file, as the user named it.
   * @returns A new error whose message starts with the file.
   */
  inFile(file: string): TrainingFileError {
    return new TrainingFileError(this.line, this.reason, file);
  }
}
