/**
 * The training file of `assess split -train`: the complement as JSON Lines in the OpenAI chat
 * format, each line's messages and tools written by {@linkcode promptText}, the function that
 * writes them into every request `assess run` sends, so that training and evaluation see the
 * same bytes.
 *
 * @module
 */

import { type DatasetItem, detachedItem } from "../dataset/dataset.ts";
import type { AnswerCall, Item } from "../dataset/item.ts";
import { stringifyJson } from "../json/stringify.ts";
import { promptText } from "./request.ts";

function callText(call: AnswerCall): string {
  return `{"type":"function","function":{"name":${JSON.stringify(call.name)},"arguments":${
    JSON.stringify(stringifyJson(call.arguments))
  }}}`;
}

/**
 * One line of the training file (without its newline): compact JSON with, in this order, `id`
 * (the item's id); `messages` (the system message when `system` is not empty, the query as the
 * user message, both exactly as `assess run` sends them, then an assistant message whose
 * `tool_calls` are the answer's calls, each `{"type":"function","function":{name, arguments}}`
 * with the arguments as compact JSON text, numbers written exactly as in the dataset); and
 * `tools` (as `assess run` sends them, left out when the item has none).
 *
 * @param item The item; its answer must have at least one call.
 * @param system The system prompt (`prompt.system`); `""` writes no system message.
 * @returns The line's text.
 * @throws {RangeError} When the item's answer has no call (the dataset gives no assistant text to
 *   train on).
 *
 * @example
 * ```ts
 * import { parseJson, trainingLine } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const line = trainingLine({
 *   id: 7, index: 0, query: "Weather in Paris?", tools: [],
 *   answers: [{ name: "weather", arguments: parseJson('{"city": "Paris", "days": 3.0}') }],
 * }, "");
 * assert.equal(
 *   line,
 *   '{"id":7,"messages":[{"role":"user","content":"Weather in Paris?"},' +
 *     '{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"weather",' +
 *     '"arguments":"{\\"city\\":\\"Paris\\",\\"days\\":3.0}"}}]}]}',
 * );
 * ```
 */
export function trainingLine(item: Item, system: string): string {
  if (item.answers.length === 0) {
    throw new RangeError(`item ${item.id}'s answer has no call: there is no reply to train on`);
  }
  const prompt = promptText(item, system);
  let line = `{"id":${item.id},"messages":[${prompt.messages},` +
    `{"role":"assistant","tool_calls":[${item.answers.map(callText).join(",")}]}]`;
  if (prompt.tools !== "") line += `,"tools":${prompt.tools}`;
  return line + "}";
}

/** A training file, written, and what was left out of it. */
export interface TrainingFile {
  /** The file's bytes: one line a training item, each ending with `"\n"`, UTF-8. */
  readonly bytes: Uint8Array;
  /** How many lines it holds. */
  readonly lines: number;
  /** How many items were left out as ineligible (two tools share a name). */
  readonly ineligible: number;
  /** How many items were left out because their answer has no call. */
  readonly noCall: number;
}

/**
 * Writes the training file of a complement: one {@linkcode trainingLine} per item, in the order
 * given, leaving out the ineligible items (no request could offer two tools of one name) and the
 * items whose answer has no call (the dataset gives no assistant text for them), and counting
 * both. Each item's tools and answers are built for its line only, not kept on the item.
 *
 * @param items The complement's items (`complementItems(dataset, split)`), by id ascending.
 * @param system The system prompt (`prompt.system`).
 * @returns The bytes and the counts.
 *
 * @example
 * ```ts
 * import { loadDataset, sha256Hex, trainingFile } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode(JSON.stringify([
 *   { id: 1, query: "Hi", tools: "[]", answers: "[]" },
 *   { id: 2, query: "Add 1 and 2", tools: "[]", answers: '[{"name": "add", "arguments": {"a": 1, "b": 2}}]' },
 * ]));
 * const file = trainingFile(loadDataset(bytes, sha256Hex(bytes)).items, "");
 * assert.equal(file.lines, 1);
 * assert.equal(file.noCall, 1);
 * assert.match(new TextDecoder().decode(file.bytes), /^\{"id":2,/);
 * ```
 */
export function trainingFile(items: Iterable<DatasetItem>, system: string): TrainingFile {
  const out = new ByteBuilder();
  let lines = 0;
  let ineligible = 0;
  let noCall = 0;
  for (const datasetItem of items) {
    if (datasetItem.ineligible !== undefined) {
      ineligible++;
      continue;
    }
    const item = detachedItem(datasetItem);
    if (item.answers.length === 0) {
      noCall++;
      continue;
    }
    out.append(trainingLine(item, system) + "\n");
    lines++;
  }
  return { bytes: out.bytes(), lines, ineligible, noCall };
}

/** UTF-8 text appended to one buffer that doubles when full. */
class ByteBuilder {
  #buffer = new Uint8Array(1 << 16);
  #length = 0;
  static readonly #encoder = new TextEncoder();

  append(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const room = this.#length + 3 * text.length;
    if (room > this.#buffer.length) {
      const bigger = new Uint8Array(Math.max(room, 2 * this.#buffer.length));
      bigger.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = bigger;
    }
    this.#length += ByteBuilder.#encoder.encodeInto(text, this.#buffer.subarray(this.#length))
      .written;
  }

  bytes(): Uint8Array {
    return this.#buffer.subarray(0, this.#length);
  }
}
