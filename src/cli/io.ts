/**
 * What the command line needs from the world, passed in so that every verb can be run and tested
 * without touching the real one. `denoIo()` gives the real one.
 *
 * @module
 */

/** Where a verb writes text. */
export interface Output {
  /** Writes the text as it is (add your own newline). */
  write(text: string): Promise<void>;
  /** Whether this output is a terminal. */
  readonly isTerminal: boolean;
}

/** A file open for appending (the results file of `assess run`). */
export interface AppendFile {
  /** Appends the bytes whole. */
  write(bytes: Uint8Array): Promise<void>;
  /** Closes the file. */
  close(): Promise<void>;
}

/**
 * Why {@linkcode Io.openAppend} would not open the results file: another run holds it, or it
 * changed between its being read and its being opened.
 *
 * @example
 * ```ts
 * import { ResultsFileHeldError } from "./io.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new ResultsFileHeldError("results.jsonl", "another process holds it");
 * assert.equal(error.message, "results.jsonl: another process holds it");
 * ```
 */
export class ResultsFileHeldError extends Error {
  /**
   * Makes the error for a results file that would not be opened.
   *
   * @param path The results file.
   * @param why Which of the two.
   */
  constructor(path: string, why: string) {
    super(`${path}: ${why}`);
    this.name = "ResultsFileHeldError";
  }
}

/**
 * Why {@linkcode Io.readFile} or {@linkcode Io.openRead} would not open a path: it is not a
 * regular file (nor a symbolic link to one), but a FIFO, a socket or a device, which could block
 * forever or never end. Checked before the file is opened (opening a FIFO blocks).
 *
 * @example
 * ```ts
 * import { NotRegularFileError } from "./io.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new NotRegularFileError("in.fifo", "a FIFO");
 * assert.equal(error.message, "in.fifo is a FIFO, not a regular file");
 * ```
 */
export class NotRegularFileError extends Error {
  /** What it is instead, such as `a FIFO`. */
  readonly kind: string;

  /**
   * Makes the error for a path that is not a regular file.
   *
   * @param path The path.
   * @param kind What it is instead, such as `a FIFO`.
   */
  constructor(path: string, kind: string) {
    super(`${path} is ${kind}, not a regular file`);
    this.name = "NotRegularFileError";
    this.kind = kind;
  }
}

/**
 * Why {@linkcode Io.readFile} would not read a file: the size it reports is more than the
 * `maxBytes` asked, so it is refused before a byte of it is read.
 *
 * @example
 * ```ts
 * import { FileTooLargeError } from "./io.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new FileTooLargeError("big.json", 2048, 1024);
 * assert.equal(error.message, "big.json is 2048 bytes, more than the 1024 read");
 * assert.equal(error.size, 2048);
 * ```
 */
export class FileTooLargeError extends Error {
  /** The size the file reports, in bytes. */
  readonly size: number;
  /** The most bytes that were to be read. */
  readonly limit: number;

  /**
   * Makes the error for a file larger than what is read.
   *
   * @param path The file.
   * @param size Its size in bytes.
   * @param limit The most bytes that were to be read.
   */
  constructor(path: string, size: number, limit: number) {
    super(`${path} is ${size} bytes, more than the ${limit} read`);
    this.name = "FileTooLargeError";
    this.size = size;
    this.limit = limit;
  }
}

/** How {@linkcode Io.openAppend} opens the results file. */
export interface AppendOptions {
  /** The file's size when it was read, or `null` when it was not there. */
  readonly readSize: number | null;
  /** The bytes to keep before appending: at most `readSize`. */
  readonly truncateTo: number;
}

/** The signals that ask a verb to stop. */
export type StopSignal = "SIGINT" | "SIGTERM";

/** How {@linkcode Io.readFile} reads. */
export interface ReadOptions {
  /** Read at most this many bytes and one more: a whole number, 0 or more. */
  readonly maxBytes?: number;
  /**
   * Called with each part of the file as it is read, in order: a view on the buffer being filled,
   * whose bytes are never written again (the dataset's hash is taken from the parts, and trusted
   * only when they are views on the buffer returned, covering it exactly).
   */
  readonly onPart?: (part: Uint8Array) => void;
}

