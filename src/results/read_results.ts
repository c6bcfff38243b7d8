/**
 * Reading a results file, line by line as its bytes arrive: memory holds one line at a time,
 * whatever the file's size, and each record is handed to the caller, who keeps what it needs.
 * Every record is checked against `schema/results.schema.json` (through the validators compiled
 * from it), whatever order its members were written in.
 *
 * @module
 */

import * as check from "./_record_check.js";
import type { RecordCheck, SchemaError } from "./_record_check.js";
import type { ItemId } from "../dataset/item_id.ts";
import {
  type BodyRecord,
  type HeaderRecord,
  type ResultRecord,
  RESULTS_FORMAT,
  RESULTS_FORMAT_VERSION,
  type ResultsFormatVersion,
} from "./records.ts";
import { ResultsFileError } from "./results_file_error.ts";
import { withoutMember } from "./_without_member.ts";
import { SplitItems } from "./_split_items.ts";

/** A results file's bytes: whole, or as they are read (a file's readable stream). */
export type ResultsSource = Uint8Array | AsyncIterable<Uint8Array>;

/**
 * The longest line read: 448 MiB (7 times the largest response `assess run` accepts, which a
 * record holds twice, escaped). A longer line is refused with its number, before more of it is
 * held (the platform cannot hold a text of more than 512 MiB).
 */
export const MAX_LINE_BYTES = 448 * 1024 * 1024;

/** How {@linkcode readResults} and {@linkcode readHeader} read. */
export interface ReadResultsOptions {
  /** The longest line read, in bytes. Default {@linkcode MAX_LINE_BYTES}. */
  readonly maxLineBytes?: number;
  /**
   * Whether to read each result's and probe's raw `response` (default true), or a function of the
   * header that says so. It is most of a file's bytes, and a report does not need it unless it
   * re-scores: with `false` it is cut out of each line before the line is parsed, checked only to
   * be an object or `null`, and handed on as `null`.
   */
  readonly responses?: boolean | ((header: HeaderRecord) => boolean);
  /**
   * The split's held-out items (each one's `index` in the dataset and `id`), when the reader knows
   * them, or a function of the header that gives them (`undefined`: not known). A result, probe or
   * probe-check record must then name one of them, by index and id. Without them, the file may
   * name at most `split.size` items (its header's), each index with one id and each id at one
   * index throughout. Default: not known.
   */
  readonly splitItems?:
    | undefined
    | readonly { readonly index: number; readonly id: ItemId }[]
    | ((
      header: HeaderRecord,
    ) => readonly { readonly index: number; readonly id: ItemId }[] | undefined);
}

export type { SplitItem } from "./_split_items.ts";

/** What reading a whole results file found besides its records. */
export interface ResultsRead {
  /** The header, line 1. */
  readonly header: HeaderRecord;
  /** How many records followed it (a torn last line not counted). */
  readonly records: number;
  /** How many bytes hold complete records: where the next record must be written. */
  readonly validBytes: number;
  /** Whether a torn last line was ignored (it is overwritten at `validBytes`). */
  readonly torn: boolean;
}

/** How a header line written by `assess run` begins. */
const HEADER_START = '{"kind":"header"';

const CHECKS: Readonly<Record<BodyRecord["kind"], RecordCheck>> = {
  session: check.session,
  result: check.result,
  probe: check.probe,
  "probe-check": check.probeCheck,
  replica: check.replica,
  end: check.end,
};

/** The format versions read: 1 (before replicas, categories and the decision) and the current one. */
const VERSIONS_READ: readonly ResultsFormatVersion[] = [1, RESULTS_FORMAT_VERSION];

/** The member each record kind holds from format 2 on, naming its replica or replicas. */
const REPLICA_MEMBER: Readonly<Partial<Record<BodyRecord["kind"], string>>> = {
  session: "replicas",
  result: "replica",
  probe: "replica",
  "probe-check": "replica",
};

