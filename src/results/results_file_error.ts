/**
 * The error for a results file that cannot be read as one.
 *
 * @module
 */

/**
 * A results file that cannot be read as one: not a results file, another format version, a
 * record that breaks the format, or a broken line that is not the last. `empty` marks a file that
 * holds no complete line yet (nothing, or a first line torn by a crash): `assess run` starts such
 * a file afresh, `assess report` has nothing to report.
 *
 * @example
 * ```ts
 * import { ResultsFileError } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * const error = new ResultsFileError("line 3 of the results file is broken: not a JSON record", 3);
 * assert.equal(error.line, 3);
 * assert.equal(error.empty, false);
 * ```
 */
export class ResultsFileError extends Error {
  /** The 1-based line where the problem is, or `null` for the file as a whole. */
  readonly line: number | null;
  /** Whether the file holds no complete line: it is empty, or its first line was torn. */
  readonly empty: boolean;

  /**
   * Makes the error for a results file that cannot be read as one.
   *
   * @param message What is wrong, in plain words.
   * @param line The 1-based line, or `null`.
   * @param empty Whether the file holds no complete line (default false).
   */
  constructor(message: string, line: number | null, empty = false) {
    super(message);
    this.name = "ResultsFileError";
    this.line = line;
    this.empty = empty;
  }
}
