/**
 * The training file of `assess split -train`: the complement as JSON Lines, one line an item, in
 * one of three formats (`openai`, `hf`, or prompt–completion text rendered by a chat template,
 * `chat_template.ts`). Every format takes the item's messages and tools from
 * {@linkcode promptText}, the function that writes them into every request `assess run` sends, so
 * that training and evaluation see the same prompt.
 *
 * @module
 */

import { type DatasetItem, detachedItem } from "../dataset/dataset.ts";
import type { AnswerCall, Item } from "../dataset/item.ts";
import { itemIdShown } from "../dataset/item_id.ts";
import { quoteJson, stringifyJson } from "../json/stringify.ts";
import type { JsonObject } from "../json/json_value.ts";
import { parseJson } from "../json/strict_json.ts";
import type { ChatTemplate } from "./chat_template.ts";
import { promptText } from "./request.ts";
import { utf8Parts } from "../text/utf8_parts.ts";

/**
 * A training file's format: `"openai"` (OpenAI's chat fine-tuning line), `"hf"` (the same type
 * shape on every line, for loaders that infer one schema), or a {@linkcode ChatTemplate}
 * (`{"prompt", "completion"}` text).
 */
export type TrainingFormat = "openai" | "hf" | ChatTemplate;

/** How a training line is written. */
export interface TrainingOptions {
  /** The format; default `"openai"`. */
  readonly format?: TrainingFormat;
  /**
   * The `chat_template_kwargs` the run's requests send (`{[thinking.templateKey]: thinking.mode
   * === "on"}`), given to a chat template as vLLM gives them; default none.
   */
  readonly templateKwargs?: Readonly<Record<string, boolean>>;
}

/** The call's text as a tool call of an assistant message, with its id (`call_<k>`). */
function callText(call: AnswerCall, k: number): string {
  return `{"id":"call_${k}","type":"function","function":{"name":${JSON.stringify(call.name)},` +
    `"arguments":${JSON.stringify(stringifyJson(call.arguments))}}}`;
}

/** The answer's own text (a chat-jsonl line's last message's content); `""` when it has none. */
function answerText(item: Item): string {
  return item.chat?.answerText ?? "";
}

/** Whether an item's answer gives something to train on: a call, or text that is not only white space. */
function hasReply(item: Item): boolean {
  return item.answers.length > 0 || answerText(item).trim() !== "";
}

/**
 * The assistant message that answers an item, as JSON text: `{"role":"assistant","content":…,
 * "tool_calls":[...]}`, `content` the answer's text (a chat-jsonl line's, left out when it has
 * none, as an xlam row's answer never has), `tool_calls` its calls (left out when it has none),
 * each call `{"id":"call_<k>","type":"function","function":{name, arguments}}` with `k` its place
 * from 0 and the arguments as compact JSON text, numbers as the dataset writes them.
 *
 * @param item The item; its answer must have a call or text.
 * @returns The message's text.
 * @throws {RangeError} When the item's answer has no call and no text.
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { assistantText } from "./training.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   assistantText({
 *     id: 7, index: 0, query: "Weather in Paris?", tools: [],
 *     answers: [{ name: "weather", arguments: parseJson('{"days": 3.0}') }],
 *   }),
 *   '{"role":"assistant","tool_calls":[{"id":"call_0","type":"function","function":' +
 *     '{"name":"weather","arguments":"{\\"days\\":3.0}"}}]}',
 * );
 * ```
 */
export function assistantText(item: Item): string {
  if (!hasReply(item)) {
    const id = itemIdShown(item.id);
    throw new RangeError(
      `item ${id}'s answer has no call and no text: there is no reply to train on`,
    );
  }
  const text = answerText(item);
  const content = text === "" ? "" : `,"content":${quoteJson(text)}`;
  const calls = item.answers.length === 0
    ? ""
    : `,"tool_calls":[${item.answers.map(callText).join(",")}]`;
  return `{"role":"assistant"${content}${calls}}`;
}

