/**
 * The figures of a report of several samples per item, from each model's per-item tallies: the
 * models, their categories, and each adapter against the baseline (overall, per category, and
 * with its errored samples counted both ways). `sampled_report.ts` reads a results file into the tallies these take.
 *
 * @module
 */

import { ANSWER_CATEGORIES, type AnswerCategory } from "../dataset/category.ts";
import { compareItemIds, type ItemId } from "../dataset/item_id.ts";
import { type ComparisonOutcome, comparisonOutcome } from "./stats/comparison_outcome.ts";
import { holmAdjust, holmLevels } from "./stats/holm.ts";
import { passK } from "./stats/pass_k.ts";
import { sampledAccuracy } from "./stats/sampled_accuracy.ts";
import { sampledDifference, type SharePair } from "./stats/sampled_difference.ts";
import {
  differenceVariance,
  sampledDetectable,
  sampledItemsToDecide,
} from "./stats/sampled_planning.ts";
import { MAX_ITEMS_TO_DECIDE } from "./items_to_decide.ts";
import type { PassAtK } from "./stats/pass_k.ts";

/** A model's accuracy on one category of items, over items asked several times. */
export interface SampledCategory {
  /** The category. */
  readonly name: AnswerCategory;
  /** Items of the category with at least one answer. */
  readonly items: number;
  /** The mean of their per-item shares, or `null` with none. */
  readonly accuracy: number | null;
  /** Its betting interval, or `null` with none. */
  readonly interval: {
    readonly lower: number;
    readonly upper: number;
    readonly level: number;
  } | null;
}

/** An adapter against the baseline on the paired items of one category. */
export interface SampledCategoryComparison {
  /** The category. */
  readonly name: AnswerCategory;
  /** Items of the category both answered. */
  readonly items: number;
  /** The mean per-item difference, or `null` with no item. */
  readonly difference: number | null;
  /** Its interval (see `method`) at the category's Holm level (across the comparison's categories). */
  readonly interval: {
    readonly lower: number;
    readonly upper: number;
    readonly level: number;
  } | null;
  /** The test's p-value, or `null` with no item. */
  readonly pValue: number | null;
  /** The test (see `SampledComparison.method`), or `null` with no item. */
  readonly method: "betting" | null;
  /** Holm-adjusted across the comparison's categories with items, or `null`. */
  readonly pAdjusted: number | null;
  /** The outcome at the margin; `inconclusive` with no item. */
  readonly outcome: ComparisonOutcome;
}

/** A comparison's figures with its errored samples counted one way. */
export interface SampledCountedOutcome {
  /** The mean per-item difference. */
  readonly difference: number;
  /** Its interval (the comparison's test) at the comparison's level. */
  readonly interval: { readonly lower: number; readonly upper: number };
  /** The outcome. */
  readonly outcome: ComparisonOutcome;
}

/** What the errored samples could do to a comparison. */
export interface SampledErrorSensitivity {
  /** Errored samples on either side, over the items with an answer or error on both. */
  readonly errors: number;
  /** Each errored sample a wrong answer of the adapter and a right one of the baseline. */
  readonly against: SampledCountedOutcome;
  /** The other way. */
  readonly favour: SampledCountedOutcome;
  /** Whether either way's outcome is not the one with the errors left out. */
  readonly couldChange: boolean;
}

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
  /** Samples never asked: the split's items × K, less the answers and errors. */
  readonly notAsked: number;
  /** The mean over items of each item's share of right answers. */
  readonly accuracy: number;
  /** Its 95% betting interval from the per-item shares. */
  readonly interval: { readonly lower: number; readonly upper: number; readonly level: number };
  /** The within-item variance (see `sampledAccuracy`), or `null`. */
  readonly withinVariance: number | null;
  /** The between-item variance, or `null`. */
  readonly betweenVariance: number | null;
  /** pass@k and pass^k for k = 1 to K. */
  readonly passK: readonly PassAtK[];
  /** Its figures on each category, or `null` when the categories are not known. */
  readonly categories: readonly SampledCategory[] | null;
}

