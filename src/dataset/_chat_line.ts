/**
 * One line of a chat-jsonl dataset, read and checked: its id, its prompt, its tools and its answer
 * as compact JSON text (numbers as written), or why it is refused. Private to `src/dataset/`.
 *
 * @module
 */

import { exactDecimal } from "../json/decimal.ts";
import { isJsonObject, JsonNumber, type JsonObject, type JsonValue } from "../json/json_value.ts";
import { JsonSyntaxError, parseJson } from "../json/strict_json.ts";
import { quoteJson, stringifyJson } from "../json/stringify.ts";
import { Reader } from "../json/reader.ts";
import type { ItemId } from "./item_id.ts";
import { repeatedName } from "./tools.ts";

/** A line read and checked. */
export interface ChatLine {
  /** Its id. */
  readonly id: ItemId;
  /** The text of its last user message. */
  readonly query: string;
  /** Whether the prompt holds a system (or developer) message. */
  readonly hasSystem: boolean;
  /**
   * A number that lines with the same prompt and tools share (from their messages' count and
   * contents, and their tools' count and names), known without writing their texts.
   */
  readonly key: number;
  /** Why the item is ineligible (two tools share a name), if it is. */
  readonly ineligible?: string;
  /** The line's own `cluster`, when it gives one. */
  readonly cluster?: string;
}

/** A line's texts: what is sent, hashed and scored, as compact JSON with numbers as written. */
export interface ChatTexts {
  /** The prompt's messages, comma-separated, without brackets. */
  readonly prompt: string;
  /** The tools array; `""` when the line offers none. */
  readonly tools: string;
  /** The answer's calls as `[{"name","arguments"}]`, arguments an object each. */
  readonly answer: string;
  /** The answer's text: the last message's `content`; `""` when it has none (or `null`). */
  readonly answerText: string;
}

/** Why a line is refused, and its id when it has a usable one. */
export interface ChatLineRefusal {
  /** What is wrong, in plain words. */
  readonly reason: string;
  /** The line's id, when it has one. */
  readonly id?: ItemId;
}

const LINE_KEYS = new Set(["id", "messages", "tools", "parallel_tool_calls", "cluster"]);
const TOOL_KEYS = new Set(["type", "function"]);
const FUNCTION_KEYS = new Set(["name", "description", "parameters", "strict"]);
const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

/**
 * A line's content key ({@linkcode ChatLine.key}) taken one number further, in 32-bit steps: the
 * messages' count, then the length of each content of a message other than the assistant's, in
 * order, then the tools' count and the length of each name.
 */
function keyStep(key: number, n: number): number {
  return (Math.imul(key, 31) + n) | 0;
}

class Refused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function refuse(reason: string): never {
  throw new Refused(reason);
}

function firstUnknown(map: JsonObject, known: ReadonlySet<string>): string | undefined {
  for (const key of map.keys()) if (!known.has(key)) return key;
  return undefined;
}

/** The line's id: a safe integer (`-0` as 0) or a string; otherwise the reason it is refused. */
function idOf(value: JsonValue | undefined): ItemId {
  if (typeof value === "string") return value;
  if (value instanceof JsonNumber) {
    const exact = exactDecimal(value.text);
    const shown = value.text.length > 40 ? `${value.text.slice(0, 39)}…` : value.text;
    if (exact.exponent < 0n) refuse(`the id ${shown} is not an integer`);
    const n = Number(value.text);
    if (!Number.isSafeInteger(n)) {
      refuse(`the id ${shown} is too large: an id must be within ±${Number.MAX_SAFE_INTEGER}`);
    }
    return n === 0 ? 0 : n;
  }
  if (value === undefined) return refuse("the line has no id");
  const shown = stringifyJson(value);
  return refuse(
    `the id ${
      shown.length > 40 ? `${shown.slice(0, 39)}…` : shown
    } is neither an integer nor a string`,
  );
}

