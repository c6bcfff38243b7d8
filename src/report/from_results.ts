/**
 * The adapter from a results file (`src/run/results.ts`) to a {@linkcode ReportInput}: the latest
 * outcome of each (model, item), re-scored by the installed scorer when the run's scorer version is
 * not the installed one.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import { readReply } from "../run/reply.ts";
import { type HeaderRecord, latestResults } from "../run/results.ts";
import { selftest } from "../score/selftest.ts";
import { type Reply, scoreOptions, type Scorer } from "../score/scorer.ts";
import type { TrustReport } from "./report.ts";
import type { Observation, ProbeCheck, ReportInput } from "./report_input.ts";
import type { ScannedResult, ScannedResults } from "./scan_results.ts";

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
 * import { needsRescoring, type HeaderRecord, xlamToolCall } from "@assess/assess";
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
 * Turns a results file into what a report is built from. For each (model, item) the latest answer
 * is taken, or the latest error when it was never answered (an error is never a wrong answer).
 * When {@linkcode needsRescoring} says so, every recorded reply is scored again by the installed
 * scorer (a reply the old scorer could not judge is read again from its raw response), the
 * scorer's self-test is run on the items, and the trust section says so; no request is sent.
 *
 * @param file The results file, as `scanResults` (or `readResults`) reads it; to re-score, with
 *   the replies (`scanResults(bytes, { replies: true })`).
 * @param options The installed scorer, the items for re-scoring, and whether to keep verdicts.
 * @returns The report's input.
 * @throws {TypeError} When re-scoring is needed and no items are given, or the file was read
 *   without its replies.
 * @throws {RangeError} When re-scoring meets a result for an item the items do not hold.
 *
 * @example
 * ```ts
 * import { buildReport, lookupScorer, reportInputFromResults, scanResults } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const header = {
 *   kind: "header", format: "assess-results", formatVersion: 1, assessVersion: "0.1.0",
 *   startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c", dataset: { path: "d", sha256: "s" },
 *   split: { seed: "x", size: 1, digest: "t" },
 *   scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
 *   selftest: { passed: true, items: 1 }, server: { url: "http://127.0.0.1:8000/v1", models: ["b"] },
 *   models: { baseline: "b", adapters: [] },
 *   sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
 *   thinking: { mode: "off", templateKey: "enable_thinking" },
 *   probe: { batchInvariant: "not-required", items: 0 }, system: "",
 * };
 * const result = { kind: "result", model: "b", itemId: 7, itemIndex: 0, session: 1,
 *   requestDigest: "r", attempts: 1, latencyMs: 12, response: null, usage: null, error: null,
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   verdict: { correct: false, reason: "no-call", detail: "no call" } };
 * const file = scanResults(new TextEncoder().encode(
 *   JSON.stringify(header) + "\n" + JSON.stringify(result) + "\n",
 * ));
 * const report = buildReport(reportInputFromResults(file, { scorer: lookupScorer("xlam-tool-call") }));
 * assert.equal(report.models[0]!.scored, 1);
 * assert.equal(report.models[0]!.accuracy, 0);
 * ```
 */
export function reportInputFromResults(
  file: ScannedResults,
  options: FromResultsOptions = {},
): ReportInput {
  const { header } = file;
  const scorer = options.scorer;
  const rescore = needsRescoring(header, scorer, options.keepVerdicts ?? false);
  const scoring = scoreOptions(header.scorer.ordering, header.scorer.toolCallParser);

  let judge: ((r: ScannedResult) => Observation["verdict"] | "scorer-error" | null) | null = null;
  let scorerTrust: TrustReport["scorer"];
  const base = {
    name: header.scorer.name,
    recordedVersion: header.scorer.version,
    ordering: header.scorer.ordering,
    toolCallParser: header.scorer.toolCallParser,
  };
  if (rescore) {
    const items = options.items;
    if (items === undefined) {
      throw new TypeError("reportInputFromResults: re-scoring needs the split's items");
    }
    const byIndex = new Map<number, Item>();
    for (const item of items) byIndex.set(item.index, item);
    const tested = selftest(scorer!, items, scoring);
    const maxTokens = header.sampling.maxTokens;
    judge = (r) => {
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
    scorerTrust = {
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
  } else {
    const note = scorer === undefined
      ? `${header.scorer.name} is not installed here: the recorded verdicts of version ${header.scorer.version} are used`
      : scorer.version !== header.scorer.version
      ? `the recorded verdicts of version ${header.scorer.version} are kept, as asked; ` +
        `version ${scorer.version} is installed`
      : null;
    scorerTrust = {
      ...base,
      version: header.scorer.version,
      verdicts: "recorded",
      note,
      selftest: { passed: header.selftest.passed, items: header.selftest.items, by: "run" },
    };
  }

  // The latest answer of each (model, item), or its latest error when it was never answered.
  const latest = new Map<string, ScannedResult[]>();
  for (const name of [header.models.baseline, ...header.models.adapters]) {
    latest.set(name, []);
  }
  for (const record of latestResults(file.records).values()) {
    latest.get(record.model)?.push(record);
  }
  const observations = new Map<string, Observation[]>();
  for (const [name, results] of latest) {
    const list: Observation[] = [];
    for (const r of results) {
      let verdict: Observation["verdict"] = null;
      let error: string | null = r.error === null ? null : r.error.kind;
      if (judge !== null) {
        const judged = judge(r);
        if (judged === "scorer-error") error = "scorer";
        else if (judged !== null) {
          verdict = judged;
          error = null;
        }
      } else if (r.verdict !== null) {
        verdict = { correct: r.verdict.correct, reason: r.verdict.reason };
      }
      const u = r.usage;
      list.push({
        itemIndex: r.itemIndex,
        itemId: r.itemId,
        verdict,
        error: verdict === null ? (error ?? "unknown") : null,
        latencyMs: r.latencyMs,
        usage: u === null || u === undefined ? null : {
          prompt: u.promptTokens,
          completion: u.completionTokens,
          reasoning: u.reasoningTokens,
        },
      });
    }
    observations.set(name, list);
  }

  const checks: ProbeCheck[] = [];
  let sessions = 0;
  for (const r of file.records) {
    if (r.kind === "session") sessions++;
    else if (r.kind === "probe-check") {
      checks.push({ model: r.model, itemId: r.itemId, outcome: r.outcome, detail: r.detail });
    }
  }
  return {
    run: {
      assessVersion: header.assessVersion,
      startedAt: header.startedAt,
      sessions,
      splitSeed: header.split.seed,
      items: header.split.size,
    },
    baseline: header.models.baseline,
    adapters: header.models.adapters,
    reasons: scorer !== undefined ? scorer.reasons : [],
    observations,
    scorer: scorerTrust,
    digests: {
      config: header.configDigest,
      dataset: header.dataset.sha256,
      split: header.split.digest,
    },
    probe: { batchInvariant: header.probe.batchInvariant, items: header.probe.items, checks },
  };
}

/** The recorded reply, or for a reply the old scorer could not judge, the one its body holds. */
function replyOf(r: ScannedResult, maxTokens: number): Reply | null {
  if (r.reply === undefined) {
    throw new TypeError(
      "reportInputFromResults: re-scoring needs the replies (scanResults with replies: true)",
    );
  }
  if (r.reply !== null) return r.reply;
  if (r.error?.kind !== "scorer" || !r.response || r.response.body === null) return null;
  const read = readReply(r.response.body, maxTokens);
  return read.ok ? read.reply : null;
}