/**
 * One line of the training file, without its newline.
 *
 * - `openai`: compact JSON with `messages` (the system message when `system` is not empty, the
 *   query as the user message, or an item's own messages, exactly as `assess run` sends them, then
 *   {@linkcode assistantText}) and `tools` (as `assess run` sends them, left out when the item has
 *   none); nothing else.
 * - `hf`: compact JSON with `messages`, every message `{"role", "content", "tool_calls"}` (a
 *   string, a string, an array: `""` and `[]` where the openai line has none), and `tools`, the
 *   request's tools array as JSON text (`"[]"` for none): every line has the same type shape. An
 *   item with its own messages (a chat-jsonl line's) writes every message with a
 *   `"tool_call_id"` string too (`""` where it has none), and every tool call as
 *   `{"id", "type", "function": {"name", "arguments"}}`, its arguments as JSON text.
 * - a {@linkcode ChatTemplate}: `{"prompt","completion"}`, the template's text of the request and
 *   of the reply ({@linkcode ChatTemplate.render}).
 *
 * @param item The item; its answer must have a call or text.
 * @param system The system prompt (`prompt.system`); `""` writes no system message.
 * @param options The format, and the request's `chat_template_kwargs`.
 * @returns The line's text.
 * @throws {RangeError} When the item's answer has no call and no text (an xlam row whose answer is
 *   `[]`: the dataset gives no assistant text to train on).
 * @throws {ChatTemplateError} When the chat template fails on the item.
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { trainingLine } from "./training.ts";
 * import assert from "node:assert/strict";
 *
 * const item = {
 *   id: 7, index: 0, query: "Weather in Paris?", tools: [],
 *   answers: [{ name: "weather", arguments: parseJson('{"city": "Paris", "days": 3.0}') }],
 * };
 * assert.equal(
 *   trainingLine(item, ""),
 *   '{"messages":[{"role":"user","content":"Weather in Paris?"},' +
 *     '{"role":"assistant","tool_calls":[{"id":"call_0","type":"function","function":' +
 *     '{"name":"weather","arguments":"{\\"city\\":\\"Paris\\",\\"days\\":3.0}"}}]}]}',
 * );
 * assert.equal(
 *   trainingLine(item, "", { format: "hf" }),
 *   '{"messages":[{"role":"user","content":"Weather in Paris?","tool_calls":[]},' +
 *     '{"role":"assistant","content":"","tool_calls":[{"id":"call_0","type":"function",' +
 *     '"function":{"name":"weather","arguments":"{\\"city\\":\\"Paris\\",\\"days\\":3.0}"}}]}],' +
 *     '"tools":"[]"}',
 * );
 * ```
 */
export function trainingLine(
  item: Item,
  system: string,
  options: TrainingOptions = {},
): string {
  const reply = assistantText(item);
  const prompt = promptText(item, system);
  const format = options.format ?? "openai";
  if (format === "openai") {
    const tools = prompt.tools === "" ? "" : `,"tools":${prompt.tools}`;
    return `{"messages":[${prompt.messages},${reply}]${tools}}`;
  }
  if (format === "hf") {
    const messages = item.chat === undefined
      ? (JSON.parse(`[${prompt.messages},${reply}]`) as HfMessage[]).map((m) =>
        JSON.stringify({ role: m.role, content: m.content ?? "", tool_calls: m.tool_calls ?? [] })
      )
      : hfChatMessages(`[${prompt.messages},${reply}]`);
    return `{"messages":[${messages.join(",")}],"tools":${JSON.stringify(prompt.tools || "[]")}}`;
  }
  const text = format.render(item.id, {
    messages: `[${prompt.messages}]`,
    tools: prompt.tools,
    reply,
    kwargs: options.templateKwargs ?? {},
  });
  return JSON.stringify({ prompt: text.prompt, completion: text.completion });
}

