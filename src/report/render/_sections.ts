/**
 * The report's sentences and its trust section, built once for every renderer through its
 * {@linkcode Markup}: each format lays them out (lines, bullets, table rows) but never words them
 * again. Private to `src/report/render/`.
 *
 * @module
 */

import type { ItemId } from "../../dataset/item_id.ts";
import { printedId } from "./_printable.ts";
import {
  confidence,
  count,
  intervalFigures,
  percent,
  plural,
  pointDecimals,
  points,
  pText,
} from "../numbers.ts";
import type { AnswerCategory } from "../../dataset/category.ts";
import type { ComparisonOutcome } from "../stats/comparison_outcome.ts";
import { testLevelOf } from "../stats/decision_interval.ts";
import type { Markup } from "./_markup.ts";
import { conclusionWords, marginText } from "../verdict.ts";
import { toDecideSentence } from "../items_to_decide.ts";
import { HOMOGENEITY_ALPHA, HOMOGENEITY_MIN_EXPECTED } from "../by_replica.ts";
import { FEW_CLUSTERS, MATERIAL_DESIGN_EFFECT } from "../stats/clustered_difference.ts";
import type {
  ClustersReport,
  ComparisonReport,
  CountedOutcome,
  ModelHomogeneity,
  ProbeReport,
  ReplicaIdentical,
  Report,
} from "../report.ts";

/**
 * What an incomplete run's warning says after its label, such as `2 of 300 (model, item) pairs
 * have no verdict (1 error, 1 never asked); every figure is over the items that have one.`
 */
export function incompleteSentence(report: Report): string {
  const c = report.trust.completeness;
  return `${count(c.missing)} of ${count(c.pairs)} (model, item) pairs have no verdict ` +
    `(${plural(c.errors, "error")}, ${count(c.notAsked)} never asked); every figure is over the ` +
    "items that have one.";
}

/** Who ran it, when, and in how many sessions: `run started … by assess 0.1.0, 1 session`. */
export function runStarted(report: Report, m: Markup): string {
  const run = report.run;
  return `run started ${m.text(run.startedAt)} by assess ${
    m.text(run.assessVersion ?? "unknown")
  }, ` +
    plural(run.sessions, "session");
}

/** How many distinct errors of a model the text, Markdown and HTML formats show. */
export const ERRORS_SHOWN = 5;

/** How many characters of an error's message those formats show before cutting it with `…`. */
export const ERROR_MESSAGE_CHARS = 200;

/** A model's errors as the errors section shows them: a line, and a line per error under it. */
export interface ErrorsEntry {
  /** The model, its errors and their kinds: `tuned-a: 3 errors (http 1, timeout 2)`. */
  readonly head: string;
  /**
   * The most frequent errors (at most {@linkcode ERRORS_SHOWN}), each `http 400 ×100: message`
   * with its message cut at {@linkcode ERROR_MESSAGE_CHARS} characters, then `and 2 more (3
   * errors)` when there are more.
   */
  readonly errors: readonly string[];
}

/** Each model with errors and what they were; none for a model without errors. */
export function errorsLines(report: Report, m: Markup): ErrorsEntry[] {
  return report.models.filter((model) => model.errors > 0).map((model) => {
    const kinds = model.errorKinds.map((k) => `${m.text(k.name)} ${count(k.count)}`).join(", ");
    const shown = model.errorMessages.slice(0, ERRORS_SHOWN);
    const errors = shown.map((e) =>
      `${m.text(e.kind)}${e.status === null ? "" : ` ${e.status}`} ×${count(e.count)}` +
      (e.message === null ? "" : `: ${m.text(cut(e.message, ERROR_MESSAGE_CHARS))}`)
    );
    const rest = model.errorMessages.slice(ERRORS_SHOWN);
    if (rest.length > 0) {
      const left = rest.reduce((sum, e) => sum + e.count, 0);
      errors.push(`and ${count(rest.length)} more (${plural(left, "error")})`);
    }
    return { head: `${m.text(model.name)}: ${plural(model.errors, "error")} (${kinds})`, errors };
  });
}

