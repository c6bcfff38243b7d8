/**
 * Builds the report from each model's outcomes: the per-model figures, each adapter against the
 * baseline on the same items, and the trust section.
 *
 * @module
 */

import { compareItemIds, type ItemId } from "../dataset/item_id.ts";
import {
  joinReadings,
  lenientInput,
  type ReadingComparison,
  type ReadingModel,
  type ReadingReport,
} from "./readings.ts";
import { ANSWER_CATEGORIES, type AnswerCategory } from "../dataset/category.ts";
import { replicasReport } from "./by_replica.ts";
import { agreedOutcome, comparisonOutcome } from "./stats/comparison_outcome.ts";
import type { CoherentInterval } from "./stats/decision_interval.ts";
import { type ClusterCounts, clusteredDifference } from "./stats/clustered_difference.ts";
import { decideFamily, type FamilyDecision } from "./stats/clustered_family.ts";
import { detectableFigures } from "./_detectable_figures.ts";
import { itemsToDecide, MAX_ITEMS_TO_DECIDE } from "./items_to_decide.ts";
import {
  type CountedComparison,
  type ErroredItems,
  type ErrorSensitivity,
  errorSensitivity,
} from "./stats/error_sensitivity.ts";
import type { PairedTable } from "./stats/paired_table.ts";
import { spread } from "./stats/quantile.ts";
import {
  type CategoryAccuracy,
  type CategoryComparison,
  type ClustersReport,
  type DisputedItem,
  type ErrorMessageCount,
  type ErrorSensitivityReport,
  type IdenticalReplies,
  type NamedCount,
  type PairedCounts,
  type ProbeReport,
  type ReasonChange,
  type Report,
  REPORT_SCHEMA,
  type Transition,
} from "./report.ts";
import type { DecisionRule, Observation, ReportInput } from "./report_input.ts";
import { verdictSentence } from "./verdict.ts";
import { identicalSuspect } from "./identical_rule.ts";
import { wilsonInterval } from "./stats/wilson.ts";

/** The family-wise level the verdicts use, on the Holm-adjusted p-values: 0.05. */
export const VERDICT_ALPHA = 0.05;

export { IDENTICAL_MIN_ITEMS, IDENTICAL_SHARE } from "./identical_rule.ts";

/** The decision rule when the input gives none. */
const DEFAULT_RULE: DecisionRule = {
  alpha: VERDICT_ALPHA,
  margin: 0,
  guard: [],
  from: "default",
  note: null,
};