/**
 * The messages of an item with its own messages (a chat-jsonl line's) in the `hf` shape: every
 * message `{"role", "content", "tool_calls", "tool_call_id"}` (a string, a string, an array, a
 * string: `""` and `[]` where it has none), every tool call `{"id", "type": "function",
 * "function": {"name", "arguments"}}` with its arguments as JSON text, numbers as written. Read
 * with the strict reader: earlier turns' arguments may hold numbers.
 */
function hfChatMessages(messagesText: string): string[] {
  return (parseJson(messagesText) as readonly JsonObject[]).map((m) => {
    const content = m.get("content");
    const id = m.get("tool_call_id");
    const calls = m.get("tool_calls");
    const callTexts = (Array.isArray(calls) ? calls as readonly JsonObject[] : []).map((call) => {
      const fn = call.get("function") as JsonObject;
      const args = fn.get("arguments")!;
      const callId = call.get("id");
      return JSON.stringify({
        id: typeof callId === "string" ? callId : "",
        type: "function",
        function: {
          name: fn.get("name"),
          arguments: typeof args === "string" ? args : stringifyJson(args),
        },
      });
    });
    return `{"role":${JSON.stringify(m.get("role"))},"content":${
      JSON.stringify(typeof content === "string" ? content : "")
    },"tool_calls":[${callTexts.join(",")}],"tool_call_id":${
      JSON.stringify(typeof id === "string" ? id : "")
    }}`;
  });
}

/** A message of an openai line, read back (JSON.parse is exact on it: it holds no number). */
interface HfMessage {
  readonly role: string;
  readonly content?: string;
  readonly tool_calls?: unknown[];
}

/** What a training file holds, and what was left out of it. */
export interface TrainingCounts {
  /** How many lines it holds. */
  readonly lines: number;
  /** How many items were left out as ineligible (two tools share a name). */
  readonly ineligible: number;
  /**
   * How many items were left out because their answer has no call and no text: an xlam row whose
   * answer is `[]` (the dataset gives no assistant text for it), or a chat-jsonl line whose last
   * message has neither.
   */
  readonly noReply: number;
}

/**
 * The lines of the training file of a complement, one {@linkcode trainingLine} per item, each
 * ending with `"\n"`, in the order given, built one at a time as they are asked for (a file of any
 * size is written without being held whole). The ineligible items (no request could offer two
 * tools of one name) and the items whose answer has no call and no text (an xlam row answered `[]`:
 * the dataset gives no assistant text for it) are left out and counted; a chat-jsonl item answered
 * in text alone is written with that text; the counts are the generator's return value. Each item's
 * tools and answers are built for its line only, not kept on the item.
 *
 * @param items The complement's items (`complementItems(dataset, split)`), by id ascending.
 * @param system The system prompt (`prompt.system`).
 * @param options The format, and the request's `chat_template_kwargs`.
 * @returns The lines, then the counts.
 * @throws {ChatTemplateError} When the chat template fails on an item (while the lines are read).
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex } from "@assess/assess";
 * import { trainingLines } from "./training.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(JSON.stringify([
 *   { id: 1, query: "Hi", tools: "[]", answers: "[]" },
 *   { id: 2, query: "Add 1 and 2", tools: "[]", answers: '[{"name": "add", "arguments": {"a": 1, "b": 2}}]' },
 * ]));
 * const items = loadDataset(bytes, sha256Hex(bytes)).items;
 * const lines = trainingLines(items, "");
 * assert.match(lines.next().value as string, /^\{"messages":\[\{"role":"user","content":"Add 1 and 2"\}/);
 * assert.deepEqual(lines.next().value, { lines: 1, ineligible: 0, noReply: 1 });
 * ```
 */
