/**
 * The statistics of the report, on their own: Wilson's interval for one model's accuracy; for two
 * models on the same items (a {@linkcode PairedTable}), the exact McNemar test, a paired
 * difference's interval, the exact decision interval at the level Holm's procedure decides it at,
 * the outcome it reads against a margin, the minimum detectable difference and its power, and how
 * errored items could move a decision; Holm's adjustment; the chi-square test of homogeneity; a
 * spread of values. They import nothing outside this folder, and each is checked against an
 * independent implementation (`tests/report/stats/`, `tests/reference/`).
 *
 * @example Two models on 200 items: 30 only the first got right, 12 only the second
 * ```ts
 * import { decisionInterval, mcnemarExactP } from "./mod.ts";
 *
 * const table = { bothRight: 120, onlyFirst: 30, onlySecond: 12, bothWrong: 38 };
 * const p = mcnemarExactP(table.onlyFirst, table.onlySecond);
 * const interval = decisionInterval(table, { alpha: 0.05 });
 * console.log(p < 0.05, interval.lower > 0);
 * ```
 *
 * @module
 */

export { type Interval, Z_95 } from "./interval.ts";
export { wilsonInterval, type WilsonOptions } from "./wilson.ts";
export { mcnemarExactP } from "./mcnemar.ts";
export type { PairedTable } from "./paired_table.ts";
export {
  type PairedDifference,
  pairedDifferenceInterval,
  type PairedDifferenceOptions,
} from "./paired_difference.ts";
export { holmAdjust, type HolmLevel, holmLevels } from "./holm.ts";
export {
  type DetectableDifference,
  type DetectableDifferenceOptions,
  type DetectableDifferenceRow,
  detectableDifferenceTable,
  type DetectableDifferenceTableOptions,
  type DiscordantModel,
  mcnemarPower,
  minimumDetectableDifference,
  type PowerOptions,
} from "./detectable_difference.ts";
export {
  type CoherentInterval,
  coherentIntervals,
  type CoherentIntervalsOptions,
  decisionInterval,
  type DecisionIntervalOptions,
  TEST_SHARE,
  testLevelOf,
} from "./decision_interval.ts";
export { agreedOutcome, type ComparisonOutcome, comparisonOutcome } from "./comparison_outcome.ts";
export {
  type CountedComparison,
  type ErroredItems,
  type ErrorSensitivity,
  errorSensitivity,
  type ErrorSensitivityOptions,
} from "./error_sensitivity.ts";
export { type Homogeneity, homogeneityTest, type ProportionGroup } from "./homogeneity.ts";
export { type Spread, spread } from "./quantile.ts";
export {
  type SampledAccuracy,
  sampledAccuracy,
  type SampledAccuracyOptions,
  type SampledItem,
} from "./sampled_accuracy.ts";
export { type PassAtK, passK, type PassKOptions } from "./pass_k.ts";
export {
  type SampledDifference,
  sampledDifference,
  type SampledDifferenceOptions,
  type SharePair,
} from "./sampled_difference.ts";
export {
  type DifferenceVariance,
  differenceVariance,
  sampledDetectable,
  sampledItemsToDecide,
  type SampledPair,
  type SampledPlan,
} from "./sampled_planning.ts";
export {
  type ClusterCounts,
  type ClusterDesign,
  clusterDesign,
  type ClusteredDifference,
  clusteredDifference,
  type ClusteredDifferenceOptions,
  clustersMaterial,
  FEW_CLUSTERS,
  MATERIAL_DESIGN_EFFECT,
} from "./clustered_difference.ts";
