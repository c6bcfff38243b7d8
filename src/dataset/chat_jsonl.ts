/**
 * A team's own dataset in the chat format (`dataset.kind: chat-jsonl`): JSON Lines, one item a
 * line, `{"id", "messages", "tools"}` as OpenAI's chat format writes them; the last message is the
 * answer, every message before it the prompt.
 *
 * @module
 */

import { isJsonObject, type JsonObject, type JsonValue } from "../json/json_value.ts";
import { hasByteOrderMark, parseJson } from "../json/strict_json.ts";
import { readAnswers } from "./answers.ts";
import {
  type ChatLine,
  type ChatLineRefusal,
  chatLineTexts,
  chatPromptTexts,
  type ChatTexts,
  readChatLine,
} from "./_chat_line.ts";
import {
  checkDatasetUtf8,
  type Dataset,
  type DatasetItem,
  lenientText,
  type LoadOptions,
  MAX_TEXT_BYTES,
  textsHash,
  verifiedSha256,
} from "./dataset.ts";
import { DatasetError } from "./dataset_error.ts";
import type { AnswerCall, ChatPrompt, Item, ToolSpec } from "./item.ts";
import { type ItemId, itemIdShown, itemIdText } from "./item_id.ts";
import {
  CONTENT_KEY,
  DETACHED,
  DETACHED_ANSWERS,
  type LazyItem,
  oneUseItem,
  PACKED,
  type PackedForm,
  type Rebuild,
} from "./_lazy_item.ts";

/** How many bad lines a refusal names, at most; the rest are counted. */
export const REFUSED_LINES_SHOWN = 20;

/**
 * Reads a chat-jsonl dataset from the file's bytes. The bytes' SHA-256 is compared with
 * `expectedSha256` (either case) before any line is read. Then every line is read with the strict
 * reader (numbers kept as written, a key twice refused) and must be an object with exactly `id` (an
 * integer or a string; no two lines share an id's text, so `7` and `"7"` are the same id),
 * `messages` and optionally `tools`:
 *
 * - `tools`: OpenAI function tools, each `{"type": "function", "function": {name, description?,
 *   parameters?, strict?}}`, `parameters` a JSON Schema object;
 * - `messages`: system, developer, user, assistant and tool messages; the last is the answer, an
 *   assistant message whose `tool_calls` (each `{type?: "function", function: {name, arguments}}`,
 *   the arguments an object or JSON text of one) are the calls a right reply makes, none when it
 *   has none; every message before it is the prompt, which holds at least one user message.
 *   A message other than an assistant's has a string `content`; every tool call names a tool the
 *   line offers.
 *
 * An item is eligible unless two of its tools share a name. Every line is read, and every bad one
 * refused with its line number (the first {@linkcode REFUSED_LINES_SHOWN}, then how many more).
 *
 * @param bytes The whole file.
 * @param expectedSha256 The SHA-256 it must have, 64 hex digits in either case.
 * @param options How to take the bytes' SHA-256, if not by hashing them.
 * @returns The dataset: its hash and its items, in the file's order.
 * @throws {DatasetError} When the bytes are too many, the hash differs, the file is not UTF-8, or
 *   a line is refused: the error's message names the first bad line, its `lines` the others.
 *
 * @example
 * ```ts
 * import { loadChatDataset, sha256Hex } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const line = {
 *   id: "t-1",
 *   messages: [
 *     { role: "user", content: "Weather in Oslo?" },
 *     { role: "assistant", tool_calls: [{ type: "function", function: { name: "weather", arguments: '{"city": "Oslo"}' } }] },
 *   ],
 *   tools: [{ type: "function", function: { name: "weather", parameters: { type: "object" } } }],
 * };
 * const bytes = new TextEncoder().encode(JSON.stringify(line) + "\n");
 * const dataset = loadChatDataset(bytes, sha256Hex(bytes));
 * assert.equal(dataset.items[0]!.id, "t-1");
 * assert.equal(dataset.items[0]!.query, "Weather in Oslo?");
 * assert.equal(dataset.items[0]!.answers[0]!.name, "weather");
 * ```
 */
export function loadChatDataset(
  bytes: Uint8Array,
  expectedSha256: string,
  options: LoadOptions = {},
): Dataset {
  const sha256 = verifiedSha256(bytes, expectedSha256, options);
  const lines = new ChatLines();
  let suspect = false;
  // In pieces of whole lines, as the file is read: a text of the whole file may be longer than a
  // string can be.
  for (let start = 0; start < bytes.length;) {
    let end = Math.min(bytes.length, start + TEXT_PIECE);
    if (end < bytes.length) {
      const newline = bytes.lastIndexOf(0x0a, end - 1);
      end = newline >= start ? newline + 1 : bytes.indexOf(0x0a, end) + 1 || bytes.length;
    }
    const text = lineText(bytes, start, end);
    if (text.includes("\uFFFD")) suspect = true;
    lines.text(text);
    start = end;
  }
  // The strict decoder's verdict, when the lenient one met a byte that may not be UTF-8.
  if (suspect || hasByteOrderMark(bytes)) checkDatasetUtf8(bytes, true);
  return lines.dataset(sha256);
}

