/**
 * The report's reading of a results file: `readResults` (the one reader of the file's lines, with
 * its rules: a header first, a torn last line ignored, any other broken line refused), without the
 * parts a report does not need unless it re-scores: each result's raw response and reply are cut
 * out of the line before it is parsed, which is most of the file's bytes.
 *
 * @module
 */

import {
  type BodyRecordWithoutReplies,
  type HeaderRecord,
  type ProbeRecord,
  readResults,
  type ResultRecord,
  type WithoutReplies,
} from "../run/results.ts";

/** A result record as the report reads it: the raw response and the reply may be left out. */
export type ScannedResult = WithoutReplies<ResultRecord>;

/** A probe record as the report reads it: the raw response and the reply may be left out. */
export type ScannedProbe = WithoutReplies<ProbeRecord>;

/** Any record after the header, as the report reads it. */
export type ScannedRecord = BodyRecordWithoutReplies;

/** A results file as the report reads it. `readResults`' `ResultsFile` is one too. */
export interface ScannedResults {
  /** The header. */
  readonly header: HeaderRecord;
  /** The records after it, in file order. */
  readonly records: readonly ScannedRecord[];
}

/** Options of {@linkcode scanResults}. */
export interface ScanOptions {
  /** Keep each result's raw response and reply (needed to re-score). Default false. */
  readonly replies?: boolean;
}

/**
 * Reads a results file for a report: `readResults(bytes, { replies })`, with `replies` false
 * unless asked for. The header must be line 1, of this format and version; a last line that is
 * not complete is a crash's torn write and is ignored; any other broken line is refused. Without
 * `replies`, the `response` and `reply` members of result and probe records are not read: in a
 * line written by `assess run` they come together before `usage`, and `,"response":` and
 * `,"usage":` can only be keys there (a `"` inside a JSON string is always escaped), so the text
 * between them is cut before parsing. A line laid out otherwise is parsed whole.
 *
 * @param bytes The file's bytes.
 * @param options `replies`: keep the raw responses and replies (default false).
 * @returns The header and the records.
 * @throws {ResultsFileError} When the file has no header of this format version on line 1, or a
 *   broken line before its last.
 *
 * @example
 * ```ts
 * import { scanResults } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const header = '{"kind":"header","format":"assess-results","formatVersion":1}';
 * const result = '{"kind":"result","model":"m","itemId":7,"itemIndex":0,"session":1,' +
 *   '"attempts":1,"response":{"status":200,"body":"{\\"usage\\":1}"},"reply":{"text":"",' +
 *   '"calls":[],"truncated":false},"usage":null,"error":null,' +
 *   '"verdict":{"correct":false,"reason":"no-call"}}';
 * const file = scanResults(new TextEncoder().encode(`${header}\n${result}\n{"kind":"se`));
 * assert.equal(file.records.length, 1);
 * assert.equal("response" in file.records[0]!, false);
 * ```
 */
export function scanResults(bytes: Uint8Array, options: ScanOptions = {}): ScannedResults {
  const { header, records } = readResults(bytes, { replies: options.replies === true });
  return { header, records };
}
