/**
 * The command line run in this process, its output caught: for the tests of a verb's exit code and
 * output that need no process of their own.
 *
 * @module
 */

import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";

/** What a command line run did. */
export interface Ran {
  /** Its exit code. */
  readonly code: number;
  /** Its stdout. */
  readonly stdout: string;
  /** Its stderr. */
  readonly stderr: string;
}

/**
 * Runs `assess ARGS` in this process, with the real files, network and clock, and the environment
 * given (none by default).
 *
 * @param args The command line's arguments.
 * @param env The environment variables it sees.
 * @returns The exit code and the output.
 */
export async function assess(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const { onStopSignal: _signals, ...real } = denoIo();
  const code = await runCli([...args], {
    ...real,
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    env: (name) => env[name],
  });
  return { code, stdout, stderr };
}
