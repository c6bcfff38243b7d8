/**
 * A quick reading of a chat-jsonl line, for loading a dataset: it reads the text with the strict
 * reader's cursor (the same rules, member by member), in the shape a line must have, without
 * building the `Map`s of a parsed value (most of the strict reader's cost). It says yes, with the
 * line read, only when `readChatLine` would accept the line and read the same; anything else, even
 * what that would accept, gets a no, and the dataset then reads the line the full way, which gives
 * the reason when there is one. A property test holds the two to each other. Private to
 * `src/dataset/`.
 *
 * @module
 */

import { exactDecimal } from "../json/decimal.ts";
import type { JsonNumber } from "../json/json_value.ts";
import { JsonSyntaxError } from "../json/json_syntax_error.ts";
import { Reader } from "../json/reader.ts";
import { chatKey, type ChatLine, ROLES } from "./_chat_line.ts";
import type { ItemId } from "./item_id.ts";
import { repeatedName } from "./tools.ts";

const QUOTE = 0x22;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const N = 0x6e;

/** Thrown to say no: the full reading decides. */
class Doubt extends Error {}
const DOUBT = new Doubt();

function doubt(): never {
  throw DOUBT;
}

/** A message as read: what the line's checks look at. */
interface Message {
  role: string | undefined;
  /** `string`, `null`, `absent`, or `other` (a list of parts, a number…). */
  contentKind: "string" | "null" | "absent" | "other";
  content: string;
  toolCallsKey: boolean;
  calls: string[];
  /** Each call's id when it has the shape an earlier call needs (id, type, arguments as text). */
  callIds: (string | undefined)[];
  /** A tool message's `tool_call_id`, when a string. */
  toolCallId: string | undefined;
}

/** Another member of an object whose members are not all known: each at most once. */
function other(seen: Set<string> | undefined, key: string, r: Reader): Set<string> {
  const set = seen ?? new Set<string>();
  if (set.has(key)) doubt();
  set.add(key);
  r.skipValue();
  return set;
}

function stringAt(r: Reader): string {
  return r.peek() === QUOTE ? r.string() : doubt();
}

function id(r: Reader): ItemId {
  const c = r.peek();
  if (c === QUOTE) return r.string();
  if (c !== MINUS && (c < ZERO || c > NINE)) doubt();
  const value = r.value() as JsonNumber;
  if (exactDecimal(value.text).exponent < 0n) doubt();
  const n = Number(value.text);
  if (!Number.isSafeInteger(n)) doubt();
  return n === 0 ? 0 : n;
}

/**
 * A tool call's function: a name and its arguments (an object, or JSON text of one). Returns the
 * name, and whether the arguments were JSON text.
 */
function callFunction(r: Reader): [string, boolean] {
  if (r.peek() !== OPEN_BRACE) doubt();
  let name: string | undefined;
  let args = false;
  let text = false;
  let seen: Set<string> | undefined;
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    r.colon();
    if (key === "name" && name === undefined) {
      name = stringAt(r);
    } else if (key === "arguments" && !args) {
      args = true;
      const c = r.peek();
      if (c === OPEN_BRACE) r.skipValue();
      else if (c === QUOTE) {
        text = true;
        const inner = new Reader(r.string());
        if (inner.peek() !== OPEN_BRACE) doubt();
        inner.skipValue();
        inner.end();
      } else doubt();
    } else if (key === "name" || key === "arguments") {
      doubt();
    } else {
      seen = other(seen, key, r);
    }
  }
  if (name === undefined || !args) doubt();
  return [name, text];
}

function calls(r: Reader, out: string[], ids: (string | undefined)[]): void {
  if (r.peek() === N) {
    if (r.value() !== null) doubt();
    return;
  }
  if (r.peek() !== OPEN_BRACKET) doubt();
  for (let more = r.openArray(); more; more = r.nextElement()) {
    if (r.peek() !== OPEN_BRACE) doubt();
    let name: string | undefined;
    let text = false;
    let type = false;
    let idKey = false;
    let id: string | undefined;
    let seen: Set<string> | undefined;
    for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
      r.colon();
      if (key === "type" && !type) {
        type = true;
        if (stringAt(r) !== "function") doubt();
      } else if (key === "function" && name === undefined) {
        [name, text] = callFunction(r);
      } else if (key === "id" && !idKey) {
        idKey = true;
        if (r.peek() === QUOTE) id = r.string();
        else r.skipValue();
      } else if (key === "type" || key === "function" || key === "id") {
        doubt();
      } else {
        seen = other(seen, key, r);
      }
    }
    if (name === undefined) doubt();
    out.push(name);
    ids.push(type && text ? id : undefined);
  }
}

