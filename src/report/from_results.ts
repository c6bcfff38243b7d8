/**
 * The adapter from a results file (`src/results/`) to a {@linkcode ReportInput}: the latest
 * outcome of each (model, item), re-scored by the installed scorer when the run's scorer version is
 * not the installed one.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import { supersedes } from "../results/latest.ts";
import { readResults, type ResultsSource } from "../results/read_results.ts";
import type { BodyRecord, HeaderRecord, ResultRecord } from "../results/records.ts";
import { readReply } from "../results/reply.ts";
import { selftest } from "../score/selftest.ts";
import { type Reply, scoreOptions, type Scorer } from "../score/scorer.ts";
import type { Observation, ProbeCheck, ReportInput, ScorerTrust } from "./report_input.ts";

/** Options of {@linkcode reportInputFromResults}. */
export interface FromResultsOptions {
  /**
   * The scorer installed now under the header's scorer name (`lookupScorer(name)`), or
   * `undefined` when none is: then the recorded verdicts are used.
   */
  readonly scorer?: Scorer | undefined;
  /**
   * The split's held-out items, in order: needed only to re-score (see
   * {@linkcode needsRescoring}).
   */
  readonly items?: readonly Item[] | undefined;
  /** Keep the recorded verdicts even when the installed scorer's version differs. Default false. */
  readonly keepVerdicts?: boolean | undefined;
}

/**
 * Whether a report on this file re-scores its replies: the scorer named in the header is
 * installed, its version is not the one the run recorded, and the recorded verdicts are not to be
 * kept. Re-scoring needs the split's items (the dataset and the configuration).
 *
 * @param header The results file's header.
 * @param scorer The scorer installed under the header's scorer name, or `undefined`.
 * @param keepVerdicts Whether the recorded verdicts are to be kept.
 * @returns Whether to re-score.
 *
 * @example
 * ```ts
 * import { needsRescoring } from "@assess/assess/report";
 * import type { HeaderRecord } from "@assess/assess/results";
 * import { xlamToolCall } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const header = { scorer: { name: "xlam-tool-call", version: "0" } } as HeaderRecord;
 * assert.equal(needsRescoring(header, xlamToolCall, false), true);
 * assert.equal(needsRescoring(header, xlamToolCall, true), false);
 * assert.equal(needsRescoring(header, undefined, false), false);
 * ```
 */
