/**
 * What the emulator's scripted models know and write: the dataset indexed by prompt, the answer key
 * written as hermes `<tool_call>` text, the ways to get it wrong, and deterministic choices.
 *
 * @module
 */

import type { ItemId } from "../../src/dataset/item_id.ts";
import type { Item, ToolSpec } from "../../src/dataset/item.ts";
import { JsonNumber, type JsonValue } from "../../src/json/json_value.ts";
import {
  pyFloatRepr,
  type PyInt,
  pyJsonDumps,
  pyJsonLoads,
  type PyValue,
  writeAsWritten,
} from "./python_json.ts";
import type { HermesResult } from "./vllm_parsers.ts";

// ---------------------------------------------------------------------------------------------
// The dataset, as the emulator knows it.

/** A call the model writes: a name and Python-parsed arguments (numbers keep their text). */
export interface Call {
  /** The tool's name. */
  readonly name: string;
  /** The arguments. */
  readonly args: PyValue;
}

/** A text the model writes, and, when it is a clean rendering, what the hermes parser makes of it. */
export interface Written {
  /** The raw output. */
  readonly text: string;
  /** The parse, known without parsing (see {@linkcode writeCalls}); undefined to parse. */
  readonly parsed: HermesResult | undefined;
}

/** An item as the emulator knows it. */
export interface Entry {
  /** The item's id. */
  readonly id: ItemId;
  /** The names of the tools it offers, in order. */
  readonly toolNames: () => readonly string[];
  /** The answer key's calls. */
  readonly answers: () => readonly Call[];
  /** The answer key written (computed once). */
  readonly answerKey: () => Written;
  /**
   * The item's tools, for a model that reads them (`formatting_model.ts`): the tools as sent, or
   * the row's tools text when the index was asked to keep it; `undefined` when not kept.
   */
  readonly tools: () => readonly ToolSpec[] | string | undefined;
}

/** Converts an exact JSON value to the Python-parsed form. */
export function fromJsonValue(v: JsonValue): PyValue {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (v instanceof JsonNumber) {
    return /^-?[0-9]+$/.test(v.text)
      ? { kind: "int", value: BigInt(v.text), text: v.text }
      : { kind: "float", value: Number(v.text), text: v.text };
  }
  if (Array.isArray(v)) return v.map(fromJsonValue);
  const m = new Map<string, PyValue>();
  for (const [k, x] of v as ReadonlyMap<string, JsonValue>) m.set(k, fromJsonValue(x));
  return m;
}

/** Computes once, on first use. */
export function lazy<T>(f: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = f();
      done = true;
    }
    return value;
  };
}

function callsFromRowAnswers(text: string): readonly Call[] {
  const v = pyJsonLoads(text);
  if (!Array.isArray(v)) return [];
  const out: Call[] = [];
  for (const c of v) {
    if (!(c instanceof Map)) continue;
    const name = c.get("name");
    out.push({
      name: typeof name === "string" ? name : String(name),
      args: c.has("arguments") ? c.get("arguments")! : new Map(),
    });
  }
  return out;
}

function toolNamesFromRow(text: string): readonly string[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.map((t) => String(t?.name)) : [];
  } catch {
    return [];
  }
}

/**
 * The key an item is found by: its prompt, the messages before its answer, as canonical JSON (every
 * object's members sorted by name, numbers and strings as `JSON.stringify` writes the values
 * `JSON.parse` reads). The messages an item's line writes and the messages a request sends for it
 * have the same key, whatever their spacing, escapes, member order or number spelling.
 *
 * @param messages The prompt's messages, parsed.
 * @returns The key.
 *
 * @example
 * ```ts
 * import { promptKey } from "./scripted_model.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(promptKey([{ role: "user", content: "q" }]), promptKey(JSON.parse('[{"content": "q", "role": "user"}]')));
 * assert.equal(promptKey([{ role: "user", content: "q" }]), queryPromptKey("q"));
 * ```
 */
export function promptKey(messages: readonly unknown[]): string {
  return canonical(messages);
}

/**
 * The {@linkcode promptKey} of a prompt that is one user message, the query (an xlam row's, or an
 * item without messages of its own), without building the message.
 *
 * @param query The user message's text.
 * @returns The key.
 */
