/**
 * The results files `assess report -in` names, read as one run: one file as it is, or every shard
 * of one run (`run -shard`), checked and merged by `src/results/shard_set.ts`. Loaded only when
 * `report` runs.
 *
 * @module
 */

import type { Io } from "./io.ts";
import { readFailure } from "./file_failure.ts";
import { UsageError } from "./usage_error.ts";
import { readHeader, readResults } from "../results/read_results.ts";
import { ResultsFileError } from "../results/results_file_error.ts";
import { mergedHeader, mergedLines, orderShards } from "../results/shard_set.ts";

/** The results files of a report, read as one: their name for messages, and a way to read them. */
export interface ReportInputs {
  /** The file, or the shards' names joined by `, `. */
  readonly path: string;
  /** Opens the file, or the shards read as one (`mergedLines`), from the start. */
  open(): Promise<ReadableStream<Uint8Array>>;
  /**
   * With shards: the refusal of a line of the shards read as one, said of the shard and its line
   * (the refusal as it is when no shard alone is refused). Absent for one file.
   */
  which?(error: ResultsFileError): Promise<ResultsFileError>;
}

/**
 * The files `report -in` names, checked to be one results file or every shard of one run, each
 * once (`orderShards`), and read as one.
 *
 * @param paths The files, patterns expanded.
 * @param io The shell.
 * @param named Reads a file's header, its errors naming the file.
 * @returns The name and the opener.
 * @throws {UsageError} When a file cannot be opened, or the files are not one run's (exit 64).
 */
export async function reportInputs(
  paths: readonly string[],
  io: Io,
  named: <T>(path: string, read: Promise<T>) => Promise<T>,
): Promise<ReportInputs> {
  const openOne = async (path: string) => {
    try {
      return await io.openRead(path);
    } catch (e) {
      throw new UsageError(`assess report: cannot read ${path}: ${readFailure(e, path)}`);
    }
  };
  const headers = [];
  for (const path of paths) {
    headers.push({ name: path, header: await named(path, readHeader(await openOne(path))) });
  }
  let shards;
  try {
    shards = orderShards(headers);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new UsageError(`assess report: ${e.message}`);
  }
  const path = shards.map((s) => s.name).join(", ");
  if (shards.length === 1 && shards[0]!.header.shard === undefined) {
    return { path, open: () => openOne(path) };
  }
  const merged = mergedHeader(shards);
  return {
    path,
    async open() {
      const sources = [];
      for (const shard of shards) sources.push(await openOne(shard.name));
      return ReadableStream.from(mergedLines(merged, sources));
    },
    async which(error) {
      // A line of the shards read as one is refused: the shard that holds it, read alone, says
      // which of its lines.
      for (const shard of shards) {
        try {
          await readResults(await openOne(shard.name), undefined, { responses: false });
        } catch (e) {
          if (e instanceof ResultsFileError) {
            return new ResultsFileError(`${shard.name}: ${e.message}`, e.line, e.empty);
          }
          throw e;
        }
      }
      return error;
    },
  };
}
