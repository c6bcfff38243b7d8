/**
 * The report: every figure `assess report` prints, as one value. The JSON format is this value as
 * it is (`schema/report.schema.json`, `assess.report.v2`); the text, markdown and HTML formats
 * render it.
 *
 * @module
 */

import type { Homogeneity } from "./homogeneity.ts";
import type { Interval } from "./interval.ts";
import type { Digests, RunFacts, ScorerTrust } from "./report_input.ts";

/**
 * The report's schema name and version, its `schema` member. Bumped on any change: v2 added
 * {@linkcode Report.replicas}.
 */
export const REPORT_SCHEMA = "assess.report.v2";

/** A count by name: a reason, an error kind. */
export interface NamedCount {
  /** The name. */
  readonly name: string;
  /** How many. */
  readonly count: number;
}

/** Token counts summed over a model's scored items. */
export interface TokenTotals {
  /** How many scored items came with usage figures. */
  readonly items: number;
  /** Prompt tokens in all. */
  readonly prompt: number;
  /** Completion tokens in all (reasoning included, as vLLM counts them). */
  readonly completion: number;
  /** Reasoning tokens in all, or `null` when the server never reported any. */
  readonly reasoning: number | null;
}

/** A model's figures over the items it was asked. */
export interface ModelReport {
  /** The model's served name. */
  readonly name: string;
  /** `baseline` or `adapter`. */
  readonly role: "baseline" | "adapter";
  /** The items of the split: what a complete run scores. */
  readonly items: number;
  /** Items with a verdict. */
  readonly scored: number;
  /** Items marked correct. */
  readonly correct: number;
  /** correct / scored, or `null` when nothing was scored. */
  readonly accuracy: number | null;
  /** The Wilson 95% interval of the accuracy, or `null` when nothing was scored. */
  readonly interval: Interval | null;
  /** Items whose latest attempt ended in an error: no verdict, never counted wrong. */
  readonly errors: number;
  /** The errors by kind (`network`, `timeout`, `http`, `malformed`, `too-large`, `scorer`). */
  readonly errorKinds: readonly NamedCount[];
  /** Items never asked (a run stopped before them). */
  readonly notAsked: number;
  /** Every reason the scorer declares (in its order, zeros kept), then any other given. */
  readonly reasons: readonly NamedCount[];
  /** Token totals over the scored items. */
  readonly tokens: TokenTotals;
  /** Latency over the scored items with a latency, in ms, or `null` when there is none. */
  readonly latencyMs: { readonly median: number; readonly p95: number } | null;
}

/** The 2×2 table of an adapter against the baseline, on the items both have a verdict for. */
export interface PairedCounts {
  /** Both right. */
  readonly bothRight: number;
  /** Only the adapter right: items it fixed. */
  readonly onlyAdapter: number;
  /** Only the baseline right: items it broke. */
  readonly onlyBaseline: number;
  /** Both wrong. */
  readonly bothWrong: number;
}

/** One reason's part in a comparison. */
export interface ReasonChange {
  /** The reason. */
  readonly reason: string;
  /** Paired items the baseline got this reason on. */
  readonly baseline: number;
  /** Paired items the adapter got this reason on. */
  readonly adapter: number;
  /** Items the baseline got wrong with this reason and the adapter right. */
  readonly fixed: number;
  /** Items the baseline got right and the adapter wrong with this reason. */
  readonly broke: number;
}

/** A cell of the reason-by-reason transition table: how many items went from one to the other. */
export interface Transition {
  /** The baseline's reason. */
  readonly baseline: string;
  /** The adapter's reason. */
  readonly adapter: string;
  /** How many paired items. */
  readonly count: number;
}

/** The plain-words outcome of a comparison. */
export type Outcome =
  /** The interval is above 0 and the Holm-adjusted p below 0.05. */
  | "better"
  /** The interval is below 0 and the Holm-adjusted p below 0.05. */
  | "worse"
  /** Anything else: the interval crosses 0, or the adjusted p is 0.05 or more. */
  | "no detectable difference"
  /** No item has a verdict from both models. */
  | "no paired items";

/** An adapter against the baseline, paired on the same items. */
export interface ComparisonReport {
  /** The adapter. */
  readonly adapter: string;
  /** The baseline. */
  readonly baseline: string;
  /** Items both have a verdict for: n of the table. */
  readonly items: number;
  /** The 2×2 table. */
  readonly table: PairedCounts;
  /** The adapter's accuracy on the paired items, or `null` with none. */
  readonly adapterAccuracy: number | null;
  /** The baseline's accuracy on the paired items, or `null` with none. */
  readonly baselineAccuracy: number | null;
  /** Adapter minus baseline accuracy, (onlyAdapter − onlyBaseline)/n, or `null` with no item. */
  readonly difference: number | null;
  /** Newcombe's 95% interval for the difference, or `null` with no item. */
  readonly interval: Interval | null;
  /** The exact McNemar p-value (two-sided), or `null` with no item. */
  readonly pValue: number | null;
  /** The p-value Holm-adjusted across the adapters, or `null` with no item. */
  readonly pAdjusted: number | null;
  /** The outcome. */
  readonly outcome: Outcome;
  /** The outcome in a sentence, such as `tuned-b is better than base: +4.1 points [2.3, 5.9], p < 0.001`. */
  readonly verdict: string;
  /** Each reason's part: the scorer's reasons in order, then any other given. */
  readonly reasons: readonly ReasonChange[];
  /** Every non-empty cell of the reason-by-reason table, baseline reason order then adapter's. */
  readonly transitions: readonly Transition[];
  /** The discordant items' ids, ascending. */
  readonly discordant: {
    /** Items only the adapter got right. */
    readonly fixed: readonly number[];
    /** Items only the baseline got right. */
    readonly broke: readonly number[];
  };
}