/** Checks the tools array; returns its tools' names, in order. */
function toolNames(tools: JsonValue): string[] {
  if (!Array.isArray(tools)) refuse("tools is not a JSON array");
  const list = tools as readonly JsonValue[];
  const names: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const tool = list[i]!;
    if (!isJsonObject(tool)) refuse(`tools[${i}] is not a JSON object`);
    const t = tool as JsonObject;
    const unknown = firstUnknown(t, TOOL_KEYS);
    if (unknown !== undefined) {
      refuse(`tools[${i}] has an unknown member ${JSON.stringify(unknown)}`);
    }
    if (t.get("type") !== "function") refuse(`tools[${i}] is not of type "function"`);
    const fn = t.get("function");
    if (fn === undefined || !isJsonObject(fn)) refuse(`tools[${i}] has no function object`);
    const f = fn as JsonObject;
    const other = firstUnknown(f, FUNCTION_KEYS);
    if (other !== undefined) {
      refuse(`tools[${i}].function has an unknown member ${JSON.stringify(other)}`);
    }
    const name = f.get("name");
    if (typeof name !== "string" || name === "") refuse(`tools[${i}] has no name string`);
    const description = f.get("description");
    if (description !== undefined && typeof description !== "string") {
      refuse(`tools[${i}] has a description that is not a string`);
    }
    const parameters = f.get("parameters");
    if (parameters !== undefined && !isJsonObject(parameters)) {
      refuse(`tools[${i}] has parameters that are not a JSON Schema object`);
    }
    const strict = f.get("strict");
    if (strict !== undefined && typeof strict !== "boolean") {
      refuse(`tools[${i}] has a strict member that is not true or false`);
    }
    names.push(name as string);
  }
  return names;
}

/** How many tools' names are looked through one by one; more are put in a set. */
const FEW = 16;

/** A line's tools' names: the list when they are few (most lines), a set otherwise. */
type Names = readonly string[] | ReadonlySet<string>;

function has(names: Names, name: string): boolean {
  return Array.isArray(names) ? names.includes(name) : (names as ReadonlySet<string>).has(name);
}

/** The first of a few names given twice, if any: `repeatedName`, without a set. */
function repeatedFew(names: readonly string[]): string | undefined {
  for (let i = 1; i < names.length; i++) {
    for (let j = 0; j < i; j++) if (names[i] === names[j]) return names[i];
  }
  return undefined;
}

/** Where the `k`th tool call of `messages[i]` is, as a refusal names it. */
function callAt(i: number, k: number): string {
  return `messages[${i}].tool_calls[${k}]`;
}

/**
 * Checks the tool calls of an assistant's message, `messages[i]` (each `{id?, type?: "function",
 * function: {name, arguments}}`, arguments an object or JSON text of one), against the tools
 * offered; before the answer (`ids` given), each must have the shape of an earlier call
 * ({@linkcode historyCallId}), and its id goes in `ids`.
 */
function checkCalls(
  calls: JsonValue | undefined,
  i: number,
  offered: Names,
  ids: Set<string> | undefined,
): void {
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) refuse(`messages[${i}].tool_calls is not an array`);
  const list = calls as readonly JsonValue[];
  for (let k = 0; k < list.length; k++) {
    const call = list[k]!;
    if (!isJsonObject(call)) refuse(`${callAt(i, k)} is not a JSON object`);
    const c = call as JsonObject;
    const type = c.get("type");
    if (type !== undefined && type !== "function") {
      refuse(`${callAt(i, k)} is not of type "function"`);
    }
    const fn = c.get("function");
    if (fn === undefined || !isJsonObject(fn)) refuse(`${callAt(i, k)} has no function object`);
    const f = fn as JsonObject;
    const name = f.get("name");
    if (typeof name !== "string") refuse(`${callAt(i, k)} has no name string`);
    if (!has(offered, name as string)) {
      refuse(`${callAt(i, k)} calls ${JSON.stringify(name)}, a tool the line does not offer`);
    }
    if (ids !== undefined) ids.add(historyCallId(c, f, i, k));
    const args = f.get("arguments");
    const object = typeof args === "string"
      ? objectText(args, i, k)
      : args !== undefined && isJsonObject(args);
    if (!object) refuse(`${callAt(i, k)} has no arguments object (an object, or JSON text of one)`);
  }
}