/** The text cut at `chars` characters (code points, never half a pair), with `…` when cut. */
function cut(text: string, chars: number): string {
  const points = [...text];
  return points.length <= chars ? text : `${points.slice(0, chars).join("")}…`;
}

/**
 * How the verdicts are decided, in a sentence: `decision: margin 1 point, guard no-call (declared
 * when the run started); Holm across 2 adapters at 0.05`.
 */
export function decisionLine(report: Report, m: Markup): string {
  const d = report.decision;
  const from = d.from === "results"
    ? "declared when the run started"
    : d.from === "config"
    ? "from the configuration given"
    : "the default";
  const adapters = report.comparisons.length;
  return `decision: margin ${marginText(d.margin)}, guard ${
    d.guard.length === 0 ? "none" : d.guard.map((g) => m.code(g)).join(", ")
  } (${from}); Holm across ${plural(adapters, "adapter")} at ${d.alpha}`;
}

/** A comparison's decision at a glance: the parts of its summary line, each marked up. */
export interface DecisionSummary {
  /** The adapter. */
  readonly adapter: string;
  /** The outcome. */
  readonly outcome: ComparisonOutcome;
  /** The outcome in a word or two, in capitals: `BETTER`, `NOT WORSE`, `WORSE`, `NO CONCLUSION`. */
  readonly word: string;
  /**
   * The difference with the interval the decision reads and its confidence, `+4.1 points [2.3,
   * 5.9] (95%)`, or `no item scored for both`.
   */
  readonly difference: string;
  /** The margin: `1 point`, `0 points`. */
  readonly margin: string;
  /**
   * The guarded categories and whether the guard held (no guarded category is worse): `no-call,
   * single: held, none worse`, `no-call, single: held, none shown worse (single inconclusive)`,
   * `single: WORSE on single`, `single: not checked, categories unknown`; `null` with no guard.
   */
  readonly guard: string | null;
  /**
   * What decided the outcome, in a few words: `interval above 0`, `lower end above -1`, `interval
   * holds 0`, `replies identical on 99.0% of items`, `errors: not worse holds every way`.
   */
  readonly decidedBy: string;
}

/** An outcome in a word or two, in capitals, as the decision summary says it. */
const OUTCOME_WORDS: Readonly<Record<ComparisonOutcome, string>> = {
  "better": "BETTER",
  "not-worse": "NOT WORSE",
  "worse": "WORSE",
  "inconclusive": "NO CONCLUSION",
};

/** A margin's number of points as the verdicts write it: 0.01 → "1", 0.005 → "0.5". */
function marginNumber(margin: number): string {
  return marginText(margin).split(" ")[0]!;
}

/** A guarded comparison's guard, and whether it held: see {@linkcode DecisionSummary.guard}. */
function guardText(
  c: ComparisonReport,
  guard: readonly AnswerCategory[],
  m: Markup,
): string | null {
  if (guard.length === 0) return null;
  const names = guard.map((g) => m.code(g)).join(", ");
  if (c.guardWorse === null || c.categories === null) {
    return `${names}: not checked, categories unknown`;
  }
  if (c.guardWorse.length > 0) {
    return `${names}: ${m.alarm("worse")} on ${c.guardWorse.map((g) => m.code(g)).join(", ")}`;
  }
  // Held: none is worse. One that is inconclusive, or has no item, is not shown worse only for
  // want of evidence: said as what holds ("none shown worse"), and why, never as "held" beside
  // "inconclusive", which reads as a contradiction.
  const open: string[] = [];
  for (const g of guard) {
    const x = c.categories.find((y) => y.name === g);
    if (x === undefined) continue;
    if (x.items === 0) open.push(`${m.code(g)} has no item`);
    else if (x.outcome === "inconclusive") open.push(`${m.code(g)} inconclusive`);
  }
  return open.length === 0
    ? `${names}: held, none worse`
    : `${names}: held, none shown worse (${open.join(", ")})`;
}

