/**
 * The section of the report that puts strict and lenient scoring side by side, built once for
 * every renderer: a table of each model's two accuracies and the items each rule rescued, and a
 * sentence per comparison. Private to `src/report/render/`.
 *
 * @module
 */

import { capital, count, percent, pointDecimals, points } from "../numbers.ts";
import type { ComparisonReport, Report } from "../report.ts";
import type { ReadingOutcome } from "../scoring.ts";
import { conclusionWords } from "../verdict.ts";
import type { Markup } from "./_markup.ts";
import type { Table } from "./_tables.ts";

/** The section's heading. */
export const SCORING_HEADING = "Strict and lenient scoring (the same replies)";

/**
 * Each model's accuracy under both readings and the items each rule rescued, or `null` when the
 * lenient reading was not made.
 */
export function scoringTable(report: Report, m: Markup): Table | null {
  if (!report.scoring.lenient) return null;
  const rules = report.scoring.rules;
  return {
    headings: [
      "model",
      "strict accuracy",
      "lenient accuracy",
      ...rules.map((r) => `rescued by ${m.code(r)}`),
    ],
    short: ["model", "strict", "lenient", ...rules.map((r) => m.code(r))],
    numeric: [false, true, true, ...rules.map(() => true)],
    rows: report.models.map((model) => [
      m.text(model.name),
      percent(model.strict.accuracy),
      percent(model.lenient?.accuracy ?? null),
      ...rules.map((r) => count(model.lenient?.rescued[r] ?? 0)),
    ]),
  };
}

/** An outcome with its difference in points: `better (+4.1 points)`. */
function outcomeText(r: ReadingOutcome, decimals: number): string {
  const word = conclusionWords(r.outcome);
  if (r.difference === null) return word;
  const sign = r.difference > 0 ? "+" : "";
  return `${word} (${sign}${points(r.difference, decimals)} points)`;
}

/** A comparison under both readings, and what a difference between them means. */
function comparisonSentence(c: ComparisonReport, m: Markup): string {
  const l = c.lenient!;
  const decimals = pointDecimals(
    [c.strict.difference, l.difference].filter((d): d is number => d !== null),
  );
  const head = `${m.text(c.adapter)} against ${m.text(c.baseline)}: ${
    outcomeText(c.strict, decimals)
  } under strict scoring, ${outcomeText(l, decimals)} under lenient scoring`;
  return c.scoringSentence === null
    ? `${head}: the same outcome`
    : `${head}: ${m.text(c.scoringSentence)}`;
}

/**
 * The section's sentences: which reading decides, each comparison under both (and what a
 * difference means), the lenient reading's self-test; or why the lenient reading was not made.
 */
export function scoringSentences(report: Report, m: Markup): string[] {
  const s = report.scoring;
  if (!s.lenient) return [m.text(capital(s.note ?? "lenient scoring was not computed"))];
  const out = [
    s.decides === "lenient"
      ? "Lenient scoring decides the figures and outcomes of this report (-scoring lenient); " +
        "strict scoring is beside it."
      : "Strict scoring decides the figures and outcomes of this report; lenient scoring " +
        "(-scoring lenient decides by it) reads the same replies with the rules " +
        `${s.rules.map((r) => m.code(r)).join(" and ")}.`,
    ...report.comparisons.map((c) => comparisonSentence(c, m)),
  ];
  if (s.selftest !== null) {
    out.push(
      s.selftest.passed
        ? `The lenient reading passed its self-test on ${count(s.selftest.items)} items.`
        : `The lenient reading ${m.alarm("failed")} its self-test on the ${
          count(s.selftest.items)
        } items: its figures are not to be trusted.`,
    );
  }
  return out;
}
