/**
 * assess tells an ML team, with evidence they can trust, whether a LoRA adapter calls tools better
 * than its base model.
 *
 * This module is the library's core: the strict JSON reader (numbers keep their text), the
 * configuration's validation, the dataset and its held-out split, the items, and the scorer
 * interface with its registry and self-test. The other entry points:
 *
 * - `@assess/assess/results`: the results file `assess run` writes, its records and its reader;
 * - `@assess/assess/report`: the report, its statistics and its renderers;
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
  isJsonObject,
  type JsonArray,
  JsonNumber,
  type JsonObject,
  type JsonValue,
} from "./src/json/json_value.ts";
export { JsonSyntaxError, parseJson } from "./src/json/strict_json.ts";
export { jsonEqual } from "./src/json/equal.ts";
export { stringifyJson } from "./src/json/stringify.ts";
export type {
  AdapterConfig,
  BatchInvariance,
  Config,
  DatasetConfig,
  DatasetKind,
  DecisionConfig,
  GuardCategory,
  ModelsConfig,
  SamplingConfig,
  ScorerConfig,
  ServerConfig,
  ServingConfig,
  SplitConfig,
  ThinkingConfig,
} from "./src/config/config.ts";
export { ConfigError, type ConfigIssue, issueLine } from "./src/config/config_issue.ts";
export {
  parseConfig,
  type ScorerInfo,
  validateConfig,
  type ValidateOptions,
  type ValidateResult,
} from "./src/config/validate.ts";
export type { AnswerCall, ChatPrompt, Item, ToolSpec } from "./src/dataset/item.ts";
export {
  compareItemIds,
  type ItemId,
  itemIdShown,
  itemIdText,
  sortedItemIds,
} from "./src/dataset/item_id.ts";
export { loadChatDataset, REFUSED_LINES_SHOWN } from "./src/dataset/chat_jsonl.ts";
export { ANSWER_CATEGORIES, type AnswerCategory, answerCategory } from "./src/dataset/category.ts";
export { itemCluster } from "./src/dataset/cluster.ts";
export { DatasetError, type RowPlace } from "./src/dataset/dataset_error.ts";
export {
  type Dataset,
  type DatasetItem,
  loadDataset,
  type LoadOptions,
} from "./src/dataset/dataset.ts";
export { sha256Hex } from "./src/dataset/sha256.ts";
export {
  buildRequestBody,
  type PromptText,
  promptText,
  type RequestSettings,
  requestSettings,
} from "./src/request/request.ts";
export {
  assistantText,
  type TrainingCounts,
  type TrainingFile,
  trainingFile,
  type TrainingFormat,
  trainingLine,
  trainingLines,
  type TrainingOptions,
  type TrainingParts,
  trainingParts,
} from "./src/request/training.ts";
export {
  type ChatRequestText,
  ChatTemplate,
  type ChatTemplateOptions,
  type PromptCompletion,
} from "./src/request/chat_template.ts";
export { ChatTemplateError } from "./src/request/chat_template_error.ts";
export {
  type HeldOutEntry,
  heldOutItems,
  type IneligibleEntry,
  type Split,
  type SplitConfirm,
  splitFileText,
  type SplitOptions,
  SplitSizeError,
  takeSplit,
} from "./src/split/split.ts";
export { confirmationIds, confirmKey, SplitConfirmError } from "./src/split/confirm.ts";
export type {
  Ordering,
  Reply,
  ReplyCall,
  ScoreOptions,
  Scorer,
  Verdict,
} from "./src/score/scorer.ts";
export { lookupScorer, register, scorerNames } from "./src/score/registry.ts";
export {
  LENIENT_RULES,
  type LenientRule,
  type LenientVerdict,
  type RuleMatch,
} from "./src/score/lenient.ts";
export { stringForm, stringFormEqual } from "./src/score/string_form.ts";
export {
  lenientScore,
  XLAM_TOOL_CALL_REASONS,
  xlamToolCall,
  xlamToolCallLenient,
  type XlamToolCallReason,
} from "./src/score/xlam_tool_call.ts";
export {
  TOOL_CALL_PARSERS,
  type ToolCallParserMarks,
  toolCallParserMarks,
  unparsedCallSign,
} from "./src/score/tool_call_parsers.ts";
export {
  EMPTY_REPLY,
  selftest,
  type SelftestCheck,
  type SelftestFailure,
  type SelftestFault,
  type SelftestResult,
} from "./src/score/selftest.ts";
