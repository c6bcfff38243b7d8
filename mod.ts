/**
 * assess tells an ML team, with evidence they can trust, whether a LoRA adapter calls tools better
 * than its base model.
 *
 * This module is the library: the strict JSON reader, the configuration, the dataset, the split,
 * the scorers and their registry, the run's results file, and the report with its statistics
 * (`wilsonInterval`, `pairedDifferenceInterval`, `mcnemarExactP`, `holmAdjust`). The command line is
 * `@assess/assess/cli`.
 *
 * @example Read JSON with exact numbers
 * ```ts
 * import { JsonNumber, parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseJson("[1.50]"), [new JsonNumber("1.50")]);
 * ```
 *
 * @module
 */

export {
  isJsonNumberText,
  isJsonObject,
  type JsonArray,
  JsonNumber,
  type JsonObject,
  type JsonValue,
} from "./src/json/json_value.ts";
export {
  decodeUtf8,
  JsonSyntaxError,
  MAX_JSON_DEPTH,
  parseJson,
  parseJsonBytes,
} from "./src/json/strict_json.ts";
export type {
  AdapterConfig,
  BatchInvariance,
  Config,
  DatasetConfig,
  ModelsConfig,
  Ordering,
  SamplingConfig,
  ScorerConfig,
  ServerConfig,
  ServingConfig,
  SplitConfig,
  ThinkingConfig,
} from "./src/config/config.ts";
export {
  compareIssues,
  ConfigError,
  type ConfigIssue,
  issueLine,
  sortIssues,
} from "./src/config/config_issue.ts";
export { oneLine } from "./src/text/one_line.ts";
export {
  MAX_CONFIG_BYTES,
  MAX_SAMPLING_SEED,
  MAX_WHOLE_NUMBER,
  MIN_SAMPLING_SEED,
  parseConfig,
  THINKING_MIN_TOKENS,
  validateConfig,
  type ValidateOptions,
  type ValidateResult,
} from "./src/config/validate.ts";
export type { AnswerCall, Item, ToolSpec } from "./src/dataset/item.ts";
export { DatasetError, type RowPlace } from "./src/dataset/dataset_error.ts";
export {
  contentHash,
  type Dataset,
  type DatasetItem,
  loadDataset,
  type LoadOptions,
} from "./src/dataset/dataset.ts";
export { Sha256AsRead, sha256Hex } from "./src/dataset/sha256.ts";
export {
  defaultAgrees,
  parseTypeWords,
  type TypeWords,
  type TypeWordsDefault,
  TypeWordsError,
} from "./src/dataset/type_words.ts";
export { checkTools, ToolsError, toolsFromJson } from "./src/dataset/tools.ts";
export {
  type HeldOutEntry,
  heldOutItems,
  type IneligibleEntry,
  rankKey,
  type Split,
  splitFileText,
  type SplitOptions,
  SplitSizeError,
  takeSplit,
} from "./src/split/split.ts";
export {
  type Reply,
  type ReplyCall,
  type ScoreOptions,
  scoreOptions,
  type Scorer,
  type Verdict,
} from "./src/score/scorer.ts";
export { lookupScorer, register, scorerNames } from "./src/score/registry.ts";
export { canonicalDecimal, type ExactDecimal, exactDecimal } from "./src/json/decimal.ts";
export { jsonEqual } from "./src/json/equal.ts";
export { stringifyJson } from "./src/json/stringify.ts";
export {
  XLAM_TOOL_CALL_REASONS,
  xlamToolCall,
  type XlamToolCallReason,
} from "./src/score/xlam_tool_call.ts";
export {
  EMPTY_REPLY,
  MAX_FAULT_LINES,
  selftest,
  type SelftestCheck,
  type SelftestFailure,
  type SelftestFault,
  selftestLines,
  type SelftestResult,
} from "./src/score/selftest.ts";
export {
  type BodyRecord,
  type BodyRecordWithoutReplies,
  type EndRecord,
  type Exchange,
  formatRecord,
  type HeaderRecord,
  latestResults,
  type ModelsCompared,
  type ProbeCheckRecord,
  type ProbeRecord,
  type RawResponse,
  readResults,
  type ReadResultsOptions,
  type RecordedReply,
  type RequestError,
  type RequestErrorKind,
  resultKey,
  type ResultRecord,
  RESULTS_FORMAT,
  RESULTS_FORMAT_VERSION,
  type ResultsFile,
  ResultsFileError,
  type ResultsRecord,
  type ScorerIdentity,
  type SelftestSummary,
  type SessionRecord,
  type Usage,
  type WithoutReplies,
} from "./src/run/results.ts";
export { buildRequestBody, type RequestSettings, requestSettings } from "./src/run/request.ts";
export { type ReadReply, readReply } from "./src/run/reply.ts";
export {
  describeStatus,
  exchange,
  type HttpOptions,
  type HttpOutcome,
  isTransientStatus,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
} from "./src/run/http.ts";
export { type RecordSink, RecordWriter } from "./src/run/record_writer.ts";
export { firstDifference } from "./src/run/probe.ts";
export {
  backoffDelay,
  DEFAULT_RETRY,
  type PairState,
  pairStates,
  type RetryPolicy,
  runSession,
  type SessionDeps,
  type SessionEvents,
  type SessionOutcome,
  type SessionPlan,
} from "./src/run/session.ts";
export { RunSetupError, ServerError } from "./src/run/run_errors.ts";
export {
  API_KEY_ENV,
  type ManifestSettings,
  parseManifest,
  resolveServerSettings,
  SERVER_ENV,
  type ServerSettings,
  type SettingSource,
} from "./src/run/server_settings.ts";
export { checkServer, type ServerCheck, type ServerCheckOptions } from "./src/run/server_check.ts";
export { configDigest, headerChanges, type HeaderFacts, makeHeader } from "./src/run/header.ts";
export { type ModelStart, Progress } from "./src/run/progress.ts";
export { type Interval, Z_95 } from "./src/report/interval.ts";
export { wilsonInterval, type WilsonOptions } from "./src/report/wilson.ts";
export { mcnemarExactP } from "./src/report/mcnemar.ts";
export type { PairedTable } from "./src/report/paired_table.ts";
export {
  type PairedDifference,
  pairedDifferenceInterval,
  type PairedDifferenceOptions,
} from "./src/report/paired_difference.ts";
export { holmAdjust } from "./src/report/holm.ts";
export { type Spread, spread } from "./src/report/quantile.ts";
export {
  type ComparisonReport,
  type ModelReport,
  type NamedCount,
  type Outcome,
  type PairedCounts,
  type ProbeDifference,
  type ProbeReport,
  type ReasonChange,
  type Report,
  REPORT_SCHEMA,
  type ReportRun,
  type TokenTotals,
  type Transition,
  type TrustReport,
  type VerdictSource,
} from "./src/report/report.ts";
export type { Observation, ProbeCheck, ReportInput, RunFacts } from "./src/report/report_input.ts";
export { buildReport, VERDICT_ALPHA } from "./src/report/build_report.ts";
export {
  type FromResultsOptions,
  needsRescoring,
  reportInputFromResults,
} from "./src/report/from_results.ts";
export {
  type ScannedProbe,
  type ScannedRecord,
  type ScannedResult,
  type ScannedResults,
  type ScanOptions,
  scanResults,
} from "./src/report/scan_results.ts";
export { renderText } from "./src/report/render_text.ts";
export { renderMarkdown } from "./src/report/render_markdown.ts";
export { renderJson } from "./src/report/render_json.ts";
export { renderHtml } from "./src/report/render_html.ts";
