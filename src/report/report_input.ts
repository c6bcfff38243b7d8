/**
 * What a report is built from: each model's outcome on each item, and the facts of the run. The
 * results file is one source of it (`reportInputFromResults`); a program can build one from its
 * own records.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import type { AnswerCategory } from "../dataset/category.ts";
import type { LenientRule } from "../score/lenient.ts";

/**
 * A model's outcome on one item: a verdict, or an error (never counted wrong). An optional member
 * set to `undefined` counts as left out.
 */
export interface Observation {
  /** The item's position in the dataset: what pairs the models' outcomes. */
  readonly itemIndex: number;
  /** The item's id, as shown to people. */
  readonly itemId: ItemId;
  /**
   * The verdict, or `null` when the item ended in an error. Its `detail` is needed only for items
   * every model got wrong alike (a disputed key shows it).
   */
  readonly verdict: {
    readonly correct: boolean;
    readonly reason: string;
    readonly detail?: string;
  } | null;
  /** The error's kind when there is no verdict, else `null`. */
  readonly error: string | null;
  /**
   * With an error: the HTTP status that came with it (`null` with none). Left out when not known.
   */
  readonly errorStatus?: number | null;
  /** With an error: its message as recorded. Left out when not known. */
  readonly errorMessage?: string;
  /** Milliseconds the reply took, or `null` when unknown. */
  readonly latencyMs: number | null;
  /** Token counts the server reported, or `null` when none. */
  readonly usage: {
    readonly prompt: number | null;
    readonly completion: number | null;
    readonly reasoning: number | null;
  } | null;
  /** The item's category (`answerCategory` of its answer), when known. */
  readonly category?: AnswerCategory;
  /**
   * The item's cluster (`itemCluster`: the items that share their tools, or a chat-jsonl line's
   * `cluster`), when known. Clusters are read only when every observation has one.
   */
  readonly cluster?: string;
  /**
   * For an answer: `replyFingerprint` of the reply (text, calls, finish reason), so that replies
   * identical to the baseline's are counted. Left out when not known.
   */
  readonly replyHash?: number;
  /**
   * For a wrong answer: `callsFingerprint` of its calls under the run's ordering (`null` when they
   * cannot be compared), so that items every model got wrong alike are found. Left out for right
   * answers, and may be left out when another model answered the item right (it cannot be
   * disputed then). An item every model got wrong with one of them left out is not counted as
   * disputed; with none given at all, disputed items are not known.
   */
  readonly callsHash?: number | null;
  /** The `host:port` of the replica that answered, when the record names it (format 2). */
  readonly replica?: string;
  /**
   * With a verdict: the lenient reading's (`reference/scorers.md`, "Lenient scoring"), when it
   * was made: whether the reply is right under it, and the rules that rescued it (right here and
   * wrong under strict scoring). Left out when the lenient reading was not made.
   */
  readonly lenient?: { readonly correct: boolean; readonly rescued: readonly LenientRule[] };
}

/**
 * Whether the lenient reading was made for a report's input, and its self-test; or why not.
 */
export type LenientFacts =
  | {
    /** The lenient verdicts are in the observations. */
    readonly made: true;
    /** Its self-test on the split's items, run by the report. */
    readonly selftest: { readonly passed: boolean; readonly items: number };
  }
  | {
    /** No lenient verdict was made. */
    readonly made: false;
    /** Why, in plain words. */
    readonly why: string;
  };

/** How the figures are read into outcomes. */
export interface DecisionRule {
  /** The family-wise level of the verdicts, across the adapters: 0.05. */
  readonly alpha: number;
  /** The loss accepted as not worse, a fraction (0.01 is one point). */
  readonly margin: number;
  /** The categories that must not be worse. */
  readonly guard: readonly AnswerCategory[];
  /**
   * Where the margin and guard came from: `results` (the results file's header: declared when the
   * run started), `config` (the configuration given to the report), `default` (neither: margin 0,
   * no guard).
   */
  readonly from: "results" | "config" | "default";
  /** What is worth saying about it (a configuration that differs from the recorded one), or `null`. */
  readonly note: string | null;
}

/** A probe comparison, as recorded. */
export interface ProbeCheck {
  /** The model. */
  readonly model: string;
  /** The item's id. */
  readonly itemId: ItemId;
  /** What the comparison found. */
  readonly outcome: "same" | "different" | "inconclusive";
  /** The first difference or the error, or `null`. */
  readonly detail: string | null;
  /** The `host:port` of the replica both sends went to, when the record names it. */
  readonly replica?: string;
}