export function* trainingLines(
  items: Iterable<DatasetItem>,
  system: string,
  options: TrainingOptions = {},
): Generator<string, TrainingCounts, undefined> {
  let lines = 0;
  let ineligible = 0;
  let noReply = 0;
  for (const datasetItem of items) {
    if (datasetItem.ineligible !== undefined) {
      ineligible++;
      continue;
    }
    const item = detachedItem(datasetItem);
    if (!hasReply(item)) {
      noReply++;
      continue;
    }
    yield trainingLine(item, system, options) + "\n";
    lines++;
  }
  return { lines, ineligible, noReply };
}

/** A training file's bytes as they are made, and its counts once they are all taken. */
export interface TrainingParts {
  /** The file's bytes: {@linkcode trainingLines} in UTF-8 parts, made as they are asked for (once). */
  readonly parts: Iterable<Uint8Array>;
  /** What the file holds and what was left out: all 0 until every part has been taken. */
  counts(): TrainingCounts;
}

/**
 * The training file of a complement as UTF-8 parts, made one at a time as they are asked for
 * (what `assess split -train` streams to its file), and its counts, known once every part has
 * been taken.
 *
 * @param items The complement's items, by id ascending.
 * @param system The system prompt (`prompt.system`).
 * @param options The format, and the request's `chat_template_kwargs`.
 * @returns The parts, and the counts.
 * @throws {ChatTemplateError} When the chat template fails on an item (while the parts are taken).
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex } from "@assess/assess";
 * import { trainingParts } from "./training.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(JSON.stringify([
 *   { id: 1, query: "Hi", tools: "[]", answers: "[]" },
 *   { id: 2, query: "Add 1 and 2", tools: "[]", answers: '[{"name": "add", "arguments": {"a": 1}}]' },
 * ]));
 * const file = trainingParts(loadDataset(bytes, sha256Hex(bytes)).items, "");
 * assert.deepEqual(file.counts(), { lines: 0, ineligible: 0, noReply: 0 });
 * assert.equal([...file.parts].length, 1);
 * assert.deepEqual(file.counts(), { lines: 1, ineligible: 0, noReply: 1 });
 * ```
 */
export function trainingParts(
  items: Iterable<DatasetItem>,
  system: string,
  options: TrainingOptions = {},
): TrainingParts {
  const lines = trainingLines(items, system, options);
  let counts: TrainingCounts = { lines: 0, ineligible: 0, noReply: 0 };
  const all = function* (): Generator<string, void, undefined> {
    counts = yield* lines;
  };
  return { parts: utf8Parts(all()), counts: () => counts };
}

/** A training file held in memory, and what was left out of it. */
export interface TrainingFile extends TrainingCounts {
  /** The file's bytes: one line a training item, each ending with `"\n"`, UTF-8. */
  readonly bytes: Uint8Array;
}

/**
 * The whole training file of a complement in memory: {@linkcode trainingLines}, gathered (for
 * small files and tests; `assess split -train` writes the lines as a stream).
 *
 * @param items The complement's items, by id ascending.
 * @param system The system prompt (`prompt.system`).
 * @param options The format, and the request's `chat_template_kwargs`.
 * @returns The bytes and the counts.
 * @throws {ChatTemplateError} When the chat template fails on an item.
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex } from "@assess/assess";
 * import { trainingFile } from "./training.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(JSON.stringify([
 *   { id: 2, query: "Add 1 and 2", tools: "[]", answers: '[{"name": "add", "arguments": {"a": 1}}]' },
 * ]));
 * const file = trainingFile(loadDataset(bytes, sha256Hex(bytes)).items, "");
 * assert.equal(file.lines, 1);
 * assert.match(new TextDecoder().decode(file.bytes), /^\{"messages":/);
 * ```
 */
export function trainingFile(
  items: Iterable<DatasetItem>,
  system: string,
  options: TrainingOptions = {},
): TrainingFile {
  const file = trainingParts(items, system, options);
  const parts = [...file.parts];
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
  return { bytes, ...file.counts() };
}
