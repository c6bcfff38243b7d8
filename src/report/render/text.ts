/**
 * The report as plain text for a terminal: aligned tables, every line at most 100 columns.
 *
 * @module
 */

import { textTable, wrapWords } from "./_text_table.ts";
import type { Report } from "../report.ts";
import { printable, printableTexts } from "./_printable.ts";
import { type Block, reportOutline, TEXT_FORMAT } from "./_outline.ts";

const WIDTH = 100;

/**
 * Renders a report as text: the decision rule, the verdicts (each with its detectable
 * difference), then each model's figures and categories, the disputed answer keys, each adapter
 * against the baseline (its 2×2 table, difference with both intervals, p-values, identical
 * replies, errors both ways, categories, reasons fixed and broken, transitions and discordant
 * items), and the trust section. Every line fits in 100 columns; a table too wide is split into
 * several, and long lists are wrapped. Item panels are left out.
 *
 * @param report The report.
 * @returns The text, ending in a newline.
 *
 * @example
 * ```ts
 * import { buildReport } from "../build_report.ts";
 * import type { Observation } from "../report_input.ts";
 * import { renderText } from "./text.ts";
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
 * const text = renderText(report);
 * assert.match(text, /^assess report: tuned against base, 3 items$/m);
 * assert.ok(text.split("\n").every((line) => line.length <= 100));
 * ```
 */
export function renderText(report: Report): string {
  return printable(draw(printableTexts(report)));
}

/** The format drawn, from a report whose texts are safe to print. */
function draw(report: Report): string {
  return printText(reportOutline(report, TEXT_FORMAT));
}

/**
 * An outline as text within 100 columns, from texts made safe to print: a heading after a blank
 * line (the title excepted), a block with `gap` too; a warning's label in capitals, a note's in
 * small letters; figures left out, a panel's blocks shown open.
 *
 * @param blocks The blocks, marked up as plain text.
 * @returns The text, ending in a newline.
 */
export function printText(blocks: readonly Block[]): string {
  return blocks.flatMap(printBlock).join("\n") + "\n";
}

/** One block as lines of text. */
function printBlock(b: Block): string[] {
  const gap = "gap" in b && b.gap === true ? [""] : [];
  switch (b.kind) {
    case "heading":
      return b.level === 1 ? words(b.text, "", "  ") : ["", b.text];
    case "paragraph": {
      const indent = b.indent ?? 0;
      const rest = " ".repeat(b.hang ?? indent + 2);
      // A part too long for a line is broken between its words.
      const parts = (b.parts ?? b.text.split(" ")).flatMap((p) =>
        rest.length + p.length > WIDTH ? p.split(" ") : [p]
      );
      return [...gap, ...wrapWords(parts, " ".repeat(indent) + (b.lead ?? ""), rest, WIDTH)];
    }
    case "notice": {
      const label = b.tone === "warn" ? b.label.toUpperCase() : b.label.toLowerCase();
      return [...gap, ...words(`${label}: ${b.text}`, "", "  ")];
    }
    case "list":
      return [
        ...gap,
        ...b.items.flatMap((item) =>
          typeof item === "string" ? words(item, "  ", "    ") : [
            ...words(item.text, "  ", "    "),
            ...[...item.items ?? [], ...(item.caption === undefined ? [] : [item.caption])]
              .flatMap((line) => words(line, "    ", "      ")),
          ]
        ),
      ];
    case "table": {
      const t = b.table;
      const lines = textTable(
        (t.short ?? t.headings).map((heading, i) => ({ heading, right: t.numeric[i] ?? false })),
        t.rows,
        { indent: " ".repeat(b.indent ?? 2), width: WIDTH },
      );
      // A table whose headings are all empty has no heading line.
      return [...gap, ...(t.headings.every((h) => h === "") ? lines.slice(1) : lines)];
    }
    case "figure":
      return []; // No figure in text.
    case "panel":
      return b.blocks.flatMap(printBlock);
  }
}

/** Text wrapped to the width: the first line starts with `first`, the others with `rest`. */
function words(text: string, first: string, rest: string): string[] {
  return wrapWords(text.split(" "), first, rest, WIDTH);
}
