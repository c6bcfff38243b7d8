/**
 * The real {@linkcode Io}, backed by Deno.
 *
 * @module
 */

import { denoFetch } from "./deno_fetch.ts";
import { FileTooLargeError, type Io, NotRegularFileError, ResultsFileHeldError } from "./io.ts";
import { denoFileIdentity } from "./deno_file_identity.ts";
import { streamOutput } from "./stream_output.ts";

/** What a path is when it is not a regular file, in words. */
function kindOf(info: Deno.FileInfo): string {
  if (info.isFifo) return "a FIFO";
  if (info.isSocket) return "a socket";
  if (info.isCharDevice) return "a character device";
  if (info.isBlockDevice) return "a block device";
  return "a special file";
}

/**
 * Checks what a path is before it is opened (opening a FIFO for reading blocks until a writer
 * comes, a device may never end): a regular file, or a link to one, passes, with its size; a
 * directory is `IsADirectory`; anything else a {@linkcode NotRegularFileError}.
 */
async function regularFile(path: string): Promise<Deno.FileInfo> {
  const info = await Deno.stat(path);
  if (info.isDirectory) throw new Deno.errors.IsADirectory(`Is a directory: ${path}`);
  if (!info.isFile) throw new NotRegularFileError(path, kindOf(info));
  return info;
}

/** The most one read asks for: small enough that hashing a part overlaps reading the next. */
const PART = 8 << 20;

/**
 * Reads a file whole, or its first `limit` bytes; a file that reports `limit` bytes or more is
 * refused before it is opened. Past that check, the size the file reports is a hint: the buffer
 * is made one byte larger, so that a file that did not change is read with no copy (which makes
 * this about twice as fast as `Deno.readFile` on a 95 MB dataset; see BENCHMARKS.md), and it grows
 * when the file holds more (it grew, or it reports 0 bytes, as /proc's files do). Each part read
 * is handed to `onPart` while the next is being read.
 */
async function readWhole(
  path: string,
  limit: number,
  onPart?: (part: Uint8Array) => void,
): Promise<Uint8Array> {
  const stated = await regularFile(path);
  if (stated.size >= limit) throw new FileTooLargeError(path, stated.size, limit - 1);
  using file = await Deno.open(path);
  const info = await file.stat();
  if (!info.isFile) throw new NotRegularFileError(path, kindOf(info)); // swapped since
  let buffer = new Uint8Array(Math.min(limit, Math.max(info.size + 1, 1 << 16)));
  let filled = 0;
  const readNext = (): Promise<number | null> | null => {
    if (filled === buffer.length) {
      if (filled === limit) return null;
      const bigger = new Uint8Array(Math.min(limit, 2 * buffer.length));
      bigger.set(buffer);
      buffer = bigger;
    }
    return file.read(buffer.subarray(filled, Math.min(buffer.length, filled + PART)));
  };
  let reading = readNext();
  try {
    while (reading !== null) {
      const n = await reading;
      reading = null;
      if (n === null) break;
      const part = buffer.subarray(filled, filled + n);
      filled += n;
      reading = readNext();
      onPart?.(part);
    }
  } finally {
    // Settle a read still running (when onPart threw) before the file is closed.
    await reading?.catch(() => {});
  }
  // The bytes keep their buffer when it is their size and the spare byte (the file did not
  // change); a buffer that grew, a file that shrank, or one under the first buffer's 64 KiB
  // leaves them a copy of their own size (and parts handed on were views on the other buffer).
  return filled + 1 >= buffer.length ? buffer.subarray(0, filled) : buffer.slice(0, filled);
}

/** How much one part of a stream read holds. */
const STREAM_PART = 1 << 20;

/**
 * A file's bytes as a stream, part by part: each part a fresh buffer (the reader may keep it),
 * the next read while the last part is used, the file closed at its end, on an error, or when the
 * reader cancels.
 */