/**
 * Whether arguments written as text are JSON text of an object, read as `parseJson` reads them
 * (the same refusals; nothing built); refused when they are not JSON text.
 */
function objectText(text: string, i: number, k: number): boolean {
  const r = new Reader(text);
  try {
    const object = r.peek() === 0x7b;
    r.skipValue();
    r.end();
    return object;
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return refuse(
      `${callAt(i, k)} has arguments that are not JSON text (${e.reason} at offset ${e.offset})`,
    );
  }
}

const HISTORY_CALLS =
  'earlier tool calls need "id", "type": "function" and "arguments" as JSON text, as vLLM takes them';

/**
 * A tool call before the answer is sent to vLLM and written to training files as written, so it
 * must have the shape vLLM validates (OpenAI's `ChatCompletionMessageToolCallParam`): an `id`,
 * `type: "function"` and its arguments as JSON text. Returns its id.
 */
function historyCallId(c: JsonObject, f: JsonObject, i: number, k: number): string {
  const id = c.get("id");
  if (typeof id !== "string") refuse(`${callAt(i, k)} has no id: ${HISTORY_CALLS}`);
  if (c.get("type") !== "function") {
    refuse(`${callAt(i, k)} has no "type": "function": ${HISTORY_CALLS}`);
  }
  if (typeof f.get("arguments") !== "string") {
    refuse(`${callAt(i, k)} has arguments that are not JSON text: ${HISTORY_CALLS}`);
  }
  return id as string;
}

/**
 * Checks the messages; returns the query, the system flag and the content key so far (the
 * messages' count and the contents' lengths).
 */
function readMessages(messages: JsonValue | undefined, offered: Names) {
  if (!Array.isArray(messages)) return refuse("the line has no messages array");
  const list = messages as readonly JsonValue[];
  if (list.length < 2) refuse("messages holds no prompt before the answer");
  let query: string | undefined;
  let hasSystem = false;
  let key = list.length;
  // The earlier calls' ids, once an assistant's message comes before the answer.
  let ids: Set<string> | undefined;
  const last = list.length - 1;
  for (let i = 0; i <= last; i++) {
    const message = list[i]!;
    if (!isJsonObject(message)) refuse(`messages[${i}] is not a JSON object`);
    const m = message as JsonObject;
    const role = m.get("role");
    if (typeof role !== "string" || !ROLES.has(role)) {
      refuse(`messages[${i}] has no role of system, developer, user, assistant or tool`);
    }
    const content = m.get("content");
    if (i === last && role !== "assistant") {
      refuse(`the last message is not the assistant's (its role is ${JSON.stringify(role)})`);
    }
    if (role === "assistant") {
      if (content !== undefined && content !== null && typeof content !== "string") {
        refuse(`messages[${i}] has content that is not a string`);
      }
      checkCalls(m.get("tool_calls"), i, offered, i === last ? undefined : (ids ??= new Set()));
    } else {
      if (typeof content !== "string") refuse(`messages[${i}] has no content string`);
      key = keyStep(key, (content as string).length);
      if (role === "user") query = content as string;
      if (role === "system" || role === "developer") hasSystem = true;
      if (m.has("tool_calls")) {
        refuse(`messages[${i}] has tool_calls, and only an assistant's may`);
      }
      if (role === "tool") {
        const callId = m.get("tool_call_id");
        if (typeof callId !== "string") {
          refuse(
            `messages[${i}] has no tool_call_id string: a tool message answers an earlier call ` +
              "by its id",
          );
        }
        if (ids === undefined || !ids.has(callId as string)) {
          refuse(
            `messages[${i}] has the tool_call_id ${
              quoteJson(callId as string)
            }, which no earlier tool call has`,
          );
        }
      }
    }
  }
  if (query === undefined) refuse("the prompt has no user message");
  return { query: query!, hasSystem, key, messages: list };
}

/**
 * Reads one line of a chat-jsonl dataset: a JSON object with exactly `id` (an integer or a
 * string), `messages` (the prompt, then the answer: an assistant message) and, optionally, `tools`
 * (OpenAI function tools; none when absent), `parallel_tool_calls` (true or false, ignored) and
 * `cluster` (a string: the items the report counts together; their tools' names when absent).
 *
 * @param text The line, without its newline.
 * @returns The line read, or why it is refused.
 */