/**
 * What a path names, as far as it can be told: an output that is one of a verb's inputs is refused by it.
 *
 * @example
 * ```ts
 * import type { FileIdentity } from "./io.ts";
 * import assert from "node:assert/strict";
 *
 * // A hard link to the dataset: another path, the same device and inode.
 * const data: FileIdentity = { inode: { dev: 1, ino: 7 }, path: "/d/data.json" };
 * const link: FileIdentity = { inode: { dev: 1, ino: 7 }, path: "/d/link.json" };
 * assert.deepEqual(data.inode, link.inode);
 * ```
 */
export interface FileIdentity {
  /** The device and inode, when the file is there, may be looked at, and the platform says. */
  readonly inode?: { readonly dev: number; readonly ino: number };
  /**
   * The path, resolved as far as it may be: the file's real path; for a file not there yet, its
   * folder's real path and its name; where neither may be read, the absolute path as spelled,
   * normalized (`.` and `..` taken out, `/` not doubled).
   */
  readonly path: string;
}

/** The world as the command line sees it. */
export interface Io {
  /** Results and requested output. */
  readonly stdout: Output;
  /** Messages, refusals and progress. */
  readonly stderr: Output;
  /**
   * Reads a whole file. Rejects with `Deno.errors.NotFound` and friends, or any `Error`; with
   * {@linkcode NotRegularFileError} for anything but a regular file (or a link to one), before
   * opening it. With `maxBytes`, rejects with {@linkcode FileTooLargeError} a file whose size is
   * more than that, before reading it, and reads at most `maxBytes + 1` bytes of one that grows
   * meanwhile, so that a caller can refuse it too. With `onPart`, may call it with each part of
   * the file as soon as it is read, in order, while reading the next (the dataset is hashed this
   * way); an `Io` may also never call it.
   */
  readFile(path: string, options?: ReadOptions): Promise<Uint8Array>;
  /**
   * Opens a file for reading as a stream of its bytes, part by part (results files of any size
   * are read this way). Rejects as {@linkcode Io.readFile} does when the file cannot be opened
   * (a path that is not a regular file included); the stream errors when reading it fails.
   */
  openRead(path: string): Promise<ReadableStream<Uint8Array>>;
  /**
   * Writes a file whole and atomically: a temporary file in the same folder, then a rename, so
   * that a reader sees the old file or the new one, never a part. Rejects with
   * {@linkcode NotRegularFileError}, writing nothing, when the path is there and is not a regular
   * file (or a link to one). The data is bytes, or parts written in order as they come (a file
   * of any size is written without being held whole); when reading the parts throws, nothing is
   * written and the error is passed on.
   */
  writeFileAtomic(path: string, data: Uint8Array | Iterable<Uint8Array>): Promise<void>;
  /**
   * What file a path names (device and inode, or resolved path), so that a verb refuses an output
   * that is one of its inputs however it is spelled. Never rejects, and never looks at a path the
   * process may not read (that one is compared by its absolute path). Absent: paths are compared
   * as spelled, normalized.
   */
  fileIdentity?(path: string): Promise<FileIdentity>;
  /**
   * The names of the entries of a folder (files and folders alike), in no set order. Absent: a
   * pattern (`report -in 'shards/*.jsonl'`) cannot be expanded, and is refused as such.
   */
  readDirNames?(path: string): Promise<string[]>;
  /** Reads an environment variable (only the documented ones are ever asked for). */
  env(name: string): string | undefined;
  /** Sends an HTTP request. */
  readonly fetch: typeof fetch;
  /**
   * Ends the connections `fetch` keeps open for reuse; called when a verb is done with the
   * network. Absent: `fetch` keeps none (or ends them itself).
   */
  closeConnections?(): void;
  /** The clock, in milliseconds since the epoch. */
  now(): number;
  /**
   * Opens the results file for appending, and holds it (an exclusive lock, released when it is
   * closed or the process ends) so that no other run appends to it. It is created when `readSize`
   * is `null` (it was not there when read). Rejects with {@linkcode ResultsFileHeldError} when
   * another process holds it or its size is no longer `readSize` (0 for one that was not there).
   * Then it is cut to `truncateTo` bytes (dropping a torn last line). Only `assess run` needs it.
   */
  openAppend?(path: string, options: AppendOptions): Promise<AppendFile>;
  /**
   * Calls `listener` on SIGINT or SIGTERM until the returned function is called. Absent: the
   * verb is never asked to stop.
   */
  onStopSignal?(listener: (signal: StopSignal) => void): () => void;
}
