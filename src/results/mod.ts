/**
 * The results file `assess run` writes, as a format: its records, one JSON object per line, and
 * the one reader of them, which streams a file of any size line by line and checks every record
 * against `schema/results.schema.json`.
 *
 * @example Count the answers of a results file, reading it as a stream
 * ```ts ignore
 * import { readResults } from "@assess/assess/results";
 *
 * using file = await Deno.open("results.jsonl");
 * let answers = 0;
 * const { header } = await readResults(file.readable, (record) => {
 *   if (record.kind === "result" && record.error === null) answers++;
 * });
 * console.log(`${header.models.baseline}: ${answers} answers`);
 * ```
 *
 * @module
 */

export {
  type BatchInvariance,
  type BodyRecord,
  type DecisionRecord,
  type EndRecord,
  type Exchange,
  type HeaderRecord,
  type ModelsCompared,
  type ProbeCheckRecord,
  type ProbeRecord,
  type RawResponse,
  type RecordedReply,
  type ReplicaRecord,
  type ReplicaRef,
  type RequestError,
  type RequestErrorKind,
  type ResultRecord,
  RESULTS_FORMAT,
  RESULTS_FORMAT_VERSION,
  type ResultsFormatVersion,
  type ResultsRecord,
  type ScorerIdentity,
  type SelftestSummary,
  type SessionRecord,
  type Usage,
} from "./records.ts";
export {
  MAX_LINE_BYTES,
  readHeader,
  readResults,
  type ReadResultsOptions,
  type ResultsRead,
  type ResultsSource,
  type SplitItem,
} from "./read_results.ts";
export { ResultsFileError } from "./results_file_error.ts";
export { latestResults, resultKey, supersedes } from "./latest.ts";
export { type ReadReply, readReply } from "./reply.ts";
export { formatRecord } from "./record_writer.ts";
export { callsFingerprint, replyFingerprint } from "./fingerprint.ts";
export { parseShard, type Shard, shardItems, shardOf, shardText } from "./shard.ts";
export { mergedHeader, mergedLines, orderShards, type ShardFile } from "./shard_set.ts";
