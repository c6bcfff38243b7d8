/**
 * The report: every figure `assess report` prints, as one value. The JSON format is this value as
 * it is (`schema/report.schema.json`, `assess.report.v6`); the text, markdown and HTML formats
 * render it.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import type { LenientAccuracy, ReadingAccuracy, ReadingOutcome, ScoringReport } from "./scoring.ts";
import type { AnswerCategory } from "../dataset/category.ts";
import type { ComparisonOutcome } from "./stats/comparison_outcome.ts";
import type { Homogeneity } from "./stats/homogeneity.ts";
import type { Interval } from "./stats/interval.ts";
import type { DecisionRule, Digests, RunFacts, ScorerTrust } from "./report_input.ts";

/**
 * The report's schema name and version, its `schema` member. Bumped on any change: v2 added
 * {@linkcode Report.replicas}, and the decision: {@linkcode Report.decision}, each comparison's
 * outcome and the figures it is read from, {@linkcode Report.categoriesFrom},
 * {@linkcode Report.disputedItems} and {@linkcode Report.panels}.
 */
export const REPORT_SCHEMA = "assess.report.v6";

/** A count by name: a reason, an error kind. */
export interface NamedCount {
  /** The name. */
  readonly name: string;
  /** How many. */
  readonly count: number;
}

/** One error as recorded, with how many of a model's errored items ended in it. */
export interface ErrorMessageCount {
  /** The error's kind, as in {@linkcode ModelReport.errorKinds}. */
  readonly kind: string;
  /** The HTTP status that came with it (`400` for an `http` error), or `null` with none. */
  readonly status: number | null;
  /**
   * The message as recorded (the run keeps the API key out of it), whole, or `null` when the
   * input gave none.
   */
  readonly message: string | null;
  /** How many of the model's errored items ended in this error. */
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
  /**
   * The errors by kind (`network`, `timeout`, `http`, `malformed`, `too-large`, `broken-body`,
   * `mismatch`, `scorer`: the results file's `error.kind`).
   */
  readonly errorKinds: readonly NamedCount[];
  /**
   * The errors as recorded, grouped by kind, status and message, most frequent first (then by
   * kind, status and message): what the errors were, not only how many. Their counts add up to
   * {@linkcode ModelReport.errors}; the formats other than JSON show the first few, each message
   * cut short.
   */
  readonly errorMessages: readonly ErrorMessageCount[];
  /** Items never asked (a run stopped before them). */
  readonly notAsked: number;
  /** Every reason the scorer declares (in its order, zeros kept), then any other given. */
  readonly reasons: readonly NamedCount[];
  /** Token totals over the scored items. */
  readonly tokens: TokenTotals;
  /** Latency over the scored items with a latency, in ms, or `null` when there is none. */
  readonly latencyMs: { readonly median: number; readonly p95: number } | null;
  /**
   * The model's figures on each category of item, in {@linkcode AnswerCategory} order, or `null`
   * when the categories are not known (see `Report.categoriesFrom`).
   */
  readonly categories: readonly CategoryAccuracy[] | null;
  /**
   * The accuracy over the scored items that are not disputed (see `Report.disputedItems`): a
   * sensitivity figure, never the headline. `null` when nothing is left, or when the disputed items
   * are not known.
   */
  readonly accuracyWithoutDisputed: number | null;
  /** Its accuracy under strict scoring (the figures above when strict scoring decides). */
  readonly strict: ReadingAccuracy;
  /**
   * Its accuracy under lenient scoring and the items each rule rescued, or `null` when the
   * lenient reading was not made.
   */
  readonly lenient: LenientAccuracy | null;
}

