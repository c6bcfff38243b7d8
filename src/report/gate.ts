/**
 * The gate: a report read as one decision for a pipeline (`assess report -gate`), with the exit
 * code that says it.
 *
 * @module
 */

import type { ComparisonReport, Report } from "./report.ts";
import { confirmationToDecideSentence, toDecideSentence } from "./items_to_decide.ts";
import type { AnswerCategory } from "../dataset/category.ts";
import type { ComparisonOutcome } from "./stats/comparison_outcome.ts";
import { choiceErrorsSentence } from "./sweep.ts";

/** What the gate decided. */
export interface Gate {
  /**
   * The outcome (`assess report -gate` exits with 0, 1, 2 or 3 for them, in this order):
   *
   * - `pass`: every decided comparison is `better` or `not-worse`;
   * - `worse`: a decided comparison is `worse`, or a guarded category of one is;
   * - `inconclusive`: one is `inconclusive`, and none is worse;
   * - `undecided`: the run cannot be decided: pairs of model and item were never asked, the
   *   verdicts' scorer failed its self-test, errored items could change the exit code, or errored
   *   selection items could change the checkpoint a sweep's confirmation is of.
   */
  readonly outcome: "pass" | "worse" | "inconclusive" | "undecided";
  /** The outcome and what it read, in a line (no newline), such as `pass: tuned better`. */
  readonly summary: string;
  /** What more there is to say, a line each: why it is undecided, what would decide it. */
  readonly details: readonly string[];
}

/** What the gate decided (see {@linkcode Gate.outcome}). */
export type GateOutcome = Gate["outcome"];

/**
 * The comparisons the gate reads: the confirmation of a sweep that has one, instead of its
 * checkpoints' comparisons, and every other comparison as the report decided it.
 *
 * @param report The report.
 * @returns The comparisons, in the report's order (the confirmation in its checkpoints' place).
 *
 * @example
 * ```ts
 * import { decidedComparisons } from "./gate.ts";
 * import type { Report } from "./report.ts";
 * import assert from "node:assert/strict";
 *
 * const report = { comparisons: [], sweep: null } as unknown as Report;
 * assert.deepEqual(decidedComparisons(report), []);
 * ```
 */
export function decidedComparisons(report: Report): ComparisonReport[] {
  const confirmation = report.sweep?.confirmation ?? null;
  if (confirmation === null) return [...report.comparisons];
  const checkpoints = new Set(report.sweep!.points.map((p) => p.adapter));
  const out: ComparisonReport[] = [];
  for (const c of report.comparisons) {
    if (!checkpoints.has(c.adapter)) out.push(c);
    else if (!out.includes(confirmation)) out.push(confirmation);
  }
  return out;
}

/**
 * Why a report cannot be decided, a line each (none when it can): the scorer whose verdicts are
 * counted failed its self-test (re-scoring), or the lenient reading decides and failed its own;
 * pairs of model and item were never asked; a sweep's confirmation is read and errored selection
 * items could have chosen another checkpoint (`SweepReport.choiceErrors`); or a comparison read
 * has errored items that could change the exit code: its readings with the errors left out,
 * counted against the adapter and counted in its favour differ (`couldChange`) and do not all
 * pass. They all pass exactly when
 * their agreed outcome (`errorSensitivity.outcome`) is `not-worse` (`better` for all of them is
 * no change), so errors that move a comparison only between `better` and `not-worse` decide
 * nothing here.
 */
function undecidedBecause(
  report: Report,
  read: readonly ComparisonReport[],
  name: (c: ComparisonReport) => string,
): string[] {
  const why: string[] = [];
  const scorer = report.trust.scorer;
  if (!scorer.selftest.passed) {
    why.push(
      `the scorer ${scorer.name} ${scorer.version} failed its self-test ` +
        `(${scorer.selftest.by === "report" ? "run now, for the re-scoring" : "by the run"}), ` +
        `so its verdicts are not to be trusted`,
    );
  }
  if (report.scoring.decides === "lenient" && report.scoring.selftest?.passed === false) {
    why.push("the lenient reading, which decides (-scoring lenient), failed its self-test");
  }
  const c = report.trust.completeness;
  if (c.notAsked > 0) {
    why.push(
      `the run is not finished: ${c.notAsked} of ${c.pairs} (model, item) pairs were never ` +
        `asked (resume it)`,
    );
  }
  // The confirmation decides for the checkpoints only if errors could not have chosen another.
  const choice = report.sweep?.confirmation == null ? null : choiceErrorsSentence(report.sweep);
  if (choice !== null) why.push(choice);
  for (const x of read) {
    const s = x.errorSensitivity;
    if (s !== null && s.couldChange && s.outcome !== "not-worse") {
      why.push(
        `the ${s.errors} errored items of ${name(x)} could change its outcome ` +
          `(${s.against.outcome} counted against it, ${s.favour.outcome} in its favour)`,
      );
    }
  }
  return why;
}