/**
 * Builds the report: for each model its counts, accuracy with a Wilson 95% interval, errors apart,
 * reasons, tokens, latency and, when the items' categories are known, the same per category; for
 * each adapter against the baseline, on the items both have a verdict for, the 2×2 table, the
 * difference, the exact McNemar p-value Holm-adjusted across adapters, the decision interval at
 * the level Holm decides it at (the one the verdict reads), the minimum detectable difference and
 * the smallest margin a not-worse claim could be made at, what its errored items could do, how many
 * replies are byte for byte the baseline's, the same per category (Holm across the categories),
 * an outcome (better, not-worse, worse, inconclusive) with the decision's margin and guard, a
 * verdict in words, the reason-by-reason changes and the discordant items; the items every model
 * got wrong alike (disputed keys); each replica's share of the outcomes with the chi-square test of
 * homogeneity of the baseline's accuracy across replicas; and the trust section.
 * `reference/report.md` says how each figure is computed.
 *
 * Figures that need more than verdicts come from the observations when they carry it: categories
 * (`category` on every observation), identical replies (`replyHash`), disputed items (`callsHash`
 * on every wrong answer); without it they are `null`. `panels` is always `null` here (see
 * `withItemPanels`).
 *
 * @param input The outcomes, the run's facts and the decision rule.
 * @returns The report.
 * When the observations carry the lenient reading's verdicts (`input.lenient.made`), the report
 * is built once per reading and joined: each model's and comparison's `strict` and `lenient`
 * figures, a sentence where the outcomes differ, and every other figure from the reading
 * `input.scoring` names (strict by default); see `reference/report.md`, "Strict and lenient
 * scoring".
 *
 * @throws {RangeError} When a model has two outcomes for one item, or more outcomes than the
 *   split has items, or the decision's alpha or margin is out of range.
 * @throws {TypeError} When `input.scoring` is `lenient` and the lenient reading was not made.
 *
 * @example
 * ```ts
 * import { buildReport } from "./build_report.ts";
 * import type { Observation } from "./report_input.ts";
 * import assert from "node:assert/strict";
 *
 * const obs = (model: number[]): Observation[] => model.map((right, i) => ({
 *   itemIndex: i, itemId: 100 + i, error: null, latencyMs: 10, usage: null,
 *   verdict: { correct: right === 1, reason: right === 1 ? "match" : "no-call" },
 * }));
 * const report = buildReport({
 *   run: { assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", sessions: 1, splitSeed: "s", items: 4 },
 *   baseline: "base", adapters: ["tuned"], reasons: ["no-call", "match"],
 *   observations: new Map([["base", obs([1, 0, 0, 0])], ["tuned", obs([1, 1, 1, 0])]]),
 *   scorer: { name: "x", version: "1", recordedVersion: "1", ordering: "any", toolCallParser: null,
 *     verdicts: "recorded", note: null, selftest: { passed: true, items: 4, by: "run" } },
 *   digests: { config: "c", dataset: "d", split: "s" },
 *   probe: { batchInvariant: "not-required", items: 0, checks: [] },
 * });
 * assert.deepEqual(report.comparisons[0]!.table, { bothRight: 1, onlyAdapter: 2, onlyBaseline: 0, bothWrong: 1 });
 * assert.deepEqual(report.comparisons[0]!.discordant.fixed, [101, 102]);
 * // 2 against 0 discordant items: p = 0.5, so the interval holds 0.
 * assert.equal(report.comparisons[0]!.outcome, "inconclusive");
 * assert.match(report.comparisons[0]!.verdict, /^no conclusion between tuned and base: \+50\.0 points/);
 * ```
 */
export function buildReport(input: ReportInput): Report {
  const strict = buildReading(input);
  const lenient = input.lenient?.made === true ? buildReading(lenientInput(input)) : null;
  return joinReadings(input, strict, lenient);
}

/** The report of one reading of the verdicts: the observations' own. */
function buildReading(input: ReportInput): ReadingReport {
  const names = [input.baseline, ...input.adapters];
  const rule = input.decision ?? DEFAULT_RULE;
  checkRule(rule);
  const reasonOrder = orderReasons(input);
  const byModel = new Map<string, readonly Observation[]>();
  const indexed = new Map<string, ByIndex>();
  for (const name of names) {
    const list = input.observations.get(name) ?? [];
    indexed.set(name, checkObservations(name, list, input.run.items));
    byModel.set(name, list);
  }
  const categorised = [...byModel.values()].every((list) =>
    list.every((o) => o.category !== undefined)
  );
  const clustered = [...byModel.values()].every((list) =>
    list.every((o) => o.cluster !== undefined)
  );
  const disputed = disputedItems(names, byModel, indexed);
  const models = names.map((name, i) =>
    modelReport(
      name,
      i === 0 ? "baseline" : "adapter",
      byModel.get(name)!,
      input.run.items,
      reasonOrder,
      categorised,
      disputed === null ? null : disputed.length,
    )
  );
  const partial = input.adapters.map((adapter) =>
    compare(
      adapter,
      input.baseline,
      byModel.get(adapter)!,
      indexed.get(input.baseline)!,
      reasonOrder,
      categorised,
      clustered,
    )
  );
  const decided = decideFamily(
    partial.map((c) => ({ table: c.table, clusters: c.clusters })),
    rule.alpha,
  );
  const comparisons = partial.map((c, i) => finish(c, decided[i]!, rule));
  const scored = models.reduce((s, m) => s + m.scored, 0);
  const errors = models.reduce((s, m) => s + m.errors, 0);
  const notAsked = models.reduce((s, m) => s + m.notAsked, 0);
  const pairs = names.length * input.run.items;
  const complete = scored === pairs;
  return {
    schema: REPORT_SCHEMA,
    run: { ...input.run, complete },
    decision: rule,
    models,
    comparisons,
    categoriesFrom: categorised ? input.categoriesFrom ?? "results" : null,
    clustersFrom: clustered ? input.clustersFrom ?? "results" : null,
    disputedItems: disputed,
    panels: null,
    replicas: replicasReport(names, byModel),
    trust: {
      scorer: input.scorer,
      digests: input.digests,
      probe: probeReport(input.probe),
      completeness: { complete, pairs, scored, missing: pairs - scored, errors, notAsked },
    },
  };
}

