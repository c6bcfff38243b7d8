/**
 * The results file of `assess run`: versioned records, one JSON object per line, appended as the
 * run goes and never rewritten. The first line is the {@linkcode HeaderRecord}: what the run is.
 * Then, in the order they happened: a {@linkcode SessionRecord} each time `assess run` starts or
 * resumes, a {@linkcode ResultRecord} per (model, item) answer or error, {@linkcode ProbeRecord}s
 * and {@linkcode ProbeCheckRecord}s for the batch-invariance probe, and an {@linkcode EndRecord}
 * when a session stops in order. A line is complete or it is the torn last line of a crash, which
 * {@linkcode readResults} ignores (and the next `assess run` overwrites). `readResults` is the one
 * reader of these lines: `assess run` reads whole records to resume, and `assess report` reads
 * them without the raw responses and replies (`replies: false`), which is faster.
 *
 * A (model, item) may have several result records: errors from earlier sessions, then at most one
 * answer. The latest answer wins; {@linkcode latestResults} gives the effective one per pair.
 *
 * @module
 */

import type { BatchInvariance, Ordering } from "../config/config.ts";
import type { Reply, Verdict } from "../score/scorer.ts";

/** The format's name, the `format` member of every header. */
export const RESULTS_FORMAT = "assess-results";

/** The format's version, the `formatVersion` member of every header. Bumped on any change. */
export const RESULTS_FORMAT_VERSION = 1;

/** What the run compares: the baseline and the adapters, as `assess.yaml` names them. */
export interface ModelsCompared {
  /** The base model's served name. */
  readonly baseline: string;
  /** The adapters' served names, in the file's order. */
  readonly adapters: readonly string[];
}

/** The scorer that judged the replies, and how it was asked to. */
export interface ScorerIdentity {
  /** The scorer's name. */
  readonly name: string;
  /** The scorer's version. */
  readonly version: string;
  /** `scorer.ordering`. */
  readonly ordering: Ordering;
  /** `server.toolCallParser` as the run used it, or `null` when none was known. */
  readonly toolCallParser: string | null;
}

/** The scorer's self-test on the split, run before any request. */
export interface SelftestSummary {
  /** Whether the self-test passed (a run never starts otherwise, so always `true` in a file). */
  readonly passed: boolean;
  /** How many items it checked. */
  readonly items: number;
}

/** The first record: what the run is. Resuming compares it with what the new run would write. */
export interface HeaderRecord {
  /** `"header"`. */
  readonly kind: "header";
  /** {@linkcode RESULTS_FORMAT}. */
  readonly format: typeof RESULTS_FORMAT;
  /** {@linkcode RESULTS_FORMAT_VERSION}. */
  readonly formatVersion: typeof RESULTS_FORMAT_VERSION;
  /** The assess version that started the run, or `null` for a build that recorded none. */
  readonly assessVersion: string | null;
  /** When the first session started, ISO 8601 UTC. */
  readonly startedAt: string;
  /**
   * SHA-256 (hex) of the configuration's values that decide the replies and their verdicts
   * (everything but `server` and `serving.concurrency`): see `reference/run.md`.
   */
  readonly configDigest: string;
  /** The dataset: its path as configured and its SHA-256 (lowercase hex). */
  readonly dataset: { readonly path: string; readonly sha256: string };
  /** The split: its seed and size, and the SHA-256 (hex) of its items in order. */
  readonly split: { readonly seed: string; readonly size: number; readonly digest: string };
  /** The scorer. */
  readonly scorer: ScorerIdentity;
  /** The self-test's outcome. */
  readonly selftest: SelftestSummary;
  /** The server's base URL (never with credentials) and the models it served at the start. */
  readonly server: { readonly url: string; readonly models: readonly string[] };
  /** The models compared. */
  readonly models: ModelsCompared;
  /** The sampling, the seed as its exact decimal text. */
  readonly sampling: {
    readonly temperature: number;
    readonly topP: number;
    readonly seed: string;
    readonly maxTokens: number;
  };
  /** The thinking switch. */
  readonly thinking: { readonly mode: "off" | "on"; readonly templateKey: string };
  /** `serving.batchInvariant` and `serving.probe`. */
  readonly probe: { readonly batchInvariant: BatchInvariance; readonly items: number };
  /** The system prompt sent, `""` for none. */
  readonly system: string;
}

