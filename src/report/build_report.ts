/**
 * Builds the report from each model's outcomes: the per-model figures, each adapter against the
 * baseline on the same items, and the trust section.
 *
 * @module
 */

import { pointDecimals, points, pText, signedPoints } from "./_format.ts";
import { replicasReport } from "./by_replica.ts";
import { holmAdjust } from "./holm.ts";
import { mcnemarExactP } from "./mcnemar.ts";
import { pairedDifferenceInterval } from "./paired_difference.ts";
import { spread } from "./quantile.ts";
import {
  type ComparisonReport,
  type ModelReport,
  type NamedCount,
  type Outcome,
  type ProbeReport,
  type ReasonChange,
  type Report,
  REPORT_SCHEMA,
  type Transition,
} from "./report.ts";
import type { Observation, ReportInput } from "./report_input.ts";
import { wilsonInterval } from "./wilson.ts";

/** The significance level the verdict uses, on the Holm-adjusted p-value. */
export const VERDICT_ALPHA = 0.05;

/**
 * Builds the report: for each model its counts, accuracy with a Wilson 95% interval, errors apart,
 * reasons, tokens and latency; for each adapter against the baseline, on the items both have a
 * verdict for, the 2×2 table, the difference with Newcombe's 95% interval, the exact McNemar
 * p-value, Holm-adjusted across adapters, a verdict in words, the reason-by-reason changes and the
 * discordant items; each replica's share of the outcomes with the chi-square test of homogeneity of
 * the baseline's accuracy across replicas; and the trust section. `reference/report.md` says how
 * each figure is computed.
 *
 * @param input The outcomes and the run's facts.
 * @returns The report.
 * @throws {RangeError} When a model has two outcomes for one item, or more outcomes than the
 *   split has items.
 *
 * @example
 * ```ts
 * import { buildReport, type Observation } from "@assess/assess/report";
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
 * assert.equal(report.comparisons[0]!.outcome, "no detectable difference");
 * ```
 */
