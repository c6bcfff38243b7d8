/**
 * The adapter from a results file (`src/results/`) to a {@linkcode ReportInput}: the latest
 * outcome of each (model, item), re-scored by the installed scorer when the run's scorer version is
 * not the installed one.
 *
 * @module
 */

import { type AnswerCategory, answerCategory } from "../dataset/category.ts";
import type { Item } from "../dataset/item.ts";
import { itemCluster } from "../dataset/cluster.ts";
import { detachedAnswers, detachedItem } from "../dataset/detached.ts";
import { callsFingerprint, replyFingerprint } from "../results/fingerprint.ts";
import { supersedes } from "../results/latest.ts";
import { readResults, type ResultsSource } from "../results/read_results.ts";
import type { BodyRecord, HeaderRecord, RecordedReply, ResultRecord } from "../results/records.ts";
import type { Scorer } from "../score/scorer.ts";
import { replyOf } from "./_rescore.ts";
import {
  type FromResultsOptions,
  needsRescoring,
  STANDS_RIGHT,
  STANDS_WRONG,
  type VerdictSources,
  verdictSources,
} from "./_verdict_sources.ts";
import type {
  DecisionRule,
  LenientFacts,
  Observation,
  ProbeCheck,
  ReportInput,
  ScorerTrust,
  Scoring,
  SweepInput,
} from "./report_input.ts";

export {
  type FromResultsOptions,
  LENIENT_NEEDS_ITEMS,
  needsRescoring,
} from "./_verdict_sources.ts";
import { refuseSamples } from "./samples_refusal.ts";
import { ItemSlots, ModelPairs, PairTables } from "./_pair_columns.ts";

/**
 * Turns a results file into what a report is built from, reading it line by line: memory holds
 * one line and what each (model, item) pair comes to, whatever the file's size. For each pair the
 * latest answer is taken, or the latest error when it was never answered (an error is never a
 * wrong answer; see `supersedes`). When {@linkcode needsRescoring} says so, every recorded reply is
 * scored again by the installed scorer (a reply the old scorer could not judge is read again from
 * its raw response), the scorer's self-test is run on the items, and the trust section says so;
 * no request is sent.
 *
 * @param source The results file's bytes, whole or as a stream of parts.
 * @param options The installed scorer, the items for re-scoring, and whether to keep verdicts.
 * @returns The report's input.
 * @throws {ResultsFileError} When the file is not a results file this assess reads, or has a
 *   broken line or record (see `readResults`), or a record for an item that is not the split's
 *   (not among the items given; without them, more items than `split.size`, or an index or an id
 *   with two items), or holds several samples per item (its header's `sampling.samples` above
 *   1), which the report cannot read yet.
 * @throws {TypeError} When re-scoring is needed and no items are given.
 *
 * @example
 * ```ts
 * import { buildReport } from "./build_report.ts";
 * import { reportInputFromResults } from "./from_results.ts";
 * import { lookupScorer } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const header = {
 *   kind: "header", format: "assess-results", formatVersion: 1, assessVersion: "0.1.0",
 *   startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c".repeat(64),
 *   dataset: { path: "d", sha256: "d".repeat(64) },
 *   split: { seed: "x", size: 1, digest: "e".repeat(64) },
 *   scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
 *   selftest: { passed: true, items: 1 }, server: { url: "http://127.0.0.1:8000/v1", models: ["b"] },
 *   models: { baseline: "b", adapters: [] },
 *   sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
 *   thinking: { mode: "off", templateKey: "enable_thinking" },
 *   probe: { batchInvariant: "not-required", items: 0 }, system: "",
 * };
 * const result = { kind: "result", model: "b", itemId: 7, itemIndex: 0, session: 1,
 *   requestDigest: "f".repeat(64), attempts: 1, latencyMs: 12, response: null, usage: null,
 *   error: null,
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   verdict: { correct: false, reason: "no-call", detail: "no call" } };
 * const bytes = new TextEncoder().encode(
 *   JSON.stringify(header) + "\n" + JSON.stringify(result) + "\n",
 * );
 * const input = await reportInputFromResults(bytes, { scorer: lookupScorer("xlam-tool-call") });
 * const report = buildReport(input);
 * assert.equal(report.models[0]!.scored, 1);
 * assert.equal(report.models[0]!.accuracy, 0);
 * ```
 */
