/**
 * A fast reader of results files for the report: the same rules as `readResults` (a header first,
 * a torn last line ignored, any other broken line refused), but without the parts a report does
 * not need unless it re-scores: each result's raw response and reply are cut out of the line
 * before it is parsed, which is most of the file's bytes.
 *
 * @module
 */

import {
  type EndRecord,
  type HeaderRecord,
  type ProbeCheckRecord,
  type ProbeRecord,
  type ResultRecord,
  RESULTS_FORMAT,
  RESULTS_FORMAT_VERSION,
  ResultsFileError,
  type SessionRecord,
} from "../run/results.ts";

/** A result record as the report reads it: the raw response and the reply may be left out. */
export type ScannedResult =
  & Omit<ResultRecord, "response" | "reply">
  & Partial<Pick<ResultRecord, "response" | "reply">>;

/** A probe record as the report reads it: the raw response and the reply may be left out. */
export type ScannedProbe =
  & Omit<ProbeRecord, "response" | "reply">
  & Partial<Pick<ProbeRecord, "response" | "reply">>;

/** Any record after the header, as the report reads it. */
export type ScannedRecord =
  | SessionRecord
  | ScannedResult
  | ScannedProbe
  | ProbeCheckRecord
  | EndRecord;

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

const KINDS: ReadonlySet<string> = new Set(["session", "result", "probe", "probe-check", "end"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function problemOf(value: unknown): string | null {
  if (!isObject(value)) return "not a JSON object";
  const kind = value.kind;
  if (typeof kind !== "string" || !KINDS.has(kind)) {
    return `unknown record kind ${JSON.stringify(kind)}`;
  }
  if (!Number.isInteger(value.session)) return "session is not a whole number";
  if (kind === "result" || kind === "probe") {
    if (typeof value.model !== "string") return "model is not a string";
    if (!Number.isInteger(value.itemId)) return "itemId is not a whole number";
    if (!Number.isInteger(value.itemIndex)) return "itemIndex is not a whole number";
    if (value.error !== null && !isObject(value.error)) {
      return "error is neither an object nor null";
    }
    if (kind === "result" && value.verdict !== null && !isObject(value.verdict)) {
      return "verdict is neither an object nor null";
    }
    if (kind === "result" && (value.verdict === null) === (value.error === null)) {
      return "a result holds exactly one of verdict and error";
    }
  }
  return null;
}

const RESPONSE = ',"response":';
const USAGE = ',"usage":';

/**
 * Reads a results file for a report. The header must be line 1, of this format and version; a
 * last line that is not complete is a crash's torn write and is ignored; any other broken line is
 * refused. Unless `replies` is asked for, the `response` and `reply` members of result and probe
 * records are not read: in a line written by `assess run` they come together before `usage`, and
 * `,"response":` and `,"usage":` can only be keys there (a `"` inside a JSON string is always
 * escaped), so the text between them is cut before parsing. A line laid out otherwise is parsed
 * whole.
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
 *   '"response":{"status":200,"body":"{\\"usage\\":1}"},"reply":{"text":"","calls":[],' +
 *   '"truncated":false},"usage":null,"error":null,"verdict":{"correct":false,"reason":"no-call"}}';
 * const file = scanResults(new TextEncoder().encode(`${header}\n${result}\n{"kind":"se`));
 * assert.equal(file.records.length, 1);
 * assert.equal("response" in file.records[0]!, false);
 * ```
 */
export function scanResults(bytes: Uint8Array, options: ScanOptions = {}): ScannedResults {
  const text = new TextDecoder().decode(bytes);
  const cut = options.replies !== true;
  const records: ScannedRecord[] = [];
  let header: HeaderRecord | undefined;
  let start = 0;
  let line = 0;
  while (start < text.length) {
    line++;
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const isLast = newline < 0 || newline === text.length - 1;
    let value: unknown;
    let problem: string | null = null;
    try {
      let piece: string | undefined;
      if (cut && header !== undefined) {
        const r = text.indexOf(RESPONSE, start);
        if (r >= 0 && r < end) {
          // From the end: the usage key is near it, and the body between is the bulk of the line.
          const u = text.lastIndexOf(USAGE, end);
          if (u > r) piece = text.slice(start, r) + text.slice(u, end);
        }
      }
      value = JSON.parse(piece ?? text.slice(start, end));
    } catch {
      problem = "not a JSON record";
    }
    if (problem === null && newline < 0) problem = "no newline at its end";
    if (problem === null) {
      if (header === undefined) {
        if (!isObject(value) || value.kind !== "header" || value.format !== RESULTS_FORMAT) {
          throw new ResultsFileError("not an assess results file (no header on line 1)", 1);
        }
        if (value.formatVersion !== RESULTS_FORMAT_VERSION) {
          throw new ResultsFileError(
            `results format version ${JSON.stringify(value.formatVersion)} is not the ` +
              `${RESULTS_FORMAT_VERSION} this assess reads`,
            1,
          );
        }
        header = value as unknown as HeaderRecord;
      } else {
        problem = problemOf(value);
        if (problem === null) records.push(value as ScannedRecord);
      }
    }
    if (problem !== null) {
      if (!isLast) {
        throw new ResultsFileError(`line ${line} of the results file is broken: ${problem}`, line);
      }
      break;
    }
    start = end + 1;
  }
  if (header === undefined) {
    throw new ResultsFileError("the results file holds no complete header line", null);
  }
  return { header, records };
}
