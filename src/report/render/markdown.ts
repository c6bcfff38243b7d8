/**
 * The report as Markdown, to paste into a pull request or a model card.
 *
 * @module
 */

import { escapeHtml } from "./_markup.ts";
import type { Report } from "../report.ts";
import { printable, printableTexts } from "./_printable.ts";
import { type Block, MARKDOWN_FORMAT, reportOutline } from "./_outline.ts";
import type { Table } from "./_tables.ts";

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
  return printMarkdown(reportOutline(report, MARKDOWN_FORMAT));
}

/**
 * An outline as Markdown, from texts made safe to print: each block after a blank line (the
 * title's heading excepted).
 *
 * @param blocks The blocks, marked up as Markdown.
 * @returns The Markdown text, ending in a newline.
 */
export function printMarkdown(blocks: readonly Block[]): string {
  return blocks.flatMap(printBlock).join("\n") + "\n";
}

/** One block as Markdown lines. */
function printBlock(b: Block): string[] {
  switch (b.kind) {
    case "heading":
      return b.level === 1 ? [`# ${b.text}`] : ["", `${"#".repeat(b.level)} ${b.text}`];
    case "paragraph":
      return ["", b.text];
    case "notice":
      return ["", `> **${b.label}:** ${b.text}`];
    case "list":
      return [
        "",
        ...b.items.flatMap((item) =>
          typeof item === "string" ? [`- ${item}`] : [
            `- ${item.text}`,
            ...[...item.items ?? [], ...(item.caption === undefined ? [] : [item.caption])]
              .map((line) => `  - ${line}`),
          ]
        ),
      ];
    case "table":
      return ["", ...table(b.table)];
    case "figure":
      return []; // No figure in Markdown.
    case "panel":
      // A <summary> line is inside an HTML block, where a backslash escapes nothing: HTML's escapes.
      return [
        "",
        "<details>",
        `<summary>${escapeHtml(b.summary)}</summary>`,
        ...b.blocks.flatMap(printBlock),
        "",
        "</details>",
      ];
  }
}
