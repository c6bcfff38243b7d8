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
/** The roles a message may have. */
export const ROLES: ReadonlySet<string> = new Set([
  "system",
  "developer",
  "user",
  "assistant",
  "tool",
]);

/**
 * A line's content key ({@linkcode ChatLine.key}): from its messages' count, the lengths of the
 * contents of its messages other than the assistant's, in order, and its tools' names.
 *
 * @param messages How many messages the line has.
 * @param contents The lengths of the contents of its messages other than the assistant's.
 * @param names Its tools' names, in order.
 * @returns The key, a 32-bit integer.
 */
export function chatKey(
  messages: number,
  contents: readonly number[],
  names: readonly string[],
): number {
  let key = messages;
  for (const length of contents) key = keyStep(key, length);
  return namesKey(key, names);
}

/**
 * A content key taken one number further: what {@linkcode chatKey} does with each number.
 *
 * @param key The key so far.
 * @param n The next number.
 * @returns The key.
 */
export function keyStep(key: number, n: number): number {
  return (Math.imul(key, 31) + n) | 0;
}

/**
 * A content key taken past the tools' names: what {@linkcode chatKey} does after the contents.
 *
 * @param key The key so far.
 * @param names The tools' names, in order.
 * @returns The key.
 */
export function namesKey(key: number, names: readonly string[]): number {
  key = keyStep(key, names.length);
  for (const name of names) key = keyStep(key, name.length);
  return key;
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
  const names: string[] = [];
  (tools as readonly JsonValue[]).forEach((tool, i) => {
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
  });
  return names;
}

/**
 * Checks an assistant message's tool calls (each `{id?, type?: "function", function: {name,
 * arguments}}`, arguments JSON text or an object) against the tools offered; returns them as
 * `{name, arguments}` with the arguments as an object.
 */
function callsOf(
  calls: JsonValue | undefined,
  where: string,
  offered: ReadonlySet<string>,
  ids?: Set<string>,
): JsonObject[] {
  if (calls === undefined || calls === null) return [];
  if (!Array.isArray(calls)) return refuse(`${where}.tool_calls is not an array`);
  return (calls as readonly JsonValue[]).map((call, k) => {
    const at = `${where}.tool_calls[${k}]`;
    if (!isJsonObject(call)) refuse(`${at} is not a JSON object`);
    const c = call as JsonObject;
    const type = c.get("type");
    if (type !== undefined && type !== "function") refuse(`${at} is not of type "function"`);
    const fn = c.get("function");
    if (fn === undefined || !isJsonObject(fn)) refuse(`${at} has no function object`);
    const f = fn as JsonObject;
    const name = f.get("name");
    if (typeof name !== "string") refuse(`${at} has no name string`);
    if (!offered.has(name as string)) {
      refuse(`${at} calls ${JSON.stringify(name)}, a tool the line does not offer`);
    }
    if (ids !== undefined) ids.add(historyCallId(c, f, at));
    let args = f.get("arguments");
    if (typeof args === "string") {
      try {
        args = parseJson(args);
      } catch (e) {
        if (!(e instanceof JsonSyntaxError)) throw e;
        refuse(`${at} has arguments that are not JSON text (${e.reason} at offset ${e.offset})`);
      }
    }
    if (args === undefined || !isJsonObject(args)) {
      refuse(`${at} has no arguments object (an object, or JSON text of one)`);
    }
    return new Map<string, JsonValue>([["name", name as string], ["arguments", args!]]);
  });
}

const HISTORY_CALLS =
  'earlier tool calls need "id", "type": "function" and "arguments" as JSON text, as vLLM takes them';

/**
 * A tool call before the answer is sent to vLLM and written to training files as written, so it
 * must have the shape vLLM validates (OpenAI's `ChatCompletionMessageToolCallParam`): an `id`,
 * `type: "function"` and its arguments as JSON text. Returns its id.
 */
