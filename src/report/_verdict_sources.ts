/**
 * Where a report's verdicts come from: the recorded ones or the installed scorer's (re-scoring),
 * the lenient reading, and the decision rule, the same for one sample per item
 * (`from_results.ts`) and several (`sampled_report.ts`). Private to `src/report/`.
 *
 * @module
 */

import { itemIdShown } from "../dataset/item_id.ts";
import type { AnswerCategory } from "../dataset/category.ts";
import type { Item } from "../dataset/item.ts";
import { type DatasetItem, detachedItem } from "../dataset/dataset.ts";
import type { HeaderRecord, RecordedReply, ResultRecord } from "../results/records.ts";
import { selftest } from "../score/selftest.ts";
import { scoreOptions, type Scorer } from "../score/scorer.ts";
import { lenientVerdictIfJudged } from "../score/lenient.ts";
import { VERDICT_ALPHA } from "./build_report.ts";
import { rejudge } from "./_rescore.ts";
import { marginText } from "./verdict.ts";
import type {
  DecisionRule,
  LenientFacts,
  Observation,
  ScorerTrust,
  Scoring,
} from "./report_input.ts";

/** Options of `reportInputFromResults` and `sampledReportFromResults`. */
export interface FromResultsOptions {
  /**
   * The scorer installed now under the header's scorer name (`lookupScorer(name)`), or
   * `undefined` when none is: then the recorded verdicts are used.
   */
  readonly scorer?: Scorer | undefined;
  /**
   * The split's held-out items, in order: needed to re-score (see {@linkcode needsRescoring}), and
   * used for the categories of results recorded without one (a file of format version 1).
   */
  readonly items?: readonly Item[] | undefined;
  /** Keep the recorded verdicts even when the installed scorer's version differs. Default false. */
  readonly keepVerdicts?: boolean | undefined;
  /**
   * The decision of the configuration given to the report (`decision` of `assess.yaml`: the
   * margin in points, the guarded categories), used instead of the one the results file recorded
   * when the run started (the report says so when they differ). Default: the recorded one.
   */
  readonly decision?: {
    readonly margin: number;
    readonly guard: readonly AnswerCategory[];
  } | undefined;
  /**
   * Which reading's verdicts decide: `strict` (default) or `lenient`. The lenient reading
   * (`reference/scorers.md`, "Lenient scoring") is made whenever the items are given and the
   * installed scorer has one (`xlam-tool-call`); `lenient` needs it made.
   */
  readonly scoring?: Scoring | undefined;
}

/** Why the lenient reading is not made without the items. */
export const LENIENT_NEEDS_ITEMS: string =
  "lenient scoring was not computed: it reads the run's answers and tools, so it needs -config " +
  "(the run's assess.yaml and its dataset)";

/** A result's item, from the split's items by index. */
export function itemOf(byIndex: ReadonlyMap<number, Item>, r: ResultRecord): Item {
  const item = byIndex.get(r.itemIndex);
  if (item === undefined) {
    throw new RangeError(
      `the results hold item ${
        itemIdShown(r.itemId)
      } (index ${r.itemIndex}), which the split does not`,
    );
  }
  return item;
}

/**
 * An item with its tools and answers built for this use only: the dataset's item keeps nothing
 * it built (what reading every item once, as a self-test does, or a wrong reply's item, needs in
 * memory bounded by what is used at once); an item `loadDataset` did not build is itself.
 */
function detached(item: Item): Item {
  return detachedItem(item as DatasetItem);
}

/** The items in each self-test call: few enough that their tools, built for it, are let go. */
const SELFTEST_BATCH = 1024;

/**
 * `selftest`'s counts over the items, each built for it alone ({@linkcode detached}), a batch at a
 * time: a self-test over every held-out item otherwise keeps every item's tools and answers.
 */
function selftestCounts(
  scorer: Scorer,
  items: readonly Item[],
  scoring: ReturnType<typeof scoreOptions>,
): { readonly items: number; readonly failedItems: number; readonly faultyItems: number } {
  let failedItems = 0;
  let faultyItems = 0;
  let count = 0;
  for (let at = 0; at === 0 || at < items.length; at += SELFTEST_BATCH) {
    const tested = selftest(scorer, items.slice(at, at + SELFTEST_BATCH).map(detached), scoring);
    failedItems += tested.failedItems;
    faultyItems += tested.faultyItems;
    count += tested.items;
  }
  return { items: count, failedItems, faultyItems };
}

/** A lenient verdict that changes nothing, shared by every pair it stands for: right. */
export const STANDS_RIGHT = Object.freeze({ correct: true, rescued: Object.freeze([]) });
export const STANDS_WRONG = Object.freeze({ correct: false, rescued: Object.freeze([]) });

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
 * import { needsRescoring } from "./_verdict_sources.ts";
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

/** A verdict judged again, with its detail and the reply it judged. */
export interface Judged {
  readonly correct: boolean;
  readonly reason: string;
  readonly detail: string;
  readonly reply: RecordedReply;
}

/**
 * The decision rule: the one the header recorded, or the configuration's when one is given (with
 * a note when they differ), or margin 0 and no guard.
 */