/**
 * Reads a results file, calling `visit` with each record after the header, in file order. Line 1
 * must be a header of this format, version 1 or 2. In a version 2 file every session record names
 * its replicas and every result, probe and probe-check record its replica; a result may name its
 * item's category, and the header the run's decision. A version 1 file was written without them;
 * when this assess resumed it, its later records have them. A last line that is not complete (no newline at
 * its end, or not JSON) is a crash's torn write: it is ignored and reported in `torn`. Any other
 * line that is not JSON, and any record that breaks the format (an unknown kind, a member
 * missing, unknown or of the wrong type, a number out of range such as a negative or endless
 * latency), is refused with its line number, and so is a line longer than `maxLineBytes`. So is
 * a record for an item that is not the split's (see `splitItems`): the line and the item are
 * named. Memory holds one line at a time, and an entry per item.
 *
 * @param source The file's bytes, whole or as a stream of parts.
 * @param visit Called with each record after the header, and the header (records are not kept).
 * @param options Whether to read the raw responses (default true), the longest line read, and
 *   the split's items when known.
 * @returns The header, how many records followed it, and where the complete records end.
 * @throws {ResultsFileError} When the file holds no complete header line (`empty` when it holds
 *   no complete line at all), does not start with a header of a format version this assess reads,
 *   or has a broken line or record, or a record for an item that is not the split's.
 *
 * @example
 * ```ts
 * import { readResults } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * const header = {
 *   kind: "header", format: "assess-results", formatVersion: 1, assessVersion: "0.1.0",
 *   startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c".repeat(64),
 *   dataset: { path: "d", sha256: "d".repeat(64) },
 *   split: { seed: "x", size: 1, digest: "e".repeat(64) },
 *   scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
 *   selftest: { passed: true, items: 1 }, server: { url: "http://127.0.0.1:8000/v1", models: ["b"] },
 *   models: { baseline: "b", adapters: [] },
 *   sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
 *   thinking: { mode: "off", templateKey: "enable_thinking" },
 *   probe: { batchInvariant: "not-required", items: 0 }, system: "",
 * };
 * const result = {
 *   kind: "result", model: "b", itemId: 7, itemIndex: 0, session: 1, requestDigest: "f".repeat(64),
 *   attempts: 1, latencyMs: 5, response: { status: 200, body: "{}" },
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   usage: null, error: null, verdict: { correct: false, reason: "no-call", detail: "no call" },
 * };
 * const text = JSON.stringify(header) + "\n" + JSON.stringify(result) + "\n" + '{"kind":"sess';
 * const seen: unknown[] = [];
 * const read = await readResults(new TextEncoder().encode(text), (record) => seen.push(record));
 * assert.equal(read.torn, true);
 * assert.equal(read.records, 1);
 * assert.equal(read.validBytes, text.lastIndexOf("\n") + 1);
 * assert.deepEqual(seen, [result]);
 * ```
 */