export function needsRescoring(
  header: HeaderRecord,
  scorer: Scorer | undefined,
  keepVerdicts: boolean,
): boolean {
  return scorer !== undefined && scorer.version !== header.scorer.version && !keepVerdicts;
}

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
 *   broken line or record (see `readResults`).
 * @throws {TypeError} When re-scoring is needed and no items are given.
 * @throws {RangeError} When re-scoring meets a result for an item the items do not hold.
 *
 * @example
 * ```ts
 * import { buildReport, reportInputFromResults } from "@assess/assess/report";
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
  // The raw responses (most of the bytes) are read only to re-score, which needs the items.
  const responses = options.items !== undefined;
  const read = await readResults(source, (record, header) => {
    (fold ??= new Fold(header, options)).add(record);
  }, { responses });
  return (fold ?? new Fold(read.header, options)).finish();
}

/** An observation, and whether the record it came from was an answer (for `supersedes`). */
interface Kept {
  readonly error: null | true;
  readonly observation: Observation;
}

/** What a results file comes to, record by record. */
class Fold {
  readonly #header: HeaderRecord;
  readonly #scorer: Scorer | undefined;
  readonly #judge: ((r: ResultRecord) => Observation["verdict"] | "scorer-error" | null) | null;
  readonly #scorerTrust: ScorerTrust;
  readonly #latest = new Map<string, Map<number, Kept>>();
  readonly #checks: ProbeCheck[] = [];
  #sessions = 0;

  constructor(header: HeaderRecord, options: FromResultsOptions) {
    this.#header = header;
    const scorer = this.#scorer = options.scorer;
    const rescore = needsRescoring(header, scorer, options.keepVerdicts ?? false);
    const scoring = scoreOptions(header.scorer.ordering, header.scorer.toolCallParser);
    const base = {
      name: header.scorer.name,
      recordedVersion: header.scorer.version,
      ordering: header.scorer.ordering,
      toolCallParser: header.scorer.toolCallParser,
    };
    for (const name of [header.models.baseline, ...header.models.adapters]) {
      this.#latest.set(name, new Map());
    }
    if (!rescore) {
      this.#judge = null;
      const note = scorer === undefined
        ? `${header.scorer.name} is not installed here: the recorded verdicts of version ${header.scorer.version} are used`
        : scorer.version !== header.scorer.version
        ? `the recorded verdicts of version ${header.scorer.version} are kept, as asked; ` +
          `version ${scorer.version} is installed`
        : null;
      this.#scorerTrust = {
        ...base,
        version: header.scorer.version,
        verdicts: "recorded",
        note,
        selftest: { passed: header.selftest.passed, items: header.selftest.items, by: "run" },
      };
      return;
    }
    const items = options.items;
    if (items === undefined) {
      throw new TypeError("reportInputFromResults: re-scoring needs the split's items");
    }
    const byIndex = new Map<number, Item>();
    for (const item of items) byIndex.set(item.index, item);
    const tested = selftest(scorer!, items, scoring);
    const maxTokens = header.sampling.maxTokens;
    this.#judge = (r) => {
      const reply = replyOf(r, maxTokens);
      if (reply === null) return null;
      const item = byIndex.get(r.itemIndex);
      if (item === undefined) {
        throw new RangeError(
          `the results hold item ${r.itemId} (index ${r.itemIndex}), which the split does not`,
        );
      }
      try {
        const v = scorer!.score(item, reply, scoring);
        return { correct: v.correct === true, reason: String(v.reason) };
      } catch {
        return "scorer-error";
      }
    };
    this.#scorerTrust = {
      ...base,
      version: scorer!.version,
      verdicts: "rescored",
      note: `the recorded replies were re-scored by ${scorer!.name} ${scorer!.version} (the run ` +
        `recorded version ${header.scorer.version}); no request was sent`,
      selftest: {
        passed: tested.failedItems === 0 && tested.faultyItems === 0,
        items: tested.items,
        by: "report",
      },
    };
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
      const kept = pairs.get(record.itemIndex);
      const next = { error: record.error === null ? null : true } as const;
      if (supersedes(kept, next)) {
        pairs.set(record.itemIndex, { ...next, observation: this.#observe(record) });
      }
    }
  }

  #observe(r: ResultRecord): Observation {
    let verdict: Observation["verdict"] = null;
    let error: string | null = r.error === null ? null : r.error.kind;
    if (this.#judge !== null) {
      const judged = this.#judge(r);
      if (judged === "scorer-error") error = "scorer";
      else if (judged !== null) {
        verdict = judged;
        error = null;
      }
    } else if (r.verdict !== null) {
      verdict = { correct: r.verdict.correct, reason: r.verdict.reason };
    }
    const u = r.usage;
    return {
      itemIndex: r.itemIndex,
      itemId: r.itemId,
      verdict,
      error: verdict === null ? (error ?? "unknown") : null,
      latencyMs: r.latencyMs,
      usage: u === null
        ? null
        : { prompt: u.promptTokens, completion: u.completionTokens, reasoning: u.reasoningTokens },
      ...(r.replica === undefined ? {} : { replica: r.replica.host }),
    };
  }

  finish(): ReportInput {
    const header = this.#header;
    const observations = new Map<string, Observation[]>();
    for (const [name, pairs] of this.#latest) {
      observations.set(name, [...pairs.values()].map((k) => k.observation));
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
    };
  }
}

/** The recorded reply, or for a reply the old scorer could not judge, the one its body holds. */
function replyOf(r: ResultRecord, maxTokens: number): Reply | null {
  if (r.reply !== null) return r.reply;
  if (r.error?.kind !== "scorer" || !r.response || r.response.body === null) return null;
  const read = readReply(r.response.body, maxTokens);
  return read.ok ? read.reply : null;
}
