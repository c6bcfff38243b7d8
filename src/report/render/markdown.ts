/**
 * The report as Markdown, to paste into a pull request or a model card.
 *
 * @module
 */

import { SCORING_HEADING, scoringSentences, scoringTable } from "./_scoring.ts";
import { capital, plural } from "../numbers.ts";
import { escapeHtml as html, escapeMarkdown as md, MARKDOWN as MD } from "./_markup.ts";
import type { ComparisonReport, Report } from "../report.ts";
import { printable, printableTexts, printedId } from "./_printable.ts";
import { type Block, HEADINGS, type NoticeKind, reportBlocks } from "./_outline.ts";
import {
  CATEGORIES_UNKNOWN,
  comparisonFigures,
  decisionLine,
  decisionSummary,
  detectableSentence,
  disputedLines,
  errorsLines,
  intervalsNote,
  replicaSentences,
  runStarted,
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
import { SWEEP_HEADING, sweepSentences, sweepTable } from "./_sweep.ts";
import type { SampledBlock } from "./_sampled_outline.ts";

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
 * import { buildReport } from "../build_report.ts";
 * import type { Observation } from "../report_input.ts";
 * import { renderMarkdown } from "./markdown.ts";
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
  return reportBlocks(report).flatMap((b) => printBlock(b, report)).join("\n") + "\n";
}

/** Each notice's label (the incomplete run's is its own). */
const MD_NOTICE: Readonly<Record<Exclude<NoticeKind, "incomplete">, string>> = {
  scoring: "Scoring",
  warning: "Warning",
  note: "Note",
};

/** One block of the outline as Markdown lines, after a blank line (the title excepted). */
function printBlock(block: Block, report: Report): string[] {
  switch (block.kind) {
    case "title": {
      const adapters = md(block.adapters.join(", ") || "no adapter");
      return [`# assess report: ${adapters} against ${md(block.baseline)}`];
    }
    case "run":
      return [
        "",
        `${plural(report.run.items, "item")} held out (split seed ${
          MD.quote(report.run.splitSeed)
        }), ${runStarted(report, MD)}.`,
      ];
    case "glance": {
      const note = intervalsNote(report, MD);
      return [
        "",
        "## Decision at a glance",
        "",
        ...table(decisionTable(decisionSummary(report, MD), MD)),
        ...(note === null ? [] : ["", `${capital(note)}.`]),
      ];
    }
    case "notice":
      // The incomplete run's sentence is the report's own words, with nothing to escape.
      return block.notice === "incomplete"
        ? ["", `> **Incomplete run:** ${block.text}`]
        : ["", `> **${MD_NOTICE[block.notice]}:** ${md(block.text)}`];
    case "decision":
      return ["", `${capital(decisionLine(report, MD))}.`];
    case "verdicts":
      return ["", "## Verdicts", "", ...block.comparisons.flatMap(verdictItem)];
    case "sweep":
      return [
        "",
        `## ${SWEEP_HEADING}`,
        "",
        ...table(sweepTable(block.sweep, MD)),
        ...sweepSentences(block.sweep, MD).flatMap((line) => ["", line]),
      ];
    case "charts":
    case "changed-items":
      return []; // No charts and no item panels in Markdown.
    case "models":
      return ["", `## ${HEADINGS.models}`, "", ...table(modelsTable(report.models, MD))];
    case "categories": {
      const categories = categoriesTable(report.models, MD);
      return [
        "",
        `### ${HEADINGS.categories}`,
        "",
        ...(categories === null ? [md(capital(CATEGORIES_UNKNOWN))] : table(categories)),
      ];
    }
    case "reasons":
      return ["", `### ${HEADINGS.reasons}`, "", ...table(reasonsTable(report.models, MD))];
    case "usage":
      return [
        "",
        `### ${HEADINGS.usage}`,
        "",
        ...table(usageTable(report.models, MD)),
      ];
    case "errors":
      return [
        "",
        `### ${HEADINGS.errors}`,
        "",
        ...errorsLines(report, MD).flatMap((entry) => [
          `- ${entry.head}`,
          ...entry.errors.map((line) => `  - ${line}`),
        ]),
      ];
    case "scoring": {
      const t = scoringTable(report, MD);
      return [
        "",
        `### ${SCORING_HEADING}`,
        "",
        ...(t === null ? [] : [...table(t), ""]),
        ...scoringSentences(report, MD).map((sentence) => `- ${sentence}`),
      ];
    }
    case "replicas":
      return [
        "",
        `### ${HEADINGS.replicas}`,
        "",
        ...table(replicasTable(report.replicas, MD)),
        "",
        ...replicaSentences(report, MD).map((sentence) => `- ${sentence}`),
      ];
    case "disputed":
      return disputedSection(report);
    case "comparison":
      return ["", ...comparisonSection(block.comparison, report)];
    case "trust":
      return ["", ...trustSection(report)];
  }
}

/** A comparison's verdict as a list item, its detectable difference under it. */
function verdictItem(comparison: ComparisonReport): string[] {
  const mdd = detectableSentence(comparison);
  return [`- **${md(comparison.verdict)}**`, ...(mdd === null ? [] : [`  - ${mdd}`])];
}

/** The disputed answer keys: what they are, each item in a collapsed block, the sensitivity. */
function disputedSection(report: Report): string[] {
  const disputed = disputedLines(report, MD);
  if (disputed === null) return [];
  const out = ["", "### Disputed answer keys", "", `${md(capital(disputed.head))}.`];
  if (disputed.items.length > 0) {
    out.push("", "<details>", `<summary>${plural(disputed.items.length, "item")}</summary>`, "");
    out.push(...disputed.items.map((line) => `- ${line}`), "", "</details>");
  }
  if (disputed.sensitivity !== null) out.push("", `${capital(disputed.sensitivity)}.`);
  return out;
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
      ids.map((id) => typeof id === "string" ? md(printedId(id)) : String(id)).join(", "),
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

/**
 * The blocks of a sampled report as Markdown (`renderSampledMarkdown`), from texts made safe to
 * print.
 *
 * @param blocks The blocks, marked up as Markdown.
 * @returns The Markdown text, ending in a newline.
 */
export function sampledMarkdown(blocks: readonly SampledBlock[]): string {
  return blocks.flatMap((b): string[] => {
    switch (b.kind) {
      case "title":
        return [`# ${md(b.text)}`];
      case "paragraph":
        return ["", b.text];
      case "notice":
        return [
          "",
          `> **${b.notice === "incomplete" ? "Incomplete run" : MD_NOTICE[b.notice]}:** ${
            md(b.text)
          }`,
        ];
      case "heading":
        return ["", `${b.level === 2 ? "##" : "###"} ${b.text}`];
      case "table":
        return ["", ...table(b.table)];
      case "list":
        return ["", ...b.items.map((item) => `- ${item}`)];
    }
  }).join("\n") + "\n";
}
