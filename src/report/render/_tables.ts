/**
 * The report's tables as cells, built once for every renderer: each brings its markup and its way
 * of drawing a table (aligned text, Markdown, HTML). Private to `src/report/render/`.
 *
 * @module
 */

import { ANSWER_CATEGORIES } from "../../dataset/category.ts";
import { confidence, count, intervalFigures, millis, percent, pText } from "../numbers.ts";
import type { Markup } from "./_markup.ts";
import type { DecisionSummary } from "./_sections.ts";
import type { ComparisonReport, ModelReport, ReplicasReport } from "../report.ts";

/** A table: its headings, which columns are numbers (aligned right), and its rows of cells. */
export interface Table {
  /** The headings, marked up. */
  readonly headings: readonly string[];
  /** Shorter headings where a narrow rendering (a terminal) needs them, else as `headings`. */
  readonly short?: readonly string[];
  /** Whether each column holds numbers. */
  readonly numeric: readonly boolean[];
  /** The rows, each a cell a column, marked up. */
  readonly rows: readonly (readonly string[])[];
}

/**
 * The decision at a glance, a row per adapter: the parts of {@linkcode DecisionSummary}, the
 * outcome word marked as a `strong` one (or an alarm when worse).
 */
export function decisionTable(summaries: readonly DecisionSummary[], m: Markup): Table {
  return {
    headings: [
      "adapter",
      "outcome",
      "difference [interval] (confidence)",
      "margin",
      "guard",
      "decided by",
    ],
    numeric: [false, false, false, false, false, false],
    rows: summaries.map((s) => [
      s.adapter,
      s.outcome === "worse" ? m.alarm(s.word) : m.strong(s.word),
      s.difference,
      s.margin,
      s.guard ?? "none",
      s.decidedBy,
    ]),
  };
}

/** Each model's counts, accuracy and interval. */
export function modelsTable(models: readonly ModelReport[], m: Markup): Table {
  return {
    headings: [
      "model",
      "role",
      "scored",
      "correct",
      "accuracy",
      "95% interval (Wilson)",
      "errors",
      "not asked",
    ],
    numeric: [false, false, true, true, true, false, true, true],
    rows: models.map((model) => [
      m.text(model.name),
      model.role,
      count(model.scored),
      count(model.correct),
      percent(model.accuracy),
      model.interval === null
        ? "-"
        : `[${percent(model.interval.lower)}, ${percent(model.interval.upper)}]`,
      count(model.errors),
      count(model.notAsked),
    ]),
  };
}

/** How many scored items each model got each reason for. */
export function reasonsTable(models: readonly ModelReport[], m: Markup): Table {
  const reasons = models[0]?.reasons.map((r) => r.name) ?? [];
  return {
    headings: ["reason", ...models.map((model) => m.text(model.name))],
    numeric: [false, ...models.map(() => true)],
    rows: reasons.map((reason, i) => [
      m.code(reason),
      ...models.map((model) => count(model.reasons[i]?.count ?? 0)),
    ]),
  };
}

/** Each model's tokens and latency. */
export function usageTable(models: readonly ModelReport[], m: Markup): Table {
  return {
    headings: [
      "model",
      "prompt tokens",
      "completion tokens",
      "reasoning tokens",
      "completion/item",
      "latency median",
      "latency p95",
    ],
    short: [
      "model",
      "prompt tokens",
      "completion",
      "reasoning",
      "completion/item",
      "latency median",
      "p95",
    ],
    numeric: [false, true, true, true, true, true, true],
    rows: models.map((model) => [
      m.text(model.name),
      count(model.tokens.prompt),
      count(model.tokens.completion),
      model.tokens.reasoning === null ? "-" : count(model.tokens.reasoning),
      model.tokens.items === 0 ? "-" : (model.tokens.completion / model.tokens.items).toFixed(1),
      model.latencyMs === null ? "-" : millis(model.latencyMs.median),
      model.latencyMs === null ? "-" : millis(model.latencyMs.p95),
    ]),
  };
}