/** A start or resumption of `assess run` on the file. Session 1 follows the header. */
export interface SessionRecord {
  /** `"session"`. */
  readonly kind: "session";
  /** 1 for the first run, then 2, 3, … for each resumption. */
  readonly session: number;
  /** When it started, ISO 8601 UTC. */
  readonly startedAt: string;
  /** The assess version of this session. */
  readonly assessVersion: string | null;
  /** The models the server served when this session checked it. */
  readonly serverModels: readonly string[];
  /** `serving.concurrency` in this session. */
  readonly concurrency: number;
}

/** The families of per-request failure. */
export type RequestErrorKind =
  /** Connection refused, reset or dropped. */
  | "network"
  /** No complete response within the per-request timeout. */
  | "timeout"
  /** An HTTP status other than 200. */
  | "http"
  /** A 200 whose body is not what vLLM sends (not JSON, no choices, arguments not a string…). */
  | "malformed"
  /** A body larger than the response-size cap. */
  | "too-large"
  /** The scorer threw on the reply: it could not judge it. */
  | "scorer";

/** Why a request ended without a reply. Never a wrong answer. */
export interface RequestError {
  /** The family. */
  readonly kind: RequestErrorKind;
  /** What happened, in plain words, on one line. */
  readonly message: string;
  /** The HTTP status for `http` (and any status that came with the failure), else `null`. */
  readonly status: number | null;
  /** Whether it was a failure that retrying might cure (the run retried it until it gave up). */
  readonly transient: boolean;
}

/** The raw HTTP response to the last attempt, as received. */
export interface RawResponse {
  /** The HTTP status. */
  readonly status: number;
  /** The body as text (UTF-8, invalid bytes replaced), or `null` when none was read whole. */
  readonly body: string | null;
}

/** The token counts the server reported. */
export interface Usage {
  /** `usage.prompt_tokens`. */
  readonly promptTokens: number | null;
  /** `usage.completion_tokens`. */
  readonly completionTokens: number | null;
  /** `usage.total_tokens`. */
  readonly totalTokens: number | null;
  /** `usage.completion_tokens_details.reasoning_tokens`, when the server gave it. */
  readonly reasoningTokens: number | null;
}

/** A reply as recorded: what the scorer sees, plus what the server said around it. */
export interface RecordedReply extends Reply {
  /** The reasoning text (`reasoning` ?? `reasoning_content`), or `null`. */
  readonly reasoning: string | null;
  /** `choices[0].finish_reason`, or `null` when absent. */
  readonly finishReason: string | null;
}

/** Fields shared by result and probe records: one request and what came of it. */
export interface Exchange {
  /** The model asked (baseline or adapter name). */
  readonly model: string;
  /** The item's `id`. */
  readonly itemId: number;
  /** The item's position in the dataset; with `model`, the key of a result. */
  readonly itemIndex: number;
  /** The session that sent it. */
  readonly session: number;
  /** SHA-256 (hex) of the request body's exact bytes. */
  readonly requestDigest: string;
  /** How many times it was sent (1 when the first try answered). */
  readonly attempts: number;
  /** Milliseconds from sending the last attempt to its body read whole, or `null` if none was. */
  readonly latencyMs: number | null;
  /** The last attempt's raw response, or `null` when none arrived. */
  readonly response: RawResponse | null;
  /** The reply read from it, or `null` for an error. */
  readonly reply: RecordedReply | null;
  /** The token counts, or `null` when the server gave none. */
  readonly usage: Usage | null;
  /** Why there is no reply, or `null` when there is one. */
  readonly error: RequestError | null;
}

/** A (model, item) answered or failed. */
export interface ResultRecord extends Exchange {
  /** `"result"`. */
  readonly kind: "result";
  /** The scorer's verdict, or `null` for an error (an error is never a wrong answer). */
  readonly verdict: Verdict | null;
}

/** One of the two sends of a probe item: alone, or inside the full concurrent load. */
export interface ProbeRecord extends Exchange {
  /** `"probe"`. */
  readonly kind: "probe";
  /** `alone`: nothing else in flight; `loaded`: sent while the load was full. */
  readonly phase: "alone" | "loaded";
}

