/**
 * The error for a dataset that cannot be used.
 *
 * @module
 */

import { type ItemId, itemIdShown } from "./item_id.ts";

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
  /**
   * The row the problem is in, if it is in one: its position in the file's array (`index`, from
   * 0), its `id` when the row has a usable one, and for a dataset of one row a line
   * (`chat-jsonl`) the line it is on (`line`, from 1: the message then names the line instead of
   * the row's index).
   */
  readonly row: {
    readonly index: number;
    readonly id?: ItemId;
    readonly line?: number;
  } | undefined;
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
  constructor(reason: string, row?: DatasetError["row"], lines: readonly string[] = []) {
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

/** Where in the dataset a problem is: a row's position in the file and, when it has one, its id. */
export type RowPlace = NonNullable<DatasetError["row"]>;
