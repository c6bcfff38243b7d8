/**
 * A comparison's verdict in one sentence: which outcome, the figures the decision read, and why.
 * Built once, into the report value, so that every format says the same. Shared by the report's
 * builder and its renderers (`render/`).
 *
 * @module
 */

import type { AnswerCategory } from "../dataset/category.ts";
import { confidence, count, intervalFigures, percent, plural, pText } from "./numbers.ts";
import { type ComparisonOutcome, comparisonOutcome } from "./stats/comparison_outcome.ts";
import { testLevelOf } from "./stats/decision_interval.ts";
import type { ComparisonReport } from "./report.ts";
import type { DecisionRule } from "./report_input.ts";

/** A margin (a fraction) as a number of points, as written: 0.01 → "1", 0.005 → "0.5". */
function marginPoints(margin: number): string {
  return String(Number((margin * 100).toPrecision(8)));
}

/** A margin (a fraction) in points, as written: 0.01 → "1 point", 0.005 → "0.5 points". */
export function marginText(margin: number): string {
  const points = marginPoints(margin);
  return `${points} point${points === "1" ? "" : "s"}`;
}

/** Categories in words: `no-call items`, `no-call and parallel items`. */
function categoriesText(names: readonly AnswerCategory[]): string {
  const list = names.length <= 1
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list} items`;
}

/** What the verdict reads: the comparison's figures, without its verdict. */
export type VerdictFigures = Omit<
  ComparisonReport,
  "verdict" | "reasons" | "transitions" | "strict" | "lenient" | "scoringSentence"
>;

/**
 * The verdict: `tuned-a is better than base: +4.1 points [2.3, 5.9], p < 0.001 (the 95% interval
 * is above 0)`; an inconclusive one says what makes it so; errored items say what holds every way
 * they could be counted.
 */
export function verdictSentence(c: VerdictFigures, rule: DecisionRule): string {
  const a = c.adapter;
  const b = c.baseline;
  const i = c.interval;
  if (c.difference === null || i === null || c.pAdjusted === null) {
    return `no conclusion between ${a} and ${b}: no item is scored for both` +
      errorsClause(c, rule);
  }
  const marks = [0, -rule.margin];
  const f = intervalFigures(c.difference, i.lower, i.upper, marks);
  const figures = `${f.difference} points [${f.lower}, ${f.upper}], ${
    pText(c.pAdjusted, [testLevelOf(rule.alpha), i.testLevel])
  }`;
  const interval = `the ${confidence(i.level)} interval`;
  const worse = c.guardWorse ?? [];
  const guard = worse.length === 0 ? "" : categoriesText(worse);
  const unchecked = c.guardWorse === null && rule.guard.length > 0
    ? `; the guard (${rule.guard.join(", ")}) is not checked: the items' categories are not known`
    : "";
  const margin = marginText(rule.margin);
  // The errors are said in the verdict when they could change it; the figures list them always.
  const errors = c.errorSensitivity?.couldChange === true ? `; ${errorsWhy(c, rule)}` : "";
  const read = comparisonOutcome(i, rule.margin);
  const side = read === "better"
    ? `${interval} is above 0`
    : read === "worse"
    ? `${interval} is below 0`
    : read === "not-worse"
    ? `${interval} holds 0, and its lower end is above -${marginPoints(rule.margin)}`
    : rule.margin === 0
    ? `${interval} holds 0`
    : `${interval} holds 0 and reaches -${marginPoints(rule.margin)} or below`;

  if (c.outcome === "better") {
    const head = guard === "" ? `${a} is better than ${b}` : guardedHead(c.outcome, a, b, worse);
    return `${head}: ${figures} (${side}${errors})${unchecked}`;
  }
  if (c.outcome === "worse") {
    const head = guard === ""
      ? `${a} is worse than ${b}`
      : `${a} is worse than ${b}, and worse on ${guard}`;
    return `${head}: ${figures} (${side}${errors})${unchecked}`;
  }
  if (c.outcome === "not-worse") {
    const head = guard === ""
      ? `${a} is not worse than ${b} by ${margin} or more`
      : guardedHead(c.outcome, a, b, worse, rule.margin);
    const lower = read === "better"
      ? `${interval} is above 0, so above -${marginPoints(rule.margin)}`
      : side;
    return `${head}: ${figures} (${lower}${errors})${unchecked}`;
  }
  // Inconclusive: the identical replies, the interval, the errors; each that applies is said.
  const why: string[] = [];
  if (c.identical?.suspect === true) {
    why.push(
      `${a}'s replies are identical to ${b}'s on ${percent(c.identical.share)} of the ${
        count(c.items)
      } paired items, so the adapter may not be applied`,
    );
  }
  if (read === "inconclusive") why.push(side);
  const head = guard === ""
    ? `no conclusion between ${a} and ${b}`
    : guardedHead("inconclusive", a, b, worse);
  return `${head}: ${figures} (${why.join("; ")}${why.length === 0 ? errors.slice(2) : errors})` +
    unchecked;
}

