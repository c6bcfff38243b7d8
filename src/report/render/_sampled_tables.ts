/**
 * The tables and sentences of a report of several samples per item, marked up by the format's
 * {@linkcode Markup}; the outline (`_outline.ts`) sets them in order. Private to
 * `src/report/render/`.
 *
 * @module
 */

import { ANSWER_CATEGORIES } from "../../dataset/category.ts";
import { confidence, count, intervalFigures, percent, plural, pText } from "../numbers.ts";
import type { SampledComparison, SampledReport } from "../sampled_report.ts";
import { guardedHead } from "../verdict.ts";
import { detectableText, sampledToDecideSentence } from "../sampled_gate.ts";
import type { Markup } from "./_markup.ts";
import type { Table } from "./_tables.ts";

/** A difference with its interval and the interval's confidence, in points. */
function differenceText(
  difference: number,
  interval: { readonly lower: number; readonly upper: number; readonly level: number },
  margin: number,
): string {
  const f = intervalFigures(difference, interval.lower, interval.upper, [0, -margin]);
  return `${f.difference} [${f.lower}, ${f.upper}] (${confidence(interval.level)})`;
}

/** A share with its interval, as percentages. */
function shareText(value: number | null, interval: { lower: number; upper: number } | null) {
  return value === null || interval === null
    ? "-"
    : `${percent(value)} [${percent(interval.lower)}, ${percent(interval.upper)}]`;
}

/** A variance with four decimals, or "-". */
function variance(value: number | null): string {
  return value === null ? "-" : value.toFixed(4);
}

/** The comparisons at a glance: outcome, difference with interval, p-values, guard. */
export function comparisonsTable(report: SampledReport, m: Markup): Table {
  return {
    headings: [
      "adapter",
      "outcome",
      "difference, points [interval] (confidence)",
      "p",
      "Holm p",
      "items",
      "guard worse",
    ],
    short: ["adapter", "outcome", "difference [interval]", "p", "Holm p", "items", "guard"],
    numeric: [false, false, false, true, true, true, false],
    rows: report.comparisons.map((c) => [
      m.text(c.adapter),
      c.outcome === "worse" ? m.alarm(c.outcome) : m.strong(m.text(c.outcome)),
      differenceText(c.difference, c.interval, report.decision.margin),
      pText(c.pValue, [c.interval.level]),
      pText(c.pAdjusted),
      count(c.items),
      c.guardWorse === null ? "not known" : c.guardWorse.map((g) => m.code(g)).join(", ") || "none",
    ]),
  };
}

/**
 * For each inconclusive comparison whose variance's parts are known, how many items would decide
 * it, as the gate says it.
 */
export function toDecideItems(report: SampledReport, m: Markup): string[] {
  return report.comparisons
    .filter((c) => c.outcome === "inconclusive" && c.minimumDetectableDifference !== null)
    .map((c) =>
      `${m.text(c.adapter)} (inconclusive): ${sampledToDecideSentence(c, report.samples)}`
    );
}

/**
 * For each comparison not `worse` whose guarded categories are, the sentence the one-sample
 * verdict says (`no conclusion between tuned-b and base overall, but tuned-b is worse on parallel
 * items`), so that its row and the gate's `worse` agree in the report.
 */
export function guardSentences(report: SampledReport, m: Markup): string[] {
  return report.comparisons.flatMap((c): string[] =>
    c.outcome === "worse" || c.guardWorse === null || c.guardWorse.length === 0 ? [] : [
      m.text(
        guardedHead(c.outcome, c.adapter, c.baseline, c.guardWorse, report.decision.margin),
      ) + ": -gate calls it worse.",
    ]
  );
}

/** What each comparison detects, and what twice the samples or the items would. */
export function planningTable(report: SampledReport, m: Markup): Table {
  return {
    headings: [
      "adapter",
      "detectable, points (power 0.8)",
      `with ${report.samples * 2} samples`,
      "with twice the items",
      "between-item variance",
      "within-item variance",
    ],
    short: [
      "adapter",
      "detectable",
      `${report.samples * 2} samples`,
      "2x items",
      "between",
      "within",
    ],
    numeric: [false, true, true, true, true, true],
    rows: report.comparisons.map((c) => {
      const d = c.minimumDetectableDifference;
      return d === null ? [m.text(c.adapter), "-", "-", "-", "-", "-"] : [
        m.text(c.adapter),
        detectableText(d.difference),
        detectableText(d.withTwiceTheSamples),
        detectableText(d.withTwiceTheItems),
        variance(d.betweenVariance),
        variance(d.withinVariance),
      ];
    }),
  };
}

/** What the planning figures assume: a difference on a few items changed completely. */
export const PLANNING_CAVEAT: string =
  "The detectable differences are for a difference that rests on a few items, each " +
  "changed completely (from always wrong to always right), the hardest case for the betting " +
  "interval; one spread over more items is found more often.";