function message(r: Reader): Message {
  if (r.peek() !== OPEN_BRACE) doubt();
  const m: Message = {
    role: undefined,
    contentKind: "absent",
    content: "",
    toolCallsKey: false,
    calls: [],
    callIds: [],
    toolCallId: undefined,
  };
  let toolCallIdKey = false;
  let seen: Set<string> | undefined;
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    r.colon();
    if (key === "role" && m.role === undefined) {
      m.role = stringAt(r);
    } else if (key === "content" && m.contentKind === "absent") {
      const c = r.peek();
      if (c === QUOTE) {
        m.contentKind = "string";
        m.content = r.string();
      } else if (c === N) {
        m.contentKind = r.value() === null ? "null" : doubt();
      } else {
        m.contentKind = "other";
        r.skipValue();
      }
    } else if (key === "tool_calls" && !m.toolCallsKey) {
      m.toolCallsKey = true;
      calls(r, m.calls, m.callIds);
    } else if (key === "tool_call_id" && !toolCallIdKey) {
      toolCallIdKey = true;
      if (r.peek() === QUOTE) m.toolCallId = r.string();
      else r.skipValue();
    } else if (
      key === "role" || key === "content" || key === "tool_calls" || key === "tool_call_id"
    ) {
      doubt();
    } else {
      seen = other(seen, key, r);
    }
  }
  if (m.role === undefined || !ROLES.has(m.role)) doubt();
  return m;
}

function tool(r: Reader): string {
  if (r.peek() !== OPEN_BRACE) doubt();
  let type = false;
  let name: string | undefined;
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    r.colon();
    if (key === "type" && !type) {
      type = true;
      if (stringAt(r) !== "function") doubt();
    } else if (key === "function" && name === undefined) {
      if (r.peek() !== OPEN_BRACE) doubt();
      let seen = 0;
      for (let k = r.openObject(); k !== undefined; k = r.nextKey()) {
        r.colon();
        if (k === "name" && (seen & 1) === 0) {
          seen |= 1;
          name = stringAt(r);
        } else if (k === "description" && (seen & 2) === 0) {
          seen |= 2;
          stringAt(r);
        } else if (k === "parameters" && (seen & 4) === 0) {
          seen |= 4;
          if (r.peek() !== OPEN_BRACE) doubt();
          r.skipValue();
        } else if (k === "strict" && (seen & 8) === 0) {
          seen |= 8;
          if (typeof r.value() !== "boolean") doubt();
        } else {
          doubt();
        }
      }
      if (name === undefined || name === "") doubt();
    } else {
      doubt();
    }
  }
  if (!type || name === undefined) doubt();
  return name;
}

/**
 * The line read, when it passes every check `readChatLine` makes and reads the same; otherwise
 * undefined.
 *
 * @param text The line, without its newline.
 * @returns The line read, or undefined when the full reading must decide.
 */
export function quickChatLine(text: string): ChatLine | undefined {
  const r = new Reader(text);
  try {
    if (r.peek() !== OPEN_BRACE) return undefined;
    let lineId: ItemId | undefined;
    let messages: Message[] | undefined;
    let names: string[] | undefined;
    let parallel = false;
    for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
      r.colon();
      if (key === "id" && lineId === undefined) {
        lineId = id(r);
      } else if (key === "messages" && messages === undefined) {
        if (r.peek() !== OPEN_BRACKET) return undefined;
        messages = [];
        for (let more = r.openArray(); more; more = r.nextElement()) messages.push(message(r));
      } else if (key === "tools" && names === undefined) {
        if (r.peek() !== OPEN_BRACKET) return undefined;
        names = [];
        for (let more = r.openArray(); more; more = r.nextElement()) names.push(tool(r));
      } else if (key === "parallel_tool_calls" && !parallel) {
        parallel = true;
        if (typeof r.value() !== "boolean") return undefined;
      } else {
        return undefined;
      }
    }
    r.end();
    if (lineId === undefined || messages === undefined || messages.length < 2) return undefined;
    names ??= [];
    return checked(lineId, messages, names);
  } catch (e) {
    if (e instanceof Doubt || e instanceof JsonSyntaxError) return undefined;
    throw e;
  }
}

/** The line's checks across its members, and the line read. */
function checked(
  lineId: ItemId,
  messages: readonly Message[],
  names: string[],
): ChatLine | undefined {
  const offered = new Set(names);
  const contents: number[] = [];
  let query: string | undefined;
  let hasSystem = false;
  const ids = new Set<string>();
  const last = messages.length - 1;
  for (let i = 0; i <= last; i++) {
    const m = messages[i]!;
    if (m.role === "assistant") {
      if (m.contentKind === "other") return undefined;
      for (const name of m.calls) if (!offered.has(name)) return undefined;
      if (i < last) {
        for (const id of m.callIds) {
          if (id === undefined) return undefined;
          ids.add(id);
        }
      }
    } else {
      if (m.role === "tool" && (m.toolCallId === undefined || !ids.has(m.toolCallId))) {
        return undefined;
      }
      if (i === last || m.contentKind !== "string" || m.toolCallsKey) return undefined;
      contents.push(m.content.length);
      if (m.role === "user") query = m.content;
      if (m.role === "system" || m.role === "developer") hasSystem = true;
    }
  }
  if (query === undefined) return undefined;
  const line: ChatLine = {
    id: lineId,
    query,
    hasSystem,
    key: chatKey(messages.length, contents, names),
  };
  const twice = repeatedName(names);
  return twice === undefined
    ? line
    : { ...line, ineligible: `two tools are named ${JSON.stringify(twice)}` };
}
