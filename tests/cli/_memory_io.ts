/**
 * A world held in memory to run assess in process: files by path, captured outputs, and the
 * error writing a path throws.
 *
 * @module
 */

import type { Io } from "../../src/cli/io.ts";

/** What assess printed. */
export interface Printed {
  stdout: string;
  stderr: string;
}

/**
 * An `Io` over `files`: files are read from the map (streams come in parts of 7 bytes) and
 * written to it (a file written in parts is gathered as the parts come), stdout and stderr are
 * gathered in `out`, and writing a path of `faults` throws its error (once the first part of a
 * file written in parts is taken, as when making them fails). No environment, no network, and
 * the clock at 0.
 */
export function memoryIo(
  files: Map<string, Uint8Array>,
  faults: ReadonlyMap<string, unknown> = new Map(),
): { io: Io; out: Printed } {
  const out = { stdout: "", stderr: "" };
  const missing = (op: string, path: string) =>
    new Deno.errors.NotFound(`No such file or directory (os error 2): ${op} '${path}'`);
  const io: Io = {
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (out.stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (out.stderr += t)) },
    readFile(path) {
      const bytes = files.get(path);
      return bytes === undefined
        ? Promise.reject(missing("readfile", path))
        : Promise.resolve(bytes);
    },
    openRead(path) {
      const bytes = files.get(path);
      if (bytes === undefined) return Promise.reject(missing("open", path));
      let at = 0;
      return Promise.resolve(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (at >= bytes.length) controller.close();
            else controller.enqueue(bytes.slice(at, at += 7));
          },
        }),
      );
    },
    writeFileAtomic(path, data) {
      if (faults.has(path)) {
        if (!(data instanceof Uint8Array)) data[Symbol.iterator]().next();
        return Promise.reject(faults.get(path));
      }
      files.set(path, data instanceof Uint8Array ? data : joined(data));
      return Promise.resolve();
    },
    env: () => undefined,
    fetch: () => Promise.reject(new Error("no network in this test")),
    now: () => 0,
  };
  return { io, out };
}

/** Parts, gathered into one array. */
function joined(parts: Iterable<Uint8Array>): Uint8Array {
  const all = [...parts];
  const bytes = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  all.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
  return bytes;
}
