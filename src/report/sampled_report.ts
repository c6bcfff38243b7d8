/**
 * The report of a run that asked every item several times (`sampling.samples` above 1): each
 * model's accuracy as the mean of its per-item shares, pass@k and pass^k, the variance's parts,
 * and each adapter against the baseline by the paired test on per-item differences (the betting
 * interval of a bounded mean), Holm's procedure across adapters and the decision's
 * margin as for one sample. The samples of an item are never counted as independent answers.
 *
 * @module
 */

import { type AnswerCategory, answerCategory } from "../dataset/category.ts";
import { detachedAnswers } from "../dataset/detached.ts";
import type { ItemId } from "../dataset/item_id.ts";
import { resultKey, supersedes } from "../results/latest.ts";
import { readResults, type ResultsSource } from "../results/read_results.ts";
import { ResultsFileError } from "../results/results_file_error.ts";
import type { HeaderRecord, ResultRecord } from "../results/records.ts";
import type { ItemPanel } from "./report.ts";
import type { DecisionRule, LenientFacts, ScorerTrust, Scoring } from "./report_input.ts";
import {
  comparisonFigures,
  modelFigures,
  type SampledComparison,
  type SampledModel,
  type Tally,
} from "./sampled_figures.ts";

export type {
  SampledCategory,
  SampledCategoryComparison,
  SampledComparison,
  SampledCountedOutcome,
  SampledErrorSensitivity,
  SampledModel,
} from "./sampled_figures.ts";
import { replyOf } from "./_rescore.ts";
import {
  type FromResultsOptions,
  itemOf,
  needsRescoring,
  type VerdictSources,
  verdictSources,
} from "./_verdict_sources.ts";

/** The sampled report's schema name and version, its JSON's `schema` member. */
export const SAMPLED_REPORT_SCHEMA = "assess.sampled-report.v3";

/** The report of a results file of several samples per item. */
export interface SampledReport {
  /** {@linkcode SAMPLED_REPORT_SCHEMA}. */
  readonly schema: typeof SAMPLED_REPORT_SCHEMA;
  /** The results file's header. */
  readonly header: HeaderRecord;
  /** K. */
  readonly samples: number;
  /** The margin in points, from the decision rule. */
  readonly margin: number;
  /** The decision rule: the run's, or the configuration's given to the report. */
  readonly decision: DecisionRule;
  /** Who judged the answers: the recorded verdicts or the installed scorer's. */
  readonly scorer: ScorerTrust;
  /** Which reading decides, and whether the lenient one was made. */
  readonly scoring: { readonly decides: Scoring; readonly lenient: LenientFacts };
  /**
   * Where the items' categories came from: `results`, `dataset` (the items given), or `null`
   * (not known: no category figure, and the guard cannot be checked).
   */
  readonly categoriesFrom: "results" | "dataset" | null;
  /** Whether every (model, item, sample) has an answer. */
  readonly complete: boolean;
  /** Each model, baseline first. */
  readonly models: readonly SampledModel[];
  /** Each adapter against the baseline. */
  readonly comparisons: readonly SampledComparison[];
  /**
   * The items shown whole (`withSampledPanels`: each sample's reply and verdict by each model),
   * ascending by id; absent until it fills them in.
   */
  readonly panels?: readonly ItemPanel[];
}

/** Options of {@linkcode sampledReportFromResults}: those of `reportInputFromResults`. */
export type SampledReportOptions = FromResultsOptions;

/**
 * Reads a results file of several samples per item and computes its report: each (model, item,
 * sample)'s effective result (`supersedes`, as for one sample), judged as the options say (the
 * recorded verdict; the installed scorer's when its version is not the run's and the verdicts are
 * not kept; the lenient reading's when `scoring` is `lenient`), each model's per-item counts, and
 * the figures of `src/report/stats/` on them, per category too when the categories are known
 * (recorded, or from the items given).
 *
 * @param source The results file's bytes, whole or as a stream.
 * @param options The installed scorer, the items, whether to keep verdicts, the decision, the
 *   reading that decides. Default: the recorded verdicts and decision.
 * @returns The report.
 * @throws {ResultsFileError} When the file is not a results file this assess reads, or has a
 *   broken line or record (a result's sample not one the header allows included), or a record
 *   for an item that is not the split's (not among the items given; without them, more items than
 *   `split.size`, or an index or an id with two items), or when its header records a sweep
 *   (adapters' steps or `split.confirm`) with several samples per item.
 * @throws {RangeError} When its header's `sampling.samples` is not above 1 (read it with
 *   `reportInputFromResults`).
 * @throws {TypeError} When re-scoring or the lenient reading needs the items and none are given.
 *
 * @example
 * ```ts ignore
 * import { sampledReportFromResults } from "./sampled_report.ts";
 *
 * using file = await Deno.open("results.jsonl");
 * const report = await sampledReportFromResults(file.readable);
 * console.log(report.models.map((m) => [m.name, m.accuracy]));
 * ```
 */
export async function sampledReportFromResults(
  source: ResultsSource,
  options: SampledReportOptions = {},
): Promise<SampledReport> {
  let fold: SampleFold | undefined;
  const responses = (header: HeaderRecord) =>
    needsRescoring(header, options.scorer, options.keepVerdicts ?? false);
  // The reader refuses a result whose sample the header does not allow.
  const read = await readResults(source, (record, header) => {
    if (record.kind !== "result") return;
    (fold ??= new SampleFold(header, options)).add(record);
  }, { responses, splitItems: options.items });
  return (fold ?? new SampleFold(read.header, options)).finish();
}