function checkRule(rule: DecisionRule): void {
  if (!(rule.alpha > 0 && rule.alpha < 1)) {
    throw new RangeError(`buildReport: decision.alpha must be between 0 and 1, not ${rule.alpha}`);
  }
  if (!(rule.margin >= 0 && rule.margin <= 1)) {
    throw new RangeError(
      `buildReport: decision.margin must be a fraction from 0 to 1, not ${rule.margin}`,
    );
  }
}

function orderReasons(input: ReportInput): string[] {
  const order = [...input.reasons];
  const known = new Set(order);
  const others = new Set<string>();
  for (const list of input.observations.values()) {
    for (const o of list) {
      if (o.verdict !== null && !known.has(o.verdict.reason)) others.add(o.verdict.reason);
    }
  }
  return [...order, ...[...others].sort()];
}

/**
 * A model's outcomes by item index: an array, not a `Map`, which for a million outcomes costs
 * several times the memory (and as much again in garbage while it grows).
 */
type ByIndex = readonly (Observation | undefined)[];

/** Checks a model's outcomes and indexes them by item. */
function checkObservations(
  model: string,
  list: readonly Observation[],
  items: number,
): ByIndex {
  if (list.length > items) {
    throw new RangeError(
      `buildReport: ${model} has ${list.length} outcomes, more than the split's ${items} items`,
    );
  }
  const seen: (Observation | undefined)[] = [];
  for (const o of list) {
    if (seen[o.itemIndex] !== undefined) {
      throw new RangeError(`buildReport: ${model} has two outcomes for item index ${o.itemIndex}`);
    }
    seen[o.itemIndex] = o;
  }
  return seen;
}

