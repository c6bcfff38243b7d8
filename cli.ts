/**
 * The `assess` command line. Run it with `deno run` and the permissions its verb needs (see the
 * README), or import {@linkcode run} to run it from a program that registers its own scorer.
 *
 * @example A program with its own scorer
 * ```ts ignore
 * import { register } from "@assess/assess";
 * import { run } from "@assess/assess/cli";
 *
 * register(myScorer);
 * Deno.exit(await run(Deno.args));
 * ```
 *
 * @module
 */

import { denoIo } from "./src/cli/deno_io.ts";
import type { Io } from "./src/cli/io.ts";
import { runCli } from "./src/cli/main.ts";

export { denoIo } from "./src/cli/deno_io.ts";
export {
  type AppendFile,
  type AppendOptions,
  FileTooLargeError,
  type Io,
  NotRegularFileError,
  type Output,
  type ReadOptions,
  ResultsFileHeldError,
  type StopSignal,
} from "./src/cli/io.ts";
export type { FileIdentity } from "./src/cli/io.ts";
export { runCli } from "./src/cli/main.ts";
export { ExitCode } from "./src/cli/exit_codes.ts";

/**
 * Runs the command line (the Go version's `assess.Run`): the verb and flags in `args`, with the
 * real world, or with the parts of it you pass. Never throws; returns the exit code.
 *
 * @param args The arguments, without the program's name, such as `Deno.args`.
 * @param io Parts of the world to replace, such as `stdout` and `stderr`.
 * @returns The exit code.
 *
 * @example
 * ```ts
 * import { run } from "@assess/assess/cli";
 * import assert from "node:assert/strict";
 *
 * const out: string[] = [];
 * const code = await run(["version"], { stdout: { isTerminal: false, write: async (t) => { out.push(t); } } });
 * assert.equal(code, 0);
 * ```
 */
export function run(args: readonly string[], io: Partial<Io> = {}): Promise<number> {
  return runCli(args, { ...denoIo(), ...io });
}

if (import.meta.main) {
  Deno.exit(await run(Deno.args));
}
