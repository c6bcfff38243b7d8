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
