/**
 * The xlam-function-calling dataset, read from its bytes and checked against its pinned SHA-256.
 *
 * @module
 */

import { JsonNumber, type JsonValue } from "../json/json_value.ts";
import { exactDecimal } from "../json/decimal.ts";
import { Reader } from "../json/reader.ts";
import { decodeUtf8, hasByteOrderMark, JsonSyntaxError, parseJson } from "../json/strict_json.ts";
import { keyColons } from "../json/key_colons.ts";
import { DatasetError } from "./dataset_error.ts";
import { sha256Hex } from "./sha256.ts";
import type { AnswerCall, Item, ToolSpec } from "./item.ts";
import { quickAnswersAccepted, quickToolNames } from "./_quick_row.ts";
import { readAnswers } from "./answers.ts";
import { checkTools, repeatedName, ToolsError, toolsFromJson } from "./tools.ts";
import {
  CONTENT_KEY,
  DETACHED,
  DETACHED_ANSWERS,
  isLazyItem,
  oneUseItem,
  PACKED,
  type PackedForm,
  type Rebuild,
} from "./_lazy_item.ts";
import { detachedAnswers, detachedItem } from "./detached.ts";

export { detachedAnswers, detachedItem };

/**
 * An item as the dataset holds it: the item, its content hash and why it is ineligible, if so.
 *
 * The items {@linkcode loadDataset} returns build `tools` and `answers` on first use (getters,
 * cached) and `contentHash` on each use (an xlam row's; a chat-jsonl line's is cached): every row
 * was checked when the dataset was loaded, so building never fails.
 * Being getters, they are not own properties: spread or `JSON.stringify` an item and they are left
 * out; copy the members you need by name.
 */
export interface DatasetItem extends Item {
  /**
   * The SHA-256 of the row's query, tools and answers texts, 64 lowercase hex digits (see
   * `reference/split.md`, step 6). Rows with equal hashes have identical content.
   */
  readonly contentHash: string;
  /** Why the item can never be held out (two tools share a name); absent when it is eligible. */
  readonly ineligible?: string;
}

/** A dataset read and checked. */
export interface Dataset {
  /** The file's SHA-256, 64 lowercase hex digits. */
  readonly sha256: string;
  /** Every row, in the file's order. */
  readonly items: readonly DatasetItem[];
  /** How many items are eligible. */
  readonly eligibleCount: number;
}