export function readChatLine(text: string): ChatLine | ChatLineRefusal {
  const read = checkedLine(text);
  return "reason" in read ? read : read.line;
}

/**
 * The prompt's and the tools' texts of a line {@linkcode readChatLine} accepted, written through
 * the strict reader's cursor without building the values (what the content hash of each held-out
 * item needs): the compact JSON `stringifyJson` writes of each value read, by construction.
 *
 * @param text The line, without its newline; one `readChatLine` accepted.
 * @returns Its prompt's and tools' texts.
 */
export function chatPromptTexts(text: string): Omit<ChatTexts, "answer" | "answerText"> {
  const r = new Reader(text);
  let prompt = "";
  let tools = "";
  r.peek();
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    r.colon();
    if (key === "messages") {
      const messages: string[] = [];
      r.peek(); // past the white space, to the bracket
      for (let more = r.openArray(); more; more = r.nextElement()) messages.push(compact(r));
      prompt = messages.slice(0, -1).join(",");
    } else if (key === "tools") {
      tools = compact(r);
      if (tools === "[]") tools = "";
    } else {
      r.skipValue();
    }
  }
  return { prompt, tools };
}

/**
 * The string at the reader as JSON text, as `quoteJson` writes it: the text as written when it
 * holds no escape (a text as long as its value and quotes; the reader took it, so no character in
 * it needs one), else written again.
 */
function compactString(r: Reader): string {
  const start = r.pos;
  const value = r.string();
  return r.pos - start === value.length + 2 ? r.text.slice(start, r.pos) : quoteJson(value);
}

/**
 * The value at the reader as compact JSON, as `stringifyJson` writes it once read: the value's text
 * as written when it is already so (no white space between its tokens, and no escape that
 * `stringifyJson` would write otherwise: a `\/` or a `\u` escape, or what looks like one), else
 * written again.
 */
function compact(r: Reader): string {
  r.peek();
  const start = r.pos;
  const spaces = r.spaces;
  r.skipValue();
  const text = r.text.slice(start, r.pos);
  if (r.spaces === spaces && !text.includes("\\/") && !text.includes("\\u")) return text;
  r.pos = start;
  return rewritten(r);
}

/** The value at the reader written as compact JSON, as `stringifyJson` writes it once read. */
function rewritten(r: Reader): string {
  const c = r.peek();
  if (c === 0x22) return compactString(r);
  if (c === 0x7b) {
    let out = "{";
    for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
      // The reader is past the key's closing quote.
      const written = r.pos - r.keyAt === key.length + 2
        ? r.text.slice(r.keyAt, r.pos)
        : quoteJson(key);
      r.colon();
      out += `${out.length === 1 ? "" : ","}${written}:${rewritten(r)}`;
    }
    return out + "}";
  }
  if (c === 0x5b) {
    let out = "[";
    for (let more = r.openArray(); more; more = r.nextElement()) {
      out += `${out.length === 1 ? "" : ","}${rewritten(r)}`;
    }
    return out + "]";
  }
  const value = r.value();
  return value instanceof JsonNumber ? value.text : String(value);
}

/**
 * The texts of a line {@linkcode readChatLine} accepted: read again, and written (only the items
 * that need them are: the held-out ones, a twin's candidates, the training file's).
 *
 * @param text The line, without its newline.
 * @returns Its prompt's, tools' and answer's texts, and the answer's own text (its content).
 * @throws {Error} When the line is refused (it never is, once accepted).
 */
export function chatLineTexts(text: string): ChatTexts {
  const read = checkedLine(text);
  if ("reason" in read) throw new Error(`a line accepted before is refused: ${read.reason}`);
  const answer = read.messages.at(-1) as JsonObject;
  const calls = (answer.get("tool_calls") ?? []) as readonly JsonValue[];
  const content = answer.get("content");
  return {
    ...chatPromptTexts(text),
    answer: stringifyJson(calls.map(answerCall)),
    answerText: typeof content === "string" ? content : "",
  };
}

