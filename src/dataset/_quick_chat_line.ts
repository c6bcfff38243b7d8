/**
 * A quick reading of a chat-jsonl line, for loading a dataset. The line is parsed by the
 * runtime's `JSON.parse`, and what that lets through and the strict reader does not is checked
 * beside it:
 *
 * - **A key twice** (`JSON.parse` keeps the last): the keys the value holds are counted, and the
 *   colons that end a key in the text ({@linkcode keyColons}); they are equal only when no key
 *   was written twice.
 * - **Exact numbers**: the one number read is the id's, and its text is read where it is written.
 * - **A lone surrogate written as a `\u` escape**, which `JSON.parse` takes: when the line holds a
 *   `\u` escape, every string and key is checked. A text that is not well formed itself is left
 *   to the full reading.
 * - **Nesting**: `JSON.parse` has no limit, and builds a value however deep before its depth can be
 *   seen: a line longer than 64 KiB is left to the full reading (which stops at the limit), and a
 *   shorter one deeper than the limit is not read.
 *
 * The arguments of a call written as JSON text, short, are read by the strict reader's cursor.
 *
 * It says yes, with the line read, only when `readChatLine` would accept the line and read the
 * same; anything else, even what that would accept, gets a no, and the dataset then reads the line
 * the full way, which gives the reason when there is one. Property tests hold the two to each
 * other. Private to `src/dataset/`.
 *
 * @module
 */

import { exactDecimal } from "../json/decimal.ts";
import { JsonSyntaxError } from "../json/json_syntax_error.ts";
import { keyColons } from "../json/key_colons.ts";
import { MAX_JSON_DEPTH, Reader } from "../json/reader.ts";
import { type ChatLine, keyStep, namesKey, ROLES } from "./_chat_line.ts";
import type { ItemId } from "./item_id.ts";
import { repeatedName } from "./tools.ts";

/** Thrown to say no: the full reading decides. */
class Doubt extends Error {}
const DOUBT = new Doubt();

function doubt(): never {
  throw DOUBT;
}

type JsonRecord = { readonly [key: string]: unknown };

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * How many keys an object or array parsed holds, all the way down; a doubt when it nests deeper
 * than `room` more levels.
 */
function keysIn(value: object, room: number): number {
  if (room === 0) doubt();
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === "object" && v !== null) n += keysIn(v, room - 1);
    }
    return n;
  }
  for (const key in value) {
    n++;
    const v = (value as JsonRecord)[key];
    if (typeof v === "object" && v !== null) n += keysIn(v, room - 1);
  }
  return n;
}

/** Whether every string and key of a value parsed is well formed (holds no lone surrogate). */
function wellFormed(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) return value.every(wellFormed);
  for (const key in value) {
    if (!key.isWellFormed() || !wellFormed((value as JsonRecord)[key])) return false;
  }
  return true;
}

/**
 * A JSON text parsed, and the keys its value holds, once it has passed the checks `JSON.parse`
 * does not make but the count of keys (the caller's); a doubt otherwise. `escapes` says whether
 * the text may hold a `\u` escape.
 */
function parsed(text: string, escapes: boolean): [unknown, number] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON, or nested past what JSON.parse can take: the full reading says which.
    doubt();
  }
  const keys = typeof value === "object" && value !== null ? keysIn(value, MAX_JSON_DEPTH) : 0;
  if (escapes && !wellFormed(value)) doubt();
  return [value, keys];
}

