/**
 * What the leak check reads from one record of a training file: its turns, each the conversation
 * up to a user message (or to the tool results an assistant answers), with the tool calls the
 * assistant made in answer to it. A record is a chat example (a `messages` array, as
 * `assess split -train` writes it) or a dataset row (a `query`, and `answers`). A held-out item
 * with its own messages is read the same way ({@linkcode heldOutQuery}).
 *
 * @module
 */

import { JsonNumber } from "../json/json_value.ts";
import { parseJson } from "../json/strict_json.ts";
import { stringifyJson } from "../json/stringify.ts";
import type { Item } from "../dataset/item.ts";
import { TrainingFileError } from "./training_file_error.ts";

/** A tool call of a training example. */
export interface ExampleCall {
  /** The tool's name. */
  readonly name: string;
  /**
   * The arguments: read loosely, as the record holds them (JSON text, or the value `JSON.parse`
   * made of an object); read exactly, always JSON text with every number as written.
   */
  readonly arguments: unknown;
}

/**
 * A user message and the calls the assistant answered it with. The text the turn's calls answer
 * ({@linkcode turnText}) is the first `end` of `texts`, one a line: a dataset row's query, or a
 * user message alone (`texts` its own); or, in a chat example read as conversations, the
 * conversation up to and including the turn's user message (or tool results), every user,
 * assistant and tool message's text in order, system and developer messages left out, `texts`
 * shared by the example's turns. So a conversation's turns hold its texts once, not each turn
 * its own copy of all before it (which grows with the square of the turns).
 */
export interface Turn {
  /** The texts of the conversation (or the one text) the turn is read from. */
  readonly texts: readonly string[];
  /** How many of them the turn's text is. */
  readonly end: number;
  /** The calls of the assistant messages after it, up to the next user message, in order. */
  readonly calls: readonly ExampleCall[];
}

/**
 * The text a turn's calls answer: the first `end` of its texts, one a line.
 *
 * @param turn A turn.
 * @returns Its text.
 */
export function turnText(turn: Turn): string {
  return turn.end === 1 ? turn.texts[0]! : turn.texts.slice(0, turn.end).join("\n");
}

/** How a record was parsed: `JSON.parse` (loose), or the strict reader (exact numbers). */
type Mode = "loose" | "exact";

/**
 * What a chat example's turn compares: the user message alone (`message`, for held-out dataset
 * rows), or the conversation up to it (`conversation`, for held-out items with their own messages).
 */
export type TurnText = "message" | "conversation";

function isObject(value: unknown): boolean {
  return value instanceof Map ||
    (typeof value === "object" && value !== null && !Array.isArray(value) &&
      !(value instanceof JsonNumber));
}

function get(value: unknown, key: string): unknown {
  if (value instanceof Map) return value.get(key);
  const record = value as Record<string, unknown>;
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The turns of a record, in order.
 *
 * @param record The record, parsed (`JSON.parse` when loose, `parseJson` when exact).
 * @param line Its line, for refusals.
 * @param mode `loose` keeps arguments as the record holds them; `exact` writes each as JSON text
 *   with its numbers as written (the record must then have been read by the strict reader).
 * @param text What a chat example's turn holds as its text: each user message alone, a turn
 *   each; or the conversation up to it, with a turn also for the tool results an assistant
 *   message answers (`conversation`).
 * @returns The turns; at least one.
 * @throws {TrainingFileError} When the record is not an object, has no user message, or has a
 *   message or call of the wrong shape.
 */
export function turnsOf(
  record: unknown,
  line: number,
  mode: Mode,
  text: TurnText = "message",
): Turn[] {
  const refuse = (reason: string): never => {
    throw new TrainingFileError(line, reason);
  };
  if (!isObject(record)) return refuse("the line is not a JSON object");
  const messages = get(record, "messages");
  if (Array.isArray(messages)) return chatTurns(messages, mode, text, refuse);
  const query = get(record, "query");
  if (typeof query === "string") {
    return [{ texts: [query], end: 1, calls: rowCalls(get(record, "answers"), mode, refuse) }];
  }
  return refuse("there is no user message (no messages array, and no query)");
}

function chatTurns(
  messages: readonly unknown[],
  mode: Mode,
  text: TurnText,
  refuse: (reason: string) => never,
): Turn[] {
  const whole = text === "conversation";
  const turns: { texts: readonly string[]; end: number; calls: ExampleCall[] }[] = [];
  // The conversation's texts so far, system and developer messages left out.
  const texts: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message)) refuse(`messages[${i}] is not a JSON object`);
    const role = get(message, "role");
    if (role === "user") {
      const user = textOf(get(message, "content"));
      if (user === undefined) refuse(`messages[${i}], a user message, has no text content`);
      texts.push(user!);
      turns.push(
        whole ? { texts, end: texts.length, calls: [] } : { texts: [user!], end: 1, calls: [] },
      );
    } else if (role === "tool" && whole) {
      const result = textOf(get(message, "content"));
      if (result !== undefined && result !== "") texts.push(result);
      // The last of the tool results an assistant message answers starts a turn of its own.
      const next = messages[i + 1];
      if (turns.length > 0 && isObject(next) && get(next, "role") === "assistant") {
        turns.push({ texts, end: texts.length, calls: [] });
      }
    } else if (role === "assistant") {
      const calls: ExampleCall[] = [];
      const toolCalls = turns.length > 0 ? get(message, "tool_calls") : undefined;
      if (toolCalls !== undefined && toolCalls !== null) {
        if (!Array.isArray(toolCalls)) refuse(`messages[${i}].tool_calls is not an array`);
        const list = toolCalls as readonly unknown[];
        for (let k = 0; k < list.length; k++) {
          const call = list[k];
          if (!isObject(call)) refuse(`messages[${i}].tool_calls[${k}] is not a JSON object`);
          const fn = get(call, "function");
          calls.push(callOf(
            isObject(fn) ? fn : call,
            `messages[${i}].tool_calls[${k}]`,
            mode,
            refuse,
          ));
        }
      }
      const legacy = get(message, "function_call");
      if (turns.length > 0 && isObject(legacy)) {
        calls.push(callOf(legacy, `messages[${i}].function_call`, mode, refuse));
      }
      const said = [textOf(get(message, "content")) ?? "", ...calls.map(callText)];
      const saidText = said.filter((t) => t !== "").join("\n");
      if (saidText !== "") texts.push(saidText);
      if (turns.length > 0) turns[turns.length - 1]!.calls.push(...calls);
    }
  }
  if (turns.length === 0) refuse("there is no user message");
  return turns;
}

