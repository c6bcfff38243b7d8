/**
 * `assess report -in`'s values as files: a value with a pattern in its file name
 * (`shards/*.jsonl`) is expanded here, by assess, so that no shell is needed (a Kubernetes or
 * Slurm script may pass it quoted). The matching is picomatch's (`*`, `?`, `[…]`, `{a,b}`; a name
 * starting with `.` is matched only by a pattern that starts with one); only the last part of the
 * path may hold a pattern.
 *
 * @module
 */

import picomatch from "picomatch";
import { readHeader } from "../results/read_results.ts";
import { mergedHeader, mergedLines, orderShards } from "../results/shard_set.ts";
import type { Io } from "./io.ts";
import { readFailure } from "./file_failure.ts";
import { UsageError } from "./usage_error.ts";

const PATTERN = /[*?[\]{}]/;

/**
 * The files the values name, in order: a plain path as given, a pattern as the files of its
 * folder whose names match it, sorted by name (in UTF-16 code unit order). A file named twice is
 * there twice (the merge then refuses it as two files of one shard).
 *
 * @param verb The verb, for messages.
 * @param values The values given.
 * @param io The shell (its `readDirNames`).
 * @returns The paths.
 * @throws {UsageError} When a pattern is in a folder's name, its folder cannot be read, or it
 *   matches no file (exit 64).
 */
export async function inputFiles(
  verb: string,
  values: readonly string[],
  io: Io,
): Promise<string[]> {
  const paths: string[] = [];
  for (const value of values) {
    if (!PATTERN.test(value)) {
      paths.push(value);
      continue;
    }
    const slash = value.lastIndexOf("/");
    const dir = slash < 0 ? "." : value.slice(0, slash) || "/";
    const name = value.slice(slash + 1);
    if (PATTERN.test(slash < 0 ? "" : value.slice(0, slash))) {
      throw new UsageError(
        `assess ${verb}: -in ${JSON.stringify(value)} has a pattern in a folder's name: ` +
          `only the file name may hold one`,
      );
    }
    if (io.readDirNames === undefined) {
      throw new UsageError(
        `assess ${verb}: -in ${JSON.stringify(value)}: patterns are not read here`,
      );
    }
    let names: string[];
    try {
      names = await io.readDirNames(dir);
    } catch (error) {
      throw new UsageError(
        `assess ${verb}: -in ${JSON.stringify(value)}: cannot read ${dir}: ${
          readFailure(error, dir)
        }`,
      );
    }
    const match = picomatch(name);
    const found = names.filter((n) => match(n)).sort();
    if (found.length === 0) {
      throw new UsageError(`assess ${verb}: -in ${JSON.stringify(value)} matches no file`);
    }
    paths.push(...found.map((n) => (slash < 0 ? n : `${value.slice(0, slash)}/${n}`)));
  }
  return paths;
}

/** The results files of a report, read as one: their name for messages, and a way to read them. */
export interface ReportInputs {
  /** The file, or the shards' names joined by `, `. */
  readonly path: string;
  /** Opens the file, or the shards read as one (`mergedLines`), from the start. */
  open(): Promise<ReadableStream<Uint8Array>>;
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
  };
}
