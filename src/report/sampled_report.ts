/**
 * The report of a run that asked every item several times (`sampling.samples` above 1): each
 * model's accuracy as the mean of its per-item shares, pass@k and pass^k, the variance's parts,
 * and each adapter against the baseline by the paired t test on per-item differences, Holm's
 * procedure across adapters and the decision's margin as for one sample. The samples of an item
 * are never counted as independent answers.
 *
 * @module
 */

import { resultKey, supersedes } from "../results/latest.ts";
import { readResults, type ResultsSource } from "../results/read_results.ts";
import type { HeaderRecord } from "../results/records.ts";
import { type ComparisonOutcome, comparisonOutcome } from "./stats/comparison_outcome.ts";
import { holmAdjust, holmLevels } from "./stats/holm.ts";
import { type PassAtK, passK } from "./stats/pass_k.ts";
import { sampledAccuracy, type SampledItem } from "./stats/sampled_accuracy.ts";
import { sampledDifference } from "./stats/sampled_difference.ts";
import { differenceVariance, sampledDetectable } from "./stats/sampled_planning.ts";

/** The family-wise level of the comparisons (as for one sample). */
const ALPHA = 0.05;

/** One model's figures over items asked several times. */
export interface SampledModel {
  /** The served name. */
  readonly name: string;
  /** `baseline` or `adapter`. */
  readonly role: "baseline" | "adapter";
  /** `sampling.samples`: K. */
  readonly samples: number;
  /** Items with at least one answer. */
  readonly items: number;
  /** Answers recorded (errors left out), over every item and sample. */
  readonly answers: number;
  /** Samples whose latest record is an error. */
  readonly errors: number;
  /** The mean over items of each item's share of right answers. */
  readonly accuracy: number;
  /** Its 95% t interval from the per-item shares. */
  readonly interval: { readonly lower: number; readonly upper: number; readonly level: number };
  /** The within-item variance (see `sampledAccuracy`), or `null`. */
  readonly withinVariance: number | null;
  /** The between-item variance, or `null`. */
  readonly betweenVariance: number | null;
  /** pass@k and pass^k for k = 1 to K. */
  readonly passK: readonly PassAtK[];
}

/** An adapter against the baseline on the items both answered. */
export interface SampledComparison {
  /** The adapter. */
  readonly adapter: string;
  /** The baseline. */
  readonly baseline: string;
  /** Items both answered at least once. */
  readonly items: number;
  /** `paired-t`: the paired t test on the per-item differences of shares. */
  readonly method: "paired-t";
  /** The adapter's mean per-item share on those items. */
  readonly adapterAccuracy: number;
  /** The baseline's. */
  readonly baselineAccuracy: number;
  /** The mean per-item difference, adapter minus baseline. */
  readonly difference: number;
  /** The t interval at the level Holm's procedure decides it at (`testLevel` = `level`). */
  readonly interval: {
    readonly lower: number;
    readonly upper: number;
    readonly level: number;
    readonly testLevel: number;
  };
  /** The paired t test's two-sided p-value. */
  readonly pValue: number;
  /** Holm-adjusted across the adapters. */
  readonly pAdjusted: number;
  /** The outcome against the decision's margin. */
  readonly outcome: ComparisonOutcome;
  /**
   * The smallest true difference detected with power 0.8 at `level` by K samples of these items,
   * and what twice the samples or twice the items would detect; `null` without the variance's parts.
   */
  readonly minimumDetectableDifference: {
    readonly difference: number;
    readonly withTwiceTheSamples: number;
    readonly withTwiceTheItems: number;
    readonly betweenVariance: number;
    readonly withinVariance: number;
    readonly level: number;
    readonly power: number;
  } | null;
}

/** The report of a results file of several samples per item. */
export interface SampledReport {
  /** The results file's header. */
  readonly header: HeaderRecord;
  /** K. */
  readonly samples: number;
  /** The margin in points, from the header's decision (0 without one). */
  readonly margin: number;
  /** Each model, baseline first. */
  readonly models: readonly SampledModel[];
  /** Each adapter against the baseline. */
  readonly comparisons: readonly SampledComparison[];
}

/**
 * Reads a results file of several samples per item and computes its report: each (model, item,
 * sample)'s effective result (`supersedes`, as for one sample), each model's per-item counts, and
 * the figures of `src/report/stats/` on them. Uses the recorded verdicts.
 *
 * @param source The results file's bytes, whole or as a stream.
 * @returns The report.
 * @throws {ResultsFileError} When the file is not a results file this assess reads, or has a
 *   broken line or record (a result's sample not one the header allows included).
 * @throws {RangeError} When its header's `sampling.samples` is not above 1 (read it with
 *   `reportInputFromResults`).
 *
 * @example
 * ```ts ignore
 * import { sampledReportFromResults } from "@assess/assess/report";
 *
 * using file = await Deno.open("results.jsonl");
 * const report = await sampledReportFromResults(file.readable);
 * console.log(report.models.map((m) => [m.name, m.accuracy]));
 * ```
 */