function counted(counts: Map<string, number>, order: readonly string[]): NamedCount[] {
  return order.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

/**
 * The items every model (two or more) answered wrongly with calls equal by the scorer's equality,
 * ascending by id; `null` with one model, or when no wrong answer carries its calls' fingerprint
 * (they are not known).
 */
function disputedItems(
  names: readonly string[],
  byModel: ReadonlyMap<string, readonly Observation[]>,
  indexed: ReadonlyMap<string, ByIndex>,
): DisputedItem[] | null {
  if (names.length < 2) return null;
  let known = false;
  const others = names.slice(1).map((name) => indexed.get(name)!);
  const out: DisputedItem[] = [];
  for (const o of byModel.get(names[0]!)!) {
    if (o.verdict === null || o.verdict.correct || o.callsHash === undefined) continue;
    known = true;
    if (o.callsHash === null) continue;
    const alike = others.every((index) => {
      const x = index[o.itemIndex];
      return x !== undefined && x.verdict !== null && !x.verdict.correct &&
        x.callsHash === o.callsHash;
    });
    if (!alike) continue;
    out.push({
      itemId: o.itemId,
      category: o.category ?? null,
      reason: o.verdict.reason,
      detail: o.verdict.detail ?? "",
    });
  }
  if (!known) {
    // The baseline has no fingerprinted wrong answer: known if another model has one, or if no
    // model has a wrong answer at all.
    let wrong = false;
    for (const list of byModel.values()) {
      for (const o of list) {
        if (o.verdict === null || o.verdict.correct) continue;
        wrong = true;
        if (o.callsHash !== undefined) known = true;
      }
    }
    known ||= !wrong;
  }
  return known ? out.sort((x, y) => compareItemIds(x.itemId, y.itemId)) : null;
}

function modelReport(
  name: string,
  role: "baseline" | "adapter",
  list: readonly Observation[],
  items: number,
  reasonOrder: readonly string[],
  categorised: boolean,
  disputed: number | null,
): ReadingModel {
  let scored = 0;
  let correct = 0;
  let errors = 0;
  const reasons = new Map<string, number>();
  const errorKinds = new Map<string, number>();
  const errorMessages = new Map<string, ErrorMessageCount>();
  const latencies: number[] = [];
  let usageItems = 0;
  let prompt = 0;
  let completion = 0;
  let reasoning = 0;
  let anyReasoning = false;
  const byCategory = new Map<AnswerCategory, { items: number; correct: number }>(
    ANSWER_CATEGORIES.map((c) => [c, { items: 0, correct: 0 }]),
  );
  for (const o of list) {
    if (o.verdict === null) {
      errors++;
      const kind = o.error ?? "unknown";
      errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
      const status = o.errorStatus ?? null;
      const message = o.errorMessage ?? null;
      const key = JSON.stringify([kind, status, message]);
      const known = errorMessages.get(key);
      errorMessages.set(key, { kind, status, message, count: (known?.count ?? 0) + 1 });
      continue;
    }
    scored++;
    if (o.verdict.correct) correct++;
    if (categorised) {
      const c = byCategory.get(o.category!)!;
      c.items++;
      if (o.verdict.correct) c.correct++;
    }
    reasons.set(o.verdict.reason, (reasons.get(o.verdict.reason) ?? 0) + 1);
    if (o.latencyMs !== null) latencies.push(o.latencyMs);
    if (o.usage !== null) {
      usageItems++;
      prompt += o.usage.prompt ?? 0;
      completion += o.usage.completion ?? 0;
      if (o.usage.reasoning !== null) {
        anyReasoning = true;
        reasoning += o.usage.reasoning;
      }
    }
  }
  const s = spread(latencies);
  const categories: CategoryAccuracy[] | null = !categorised
    ? null
    : ANSWER_CATEGORIES.map((category) => {
      const c = byCategory.get(category)!;
      return {
        name: category,
        items: c.items,
        correct: c.correct,
        accuracy: c.items === 0 ? null : c.correct / c.items,
        interval: c.items === 0 ? null : wilsonInterval(c.correct, c.items),
      };
    });
  const left = disputed === null ? 0 : scored - disputed;
  return {
    name,
    role,
    items,
    scored,
    correct,
    accuracy: scored === 0 ? null : correct / scored,
    interval: scored === 0 ? null : wilsonInterval(correct, scored),
    errors,
    errorKinds: [...errorKinds.keys()].sort().map((k) => ({ name: k, count: errorKinds.get(k)! })),
    errorMessages: [...errorMessages.values()].sort(byFrequency),
    notAsked: items - scored - errors,
    reasons: counted(reasons, reasonOrder),
    tokens: { items: usageItems, prompt, completion, reasoning: anyReasoning ? reasoning : null },
    latencyMs: s === undefined ? null : { median: s.median, p95: s.p95 },
    categories,
    accuracyWithoutDisputed: disputed === null || left <= 0 ? null : correct / left,
  };
}

/**
 * Most frequent first; then by kind, status (none first) and message (none first), so that the
 * order never depends on the order of the records.
 */
function byFrequency(a: ErrorMessageCount, b: ErrorMessageCount): number {
  return b.count - a.count || compareText(a.kind, b.kind) ||
    (a.status ?? -1) - (b.status ?? -1) || compareText(a.message ?? "", b.message ?? "") ||
    (a.message === null ? 0 : 1) - (b.message === null ? 0 : 1);
}

/** Code-unit order, the same on every machine (not the locale's). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparison as counted, before the family's decision. */
interface Counted {
  readonly adapter: string;
  readonly baseline: string;
  readonly table: PairedTable;
  readonly reasons: readonly ReasonChange[];
  readonly transitions: readonly Transition[];
  readonly discordant: { readonly fixed: readonly ItemId[]; readonly broke: readonly ItemId[] };
  readonly errored: ErroredItems;
  readonly identical: number | null;
  /** Each category's table, in ANSWER_CATEGORIES order, or `null` when not known. */
  readonly categories: readonly PairedTable[] | null;
  /** The paired items' clusters in the order of their first items, or `null` when not known. */
  readonly clusters: readonly ClusterCounts[] | null;
  /** Each category's clusters, in ANSWER_CATEGORIES order, or `null` when either is not known. */
  readonly categoryClusters: readonly (readonly ClusterCounts[])[] | null;
  /**
   * The clusters with the errored items put back against the adapter and in its favour (as
   * `errorSensitivity` counts them), or `null` when the clusters are not known.
   */
  readonly erroredClusters: {
    readonly against: readonly ClusterCounts[];
    readonly favour: readonly ClusterCounts[];
  } | null;
}

/** A cluster's counts as they are gathered: its first item's index too. */
interface Gathered {
  first: number;
  items: number;
  onlyFirst: number;
  onlySecond: number;
}

/** Counts a paired item into its cluster of `into`. */
function gather(into: Map<string, Gathered>, key: string, index: number, d: number): void {
  let g = into.get(key);
  if (g === undefined) {
    g = { first: index, items: 0, onlyFirst: 0, onlySecond: 0 };
    into.set(key, g);
  }
  g.first = Math.min(g.first, index);
  g.items++;
  if (d > 0) g.onlyFirst++;
  else if (d < 0) g.onlySecond++;
}

/** The clusters of `paired` with the items of `more` added, in the order of their first items. */
function joined(paired: Map<string, Gathered>, more: Map<string, Gathered>): ClusterCounts[] {
  const all = new Map<string, Gathered>();
  for (const [key, g] of paired) all.set(key, { ...g });
  for (const [key, g] of more) {
    const known = all.get(key);
    if (known === undefined) all.set(key, { ...g });
    else {
      known.first = Math.min(known.first, g.first);
      known.items += g.items;
      known.onlyFirst += g.onlyFirst;
      known.onlySecond += g.onlySecond;
    }
  }
  return inOrder(all);
}

/** The clusters gathered, in the order of their first items (never of the answers). */
function inOrder(clusters: Map<string, Gathered>): ClusterCounts[] {
  return [...clusters.values()].sort((a, b) => a.first - b.first).map((g) => ({
    items: g.items,
    onlyFirst: g.onlyFirst,
    onlySecond: g.onlySecond,
  }));
}

function emptyTable(): {
  bothRight: number;
  onlyFirst: number;
  onlySecond: number;
  bothWrong: number;
} {
  return { bothRight: 0, onlyFirst: 0, onlySecond: 0, bothWrong: 0 };
}

/**
 * Counts a comparison in one pass over the adapter's outcomes: the table, each category's, the
 * reason-by-reason matrix, the discordant ids, the errored items and the identical replies. About
 * 100 lines, kept whole so that the items are walked once, not once per figure.
 */
function compare(
  adapter: string,
  baseline: string,
  adapterList: readonly Observation[],
  base: ByIndex,
  reasonOrder: readonly string[],
  categorised: boolean,
  clustered: boolean,
): Counted {
  const slot = new Map(reasonOrder.map((r, i) => [r, i]));
  const k = reasonOrder.length;
  const matrix = new Array<number>(k * k).fill(0);
  const fixedBy = new Array<number>(k).fill(0);
  const brokeBy = new Array<number>(k).fill(0);
  const fixed: ItemId[] = [];
  const broke: ItemId[] = [];
  let bothRight = 0;
  let bothWrong = 0;
  const errored = {
    firstErrorSecondRight: 0,
    firstErrorSecondWrong: 0,
    secondErrorFirstRight: 0,
    secondErrorFirstWrong: 0,
    bothError: 0,
  };
  let identical: number | null = 0;
  const byCategory = categorised ? ANSWER_CATEGORIES.map(emptyTable) : null;
  const categoryIndex = new Map(ANSWER_CATEGORIES.map((c, i) => [c, i]));
  const clusters = clustered ? new Map<string, Gathered>() : null;
  // The errored items, as errorSensitivity puts them back: against the adapter, in its favour.
  const against = new Map<string, Gathered>();
  const favour = new Map<string, Gathered>();
  const putBack = (o: Observation, worse: boolean, better: boolean) => {
    if (clusters === null) return;
    gather(against, o.cluster!, o.itemIndex, worse ? -1 : 0);
    gather(favour, o.cluster!, o.itemIndex, better ? 1 : 0);
  };
  const categoryClusters = clustered && categorised
    ? ANSWER_CATEGORIES.map(() => new Map<string, Gathered>())
    : null;
  for (const o of adapterList) {
    const b = base[o.itemIndex];
    if (b === undefined) continue;
    if (o.verdict === null) {
      if (b.verdict === null) errored.bothError++;
      else if (b.verdict.correct) errored.firstErrorSecondRight++;
      else errored.firstErrorSecondWrong++;
      // Against: only the baseline right unless it is wrong; in favour: only the adapter unless
      // the baseline is right.
      putBack(o, b.verdict === null || b.verdict.correct, b.verdict === null || !b.verdict.correct);
      continue;
    }
    if (b.verdict === null) {
      if (o.verdict.correct) errored.secondErrorFirstRight++;
      else errored.secondErrorFirstWrong++;
      putBack(o, !o.verdict.correct, o.verdict.correct);
      continue;
    }
    const from = slot.get(b.verdict.reason)!;
    const to = slot.get(o.verdict.reason)!;
    matrix[from * k + to]!++;
    const cell = byCategory?.[categoryIndex.get(o.category!)!];
    if (clusters !== null) {
      const d = (o.verdict.correct ? 1 : 0) - (b.verdict.correct ? 1 : 0);
      gather(clusters, o.cluster!, o.itemIndex, d);
      const inCategory = categoryClusters?.[categoryIndex.get(o.category!)!];
      if (inCategory !== undefined) gather(inCategory, o.cluster!, o.itemIndex, d);
    }
    if (identical !== null) {
      if (o.replyHash === undefined || b.replyHash === undefined) identical = null;
      else if (o.replyHash === b.replyHash) identical++;
    }
    if (o.verdict.correct && b.verdict.correct) {
      bothRight++;
      if (cell) cell.bothRight++;
    } else if (o.verdict.correct) {
      fixed.push(o.itemId);
      fixedBy[from]!++;
      if (cell) cell.onlyFirst++;
    } else if (b.verdict.correct) {
      broke.push(o.itemId);
      brokeBy[to]!++;
      if (cell) cell.onlySecond++;
    } else {
      bothWrong++;
      if (cell) cell.bothWrong++;
    }
  }
  fixed.sort(compareItemIds);
  broke.sort(compareItemIds);
  const reasons: ReasonChange[] = reasonOrder.map((reason, i) => {
    let asBaseline = 0;
    let asAdapter = 0;
    for (let j = 0; j < k; j++) {
      asBaseline += matrix[i * k + j]!;
      asAdapter += matrix[j * k + i]!;
    }
    return {
      reason,
      baseline: asBaseline,
      adapter: asAdapter,
      fixed: fixedBy[i]!,
      broke: brokeBy[i]!,
    };
  });
  const transitions: Transition[] = [];
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const count = matrix[i * k + j]!;
      if (count > 0) {
        transitions.push({ baseline: reasonOrder[i]!, adapter: reasonOrder[j]!, count });
      }
    }
  }
  return {
    adapter,
    baseline,
    table: { bothRight, onlyFirst: fixed.length, onlySecond: broke.length, bothWrong },
    reasons,
    transitions,
    discordant: { fixed, broke },
    errored,
    identical,
    categories: byCategory,
    clusters: clusters === null ? null : inOrder(clusters),
    categoryClusters: categoryClusters === null ? null : categoryClusters.map(inOrder),
    erroredClusters: clusters === null
      ? null
      : { against: joined(clusters, against), favour: joined(clusters, favour) },
  };
}