/** A call of an accepted line's answer as scored: `{name, arguments}`, the arguments an object. */
function answerCall(call: JsonValue): JsonObject {
  const f = (call as JsonObject).get("function") as JsonObject;
  const args = f.get("arguments")!;
  return new Map([["name", f.get("name")!], [
    "arguments",
    typeof args === "string" ? parseJson(args) : args,
  ]]);
}

interface Checked {
  readonly line: ChatLine;
  readonly messages: readonly JsonValue[];
}

/** Stands for an object read, every rule checked, and not built: see {@linkcode lineValue}. */
const UNBUILT: JsonObject = new Map();

/**
 * A line's value as `parseJson` reads it, refused where that refuses it with the same error (the
 * same rules, in the same order), but for each tool's `function.parameters` object, most of a
 * line's text, which is read and given as {@linkcode UNBUILT}: the line's checks ask only whether
 * it is an object. The tools' texts are written from the line's text when needed.
 */
function lineValue(text: string): JsonValue {
  const r = new Reader(text);
  const parameters = (key: string) => key === "parameters" ? unbuilt(r) : r.value();
  const tool = (key: string) => key === "function" ? objectOr(r, parameters) : r.value();
  const value = objectOr(r, (key) => {
    if (key !== "tools" || r.peek() !== 0x5b) return r.value();
    const tools: JsonValue[] = [];
    for (let more = r.openArray(); more; more = r.nextElement()) tools.push(objectOr(r, tool));
    return tools;
  });
  r.end();
  return value;
}

/** The value at the reader: an object read with `member` for its members' values, or built. */
function objectOr(r: Reader, member: (key: string) => JsonValue): JsonValue {
  return r.peek() === 0x7b ? r.object(member) : r.value();
}

/** The value at the reader: {@linkcode UNBUILT} for an object, read; built otherwise. */
function unbuilt(r: Reader): JsonValue {
  if (r.peek() !== 0x7b) return r.value();
  r.skipValue();
  return UNBUILT;
}

function checkedLine(text: string): Checked | ChatLineRefusal {
  let value: JsonValue;
  try {
    value = lineValue(text);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { reason: `the line is not JSON: ${e.reason} at offset ${e.offset}` };
  }
  if (!isJsonObject(value)) return { reason: "the line is not a JSON object" };
  let id: ItemId | undefined;
  try {
    id = idOf(value.get("id"));
    const unknown = firstUnknown(value, LINE_KEYS);
    if (unknown !== undefined) refuse(`the line has an unknown member ${JSON.stringify(unknown)}`);
    // OpenAI's fine-tuning format may say whether the answer's calls may be parallel: read, and
    // not used (the answer's calls say it).
    const parallel = value.get("parallel_tool_calls");
    if (parallel !== undefined && typeof parallel !== "boolean") {
      refuse("parallel_tool_calls is not true or false");
    }
    const cluster = value.get("cluster");
    if (cluster !== undefined && typeof cluster !== "string") {
      const shown = stringifyJson(cluster);
      refuse(
        `the cluster ${
          shown.length > 40 ? `${shown.slice(0, 39)}…` : shown
        } is not a string (it names the items counted together)`,
      );
    }
    const tools = value.has("tools") ? value.get("tools")! : [];
    const names = toolNames(tools);
    const read = readMessages(value.get("messages"), names.length > FEW ? new Set(names) : names);
    let key = keyStep(read.key, names.length);
    for (const name of names) key = keyStep(key, name.length);
    const line: ChatLine = {
      id,
      query: read.query,
      hasSystem: read.hasSystem,
      key,
      ...(cluster === undefined ? {} : { cluster: cluster as string }),
    };
    const twice = names.length > FEW ? repeatedName(names) : repeatedFew(names);
    return {
      line: twice === undefined
        ? line
        : { ...line, ineligible: `two tools are named ${JSON.stringify(twice)}` },
      messages: read.messages,
    };
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return id === undefined ? { reason: e.reason } : { reason: e.reason, id };
  }
}