/** An adapter against the baseline on the items both answered. */
export interface SampledComparison {
  /** The adapter. */
  readonly adapter: string;
  /** The baseline. */
  readonly baseline: string;
  /** Items both answered at least once. */
  readonly items: number;
  /**
   * The test on the per-item differences of shares: `betting`, the betting interval of their mean
   * on [−1, 1] and its p-value (see `sampledDifference`).
   */
  readonly method: "betting";
  /** The adapter's mean per-item share on those items. */
  readonly adapterAccuracy: number;
  /** The baseline's. */
  readonly baselineAccuracy: number;
  /** The mean per-item difference, adapter minus baseline. */
  readonly difference: number;
  /** The interval (see `method`) at the level Holm's procedure decides it at (`testLevel` = `level`). */
  readonly interval: {
    readonly lower: number;
    readonly upper: number;
    readonly level: number;
    readonly testLevel: number;
  };
  /** The test's two-sided p-value (see `method`). */
  readonly pValue: number;
  /** Holm-adjusted across the adapters. */
  readonly pAdjusted: number;
  /** The outcome against the decision's margin. */
  readonly outcome: ComparisonOutcome;
  /** Paired items on which the two models' shares differ. */
  readonly differingItems: number;
  /**
   * Those items by id, ascending: `better`, the adapter's share of right answers above the
   * baseline's (the item's mean over its samples), `worse`, below it (`differingItems` in all).
   * The items a report shows whole (`withSampledPanels`) are chosen from these.
   */
  readonly changed: { readonly better: readonly ItemId[]; readonly worse: readonly ItemId[] };
  /**
   * Whether too few items differ to conclude anything: even with every differing item's
   * difference +1 (the adapter right on every sample, the baseline on none) the interval at this
   * level would not be above −margin, and with every one −1 it would not be below 0. The outcome
   * is then `inconclusive` whatever the answers were; `-gate` says "no conclusion: too few items
   * differ".
   */
  readonly tooFewDiffer: boolean;
  /**
   * When the outcome is `inconclusive`: about how many items, each asked K times, would decide it
   * (`sampledItemsToDecide`: the fewest whose detectable difference, the betting interval's at the
   * measured variance parts, is at most the observed difference, or its distance from −margin
   * when that is larger), what `assess report -gate` says too; `null` when the outcome is decided,
   * too few items differ (`tooFewDiffer`: the spread would be read from those few), the variance's
   * parts are not known, or no number up to 1,000,000 would.
   */
  readonly itemsToDecide: number | null;
  /**
   * The smallest true difference the betting interval finds with power 0.8 at `level` by K
   * samples of these items (see `sampledDetectable`: for a difference on a few items changed
   * completely, the hardest case; one spread over more items is found more often), and
   * what twice the samples or twice the items would detect; `null` without the variance's parts.
   */
  readonly minimumDetectableDifference: {
    readonly difference: number;
    readonly withTwiceTheSamples: number;
    readonly withTwiceTheItems: number;
    readonly betweenVariance: number;
    readonly withinVariance: number;
    readonly level: number;
    readonly power: number;
    /**
     * How the difference the figures are for spreads over the items: `concentrated`, on a few
     * items each changed completely (from always wrong to always right), the hardest case for the
     * betting interval; one spread over more items is found more often at these figures
     * (reference/report.md, "Several samples per item", gives the power measured).
     */
    readonly holdsFor: "concentrated";
  } | null;
  /** The comparison on each category, or `null` when the categories are not known. */
  readonly categories: readonly SampledCategoryComparison[] | null;
  /** The guarded categories whose own outcome is `worse`, or `null` when not known. */
  readonly guardWorse: readonly AnswerCategory[] | null;
  /** What the errored samples could do, or `null` when no paired item has one. */
  readonly errorSensitivity: SampledErrorSensitivity | null;
}

/** One model's samples of one item: answered, of those right, and errored (no answer). */
export interface Tally {
  /** Samples answered. */
  asked: number;
  /** Of those, right. */
  right: number;
  /** Samples whose latest record is an error. */
  errors: number;
}

/** A model's tallies by item index. */
export type Tallies = ReadonlyMap<number, Tally>;