/** What decided a comparison's outcome: see {@linkcode DecisionSummary.decidedBy}. */
function decidedBy(c: ComparisonReport, margin: number): string {
  const i = c.interval;
  if (c.difference === null || i === null) return "no item scored for both";
  if (c.identical?.suspect === true) {
    return `replies identical on ${percent(c.identical.share)} of items`;
  }
  const s = c.errorSensitivity;
  if (s !== null && s.couldChange) {
    return `errors: ${conclusionWords(s.outcome)} holds every way`;
  }
  if (i.lower > 0) return "interval above 0";
  if (i.upper < 0) return "interval below 0";
  if (margin === 0) return "interval holds 0";
  return i.lower > -margin
    ? `lower end above -${marginNumber(margin)}`
    : `interval holds 0 and reaches -${marginNumber(margin)}`;
}

/**
 * Each comparison's decision at a glance, one per adapter in order: the outcome, the difference
 * with the interval the decision reads, the margin, the guard, and what decided it. Every format
 * prints these parts, so that the three say the same.
 */
export function decisionSummary(report: Report, m: Markup): DecisionSummary[] {
  const d = report.decision;
  return report.comparisons.map((c) => {
    let difference = "no item scored for both";
    if (c.difference !== null && c.interval !== null) {
      const f = intervalFigures(c.difference, c.interval.lower, c.interval.upper, [0, -d.margin]);
      difference = `${f.difference} points [${f.lower}, ${f.upper}] (${
        confidence(c.interval.level)
      })`;
    }
    return {
      adapter: m.text(c.adapter),
      outcome: c.outcome,
      word: OUTCOME_WORDS[c.outcome],
      difference,
      margin: marginText(d.margin),
      guard: guardText(c, d.guard, m),
      decidedBy: decidedBy(c, d.margin),
    };
  });
}

/**
 * A decision summary's line in the parts a renderer may wrap it at (each ends with its
 * punctuation): `BETTER (interval above 0):`, `+4.1 points [2.3, 5.9] (95%);`, `margin 1
 * point;`, `guard single: held`.
 */
export function summaryParts(s: DecisionSummary): string[] {
  return [
    `${s.word} (${s.decidedBy}):`,
    `${s.difference};`,
    `margin ${s.margin};`,
    s.guard === null ? "no guard" : `guard ${s.guard}`,
  ];
}

/**
 * A decision summary as one line, after the adapter's name, what decided it beside the outcome:
 * `BETTER (interval above 0): +4.1 points [2.3, 5.9] (95%); margin 1 point; guard single: held`.
 */
export function summaryLine(s: DecisionSummary): string {
  return summaryParts(s).join(" ");
}

/**
 * What the intervals beside the verdicts are, where their levels could puzzle a reader: `each
 * interval is exact and the one its verdict reads, at the level Holm's procedure decides that
 * comparison at: 97.5% for tuned-a, 95% for tuned-b (the smaller p is tested first, at the
 * stricter level)`. `null` without an interval.
 */
export function intervalsNote(report: Report, m: Markup): string | null {
  const shown = report.comparisons.filter((c) => c.interval !== null);
  if (shown.length === 0) return null;
  const levels = new Set(shown.map((c) => c.interval!.level));
  const head = shown.some((c) => c.clusters?.method === "clustered")
    ? "each interval is exact (betting over the clusters where they are material) and the one " +
      "its verdict reads, at"
    : "each interval is exact and the one its verdict reads, at";
  if (levels.size === 1) {
    return `${head} ${confidence(shown[0]!.interval!.level)}: the level Holm's procedure decides ${
      shown.length === 1 ? "the comparison" : "each comparison"
    } at`;
  }
  return `${head} the level Holm's procedure decides that comparison at: ${
    shown.map((c) => `${confidence(c.interval!.level)} for ${m.text(c.adapter)}`).join(", ")
  } (the smaller p is tested first, at the stricter level)`;
}

/**
 * What a comparison's size lets it find, next to its verdict: the smallest true difference the
 * test against no difference finds 80% of the time at this discordance and level, and the
 * smallest margin a not-worse claim would be made at with the same power when the two models are
 * equal; for an inconclusive comparison, about how many paired items would decide it (the gate's
 * line). `null` without paired items.
 */
