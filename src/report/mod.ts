/**
 * The report of a results file, as `assess report` builds it: each model's accuracy with its
 * Wilson interval, overall and per category of item; each adapter against the baseline on the same
 * items (the exact McNemar test, Holm's adjustment, an exact interval at the level Holm decides it
 * at), read into an outcome with the team's margin and guard, with what could hide a difference;
 * the replicas, the item panels and the trust section; in four formats, and the gate's decision.
 * The report's figures, as data, are its JSON rendering, which `schema/report.schema.json`
 * documents (`schema/sampled-report.schema.json` for several samples per item).
 *
 * @example A report from a results file, as text, and its gate
 * ```ts ignore
 * import { reportFromResults } from "@assess/assess/report";
 *  *
 * const report = await reportFromResults(async () => (await Deno.open("results.jsonl")).readable);
 * console.log(report.render("text"));
 * Deno.exit(report.gate().outcome === "pass" ? 0 : 1);
 * ```
 *
 * @module
 */

export { reportFromResults, type ReportOptions, type ResultsReport } from "./results_report.ts";
export type { Gate } from "./gate.ts";