/** The comparison of a probe item's two replies. */
export interface ProbeCheckRecord {
  /** `"probe-check"`. */
  readonly kind: "probe-check";
  /** The session that ran the probe. */
  readonly session: number;
  /** The model. */
  readonly model: string;
  /** The item's `id`. */
  readonly itemId: number;
  /** The item's position. */
  readonly itemIndex: number;
  /** `same`: identical replies; `different`; `inconclusive`: a send ended in an error. */
  readonly outcome: "same" | "different" | "inconclusive";
  /** The first difference (or the error) in plain words, or `null` when the replies are the same. */
  readonly detail: string | null;
}

/** How a session ended in order (a crash writes no end record). */
export interface EndRecord {
  /** `"end"`. */
  readonly kind: "end";
  /** The session. */
  readonly session: number;
  /** When it ended, ISO 8601 UTC. */
  readonly endedAt: string;
  /**
   * `complete`: every (model, item) answered; `errors`: some ended in errors; `interrupted`: a
   * signal stopped it; `probe-failed`: a `required` probe found a difference; `server-failed`:
   * the server became unusable.
   */
  readonly outcome: "complete" | "errors" | "interrupted" | "probe-failed" | "server-failed";
  /** (model, item) pairs answered, over all sessions. */
  readonly answered: number;
  /** Pairs whose latest record is an error. */
  readonly errors: number;
  /** Pairs not asked yet. */
  readonly missing: number;
}

/** Any record after the header. */
export type BodyRecord =
  | SessionRecord
  | ResultRecord
  | ProbeRecord
  | ProbeCheckRecord
  | EndRecord;

/** Any record of a results file. */
export type ResultsRecord = HeaderRecord | BodyRecord;

/**
 * A result or probe record as read without its replies (`readResults`' `replies: false`): its raw
 * `response` and its `reply` may be left out.
 */
export type WithoutReplies<R extends Exchange> =
  & Omit<R, "response" | "reply">
  & Partial<Pick<R, "response" | "reply">>;

/** Any record after the header, as read without replies (`readResults`' `replies: false`). */
export type BodyRecordWithoutReplies =
  | SessionRecord
  | WithoutReplies<ResultRecord>
  | WithoutReplies<ProbeRecord>
  | ProbeCheckRecord
  | EndRecord;

/** A results file as read: by default its records are whole {@linkcode BodyRecord}s. */
export interface ResultsFile<R extends BodyRecordWithoutReplies = BodyRecord> {
  /** The header. */
  readonly header: HeaderRecord;
  /** Every later record, in file order. */
  readonly records: readonly R[];
  /** How many bytes hold complete records: where the next record must be written. */
  readonly validBytes: number;
  /** Whether a torn last line was ignored (it is overwritten at `validBytes`). */
  readonly torn: boolean;
}

/** Options of {@linkcode readResults}. */
export interface ReadResultsOptions {
  /**
   * Read the raw `response` and the `reply` of result and probe records (default true). When
   * false they are cut out of each line before it is parsed, which is most of a file's bytes.
   */
  readonly replies?: boolean;
}

/**
 * A results file that cannot be read as one: not a results file, another format version, or a
 * broken line that is not the last.
 */
export class ResultsFileError extends Error {
  /** The 1-based line where the problem is, or `null` for the file as a whole. */
  readonly line: number | null;

  /**
   * @param message What is wrong, in plain words.
   * @param line The 1-based line, or `null`.
   */
  constructor(message: string, line: number | null) {
    super(message);
    this.name = "ResultsFileError";
    this.line = line;
  }
}

/**
 * Writes a record as one line of the results file: compact JSON and a newline.
 *
 * @param record The record.
 * @returns The line, ending in `\n`.
 *
 * @example
 * ```ts
 * import { formatRecord } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const line = formatRecord({
 *   kind: "probe-check", session: 1, model: "base", itemId: 7, itemIndex: 7,
 *   outcome: "same", detail: null,
 * });
 * assert.equal(line.endsWith("\n"), true);
 * assert.equal(JSON.parse(line).outcome, "same");
 * ```
 */
export function formatRecord(record: ResultsRecord): string {
  return JSON.stringify(record) + "\n";
}