/**
 * An adapter against its baseline: the 2×2 table of right and wrong on the paired items. With
 * `roles`, the models are called `adapter` and `baseline` (long served names would not fit a
 * terminal's line).
 */
export function pairedTable(c: ComparisonReport, m: Markup, roles = false): Table {
  const adapter = roles ? "adapter" : m.text(c.adapter);
  const baseline = roles ? "baseline" : m.text(c.baseline);
  return {
    headings: ["", `${baseline} right`, `${baseline} wrong`],
    numeric: [false, true, true],
    rows: [
      [m.strong(`${adapter} right`), count(c.table.bothRight), count(c.table.onlyAdapter)],
      [m.strong(`${adapter} wrong`), count(c.table.onlyBaseline), count(c.table.bothWrong)],
    ],
  };
}

/** The reasons either model gave on the paired items. */
function usedReasons(c: ComparisonReport): string[] {
  return c.reasons.filter((r) => r.baseline + r.adapter > 0).map((r) => r.reason);
}

/**
 * The reasons of this comparison that are surely given to right answers (`match`): those in every
 * set of used reasons that, taken as the right ones, accounts for the comparison's counts (each
 * model's right answers, the items fixed and broken by reason, the transitions). A reason counts
 * its fixed items by the baseline's reason and its broken ones by the adapter's, both wrong, so a
 * right reason's fixed and broke are 0 by construction, not by measurement. Empty when more than
 * 12 reasons could be right (the search is over their subsets) or when none is sure.
 */
function rightReasons(c: ComparisonReport): Set<string> {
  const used = c.reasons.filter((r) => r.baseline + r.adapter > 0);
  const candidates = used.filter((r) => r.fixed === 0 && r.broke === 0);
  if (candidates.length > 12) return new Set();
  const t = c.table;
  const cell = new Map(c.transitions.map((x) => [`${x.baseline}\u0000${x.adapter}`, x.count]));
  const moved = (from: string, to: string) => cell.get(`${from}\u0000${to}`) ?? 0;
  const fits: Set<string>[] = [];
  for (let mask = 0; mask < 1 << candidates.length; mask++) {
    const right = new Set(
      candidates.filter((_, i) => (mask & (1 << i)) !== 0).map((r) => r.reason),
    );
    let adapter = 0;
    let baseline = 0;
    for (const r of used) {
      if (!right.has(r.reason)) continue;
      adapter += r.adapter;
      baseline += r.baseline;
    }
    if (adapter !== t.bothRight + t.onlyAdapter || baseline !== t.bothRight + t.onlyBaseline) {
      continue;
    }
    const explains = used.every((w) => {
      if (right.has(w.reason)) return true;
      let fixed = 0;
      let broke = 0;
      for (const r of right) {
        fixed += moved(w.reason, r);
        broke += moved(r, w.reason);
      }
      return fixed === w.fixed && broke === w.broke;
    });
    if (!explains) continue;
    fits.push(right);
  }
  return new Set([...(fits[0] ?? [])].filter((r) => fits.every((f) => f.has(r))));
}

/**
 * The reasons either model gave, with how many items the adapter fixed and broke for each: `-`
 * for a reason given to right answers, which can neither be fixed nor broken.
 */
export function reasonChangesTable(c: ComparisonReport, m: Markup): Table {
  const right = rightReasons(c);
  return {
    headings: ["reason", m.text(c.baseline), m.text(c.adapter), "fixed", "broke"],
    numeric: [false, true, true, true, true],
    rows: c.reasons.filter((r) => r.baseline + r.adapter > 0).map((r) => [
      m.code(r.reason),
      count(r.baseline),
      count(r.adapter),
      right.has(r.reason) ? "-" : count(r.fixed),
      right.has(r.reason) ? "-" : count(r.broke),
    ]),
  };
}

/**
 * The reason-by-reason transitions: rows the baseline's reason, columns the adapter's; `·` for
 * none, changes in bold.
 */