export async function readResults(
  source: ResultsSource,
  visit: (record: BodyRecord, header: HeaderRecord) => void = () => {},
  options: ReadResultsOptions = {},
): Promise<ResultsRead> {
  const responses = options.responses ?? true;
  let cut = responses === false;
  let header: HeaderRecord | undefined;
  let items: SplitItems | undefined;
  let records = 0;
  // A line that is not JSON: refused if another line follows it, else the torn last line.
  let pending = null as { readonly line: number; readonly why: string } | null;
  const lines = new LineReader(options.maxLineBytes ?? MAX_LINE_BYTES);
  const take = (text: string, line: number) => {
    if (pending !== null) throw broken(pending.line, pending.why);
    let value: unknown;
    try {
      if (header === undefined) value = JSON.parse(text);
      else value = cut ? parsedWithoutResponse(text, line) : JSON.parse(text);
    } catch (error) {
      if (error instanceof ResultsFileError) throw error;
      if (header === undefined) {
        // A first line that is not JSON: the header torn by a crash, or not a results file.
        if (!startsLikeHeader(text)) throw notResults();
      }
      pending = { line, why: "not a JSON record" };
      return;
    }
    if (header === undefined) {
      header = headerOf(value);
      if (typeof responses === "function") cut = !responses(header);
      const known = options.splitItems;
      items = new SplitItems(
        header.split.size,
        typeof known === "function" ? known(header) : known,
      );
      return;
    }
    const record = bodyRecord(value, line, header.formatVersion);
    if (record.kind === "result") sampleOf(record, header, line);
    if (record.kind === "result" || record.kind === "probe" || record.kind === "probe-check") {
      items!.check(record, line);
    }
    visit(record, header);
    records++;
  };
  for await (const chunk of chunks(source)) lines.push(chunk, take);
  const tail = lines.end();
  let validBytes = lines.bytes;
  if (tail !== null) {
    // The last line has no newline: a crash tore it, whatever it holds.
    if (pending !== null) throw broken(pending.line, pending.why);
    if (header === undefined && !startsLikeHeader(tail.text)) throw notResults();
    pending = { line: tail.line, why: "no newline at its end" };
    validBytes = tail.start;
  } else if (pending !== null) {
    validBytes = lines.lastLineStart;
  }
  if (header === undefined) {
    throw new ResultsFileError("the results file holds no complete header line", null, true);
  }
  return { header, records, validBytes, torn: pending !== null };
}

/**
 * A body record's line parsed without its `response` (see `ReadResultsOptions.responses`): the
 * member is cut out by key, checked to be an object or `null`, and set to `null`.
 */
function parsedWithoutResponse(text: string, line: number): unknown {
  const found = withoutMember(text, '"response"');
  if (found === null) return JSON.parse(text);
  const value = JSON.parse(found.rest);
  if (found.value !== "null" && found.value.charCodeAt(0) !== 0x7b) {
    throw broken(line, `response is ${found.value.slice(0, 40)}, not an object or null`);
  }
  if (isObject(value)) value.response = null;
  return value;
}

/**
 * Reads a results file's header (line 1) and nothing more: what a reader needs to know before
 * reading on (whether to re-score, whether a run can resume the file).
 *
 * @param source The file's bytes, whole or as a stream of parts (it is not read past line 1).
 * @param options The longest line read.
 * @returns The header.
 * @throws {ResultsFileError} When line 1 is not a complete header of a format version this assess reads
 *   (`empty` when the file holds no complete line).
 *
 * @example
 * ```ts
 * import { ResultsFileError } from "@assess/assess/results";
 * import { readHeader } from "./read_results.ts";
 * import assert from "node:assert/strict";
 *
 * await assert.rejects(
 *   readHeader(new TextEncoder().encode('{"kind":"hea')),
 *   (e: unknown) => e instanceof ResultsFileError && e.empty,
 * );
 * ```
 */
export async function readHeader(
  source: ResultsSource,
  options: ReadResultsOptions = {},
): Promise<HeaderRecord> {
  const lines = new LineReader(options.maxLineBytes ?? MAX_LINE_BYTES);
  let first: string | undefined;
  let second: string | undefined;
  for await (const chunk of chunks(source)) {
    lines.push(chunk, (text) => {
      if (first === undefined) first = text;
      else second ??= text;
    });
    // The rest of the file is not read; a line 1 that is `{` alone asks for line 2 (a split file?).
    if (first !== undefined && (first !== "{" || second !== undefined)) break;
  }
  if (first === "{" && second !== undefined && /^\s*"schema": "assess\.split\./.test(second)) {
    throw new ResultsFileError(
      "this is a split file (assess split writes it), not a results file (assess run writes those)",
      1,
    );
  }
  if (first === undefined) {
    const tail = lines.end();
    if (tail !== null && !startsLikeHeader(tail.text)) throw notResults();
    throw new ResultsFileError("the results file holds no complete header line", null, true);
  }
  let value: unknown;
  try {
    value = JSON.parse(first);
  } catch {
    throw startsLikeHeader(first)
      ? new ResultsFileError("the results file holds no complete header line", 1, true)
      : notResults();
  }
  return headerOf(value);
}