export async function reportInputFromResults(
  source: ResultsSource,
  options: FromResultsOptions = {},
): Promise<ReportInput> {
  let fold: Fold | undefined;
  // The raw responses (most of the bytes) are read only to re-score.
  const responses = (header: HeaderRecord) =>
    needsRescoring(header, options.scorer, options.keepVerdicts ?? false);
  const read = await readResults(source, (record, header) => {
    (fold ??= new Fold(header, options)).add(record);
  }, { responses, splitItems: options.items });
  return (fold ?? new Fold(read.header, options)).finish();
}

/** What a results file comes to, record by record. */
class Fold {
  readonly #header: HeaderRecord;
  readonly #scorer: Scorer | undefined;
  /** The installed scorer's verdict, its failure's message (a string), or `null` with no reply. */
  readonly #judge: VerdictSources["judge"];
  readonly #scorerTrust: ScorerTrust;
  /** The items seen, each once. */
  readonly #items = new ItemSlots();
  /**
   * Each model's pairs: the observation of the record kept, in columns (`_pair_columns.ts`; the
   * file's records come to about a million), with whether its record was an error; a detail is
   * kept beside it (`#details`).
   */
  readonly #latest = new Map<string, ModelPairs>();
  readonly #models: readonly ModelPairs[];
  /**
   * The details of the verdicts of the items that may be disputed (every answer so far wrong,
   * with equal calls), by model (its place in `#models`) and pair.
   */
  readonly #details: readonly Map<number, string | undefined>[];
  /** One verdict object for each (correct, reason): a pair's verdict has no detail of its own. */
  readonly #verdicts = [
    new Map<string, Observation["verdict"]>(),
    new Map<string, Observation["verdict"]>(),
  ];
  /** One usage object for each set of counts. */
  readonly #usages = new Map<string, Observation["usage"]>();
  readonly #checks: ProbeCheck[] = [];
  readonly #byIndex: ReadonlyMap<number, Item> | undefined;
  readonly #decision: DecisionRule;
  #sessions = 0;
  /** Whether a category came from the items rather than the record. */
  #categoriesFromItems = false;
  /** Whether a cluster came from the items rather than the record. */
  #clustersFromItems = false;
  /** The categories computed from the items, by index. */
  readonly #itemCategories = new Map<number, AnswerCategory>();
  /** The clusters computed from the items, by index. */
  readonly #itemClusters = new Map<number, string>();
  /** The items with a detail kept: every answer so far wrong, with equal calls. */
  readonly #disputed = new Set<number>();
  readonly #strings = new Map<string, string>();
  /** The detail of the verdict `#observe` saw last. */
  #detail: string | undefined;
  /** The lenient verdict on a record's reply with its strict verdict, when the reading is made. */
  readonly #lenient: VerdictSources["lenient"];
  readonly #lenientFacts: LenientFacts;
  readonly #scoring: Scoring | undefined;

  constructor(header: HeaderRecord, options: FromResultsOptions) {
    refuseSamples(header);
    this.#header = header;
    this.#scorer = options.scorer;
    const sources = verdictSources(header, options);
    this.#decision = sources.decision;
    this.#byIndex = sources.byIndex;
    this.#judge = sources.judge;
    this.#scorerTrust = sources.scorerTrust;
    this.#lenient = sources.lenient;
    this.#lenientFacts = sources.lenientFacts;
    const tables = new PairTables();
    for (const name of [header.models.baseline, ...header.models.adapters]) {
      this.#latest.set(name, new ModelPairs(this.#items, tables));
    }
    this.#models = [...this.#latest.values()];
    this.#details = this.#models.map(() => new Map());
    this.#scoring = options.scoring;
  }

  add(record: BodyRecord): void {
    if (record.kind === "session") this.#sessions++;
    else if (record.kind === "probe-check") {
      this.#checks.push({
        model: record.model,
        itemId: record.itemId,
        outcome: record.outcome,
        detail: record.detail,
        ...(record.replica === undefined ? {} : { replica: record.replica.host }),
      });
    } else if (record.kind === "result") {
      const pairs = this.#latest.get(record.model);
      if (pairs === undefined) return; // a model the header does not compare
      const item = this.#items.slot(record.itemIndex, record.itemId);
      const kept = pairs.pairOf(item);
      const keptError = kept < 0 ? undefined : { error: pairs.recordError(kept) ? true : null };
      if (supersedes(keptError, record)) {
        const now = this.#observe(record);
        const model = this.#models.indexOf(pairs);
        if (kept >= 0) this.#details[model]!.delete(kept);
        const pair = pairs.put(item, { observation: now, recordError: record.error !== null });
        this.#dispute(now, model, item, pair, this.#detail);
      }
    }
  }

  /** One verdict object for all equal ones without a detail. */
  #verdict(correct: boolean, reason: string): NonNullable<Observation["verdict"]> {
    const known = this.#verdicts[correct ? 1 : 0]!;
    let v = known.get(reason);
    if (v === undefined) known.set(reason, v = Object.freeze({ correct, reason }));
    return v!;
  }

  /** One usage object for all equal ones. */
  #usage(u: NonNullable<ResultRecord["usage"]>): Observation["usage"] {
    const key = `${u.promptTokens},${u.completionTokens},${u.reasoningTokens}`;
    let usage = this.#usages.get(key);
    if (usage === undefined) {
      usage = Object.freeze({
        prompt: u.promptTokens,
        completion: u.completionTokens,
        reasoning: u.reasoningTokens,
      });
      this.#usages.set(key, usage);
    }
    return usage;
  }

  /** The observation of a record; its verdict's detail is left in `#detail`. */
  #observe(r: ResultRecord): Observation {
    let verdict: Observation["verdict"] = null;
    let detail: string | undefined;
    let reply: RecordedReply | null = r.reply;
    let error: string | null = r.error === null ? null : this.#intern(r.error.kind);
    let errorStatus = r.error?.status ?? null;
    let errorMessage = r.error === null ? undefined : this.#intern(r.error.message);
    if (this.#judge !== null) {
      const judged = this.#judge(r);
      if (typeof judged === "string") {
        error = "scorer";
        errorStatus = null;
        errorMessage = this.#intern(judged);
      } else if (judged !== null) {
        verdict = this.#verdict(judged.correct, judged.reason);
        detail = judged.detail;
        reply = judged.reply;
        error = null;
      }
    } else if (r.verdict !== null) {
      verdict = this.#verdict(r.verdict.correct, r.verdict.reason);
      detail = r.verdict.detail;
    }
    const u = r.usage;
    const category = r.category === undefined
      ? this.#categoryOf(r.itemIndex)
      : this.#intern(r.category);
    const cluster = r.cluster === undefined
      ? this.#clusterOf(r.itemIndex)
      : this.#intern(r.cluster);
    const answered = verdict !== null && reply !== null;
    let lenient: Observation["lenient"];
    if (this.#lenient !== null && verdict !== null) {
      const read = reply ?? replyOf(r, this.#header.sampling.maxTokens);
      lenient = read === null
        ? (verdict.correct ? STANDS_RIGHT : STANDS_WRONG)
        : this.#lenient(r, read, verdict.correct);
    }
    // One literal with every member, those it lacks set to undefined (which buildReport reads as
    // left out): every record's observation then has one shape and fits in one allocation.
    const observation = {
      itemIndex: r.itemIndex,
      itemId: r.itemId,
      verdict,
      error: verdict === null ? (error ?? "unknown") : null,
      errorStatus: verdict === null ? errorStatus : undefined,
      errorMessage: verdict === null ? errorMessage : undefined,
      latencyMs: r.latencyMs,
      usage: u === null ? null : this.#usage(u),
      category,
      cluster,
      replyHash: answered ? replyFingerprint(reply!) : undefined,
      // A wrong answer's calls matter only while no other model answered the item right.
      callsHash: answered && !verdict!.correct &&
          !this.#answeredRight(this.#items.find(r.itemIndex), this.#latest.get(r.model))
        ? callsFingerprint(reply!.calls, this.#header.scorer.ordering)
        : undefined,
      replica: r.replica === undefined ? undefined : this.#intern(r.replica.host),
      lenient,
    } as Observation;
    this.#detail = detail;
    return observation;
  }

  /**
   * Whether a model other than the one of `own` (its pairs) has a right answer for the item (of
   * this slot).
   */
  #answeredRight(item: number, own: ModelPairs | undefined): boolean {
    for (const pairs of this.#models) {
      if (pairs === own) continue;
      const pair = pairs.pairOf(item);
      if (pair >= 0 && pairs.verdict(pair)?.correct === true) return true;
    }
    return false;
  }

  /**
   * One string for all equal ones (a reason, an error's kind and message, a category, a replica's
   * host): each record's are new strings, and a pair keeps them.
   */
  #intern<T extends string>(text: T): T {
    const known = this.#strings.get(text);
    if (known !== undefined) return known as T;
    this.#strings.set(text, text);
    return text;
  }

  /** The cluster of its item, when the items are known. */
  #clusterOf(itemIndex: number): string | undefined {
    const item = this.#byIndex?.get(itemIndex);
    if (item === undefined) return undefined;
    this.#clustersFromItems = true;
    // Each item's tools are built once, not once per record of it.
    let cluster = this.#itemClusters.get(itemIndex);
    if (cluster === undefined) {
      cluster = this.#intern(itemCluster(detachedItem(item)));
      this.#itemClusters.set(itemIndex, cluster);
    }
    return cluster;
  }

  /** The category its item's answer gives, when the items are known. */
  #categoryOf(itemIndex: number): AnswerCategory | undefined {
    const item = this.#byIndex?.get(itemIndex);
    if (item === undefined) return undefined;
    this.#categoriesFromItems = true;
    // Each item's answers are built once and let go (an item kept for the report keeps its
    // texts only), not once per record of it.
    let category = this.#itemCategories.get(itemIndex);
    if (category === undefined) {
      category = answerCategory(detachedAnswers(item));
      this.#itemCategories.set(itemIndex, category);
    }
    return category;
  }

  /**
   * Keeps an answer's detail while its item may be disputed: every answer to it so far wrong,
   * with equal calls. Anything else lets go of the item's details: memory holds a detail only for
   * the items that may still be disputed.
   */
  #dispute(
    now: Observation,
    model: number,
    item: number,
    pair: number,
    detail: string | undefined,
  ): void {
    const o = now;
    if (o.verdict === null) return; // an error decides nothing yet
    const index = o.itemIndex;
    // A right answer ends a dispute, and most items never had one.
    if (o.verdict.correct && !this.#disputed.has(index)) return;
    let alike = !o.verdict.correct && o.callsHash !== null && o.callsHash !== undefined;
    if (alike) {
      this.#models.forEach((pairs, m) => {
        const other = pairs.pairOf(item);
        if (other < 0 || m === model) return;
        const v = pairs.verdict(other);
        if (v === null) return;
        if (v.correct || pairs.callsHash(other) !== o.callsHash) alike = false;
      });
    }
    if (alike) {
      this.#details[model]!.set(pair, detail);
      this.#disputed.add(index);
      return;
    }
    if (!this.#disputed.delete(index)) return;
    this.#models.forEach((pairs, m) => {
      const other = pairs.pairOf(item);
      if (other >= 0) this.#details[m]!.delete(other);
    });
  }

  finish(): ReportInput {
    const header = this.#header;
    const observations = new Map<string, Observation[]>();
    for (const [name, pairs] of this.#latest) {
      const details = this.#details[this.#models.indexOf(pairs)]!;
      const list: Observation[] = [];
      for (let pair = 0; pair < pairs.count; pair++) {
        const o = pairs.observation(pair);
        const detail = details.get(pair);
        list.push(detail === undefined ? o : { ...o, verdict: { ...o.verdict!, detail } });
      }
      observations.set(name, list);
    }
    return {
      run: {
        assessVersion: header.assessVersion,
        startedAt: header.startedAt,
        sessions: this.#sessions,
        splitSeed: header.split.seed,
        items: header.split.size,
      },
      baseline: header.models.baseline,
      adapters: header.models.adapters,
      reasons: this.#scorer !== undefined ? this.#scorer.reasons : [],
      observations,
      scorer: this.#scorerTrust,
      digests: {
        config: header.configDigest,
        dataset: header.dataset.sha256,
        split: header.split.digest,
      },
      probe: {
        batchInvariant: header.probe.batchInvariant,
        items: header.probe.items,
        checks: this.#checks,
      },
      decision: this.#decision,
      ...(this.#categoriesFromItems ? { categoriesFrom: "dataset" as const } : {}),
      ...(this.#clustersFromItems ? { clustersFrom: "dataset" as const } : {}),
      lenient: this.#lenientFacts,
      ...(this.#scoring === undefined ? {} : { scoring: this.#scoring }),
      ...sweepOf(header),
    };
  }
}

/** The sweep the header declares (adapters with a step), or nothing. */
function sweepOf(header: HeaderRecord): { sweep: SweepInput } | Record<string, never> {
  const steps = header.models.steps;
  if (steps === undefined) return {};
  const stepped = header.models.adapters.flatMap((adapter, i) => {
    const step = steps[i];
    return step === undefined || step === null ? [] : [{ adapter, step }];
  });
  if (stepped.length === 0) return {};
  const confirm = header.split.confirm;
  return {
    sweep: {
      steps: stepped,
      confirm: confirm === undefined ? null : { share: confirm.share, items: confirm.items },
    },
  };
}