export function detectableSentence(c: ComparisonReport): string | null {
  const mdd = c.minimumDetectableDifference;
  if (mdd === null) return null;
  const power = percent(mdd.power, 0);
  const at = `test level ${Number(mdd.level.toPrecision(4))}, ${
    percent(mdd.discordance)
  } of items discordant`;
  const found = mdd.difference !== null
    ? `the test finds a true difference of ${
      points(mdd.difference, pointDecimals([mdd.difference]))
    } points or more (either way)`
    : mdd.discordance === 0
    ? "the test can find no difference (no item is discordant)"
    : "the test can find no difference (too few items are discordant)";
  const margin = mdd.notWorseMargin;
  return `with ${power} power, ${found}, and a not-worse claim holds for equal models at a ` +
    `margin above ${points(margin, pointDecimals([margin]))} points (${at})` +
    // What would decide an inconclusive comparison, as the gate says it.
    (c.outcome === "inconclusive" ? `; ${toDecideSentence(c)}` : "");
}

function counted(w: CountedOutcome, levels: readonly number[]): string {
  const f = intervalFigures(w.difference, w.interval.lower, w.interval.upper);
  return `${w.outcome}, ${f.difference} points [${f.lower}, ${f.upper}], ${
    pText(w.pValue, levels)
  }`;
}

/**
 * A comparison's figures on its paired items, as sentences: the accuracies, the difference with
 * both intervals (which the verdict reads, and which is descriptive), the test with its
 * adjustment, the detectable difference, the identical replies and the errors (the errors alone
 * without paired items). Marked up: the names through `m`.
 */
export function comparisonFigures(c: ComparisonReport, report: Report, m: Markup): string[] {
  const alpha = report.decision.alpha;
  const adapters = report.comparisons.length;
  const out: string[] = [];
  if (c.items > 0 && c.difference !== null && c.interval !== null) {
    const i = c.interval;
    const exact = intervalFigures(c.difference, i.lower, i.upper);
    const testAlpha = testLevelOf(alpha);
    const levels = [testAlpha, i.testLevel];
    const clustered = c.clusters?.method === "clustered";
    out.push(
      `accuracy on these items: ${percent(c.adapterAccuracy)} against ${
        percent(c.baselineAccuracy)
      }`,
      `difference: ${exact.difference} points; ${confidence(i.level)} interval ` +
        `[${exact.lower}, ${exact.upper}] (${
          clustered ? "betting over the clusters" : "exact"
        }, at the level Holm decides this comparison at; ` +
        `it excludes 0 exactly when the Holm-adjusted p is below ${testAlpha})`,
      `${clustered ? "clustered test" : "McNemar exact test"}: ${pText(c.pValue!, levels)} on ` +
        `${plural(c.table.onlyAdapter + c.table.onlyBaseline, "discordant item")}; ` +
        `Holm-adjusted over ${plural(adapters, "adapter")}: ${pText(c.pAdjusted!, levels)}`,
    );
    if (c.clusters !== undefined) out.push(clustersSentence(c.clusters, c.items));
    const mdd = detectableSentence(c);
    if (mdd !== null) out.push(mdd);
    if (c.identical !== null && c.identical.share !== null) {
      out.push(
        `replies identical to ${m.text(c.baseline)}'s (text, calls, finish reason): ` +
          `${count(c.identical.items)} of ${count(c.items)} items (${percent(c.identical.share)})` +
          (c.identical.suspect ? ": the adapter may not be applied" : ""),
      );
    }
  }
  const s = c.errorSensitivity;
  if (s !== null) {
    const levels = [alpha, c.interval?.level ?? alpha];
    out.push(
      `${plural(s.errors, "item")} with an error left out: counted against ${m.text(c.adapter)}, ` +
        `${counted(s.against, levels)}; in its favour, ${counted(s.favour, levels)}; ` +
        (!s.couldChange
          ? "the outcome stands every way"
          : `they could change the outcome: ${conclusionWords(s.outcome)} holds every way`),
    );
  }
  return out;
}

/**
 * A comparison's clusters in a sentence: `clusters: 40 holding 200 paired items; design effect
 * 2.50, so about 80 effective items; the clustered test decides (the design effect is material)`.
 */