/** How many bytes {@linkcode loadChatDataset} decodes at a time, at least: whole lines. */
const TEXT_PIECE = 8 << 20;

/**
 * The text of `bytes[start, end)`, whole lines; refused when it is longer than a string can be
 * (one line of over 2^29 − 24 bytes).
 */
function lineText(bytes: Uint8Array, start: number, end: number): string {
  // Deno's decoder refuses more bytes than that (a TypeError), whatever characters they hold.
  if (end - start <= MAX_TEXT_BYTES) return lenientText(bytes.subarray(start, end));
  let line = 1;
  for (let i = 0; i < start; i++) if (bytes[i] === 0x0a) line++;
  throw new DatasetError(
    `line ${line} is ${end - start} bytes, longer than the most characters a string holds ` +
      "(2^29 - 24)",
  );
}

/**
 * The lines of a dataset's text, read as the text comes, in pieces: every piece but the last ends
 * with a newline. A line ends at a newline or at the end of the text; a text of one newline holds
 * no line.
 */
class ChatLines {
  readonly #items: DatasetItem[] = [];
  readonly #refusals: DatasetError[] = [];
  #refused = 0;
  // An id's text → the first line with it, and the id as that line writes it.
  readonly #lineOf = new Map<string, readonly [number, ItemId]>();
  #eligibleCount = 0;
  #line = 0;
  /** How much text has come, up to 2. */
  #length = 0;
  /** Whether the first line is empty. */
  #emptyFirst = false;

