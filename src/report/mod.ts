/**
 * The report of a results file: each model's accuracy with its Wilson interval, overall and per
 * category of item; each adapter against the baseline on the same items (the exact McNemar test,
 * Holm's adjustment, an exact interval that keeps its level for every table, at the level Holm
 * decides it at), read into an outcome with the team's margin and guard, with what could hide a
 * difference (the minimum detectable difference, errors, replies identical to the baseline's,
 * disputed answer keys); each replica's share with the chi-square test of homogeneity of the
 * baseline's accuracy across replicas; the item panels; the trust section; and its four
 * renderings. The statistics are exported too, each checked against an independent
 * implementation.
 *
 * @example A report from a results file, as text
 * ```ts ignore
 * import { buildReport, renderText, reportInputFromResults } from "@assess/assess/report";
 * import { lookupScorer } from "@assess/assess";
 *
 * using file = await Deno.open("results.jsonl");
 * const input = await reportInputFromResults(file.readable, {
 *   scorer: lookupScorer("xlam-tool-call"),
 * });
 * console.log(renderText(buildReport(input)));
 * ```
 *
 * @module
 */

export type {
  DecisionRule,
  Digests,
  LenientFacts,
  Observation,
  ProbeCheck,
  ReportInput,
  RunFacts,
  ScorerTrust,
  Scoring,
  SweepInput,
  VerdictSource,
} from "./report_input.ts";
export {
  type CategoryAccuracy,
  type CategoryComparison,
  type ChoiceErrors,
  type ClustersReport,
  type ComparisonReport,
  type CountedOutcome,
  type DecisionInterval,
  type DetectableDifferenceReport,
  type DisputedItem,
  type ErrorMessageCount,
  type ErrorSensitivityReport,
  type IdenticalReplies,
  type ItemPanel,
  type ModelHomogeneity,
  type ModelReport,
  type NamedCount,
  type PairedCounts,
  type PanelCall,
  type PanelMessage,
  type PanelReply,
  type PanelRescue,
  type ProbeDifference,
  type ProbeReport,
  type ReasonChange,
  type ReplicaIdentical,
  type ReplicaModel,
  type ReplicaReport,
  type ReplicasReport,
  type Report,
  REPORT_SCHEMA,
  type ReportRun,
  type SweepPoint,
  type SweepReport,
  type TokenTotals,
  type Transition,
  type TrustReport,
} from "./report.ts";
export {
  buildReport,
  IDENTICAL_MIN_ITEMS,
  IDENTICAL_SHARE,
  VERDICT_ALPHA,
} from "./build_report.ts";
export { decidedComparisons, type Gate, type GateOutcome, gateReport } from "./gate.ts";
export {
  itemsToDecide,
  MAX_ITEMS_TO_DECIDE,
  type ToDecideFigures,
  toDecideSentence,
} from "./items_to_decide.ts";
export { HOMOGENEITY_ALPHA, HOMOGENEITY_MIN_EXPECTED } from "./by_replica.ts";
export type { LenientAccuracy, ReadingAccuracy, ReadingOutcome, ScoringReport } from "./scoring.ts";
export {
  type FromResultsOptions,
  LENIENT_NEEDS_ITEMS,
  needsRescoring,
  reportInputFromResults,
} from "./from_results.ts";
export { type ItemPanelsOptions, PANEL_LIMIT, withItemPanels } from "./item_panels.ts";
export { withSweep } from "./sweep.ts";
export { REPORT_FORMATS, type ReportFormat, reportFormat } from "./render/formats.ts";
export { renderText } from "./render/text.ts";
export { renderMarkdown } from "./render/markdown.ts";
export { renderJson } from "./render/json.ts";
export { renderHtml } from "./render/html.ts";
export {
  agreedOutcome,
  type CoherentInterval,
  coherentIntervals,
  type CoherentIntervalsOptions,
  type ComparisonOutcome,
  comparisonOutcome,
  type CountedComparison,
  decisionInterval,
  type DecisionIntervalOptions,
  type DetectableDifference,
  type DetectableDifferenceOptions,
  type DetectableDifferenceRow,
  detectableDifferenceTable,
  type DetectableDifferenceTableOptions,
  type DiscordantModel,
  type ErroredItems,
  type ErrorSensitivity,
  errorSensitivity,
  type ErrorSensitivityOptions,
  holmAdjust,
  type HolmLevel,
  holmLevels,
  type Homogeneity,
  homogeneityTest,
  type Interval,
  mcnemarExactP,
  mcnemarPower,
  minimumDetectableDifference,
  type PairedDifference,
  pairedDifferenceInterval,
  type PairedDifferenceOptions,
  type PairedTable,
  type PowerOptions,
  type ProportionGroup,
  type Spread,
  spread,
  TEST_SHARE,
  testLevelOf,
  wilsonInterval,
  type WilsonOptions,
  Z_95,
} from "./stats/mod.ts";
// Several samples per item (sampling.samples above 1).
export {
  type DifferenceVariance,
  differenceVariance,
  type PassAtK,
  passK,
  type PassKOptions,
  type SampledAccuracy,
  sampledAccuracy,
  type SampledAccuracyOptions,
  sampledDetectable,
  type SampledDifference,
  sampledDifference,
  type SampledDifferenceOptions,
  type SampledItem,
  sampledItemsToDecide,
  type SampledPair,
  type SampledPlan,
  type SharePair,
} from "./stats/mod.ts";
export {
  SAMPLED_REPORT_SCHEMA,
  type SampledCategory,
  type SampledCategoryComparison,
  type SampledComparison,
  type SampledCountedOutcome,
  type SampledErrorSensitivity,
  type SampledModel,
  type SampledReport,
  sampledReportFromResults,
  type SampledReportOptions,
} from "./sampled_report.ts";
export { gateSampledReport, sampledToDecideSentence } from "./sampled_gate.ts";
export {
  renderSampledHtml,
  renderSampledJson,
  renderSampledMarkdown,
  renderSampledText,
} from "./render/sampled.ts";
// Clustered items (the items that share their tools).
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
} from "./stats/mod.ts";
