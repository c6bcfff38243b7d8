/**
 * assess tells an ML team, with evidence they can trust, whether a LoRA adapter calls tools better
 * than its base model.
 *
 * This module is the library's core: the strict JSON reader (numbers keep their text), the
 * configuration's validation, the dataset and its held-out split, the scorer interface with its
 * registry and the built-in scorer, and the leak check of a training file. The other entry points:
 *
 * - `@assess/assess/results`: the results file `assess run` writes, its records, its reader and
 *   its writer;
 * - `@assess/assess/report`: the report of a results file, in its four formats, and its gate;
 * - `@assess/assess/cli`: the command line, to run from a program that registers its own scorer.
 *
 * @example Score a reply with the built-in scorer
 * ```ts
 * import { parseJson, xlamToolCall } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const item = {
 *   id: 7, index: 7, query: "Weather in Paris?", tools: [],
 *   answers: [{ name: "get_weather", arguments: parseJson('{"city": "Paris"}') }],
 * };
 * const reply = {
 *   text: "", calls: [{ name: "get_weather", arguments: '{"city":"Paris"}' }], truncated: false,
 * };
 * assert.equal(xlamToolCall.score(item, reply, { ordering: "any" }).correct, true);
 * ```
 *
 * @module
 */

export {
  type JsonArray,
  JsonNumber,
  type JsonObject,
  type JsonValue,
} from "./src/json/json_value.ts";
export { parseJson } from "./src/json/strict_json.ts";
export type { Config } from "./src/config/config.ts";
export { ConfigError, type ConfigIssue } from "./src/config/config_issue.ts";
export {
  parseConfig,
  validateConfig,
  type ValidateOptions,
  type ValidateResult,
} from "./src/config/validate.ts";
export type { AnswerCall, Item, ItemId, ToolSpec } from "./src/dataset/item.ts";
export { DatasetError } from "./src/dataset/dataset_error.ts";
export {
  type Dataset,
  type DatasetItem,
  loadDataset,
  type LoadOptions,
} from "./src/dataset/dataset.ts";
export { loadChatDataset } from "./src/dataset/chat_jsonl.ts";
export { sha256Hex } from "./src/dataset/sha256.ts";
export {
  heldOutItems,
  type Split,
  splitFileText,
  type SplitOptions,
  SplitSizeError,
  takeSplit,
} from "./src/split/split.ts";
export type {
  Ordering,
  Reply,
  ReplyCall,
  ScoreOptions,
  Scorer,
  Verdict,
} from "./src/score/scorer.ts";
export { lookupScorer, register } from "./src/score/registry.ts";
export { xlamToolCall } from "./src/score/xlam_tool_call.ts";
export { checkLeaks, type LeakOptions, type LeakReport } from "./src/leak/leak.ts";
export { TrainingFileError } from "./src/leak/training_file_error.ts";