  /** Reads the lines of the next piece of the text. */
  text(piece: string): void {
    if (this.#length < 2) this.#length += Math.min(piece.length, 2);
    for (let start = 0; start < piece.length;) {
      let stop = piece.indexOf("\n", start);
      if (stop < 0) stop = piece.length;
      const line = piece.slice(start, stop);
      this.#read(line, readChatLine(line));
      start = stop + 1;
    }
  }

  /** The dataset, once the whole text has come; or the refusal of its lines. */
  dataset(sha256: string): Dataset {
    if (this.#length === 1 && this.#emptyFirst) throw new DatasetError("the file holds no line");
    if (this.#refused > 0) {
      const more = this.#refused - this.#refusals.length;
      const lines = this.#refusals.slice(1).map((e) => e.message);
      if (more > 0) lines.push(`dataset refused: ${more} more ${more === 1 ? "line" : "lines"}`);
      const first = this.#refusals[0]!;
      throw new DatasetError(first.reason, first.row, lines);
    }
    if (this.#items.length === 0) throw new DatasetError("the file holds no line");
    return { sha256, items: this.#items, eligibleCount: this.#eligibleCount };
  }

  /** Takes a line read: an item, or a refusal. */
  #read(lineText: string, read: ChatLine | ChatLineRefusal): void {
    const line = ++this.#line;
    if (line === 1 && lineText === "") this.#emptyFirst = true;
    let reason: string | undefined;
    if ("reason" in read) {
      reason = read.reason;
    } else {
      const key = itemIdText(read.id);
      const earlier = this.#lineOf.get(key);
      if (earlier === undefined) {
        this.#lineOf.set(key, [line, read.id]);
      } else if (earlier[1] === read.id) {
        reason = `the id ${itemIdShown(read.id)} is also line ${earlier[0]}'s`;
      } else {
        // 7 and "7" are one id (the split hashes and writes an id as its text): say which.
        reason = `the id ${itemIdShown(read.id)} is the id ${itemIdShown(earlier[1])} of line ${
          earlier[0]
        }: ids are compared as text, so ${itemIdShown(earlier[1])} and ${
          itemIdShown(read.id)
        } are one id`;
      }
    }
    if (reason !== undefined) {
      if (this.#refusals.length < REFUSED_LINES_SHOWN) {
        const place = { index: line - 1, line };
        const id = "id" in read ? read.id : undefined;
        this.#refusals.push(new DatasetError(reason, id === undefined ? place : { ...place, id }));
      }
      this.#refused++;
      return;
    }
    if (this.#refused > 0) return;
    const item = new ChatItem(read as ChatLine, lineText, line - 1);
    this.#items.push(item);
    if (item.ineligible === undefined) this.#eligibleCount++;
  }
}

/** Builds what a chat item sends and scores from its tools' JSON text. */
function toolSpecs(toolsText: string): ToolSpec[] {
  if (toolsText === "") return [];
  return (parseJson(toolsText) as readonly JsonValue[]).map((tool) => {
    const fn = (tool as JsonObject).get("function") as JsonObject;
    const parameters = fn.get("parameters");
    const schema: JsonObject = parameters !== undefined && isJsonObject(parameters)
      ? parameters
      : new Map<string, JsonValue>([["type", "object"], ["properties", new Map()]]);
    const properties = schema.get("properties");
    const required = schema.get("required");
    const requiredNames = new Set(Array.isArray(required) ? required : []);
    const optional = properties !== undefined && isJsonObject(properties)
      ? [...properties.keys()].filter((name) => !requiredNames.has(name))
      : [];
    const description = fn.get("description");
    const spec = {
      name: fn.get("name") as string,
      description: typeof description === "string" ? description : "",
      parameters: schema,
    };
    return optional.length === 0 ? spec : { ...spec, optional };
  });
}

/**
 * An item of a chat-jsonl line: it keeps the line's text, checked when the dataset was loaded,
 * and writes its prompt's, tools' and answer's texts on first use (only the held-out items, the
 * candidates for a twin and the training file's items need them), as the xlam dataset's items
 * build their tools and answers.
 */
class ChatItem implements DatasetItem, LazyItem {
  readonly id: ItemId;
  readonly index: number;
  readonly query: string;
  declare readonly ineligible?: string;
  declare readonly cluster?: string;
  readonly #line: string;
  readonly #hasSystem: boolean;
  #texts: ChatTexts | undefined;
  #tools: readonly ToolSpec[] | undefined;
  #answers: readonly AnswerCall[] | undefined;
  #hash: string | undefined;
  readonly [CONTENT_KEY]: number;

  constructor(line: ChatLine, text: string, index: number) {
    this.id = line.id;
    this.index = index;
    this.query = line.query;
    this.#line = text;
    this.#hasSystem = line.hasSystem;
    // Equal prompts and tools have equal keys: items whose keys differ cannot be twins.
    this[CONTENT_KEY] = line.key;
    if (line.ineligible !== undefined) this.ineligible = line.ineligible;
    if (line.cluster !== undefined) this.cluster = line.cluster;
  }

  /** The line's texts, kept once written when `keep`. */
  #textsOf(keep: boolean): ChatTexts {
    if (this.#texts !== undefined) return this.#texts;
    const texts = chatLineTexts(this.#line);
    if (keep) this.#texts = texts;
    return texts;
  }

  #chatOf(texts: ChatTexts): ChatPrompt {
    return {
      messages: texts.prompt,
      hasSystem: this.#hasSystem,
      tools: texts.tools,
      answerText: texts.answerText,
    };
  }

  #readAnswers(texts: ChatTexts): readonly AnswerCall[] {
    return readAnswers(parseJson(texts.answer), (reason) => {
      throw new DatasetError(reason, { index: this.index, line: this.index + 1, id: this.id });
    });
  }

  [DETACHED](): Item {
    const texts = this.#textsOf(false);
    return oneUseItem(
      {
        id: this.id,
        index: this.index,
        query: this.query,
        chat: this.#chatOf(texts),
        cluster: this.cluster,
      },
      () => this.#tools ?? toolSpecs(texts.tools),
      () => this.#answers ?? this.#readAnswers(texts),
    );
  }

  [DETACHED_ANSWERS](): readonly AnswerCall[] {
    return this.#answers ?? this.#readAnswers(this.#textsOf(false));
  }

  /** Its line's text and what was read of it (`PackedItems`). */
  [PACKED](): PackedForm {
    const fields = [
      this.query,
      this.#line,
      this.#hasSystem,
      this[CONTENT_KEY],
      this.ineligible ?? null,
      this.cluster ?? null,
    ];
    return { fields, rebuild: ChatItem.rebuild };
  }

  /** The item again, from its line's text and what was read of it. */
  static rebuild: Rebuild = (id, index, [query, line, hasSystem, key, ineligible, cluster]) => {
    const read: ChatLine = {
      id,
      query: query as string,
      hasSystem: hasSystem === true,
      key: key as number,
      ...(typeof ineligible === "string" ? { ineligible } : {}),
      ...(typeof cluster === "string" ? { cluster } : {}),
    };
    return new ChatItem(read, line as string, index);
  };

  /** The item's own prompt and tools, as sent. */
  get chat(): ChatPrompt {
    return this.#chatOf(this.#textsOf(true));
  }

  /** SHA-256 of the prompt's text and the tools' text (`reference/split.md`, step 6). */
  get contentHash(): string {
    if (this.#hash === undefined) {
      const texts = this.#texts ?? chatPromptTexts(this.#line);
      this.#hash = textsHash([texts.prompt, texts.tools]);
    }
    return this.#hash;
  }

  get tools(): readonly ToolSpec[] {
    return this.#tools ??= toolSpecs(this.#textsOf(true).tools);
  }

  get answers(): readonly AnswerCall[] {
    return this.#answers ??= this.#readAnswers(this.#textsOf(true));
  }
}