/**
 * Reads a report as one decision ({@linkcode GateOutcome}): `undecided` when the verdicts'
 * scorer failed its self-test, pairs were never asked, a sweep's confirmation is read and errored
 * selection items could have chosen another checkpoint, or a comparison read has errored items
 * that could change the exit code (errors that could only move it between `better` and
 * `not-worse` do not count); then `worse` when a comparison read is `worse` or has a guarded
 * category that is; then `inconclusive` when one is, each with about how many items would decide
 * it (`ComparisonReport.itemsToDecide`); else `pass`.
 *
 * @param report The report.
 * @returns The outcome, its exit code, and a line per comparison read.
 *
 * @example
 * ```ts
 * import { gateReport } from "./gate.ts";
 * import type { Report } from "./report.ts";
 * import assert from "node:assert/strict";
 *
 * const report = {
 *   decision: { margin: 0 }, sweep: null, scoring: { decides: "strict", selftest: null },
 *   trust: { scorer: { selftest: { passed: true } }, completeness: { notAsked: 0 } },
 *   comparisons: [{ adapter: "tuned", baseline: "base", outcome: "better", errorSensitivity: null,
 *     guardWorse: [], verdict: "tuned is better than base" }],
 * } as unknown as Report;
 * assert.equal(gateReport(report).outcome, "pass");
 * ```
 */
export function gateReport(report: Report): Gate {
  const read = decidedComparisons(report);
  const confirmation = report.sweep?.confirmation ?? null;
  // The confirmation is named as such: its figures are not the checkpoint's comparison's.
  const name = (c: ComparisonReport) =>
    c === confirmation ? `${c.adapter} (confirmation)` : c.adapter;
  return gateOutcome(read, undecidedBecause(report, read, name), name, (c) => {
    // The figure the report gives with the comparison, in its words.
    // A confirmation's items are a share of the held-out items: say how many of those.
    const confirmShare = c === confirmation ? report.sweep!.confirmShare : null;
    return `${name(c)}: ${
      confirmShare === null ? toDecideSentence(c) : confirmationToDecideSentence(c, confirmShare)
    }`;
  });
}

/** A comparison as the gate reads it: its outcome and its guarded categories that are worse. */
export interface GatedComparison {
  /** The outcome. */
  readonly outcome: ComparisonOutcome;
  /** The guarded categories whose own outcome is worse, or `null` when not known. */
  readonly guardWorse: readonly AnswerCategory[] | null;
}

/**
 * The gate's decision from the comparisons it reads, for one sample per item and several alike:
 * `undecided` when there is a reason or no comparison; then `worse` when a comparison or one of
 * its guarded categories is; then `inconclusive`, each with its line; else `pass`.
 *
 * @param read The comparisons read.
 * @param undecided Why the report cannot be decided, a line each (none when it can).
 * @param name A comparison's name in the lines.
 * @param toDecide An inconclusive comparison's line: what would decide it.
 * @returns The decision.
 */
export function gateOutcome<C extends GatedComparison>(
  read: readonly C[],
  undecided: readonly string[],
  name: (c: C) => string,
  toDecide: (c: C) => string,
): Gate {
  const details: string[] = [];
  const done = (outcome: GateOutcome, summary: string): Gate => ({ outcome, summary, details });
  if (undecided.length > 0) return done("undecided", `undecided: ${undecided.join("; ")}`);
  if (read.length === 0) return done("undecided", "undecided: there is no comparison to read");
  const worse = read.filter((c) => c.outcome === "worse" || (c.guardWorse?.length ?? 0) > 0);
  const open = read.filter((c) => c.outcome === "inconclusive");
  const outcome: GateOutcome = worse.length > 0
    ? "worse"
    : open.length > 0
    ? "inconclusive"
    : "pass";
  for (const c of worse) {
    if (c.outcome !== "worse") {
      details.push(`${name(c)}: guarded categories worse: ${c.guardWorse!.join(", ")}`);
    }
  }
  if (outcome === "inconclusive") details.push(...open.map(toDecide));
  return done(outcome, `${outcome}: ${read.map((c) => `${name(c)} ${c.outcome}`).join(", ")}`);
}