/** A probe item whose two replies were not the same. */
export interface ProbeDifference {
  /** The model. */
  readonly model: string;
  /** The item's id. */
  readonly itemId: number;
  /** The first difference, in plain words. */
  readonly detail: string;
  /** The `host:port` of the replica that answered both sends, when the record names it. */
  readonly replica?: string;
}

/** What the batch-invariance probe found, over every session. */
export interface ProbeReport {
  /** `serving.batchInvariant`: `required`, `asserted` or `not-required`. */
  readonly batchInvariant: string;
  /** `serving.probe`: the items probed per model and session. */
  readonly items: number;
  /** Comparisons made. */
  readonly checks: number;
  /** Comparisons whose replies were identical. */
  readonly same: number;
  /** Comparisons whose replies differed. */
  readonly different: number;
  /** Comparisons that could not be made (a send ended in an error). */
  readonly inconclusive: number;
  /**
   * `passed`: checks made, none different; `failed`: some different; `inconclusive`: checks
   * made, none conclusive; `off`: `serving.probe` is 0; `not-run`: no check was recorded.
   */
  readonly result: "passed" | "failed" | "inconclusive" | "off" | "not-run";
  /** The differences found. */
  readonly differences: readonly ProbeDifference[];
}

/** A model's figures on the items one replica answered. */
export interface ReplicaModel {
  /** The model. */
  readonly name: string;
  /** Its items with a verdict from this replica. */
  readonly scored: number;
  /** Of those, how many were correct. */
  readonly correct: number;
  /** correct / scored, or `null` when nothing was scored. */
  readonly accuracy: number | null;
}

/** One replica's share of the run: the outcomes it gave (each pair's latest). */
export interface ReplicaReport {
  /** Its `host:port`. */
  readonly host: string;
  /** Items with an outcome from it, whatever the model. */
  readonly items: number;
  /** Each model's figures on it: the baseline, then each adapter in order. */
  readonly models: readonly ReplicaModel[];
  /** Its outcomes that are errors, whatever the model. */
  readonly errors: number;
  /** The median latency of its scored outcomes, in ms, or `null` when there is none. */
  readonly latencyMedianMs: number | null;
}

/** The run's replicas, and whether they answered alike. */
export interface ReplicasReport {
  /** One per replica with an outcome (by host, then port); empty when no record names one. */
  readonly replicas: readonly ReplicaReport[];
  /**
   * Pearson's chi-square test of homogeneity of the baseline's accuracy across the replicas
   * (items go to replicas at random, by hash), or `null` with fewer than two replicas that have
   * a scored baseline item. `flagged` when its p-value is below 0.05.
   */
  readonly homogeneity: (Homogeneity & { readonly flagged: boolean }) | null;
  /** Items whose models' outcomes came from more than one replica. */
  readonly mixedItems: number;
  /** Outcomes whose record names no replica (written before results format 2). */
  readonly unnamed: number;
}

/** What the verdicts can be trusted for: who judged, on what, and how complete the run is. */
export interface TrustReport {
  /** The scorer. */
  readonly scorer: ScorerTrust;
  /** The digests that name what was run. */
  readonly digests: Digests;
  /** The probe. */
  readonly probe: ProbeReport;
  /** How complete the run is. */
  readonly completeness: {
    /** Whether every (model, item) pair has a verdict. */
    readonly complete: boolean;
    /** (model, item) pairs in a complete run: models × items. */
    readonly pairs: number;
    /** Pairs with a verdict. */
    readonly scored: number;
    /** Pairs without one: errors and never asked. */
    readonly missing: number;
    /** Of those, pairs whose latest attempt was an error. */
    readonly errors: number;
    /** Of those, pairs never asked. */
    readonly notAsked: number;
  };
}

/** The run a report is of: its facts, and whether it is complete. */
export interface ReportRun extends RunFacts {
  /** Whether every (model, item) pair has a verdict; an incomplete run reports what it has. */
  readonly complete: boolean;
}

/** The report of a results file. */
export interface Report {
  /** {@linkcode REPORT_SCHEMA}. */
  readonly schema: typeof REPORT_SCHEMA;
  /** The run reported on. */
  readonly run: ReportRun;
  /** The baseline, then each adapter in the configuration's order. */
  readonly models: readonly ModelReport[];
  /** Each adapter against the baseline, in the configuration's order. */
  readonly comparisons: readonly ComparisonReport[];
  /** The replicas the outcomes came from. */
  readonly replicas: ReplicasReport;
  /** The trust section. */
  readonly trust: TrustReport;
}
