/**
 * The refusal of an output that is one of the verb's inputs, or another of its outputs: `split
 * -out data.json`, `report -in r.jsonl -out ./r.jsonl`, `-out ./y.json -train /abs/y.json`. Files
 * are compared by what they are, not by how they are spelled: the device and inode of a file that
 * is there (a hard link or a symbolic link to the dataset is the dataset), else the real path of
 * its folder and its name. Every verb that writes a file asks here, before it writes anything.
 *
 * @module
 */

import { posix } from "node:path";
import type { FileIdentity, Io } from "./io.ts";
import { UsageError } from "./usage_error.ts";

/** A file a verb reads or writes, and how its messages name it. */
export interface NamedFile {
  /** How a message names it: a flag (`-out`) or a role (`the dataset`). */
  readonly name: string;
  /** The path, as given. */
  readonly path: string;
  /** Whether the verb writes it. */
  readonly output: boolean;
}

/**
 * Whether two identities are one file: by device and inode when both have them, else by path.
 *
 * @param a One identity.
 * @param b The other.
 * @returns True when they name the same file.
 *
 * @example
 * ```ts
 * import { sameFile } from "./same_file.ts";
 * import assert from "node:assert/strict";
 *
 * assert(sameFile({ path: "/d/y.json" }, { path: "/d/y.json" }));
 * assert(!sameFile({ inode: { dev: 1, ino: 2 }, path: "/d/y" }, { inode: { dev: 1, ino: 3 }, path: "/d/y" }));
 * ```
 */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  if (a.inode !== undefined && b.inode !== undefined) {
    return a.inode.dev === b.inode.dev && a.inode.ino === b.inode.ino;
  }
  return a.path === b.path;
}

/**
 * The first output that is the same file as an input, or as an output named before it, with
 * that file: outputs in the order given, each checked against every input, then the outputs
 * before it. The pure part of {@linkcode refuseSameFile}.
 *
 * @param files The verb's files.
 * @param identities Their identities, in the same order.
 * @returns The output and the file it collides with, or `null` when none does.
 * @throws {RangeError} When the two lists are not of one length.
 *
 * @example
 * ```ts
 * import { sameFileClash } from "./same_file.ts";
 * import assert from "node:assert/strict";
 *
 * const files = [
 *   { name: "-in", path: "r.jsonl", output: false },
 *   { name: "-out", path: "./r.jsonl", output: true },
 * ];
 * const clash = sameFileClash(files, [{ path: "/w/r.jsonl" }, { path: "/w/r.jsonl" }]);
 * assert.deepEqual(clash, { output: files[1], other: files[0] });
 * ```
 */
export function sameFileClash(
  files: readonly NamedFile[],
  identities: readonly FileIdentity[],
): { readonly output: NamedFile; readonly other: NamedFile } | null {
  if (files.length !== identities.length) {
    throw new RangeError(`${files.length} files and ${identities.length} identities`);
  }
  const order = files.map((file, i) => ({ file, id: identities[i]! }));
  const inputs = order.filter((f) => !f.file.output);
  const outputs = order.filter((f) => f.file.output);
  for (const [i, out] of outputs.entries()) {
    for (const other of [...inputs, ...outputs.slice(0, i)]) {
      if (sameFile(out.id, other.id)) return { output: out.file, other: other.file };
    }
  }
  return null;
}

/**
 * The one-line refusal of an output that is the same file as another of the verb's files.
 *
 * @param verb The verb, for the message.
 * @param output The output.
 * @param other The input, or the output before it, that it is.
 * @returns The error (exit 64).
 *
 * @example
 * ```ts
 * import { sameFileError } from "./same_file.ts";
 * import assert from "node:assert/strict";
 *
 * const e = sameFileError(
 *   "split",
 *   { name: "-train", path: "data.json", output: true },
 *   { name: "the dataset", path: "data.json", output: false },
 * );
 * assert.equal(
 *   e.message,
 *   "assess split: -train data.json is the same file as the dataset data.json: an output must " +
 *     "not overwrite an input",
 * );
 * ```
 */
export function sameFileError(verb: string, output: NamedFile, other: NamedFile): UsageError {
  const why = other.output
    ? "two outputs must not be one file"
    : "an output must not overwrite an input";
  return new UsageError(
    `assess ${verb}: ${output.name} ${output.path} is the same file as ${other.name} ` +
      `${other.path}: ${why}`,
  );
}

/**
 * Refuses, before anything is written, an output that is the same file as one of the verb's
 * inputs or as another of its outputs, by file identity ({@linkcode Io.fileIdentity}; an `Io`
 * without it compares the paths as spelled, normalized). Looking a file up never needs more
 * permission than the verb has: what may not be looked at is compared by its path.
 *
 * @param verb The verb, for the message.
 * @param files The files the verb reads and writes (a path given twice is checked as any other).
 * @param io Where identities come from.
 * @throws {UsageError} When an output is the same file as another file (exit 64), naming both.
 *
 * @example
 * ```ts
 * import { refuseSameFile } from "./same_file.ts";
 * import { denoIo } from "./deno_io.ts";
 * import assert from "node:assert/strict";
 *
 * const { fileIdentity: _, ...io } = denoIo(); // paths as spelled: no file is looked at
 * await assert.rejects(
 *   refuseSameFile("report", [
 *     { name: "-in", path: "r.jsonl", output: false },
 *     { name: "-out", path: "./r.jsonl", output: true },
 *   ], io),
 *   /^UsageError: assess report: -out \.\/r\.jsonl is the same file as -in r\.jsonl/,
 * );
 * ```
 */
export async function refuseSameFile(
  verb: string,
  files: readonly NamedFile[],
  io: Io,
): Promise<void> {
  if (!files.some((f) => f.output)) return;
  const identify = io.fileIdentity ?? ((path: string) => Promise.resolve(spelled(path)));
  const identities = await Promise.all(files.map((f) => identify(f.path)));
  const clash = sameFileClash(files, identities);
  if (clash !== null) throw sameFileError(verb, clash.output, clash.other);
}

/** The identity of a path as spelled: normalized (`.`, `..` and doubled `/` taken out). */
function spelled(path: string): FileIdentity {
  const normal = posix.normalize(path);
  return { path: normal.length > 1 ? normal.replace(/\/$/, "") : normal };
}
