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
import type { Output } from "./src/cli/io.ts";
import { runCli } from "./src/cli/main.ts";

export type { Output } from "./src/cli/io.ts";

/**
 * Runs the command line (the Go version's `assess.Run`): the verb and flags in `args`, with the
 * real world, or with its standard output and error replaced. Never throws; returns the exit code
 * (0 success, 64 usage or configuration, 65 data or self-test, 69 server unusable, 70 a bug in
 * assess; `report -gate` and `leak` have their own, see the README).
 *
 * @param args The arguments, without the program's name, such as `Deno.args`.
 * @param io Where the output goes instead of the process's standard output and error.
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
export function run(
  args: readonly string[],
  io: { readonly stdout?: Output; readonly stderr?: Output } = {},
): Promise<number> {
  return runCli(args, { ...denoIo(), ...io });
}

if (import.meta.main) {
  Deno.exit(await run(Deno.args));
}
