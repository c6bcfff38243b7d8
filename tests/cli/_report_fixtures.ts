/**
 * What the tests of `assess report` share, in process and as the real command line: assess run in
 * process, and a results file written from a plan.
 *
 * @module
 */

import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { type Plan, resultsFor, times } from "../report/_results.ts";

/** What a command line did. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs assess with ARGS in process, on the real file system, with no environment. */
export async function assess(args: string[]): Promise<Ran> {
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

/** A results file's plan: base and tuned on 30 items. */
export const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned"],
  outcomes: {
    base: [...times(20, "match"), ...times(10, "no-call")],
    tuned: [...times(28, "match"), "arguments", "error:timeout"],
  },
};

/** The results file of a plan, written in a new temporary folder. */
export async function fixtureFile(plan: Plan = PLAN): Promise<{ dir: string; path: string }> {
  const dir = await Deno.makeTempDir({ prefix: "assess_report_" });
  const path = `${dir}/results.jsonl`;
  await Deno.writeFile(path, resultsFor(plan).bytes);
  return { dir, path };
}
