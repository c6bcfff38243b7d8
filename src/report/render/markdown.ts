/**
 * The report as Markdown, to paste into a pull request or a model card.
 *
 * @module
 */

import { capital, plural } from "../numbers.ts";
import { escapeHtml as html, escapeMarkdown as md, MARKDOWN as MD } from "./_markup.ts";
import type { ComparisonReport, Report } from "../report.ts";
import { printable, printableTexts } from "./_printable.ts";
import {
  CATEGORIES_UNKNOWN,
  comparisonFigures,
  decisionLine,
  decisionSummary,
  detectableSentence,
  disputedLines,
  errorsLines,
  incompleteSentence,
  intervalsNote,
  replicaSentences,
  replicaWarning,
  runStarted,
  severalReplicas,
  trustRows,
} from "./_sections.ts";
import {
  categoriesTable,
  comparisonCategoriesTable,
  decisionTable,
  modelsTable,
  pairedTable,
  reasonChangesTable,
  reasonsTable,
  replicasTable,
  type Table,
  transitionsTable,
  usageTable,
} from "./_tables.ts";

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function table({ headings, numeric, rows }: Table): string[] {
  return [
    row(headings),
    row(numeric.map((r) => (r ? "---:" : "---"))),
    ...rows.map((r) => row(r)),
  ];
}

/**
 * Renders a report as GitHub-flavoured Markdown: the decision rule, a verdict list with each
 * detectable difference, tables of the models, categories, reasons, tokens and latency, the
 * disputed answer keys, a section per adapter (2×2 table, difference with both intervals,
 * p-values, identical replies, errors both ways, categories, reasons fixed and broken, the
 * reason-by-reason transition table, discordant items in a collapsed block), and the trust
 * section. Item panels are left out.
 *
 * @param report The report.
 * @returns The Markdown text, ending in a newline.
 *
 * @example
 * ```ts
 * import { buildReport, type Observation, renderMarkdown } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const obs = (rights: number[]): Observation[] => rights.map((r, i) => ({
 *   itemIndex: i, itemId: i, error: null, latencyMs: 10, usage: null,
 *   verdict: { correct: r === 1, reason: r === 1 ? "match" : "no-call" },
 * }));
 * const report = buildReport({
 *   run: { assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", sessions: 1, splitSeed: "s", items: 3 },
 *   baseline: "base", adapters: ["tuned"], reasons: ["no-call", "match"],
 *   observations: new Map([["base", obs([1, 0, 0])], ["tuned", obs([1, 1, 0])]]),
 *   scorer: { name: "x", version: "1", recordedVersion: "1", ordering: "any", toolCallParser: null,
 *     verdicts: "recorded", note: null, selftest: { passed: true, items: 3, by: "run" } },
 *   digests: { config: "c", dataset: "d", split: "s" },
 *   probe: { batchInvariant: "not-required", items: 0, checks: [] },
 * });
 * assert.match(renderMarkdown(report), /^# assess report: tuned against base$/m);
 * ```
 */
export function renderMarkdown(report: Report): string {
  return printable(draw(printableTexts(report)));
}