/** A model's accuracy on one category of items. */
export interface CategoryAccuracy {
  /** The category. */
  readonly name: AnswerCategory;
  /** Items of the category with a verdict. */
  readonly items: number;
  /** Of those, marked correct. */
  readonly correct: number;
  /** correct / items, or `null` with none. */
  readonly accuracy: number | null;
  /** The Wilson 95% interval of the accuracy, or `null` with none. */
  readonly interval: Interval | null;
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

/**
 * The decision interval at the level a decision uses (limits as fractions: 0.021 is 2.1 points): it
 * covers the true difference with chance at least 1 − level for every table, and excludes 0
 * exactly when the test rejects.
 */
export interface DecisionInterval extends Interval {
  /**
   * The level as a fraction: this is a 1 − level interval (0.05: a 95% interval; 0.025: 97.5%),
   * the level of the Holm step that decides the comparison.
   */
  readonly level: number;
  /**
   * The level the exact McNemar test is decided at, a fraction: 9/10 of `level` (the rest bounds
   * the discordance).
   */
  readonly testLevel: number;
}

/** The smallest true difference a comparison would detect, at its level, with 80% power. */
export interface DetectableDifferenceReport {
  /**
   * The difference, a fraction (0.021 is 2.1 points), either way; `null` when no difference is
   * detectable with 80% power at this discordance (none discordant, or too few).
   */
  readonly difference: number | null;
  /**
   * The smallest margin, a fraction (0.02 is 2 points), at which a `not-worse` claim would be made
   * with 80% power if the two models were truly equal, with this many discordant items: a margin
   * below it is claimed less often than that.
   */
  readonly notWorseMargin: number;
  /** The share of paired items that are discordant, (b + c)/n: the discordance assumed. */
  readonly discordance: number;
  /** The level of the test, a fraction: the comparison's Holm test level (`testLevel`). */
  readonly level: number;
  /** The power asked for: 0.8. */
  readonly power: number;
}

/** A comparison's figures with its errored items counted one way. */
export interface CountedOutcome {
  /** Adapter minus baseline accuracy with the errored items in. */
  readonly difference: number;
  /** The decision interval at the comparison's level. */
  readonly interval: Interval;
  /** The exact McNemar p-value. */
  readonly pValue: number;
  /** The outcome. */
  readonly outcome: ComparisonOutcome;
}

/** What the items left out for errors could do to a comparison. */
export interface ErrorSensitivityReport {
  /** Items with an error on either side (and a verdict or an error on the other). */
  readonly errors: number;
  /** Every errored item counted against the adapter. */
  readonly against: CountedOutcome;
  /** Every errored item counted in the adapter's favour. */
  readonly favour: CountedOutcome;
  /**
   * Whether the errors could change the outcome: the two ways, or either and the outcome with the
   * errors left out, differ.
   */
  readonly couldChange: boolean;
  /**
   * The strongest conclusion that holds with the errors left out, counted against the adapter and
   * counted in its favour: better, else not-worse, else worse, else inconclusive. The
   * comparison's outcome.
   */
  readonly outcome: ComparisonOutcome;
}

/** Items where the adapter's reply is byte for byte the baseline's (text, calls, finish reason). */
export interface IdenticalReplies {
  /** Paired items whose two replies are identical. */
  readonly items: number;
  /** items / paired items, or `null` with no paired item. */
  readonly share: number | null;
  /**
   * Whether it makes the comparison inconclusive: a share of at least 0.99 over at least 50
   * paired items (the adapter may not be applied).
   */
  readonly suspect: boolean;
}

/** An adapter against the baseline on the paired items of one category. */
export interface CategoryComparison {
  /** The category. */
  readonly name: AnswerCategory;
  /** Paired items of the category. */
  readonly items: number;
  /** The 2×2 table. */
  readonly table: PairedCounts;
  /** The adapter's accuracy on them, or `null` with none. */
  readonly adapterAccuracy: number | null;
  /** The baseline's accuracy on them, or `null` with none. */
  readonly baselineAccuracy: number | null;
  /** Adapter minus baseline, or `null` with none. */
  readonly difference: number | null;
  /** The decision interval at the category's Holm level, or `null` with none. */
  readonly interval: DecisionInterval | null;
  /** The exact McNemar p-value, or `null` with none. */
  readonly pValue: number | null;
  /** The p-value Holm-adjusted across the comparison's categories (those with items). */
  readonly pAdjusted: number | null;
  /** The outcome at the margin; `inconclusive` with no item. */
  readonly outcome: ComparisonOutcome;
  /** Its clusters, present only when some cluster holds two or more of its paired items. */
  readonly clusters?: ClustersReport;
}

/**
 * What the clusters of a comparison's paired items cost (the items that share their tools), and
 * which test decided it: present only when some cluster holds two or more paired items.
 */
export interface ClustersReport {
  /** The clusters holding the paired items. */
  readonly clusters: number;
  /**
   * The cluster-robust variance of the difference over the variance that takes the items as
   * independent; `null` when it cannot be measured (one cluster, or every item's difference alike).
   */
  readonly designEffect: number | null;
  /** items / designEffect, or `null` with it. */
  readonly effectiveItems: number | null;
  /**
   * `exact`: the clusters are not material and the exact McNemar test decided; `clustered`: the
   * clustered betting test decided (its p-value and interval are the comparison's).
   */
  readonly method: "exact" | "clustered";
}

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
  /**
   * The interval the verdict reads: the decision interval at the level Holm's procedure decides
   * this comparison at (its `level`), which excludes 0 exactly when `pAdjusted` is below the
   * family's test level (9/10 of the decision's alpha: 0.045). `null` with no item.
   */
  readonly interval: DecisionInterval | null;
  /** The exact McNemar p-value (two-sided), or `null` with no item. */
  readonly pValue: number | null;
  /** The p-value Holm-adjusted across the adapters, or `null` with no item. */
  readonly pAdjusted: number | null;
  /** The smallest true difference this comparison would detect, or `null` with no item. */
  readonly minimumDetectableDifference: DetectableDifferenceReport | null;
  /** The outcome: better, not-worse, worse or inconclusive. */
  readonly outcome: ComparisonOutcome;
  /**
   * When the outcome is `inconclusive`: about how many paired items would decide it at the
   * observed discordance (`itemsToDecide`), what `assess report -gate` says too; `null` when the
   * outcome is decided, or when no number up to 1,000,000 would (no discordant item, no
   * difference observed).
   */
  readonly itemsToDecide: number | null;
  /**
   * The outcome in a sentence, with why, such as
   * `tuned-a is better than base: +4.1 points [2.3, 5.9], p < 0.001 (its 95% interval is above 0)`.
   */
  readonly verdict: string;
  /** What the errored items could do, or `null` when no item ended in an error. */
  readonly errorSensitivity: ErrorSensitivityReport | null;
  /** The items answered byte for byte alike, or `null` when the replies are not known. */
  readonly identical: IdenticalReplies | null;
  /** The comparison on each category, or `null` when the categories are not known. */
  readonly categories: readonly CategoryComparison[] | null;
  /**
   * The guarded categories (`decision.guard`) whose own outcome is `worse`, or `null` when the
   * categories are not known (then the guard cannot be checked).
   */
  readonly guardWorse: readonly AnswerCategory[] | null;
  /** Its clusters, present only when some cluster holds two or more of its paired items. */
  readonly clusters?: ClustersReport;
  /** Each reason's part: the scorer's reasons in order, then any other given. */
  readonly reasons: readonly ReasonChange[];
  /** Every non-empty cell of the reason-by-reason table, baseline reason order then adapter's. */
  readonly transitions: readonly Transition[];
  /** The difference and outcome under strict scoring. */
  readonly strict: ReadingOutcome;
  /** The difference and outcome under lenient scoring, or `null` when it was not made. */
  readonly lenient: ReadingOutcome | null;
  /**
   * When the two outcomes differ, a sentence that says so and what it means ("better only under
   * lenient scoring: the gain is in formatting"); else `null`.
   */
  readonly scoringSentence: string | null;
  /** The discordant items' ids, ascending. */
  readonly discordant: {
    /** Items only the adapter got right. */
    readonly fixed: readonly ItemId[];
    /** Items only the baseline got right. */
    readonly broke: readonly ItemId[];
  };
}