/** The decision's parts the figures read: the family's level, the margin (a fraction), the guard. */
export interface FiguresRule {
  /** The family-wise level. */
  readonly alpha: number;
  /** The margin, a fraction. */
  readonly margin: number;
  /** The guarded categories. */
  readonly guard: readonly AnswerCategory[];
}

/**
 * A model's tallies in the order of their items' indices: the betting intervals take their values
 * in an order that must not depend on the answers, and the report must not depend on the order
 * the results file holds them in.
 */
function byItem(tallies: Tallies): [number, Tally][] {
  return [...tallies].sort(([a], [b]) => a - b);
}

/** The answered tallies among `tallies`, of the items `keep` keeps, in their items' order. */
function answered(tallies: Tallies, keep: (item: number) => boolean = () => true) {
  return byItem(tallies).filter(([item, t]) => t.asked > 0 && keep(item)).map(([, t]) => t);
}

/**
 * A model's figures.
 *
 * @param name The model.
 * @param role Its role.
 * @param tallies Its tallies.
 * @param context K, the split's items, the items' categories (or `null`), the level.
 * @returns The figures.
 */
export function modelFigures(
  name: string,
  role: "baseline" | "adapter",
  tallies: Tallies,
  context: {
    readonly samples: number;
    readonly splitItems: number;
    readonly categories: ReadonlyMap<number, AnswerCategory> | null;
    readonly alpha: number;
  },
): SampledModel {
  const { samples, alpha, categories } = context;
  const items = answered(tallies);
  const a = sampledAccuracy(items, { level: alpha });
  const answers = items.reduce((s, i) => s + i.asked, 0);
  const errors = [...tallies.values()].reduce((s, t) => s + t.errors, 0);
  return {
    name,
    role,
    samples,
    items: a.items,
    answers,
    errors,
    notAsked: Math.max(0, context.splitItems * samples - answers - errors),
    accuracy: a.accuracy,
    interval: { lower: a.lower, upper: a.upper, level: alpha },
    withinVariance: a.withinVariance,
    betweenVariance: a.betweenVariance,
    passK: passK(items, samples, { level: alpha }),
    categories: categories === null ? null : ANSWER_CATEGORIES.map((category): SampledCategory => {
      const mine = answered(tallies, (item) => categories.get(item) === category);
      if (mine.length === 0) {
        return { name: category, items: 0, accuracy: null, interval: null };
      }
      const c = sampledAccuracy(mine, { level: alpha });
      return {
        name: category,
        items: c.items,
        accuracy: c.accuracy,
        interval: { lower: c.lower, upper: c.upper, level: alpha },
      };
    }),
  };
}

/** The items both models answered, with their tallies, in their items' order. */
function pairsOf(
  adapter: Tallies,
  baseline: Tallies,
  keep: (item: number) => boolean = () => true,
): { item: number; first: Tally; second: Tally }[] {
  const out = [];
  for (const [item, first] of byItem(adapter)) {
    const second = baseline.get(item);
    if (second === undefined || first.asked === 0 || second.asked === 0 || !keep(item)) continue;
    out.push({ item, first, second });
  }
  return out;
}

/** Each pair's two shares. */
function sharesOf(pairs: readonly { first: Tally; second: Tally }[]): SharePair[] {
  return pairs.map((p) => ({
    first: p.first.right / p.first.asked,
    second: p.second.right / p.second.asked,
  }));
}

/**
 * Every adapter against the baseline: the paired test on the per-item differences (the betting
 * interval of their mean and its p-value; see `sampledDifference`), Holm's
 * procedure across the adapters, the outcome at the margin, the planning figures, each category
 * at its Holm level across the comparison's categories with items, the guard, and the errored
 * samples counted against the adapter and in its favour.
 *
 * @param baseline The baseline's name and tallies.
 * @param adapters Each adapter's name and tallies.
 * @param context K, the items' categories (or `null`), the decision.
 * @returns The comparisons, in the adapters' order.
 */