/**
 * The clusters of a comparison as the report gives them: present only when some cluster holds
 * two or more of its paired items.
 */
function clustersReport(d: FamilyDecision | null): { clusters?: ClustersReport } {
  const design = d?.design;
  if (design === null || design === undefined || design.clusters >= design.items) return {};
  return {
    clusters: {
      clusters: design.clusters,
      designEffect: design.designEffect,
      effectiveItems: design.effectiveItems,
      method: d!.method === "exact" ? "exact" : "clustered",
    },
  };
}

/**
 * The figures a comparison and each of its categories share, from its table (counted with the
 * adapter first, as the statistics take it) and its decided interval: the one place the table is
 * written in the report's words (`onlyAdapter`, `onlyBaseline`).
 */
function pairedFigures(t: PairedTable, d: CoherentInterval | null) {
  const n = t.bothRight + t.onlyFirst + t.onlySecond + t.bothWrong;
  const table: PairedCounts = {
    bothRight: t.bothRight,
    onlyAdapter: t.onlyFirst,
    onlyBaseline: t.onlySecond,
    bothWrong: t.bothWrong,
  };
  return {
    items: n,
    table,
    adapterAccuracy: n === 0 ? null : (t.bothRight + t.onlyFirst) / n,
    baselineAccuracy: n === 0 ? null : (t.bothRight + t.onlySecond) / n,
    difference: d === null ? null : d.difference,
    interval: d === null
      ? null
      : { lower: d.lower, upper: d.upper, level: d.level, testLevel: d.testLevel },
    pValue: d === null ? null : d.pValue,
    pAdjusted: d === null ? null : d.pAdjusted,
  };
}