/** Each (model, item, sample)'s effective state, and the items' categories. */
class SampleFold {
  readonly #header: HeaderRecord;
  readonly #options: SampledReportOptions;
  readonly #sources: VerdictSources;
  /** Each (model, item, sample)'s state: right, wrong, or an error. */
  readonly #latest = new Map<string, { error: null | true; right: boolean | null }>();
  readonly #categories = new Map<number, AnswerCategory>();
  /** Each item's id by its index. */
  readonly #ids = new Map<number, ItemId>();
  #categorised = true;
  #fromItems = false;

  constructor(header: HeaderRecord, options: SampledReportOptions) {
    const samples = header.sampling.samples ?? 1;
    if (samples <= 1) {
      throw new RangeError("sampledReportFromResults: the file holds one sample per item");
    }
    const sweep = [
      ...(header.models.steps === undefined ? [] : ["models.adapters[].step"]),
      ...(header.split.confirm === undefined ? [] : ["split.confirm"]),
    ];
    if (sweep.length > 0) {
      throw new ResultsFileError(
        `the results file holds a sweep (${sweep.join(" and ")}) with ${samples} samples per ` +
          "item (sampling.samples), which the report of several samples per item cannot read: " +
          "it has no sweep",
        1,
      );
    }
    if (options.scoring === "lenient" && options.items === undefined) {
      throw new TypeError("sampledReportFromResults: the lenient reading needs the split's items");
    }
    this.#header = header;
    this.#options = options;
    this.#sources = verdictSources(header, options);
  }

  add(record: ResultRecord): void {
    const key = resultKey(record.model, record.itemIndex, record.sample);
    const next = { error: record.error === null ? null : true } as const;
    if (!supersedes(this.#latest.get(key), next)) return;
    const right = this.#judge(record);
    this.#latest.set(key, { error: right === null ? true : null, right });
    this.#ids.set(record.itemIndex, record.itemId);
    this.#category(record);
  }

  /** Whether the record's answer is right under the reading that decides, or `null`: an error. */
  #judge(r: ResultRecord): boolean | null {
    const { judge, lenient } = this.#sources;
    let correct: boolean | null = r.error === null ? r.verdict?.correct === true : null;
    let reply = r.reply;
    if (judge !== null) {
      const judged = judge(r);
      correct = judged === null || typeof judged === "string" ? null : judged.correct;
      if (judged !== null && typeof judged !== "string") reply = judged.reply;
    }
    if (correct === null || correct || this.#options.scoring !== "lenient" || lenient === null) {
      return correct;
    }
    const read = reply ?? replyOf(r, this.#header.sampling.maxTokens);
    return read === null ? false : lenient(r, read, false)?.correct === true;
  }

  #category(r: ResultRecord): void {
    if (!this.#categorised || this.#categories.has(r.itemIndex)) return;
    if (r.category !== undefined) {
      this.#categories.set(r.itemIndex, r.category);
    } else if (this.#sources.byIndex !== undefined) {
      this.#categories.set(
        r.itemIndex,
        answerCategory(detachedAnswers(itemOf(this.#sources.byIndex, r))),
      );
      this.#fromItems = true;
    } else {
      this.#categorised = false;
    }
  }

  finish(): SampledReport {
    const header = this.#header;
    const samples = header.sampling.samples!;
    const names = [header.models.baseline, ...header.models.adapters];
    const tallies = new Map(names.map((n) => [n, new Map<number, Tally>()]));
    for (const [key, state] of this.#latest) {
      const [index, model] = key.split("\u0000") as [string, string];
      const perItem = tallies.get(model);
      if (perItem === undefined) continue; // a model the header does not compare
      const item = Number(index);
      const t = perItem.get(item) ?? { asked: 0, right: 0, errors: 0 };
      if (state.error !== null) t.errors++;
      else {
        t.asked++;
        if (state.right === true) t.right++;
      }
      perItem.set(item, t);
    }
    const rule = this.#sources.decision;
    const categories = this.#categorised ? this.#categories : null;
    const models = names.map((name, n) =>
      modelFigures(name, n === 0 ? "baseline" : "adapter", tallies.get(name)!, {
        samples,
        splitItems: header.split.size,
        categories,
        alpha: rule.alpha,
      })
    );
    const comparisons = comparisonFigures(
      { name: header.models.baseline, tallies: tallies.get(header.models.baseline)! },
      header.models.adapters.map((name) => ({ name, tallies: tallies.get(name)! })),
      { samples, categories, rule, ids: this.#ids },
    );
    return {
      schema: SAMPLED_REPORT_SCHEMA,
      header,
      samples,
      margin: (this.#options.decision ?? header.decision)?.margin ?? 0,
      decision: rule,
      scorer: this.#sources.scorerTrust,
      scoring: {
        decides: this.#options.scoring ?? "strict",
        lenient: this.#sources.lenientFacts,
      },
      categoriesFrom: categories === null ? null : this.#fromItems ? "dataset" : "results",
      complete: models.every((m) => m.notAsked === 0 && m.errors === 0),
      models,
      comparisons,
    };
  }
}