/**
 * An item every model answered with the same calls (by the scorer's equality), all wrong: the
 * answer key itself may be wrong.
 */
export interface DisputedItem {
  /** The item's id. */
  readonly itemId: ItemId;
  /** The item's category, when known. */
  readonly category: AnswerCategory | null;
  /** The reason the replies were given (the baseline's). */
  readonly reason: string;
  /** How the replies differ from the key: the baseline's verdict detail (`""` when not known). */
  readonly detail: string;
}

/** A call as a panel shows it: the tool and its arguments as text. */
export interface PanelCall {
  /** The tool. */
  readonly name: string;
  /** The arguments, as JSON text. */
  readonly arguments: string;
}

/** A model's reply to an item, as a panel shows it. */
export interface PanelReply {
  /** The model. */
  readonly model: string;
  /**
   * Which of the item's samples this reply is (from 0), in a report of several samples per item
   * (a reply per model and sample); left out with one sample per item.
   */
  readonly sample?: number;
  /** The reply's text, or `null` with no reply (an error, or never asked). */
  readonly text: string | null;
  /** The reply's calls (none with no reply). */
  readonly calls: readonly PanelCall[];
  /** The verdict, or `null` with none. */
  readonly verdict:
    | { readonly correct: boolean; readonly reason: string; readonly detail: string }
    | null;
  /** The error, or `null` with none. */
  readonly error: { readonly kind: string; readonly message: string } | null;
  /**
   * For a reply wrong under strict scoring and right under lenient scoring (when the lenient
   * reading was made): the rules that rescued it and the arguments they matched. Left out
   * otherwise.
   */
  readonly rescue?: PanelRescue;
}

