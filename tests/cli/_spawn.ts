/**
 * The command line as its own process, for the tests that must not hang when a fix regresses
 * (a FIFO given as a file): the process is given a generous bound and killed past it, so that a
 * hang is a failing test, not a stuck suite. The bound is never the assertion: a test asserts the
 * exit code and the output, and a killed process has neither.
 *
 * @module
 */

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