export function clustersSentence(k: ClustersReport, items: number): string {
  const effect = k.designEffect === null
    ? "the design effect cannot be measured"
    : `design effect ${k.designEffect.toFixed(2)}, so about ${
      count(Math.round(k.effectiveItems!))
    } effective items`;
  return `clusters: ${count(k.clusters)} holding ${plural(items, "paired item")}; ${effect}; ` +
    (k.method === "clustered"
      ? `the clustered test decides (material: a design effect of ${MATERIAL_DESIGN_EFFECT} or ` +
        `more, not measured, or fewer than ${FEW_CLUSTERS} clusters)`
      : k.clusters === 1
      ? "the exact test decides (one cluster holds every item: the items are drawn from it)"
      : "the exact test decides (not material)");
}

/** What the report says when the items' clusters are not known. */
export const CLUSTERS_UNKNOWN =
  "not recorded in this results file (it was written before assess recorded them): every item " +
  "is taken as a cluster of its own; assess report -config assess.yaml computes them from the dataset";

/** What the report says when the items' categories are not known. */
export const CATEGORIES_UNKNOWN =
  "categories: not recorded in this results file (it was written before assess recorded them); " +
  "assess report -config assess.yaml computes them from the dataset";

/** The disputed items, as lines: a heading sentence, one line per item, and the sensitivity. */
export interface DisputedLines {
  /** What they are and how many. */
  readonly head: string;
  /** One per item: `item 17 (single), arguments: call 1 f: argument x is 2, the answer's is 1`. */
  readonly items: readonly string[];
  /** Each model's accuracy without them, or `null` with none. */
  readonly sensitivity: string | null;
}

/** The disputed items, marked up; `null` when they are not known. */
export function disputedLines(report: Report, m: Markup): DisputedLines | null {
  const items = report.disputedItems;
  if (items === null) return null;
  if (items.length === 0) {
    return {
      head: "disputed answer keys: none (no item that every model answered with the same calls, " +
        "all judged wrong)",
      items: [],
      sensitivity: null,
    };
  }
  return {
    head: `disputed answer keys: ${plural(items.length, "item")} every model answered with the ` +
      "same calls (by the scorer's equality), all judged wrong: the key may be wrong",
    items: items.map((d) =>
      `item ${shownId(m, d.itemId)}${d.category === null ? "" : ` (${d.category})`}, ${
        m.code(d.reason)
      }` +
      (d.detail === "" ? "" : `: ${m.text(d.detail)}`)
    ),
    sensitivity: "accuracy without them (a sensitivity figure, not the verdict): " +
      report.models.map((x) => `${m.text(x.name)} ${percent(x.accuracyWithoutDisputed)}`).join(
        ", ",
      ),
  };
}

/** Whether a report has replicas to show: outcomes from more than one. */
export function severalReplicas(report: Report): boolean {
  return report.replicas.replicas.length > 1;
}

/**
 * A homogeneity test's figures: `X² 1.23, df 2, p = 0.54`, and its Holm-adjusted p-value when
 * several models were tested: `X² 9.10, df 2, p = 0.011, adjusted p = 0.032`.
 */
function testFigures(h: ModelHomogeneity, tests: number): string {
  return `X² ${h.statistic.toFixed(2)}, df ${h.degreesOfFreedom}, ${pText(h.pValue)}` +
    (tests > 1 ? `, adjusted ${pText(h.adjustedPValue)}` : "");
}

/**
 * Whether the test's expected counts are too small for its chi-square approximation: one below 5,
 * unless it is 0 (every trial succeeded, or none did: there is nothing to approximate, p = 1).
 */
function roughTest(h: ModelHomogeneity): boolean {
  return h.minimumExpected > 0 && h.minimumExpected < HOMOGENEITY_MIN_EXPECTED;
}

/** The caveat of a test whose expected counts are too small, as a clause. */
const ROUGH = `an expected count is below ${HOMOGENEITY_MIN_EXPECTED}, so the chi-square ` +
  "approximation is unreliable";

/** Each adapter on each replica whose replies may be the baseline's: host, adapter, its share. */
function suspectReplicas(
  report: Report,
): { host: string; adapter: string; identical: ReplicaIdentical }[] {
  return report.replicas.replicas.flatMap((r) =>
    r.models.flatMap((x) =>
      x.identical?.suspect === true
        ? [{ host: r.host, adapter: x.name, identical: x.identical }]
        : []
    )
  );
}

