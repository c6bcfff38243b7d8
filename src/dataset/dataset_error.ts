/**
 * The error for a dataset that cannot be used.
 *
 * @module
 */

/** Where in the dataset a problem is: a row's position in the file and, when it has one, its id. */
export interface RowPlace {
  /** The row's position in the file's array, from 0. */
  readonly index: number;
  /** The row's `id`, when the row has a usable one. */
  readonly id?: number;
}

/**
 * A dataset refused as a whole (the command line exits 65): a file whose hash is not the expected
 * one, a file that is not the dataset's JSON, or a row that breaks the dataset's shape. `row` names
 * the row when the problem is in one; `reason` says what is wrong in plain words.
 *
 * @example
 * ```ts
 * import { DatasetError } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const e = new DatasetError("tools is not valid JSON", { index: 3, id: 17 });
 * assert.equal(e.message, "dataset refused: row 3 (id 17): tools is not valid JSON");
 * ```
 */
export class DatasetError extends Error {
  /** The row the problem is in, if it is in one. */
  readonly row: RowPlace | undefined;
  /** What is wrong, without the row. */
  readonly reason: string;

  /**
   * Makes the error, naming the row when there is one.
   *
   * @param reason What is wrong, in plain words.
   * @param row The row it is in, if any.
   */
  constructor(reason: string, row?: RowPlace) {
    const where = row === undefined
      ? ""
      : row.id === undefined
      ? `row ${row.index}: `
      : `row ${row.index} (id ${row.id}): `;
    super(`dataset refused: ${where}${reason}`);
    this.name = "DatasetError";
    this.reason = reason;
    this.row = row;
  }
}
