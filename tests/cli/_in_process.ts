/**
 * Runs the command line in this process, with stdout and stderr kept as text and no environment:
 * for the tests of a verb whose work is all in `src/` (no process is spawned).
 *
 * @module
 */

import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";

/** What a verb printed, and its exit code. */
export interface Ran {
  /** The exit code. */
  code: number;
  /** What went to stdout. */
  stdout: string;
  /** What went to stderr. */
  stderr: string;
}

/**
 * `assess ARGS` in this process: the real files and network, its output kept.
 *
 * @param args The arguments, verb first.
 * @returns The exit code and the output.
 */
export async function assessInProcess(args: string[]): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const { onStopSignal: _signals, ...real } = denoIo();
  const code = await runCli(args, {
    ...real,
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    env: () => undefined,
  });
  return { code, stdout, stderr };
}