/** How the lenient reading rescued a reply, as a panel shows it. */
export interface PanelRescue {
  /** The rules it is counted under. */
  readonly rules: readonly string[];
  /** Each argument matched by a rule, with the two values (compact JSON, `null`: left out). */
  readonly matches: readonly {
    readonly rule: string;
    readonly call: number;
    readonly argument: string;
    readonly reply: string | null;
    readonly answer: string | null;
    /** The match in words: `call 1 f: argument city is "paris", the answer's is "Paris" (…)`. */
    readonly detail: string;
  }[];
}

/** A message of an item's conversation, as a panel shows it. */
export interface PanelMessage {
  /** Its role: `system`, `developer`, `user`, `assistant` or `tool`. */
  readonly role: string;
  /** Its text (`content`); `""` when it has none. */
  readonly text: string;
  /** An assistant message's calls, each call's arguments as the line writes them; none else. */
  readonly calls: readonly PanelCall[];
}

/**
 * An item shown whole: the query (and, for an item with its own messages, its conversation), the
 * tools offered, the key and each model's reply.
 */
export interface ItemPanel {
  /** The item's id. */
  readonly itemId: ItemId;
  /** Its category. */
  readonly category: AnswerCategory;
  /** The user's request (for an item with its own messages, its last user message). */
  readonly query: string;
  /**
   * For an item with its own messages (a chat-jsonl line): its prompt, every message before the
   * answer, in order (a multi-turn item's earlier turns, tool results included); `null` for an
   * item that is its query alone (xlam).
   */
  readonly conversation: readonly PanelMessage[] | null;
  /** The offered tools' names, in order. */
  readonly tools: readonly string[];
  /** The answer key's calls. */
  readonly answer: readonly PanelCall[];
  /**
   * The answer key's text, where the dataset gives one (a chat-jsonl answer's `content`, such as an
   * answer given in text, with no call); `null` when it gives none.
   */
  readonly answerText: string | null;
  /** Each model's reply, the baseline first. */
  readonly replies: readonly PanelReply[];
}

/** A probe item whose two replies were not the same. */
export interface ProbeDifference {
  /** The model. */
  readonly model: string;
  /** The item's id. */
  readonly itemId: ItemId;
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
  /**
   * For an adapter: its scored items on this replica whose baseline was scored too, and of those
   * the ones whose reply is byte for byte the baseline's. `null` for the baseline, and when a
   * reply's fingerprint is not known.
   */
  readonly identical: ReplicaIdentical | null;
}