export function comparisonFigures(
  baseline: { readonly name: string; readonly tallies: Tallies },
  adapters: readonly { readonly name: string; readonly tallies: Tallies }[],
  context: {
    readonly samples: number;
    readonly categories: ReadonlyMap<number, AnswerCategory> | null;
    readonly rule: FiguresRule;
    /** Each item's id by its index. */
    readonly ids: ReadonlyMap<number, ItemId>;
  },
): SampledComparison[] {
  const { samples, rule, categories, ids } = context;
  const paired = adapters.map((adapter) => {
    const pairs = pairsOf(adapter.tallies, baseline.tallies);
    const shares = sharesOf(pairs);
    return { adapter, pairs, shares, test: sampledDifference(shares, { level: rule.alpha }) };
  });
  const pValues = paired.map((p) => p.test.pValue);
  const levels = holmLevels(pValues, rule.alpha);
  const adjusted = holmAdjust(pValues);
  return paired.map(({ adapter, pairs, shares, test }, n): SampledComparison => {
    const level = levels[n]!.level;
    const d = sampledDifference(shares, { level });
    const mean = (pick: (s: SharePair) => number) =>
      shares.length === 0 ? 0 : shares.reduce((s, x) => s + pick(x), 0) / shares.length;
    const byCategory = categories === null
      ? null
      : categoryComparisons(adapter.tallies, baseline.tallies, categories, rule);
    const outcome = comparisonOutcome({ lower: d.lower, upper: d.upper }, rule.margin);
    const few = tooFewDiffer(shares, level, rule.margin);
    return {
      adapter: adapter.name,
      baseline: baseline.name,
      items: d.items,
      method: d.method,
      adapterAccuracy: mean((s) => s.first),
      baselineAccuracy: mean((s) => s.second),
      difference: d.difference,
      interval: { lower: d.lower, upper: d.upper, level, testLevel: level },
      pValue: test.pValue,
      pAdjusted: adjusted[n]!,
      outcome,
      differingItems: shares.filter((s) => s.first !== s.second).length,
      changed: changedItems(pairs, ids),
      tooFewDiffer: few,
      itemsToDecide: outcome === "inconclusive" && !few
        ? toDecide(pairs, samples, level, d.difference, rule.margin)
        : null,
      minimumDetectableDifference: planning(pairs, samples, level),
      categories: byCategory,
      guardWorse: byCategory === null
        ? null
        : rule.guard.filter((g) => byCategory.find((c) => c.name === g)!.outcome === "worse"),
      errorSensitivity: sensitivity(adapter.tallies, baseline.tallies, { level, outcome, rule }),
    };
  });
}

/** The paired items whose two shares differ, by id: the adapter's higher, and lower. */
function changedItems(
  pairs: readonly { item: number; first: Tally; second: Tally }[],
  ids: ReadonlyMap<number, ItemId>,
): SampledComparison["changed"] {
  const better: ItemId[] = [];
  const worse: ItemId[] = [];
  for (const { item, first, second } of pairs) {
    const d = first.right / first.asked - second.right / second.asked;
    if (d !== 0) (d > 0 ? better : worse).push(ids.get(item)!);
  }
  return { better: better.sort(compareItemIds), worse: worse.sort(compareItemIds) };
}

/**
 * Whether too few items differ to conclude: the differing items all +1 (the rest 0) give an
 * interval not above −margin, and all −1 one not below 0.
 */
function tooFewDiffer(shares: readonly SharePair[], level: number, margin: number): boolean {
  const extreme = (first: number) =>
    sampledDifference(
      shares.map((s) =>
        s.first === s.second ? { first: 0, second: 0 } : { first, second: 1 - first }
      ),
      { level },
    );
  return !(extreme(1).lower > -margin) && !(extreme(0).upper < 0);
}

/**
 * About how many items of K samples would decide an inconclusive comparison: the distance to
 * detect is the observed difference's size, or with a margin its distance from −margin when that
 * is larger (as for one sample, `itemsToDecide`).
 */
function toDecide(
  pairs: readonly { first: Tally; second: Tally }[],
  samples: number,
  level: number,
  difference: number,
  margin: number,
): number | null {
  const parts = differenceVariance(pairs);
  if (parts.between === null || parts.within === null) return null;
  const target = Math.max(Math.abs(difference), margin > 0 ? difference + margin : 0);
  return sampledItemsToDecide(
    { between: parts.between, within: parts.within },
    { items: 2, samples, alpha: level },
    target,
    MAX_ITEMS_TO_DECIDE,
  );
}

