/**
 * The error for a dataset that cannot be used.
 *
 * @module
 */

import { type ItemId, itemIdShown } from "./item_id.ts";

/** Where in the dataset a problem is: a row's position in the file and, when it has one, its id. */
export interface RowPlace {
  /** The row's position in the file's array, from 0. */
  readonly index: number;
  /** The row's `id`, when the row has a usable one. */
  readonly id?: ItemId;
  /**
   * The line the row is on, from 1, for a dataset of one row a line (`chat-jsonl`): the message
   * then names the line instead of the row's index.
   */
  readonly line?: number;
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
 * const line = new DatasetError("the last message is not the assistant's", {
 *   index: 1,
 *   line: 2,
 *   id: "t-2",
 * });
 * assert.equal(
 *   line.message,
 *   'dataset refused: line 2 (id "t-2"): the last message is not the assistant\'s',
 * );
 * ```
 */
export class DatasetError extends Error {
  /** The row the problem is in, if it is in one. */
  readonly row: RowPlace | undefined;
  /** What is wrong, without the row. */
  readonly reason: string;
  /**
   * The refusals of further rows, each a whole message (`dataset refused: line …`), when the
   * dataset's reader goes on past the first bad row (`chat-jsonl` does); printed after this one.
   */
  readonly lines: readonly string[];

  /**
   * Makes the error, naming the row when there is one.
   *
   * @param reason What is wrong, in plain words.
   * @param row The row it is in, if any.
   * @param lines The refusals of further rows, each a whole message; default none.
   */
  constructor(reason: string, row?: RowPlace, lines: readonly string[] = []) {
    const at = row === undefined
      ? ""
      : row.line === undefined
      ? `row ${row.index}`
      : `line ${row.line}`;
    const where = row === undefined
      ? ""
      : row.id === undefined
      ? `${at}: `
      : `${at} (id ${itemIdShown(row.id)}): `;
    super(`dataset refused: ${where}${reason}`);
    this.name = "DatasetError";
    this.reason = reason;
    this.row = row;
    this.lines = lines;
  }
}