function historyCallId(c: JsonObject, f: JsonObject, at: string): string {
  const id = c.get("id");
  if (typeof id !== "string") refuse(`${at} has no id: ${HISTORY_CALLS}`);
  if (c.get("type") !== "function") refuse(`${at} has no "type": "function": ${HISTORY_CALLS}`);
  if (typeof f.get("arguments") !== "string") {
    refuse(`${at} has arguments that are not JSON text: ${HISTORY_CALLS}`);
  }
  return id as string;
}

/**
 * Checks the messages; returns the query, the system flag, the answer's calls and the lengths of
 * the contents that go in the key.
 */
function readMessages(messages: JsonValue | undefined, offered: ReadonlySet<string>) {
  if (!Array.isArray(messages)) return refuse("the line has no messages array");
  const list = messages as readonly JsonValue[];
  if (list.length < 2) refuse("messages holds no prompt before the answer");
  let query: string | undefined;
  let hasSystem = false;
  let answer: JsonObject[] = [];
  const contents: number[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const message = list[i]!;
    const at = `messages[${i}]`;
    if (!isJsonObject(message)) refuse(`${at} is not a JSON object`);
    const m = message as JsonObject;
    const role = m.get("role");
    if (typeof role !== "string" || !ROLES.has(role)) {
      refuse(`${at} has no role of system, developer, user, assistant or tool`);
    }
    const content = m.get("content");
    const last = i === list.length - 1;
    if (last && role !== "assistant") {
      refuse(`the last message is not the assistant's (its role is ${JSON.stringify(role)})`);
    }
    if (role === "assistant") {
      if (content !== undefined && content !== null && typeof content !== "string") {
        refuse(`${at} has content that is not a string`);
      }
      const calls = callsOf(m.get("tool_calls"), at, offered, last ? undefined : ids);
      if (last) answer = calls;
    } else {
      if (typeof content !== "string") refuse(`${at} has no content string`);
      contents.push((content as string).length);
      if (role === "user") query = content as string;
      if (role === "system" || role === "developer") hasSystem = true;
      if (m.has("tool_calls")) refuse(`${at} has tool_calls, and only an assistant's may`);
      if (role === "tool") {
        const callId = m.get("tool_call_id");
        if (typeof callId !== "string") {
          refuse(
            `${at} has no tool_call_id string: a tool message answers an earlier call by its id`,
          );
        }
        if (!ids.has(callId as string)) {
          refuse(
            `${at} has the tool_call_id ${
              quoteJson(callId as string)
            }, which no earlier tool call has`,
          );
        }
      }
    }
  }
  if (query === undefined) refuse("the prompt has no user message");
  return { query: query!, hasSystem, answer, contents, messages: list };
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
  const content = (read.messages.at(-1) as JsonObject).get("content");
  return {
    ...chatPromptTexts(text),
    answer: stringifyJson(read.answer),
    answerText: typeof content === "string" ? content : "",
  };
}

interface Checked {
  readonly line: ChatLine;
  readonly messages: readonly JsonValue[];
  readonly tools: readonly JsonValue[];
  readonly answer: readonly JsonObject[];
}

function checkedLine(text: string): Checked | ChatLineRefusal {
  let value: JsonValue;
  try {
    value = parseJson(text);
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
    const read = readMessages(value.get("messages"), new Set(names));
    const twice = repeatedName(names);
    const key = chatKey(read.messages.length, read.contents, names);
    const line: ChatLine = {
      id,
      query: read.query,
      hasSystem: read.hasSystem,
      key,
      ...(cluster === undefined ? {} : { cluster: cluster as string }),
    };
    return {
      line: twice === undefined
        ? line
        : { ...line, ineligible: `two tools are named ${JSON.stringify(twice)}` },
      messages: read.messages,
      tools: tools as readonly JsonValue[],
      answer: read.answer,
    };
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return id === undefined ? { reason: e.reason } : { reason: e.reason, id };
  }
}