/** The format drawn, from a report whose texts are safe to print. */
function draw(report: Report): string {
  const out: string[] = [];
  const baseline = report.models[0]?.name ?? "";
  const adapters = report.comparisons.map((c) => c.adapter);
  out.push(`# assess report: ${md(adapters.join(", ") || "no adapter")} against ${md(baseline)}`);
  out.push("");
  out.push(
    `${plural(report.run.items, "item")} held out (split seed ${
      MD.quote(report.run.splitSeed)
    }), ` +
      `${runStarted(report, MD)}.`,
  );
  if (report.comparisons.length > 0) {
    out.push(
      "",
      "## Decision at a glance",
      "",
      ...table(decisionTable(decisionSummary(report, MD), MD)),
    );
    const note = intervalsNote(report, MD);
    if (note !== null) out.push("", `${capital(note)}.`);
  }
  if (!report.trust.completeness.complete) {
    out.push("", `> **Incomplete run:** ${incompleteSentence(report)}`);
  }
  const replicaAlarm = replicaWarning(report);
  if (replicaAlarm !== null) out.push("", `> **Warning:** ${md(replicaAlarm)}`);
  if (report.trust.scorer.note !== null) {
    out.push("", `> **Note:** ${md(report.trust.scorer.note)}`);
  }
  out.push("", `${capital(decisionLine(report, MD))}.`);
  if (report.decision.note !== null) {
    out.push("", `> **Note:** ${md(report.decision.note)}`);
  }
  if (report.comparisons.length > 0) {
    out.push("", "## Verdicts", "");
    for (const comparison of report.comparisons) {
      out.push(`- **${md(comparison.verdict)}**`);
      const mdd = detectableSentence(comparison);
      if (mdd !== null) out.push(`  - ${mdd}`);
    }
  }

  out.push("", "## Models", "");
  out.push(...table(modelsTable(report.models, MD)));
  const categories = categoriesTable(report.models, MD);
  out.push("", "### Categories (accuracy on scored items, and how many)", "");
  out.push(...(categories === null ? [md(capital(CATEGORIES_UNKNOWN))] : table(categories)));
  out.push("", "### Reasons (scored items)", "");
  out.push(...table(reasonsTable(report.models, MD)));
  out.push("", "### Tokens and latency (scored items)", "");
  out.push(...table(usageTable(report.models, MD)));
  const errors = errorsLines(report, MD);
  if (errors.length > 0) {
    out.push("", "### Errors (no verdict, never counted wrong)", "");
    for (const line of errors) out.push(`- ${line}`);
  }
  if (severalReplicas(report)) {
    out.push("", "### Replicas (each model's accuracy on the items each one answered)", "");
    out.push(...table(replicasTable(report.replicas, MD)));
    out.push("", ...replicaSentences(report, MD).map((sentence) => `- ${sentence}`));
  }
  const disputed = disputedLines(report, MD);
  if (disputed !== null) {
    out.push("", "### Disputed answer keys", "", `${md(capital(disputed.head))}.`);
    if (disputed.items.length > 0) {
      out.push("", "<details>", `<summary>${plural(disputed.items.length, "item")}</summary>`, "");
      out.push(...disputed.items.map((line) => `- ${line}`), "", "</details>");
    }
    if (disputed.sensitivity !== null) out.push("", `${capital(disputed.sensitivity)}.`);
  }
  for (const comparison of report.comparisons) {
    out.push("", ...comparisonSection(comparison, report));
  }
  out.push("", ...trustSection(report));
  return out.join("\n") + "\n";
}

/** A sentence as a heading or a paragraph: its first letter in capitals. */
function comparisonSection(c: ComparisonReport, report: Report): string[] {
  const out = [`## ${md(c.adapter)} against ${md(c.baseline)}`, ""];
  out.push(`Paired on ${plural(c.items, "item")} scored for both. **${md(c.verdict)}**`);
  const figures = comparisonFigures(c, report, MD).map((sentence) => `- ${sentence}`);
  if (c.items === 0) return figures.length === 0 ? out : [...out, "", ...figures];
  out.push("");
  out.push(...table(pairedTable(c, MD)));
  out.push("", ...figures);
  const categories = comparisonCategoriesTable(c, report.decision.alpha, MD);
  if (categories !== null) {
    out.push(
      "",
      "### By category (categories with paired items; Holm across them, each interval at the " +
        "confidence of its Holm step)",
      "",
    );
    out.push(...table(categories));
  }
  out.push("", "### Reasons fixed and broken", "");
  out.push(...table(reasonChangesTable(c, MD)));
  out.push(
    "",
    `### Transitions (rows: ${md(c.baseline)}'s reason, columns: ${md(c.adapter)}'s)`,
    "",
  );
  out.push(...table(transitionsTable(c, MD)));
  out.push("", "### Discordant items", "");
  for (
    const [what, model, ids] of [
      ["fixed", c.adapter, c.discordant.fixed],
      ["broke", c.baseline, c.discordant.broke],
    ] as const
  ) {
    if (ids.length === 0) {
      out.push(`${what} (only ${md(model)} right): none`, "");
      continue;
    }
    // A <summary> line is inside an HTML block, where a backslash escapes nothing: HTML's escapes.
    out.push(
      "<details>",
      `<summary>${what} (only ${html(model)} right): ${plural(ids.length, "item")}</summary>`,
      "",
      ids.join(", "),
      "",
      "</details>",
      "",
    );
  }
  out.pop();
  return out;
}

function trustSection(report: Report): string[] {
  const { rows, differences } = trustRows(report, MD);
  const out = ["## Trust", "", row(["", ""]), row(["---", "---"]), ...rows.map((r) => row(r))];
  if (differences.length > 0) {
    out.push("", "Probe differences:", "", ...differences.map((d) => `- ${d}`));
  }
  return out;
}