/** Whether a first line could be the beginning of a header `assess run` wrote. */
function startsLikeHeader(text: string): boolean {
  return text.startsWith(HEADER_START) || (text.length < HEADER_START.length &&
    HEADER_START.startsWith(text));
}

function notResults(): ResultsFileError {
  return new ResultsFileError("not an assess results file (no header on line 1)", 1);
}

function broken(line: number, why: string): ResultsFileError {
  return new ResultsFileError(`line ${line} of the results file is broken: ${why}`, line);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function headerOf(value: unknown): HeaderRecord {
  if (!isObject(value) || value.kind !== "header" || value.format !== RESULTS_FORMAT) {
    throw notResults();
  }
  if (!VERSIONS_READ.includes(value.formatVersion as ResultsFormatVersion)) {
    throw new ResultsFileError(
      `results format version ${JSON.stringify(value.formatVersion)} is not one this assess ` +
        `reads (${VERSIONS_READ.join(" or ")})`,
      1,
    );
  }
  if (!check.header(value)) throw broken(1, describe(check.header.errors?.[0], "the header"));
  return value as unknown as HeaderRecord;
}

function bodyRecord(value: unknown, line: number, version: ResultsFormatVersion): BodyRecord {
  if (!isObject(value)) throw broken(line, "not a JSON object");
  const kind = value.kind;
  const validate = typeof kind === "string" && Object.hasOwn(CHECKS, kind)
    ? CHECKS[kind as BodyRecord["kind"]]
    : undefined;
  if (validate === undefined) throw broken(line, `unknown record kind ${show(kind)}`);
  if (!validate(value)) throw broken(line, describe(validate.errors?.[0], `the ${kind} record`));
  const member = REPLICA_MEMBER[kind as BodyRecord["kind"]];
  if (version >= 2 && member !== undefined && !(member in value)) {
    throw broken(line, `the ${kind} record has no ${member} (format ${version} records name it)`);
  }
  return value as unknown as BodyRecord;
}

/** A value as a refusal shows it: short, one line, never a number's lost digits. */
function show(value: unknown): string {
  if (typeof value === "number") {
    return Number.isFinite(value) ? String(value) : "a number too large to hold";
  }
  if (typeof value === "string") {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  }
  if (value === null || typeof value === "boolean") return String(value);
  if (value === undefined) return "missing";
  return Array.isArray(value) ? "a list" : "an object";
}

/** The first schema error of a record, in plain words. */
function describe(error: SchemaError | undefined, what: string): string {
  if (error === undefined) return `${what} breaks the format`;
  const at = error.instancePath.slice(1).replaceAll("/", ".");
  const where = at === "" ? what : at;
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return `${where} has no ${params.missingProperty}`;
    case "additionalProperties":
      return `${where} has an unknown member ${show(String(params.additionalProperty))}`;
    case "type":
      return `${where} is ${show(error.data)}, not ${String(params.type).replace(",", " or ")}`;
    case "minimum":
      return `${where} is ${show(error.data)}, less than ${params.limit}`;
    case "const":
      return `${where} is ${show(error.data)}, not ${show(params.allowedValue)}`;
    case "enum":
      return `${where} is ${show(error.data)}, not one of ${
        (params.allowedValues as unknown[]).map(show).join(", ")
      }`;
    case "pattern":
      return `${where} is ${show(error.data)}, not of the form ${params.pattern}`;
    case "minLength":
      return params.limit === 1
        ? `${where} is empty`
        : `${where} is ${show(error.data)}, shorter than ${params.limit} characters`;
    default:
      return `${where} ${error.message ?? `fails the format's ${error.keyword}`}`;
  }
}

/** The source's parts: the bytes themselves, or the stream's. */
async function* chunks(source: ResultsSource): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) yield source;
  else yield* source;
}

/**
 * Cuts bytes into lines of text as they arrive, decoding them as UTF-8 part by part and keeping
 * only the line not yet complete; counts lines from 1. Byte offsets are kept only where a
 * results file may need cutting: where its last two lines start.
 */
