/**
 * What the tests of `assess report` share, in process and as the real command line: assess run in
 * process, and a results file written from a plan.
 *
 * @module
 */

import { type Plan, resultsFor, times } from "../report/_results.ts";

export { assessInProcess as assess, type Ran } from "./_in_process.ts";

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