/** A suspect replica as a clause, marked up. */
function suspectText(
  s: { host: string; adapter: string; identical: ReplicaIdentical },
  baseline: string,
  m: Markup,
): string {
  return `${m.text(s.adapter)}'s replies on ${m.code(s.host)} are identical to ` +
    `${m.text(baseline)}'s on ${percent(s.identical.share)} of its ` +
    `${plural(s.identical.paired, "paired item")}: that replica may serve ${
      m.text(baseline)
    } under ${m.text(s.adapter)}'s name`;
}

/**
 * What the replicas' table comes with, as sentences: the test of each model's accuracy across
 * them (Holm across the models), the replicas whose adapter replies are the baseline's, the items
 * answered on more than one, and outcomes that name none.
 */
export function replicaSentences(report: Report, m: Markup): string[] {
  const r = report.replicas;
  const baselineName = report.models[0]?.name ?? "";
  const baseline = m.text(baselineName);
  const tests = r.homogeneityByModel;
  const out: string[] = [];
  if (r.homogeneity === null) {
    out.push(`${baseline}'s accuracy across replicas: not tested (fewer than two have a verdict)`);
  }
  for (const h of tests) {
    out.push(
      `${m.text(h.model)}'s accuracy across replicas, chi-square test of homogeneity: ` +
        m.text(testFigures(h, tests.length)) +
        (h.flagged
          ? `: ${m.alarm("different")} ${
            m.text(`(${tests.length > 1 ? "adjusted " : ""}p < ${HOMOGENEITY_ALPHA})`)
          }, furthest from the others on ${m.code(h.furthest)}: a replica may serve another ` +
            "base model, chat template or adapter set"
          : ": alike"),
    );
  }
  const rough = tests.filter(roughTest);
  if (rough.length > 0) {
    out.push(
      `caveat: ${ROUGH}${
        tests.length > 1 ? ` for ${rough.map((h) => m.text(h.model)).join(", ")}` : ""
      } (a replica with few scored items, or an accuracy near 0 or 100%): ` +
        "its p-value is rough, and a difference or its absence needs more items to be trusted",
    );
  }
  if (tests.length > 1) {
    out.push(
      `the tests are adjusted by Holm's procedure across the ${tests.length} models tested`,
    );
  }
  for (const s of suspectReplicas(report)) {
    out.push(`${m.alarm("identical replies")}: ${suspectText(s, baselineName, m)}`);
  }
  if (r.mixedItems > 0) {
    out.push(
      `${plural(r.mixedItems, "item")} had models answered on more than one replica (a replica ` +
        "went down while it was asked, or a session ran on other replicas)",
    );
  }
  if (r.unnamed > 0) {
    out.push(`${plural(r.unnamed, "outcome")} name no replica (recorded before results format 2)`);
  }
  return out;
}

/** Plain text: the markup a warning is written in before a renderer escapes it whole. */
const PLAIN: Markup = {
  text: (text) => text,
  code: (text) => text,
  quote: (text) => text,
  strong: (markup) => markup,
  alarm: (text) => text,
};

/**
 * The warning a report opens with when a model's accuracy differs across replicas, or an
 * adapter's replies on a replica are the baseline's, after its label, or `null`.
 */
export function replicaWarning(report: Report): string | null {
  const tests = report.replicas.homogeneityByModel;
  const flagged = tests.filter((h) => h.flagged);
  const suspects = suspectReplicas(report);
  if (flagged.length === 0 && suspects.length === 0) return null;
  const baseline = report.models[0]?.name ?? "";
  const parts = [
    ...flagged.map((h) =>
      `${h.model}'s accuracy differs across replicas (${testFigures(h, tests.length)}` +
      `${roughTest(h) ? `; ${ROUGH}` : ""}; furthest from the others: ${h.furthest})`
    ),
    ...suspects.map((s) => suspectText(s, baseline, PLAIN)),
  ];
  return `${parts.join("; ")}; see Replicas and Trust before trusting the verdicts.`;
}