export function queryPromptKey(query: string): string {
  return `[{"content":${JSON.stringify(query)},"role":"user"}]`;
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const names = Object.keys(v).sort();
    const o = v as Record<string, unknown>;
    return `{${names.map((n) => `${JSON.stringify(n)}:${canonical(o[n])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/**
 * Indexes items and raw rows by their prompt ({@linkcode promptKey}): an item with messages of its
 * own (a chat-jsonl line's) by those messages, any other item and every row by its query as the one
 * user message. Rows are read lazily: their answers are parsed on first use.
 *
 * @param items Items (exact answers).
 * @param rows Raw dataset rows (`answers` and `tools` as JSON strings).
 * @param options `keepTools`: keep every row's tools text for the entries' `tools` (a model that
 *   reads the tools needs it); default false, so that the text can be collected.
 * @returns Entries by prompt key (several when prompts repeat).
 *
 * @example
 * ```ts
 * import { indexDataset, queryPromptKey } from "./scripted_model.ts";
 * import assert from "node:assert/strict";
 *
 * const index = indexDataset([], [{ id: 1, query: "q", tools: "[]", answers: '[{"name": "f", "arguments": {"a": 1.0}}]' }]);
 * assert.equal(index.get(queryPromptKey("q"))![0]!.answerKey().text, '<tool_call>\n{"name": "f", "arguments": {"a": 1.0}}\n</tool_call>');
 * ```
 */
export function indexDataset(
  items: readonly Item[],
  rows: readonly unknown[],
  options: { readonly keepTools?: boolean } = {},
): Map<string, Entry[]> {
  const byPrompt = new Map<string, Entry[]>();
  const add = (key: string, e: Entry): void => {
    const list = byPrompt.get(key);
    if (list === undefined) byPrompt.set(key, [e]);
    else list.push(e);
  };
  for (const item of items) {
    const names = item.tools.map((t) => t.name);
    const answers = item.answers.map((a) => ({ name: a.name, args: fromJsonValue(a.arguments) }));
    const key = item.chat === undefined
      ? queryPromptKey(item.query)
      : promptKey(JSON.parse(`[${item.chat.messages}]`));
    add(key, {
      id: item.id,
      toolNames: () => names,
      answers: () => answers,
      answerKey: lazy(() => writeCalls(answers)),
      tools: () => item.tools,
    });
  }
  // Rows: the tools' text (most of a row) is kept only where a prompt repeats, to tell the rows
  // apart; elsewhere it can be collected once the caller drops the rows.
  const groups = new Map<string, { id: number; answers: string; tools: string }[]>();
  for (const raw of rows) {
    const row = raw as { id?: unknown; query?: unknown; tools?: unknown; answers?: unknown };
    if (typeof row.query !== "string" || typeof row.id !== "number") continue;
    const r = {
      id: row.id,
      answers: typeof row.answers === "string" ? row.answers : "[]",
      tools: typeof row.tools === "string" ? row.tools : "[]",
    };
    const g = groups.get(row.query);
    if (g === undefined) groups.set(row.query, [r]);
    else g.push(r);
  }
  const none: readonly string[] = [];
  for (const [query, group] of groups) {
    const key = queryPromptKey(query);
    const repeated = group.length > 1 || byPrompt.has(key);
    for (const r of group) {
      const answersText = r.answers;
      const names = repeated ? toolNamesFromRow(r.tools) : none;
      const toolsText = options.keepTools === true ? r.tools : undefined;
      const answers = lazy(() => {
        try {
          return callsFromRowAnswers(answersText);
        } catch {
          return [];
        }
      });
      add(key, {
        id: r.id,
        toolNames: () => names,
        answers,
        answerKey: lazy(() => writeCalls(answers())),
        tools: () => toolsText,
      });
    }
  }
  return byPrompt;
}

// ---------------------------------------------------------------------------------------------
// Deterministic choices.

/** cyrb53: a fast 53-bit string hash. */
function hash53(s: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A number in [0, 1) decided by a string and a seed.
 *
 * @param s What the decision is about.
 * @param seed The seed.
 * @returns The number.
 *
 * @example
 * ```ts
 * import { unit } from "./scripted_model.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(unit("a", 1), unit("a", 1));
 * assert.notEqual(unit("a", 1), unit("a", 2));
 * ```
 */
export function unit(s: string, seed: number): number {
  return hash53(s, seed) / 9007199254740992;
}

// ---------------------------------------------------------------------------------------------
// What the scripted model writes.

/** What a model writes when it calls nothing. */
export const NO_CALL_TEXT: string =
  "I'm sorry, but none of the available tools can help with that request.";
/** What a model with the `content` script writes before its calls. */
export const CALL_CONTENT_TEXT: string = "Let me look that up for you.";
/** What a model writes for a query not in the dataset. */
export const UNKNOWN_TEXT: string = "I don't know how to help with that.";

/**
 * Writes calls as a Qwen/Hermes model does: one `<tool_call>` block per call, JSON with Python's
 * separators, numbers as written.
 *
 * @param calls The calls.
 * @returns The text.
 *
 * @example
 * ```ts
 * import { renderCalls } from "./scripted_model.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(renderCalls([{ name: "f", args: new Map() }]), '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>');
 * ```
 */
export function renderCalls(calls: readonly Call[]): string {
  return calls.map((c) =>
    `<tool_call>\n{"name": ${JSON.stringify(c.name)}, "arguments": ${
      writeAsWritten(c.args)
    }}\n</tool_call>`
  ).join("\n");
}

/** A different value of about the same kind (a number plus one, a string with a suffix…). */
export function alterValue(v: PyValue): PyValue {
  if (v === null) return "wrong";
  if (typeof v === "boolean") return !v;
  if (typeof v === "string") return `${v}_wrong`;
  if (Array.isArray(v)) return v.length > 0 ? v.slice(0, -1) : ["wrong"];
  if (v instanceof Map) return v.size > 0 ? new Map() : new Map([["wrong", true]]);
  const n = v as PyInt | { kind: "float"; value: number; text: string };
  if (n.kind === "int") {
    const value = n.value + 1n;
    return { kind: "int", value, text: value.toString() };
  }
  const value = Number.isFinite(n.value) ? n.value + 1 : 0;
  return { kind: "float", value, text: pyFloatRepr(value) };
}

/** The calls with the first call's first argument changed (or one added). */
export function wrongArgument(calls: readonly Call[]): readonly Call[] | undefined {
  const first = calls[0];
  if (first === undefined) return undefined;
  let args: PyValue;
  if (first.args instanceof Map) {
    const m = new Map(first.args);
    const key = m.keys().next();
    if (key.done) m.set("unexpected", "wrong");
    else m.set(key.value, alterValue(m.get(key.value)!));
    args = m;
  } else {
    args = alterValue(first.args);
  }
  return [{ name: first.name, args }, ...calls.slice(1)];
}

/** Changes the first number argument (depth first), or adds one: what batching does. */
export function batchPerturb(calls: readonly Call[]): readonly Call[] | undefined {
  const first = calls[0];
  if (first === undefined) return undefined;
  let done = false;
  const walk = (v: PyValue): PyValue => {
    if (done || v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Map) {
      const m = new Map<string, PyValue>();
      for (const [k, x] of v) m.set(k, walk(x));
      return m;
    }
    done = true;
    return alterValue(v);
  };
  let args = walk(first.args);
  if (!done) {
    const m = args instanceof Map ? new Map(args) : new Map<string, PyValue>();
    m.set("batch_size_hint", { kind: "int", value: 2n, text: "2" });
    args = m;
  }
  return [{ name: first.name, args }, ...calls.slice(1)];
}

/** The text with its last `<tool_call>` block broken three ways, picked by `u`. */
export function breakText(text: string, u: number): string {
  const last = text.lastIndexOf("<tool_call>");
  if (last < 0) return `${text}\n<tool_call>\n{"name": "`;
  const head = text.slice(0, last);
  const block = text.slice(last);
  if (u < 1 / 3) {
    // The last block's closing brace is missing.
    const close = block.lastIndexOf("}");
    return head + block.slice(0, close) + block.slice(close + 1);
  }
  if (u < 2 / 3) return head + block.replaceAll('"', "'");
  return head + block.replace("\n</tool_call>", " and more\n</tool_call>");
}

/** A token count for a text (a quarter of its length). */
export function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/**
 * Writes calls (or the no-call text) and gives the hermes parse without parsing when the
 * rendering is clean: each block's JSON is valid for Python and no tag appears inside a block, so
 * the parse is the calls with `json.dumps` arguments and null content. `writeCalls_test` pins this
 * against {@linkcode parseHermes} on generated calls.
 *
 * @param calls The calls, or undefined for the no-call text.
 * @returns The text and its parse.
 *
 * @example
 * ```ts
 * import { writeCalls } from "./scripted_model.ts";
 * import assert from "node:assert/strict";
 *
 * const w = writeCalls([{ name: "f", args: new Map([["x", { kind: "float", value: 1, text: "1.0" }]]) }]);
 * assert.deepEqual(w.parsed?.calls, [{ name: "f", arguments: '{"x": 1.0}' }]);
 * ```
 */
export function writeCalls(calls: readonly Call[] | undefined): Written {
  if (calls === undefined || calls.length === 0) {
    return {
      text: NO_CALL_TEXT,
      parsed: { toolsCalled: false, calls: [], content: NO_CALL_TEXT },
    };
  }
  const text = renderCalls(calls);
  let clean = true;
  let starts = 0;
  for (let i = text.indexOf("<tool_call>"); i >= 0; i = text.indexOf("<tool_call>", i + 1)) {
    starts++;
  }
  let ends = 0;
  for (let i = text.indexOf("</tool_call>"); i >= 0; i = text.indexOf("</tool_call>", i + 1)) {
    ends++;
  }
  if (starts !== calls.length || ends !== calls.length) clean = false;
  return {
    text,
    parsed: clean
      ? {
        toolsCalled: true,
        calls: calls.map((c) => ({ name: c.name, arguments: pyJsonDumps(c.args) })),
        content: null,
      }
      : undefined,
  };
}