export function buildReport(input: ReportInput): Report {
  const names = [input.baseline, ...input.adapters];
  const reasonOrder = orderReasons(input);
  const byModel = new Map<string, readonly Observation[]>();
  for (const name of names) {
    const list = input.observations.get(name) ?? [];
    checkObservations(name, list, input.run.items);
    byModel.set(name, list);
  }
  const models = names.map((name, i) =>
    modelReport(
      name,
      i === 0 ? "baseline" : "adapter",
      byModel.get(name)!,
      input.run.items,
      reasonOrder,
    )
  );
  const partial = input.adapters.map((adapter) =>
    compare(
      adapter,
      input.baseline,
      byModel.get(adapter)!,
      byModel.get(input.baseline)!,
      reasonOrder,
    )
  );
  const tested = partial.filter((c) => c.pValue !== null);
  const adjusted = holmAdjust(tested.map((c) => c.pValue!));
  const comparisons = partial.map((c) => {
    const at = tested.indexOf(c);
    return finish(c, at < 0 ? null : adjusted[at]!);
  });
  const scored = models.reduce((s, m) => s + m.scored, 0);
  const errors = models.reduce((s, m) => s + m.errors, 0);
  const notAsked = models.reduce((s, m) => s + m.notAsked, 0);
  const pairs = names.length * input.run.items;
  const complete = scored === pairs;
  return {
    schema: REPORT_SCHEMA,
    run: { ...input.run, complete },
    models,
    comparisons,
    replicas: replicasReport(names, byModel),
    trust: {
      scorer: input.scorer,
      digests: input.digests,
      probe: probeReport(input.probe),
      completeness: { complete, pairs, scored, missing: pairs - scored, errors, notAsked },
    },
  };
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

function checkObservations(model: string, list: readonly Observation[], items: number): void {
  if (list.length > items) {
    throw new RangeError(
      `buildReport: ${model} has ${list.length} outcomes, more than the split's ${items} items`,
    );
  }
  const seen = new Set<number>();
  for (const o of list) {
    if (seen.has(o.itemIndex)) {
      throw new RangeError(`buildReport: ${model} has two outcomes for item index ${o.itemIndex}`);
    }
    seen.add(o.itemIndex);
  }
}

function counted(counts: Map<string, number>, order: readonly string[]): NamedCount[] {
  return order.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

function modelReport(
  name: string,
  role: "baseline" | "adapter",
  list: readonly Observation[],
  items: number,
  reasonOrder: readonly string[],
): ModelReport {
  let scored = 0;
  let correct = 0;
  let errors = 0;
  const reasons = new Map<string, number>();
  const errorKinds = new Map<string, number>();
  const latencies: number[] = [];
  let usageItems = 0;
  let prompt = 0;
  let completion = 0;
  let reasoning = 0;
  let anyReasoning = false;
  for (const o of list) {
    if (o.verdict === null) {
      errors++;
      const kind = o.error ?? "unknown";
      errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
      continue;
    }
    scored++;
    if (o.verdict.correct) correct++;
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
    notAsked: items - scored - errors,
    reasons: counted(reasons, reasonOrder),
    tokens: { items: usageItems, prompt, completion, reasoning: anyReasoning ? reasoning : null },
    latencyMs: s === undefined ? null : { median: s.median, p95: s.p95 },
  };
}

type Unfinished = Omit<ComparisonReport, "pAdjusted" | "outcome" | "verdict">;

function compare(
  adapter: string,
  baseline: string,
  adapterList: readonly Observation[],
  baselineList: readonly Observation[],
  reasonOrder: readonly string[],
): Unfinished {
  const base = new Map<number, Observation>();
  for (const o of baselineList) if (o.verdict !== null) base.set(o.itemIndex, o);
  const slot = new Map(reasonOrder.map((r, i) => [r, i]));
  const k = reasonOrder.length;
  const matrix = new Array<number>(k * k).fill(0);
  const fixedBy = new Array<number>(k).fill(0);
  const brokeBy = new Array<number>(k).fill(0);
  const fixed: number[] = [];
  const broke: number[] = [];
  let bothRight = 0;
  let bothWrong = 0;
  for (const o of adapterList) {
    if (o.verdict === null) continue;
    const b = base.get(o.itemIndex);
    if (b === undefined) continue;
    const from = slot.get(b.verdict!.reason)!;
    const to = slot.get(o.verdict.reason)!;
    matrix[from * k + to]!++;
    if (o.verdict.correct && b.verdict!.correct) bothRight++;
    else if (o.verdict.correct) {
      fixed.push(o.itemId);
      fixedBy[from]!++;
    } else if (b.verdict!.correct) {
      broke.push(o.itemId);
      brokeBy[to]!++;
    } else bothWrong++;
  }
  fixed.sort((x, y) => x - y);
  broke.sort((x, y) => x - y);
  const table = { bothRight, onlyAdapter: fixed.length, onlyBaseline: broke.length, bothWrong };
  const n = bothRight + fixed.length + broke.length + bothWrong;
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
  const stats = n === 0 ? null : pairedDifferenceInterval({
    bothRight,
    onlyFirst: fixed.length,
    onlySecond: broke.length,
    bothWrong,
  });
  return {
    adapter,
    baseline,
    items: n,
    table,
    adapterAccuracy: n === 0 ? null : (bothRight + fixed.length) / n,
    baselineAccuracy: n === 0 ? null : (bothRight + broke.length) / n,
    difference: stats === null ? null : stats.difference,
    interval: stats === null ? null : { lower: stats.lower, upper: stats.upper },
    pValue: n === 0 ? null : mcnemarExactP(fixed.length, broke.length),
    reasons,
    transitions,
    discordant: { fixed, broke },
  };
}

function finish(c: Unfinished, pAdjusted: number | null): ComparisonReport {
  const { outcome, verdict } = describe(c, pAdjusted);
  const { reasons, transitions, discordant, ...head } = c;
  return { ...head, pAdjusted, outcome, verdict, reasons, transitions, discordant };
}

function describe(c: Unfinished, p: number | null): { outcome: Outcome; verdict: string } {
  if (c.difference === null || c.interval === null || p === null) {
    return {
      outcome: "no paired items",
      verdict: `${c.adapter} and ${c.baseline} have no item scored for both: nothing to compare`,
    };
  }
  const { lower, upper } = c.interval;
  const d = pointDecimals([c.difference, lower, upper]);
  const figures = `${signedPoints(c.difference, d)} points [${points(lower, d)}, ${
    points(upper, d)
  }], ${pText(p)}`;
  if (lower > 0 && p < VERDICT_ALPHA) {
    return { outcome: "better", verdict: `${c.adapter} is better than ${c.baseline}: ${figures}` };
  }
  if (upper < 0 && p < VERDICT_ALPHA) {
    return { outcome: "worse", verdict: `${c.adapter} is worse than ${c.baseline}: ${figures}` };
  }
  return {
    outcome: "no detectable difference",
    verdict: `no detectable difference between ${c.adapter} and ${c.baseline}: ${figures}`,
  };
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