export async function sampledReportFromResults(source: ResultsSource): Promise<SampledReport> {
  // Each (model, item, sample)'s effective state: true right, false wrong, null an error.
  const latest = new Map<string, { error: null | true; right: boolean | null }>();
  // The reader refuses a result whose sample the header does not allow.
  const read = await readResults(source, (record) => {
    if (record.kind !== "result") return;
    const key = resultKey(record.model, record.itemIndex, record.sample);
    if (!supersedes(latest.get(key), record)) return;
    latest.set(key, {
      error: record.error === null ? null : true,
      right: record.error === null ? record.verdict?.correct === true : null,
    });
  }, { responses: false });
  const header = read.header;
  const samples = header.sampling.samples ?? 1;
  if (samples <= 1) {
    throw new RangeError("sampledReportFromResults: the file holds one sample per item");
  }
  const names = [header.models.baseline, ...header.models.adapters];
  const counts = new Map(
    names.map((n) => [n, new Map<number, { asked: number; right: number }>()]),
  );
  const errors = new Map(names.map((n) => [n, 0]));
  for (const [key, state] of latest) {
    const [index, model] = key.split("\u0000") as [string, string];
    const perItem = counts.get(model);
    if (perItem === undefined) continue;
    if (state.error !== null) {
      errors.set(model, errors.get(model)! + 1);
      continue;
    }
    const item = Number(index);
    const c = perItem.get(item) ?? { asked: 0, right: 0 };
    c.asked++;
    if (state.right === true) c.right++;
    perItem.set(item, c);
  }
  const models = names.map((name, n): SampledModel => {
    const items: SampledItem[] = [...counts.get(name)!.values()];
    const a = sampledAccuracy(items, { level: ALPHA });
    return {
      name,
      role: n === 0 ? "baseline" : "adapter",
      samples,
      items: a.items,
      answers: items.reduce((s, i) => s + i.asked, 0),
      errors: errors.get(name)!,
      accuracy: a.accuracy,
      interval: { lower: a.lower, upper: a.upper, level: ALPHA },
      withinVariance: a.withinVariance,
      betweenVariance: a.betweenVariance,
      passK: passK(items, samples, { level: ALPHA }),
    };
  });
  const base = counts.get(header.models.baseline)!;
  const paired = header.models.adapters.map((adapter) => {
    const mine = counts.get(adapter)!;
    const pairs = [...mine].flatMap(([item, first]) => {
      const second = base.get(item);
      return second === undefined ? [] : [{ first, second }];
    });
    const shares = pairs.map((p) => ({
      first: p.first.right / p.first.asked,
      second: p.second.right / p.second.asked,
    }));
    return { adapter, pairs, shares, test: sampledDifference(shares, { level: ALPHA }) };
  });
  const pValues = paired.map((p) => p.test.pValue);
  const levels = holmLevels(pValues, ALPHA);
  const adjusted = holmAdjust(pValues);
  const margin = header.decision?.margin ?? 0;
  const comparisons = paired.map(({ adapter, pairs, shares, test }, n): SampledComparison => {
    const level = levels[n]!.level;
    const d = sampledDifference(shares, { level });
    const mean = (pick: (s: { first: number; second: number }) => number) =>
      shares.length === 0 ? 0 : shares.reduce((s, x) => s + pick(x), 0) / shares.length;
    const parts = differenceVariance(pairs);
    const plan = (items: number, k: number) =>
      sampledDetectable({ between: parts.between!, within: parts.within! }, {
        items,
        samples: k,
        alpha: level,
      });
    return {
      adapter,
      baseline: header.models.baseline,
      items: d.items,
      method: "paired-t",
      adapterAccuracy: mean((s) => s.first),
      baselineAccuracy: mean((s) => s.second),
      difference: d.difference,
      interval: { lower: d.lower, upper: d.upper, level, testLevel: level },
      pValue: test.pValue,
      pAdjusted: adjusted[n]!,
      outcome: comparisonOutcome({ lower: d.lower, upper: d.upper }, margin / 100),
      minimumDetectableDifference: parts.between === null || parts.within === null ? null : {
        difference: plan(parts.items, samples),
        withTwiceTheSamples: plan(parts.items, 2 * samples),
        withTwiceTheItems: plan(2 * parts.items, samples),
        betweenVariance: parts.between,
        withinVariance: parts.within,
        level,
        power: 0.8,
      },
    };
  });
  return { header, samples, margin, models, comparisons };
}