export function transitionsTable(c: ComparisonReport, m: Markup): Table {
  const used = usedReasons(c);
  const cell = new Map(c.transitions.map((t) => [`${t.baseline}\u0000${t.adapter}`, t.count]));
  return {
    headings: ["", ...used.map((r) => m.code(r))],
    numeric: [false, ...used.map(() => true)],
    rows: used.map((from) => [
      m.code(from),
      ...used.map((to) => {
        const n = cell.get(`${from}\u0000${to}`) ?? 0;
        return n === 0 ? "·" : from === to ? count(n) : m.strong(count(n));
      }),
    ]),
  };
}

/**
 * Each model's accuracy on each category of item (`72.0% (50)`: of 50 scored items), or `null`
 * when the categories are not known. A category no model has a scored item of is left out.
 */
export function categoriesTable(models: readonly ModelReport[], m: Markup): Table | null {
  if (models.some((model) => model.categories === null)) return null;
  const shown = ANSWER_CATEGORIES.map((name, i) => [name, i] as const).filter(([, i]) =>
    models.some((model) => model.categories![i]!.items > 0)
  );
  return {
    headings: ["category", ...models.map((model) => m.text(model.name))],
    numeric: [false, ...models.map(() => true)],
    rows: shown.map(([name, i]) => [
      m.code(name),
      ...models.map((model) => {
        const c = model.categories![i]!;
        return c.items === 0 ? "-" : `${percent(c.accuracy)} (${count(c.items)})`;
      }),
    ]),
  };
}

/**
 * An adapter against its baseline on each category with paired items (one with none is left out,
 * not called inconclusive): the paired items, both accuracies, the difference with its exact
 * interval and that interval's confidence (the category's Holm level), the Holm-adjusted p-value
 * (across the categories) and the outcome; `null` when the categories are not known.
 */
export function comparisonCategoriesTable(
  c: ComparisonReport,
  alpha: number,
  m: Markup,
): Table | null {
  if (c.categories === null) return null;
  return {
    headings: [
      "category",
      "items",
      m.text(c.adapter),
      m.text(c.baseline),
      "difference",
      "interval",
      "level",
      "p (Holm)",
      "outcome",
    ],
    numeric: [false, true, true, true, true, false, true, false, false],
    rows: c.categories.filter((x) => x.items > 0).map((x) => {
      const f = x.interval === null || x.difference === null
        ? null
        : intervalFigures(x.difference, x.interval.lower, x.interval.upper);
      return [
        m.code(x.name),
        count(x.items),
        percent(x.adapterAccuracy),
        percent(x.baselineAccuracy),
        f === null ? "-" : f.difference,
        f === null ? "-" : `[${f.lower}, ${f.upper}]`,
        x.interval === null ? "-" : confidence(x.interval.level),
        x.pAdjusted === null ? "-" : pCell(pText(x.pAdjusted, [alpha, x.interval!.level])),
        x.outcome === "worse" ? m.alarm(x.outcome) : x.outcome,
      ];
    }),
  };
}

/** A p-value's text as a table cell: `p = 0.012` → `0.012`, `p < 0.001` → `< 0.001`. */
function pCell(text: string): string {
  return text.startsWith("p = ") ? text.slice(4) : text.slice(2);
}

/**
 * Each replica's share: the items it answered, every model's accuracy on them, its errors and its
 * median latency (scored outcomes, every model).
 */
export function replicasTable(replicas: ReplicasReport, m: Markup): Table {
  const models = replicas.replicas[0]?.models.map((model) => model.name) ?? [];
  return {
    headings: [
      "replica",
      "items",
      ...models.map((name) => m.text(name)),
      "errors",
      "latency median",
    ],
    short: ["replica", "items", ...models.map((name) => m.text(name)), "errors", "latency"],
    numeric: [false, true, ...models.map(() => true), true, true],
    rows: replicas.replicas.map((r) => [
      m.code(r.host),
      count(r.items),
      ...r.models.map((model) => percent(model.accuracy)),
      count(r.errors),
      r.latencyMedianMs === null ? "-" : millis(r.latencyMedianMs),
    ]),
  };
}