/** Each model's accuracy over items, its interval, counts and the variance's parts. */
export function modelsTable(report: SampledReport, m: Markup): Table {
  return {
    headings: [
      "model",
      "role",
      "items",
      "answers",
      "errors",
      "not asked",
      "accuracy [95% interval]",
      "within-item variance",
      "between-item variance",
    ],
    short: [
      "model",
      "role",
      "items",
      "answers",
      "errors",
      "not asked",
      "accuracy",
      "within",
      "between",
    ],
    numeric: [false, false, true, true, true, true, false, true, true],
    rows: report.models.map((x) => [
      m.text(x.name),
      x.role,
      count(x.items),
      count(x.answers),
      count(x.errors),
      count(x.notAsked),
      shareText(x.accuracy, x.interval),
      variance(x.withinVariance),
      variance(x.betweenVariance),
    ]),
  };
}

/** pass@k and pass^k of each model, a row per k. */
export function passKTable(report: SampledReport, m: Markup): Table {
  return {
    headings: ["model", "k", "items", "pass@k [95% interval]", "pass^k [95% interval]"],
    numeric: [false, true, true, false, false],
    rows: report.models.flatMap((x) =>
      x.passK.map((p) => [
        m.text(x.name),
        String(p.k),
        count(p.items),
        shareText(p.passAt, p.passAtInterval),
        shareText(p.passAll, p.passAllInterval),
      ])
    ),
  };
}

/** Each model's accuracy per category, or `null` when the categories are not known. */
function categoriesTable(report: SampledReport, m: Markup): Table | null {
  if (report.categoriesFrom === null) return null;
  return {
    headings: ["model", ...ANSWER_CATEGORIES.map((c) => m.code(c))],
    short: ["model", ...ANSWER_CATEGORIES],
    numeric: [false, ...ANSWER_CATEGORIES.map(() => false)],
    rows: report.models.map((x) => [
      m.text(x.name),
      ...x.categories!.map((c) =>
        c.items === 0 ? "-" : `${shareText(c.accuracy, c.interval)} (${count(c.items)})`
      ),
    ]),
  };
}

/** A comparison on each category. */
function comparisonCategoriesTable(c: SampledComparison, margin: number, m: Markup): Table {
  return {
    headings: [
      "category",
      "items",
      "difference, points [interval] (confidence)",
      "p",
      "Holm p",
      "outcome",
    ],
    short: ["category", "items", "difference [interval]", "p", "Holm p", "outcome"],
    numeric: [false, true, false, true, true, false],
    rows: c.categories!.map((x) => [
      m.code(x.name),
      count(x.items),
      x.difference === null ? "-" : differenceText(x.difference, x.interval!, margin),
      x.pValue === null ? "-" : pText(x.pValue, [x.interval!.level]),
      x.pAdjusted === null ? "-" : pText(x.pAdjusted),
      x.outcome === "worse" ? m.alarm(x.outcome) : m.text(x.outcome),
    ]),
  };
}

/** What the incomplete run's notice says: the samples never asked and those that ended in an error. */
export function sampledIncomplete(report: SampledReport): string {
  const notAsked = report.models.reduce((s, x) => s + x.notAsked, 0);
  const errors = report.models.reduce((s, x) => s + x.errors, 0);
  return `${plural(notAsked, "sample")} never asked and ${plural(errors, "sample")} ended ` +
    "in an error: the figures are over the answers recorded (resume the run to complete it)";
}

/** What the errored samples could do, a sentence per comparison that has some. */
export function errorSentences(report: SampledReport, m: Markup): string[] {
  return report.comparisons.flatMap((c) => {
    const s = c.errorSensitivity;
    if (s === null) return [];
    const way = (w: typeof s.against) =>
      `${w.outcome} (${
        differenceText(
          w.difference,
          { ...w.interval, level: c.interval.level },
          report.decision.margin,
        )
      })`;
    return [
      `${m.text(c.adapter)}: ${plural(s.errors, "errored sample")}; counted against it ` +
      `${way(s.against)}, in its favour ${way(s.favour)}` +
      (s.couldChange ? ": they could change its outcome" : ""),
    ];
  });
}

/**
 * The categories: each model's table, then each comparison's; `null` when they are not known.
 */
export function categoryTables(
  report: SampledReport,
  m: Markup,
): {
  readonly models: Table;
  readonly comparisons: readonly { readonly c: SampledComparison; readonly table: Table }[];
} | null {
  const models = categoriesTable(report, m);
  if (models === null) return null;
  return {
    models,
    comparisons: report.comparisons.map((c) => ({
      c,
      table: comparisonCategoriesTable(c, report.decision.margin, m),
    })),
  };
}

/** Who judged, on what. */
export function trustItems(report: SampledReport, m: Markup): string[] {
  const s = report.scorer;
  const h = report.header;
  const lenient = report.scoring.lenient;
  return [
    `scorer: ${m.code(`${s.name} ${s.version}`)}, verdicts ${s.verdicts}; self-test ` +
    `${s.selftest.passed ? "passed" : m.alarm("failed")} on ${plural(s.selftest.items, "item")} ` +
    `(by the ${s.selftest.by})`,
    lenient.made
      ? `lenient reading: made; self-test ${lenient.selftest.passed ? "passed" : m.alarm("failed")}`
      : `lenient reading: ${m.text(lenient.why)}`,
    `config digest: ${m.code(h.configDigest)}`,
    `split digest: ${m.code(h.split.digest)}`,
    `dataset sha256: ${m.code(h.dataset.sha256)}`,
  ];
}