async function openStream(path: string): Promise<ReadableStream<Uint8Array>> {
  await regularFile(path);
  const file = await Deno.open(path);
  try {
    const info = await file.stat();
    if (!info.isFile) throw new NotRegularFileError(path, kindOf(info)); // swapped since
  } catch (error) {
    file.close();
    throw error;
  }
  let open = true;
  const close = () => {
    if (open) file.close();
    open = false;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const buffer = new Uint8Array(STREAM_PART);
        const n = await file.read(buffer);
        if (n === null) {
          close();
          controller.close();
        } else {
          controller.enqueue(buffer.subarray(0, n));
        }
      } catch (error) {
        close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}

/**
 * Takes an exclusive advisory lock on a file, which the system releases when the file is closed or
 * the process ends. Where the file system cannot lock, or on Windows (where a lock is mandatory
 * and would keep `assess report` from reading a run in progress), nothing is locked.
 *
 * @returns False only when another holder has it.
 */
async function holds(file: Deno.FsFile): Promise<boolean> {
  if (Deno.build.os === "windows") return true;
  try {
    return await file.tryLock(true);
  } catch {
    return true;
  }
}

/**
 * The world as Deno gives it: the process's stdout and stderr, the file system, the environment,
 * Deno's `fetch` (on a client of its own that keeps connections alive: `deno_fetch.ts`) and the
 * clock. Nothing is read until a verb asks for it, so each verb needs only its own permissions.
 *
 * @returns An {@linkcode Io} backed by Deno.
 *
 * @example
 * ```ts
 * import { denoIo } from "./deno_io.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(typeof denoIo().now(), "number");
 * ```
 */
export function denoIo(): Io {
  const http = denoFetch();
  return {
    stdout: streamOutput(Deno.stdout),
    stderr: streamOutput(Deno.stderr),
    readFile(path, options) {
      const max = options?.maxBytes;
      if (max !== undefined && !(Number.isSafeInteger(max) && max >= 0)) {
        return Promise.reject(new RangeError(`maxBytes ${max} is not a whole number of bytes`));
      }
      return readWhole(path, max === undefined ? Infinity : max + 1, options?.onPart);
    },
    openRead: openStream,
    readDirNames: (path) => Array.fromAsync(Deno.readDir(path), (entry) => entry.name),
    async writeFileAtomic(path, data) {
      const slash = path.lastIndexOf("/");
      const dir = slash < 0 ? "." : path.slice(0, slash) || "/";
      const base = slash < 0 ? path : path.slice(slash + 1);
      const tmp = `${dir}/.${base}.${crypto.randomUUID()}.tmp`;
      let info: Deno.FileInfo | null = null;
      try {
        info = await Deno.stat(path);
      } catch {
        // Not there (or not to be looked at): the rename says what is wrong, if anything.
      }
      if (info !== null && !info.isFile && !info.isDirectory) {
        throw new NotRegularFileError(path, kindOf(info));
      }
      try {
        if (data instanceof Uint8Array) await Deno.writeFile(tmp, data, { createNew: true });
        else await writeParts(tmp, data);
        await Deno.rename(tmp, path);
      } catch (error) {
        await Deno.remove(tmp).catch(() => {});
        throw error;
      }
    },
    fileIdentity: denoFileIdentity,
    env: (name) => Deno.env.get(name),
    fetch: http.fetch,
    closeConnections: () => http.close(),
    now: () => Date.now(),
    async openAppend(path, { readSize, truncateTo }) {
      const file = await Deno.open(path, { read: true, write: true, create: readSize === null });
      try {
        if (!(await holds(file))) throw new ResultsFileHeldError(path, "another process holds it");
        // Read, then held: what was read must still be all there is (a file that was not there
        // must still be empty).
        if ((await file.stat()).size !== (readSize ?? 0)) {
          throw new ResultsFileHeldError(path, "it changed since it was read");
        }
        await file.truncate(truncateTo);
        await file.seek(0, Deno.SeekMode.End);
      } catch (error) {
        file.close();
        throw error;
      }
      return {
        async write(bytes: Uint8Array) {
          let done = 0;
          while (done < bytes.length) done += await file.write(bytes.subarray(done));
        },
        close: () => Promise.resolve(file.close()),
      };
    },
    onStopSignal(listener) {
      const onInt = () => listener("SIGINT");
      const onTerm = () => listener("SIGTERM");
      Deno.addSignalListener("SIGINT", onInt);
      Deno.addSignalListener("SIGTERM", onTerm);
      return () => {
        Deno.removeSignalListener("SIGINT", onInt);
        Deno.removeSignalListener("SIGTERM", onTerm);
      };
    },
  };
}

/** Writes the parts, in order, to a new file. */
async function writeParts(path: string, parts: Iterable<Uint8Array>): Promise<void> {
  const file = await Deno.open(path, { write: true, createNew: true });
  try {
    for (const part of parts) {
      let done = 0;
      while (done < part.length) done += await file.write(part.subarray(done));
    }
  } finally {
    file.close();
  }
}
