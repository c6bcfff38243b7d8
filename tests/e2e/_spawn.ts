/**
 * The command line as its own process. `spawnCli` runs it to its end, for the tests that must not
 * hang when a fix regresses (a FIFO given as a file): the process is given a generous bound and
 * killed past it, so that a hang is a failing test, not a stuck suite. The bound is never the
 * assertion: a test asserts the exit code and the output, and a killed process has neither.
 * `runCommand` gives `assess run` as a command, for the tests that signal or kill it.
 *
 * @module
 */

import { assessRunArgs } from "../support/permissions.ts";

/** The command line's entry point. */
export const CLI: string = new URL("../../cli.ts", import.meta.url).pathname;

/** What a spawned command line did. */
export interface Spawned {
  /** The exit code (never set for a process that was killed: the test then fails). */
  readonly code: number;
  /** Its stdout. */
  readonly out: string;
  /** Its stderr. */
  readonly err: string;
}

/** How long a spawned command may take before it is taken for hung and killed. */
const BOUND_MS = 120_000;

/**
 * Runs `deno run --quiet PERMISSIONS cli.ts ARGS` in `cwd`.
 *
 * @param cwd The working directory.
 * @param permissions The `deno run` permission flags.
 * @param args The command line's arguments.
 * @param env Extra environment variables.
 * @returns The exit code and the output.
 * @throws {Error} When the process had to be killed (it hung).
 */
export async function spawnCli(
  cwd: string,
  permissions: readonly string[],
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<Spawned> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...permissions, CLI, ...args],
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
    signal: AbortSignal.timeout(BOUND_MS),
  }).output();
  if (output.signal !== null) {
    throw new Error(`assess ${args.join(" ")} hung: killed after ${BOUND_MS / 1000} s`);
  }
  const decoder = new TextDecoder();
  return {
    code: output.code,
    out: decoder.decode(output.stdout),
    err: decoder.decode(output.stderr),
  };
}

/**
 * `assess run -config CONFIG -out OUT` as a command to spawn, with the README's permissions (each
 * of `hosts` in `--allow-net`), for the tests that signal or kill it. The run's own variables are
 * set here, whatever the tests' environment holds.
 *
 * @param files The config, the dataset and the results file.
 * @param hosts The servers' `host:port`s.
 * @param env Variables to set (`ASSESS_SERVER_URL`, …).
 * @returns The command, stdout and stderr piped.
 */
export function runCommand(
  files: { readonly config: string; readonly dataset: string; readonly out: string },
  hosts: readonly string[],
  env: Record<string, string> = {},
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: assessRunArgs(files, hosts.join(",")),
    stdout: "piped",
    stderr: "piped",
    env: {
      NO_COLOR: "1",
      ASSESS_SERVER_URL: "",
      ASSESS_SERVE_MANIFEST: "",
      VLLM_API_KEY: "",
      ...env,
    },
  });
}