/** An integer id's text read as the strict reading reads it; a doubt when that refuses it. */
function integerId(text: string): number {
  if (exactDecimal(text).exponent < 0n) doubt();
  const n = Number(text);
  if (!Number.isSafeInteger(n)) doubt();
  return n === 0 ? 0 : n;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The text of the number that is the value of the line's member `at` (of `count`). */
function numberText(text: string, at: number, count: number): string {
  if (at === count - 1) {
    // The last: back past the closing brace and white space, then the number's characters.
    let end = text.lastIndexOf("}");
    while (isSpace(text.charCodeAt(end - 1))) end--;
    let start = end;
    for (;;) {
      const c = text.charCodeAt(start - 1);
      if (
        !((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 ||
          c === 0x45)
      ) {
        return text.slice(start, end);
      }
      start--;
    }
  }
  // Otherwise through the strict reader's cursor, past the members before it.
  const r = new Reader(text);
  r.peek();
  r.openObject();
  for (let k = 0; k < at; k++) {
    r.colon();
    r.skipValue();
    r.nextKey();
  }
  r.colon();
  r.peek();
  const start = r.pos;
  r.skipValue();
  return text.slice(start, r.pos);
}

const TOOL_KEYS: ReadonlySet<string> = new Set(["type", "function"]);
const FUNCTION_KEYS: ReadonlySet<string> = new Set(["name", "description", "parameters", "strict"]);
const LINE_KEYS: ReadonlySet<string> = new Set([
  "id",
  "messages",
  "tools",
  "parallel_tool_calls",
  "cluster",
]);

function onlyKeys(value: JsonRecord, known: ReadonlySet<string>): void {
  for (const key in value) if (!known.has(key)) doubt();
}

/** A tool's name, once the tool has the shape the full reading takes. */
function toolName(value: unknown): string {
  if (!isRecord(value) || value.type !== "function") doubt();
  onlyKeys(value, TOOL_KEYS);
  const fn = value.function;
  if (!isRecord(fn)) doubt();
  onlyKeys(fn, FUNCTION_KEYS);
  const { name, description, parameters, strict } = fn;
  if (typeof name !== "string" || name === "") doubt();
  if (description !== undefined && typeof description !== "string") doubt();
  if (parameters !== undefined && !isRecord(parameters)) doubt();
  if (strict !== undefined && typeof strict !== "boolean") doubt();
  return name;
}

/**
 * Checks an assistant message's tool calls: each names a tool offered, with its arguments an
 * object or JSON text of one; before the answer (`ids` given), each has the shape vLLM takes for
 * an earlier call, and its id goes in `ids`.
 */
function checkCalls(
  calls: unknown,
  offered: Names,
  ids: Set<string> | undefined,
): void {
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) doubt();
  for (const call of calls) {
    if (!isRecord(call)) doubt();
    const type = call.type;
    if (type !== undefined && type !== "function") doubt();
    const fn = call.function;
    if (!isRecord(fn) || typeof fn.name !== "string" || !has(offered, fn.name)) doubt();
    const args = fn.arguments;
    const text = typeof args === "string";
    if (text) {
      // Short texts: the strict reader's cursor reads them faster than JSON.parse starts.
      const r = new Reader(args);
      if (r.peek() !== 0x7b) doubt();
      r.skipValue();
      r.end();
    } else if (!isRecord(args)) {
      doubt();
    }
    if (ids !== undefined) {
      const id = call.id;
      if (type === undefined || !text || typeof id !== "string") doubt();
      ids.add(id);
    }
  }
}

/** How many names are looked through one by one; more are put in a set. */
const FEW = 16;

/** A line's tool names: the list when it is short (most lines), a set otherwise. */
type Names = readonly string[] | ReadonlySet<string>;

function has(names: Names, name: string): boolean {
  return Array.isArray(names) ? names.includes(name) : (names as ReadonlySet<string>).has(name);
}

/** The first name given twice, if any. */
function repeated(names: readonly string[]): string | undefined {
  if (names.length > FEW) return repeatedName(names);
  for (let i = 1; i < names.length; i++) {
    for (let j = 0; j < i; j++) if (names[i] === names[j]) return names[i];
  }
  return undefined;
}

/** The longest line the quick reading parses (64 KiB of text); longer ones are read the full way. */
const LONG_LINE = 1 << 16;

/** A line the quick reading took, and how many keys its value holds. */
export interface QuickChatRead {
  /** The line read. */
  readonly line: ChatLine;
  /** The keys of every object in the line's value (not those of arguments written as text). */
  readonly keys: number;
}

/**
 * The line read, when it passes every check `readChatLine` makes and reads the same; otherwise
 * undefined.
 *
 * @param text The line, without its newline.
 * @param escapes Whether the line may hold a `\u` escape; by default, looked for.
 * @returns The line read, or undefined when the full reading must decide.
 */
export function quickChatLine(
  text: string,
  escapes: boolean = text.includes("\\u"),
): ChatLine | undefined {
  const read = quickChatRead(text, escapes);
  return read !== undefined && read.keys === keyColons(text) ? read.line : undefined;
}

/**
 * {@linkcode quickChatLine} but for its last check, left to the caller: the line is read the
 * same only when `keys` is `keyColons(text)` (for many lines, the sum of their keys may be held
 * to the key colons of their text at once: a line's key colons are never fewer than its keys).
 *
 * @param text The line, without its newline.
 * @param escapes Whether the line may hold a `\u` escape.
 * @returns The line read and its keys, or undefined when the full reading must decide.
 */
export function quickChatRead(text: string, escapes: boolean): QuickChatRead | undefined {
  // JSON.parse builds a value however deep before its depth is seen: a long line (where a depth
  // past the limit can cost more than memory holds) and a text that is not well formed go to the
  // strict reader, which stops at the limit.
  if (text.length > LONG_LINE || !text.isWellFormed()) return undefined;
  try {
    const [line, keys] = parsed(text, escapes);
    if (!isRecord(line)) return undefined;
    onlyKeys(line, LINE_KEYS);
    let lineId: ItemId;
    if (typeof line.id === "string") {
      lineId = line.id;
    } else if (typeof line.id === "number") {
      const keys = Object.keys(line);
      lineId = integerId(numberText(text, keys.indexOf("id"), keys.length));
    } else {
      return undefined;
    }
    const parallel = line.parallel_tool_calls;
    if (parallel !== undefined && typeof parallel !== "boolean") return undefined;
    const cluster = line.cluster;
    if (cluster !== undefined && typeof cluster !== "string") return undefined;
    const tools = line.tools;
    if (tools !== undefined && !Array.isArray(tools)) return undefined;
    const names = tools === undefined ? [] : tools.map(toolName);
    const messages = line.messages;
    if (!Array.isArray(messages) || messages.length < 2) return undefined;
    const offered = names.length > FEW ? new Set(names) : names;
    // The earlier calls' ids, made when an assistant's message comes before the answer.
    let ids: Set<string> | undefined;
    // The content key, taken as the messages are read (chatKey's).
    let key = messages.length;
    let query: string | undefined;
    let hasSystem = false;
    const last = messages.length - 1;
    for (let i = 0; i <= last; i++) {
      const m: unknown = messages[i];
      if (!isRecord(m)) return undefined;
      const { role, content } = m;
      if (role === "assistant") {
        if (content !== undefined && content !== null && typeof content !== "string") {
          return undefined;
        }
        checkCalls(m.tool_calls, offered, i < last ? (ids ??= new Set()) : undefined);
        continue;
      }
      if (i === last || typeof role !== "string" || !ROLES.has(role)) return undefined;
      if (typeof content !== "string" || m.tool_calls !== undefined) return undefined;
      if (role === "tool") {
        const callId = m.tool_call_id;
        if (typeof callId !== "string" || ids?.has(callId) !== true) return undefined;
      }
      key = keyStep(key, content.length);
      if (role === "user") query = content;
      else if (role === "system" || role === "developer") hasSystem = true;
    }
    if (query === undefined) return undefined;
    const read: ChatLine = {
      id: lineId,
      query,
      hasSystem,
      key: namesKey(key, names),
      ...(cluster === undefined ? {} : { cluster }),
    };
    const twice = repeated(names);
    return {
      line: twice === undefined
        ? read
        : { ...read, ineligible: `two tools are named ${JSON.stringify(twice)}` },
      keys,
    };
  } catch (e) {
    if (e instanceof Doubt || e instanceof JsonSyntaxError) return undefined;
    throw e;
  }
}