/** The trust section: a row per line of evidence, and the probe's differences. */
export interface TrustRows {
  /** Each row's label and its marked-up value. */
  readonly rows: readonly (readonly [string, string])[];
  /** Each probe difference, marked up: `tuned-a item 3: the text differs at character 0`. */
  readonly differences: readonly string[];
}

function probeWord(result: ProbeReport["result"], m: Markup): string {
  switch (result) {
    case "failed":
      return m.alarm("differences found");
    case "not-run":
      return "not run";
    default:
      return result;
  }
}

/** The trust section's rows, marked up. */
export function trustRows(report: Report, m: Markup): TrustRows {
  const t = report.trust;
  const s = t.scorer;
  const p = t.probe;
  const c = t.completeness;
  const rescored = s.verdicts === "rescored" ? ` (the run had ${m.text(s.recordedVersion)})` : "";
  const rows: [string, string][] = [
    [
      "scorer",
      `${m.code(s.name)} ${m.text(s.version)} (ordering ${m.text(s.ordering)}, tool-call parser ` +
      `${m.text(s.toolCallParser ?? "none")}); verdicts ${s.verdicts}${rescored}`,
    ],
    [
      "self-test",
      `${s.selftest.passed ? "passed" : m.alarm("FAILED")} on ${
        plural(s.selftest.items, "item")
      } ` +
      `(${s.selftest.by === "run" ? "by the run" : "now, for the re-scoring"})`,
    ],
    ["dataset", `sha256 ${m.code(t.digests.dataset)}`],
    [
      "split",
      `digest ${m.code(t.digests.split)} (seed ${m.quote(report.run.splitSeed)}, ` +
      `${plural(report.run.items, "item")})`,
    ],
    ["config", `digest ${m.code(t.digests.config)}`],
    ...(report.clustersFrom === null ? [["clusters", CLUSTERS_UNKNOWN] as [string, string]] : []),
    [
      "probe",
      p.result === "off"
        ? `off (${m.code("serving.probe: 0")}, ${m.text(p.batchInvariant)})`
        : `${probeWord(p.result, m)}: ${m.text(p.batchInvariant)}, ` +
          `${plural(p.checks, "check")}, ${count(p.same)} same, ${count(p.different)} different, ` +
          `${count(p.inconclusive)} inconclusive`,
    ],
    [
      "completeness",
      c.complete
        ? `complete: all ${count(c.pairs)} (model, item) pairs scored`
        : `${m.alarm("incomplete")}: ${count(c.scored)} of ${count(c.pairs)} pairs scored, ` +
          `${count(c.missing)} missing (${plural(c.errors, "error")}, ${
            count(c.notAsked)
          } never asked)`,
    ],
  ];
  const several = severalReplicas(report);
  if (several) {
    const r = report.replicas;
    const tests = r.homogeneityByModel;
    const baseline = report.models[0]?.name ?? "";
    const said = tests.map((h) =>
      (h.flagged
        ? m.alarm(`${h.model}'s accuracy differs across them`)
        : `${m.text(h.model)}'s accuracy alike across them`) +
      ` (${m.text(testFigures(h, tests.length))}${roughTest(h) ? `; ${ROUGH}` : ""})`
    );
    if (r.homogeneity === null) {
      said.unshift(`${m.text(baseline)}'s accuracy across them not tested`);
    }
    rows.push([
      "replicas",
      `${plural(r.replicas.length, "replica")}; ${said.join("; ")}` +
      suspectReplicas(report).map((s) =>
        `; ${m.alarm("identical replies")}: ${suspectText(s, baseline, m)}`
      )
        .join("") +
      (r.mixedItems === 0 ? "" : `; ${plural(r.mixedItems, "item")} answered on more than one`),
    ]);
  }
  const differences = p.differences.map((d) =>
    `${m.text(d.model)} item ${shownId(m, d.itemId)}${
      several && d.replica !== undefined ? ` on ${m.code(d.replica)}` : ""
    }: ${m.text(d.detail)}`
  );
  return { rows, differences };
}

/** An item's id in a line of `m`'s markup: an integer as it is, a string quoted and escaped. */
function shownId(m: Markup, id: ItemId): string {
  return typeof id === "string" ? m.text(printedId(id)) : String(id);
}