function finish(
  c: Counted,
  decided: FamilyDecision | null,
  rule: DecisionRule,
): ReadingComparison {
  const t = c.table;
  const shared = pairedFigures(t, decided);
  const n = shared.items;
  const level = decided?.level ?? rule.alpha;
  const base = decided === null ? "inconclusive" : comparisonOutcome(decided, rule.margin);
  const ways = [base];
  const errors = c.errored.firstErrorSecondRight + c.errored.firstErrorSecondWrong +
    c.errored.secondErrorFirstRight + c.errored.secondErrorFirstWrong + c.errored.bothError;
  let sensitivity: ErrorSensitivityReport | null = null;
  if (errors > 0) {
    const s = clusteredWays(
      errorSensitivity(t, c.errored, { alpha: level, margin: rule.margin }),
      decided,
      c.erroredClusters,
      rule.margin,
    );
    const way = (w: typeof s.against) => ({
      difference: w.difference,
      interval: w.interval,
      pValue: w.pValue,
      outcome: w.outcome,
    });
    // With no paired item, the errors left out give no reading of their own.
    if (decided === null) ways.length = 0;
    ways.push(s.against.outcome, s.favour.outcome);
    sensitivity = {
      errors: s.errors,
      against: way(s.against),
      favour: way(s.favour),
      couldChange: ways.some((o) => o !== ways[0]),
      outcome: agreedOutcome(ways),
    };
  }
  const identical: IdenticalReplies | null = c.identical === null ? null : {
    items: c.identical,
    share: n === 0 ? null : c.identical / n,
    suspect: identicalSuspect(c.identical, n),
  };
  const categories = c.categories === null
    ? null
    : categoryComparisons(c.categories, c.categoryClusters, rule);
  const guardWorse = categories === null
    ? null
    : rule.guard.filter((g) => categories.find((x) => x.name === g)!.outcome === "worse");
  const outcome = identical?.suspect === true || decided === null
    ? "inconclusive"
    : agreedOutcome(ways);
  const sized = decided === null ? null : detectableFigures(t, decided, c.clusters);
  const figures = {
    adapter: c.adapter,
    baseline: c.baseline,
    ...shared,
    minimumDetectableDifference: sized,
    outcome,
    itemsToDecide: outcome === "inconclusive"
      ? clusteredItems(
        itemsToDecide({ ...shared, minimumDetectableDifference: sized, identical }, rule.margin),
        decided,
      )
      : null,
    errorSensitivity: sensitivity,
    identical,
    categories,
    guardWorse,
    ...clustersReport(decided),
    discordant: c.discordant,
  };
  const verdict = verdictSentence(figures, rule);
  const { discordant, ...head } = figures;
  return { ...head, verdict, reasons: c.reasons, transitions: c.transitions, discordant };
}