/** How {@linkcode loadDataset} reads. */
export interface LoadOptions {
  /**
   * Gives the bytes' SHA-256 as 64 lowercase hex digits, when the caller can do it more cheaply
   * than hashing them again (the command line hashes the file part by part as it reads it).
   * Default: the bytes are hashed.
   */
  readonly sha256?: (bytes: Uint8Array) => string;
  /**
   * The most bytes the file may have (`dataset.maxBytes`): more are refused before the hash is
   * taken. Default {@linkcode MAX_DATASET_BYTES}.
   */
  readonly maxBytes?: number;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/**
 * The largest dataset file read unless `dataset.maxBytes` (or {@linkcode LoadOptions.maxBytes})
 * says otherwise: 256 MiB, about 2.7 times the real one (96 MB). Past the limit a file is refused
 * before it is read.
 */
export const MAX_DATASET_BYTES = 256 * 1024 * 1024;

/** The largest `dataset.maxBytes`: 1 GiB, the largest file split's memory was measured at. */
const MAX_DATASET_CEILING = 1 << 30;

/**
 * The most bytes decoded to one text: 2^29 − 24, the most characters a string holds in V8 (Deno's
 * decoder refuses more bytes than that, whatever characters they hold).
 */
export const MAX_TEXT_BYTES = 536_870_888;

/** The largest `dataset.maxBytes` of an xlam file: it is decoded to one text. */
const MAX_XLAM_TEXT = MAX_TEXT_BYTES;

function sizeShown(bytes: number): string {
  const mib = bytes / (1 << 20);
  if (!Number.isInteger(mib)) return `${bytes} bytes`;
  return `${bytes} bytes (${mib % 1024 === 0 ? `${mib / 1024} GiB` : `${mib} MiB`})`;
}

/**
 * The refusal of a dataset file over the limit, naming both sizes and the setting that raises it.
 *
 * @param size The file's size in bytes (for a file that grew while it was read: what was read).
 * @param maxBytes The limit it is over: `dataset.maxBytes`. Default {@linkcode MAX_DATASET_BYTES}.
 * @returns The error.
 *
 * @example
 * ```ts
 * import { datasetTooLarge } from "./dataset.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   datasetTooLarge(300_000_000).message,
 *   "dataset refused: the file is 300000000 bytes, over dataset.maxBytes, 268435456 bytes " +
 *     "(256 MiB): raise dataset.maxBytes in assess.yaml to read it (at most 1073741824, or " +
 *     "536870888 for an xlam-function-calling file)",
 * );
 * assert.equal(
 *   datasetTooLarge(3_000_000_000, 1 << 30).message,
 *   "dataset refused: the file is 3000000000 bytes, over dataset.maxBytes, 1073741824 bytes " +
 *     "(1 GiB): no dataset over 1073741824 bytes (1 GiB) is read",
 * );
 * ```
 */
export function datasetTooLarge(size: number, maxBytes: number = MAX_DATASET_BYTES): DatasetError {
  const raise = size > MAX_DATASET_CEILING
    ? `no dataset over ${sizeShown(MAX_DATASET_CEILING)} is read`
    : `raise dataset.maxBytes in assess.yaml to read it (at most ${MAX_DATASET_CEILING}, or ` +
      `${MAX_XLAM_TEXT} for an xlam-function-calling file)`;
  return new DatasetError(
    `the file is ${size} bytes, over dataset.maxBytes, ${sizeShown(maxBytes)}: ${raise}`,
  );
}

/**
 * Reads the xlam-function-calling dataset from the file's bytes. The bytes' SHA-256 is compared
 * with `expectedSha256` (either case) before any row is read. Then each row must be an object with
 * exactly `id` (an integer), `query` (a string), `tools` and `answers` (strings holding JSON, read
 * with the strict reader so that numbers stay exact), ids must be unique, and each tool must
 * convert to JSON Schema (see {@linkcode toolsFromJson}). An item is eligible unless two of its
 * tools share a name.
 *
 * @param bytes The whole dataset file.
 * @param expectedSha256 The SHA-256 it must have, 64 hex digits in either case.
 * @param options How to take the bytes' SHA-256, if not by hashing them, and the most bytes read.
 * @returns The dataset: its hash and its items, in the file's order.
 * @throws {DatasetError} When the bytes are more than `options.maxBytes`, the hash
 *   differs (naming both), or the file or a row is refused (naming the row's index and id, and
 *   the reason).
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(JSON.stringify([{
 *   id: 7,
 *   query: "Weather in Oslo?",
 *   tools: '[{"name": "weather", "description": "Weather now.", "parameters": ' +
 *     '{"city": {"type": "str", "description": "The city."}}}]',
 *   answers: '[{"name": "weather", "arguments": {"city": "Oslo"}}]',
 * }]));
 * const dataset = loadDataset(bytes, sha256Hex(bytes).toUpperCase());
 * assert.equal(dataset.items[0]!.id, 7);
 * assert.equal(dataset.eligibleCount, 1);
 * assert.throws(() => loadDataset(bytes, "0".repeat(64)), /dataset refused/);
 * ```
 */
export function loadDataset(
  bytes: Uint8Array,
  expectedSha256: string,
  options: LoadOptions = {},
): Dataset {
  const sha256 = verifiedSha256(bytes, expectedSha256, options);
  if (bytes.length > MAX_XLAM_TEXT) {
    throw new DatasetError(
      `the file is ${bytes.length} bytes, over the ${MAX_XLAM_TEXT} an xlam-function-calling ` +
        "file may have: it is read as one text, and a string holds at most that many characters",
    );
  }
  const { rows, suspect } = readRows(bytes);
  const items: DatasetItem[] = [];
  const seen = new Map<number, number>();
  let eligibleCount = 0;
  for (let index = 0; index < rows.length; index++) {
    const item = readRow(rows[index], index, seen, bytes);
    // Let the row's strings go as soon as they are read: the item holds what it needs.
    rows[index] = undefined;
    items.push(item);
    if (item.ineligible === undefined) eligibleCount++;
  }
  if (suspect !== undefined) refuseTwice(suspect, items);
  return { sha256, items, eligibleCount };
}

const LENIENT = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Bytes decoded as UTF-8 the fast way: a byte that is not UTF-8 becomes U+FFFD, and a byte order
 * mark stays. A text holding U+FFFD needs {@linkcode datasetText}'s verdict.
 *
 * @param bytes Some bytes.
 * @returns Their text.
 */
export function lenientText(bytes: Uint8Array): string {
  return LENIENT.decode(bytes);
}

/**
 * Checks a dataset file's size and SHA-256 before any row of it is read: what every dataset kind's
 * reader does first.
 *
 * @param bytes The whole file.
 * @param expectedSha256 The SHA-256 it must have, 64 hex digits in either case.
 * @param options How to take the bytes' SHA-256, if not by hashing them.
 * @returns The bytes' SHA-256, lowercase.
 * @throws {DatasetError} When the expected hash is not 64 hex digits, the bytes are more than
 *   `options.maxBytes`, or the hash differs (naming both).
 *
 * @example
 * ```ts
 * import { verifiedSha256 } from "./dataset.ts";
 * import { sha256Hex } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode("{}\n");
 * assert.equal(verifiedSha256(bytes, sha256Hex(bytes).toUpperCase()), sha256Hex(bytes));
 * assert.throws(() => verifiedSha256(bytes, "0".repeat(64)), /dataset.sha256 is 0000/);
 * ```
 */
export function verifiedSha256(
  bytes: Uint8Array,
  expectedSha256: string,
  options: LoadOptions = {},
): string {
  if (!HEX64.test(expectedSha256)) {
    throw new DatasetError(
      `the expected SHA-256 ${JSON.stringify(expectedSha256)} is not 64 hex digits`,
    );
  }
  const maxBytes = options.maxBytes ?? MAX_DATASET_BYTES;
  if (bytes.length > maxBytes) throw datasetTooLarge(bytes.length, maxBytes);
  const sha256 = (options.sha256 ?? sha256Hex)(bytes);
  if (sha256 !== expectedSha256.toLowerCase()) {
    throw new DatasetError(
      `the file's SHA-256 is ${sha256}, and dataset.sha256 is ${expectedSha256}`,
    );
  }
  return sha256;
}

/**
 * A dataset file's text: UTF-8 without a byte order mark, or refused.
 *
 * @param bytes The whole file.
 * @param withLine Whether a refusal names the line of the byte too (for a file of lines).
 * @returns Its text.
 * @throws {DatasetError} When the bytes are not UTF-8 or start with a byte order mark, naming the
 *   byte (and, with `withLine`, its line).
 *
 * @example
 * ```ts
 * import { datasetText } from "./dataset.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(datasetText(new TextEncoder().encode("{}")), "{}");
 * assert.throws(() => datasetText(new Uint8Array([0x7b, 0xff])), /not UTF-8 text/);
 * ```
 */
export function datasetText(bytes: Uint8Array, withLine = false): string {
  try {
    if (hasByteOrderMark(bytes)) decodeUtf8(bytes);
    // The lenient decoder is several times faster than the strict one; it writes U+FFFD for bytes
    // that are not UTF-8, so only a text holding U+FFFD needs the strict decoder's verdict.
    const text = LENIENT.decode(bytes);
    return text.includes("\uFFFD") ? decodeUtf8(bytes) : text;
  } catch (e) {
    throw notUtf8(e, bytes, withLine);
  }
}

/** The refusal of bytes a strict decoding refused ({@linkcode JsonSyntaxError}); else `e`. */
function notUtf8(e: unknown, bytes: Uint8Array, withLine: boolean): unknown {
  if (!(e instanceof JsonSyntaxError)) return e;
  let line = 1;
  for (let i = 0; i < e.offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  const where = withLine ? `byte ${e.offset}, line ${line}` : `byte ${e.offset}`;
  return new DatasetError(`the file is not UTF-8 text (${e.reason} at ${where})`);
}

/** How many bytes {@linkcode checkDatasetUtf8} decodes at a time. */
const UTF8_PART = 8 << 20;

/**
 * Checks that a dataset file is UTF-8 without a byte order mark, as {@linkcode datasetText} does,
 * without making one text of it: its bytes are decoded a part at a time (each part cut before a
 * character's first byte), so a file over the most characters a string holds (2^29 − 24) is
 * checked too.
 *
 * @param bytes The whole file.
 * @param withLine Whether a refusal names the line of the byte too (for a file of lines).
 * @throws {DatasetError} As {@linkcode datasetText}, with the same message.
 *
 * @example
 * ```ts
 * import { checkDatasetUtf8 } from "./dataset.ts";
 * import assert from "node:assert/strict";
 *
 * checkDatasetUtf8(new TextEncoder().encode("{}\n{}\n"), true);
 * assert.throws(
 *   () => checkDatasetUtf8(new Uint8Array([0x7b, 0x7d, 0x0a, 0x7b, 0xff]), true),
 *   /not UTF-8 text \(the text is not valid UTF-8 at byte 4, line 2\)/,
 * );
 * ```
 */
export function checkDatasetUtf8(bytes: Uint8Array, withLine = false): void {
  let start = 0;
  try {
    if (hasByteOrderMark(bytes)) decodeUtf8(bytes.subarray(0, 3));
    while (start < bytes.length) {
      let end = Math.min(bytes.length, start + UTF8_PART);
      // Back to a character's first byte: a valid character has at most three more.
      for (let back = 0; back < 3 && end < bytes.length && (bytes[end]! & 0xc0) === 0x80; back++) {
        end--;
      }
      // A part after the first may begin with the bytes of U+FEFF, a character like any other.
      decodeUtf8(bytes.subarray(start, end), { bom: start === 0 ? "refuse" : "drop" });
      start = end;
    }
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      throw notUtf8(new JsonSyntaxError(e.reason, start + e.offset), bytes, withLine);
    }
    throw e;
  }
}

// The rows as JSON.parse reads them, and the text when a member may be written twice in a row.
function readRows(bytes: Uint8Array): { rows: unknown[]; suspect: string | undefined } {
  const text = datasetText(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new DatasetError(`the file is not JSON: ${e instanceof Error ? e.message : e}`);
  }
  if (!Array.isArray(value)) throw new DatasetError("the file is not a JSON array of rows");
  // JSON.parse keeps the last of a member written twice. Count the keys as written (keyColons):
  // once every row is known to hold the four members, more than four a row means one is written
  // twice, or a string begins with a colon; only then is the text kept, to find which row.
  const suspect = keyColons(text) === 4 * value.length ? undefined : text;
  return { rows: value, suspect };
}

// Finds the first row with a member written twice, and refuses it. Runs only when the count of
// members says there is one.
function refuseTwice(text: string, items: readonly DatasetItem[]): void {
  let depth = 0;
  let row = -1;
  let keys = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      for (i++; text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      if (depth !== 2) continue;
      let j = i + 1;
      while (/[ \t\n\r]/.test(text[j] ?? "")) j++;
      if (text[j] !== ":") continue;
      const key = JSON.parse(text.slice(start, i + 1)) as string;
      if (keys.has(key)) {
        const item = items[row]!;
        throw new DatasetError(`the row has the member ${JSON.stringify(key)} twice`, {
          index: item.index,
          id: item.id,
        });
      }
      keys.add(key);
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth === 2) {
        row++;
        keys = new Set();
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}

const ROW_KEYS = ["id", "query", "tools", "answers"];

function readRow(
  row: unknown,
  index: number,
  seen: Map<number, number>,
  bytes: Uint8Array,
): DatasetItem {
  let id: number | undefined;
  const refuse = (reason: string): never => {
    throw new DatasetError(reason, id === undefined ? { index } : { index, id });
  };
  if (typeof row !== "object" || row === null || Array.isArray(row)) {
    refuse("the row is not a JSON object");
  }
  const r = row as Record<string, unknown>;
  // A refusal names the id from here on, when the row has one.
  const rawId = r.id;
  if (typeof rawId === "number" && Number.isSafeInteger(rawId)) id = rawId === 0 ? 0 : rawId; // -0 is 0
  let members = 0;
  for (const key in r) {
    if (key !== "id" && key !== "query" && key !== "tools" && key !== "answers") {
      refuse(`the row has an unknown member ${JSON.stringify(key)}`);
    }
    members++;
  }
  if (members !== 4) {
    const missing = ROW_KEYS.filter((k) => !Object.hasOwn(r, k));
    refuse(`the row has no ${missing.join(", ")}`);
  }
  if (id === undefined) return refuse(badId(rawId, index, bytes));
  const earlier = seen.get(id);
  if (earlier !== undefined) refuse(`the id is also row ${earlier}'s`);
  seen.set(id, index);
  const q = r.query;
  const t = r.tools;
  const a = r.answers;
  if (typeof q !== "string") return refuse("query is not a string");
  if (typeof t !== "string") return refuse("tools is not a string");
  if (typeof a !== "string") return refuse("answers is not a string");
  if (!q.isWellFormed()) refuse("query holds a lone surrogate");
  let names = quickToolNames(t);
  if (names === undefined || !quickAnswersAccepted(a)) names = fullRead(t, a, refuse);
  const twice = repeatedName(names);
  const ineligible = twice === undefined
    ? undefined
    : `two tools are named ${JSON.stringify(twice)}`;
  return new RowItem(id, index, q, t, a, ineligible);
}

/**
 * Why a row's id is refused, showing it as the file writes it: `JSON.parse` reads 1e400 as
 * Infinity and 9007199254740993 as …992, so a number's text is read again from the file (this
 * runs only for a refusal).
 */
function badId(rawId: unknown, index: number, bytes: Uint8Array): string {
  if (typeof rawId !== "number") {
    const shown = JSON.stringify(rawId) ?? String(rawId);
    return `the row's id ${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown} is not an integer`;
  }
  const text = idText(bytes, index);
  if (text === undefined) {
    return Number.isFinite(rawId)
      ? `the row's id ${rawId} is not an integer`
      : "the row's id is not an integer (a number too large)";
  }
  const shown = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  const exact = exactDecimal(text);
  return exact.exponent >= 0n
    ? `the row's id ${shown} is too large: an id must be within ±${Number.MAX_SAFE_INTEGER}`
    : `the row's id ${shown} is not an integer`;
}

/** Row `index`'s id as the file writes it, read with the strict reader's cursor, if it can be. */
function idText(bytes: Uint8Array, index: number): string | undefined {
  try {
    const reader = new Reader(LENIENT.decode(bytes));
    if (reader.peek() !== 0x5b || !reader.openArray()) return undefined;
    for (let i = 0; i < index; i++) {
      reader.skipValue();
      if (!reader.nextElement()) return undefined;
    }
    if (reader.peek() !== 0x7b) return undefined;
    for (let key = reader.openObject(); key !== undefined; key = reader.nextKey()) {
      reader.colon();
      if (key !== "id") {
        reader.skipValue();
        continue;
      }
      const value = reader.value();
      return value instanceof JsonNumber ? value.text : undefined;
    }
  } catch {
    // Something before the row that JSON.parse takes and the strict reader does not.
  }
  return undefined;
}

// Reads a row's tools and answers the full way: the quick checks said no, so this finds the
// reason, or, where they were too cautious, the tools' names.
function fullRead(tools: string, answers: string, refuse: (reason: string) => never): string[] {
  const toolsValue = strict(tools, "tools", refuse);
  const answersValue = strict(answers, "answers", refuse);
  let names: string[] = [];
  try {
    names = checkTools(toolsValue);
  } catch (e) {
    if (e instanceof ToolsError) refuse(e.reason);
    throw e;
  }
  readAnswers(answersValue, refuse);
  return names;
}

/**
 * An item that keeps its row's texts and builds its tools and answers on first use. Every row is
 * read whole once when the dataset is loaded (so a bad one refuses the dataset), then let go: the
 * built values of 60,000 rows take several times the file's size, and only the held-out items'
 * are needed.
 */
class RowItem implements DatasetItem {
  readonly id: number;
  readonly index: number;
  readonly query: string;
  declare readonly ineligible?: string;
  readonly #toolsText: string;
  readonly #answersText: string;
  #tools: readonly ToolSpec[] | undefined;
  #answers: readonly AnswerCall[] | undefined;

  constructor(
    id: number,
    index: number,
    query: string,
    toolsText: string,
    answersText: string,
    ineligible: string | undefined,
  ) {
    this.id = id;
    this.index = index;
    this.query = query;
    this.#toolsText = toolsText;
    this.#answersText = answersText;
    if (ineligible !== undefined) this.ineligible = ineligible;
  }

  // The three texts' lengths, as one number: equal contents have equal keys (see contentKeyOf).
  // Worked out when asked, as the content hash is: an item kept for a whole run holds only its
  // texts.
  get #key(): number {
    return (this.query.length * 0x10000 + this.#toolsText.length) * 0x10000 +
      this.#answersText.length;
  }

  static keyOf(item: DatasetItem): number | undefined {
    return #key in item ? item.#key : undefined;
  }

  static textsOf(item: DatasetItem): RowTexts | undefined {
    return #key in item
      ? { query: item.query, tools: item.#toolsText, answers: item.#answersText }
      : undefined;
  }

  static detached(item: Item): Item {
    if (!(#key in item)) return item;
    return oneUseItem(
      item,
      () => item.#tools ?? toolsFromJson(parseJson(item.#toolsText)),
      () => RowItem.detachedAnswers(item),
    );
  }

  /** Itself for one use ({@linkcode detachedItem}). */
  [DETACHED](): Item {
    return RowItem.detached(this);
  }

  /** Its answer for one use ({@linkcode detachedAnswers}). */
  [DETACHED_ANSWERS](): readonly AnswerCall[] {
    return RowItem.detachedAnswers(this);
  }

  /** Its row's texts (`PackedItems`). */
  [PACKED](): PackedForm {
    const fields = [this.query, this.#toolsText, this.#answersText, this.ineligible ?? null];
    return { fields, rebuild: RowItem.rebuild };
  }

  /** The item again, from its row's texts. */
  static rebuild: Rebuild = (id, index, [query, tools, answers, ineligible]) =>
    new RowItem(
      id as number,
      index,
      query as string,
      tools as string,
      answers as string,
      typeof ineligible === "string" ? ineligible : undefined,
    );

  static detachedAnswers(item: Item): readonly AnswerCall[] {
    return #key in item ? item.#answers ?? item.#readAnswers() : item.answers;
  }

  #readAnswers(): readonly AnswerCall[] {
    return readAnswers(parseJson(this.#answersText), (reason) => {
      throw new DatasetError(reason, { index: this.index, id: this.id });
    });
  }

  get contentHash(): string {
    return contentHash(this.query, this.#toolsText, this.#answersText);
  }

  get tools(): readonly ToolSpec[] {
    return this.#tools ??= toolsFromJson(parseJson(this.#toolsText));
  }

  get answers(): readonly AnswerCall[] {
    return this.#answers ??= this.#readAnswers();
  }
}

/** The three texts of an xlam row: its query, and its tools and answers as the row writes them. */
export interface RowTexts {
  /** The query. */
  readonly query: string;
  /** The tools, a JSON text (the row's string, not parsed). */
  readonly tools: string;
  /** The answers, a JSON text. */
  readonly answers: string;
}

/**
 * The texts an item of an xlam dataset was read from, when {@linkcode loadDataset} built it (or
 * {@linkcode rowItem}); otherwise undefined.
 *
 * @param item An item.
 * @returns Its row's texts, or undefined.
 */
export function rowTexts(item: DatasetItem): RowTexts | undefined {
  return RowItem.textsOf(item);
}

/**
 * The item {@linkcode loadDataset} builds from a row's texts, which it checked when it read them
 * ({@linkcode rowTexts} gives them back): built again from them, it is the same item.
 *
 * @param id The row's id.
 * @param index The row's index in the file.
 * @param texts The row's texts, as {@linkcode rowTexts} gives them.
 * @param ineligible Why it is ineligible, if it is.
 * @returns The item.
 */
export function rowItem(
  id: number,
  index: number,
  texts: RowTexts,
  ineligible: string | undefined,
): DatasetItem {
  return new RowItem(id, index, texts.query, texts.tools, texts.answers, ineligible);
}

/**
 * A number that items with identical content share, when {@linkcode loadDataset} built the item
 * (a function of its texts' lengths, known without reading them); otherwise undefined. Items
 * whose keys differ cannot be twins, so the split looks no further at them.
 *
 * @param item An item.
 * @returns Its key, or undefined.
 */
export function contentKeyOf(item: DatasetItem): number | undefined {
  return isLazyItem(item) ? item[CONTENT_KEY] : RowItem.keyOf(item);
}

function strict(text: string, what: string, refuse: (reason: string) => never): JsonValue {
  try {
    return parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      refuse(`${what} is not valid JSON: ${e.reason} at offset ${e.offset}`);
    }
    throw e;
  }
}

/**
 * The content hash of a row (`reference/split.md`, step 6): SHA-256 over each of the query, tools
 * and answers texts as UTF-8, each preceded by its length in bytes as 4 bytes, most significant
 * first.
 *
 * @param query The row's query text.
 * @param tools The row's tools text (the JSON string's value, not parsed).
 * @param answers The row's answers text.
 * @returns 64 lowercase hex digits.
 *
 * @example
 * ```ts
 * import { contentHash } from "./dataset.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(contentHash("q", "[]", "[]"), contentHash("q", "[]", "[]"));
 * assert.notEqual(contentHash("q", "[]", "[]"), contentHash("q ", "[]", "[]"));
 * ```
 */
export function contentHash(query: string, tools: string, answers: string): string {
  return textsHash([query, tools, answers]);
}

/**
 * SHA-256 over texts, each as UTF-8 preceded by its length in bytes as 4 bytes, most significant
 * first: an xlam row's content hash over its three texts ({@linkcode contentHash}), a chat-jsonl
 * line's over its prompt's and its tools' (`reference/split.md`, step 6).
 *
 * @param texts The texts, in order.
 * @returns 64 lowercase hex digits.
 *
 * @example
 * ```ts
 * import { contentHash, textsHash } from "./dataset.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(textsHash(["q", "[]", "[]"]), contentHash("q", "[]", "[]"));
 * assert.notEqual(textsHash(["ab", ""]), textsHash(["a", "b"]));
 * ```
 */
export function textsHash(texts: readonly string[]): string {
  let need = 4 * texts.length;
  for (const text of texts) need += 3 * text.length;
  if (need > scratch.length) {
    scratch = new Uint8Array(Math.max(need, 2 * scratch.length));
    view = new DataView(scratch.buffer);
  }
  let p = 0;
  for (const text of texts) {
    const written = ENCODER.encodeInto(text, scratch.subarray(p + 4)).written;
    view.setUint32(p, written);
    p += 4 + written;
  }
  return sha256Hex(scratch.subarray(0, p));
}

const ENCODER = new TextEncoder();
let scratch = new Uint8Array(1 << 16);
let view = new DataView(scratch.buffer);