/** A call as the conversation's text holds it: its name, then its arguments as JSON text. */
function callText(call: ExampleCall): string {
  const args = call.arguments;
  return `${call.name} ${typeof args === "string" ? args : JSON.stringify(args)}`;
}

/**
 * The query the leak check compares for a held-out item: a dataset row's query; for an item with
 * its own messages, the text of its prompt's conversation as a training example's turn holds it
 * (every user, assistant and tool message up to its last user message or tool results, in order,
 * system and developer messages left out), so that a training line holding the item's
 * conversation matches it exactly, and one holding another conversation that ends the same way
 * ("Yes, please.") does not.
 *
 * @param item A held-out item.
 * @returns Its query.
 *
 * @example
 * ```ts
 * import { heldOutQuery } from "./_examples.ts";
 * import assert from "node:assert/strict";
 *
 * const chat = {
 *   messages: '{"role":"system","content":"Be brief."},{"role":"user","content":"Refund A0?"},' +
 *     '{"role":"assistant","content":"Go ahead?"},{"role":"user","content":"Yes."}',
 *   hasSystem: true,
 *   tools: "",
 * };
 * const item = { id: "a", index: 0, query: "Yes.", tools: [], answers: [], chat };
 * assert.equal(heldOutQuery(item), "Refund A0?\nGo ahead?\nYes.");
 * assert.equal(heldOutQuery({ id: 7, index: 1, query: "Yes.", tools: [], answers: [] }), "Yes.");
 * ```
 */
export function heldOutQuery(item: Item): string {
  if (item.chat === undefined) return item.query;
  // The answer stands for itself: an assistant message after the prompt.
  const messages = JSON.parse(`[${item.chat.messages},{"role":"assistant"}]`) as unknown[];
  const turns = chatTurns(messages, "loose", "conversation", (reason) => {
    throw new Error(`a held-out item's prompt is not read: ${reason}`);
  });
  return turnText(turns[turns.length - 1]!);
}

/** A message's text: a string, or the `text` of its content parts joined by newlines. */
function textOf(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    const text = isObject(part) ? get(part, "text") : undefined;
    if (typeof text === "string") texts.push(text);
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function rowCalls(answers: unknown, mode: Mode, refuse: (reason: string) => never): ExampleCall[] {
  if (answers === undefined || answers === null) return [];
  let list = answers;
  if (typeof answers === "string") {
    try {
      list = mode === "exact" ? parseJson(answers) : JSON.parse(answers);
    } catch {
      refuse("answers is a string that holds no JSON");
    }
  }
  if (!Array.isArray(list)) return refuse("answers is not an array of calls");
  return list.map((call, k) => {
    if (!isObject(call)) refuse(`answers[${k}] is not a JSON object`);
    return callOf(call, `answers[${k}]`, mode, refuse);
  });
}

function callOf(
  call: unknown,
  where: string,
  mode: Mode,
  refuse: (reason: string) => never,
): ExampleCall {
  const name = get(call, "name");
  if (typeof name !== "string") refuse(`${where} has no name string`);
  const args = get(call, "arguments");
  if (typeof args !== "string" && !isObject(args)) {
    refuse(`${where} has no arguments (JSON text, or an object)`);
  }
  return {
    name: name as string,
    arguments: mode === "exact" && typeof args !== "string"
      ? stringifyJson(args as ReadonlyMap<string, never>)
      : args,
  };
}