/** An adapter's replies on one replica that are identical to the baseline's. */
export interface ReplicaIdentical {
  /** Its scored items on the replica whose baseline was scored too (on any replica). */
  readonly paired: number;
  /** Of those, the items whose two replies are identical (text, calls, finish reason). */
  readonly items: number;
  /** items / paired, or `null` with no paired item. */
  readonly share: number | null;
  /**
   * Whether the replica may serve the base under the adapter's name: a share of at least 0.99
   * over at least 50 paired items (the comparison's rule, `IDENTICAL_SHARE`).
   */
  readonly suspect: boolean;
}

/**
 * A model's accuracy tested across the replicas: Pearson's chi-square test of homogeneity, its
 * p-value adjusted by Holm's procedure across the models tested.
 */
export interface ModelHomogeneity extends Homogeneity {
  /** The model. */
  readonly model: string;
  /** The Holm-adjusted p-value, across the models tested. */
  readonly adjustedPValue: number;
  /** Whether the adjusted p-value is below 0.05: the model's accuracy differs across replicas. */
  readonly flagged: boolean;
  /** The `host:port` whose accuracy is furthest from the pooled one (largest Pearson residual). */
  readonly furthest: string;
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
   * The baseline's entry of {@linkcode homogeneityByModel}, or `null` with fewer than two
   * replicas that have a scored baseline item.
   */
  readonly homogeneity: ModelHomogeneity | null;
  /**
   * Pearson's chi-square test of homogeneity of each model's accuracy across the replicas that
   * scored it (items go to replicas at random, by hash), for every model scored on two replicas
   * or more, in the models' order; `flagged` when its Holm-adjusted p-value (across these tests)
   * is below 0.05. When its `minimumExpected` is below 5 the approximation is unreliable, and
   * every format says so beside the test (the flag still stands on the p-value alone).
   */
  readonly homogeneityByModel: readonly ModelHomogeneity[];
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

/** One checkpoint of a sweep, on the selection items. */
export interface SweepPoint {
  /** The checkpoint: an adapter with a `step`. */
  readonly adapter: string;
  /** Its training step. */
  readonly step: number;
  /** Selection items it and the baseline both have a verdict for. */
  readonly items: number;
  /** Its accuracy on the selection items it scored, or `null` with none. */
  readonly accuracy: number | null;
  /** The Wilson 95% interval of that accuracy, or `null` with none. */
  readonly accuracyInterval: Interval | null;
  /** Its accuracy minus the baseline's on the paired items, or `null` with none. */
  readonly difference: number | null;
  /**
   * The exact 95% decision interval of the difference, each checkpoint on its own (a curve to
   * look at, not a decision), or `null` with none.
   */
  readonly interval: DecisionInterval | null;
}

/**
 * A sweep: the checkpoints of one training run (adapters with a `step`), their learning curve on
 * the selection items, the one chosen there, and, with `split.confirm`, that one against the
 * baseline on the confirmation items alone: the decision.
 */
export interface SweepReport {
  /** Each checkpoint, in step order. */
  readonly points: readonly SweepPoint[];
  /** The baseline on the selection items scored: the curve's band. */
  readonly baseline: {
    /** Its name. */
    readonly name: string;
    /** Selection items it has a verdict for. */
    readonly items: number;
    /** Its accuracy on them, or `null` with none. */
    readonly accuracy: number | null;
    /** The Wilson 95% interval of that accuracy, or `null` with none. */
    readonly interval: Interval | null;
  };
  /**
   * The checkpoint with the largest difference on the selection items (ties: the earlier step),
   * or `null` when no checkpoint has one.
   */
  readonly chosen: string | null;
  /** How it was chosen, in a sentence. */
  readonly how: string;
  /** `split.confirm`: the share of the held-out items kept for confirmation, or `null`. */
  readonly confirmShare: number | null;
  /** The selection items (all the held-out items without `split.confirm`). */
  readonly selectItems: number;
  /** The confirmation items (0 without `split.confirm`). */
  readonly confirmItems: number;
  /**
   * The chosen checkpoint against the baseline on the confirmation items alone, one comparison
   * (no multiplicity adjustment), with the decision's margin: the decision; `null` without
   * `split.confirm` or without a chosen checkpoint.
   */
  readonly confirmation: ComparisonReport | null;
  /**
   * The chosen checkpoint's difference on the selection items next to its difference on the
   * confirmation items: how optimistic the first is. `null` without a confirmation.
   */
  readonly optimism: {
    /** Its difference on the selection items. */
    readonly selection: number | null;
    /** Its difference on the confirmation items. */
    readonly confirmation: number | null;
  } | null;
  /** What to beware of (the best chosen on the items it is reported on), or `null`. */
  readonly warning: string | null;
  /**
   * Errored selection items that could change which checkpoint is chosen, or `null` when they
   * cannot (or none is chosen): see {@linkcode ChoiceErrors}.
   */
  readonly choiceErrors: ChoiceErrors | null;
}

/**
 * How errored items on the selection items could change a sweep's choice: each checkpoint's
 * difference from the baseline is taken with its errored items (its own and the baseline's)
 * counted against it and in its favour, each checkpoint on its own; another checkpoint could be
 * chosen when its difference in its favour reaches the chosen one's against it (ties: the earlier
 * step, as the choice breaks them).
 */
export interface ChoiceErrors {
  /** The chosen checkpoint's errored selection items (0 when it has none). */
  readonly errors: number;
  /** Its difference on the selection items with those items counted against it. */
  readonly against: number;
  /** Each checkpoint the errored items could make the choice, in step order. */
  readonly rivals: readonly {
    /** Its name. */
    readonly adapter: string;
    /** Its step. */
    readonly step: number;
    /** Its errored selection items. */
    readonly errors: number;
    /** Its difference on the selection items with those items counted in its favour. */
    readonly favour: number;
  }[];
}

/** The report of a results file. */
export interface Report {
  /** {@linkcode REPORT_SCHEMA}. */
  readonly schema: typeof REPORT_SCHEMA;
  /** The run reported on. */
  readonly run: ReportRun;
  /** How the figures are read into outcomes: the margin, the guard, the level. */
  readonly decision: DecisionRule;
  /** The baseline, then each adapter in the configuration's order. */
  readonly models: readonly ModelReport[];
  /** Each adapter against the baseline, in the configuration's order. */
  readonly comparisons: readonly ComparisonReport[];
  /**
   * Where the items' categories came from: `results` (recorded by the run), `dataset` (computed
   * from the items given, for a file that predates them), or `null` (not known: no category
   * figure).
   */
  readonly categoriesFrom: "results" | "dataset" | null;
  /**
   * Where the items' clusters came from: `results` (recorded by the run), `dataset` (computed from
   * the items given, for a file that predates them), or `null` (not known: every item is taken as
   * a cluster of its own).
   */
  readonly clustersFrom: "results" | "dataset" | null;
  /**
   * Items every model (two or more) answered with calls equal by the scorer's equality, all
   * wrong, ascending by id; `null` when the replies' calls are not known or there is one model.
   */
  readonly disputedItems: readonly DisputedItem[] | null;
  /**
   * The changed items (fixed or broke, by any adapter) and the disputed items, shown whole, up to
   * a limit of each list (the first by id: each adapter's fixed and broken items and the disputed
   * items; 100 by default, `assess report -panels`); ascending by id. An item left out is still
   * in its list (`comparisons[].discordant`, `disputedItems`). `null` unless the items were given
   * (`assess report -config`).
   */
  readonly panels: readonly ItemPanel[] | null;
  /** The replicas the outcomes came from. */
  readonly replicas: ReplicasReport;
  /** The trust section. */
  readonly trust: TrustReport;
  /** Which reading decided, and whether the lenient one was made. */
  readonly scoring: ScoringReport;
  /** The checkpoint sweep, present only when some adapter has a `step`. */
  readonly sweep?: SweepReport;
}