/** A run's facts, as its results file's header and sessions give them. */
export interface RunFacts {
  /** The assess version that started it, or `null`. */
  readonly assessVersion: string | null;
  /** When it started, ISO 8601 UTC. */
  readonly startedAt: string;
  /** How many sessions wrote to it (1, then one more per resumption). */
  readonly sessions: number;
  /** The split's seed. */
  readonly splitSeed: string;
  /** The items of the split. */
  readonly items: number;
}

/** Where the verdicts came from. */
export type VerdictSource =
  /** The verdicts the run recorded, by the scorer version it ran. */
  | "recorded"
  /** The recorded replies re-scored by the scorer installed now (no request sent). */
  | "rescored";

/** The scorer whose verdicts a report counts, as its trust section shows it. */
export interface ScorerTrust {
  /** Its name. */
  readonly name: string;
  /** The version whose verdicts the report counts. */
  readonly version: string;
  /** The version the run recorded. */
  readonly recordedVersion: string;
  /** `scorer.ordering`. */
  readonly ordering: string;
  /** The tool-call parser the run used, or `null`. */
  readonly toolCallParser: string | null;
  /** Where the verdicts come from. */
  readonly verdicts: VerdictSource;
  /** Why, in plain words, when it is worth saying (re-scored, kept, or not installed). */
  readonly note: string | null;
  /** The self-test of the scorer whose verdicts are counted, on the split. */
  readonly selftest: {
    /** Whether it passed. */
    readonly passed: boolean;
    /** Items checked. */
    readonly items: number;
    /** `run`: recorded by the run; `report`: run now, for the re-scoring. */
    readonly by: "run" | "report";
  };
}

/** The digests that name what was run. */
export interface Digests {
  /** The configuration's digest. */
  readonly config: string;
  /** The dataset file's SHA-256. */
  readonly dataset: string;
  /** The split's digest. */
  readonly split: string;
}

/** A checkpoint sweep, as the run declared it: the checkpoints' steps, and the confirmation items. */
export interface SweepInput {
  /** Each adapter with a step (`models.adapters[].step`), in any order. */
  readonly steps: readonly { readonly adapter: string; readonly step: number }[];
  /**
   * With `split.confirm`: the share, and the ids of the held-out items kept for confirmation;
   * `null` without it (the sweep is chosen and reported on every item).
   */
  readonly confirm: { readonly share: number; readonly items: readonly ItemId[] } | null;
}

/** Everything a report is built from. */
export interface ReportInput {
  /** The run's facts. */
  readonly run: RunFacts;
  /** The baseline's name. */
  readonly baseline: string;
  /** The adapters' names, in order. */
  readonly adapters: readonly string[];
  /** The reasons the scorer declares, in its order (others found are added after them). */
  readonly reasons: readonly string[];
  /** Each model's outcomes, at most one per item. A model with none may be left out. */
  readonly observations: ReadonlyMap<string, readonly Observation[]>;
  /** The scorer, as the trust section shows it. */
  readonly scorer: ScorerTrust;
  /** The digests. */
  readonly digests: Digests;
  /** The probe's setting and checks. */
  readonly probe: {
    /** `serving.batchInvariant`. */
    readonly batchInvariant: string;
    /** `serving.probe`. */
    readonly items: number;
    /** Every comparison recorded, in order. */
    readonly checks: readonly ProbeCheck[];
  };
  /**
   * The decision rule; margin 0, no guard, alpha 0.05 (`from: "default"`) when left out. Its alpha
   * must be 0.05 (`VERDICT_ALPHA`).
   */
  readonly decision?: DecisionRule;
  /**
   * Where the observations' categories came from, when they all have one: `results` (default) or
   * `dataset`.
   */
  readonly categoriesFrom?: "results" | "dataset";
  /**
   * Where the observations' clusters came from, when they all have one: `results` (default) or
   * `dataset`.
   */
  readonly clustersFrom?: "results" | "dataset";
  /**
   * The lenient reading: made (its verdicts in the observations) or why not. Left out: not made,
   * with no reason given.
   */
  readonly lenient?: LenientFacts;
  /**
   * Which reading's verdicts decide the figures and the outcomes: `strict` (default) or
   * `lenient`, which needs the lenient reading made.
   */
  readonly scoring?: Scoring;
  /** The checkpoint sweep, when some adapter has a step (`withSweep` reports it). */
  readonly sweep?: SweepInput;
}

/** Which reading's verdicts decide a report: `xlam-tool-call`'s own, or its lenient reading. */
export type Scoring = "strict" | "lenient";
