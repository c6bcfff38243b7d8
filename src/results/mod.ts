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

export type { BodyRecord, Exchange, HeaderRecord, ResultsRecord } from "./records.ts";
export {
  readResults,
  type ReadResultsOptions,
  type ResultsRead,
  type ResultsSource,
} from "./read_results.ts";
export { ResultsFileError } from "./results_file_error.ts";
export { formatRecord } from "./record_writer.ts";