/**
 * The items that would decide a comparison the clustered test decides: the exact test's number of
 * independent items times the design effect (clustered as these are), `null` past
 * MAX_ITEMS_TO_DECIDE; as given otherwise.
 */
function clusteredItems(items: number | null, decided: FamilyDecision | null): number | null {
  const effect = decided?.design?.designEffect;
  if (items === null || decided?.method !== "clustered-betting" || !(effect! > 1)) return items;
  const scaled = Math.ceil(items * effect!);
  return scaled > MAX_ITEMS_TO_DECIDE ? null : scaled;
}

/**
 * The errors counted both ways, read as the comparison itself is: by the clustered test at its
 * level, the errored items in their clusters, when the clustered test decides it; else as given.
 */
function clusteredWays(
  s: ErrorSensitivity,
  decided: FamilyDecision | null,
  clusters: Counted["erroredClusters"],
  margin: number,
): ErrorSensitivity {
  if (decided?.method !== "clustered-betting" || clusters === null) return s;
  const way = (w: CountedComparison, k: readonly ClusterCounts[]): CountedComparison => {
    const c = clusteredDifference(k, { level: decided.testLevel });
    const interval = { lower: c.lower, upper: c.upper };
    return {
      table: w.table,
      difference: c.difference,
      interval,
      pValue: c.pValue,
      outcome: comparisonOutcome(interval, margin),
    };
  };
  const against = way(s.against, clusters.against);
  const favour = way(s.favour, clusters.favour);
  return { ...s, against, favour, differs: against.outcome !== favour.outcome };
}