class LineReader {
  readonly #max: number;
  #decoder = new TextDecoder();
  /** The open line's text, in parts. */
  #carry: string[] = [];
  #line = 0;
  #bytes = 0;
  /** Byte offsets just after the last newline seen, and after the one before it. */
  #afterLast = 0;
  #afterPrevious = 0;

  /** @param max The most bytes a line may hold. */
  constructor(max: number) {
    this.#max = max;
  }

  /** The refusal of the line `after` lines after the open one. */
  #tooLong(after: number): ResultsFileError {
    const line = this.#line + 1 + after;
    return new ResultsFileError(
      `line ${line} of the results file is longer than ${this.#max} bytes, the most a line may hold`,
      line,
    );
  }

  /** How many bytes have been pushed. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Where the last complete line starts, in bytes. */
  get lastLineStart(): number {
    return this.#afterPrevious;
  }

  /** Hands every line that the chunk completes to `take` (without its newline). */
  push(chunk: Uint8Array, take: (text: string, line: number) => void): void {
    // The line still open before this part, in bytes, and with what this part adds to it: a line
    // longer than the most is refused before more of it is held (each line within a part is
    // shorter than the part).
    const open = this.#bytes - this.#afterLast;
    const first = chunk.indexOf(0x0a);
    if (open + (first < 0 ? chunk.length : first) > this.#max) throw this.#tooLong(0);
    if (chunk.length > this.#max) {
      // A part larger than a line may be holds whole lines that are: each is measured.
      let lines = 1;
      for (let at = first, next; at >= 0; at = next, lines++) {
        next = chunk.indexOf(0x0a, at + 1);
        if ((next < 0 ? chunk.length : next) - at - 1 > this.#max) throw this.#tooLong(lines);
      }
    }
    const last = first < 0 ? -1 : chunk.lastIndexOf(0x0a);
    if (last >= 0) {
      const before = last > 0 ? chunk.lastIndexOf(0x0a, last - 1) : -1;
      this.#afterPrevious = before >= 0 ? this.#bytes + before + 1 : this.#afterLast;
      this.#afterLast = this.#bytes + last + 1;
    }
    this.#bytes += chunk.length;
    const text = this.#decoder.decode(chunk, { stream: true });
    // The open line's parts are joined only when it ends: searching the open line and this part
    // as one string would copy the open line again for every part, quadratic in a long line.
    if (first < 0) {
      if (text !== "") this.#carry.push(text);
      return;
    }
    let nl = text.indexOf("\n");
    this.#carry.push(text.slice(0, nl));
    take(this.#carry.join(""), ++this.#line);
    let from = nl + 1;
    for (nl = text.indexOf("\n", from); nl >= 0; nl = text.indexOf("\n", from)) {
      take(text.slice(from, nl), ++this.#line);
      from = nl + 1;
    }
    this.#carry = from === text.length ? [] : [text.slice(from)];
  }

  /** The last line when it has no newline, with where it starts in bytes, or `null`. */
  end(): { readonly text: string; readonly start: number; readonly line: number } | null {
    const text = this.#carry.join("") + this.#decoder.decode();
    if (this.#bytes === this.#afterLast) return null;
    return { text, start: this.#afterLast, line: this.#line + 1 };
  }
}

/**
 * Refuses a result whose `sample` the header does not allow: one without a sample when the header
 * has several per item, one with a sample when it has one, or a sample not below
 * `sampling.samples`. A report that keyed such records wrongly would give a wrong figure.
 */
function sampleOf(record: ResultRecord, header: HeaderRecord, line: number): void {
  const samples = header.sampling.samples ?? 1;
  const sample = record.sample;
  if (samples === 1 ? sample === undefined : sample !== undefined && sample < samples) return;
  const why = samples === 1
    ? "a sample, but the header asks one per item"
    : sample === undefined
    ? `no sample, but the header asks ${samples} per item`
    : `sample ${sample}, but the header asks ${samples} per item (0 to ${samples - 1})`;
  throw broken(line, `a result with ${why}`);
}