/**
 * The head of a verdict whose guarded categories are worse while the comparison is not: `tuned-a
 * is better than base overall, but worse on parallel items`, `tuned-a is not worse than base by 2
 * points or more overall, but worse on …`, `no conclusion between tuned-a and base overall, but
 * tuned-a is worse on …`. For `worse`: `tuned-a is worse than base, and worse on …`.
 *
 * @param outcome The comparison's outcome.
 * @param adapter The adapter.
 * @param baseline The baseline.
 * @param worse The guarded categories that are worse (at least one).
 * @param margin The margin, a fraction (said for `not-worse`). Default 0.
 * @returns The sentence's head.
 */
export function guardedHead(
  outcome: ComparisonOutcome,
  adapter: string,
  baseline: string,
  worse: readonly AnswerCategory[],
  margin = 0,
): string {
  const guard = categoriesText(worse);
  if (outcome === "better") {
    return `${adapter} is better than ${baseline} overall, but worse on ${guard}`;
  }
  if (outcome === "worse") return `${adapter} is worse than ${baseline}, and worse on ${guard}`;
  if (outcome === "not-worse") {
    return `${adapter} is not worse than ${baseline} by ${marginText(margin)} or more overall, ` +
      `but worse on ${guard}`;
  }
  return `no conclusion between ${adapter} and ${baseline} overall, but ${adapter} is worse on ${guard}`;
}

/** An outcome in words, as the verdicts say it: `not-worse` → "not worse". */
export function outcomeWords(outcome: ComparisonOutcome): string {
  return outcome === "not-worse" ? "not worse" : outcome;
}

/**
 * An outcome as what holds or is concluded: {@linkcode outcomeWords}, except `inconclusive` →
 * "no conclusion" (`no conclusion holds every way`, `no conclusion under strict scoring`).
 */
export function conclusionWords(outcome: ComparisonOutcome): string {
  return outcome === "inconclusive" ? "no conclusion" : outcomeWords(outcome);
}

/**
 * What the errors do to a comparison, with both ways counted, and what holds every way: `2 errors
 * counted against tuned: not worse, -0.4 points, p = 0.61; in its favour: better, +1.2 points,
 * p = 0.012: not worse holds every way`.
 */
function errorsWhy(c: VerdictFigures, rule: DecisionRule): string {
  const s = c.errorSensitivity!;
  const level = c.interval?.testLevel ?? testLevelOf(rule.alpha);
  const way = (w: typeof s.against) => {
    const f = intervalFigures(w.difference, w.interval.lower, w.interval.upper, [0, -rule.margin]);
    return `${outcomeWords(w.outcome)}, ${f.difference} points, ${
      pText(w.pValue, [testLevelOf(rule.alpha), level])
    }`;
  };
  const holds = !s.couldChange
    ? "the outcome is the same every way"
    : `${conclusionWords(s.outcome)} holds every way`;
  return `${plural(s.errors, "error")} counted against ${c.adapter}: ${way(s.against)}; ` +
    `in its favour: ${way(s.favour)}: ${holds}`;
}

/**
 * The errors' clause for a comparison with no paired item but errored ones: what they could do.
 */
function errorsClause(c: VerdictFigures, rule: DecisionRule): string {
  return c.errorSensitivity === null ? "" : ` (${errorsWhy(c, rule)})`;
}