const BODY_KINDS: ReadonlySet<string> = new Set([
  "session",
  "result",
  "probe",
  "probe-check",
  "end",
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What is wrong with a record after the header, or `null`. `repliesCut`: the line's `response` and
 * `reply` were cut out before parsing, so the checks of the reply are left out.
 */
function checkBody(value: Record<string, unknown>, repliesCut: boolean): string | null {
  const kind = value.kind;
  if (typeof kind !== "string" || !BODY_KINDS.has(kind)) {
    return `unknown record kind ${JSON.stringify(kind)}`;
  }
  if (kind !== "result" && kind !== "probe") {
    return Number.isInteger(value.session) ? null : "session is not a whole number";
  }
  if (typeof value.model !== "string") return "model is not a string";
  if (!Number.isInteger(value.itemId)) return "itemId is not a whole number";
  if (!Number.isInteger(value.itemIndex)) return "itemIndex is not a whole number";
  if (!Number.isInteger(value.session)) return "session is not a whole number";
  if (!Number.isInteger(value.attempts)) return "attempts is not a whole number";
  if (!repliesCut && value.reply !== null && !isObject(value.reply)) {
    return "reply is neither an object nor null";
  }
  if (value.error !== null && !isObject(value.error)) return "error is neither an object nor null";
  if (!repliesCut && (value.reply === null) === (value.error === null)) {
    return "a record holds exactly one of reply and error";
  }
  if (kind === "probe") {
    return value.phase === "alone" || value.phase === "loaded"
      ? null
      : "phase is neither alone nor loaded";
  }
  if (value.verdict !== null && !isObject(value.verdict)) {
    return "verdict is neither an object nor null";
  }
  if ((value.verdict === null) === (value.error === null)) {
    return "a result holds exactly one of verdict and error";
  }
  return null;
}

const RESPONSE_KEY = ',"response":';
const USAGE_KEY = ',"usage":';

/**
 * Reads a results file. Line 1 must be a header of this format and version. A last line that is
 * not complete (no newline at its end, or not a JSON record) is a crash's torn write: it is
 * ignored and reported in `torn`. Any other broken line is refused.
 *
 * With `replies: false` (what a report needs unless it re-scores), the `response` and `reply`
 * members of result and probe records are not read: in a line written by `assess run` they come
 * together before `usage`, and `,"response":` and `,"usage":` can only be keys there (a `"` inside
 * a JSON string is always escaped), so the text between them is cut before parsing, and the checks
 * of the reply are left out on that line. A line laid out otherwise is parsed whole.
 *
 * @param bytes The file's bytes.
 * @param options `replies`: read the raw responses and replies (default true).
 * @returns The header, the records, and where the complete records end.
 * @throws {ResultsFileError} When the file is empty, does not start with a header of this
 *   format version, or has a broken line before its last.
 *
 * @example
 * ```ts
 * import { readResults } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const header = {
 *   kind: "header", format: "assess-results", formatVersion: 1, assessVersion: "0.1.0",
 *   startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c", dataset: { path: "d", sha256: "s" },
 *   split: { seed: "x", size: 1, digest: "t" },
 *   scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
 *   selftest: { passed: true, items: 1 }, server: { url: "http://127.0.0.1:8000/v1", models: ["b"] },
 *   models: { baseline: "b", adapters: [] },
 *   sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
 *   thinking: { mode: "off", templateKey: "enable_thinking" },
 *   probe: { batchInvariant: "not-required", items: 0 }, system: "",
 * };
 * const result = {
 *   kind: "result", model: "b", itemId: 7, itemIndex: 0, session: 1, requestDigest: "r",
 *   attempts: 1, latencyMs: 5, response: { status: 200, body: "{}" },
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   usage: null, error: null, verdict: { correct: false, reason: "no-call", detail: "no call" },
 * };
 * const text = JSON.stringify(header) + "\n" + JSON.stringify(result) + "\n" + '{"kind":"sess';
 * const file = readResults(new TextEncoder().encode(text));
 * assert.equal(file.torn, true);
 * assert.equal(file.records.length, 1);
 * assert.equal(file.validBytes, text.lastIndexOf("\n") + 1);
 * assert.deepEqual(file.records[0], result);
 *
 * const light = readResults(new TextEncoder().encode(text), { replies: false });
 * assert.equal("response" in light.records[0]!, false);
 * assert.equal("reply" in light.records[0]!, false);
 * ```
 */
export function readResults(
  bytes: Uint8Array,
  options?: ReadResultsOptions & { readonly replies?: true },
): ResultsFile;
export function readResults(
  bytes: Uint8Array,
  options: ReadResultsOptions,
): ResultsFile<BodyRecordWithoutReplies>;
export function readResults(
  bytes: Uint8Array,
  options: ReadResultsOptions = {},
): ResultsFile<BodyRecordWithoutReplies> {
  const text = new TextDecoder().decode(bytes);
  const cut = options.replies === false;
  const records: BodyRecordWithoutReplies[] = [];
  let header: HeaderRecord | undefined;
  let start = 0;
  let line = 0;
  let torn = false;
  while (start < text.length) {
    line++;
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const isLast = newline < 0 || newline === text.length - 1;
    let piece: string | undefined;
    if (cut && header !== undefined) {
      const r = text.indexOf(RESPONSE_KEY, start);
      if (r >= 0 && r < end) {
        // From the end: the usage key is near it, and the body between is the bulk of the line.
        const u = text.lastIndexOf(USAGE_KEY, end);
        if (u > r) piece = text.slice(start, r) + text.slice(u, end);
      }
    }
    let value: unknown;
    let problem: string | null = null;
    try {
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
      } else if (!isObject(value)) {
        problem = "not a JSON object";
      } else {
        problem = checkBody(value, piece !== undefined);
        if (problem === null) records.push(value as unknown as BodyRecordWithoutReplies);
      }
    }
    if (problem !== null) {
      if (!isLast) {
        throw new ResultsFileError(`line ${line} of the results file is broken: ${problem}`, line);
      }
      torn = true;
      break;
    }
    start = end + 1;
  }
  if (header === undefined) {
    throw new ResultsFileError("the results file holds no complete header line", null);
  }
  return { header, records, validBytes: torn ? lastLineStart(bytes) : bytes.length, torn };
}

/**
 * Where the file's last line starts, in bytes: after the last newline before its final byte. (A
 * newline byte is a newline character in the decoded text and nothing else, so the line count
 * and this offset agree with the text's.)
 */
function lastLineStart(bytes: Uint8Array): number {
  const from = bytes.length - (bytes[bytes.length - 1] === 0x0a ? 2 : 1);
  return from < 0 ? 0 : bytes.lastIndexOf(0x0a, from) + 1;
}

/**
 * The key of a (model, item) pair in maps of results.
 *
 * @param model The model's name.
 * @param itemIndex The item's position.
 * @returns A string key.
 *
 * @example
 * ```ts
 * import { resultKey } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.notEqual(resultKey("a", 1), resultKey("a", 10));
 * ```
 */
export function resultKey(model: string, itemIndex: number): string {
  return `${itemIndex}\u0000${model}`;
}

/**
 * The effective result of every (model, item) pair: the latest answer, or the latest error when
 * the pair was never answered. The one place this rule is written: resuming a run and reporting
 * on it both read it here.
 *
 * @param records The records of a file, in order, whole or read without their replies.
 * @returns The results by {@linkcode resultKey}.
 *
 * @example
 * ```ts
 * import { latestResults, type ResultRecord } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const base = {
 *   kind: "result", model: "m", itemId: 1, itemIndex: 1, session: 1, requestDigest: "d",
 *   attempts: 1, latencyMs: 5, response: null, usage: null,
 * } as const;
 * const error: ResultRecord = {
 *   ...base, reply: null, verdict: null,
 *   error: { kind: "timeout", message: "no answer in 60 s", status: null, transient: true },
 * };
 * const answer: ResultRecord = {
 *   ...base, session: 2, error: null,
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   verdict: { correct: false, reason: "no-call", detail: "no call" },
 * };
 * const latest = latestResults([error, answer]);
 * assert.equal(latest.size, 1);
 * assert.equal([...latest.values()][0]?.session, 2);
 * ```
 */
export function latestResults<R extends BodyRecordWithoutReplies = BodyRecord>(
  records: readonly R[],
): ReadonlyMap<string, Extract<R, { readonly kind: "result" }>> {
  const latest = new Map<string, Extract<R, { readonly kind: "result" }>>();
  for (const r of records) {
    if (r.kind !== "result") continue;
    const record = r as Extract<R, { readonly kind: "result" }>;
    const key = resultKey(record.model, record.itemIndex);
    const previous = latest.get(key);
    if (previous === undefined || record.error === null || previous.error !== null) {
      latest.set(key, record);
    }
  }
  return latest;
}
