/**
 * The report's outline, once: which blocks a report has, in which order, and when a block is
 * there at all. Each format is a printer of these blocks (`text.ts`, `markdown.ts`, `html.ts`):
 * it decides how a block looks, never whether it is shown or where, so a new section is one entry
 * here and one case in each printer, which the type checker asks for. Private to
 * `src/report/render/`.
 *
 * @module
 */

import type { ComparisonReport, Report, SweepReport } from "../report.ts";
import { incompleteSentence, replicaWarning, severalReplicas } from "./_sections.ts";

/**
 * A notice above the figures: the reading that decides when it is not the strict one, the run is
 * incomplete, the replicas differ, or a note.
 */
export type NoticeKind = "scoring" | "incomplete" | "warning" | "note";

/**
 * What the `scoring` notice says when `-scoring lenient` decides: said before any figure, since
 * every figure and outcome from the glance on is the lenient reading's.
 */
export const LENIENT_DECIDES: string =
  "lenient (-scoring lenient): the figures and outcomes below are the lenient reading's";

/**
 * The headings of the sections every format shows under the same words, written once so that the
 * formats never drift apart (text once said "not counted wrong" where the others said "never").
 */
export const HEADINGS = {
  models: "Models",
  categories: "Categories (accuracy on scored items, and how many)",
  reasons: "Reasons (scored items)",
  usage: "Tokens and latency (scored items)",
  errors: "Errors (no verdict, never counted wrong)",
  replicas: "Replicas (each model's accuracy on the items each one answered)",
} as const satisfies Readonly<Partial<Record<Block["kind"], string>>>;

/** One block of the report's outline, with the figures it shows that no format words apart. */
export type Block =
  /** The title: the adapters (none: `no adapter`) against the baseline, and the items. */
  | {
    readonly kind: "title";
    readonly adapters: readonly string[];
    readonly baseline: string;
    readonly items: number;
  }
  /** When and how the run was made. */
  | { readonly kind: "run" }
  /** The decision at a glance: a line per adapter, and what the intervals are. */
  | { readonly kind: "glance" }
  /** A sentence set apart, said as its kind says. */
  | { readonly kind: "notice"; readonly notice: NoticeKind; readonly text: string }
  /** How the verdicts are decided: the margin, the guard, Holm's family. */
  | { readonly kind: "decision" }
  /** Each comparison's verdict, with its detectable difference. */
  | { readonly kind: "verdicts"; readonly comparisons: readonly ComparisonReport[] }
  /** A checkpoint sweep: its curve, the checkpoint chosen, and its confirmation. */
  | { readonly kind: "sweep"; readonly sweep: SweepReport }
  /** The charts of accuracy and of paired differences (a format that cannot draw leaves them). */
  | { readonly kind: "charts" }
  /** Each model's accuracy. */
  | { readonly kind: "models" }
  /** Each model's accuracy per category, or why there is none. */
  | { readonly kind: "categories" }
  /** Each model's reasons. */
  | { readonly kind: "reasons" }
  /** Each model's tokens and latency. */
  | { readonly kind: "usage" }
  /** Strict and lenient scoring side by side, or why lenient scoring was not computed. */
  | { readonly kind: "scoring" }
  /** The errors of each model that had some. */
  | { readonly kind: "errors" }
  /** Each replica's share and the homogeneity tests, when more than one replica answered. */
  | { readonly kind: "replicas" }
  /** The disputed answer keys, when they were looked for. */
  | { readonly kind: "disputed" }
  /** One adapter against the baseline. */
  | { readonly kind: "comparison"; readonly comparison: ComparisonReport }
  /** The items an adapter fixed or broke, shown whole (a format without panels leaves them). */
  | { readonly kind: "changed-items" }
  /** The trust section. */
  | { readonly kind: "trust" };

/**
 * The report's blocks, in the order every format shows them.
 *
 * @param report The report (its texts already made safe to print by the caller).
 * @returns The blocks, each present only when the report has something for it.
 */
export function reportBlocks(report: Report): Block[] {
  const comparisons = report.comparisons;
  const blocks: Block[] = [
    {
      kind: "title",
      adapters: comparisons.map((c) => c.adapter),
      baseline: report.models[0]?.name ?? "",
      items: report.run.items,
    },
    { kind: "run" },
  ];
  if (report.scoring.decides === "lenient") {
    blocks.push({ kind: "notice", notice: "scoring", text: LENIENT_DECIDES });
  }
  if (comparisons.length > 0) blocks.push({ kind: "glance" });
  if (!report.trust.completeness.complete) {
    blocks.push({ kind: "notice", notice: "incomplete", text: incompleteSentence(report) });
  }
  const replicaAlarm = replicaWarning(report);
  if (replicaAlarm !== null) blocks.push({ kind: "notice", notice: "warning", text: replicaAlarm });
  if (report.trust.scorer.note !== null) {
    blocks.push({ kind: "notice", notice: "note", text: report.trust.scorer.note });
  }
  blocks.push({ kind: "decision" });
  if (report.decision.note !== null) {
    blocks.push({ kind: "notice", notice: "note", text: report.decision.note });
  }
  if (comparisons.length > 0) blocks.push({ kind: "verdicts", comparisons });
  if (report.sweep !== undefined) blocks.push({ kind: "sweep", sweep: report.sweep });
  blocks.push(
    { kind: "charts" },
    { kind: "models" },
    { kind: "categories" },
    { kind: "reasons" },
    { kind: "usage" },
    { kind: "scoring" },
  );
  if (report.models.some((model) => model.errors > 0)) blocks.push({ kind: "errors" });
  if (severalReplicas(report)) blocks.push({ kind: "replicas" });
  if (report.disputedItems !== null) blocks.push({ kind: "disputed" });
  for (const comparison of comparisons) blocks.push({ kind: "comparison", comparison });
  if ((report.panels ?? []).length > 0) blocks.push({ kind: "changed-items" });
  blocks.push({ kind: "trust" });
  return blocks;
}