export function decisionRule(
  header: HeaderRecord,
  given: FromResultsOptions["decision"],
): DecisionRule {
  const recorded = header.decision;
  const rule = (d: { margin: number; guard: readonly AnswerCategory[] }) => ({
    alpha: VERDICT_ALPHA,
    margin: d.margin / 100,
    guard: [...d.guard],
  });
  const show = (d: { margin: number; guard: readonly AnswerCategory[] }) =>
    `margin ${marginText(d.margin / 100)}, guard ${
      d.guard.length === 0 ? "none" : d.guard.join(", ")
    }`;
  if (given === undefined) {
    return recorded === undefined
      ? {
        ...rule({ margin: 0, guard: [] }),
        from: "default",
        note: "the results file records no decision (it was written before assess recorded " +
          "one): margin 0, no guard; -config gives assess.yaml's",
      }
      : { ...rule(recorded), from: "results", note: null };
  }
  const same = recorded !== undefined && recorded.margin === given.margin &&
    recorded.guard.join() === given.guard.join();
  if (same) return { ...rule(recorded), from: "results", note: null };
  return {
    ...rule(given),
    from: "config",
    note: recorded === undefined
      ? `the decision is the configuration's (${show(given)}): the results file records none`
      : `the decision is the configuration's (${show(given)}), not the one the run recorded when ` +
        `it started (${show(recorded)})`,
  };
}

/**
 * Where a report's verdicts come from, for a results file and the options given: the items by
 * index, the installed scorer's judge when re-scoring, the lenient judge when its reading is made,
 * the trust facts that say which, and the decision rule.
 */
export interface VerdictSources {
  /** The split's items by index, when given. */
  readonly byIndex: ReadonlyMap<number, Item> | undefined;
  /**
   * The installed scorer's verdict on a record, its failure's message (a string), or `null` with
   * no reply to judge; `null` itself when the recorded verdicts are used.
   */
  readonly judge: ((r: ResultRecord) => Judged | string | null) | null;
  /** Who judged. */
  readonly scorerTrust: ScorerTrust;
  /** The lenient verdict on a reply with its strict verdict, or `null` when not made. */
  readonly lenient:
    | ((r: ResultRecord, reply: RecordedReply, correct: boolean) => Observation["lenient"])
    | null;
  /** Whether the lenient reading was made, and its self-test. */
  readonly lenientFacts: LenientFacts;
  /** The decision rule. */
  readonly decision: DecisionRule;
}

/**
 * The verdicts' sources for a results file: re-scoring when {@linkcode needsRescoring} says so
 * (the scorer's self-test run on the items), the lenient reading when the items are given and the
 * scorer has one (its self-test run too), and the decision rule (the configuration's when given).
 *
 * @throws {TypeError} When re-scoring is needed and no items are given.
 */
export function verdictSources(header: HeaderRecord, options: FromResultsOptions): VerdictSources {
  const decision = decisionRule(header, options.decision);
  let byIndex: Map<number, Item> | undefined;
  if (options.items !== undefined) {
    byIndex = new Map<number, Item>();
    for (const item of options.items) byIndex.set(item.index, item);
  }
  const scorer = options.scorer;
  const rescore = needsRescoring(header, scorer, options.keepVerdicts ?? false);
  const scoring = scoreOptions(header.scorer.ordering, header.scorer.toolCallParser);
  const base = {
    name: header.scorer.name,
    recordedVersion: header.scorer.version,
    ordering: header.scorer.ordering,
    toolCallParser: header.scorer.toolCallParser,
  };
  let lenientFacts: LenientFacts;
  let lenient: VerdictSources["lenient"] = null;
  const reading = scorer?.lenient;
  if (scorer === undefined || reading === undefined) {
    lenientFacts = {
      made: false,
      why: `lenient scoring was not computed: ${header.scorer.name} has no lenient reading here`,
    };
  } else if (byIndex === undefined) {
    lenientFacts = { made: false, why: LENIENT_NEEDS_ITEMS };
  } else {
    const items = byIndex;
    const tested = selftestCounts(reading, options.items!, scoring);
    lenientFacts = {
      made: true,
      selftest: {
        passed: tested.failedItems === 0 && tested.faultyItems === 0,
        items: tested.items,
      },
    };
    lenient = (r, reply, correct) => {
      const item = itemOf(items, r);
      if (correct) return STANDS_RIGHT;
      // Undefined: the verdict was recorded, and the scorer cannot judge the item.
      const v = lenientVerdictIfJudged(scorer, detached(item), reply, scoring);
      return v?.correct ? { correct: true, rescued: v.rescued } : STANDS_WRONG;
    };
  }
  const sources = { byIndex, lenient, lenientFacts, decision };
  if (!rescore) {
    const note = scorer === undefined
      ? `${header.scorer.name} is not installed here: the recorded verdicts of version ${header.scorer.version} are used`
      : scorer.version !== header.scorer.version
      ? `the recorded verdicts of version ${header.scorer.version} are kept, as asked; ` +
        `version ${scorer.version} is installed`
      : null;
    return {
      ...sources,
      judge: null,
      scorerTrust: {
        ...base,
        version: header.scorer.version,
        verdicts: "recorded",
        note,
        selftest: { passed: header.selftest.passed, items: header.selftest.items, by: "run" },
      },
    };
  }
  const items = options.items;
  if (items === undefined) {
    throw new TypeError("reportInputFromResults: re-scoring needs the split's items");
  }
  const known = byIndex!;
  const tested = selftestCounts(scorer!, items, scoring);
  const maxTokens = header.sampling.maxTokens;
  return {
    ...sources,
    judge: (r) => {
      const judged = rejudge(r, () => detached(itemOf(known, r)), scorer!, scoring, maxTokens);
      if (judged === null) return null;
      if (judged.verdict === null) return judged.failure ?? "the scorer failed";
      return { ...judged.verdict, reply: judged.reply };
    },
    scorerTrust: {
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
    },
  };
}
