/**
 * What the tests of `assess report` share, in process and as the real command line: assess run in
 * process, and a results file written from a plan.
 *
 * @module
 */

import { type Plan, resultsFor, times } from "../report/_results.ts";

export { assess, type Ran } from "./_in_process.ts";

/** The baseline's outcomes on 30 items: 20 right, 10 without a call. */
const BASE_OUTCOMES = [...times(20, "match"), ...times(10, "no-call")] as const;

/** A results file's plan: base and tuned on 30 items. */
export const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned"],
  outcomes: {
    base: BASE_OUTCOMES,
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

/**
 * Results files for each of the gate's four exit codes, and the line it prints for each (pairs
 * never asked and errors that could change the decision both exit 3; errors that cannot, 0).
 */
export const GATE_CASES: readonly {
  name: string;
  plan: Plan;
  code: number;
  line: RegExp;
}[] = [
  {
    name: "better: exit 0",
    // 10 items fixed, none broken: p = 0.002.
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: BASE_OUTCOMES, tuned: times(30, "match") },
    },
    code: 0,
    line: /^assess report -gate: pass: tuned better$/m,
  },
  {
    name: "worse: exit 1",
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: times(30, "match"), tuned: BASE_OUTCOMES },
    },
    code: 1,
    line: /^assess report -gate: worse: tuned worse$/m,
  },
  {
    name: "inconclusive: exit 2, with the items that would decide it",
    // 3 fixed, none broken: p = 0.25, no conclusion on 30 items.
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: {
        base: [...times(19, "match"), "no-call", ...times(10, "no-call")],
        tuned: [...times(19, "match"), "no-call", ...times(3, "match"), ...times(7, "no-call")],
      },
    },
    code: 2,
    line:
      /^ {2}tuned: about \d+ paired items would decide it at the observed discordance \(10\.0% of items\), with 80% power; it has 30$/m,
  },
  {
    name: "pairs never asked: exit 3",
    // tuned's last item is never asked (its list is one short).
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: BASE_OUTCOMES, tuned: times(29, "match") },
    },
    code: 3,
    line:
      /^assess report -gate: undecided: the run is not finished: 1 of 60 \(model, item\) pairs were never asked \(resume it\)$/m,
  },
  {
    name: "errors that cannot change the decision: exit 0",
    // 9 fixed, none broken (p = 0.004), and an error where the baseline is wrong: counted against
    // tuned, 9 fixed; in its favour, 10: better every way.
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: BASE_OUTCOMES, tuned: [...times(29, "match"), "error:timeout"] },
    },
    code: 0,
    line: /^assess report -gate: pass: tuned better$/m,
  },
  {
    name: "errors that could change the decision: exit 3",
    // 5 fixed, none broken (p = 0.06): no conclusion; counted in tuned's favour, its 5 errors
    // (where the baseline is wrong) make 10 fixed, better.
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: {
        base: BASE_OUTCOMES,
        tuned: [...times(25, "match"), ...times(5, "error:timeout")],
      },
    },
    code: 3,
    line:
      /^assess report -gate: undecided: the 5 errored items of tuned could change its outcome \(inconclusive counted against it, better in its favour\)$/m,
  },
];