/** What K samples of these items detect, and twice the samples or twice the items would. */
function planning(
  pairs: readonly { first: Tally; second: Tally }[],
  samples: number,
  level: number,
): SampledComparison["minimumDetectableDifference"] {
  const parts = differenceVariance(pairs);
  if (parts.between === null || parts.within === null) return null;
  const between = parts.between;
  const within = parts.within;
  const plan = (items: number, k: number) =>
    sampledDetectable({ between, within }, { items, samples: k, alpha: level });
  return {
    difference: plan(parts.items, samples),
    withTwiceTheSamples: plan(parts.items, 2 * samples),
    withTwiceTheItems: plan(2 * parts.items, samples),
    betweenVariance: between,
    withinVariance: within,
    level,
    power: 0.8,
    holdsFor: "concentrated",
  };
}

/** A comparison on each category's paired items, at its Holm level across those with items. */
function categoryComparisons(
  adapter: Tallies,
  baseline: Tallies,
  categories: ReadonlyMap<number, AnswerCategory>,
  rule: FiguresRule,
): SampledCategoryComparison[] {
  const shares = ANSWER_CATEGORIES.map((category) =>
    sharesOf(pairsOf(adapter, baseline, (item) => categories.get(item) === category))
  );
  const withItems = shares.flatMap((s, i) => (s.length > 0 ? [i] : []));
  const tests = withItems.map((i) => sampledDifference(shares[i]!, { level: rule.alpha }));
  const levels = holmLevels(tests.map((t) => t.pValue), rule.alpha);
  const adjusted = holmAdjust(tests.map((t) => t.pValue));
  return ANSWER_CATEGORIES.map((name, i): SampledCategoryComparison => {
    const at = withItems.indexOf(i);
    if (at < 0) {
      return {
        name,
        items: 0,
        difference: null,
        interval: null,
        pValue: null,
        method: null,
        pAdjusted: null,
        outcome: "inconclusive",
      };
    }
    const level = levels[at]!.level;
    const d = sampledDifference(shares[i]!, { level });
    return {
      name,
      items: d.items,
      difference: d.difference,
      interval: { lower: d.lower, upper: d.upper, level },
      pValue: tests[at]!.pValue,
      method: d.method,
      pAdjusted: adjusted[at]!,
      outcome: comparisonOutcome({ lower: d.lower, upper: d.upper }, rule.margin),
    };
  });
}

/**
 * What the errored samples could do: each counted as a wrong answer of the adapter and a right
 * one of the baseline (against), and the other way (in its favour), on the items with an answer
 * or an error on both sides; `null` when no such item has an errored sample. It could change the
 * outcome when either way's outcome is not the one with the errors left out.
 */
function sensitivity(
  adapter: Tallies,
  baseline: Tallies,
  decided: {
    readonly level: number;
    readonly outcome: ComparisonOutcome;
    readonly rule: FiguresRule;
  },
): SampledErrorSensitivity | null {
  const { level, outcome, rule } = decided;
  let errors = 0;
  const counted = (way: "against" | "favour") => {
    const shares: SharePair[] = [];
    for (const [item, a] of byItem(adapter)) {
      const b = baseline.get(item);
      if (b === undefined || a.asked + a.errors === 0 || b.asked + b.errors === 0) continue;
      if (way === "against") errors += a.errors + b.errors;
      const aRight = a.right + (way === "favour" ? a.errors : 0);
      const bRight = b.right + (way === "against" ? b.errors : 0);
      shares.push({
        first: aRight / (a.asked + a.errors),
        second: bRight / (b.asked + b.errors),
      });
    }
    const d = sampledDifference(shares, { level });
    return {
      difference: d.difference,
      interval: { lower: d.lower, upper: d.upper },
      outcome: comparisonOutcome(d, rule.margin),
    };
  };
  const against = counted("against");
  if (errors === 0) return null;
  const favour = counted("favour");
  return {
    errors,
    against,
    favour,
    couldChange: against.outcome !== outcome || favour.outcome !== outcome,
  };
}
