/**
 * The one place that turns an item into the body of a chat-completion request. `assess run`, the
 * vLLM emulator's tests and the benchmarks all build their requests here, and the training file
 * of `assess split -train` takes its messages and tools from the same function
 * ({@linkcode promptText}).
 *
 * @module
 */

import type { Config } from "../config/config.ts";
import type { Item, ToolSpec } from "../dataset/item.ts";
import { stringifyJson } from "../json/stringify.ts";

/** What every request of a run shares: the prompt, the sampling and the thinking switch. */
export interface RequestSettings {
  /** The system prompt; `""` sends no system message. */
  readonly system: string;
  /** `sampling.temperature`. */
  readonly temperature: number;
  /** `sampling.topP`. */
  readonly topP: number;
  /** `sampling.seed`, a signed 64-bit whole number, written exactly. */
  readonly seed: bigint;
  /** `sampling.maxTokens`. */
  readonly maxTokens: number;
  /** `thinking.templateKey`, such as `enable_thinking`. */
  readonly templateKey: string;
  /** `thinking.mode === "on"`. */
  readonly thinking: boolean;
}

/**
 * The request settings of a configuration.
 *
 * @param config An accepted configuration.
 * @returns Its prompt, sampling and thinking, as requests send them.
 *
 * @example
 * ```ts
 * import { lookupScorer, validateConfig } from "@assess/assess";
 * import { requestSettings } from "./request.ts";
 * import assert from "node:assert/strict";
 *
 * const config = validateConfig(
 *   await Deno.readTextFile("reference/testdata/whole.yaml"),
 *   { lookupScorer },
 * ).config!;
 * assert.deepEqual(requestSettings(config), {
 *   system: "", temperature: 0, topP: 1, seed: 0n, maxTokens: 512,
 *   templateKey: "enable_thinking", thinking: false,
 * });
 * ```
 */
export function requestSettings(config: Config): RequestSettings {
  return {
    system: config.prompt.system,
    temperature: config.sampling.temperature,
    topP: config.sampling.topP,
    seed: config.sampling.seed,
    maxTokens: config.sampling.maxTokens,
    templateKey: config.thinking.templateKey,
    thinking: config.thinking.mode === "on",
  };
}

function toolText(tool: ToolSpec): string {
  return `{"type":"function","function":{"name":${JSON.stringify(tool.name)},"description":${
    JSON.stringify(tool.description)
  },"parameters":${stringifyJson(tool.parameters)}}}`;
}

/**
 * What the model is shown of an item, as the JSON text a request body and a training line both
 * hold, so that training and evaluation see the same bytes.
 */
export interface PromptText {
  /**
   * The elements of the `messages` array, without its brackets: a system message when the
   * system prompt is not empty, then the query as the user message.
   */
  readonly messages: string;
  /**
   * The `tools` array, each tool as `{"type":"function","function":{name, description,
   * parameters}}`; `""` when the item has none.
   */
  readonly tools: string;
}

/**
 * The messages and tools of an item as compact JSON text: the one place they are written, for
 * the request body ({@linkcode buildRequestBody}) and the training line (`training.ts`) alike.
 * An item with its own messages (`item.chat`, a chat-jsonl line's) sends them and its tools as
 * the line writes them (compact, numbers as written), after a system message of `system` only
 * when they hold no system message of their own. An item with its own `system` (a `system` probe's)
 * is asked with it instead of `system`.
 *
 * @param item The item.
 * @param system The system prompt (`prompt.system`); `""` writes no system message.
 * @returns The messages' and the tools' text.
 *
 * @example
 * ```ts
 * import { promptText } from "./request.ts";
 * import assert from "node:assert/strict";
 *
 * const prompt = promptText(
 *   { id: 1, index: 0, query: "Weather in Paris?", tools: [], answers: [] },
 *   "Be brief.",
 * );
 * assert.equal(
 *   prompt.messages,
 *   '{"role":"system","content":"Be brief."},{"role":"user","content":"Weather in Paris?"}',
 * );
 * assert.equal(prompt.tools, "");
 * ```
 */
export function promptText(item: Item, system: string): PromptText {
  // A system probe's item brings the prompt it is asked with.
  if (item.system !== undefined && item.system !== system) return promptText(item, item.system);
  if (item.chat !== undefined) {
    // The item's own messages and tools, as its line writes them; the system prompt only when the
    // item brings none of its own.
    const own = item.chat;
    const messages = system === "" || own.hasSystem
      ? own.messages
      : `{"role":"system","content":${JSON.stringify(system)}},${own.messages}`;
    return { messages, tools: own.tools };
  }
  let messages = "";
  if (system !== "") messages += `{"role":"system","content":${JSON.stringify(system)}},`;
  messages += `{"role":"user","content":${JSON.stringify(item.query)}}`;
  const tools = item.tools.length > 0 ? `[${item.tools.map(toolText).join(",")}]` : "";
  return { messages, tools };
}

/**
 * Writes the body of the chat completion that asks `model` about `item`: compact JSON with, in
 * this order, `model`; `messages` (a system message when `system` is not empty, then the query as
 * the user message); `tools` (each as `{"type":"function","function":{name, description,
 * parameters}}`, left out when the item has none, since vLLM refuses `tools: []`);
 * `temperature`; `top_p`; `seed` (exact, even beyond 2^53); `max_tokens`; and
 * `chat_template_kwargs: {<templateKey>: <thinking>}`, always sent. Nothing else: no
 * `tool_choice` (vLLM makes it `auto` when tools are sent) and no `stream`.
 *
 * @param item The item.
 * @param model The served name of the model asked (baseline or adapter).
 * @param settings The run's request settings.
 * @returns The body's text.
 *
 * @example
 * ```ts
 * import { buildRequestBody } from "./request.ts";
 * import assert from "node:assert/strict";
 *
 * const body = buildRequestBody(
 *   { id: 1, index: 0, query: "Weather in Paris?", tools: [], answers: [] },
 *   "base",
 *   {
 *     system: "", temperature: 0, topP: 1, seed: 9007199254740993n, maxTokens: 512,
 *     templateKey: "enable_thinking", thinking: false,
 *   },
 * );
 * assert.equal(
 *   body,
 *   '{"model":"base","messages":[{"role":"user","content":"Weather in Paris?"}],' +
 *     '"temperature":0,"top_p":1,"seed":9007199254740993,"max_tokens":512,' +
 *     '"chat_template_kwargs":{"enable_thinking":false}}',
 * );
 * ```
 */
export function buildRequestBody(item: Item, model: string, settings: RequestSettings): string {
  const prompt = promptText(item, settings.system);
  let body = `{"model":${JSON.stringify(model)},"messages":[${prompt.messages}]`;
  if (prompt.tools !== "") body += `,"tools":${prompt.tools}`;
  body += `,"temperature":${JSON.stringify(settings.temperature)}`;
  body += `,"top_p":${JSON.stringify(settings.topP)}`;
  body += `,"seed":${settings.seed.toString()}`;
  body += `,"max_tokens":${settings.maxTokens}`;
  body += `,"chat_template_kwargs":{${JSON.stringify(settings.templateKey)}:${settings.thinking}}}`;
  return body;
}
