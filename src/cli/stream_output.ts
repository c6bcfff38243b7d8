/**
 * Standard output and standard error as an {@linkcode Output}.
 *
 * @module
 */

import type { Output } from "./io.ts";

/** What `streamOutput` writes to: `Deno.stdout`, `Deno.stderr`, or one like them. */
export interface Writer {
  /** Writes some of the bytes; returns how many. */
  write(bytes: Uint8Array): Promise<number>;
  /** Whether it is a terminal. */
  isTerminal(): boolean;
}

/**
 * The stream as an {@linkcode Output} that writes each text whole. When the reader has gone (a
 * broken pipe: `assess report | head`), what is left to print is dropped without a word: the
 * verb's files are written and its exit code stands, as they would had the reader read it all.
 *
 * @param stream The stream.
 * @returns The output.
 *
 * @example
 * ```ts
 * import { streamOutput } from "./stream_output.ts";
 * import assert from "node:assert/strict";
 *
 * const gone = {
 *   isTerminal: () => false,
 *   write: () => Promise.reject(new Deno.errors.BrokenPipe("closed")),
 * };
 * await streamOutput(gone).write("never read\n"); // no error
 * ```
 */
export function streamOutput(stream: Writer): Output {
  const encoder = new TextEncoder();
  let gone = false;
  return {
    isTerminal: stream.isTerminal(),
    async write(text: string) {
      if (gone) return;
      const bytes = encoder.encode(text);
      let done = 0;
      try {
        while (done < bytes.length) done += await stream.write(bytes.subarray(done));
      } catch (error) {
        if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
        gone = true;
      }
    },
  };
}