/** A comparison's categories, each at its Holm level across the categories with items. */
function categoryComparisons(
  tables: readonly PairedTable[],
  clusters: readonly (readonly ClusterCounts[])[] | null,
  rule: DecisionRule,
): CategoryComparison[] {
  const decided = decideFamily(
    tables.map((table, i) => ({ table, clusters: clusters?.[i] ?? null })),
    rule.alpha,
  );
  return ANSWER_CATEGORIES.map((name, i) => {
    const d = decided[i]!;
    return {
      name,
      ...pairedFigures(tables[i]!, d),
      outcome: d === null ? "inconclusive" : comparisonOutcome(d, rule.margin),
      ...clustersReport(d),
    };
  });
}

function probeReport(probe: ReportInput["probe"]): ProbeReport {
  let same = 0;
  let different = 0;
  let inconclusive = 0;
  const differences = [];
  for (const c of probe.checks) {
    if (c.outcome === "same") same++;
    else if (c.outcome === "inconclusive") inconclusive++;
    else {
      different++;
      differences.push({
        model: c.model,
        itemId: c.itemId,
        detail: c.detail ?? "",
        ...(c.replica === undefined ? {} : { replica: c.replica }),
      });
    }
  }
  const checks = probe.checks.length;
  const result = different > 0
    ? "failed"
    : same > 0
    ? "passed"
    : inconclusive > 0
    ? "inconclusive"
    : probe.items === 0
    ? "off"
    : "not-run";
  return {
    batchInvariant: probe.batchInvariant,
    items: probe.items,
    checks,
    same,
    different,
    inconclusive,
    result,
    differences,
  };
}
