/**
 * The report as plain text for a terminal: aligned tables, every line at most 100 columns.
 *
 * @module
 */

import type { ItemId } from "../../dataset/item_id.ts";
import { capital, count, plural } from "../numbers.ts";
import { TEXT } from "./_markup.ts";
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
  summaryParts,
  trustRows,
} from "./_sections.ts";
import {
  categoriesTable,
  comparisonCategoriesTable,
  modelsTable,
  pairedTable,
  reasonChangesTable,
  reasonsTable,
  replicasTable,
  type Table,
  usageTable,
} from "./_tables.ts";
import { textTable, wrapWords } from "./_text_table.ts";
import type { SampledBlock } from "./_sampled_outline.ts";
import { SWEEP_HEADING, sweepSentences, sweepTable } from "./_sweep.ts";
import type { ComparisonReport, Report } from "../report.ts";
import { printable, printableTexts, printedId } from "./_printable.ts";
import { type Block, HEADINGS, type NoticeKind, reportBlocks } from "./_outline.ts";
import { SCORING_HEADING, scoringSentences, scoringTable } from "./_scoring.ts";

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
  return reportBlocks(report).flatMap((b) => printBlock(b, report)).join("\n") + "\n";
}

const NOTICE: Readonly<Record<NoticeKind, string>> = {
  scoring: "scoring",
  incomplete: "INCOMPLETE RUN",
  warning: "WARNING",
  note: "note",
};

/** One block of the outline as lines of text. */
function printBlock(block: Block, report: Report): string[] {
  switch (block.kind) {
    case "title": {
      const adapters = block.adapters.length === 0 ? "no adapter" : block.adapters.join(", ");
      return words(
        `assess report: ${adapters} against ${block.baseline}, ${count(block.items)} items`,
        "",
        "  ",
      );
    }
    case "run":
      return [runStarted(report, TEXT)];
    case "glance":
      return summaryLines(report);
    case "notice":
      return words(`${NOTICE[block.notice]}: ${block.text}`, "", "  ");
    case "decision":
      return words(decisionLine(report, TEXT), "", "  ");
    case "verdicts":
      return ["", "Verdicts", ...block.comparisons.flatMap(verdictLines)];
    case "sweep":
      return [
        "",
        SWEEP_HEADING,
        ...table(sweepTable(block.sweep, TEXT)),
        ...sweepSentences(block.sweep, TEXT).flatMap((line) => words(line, "  ", "    ")),
      ];
    case "charts":
    case "changed-items":
      return []; // No charts and no item panels in text.
    case "models":
      return ["", HEADINGS.models, ...table(modelsTable(report.models, TEXT))];
    case "categories": {
      const categories = categoriesTable(report.models, TEXT);
      if (categories === null) return ["", ...words(CATEGORIES_UNKNOWN, "", "  ")];
      return ["", HEADINGS.categories, ...table(categories)];
    }
    case "reasons":
      return ["", HEADINGS.reasons, ...table(reasonsTable(report.models, TEXT))];
    case "usage":
      return ["", HEADINGS.usage, ...table(usageTable(report.models, TEXT))];
    case "scoring": {
      const t = scoringTable(report, TEXT);
      return [
        "",
        SCORING_HEADING,
        ...(t === null ? [] : table(t)),
        ...scoringSentences(report, TEXT).flatMap((line) => words(line, "  ", "    ")),
      ];
    }
    case "errors":
      return [
        "",
        HEADINGS.errors,
        ...errorsLines(report, TEXT).flatMap((entry) => [
          ...words(entry.head, "  ", "    "),
          ...entry.errors.flatMap((line) => words(line, "    ", "      ")),
        ]),
      ];
    case "replicas":
      return [
        "",
        HEADINGS.replicas,
        ...table(replicasTable(report.replicas, TEXT)),
        ...replicaSentences(report, TEXT).flatMap((line) => words(line, "  ", "    ")),
      ];
    case "disputed":
      return disputedSection(report);
    case "comparison":
      return ["", ...comparisonLines(block.comparison, report)];
    case "trust":
      return ["", ...trustLines(report)];
  }
}

/** A comparison's verdict, and its detectable difference under it. */
function verdictLines(comparison: ComparisonReport): string[] {
  const mdd = detectableSentence(comparison);
  return [
    ...words(comparison.verdict, "  ", "    "),
    ...(mdd === null ? [] : words(mdd, "    ", "      ")),
  ];
}

/** The disputed answer keys: what they are, each item, and the accuracy without them. */
function disputedSection(report: Report): string[] {
  const disputed = disputedLines(report, TEXT);
  if (disputed === null) return [];
  return [
    "",
    ...words(capital(disputed.head), "", "  "),
    ...disputed.items.flatMap((line) => words(line, "  ", "    ")),
    ...(disputed.sensitivity === null ? [] : words(disputed.sensitivity, "  ", "    ")),
  ];
}

/**
 * The decision at a glance: a line per adapter (its name, then the summary line), wrapped under
 * the line's start, and what the intervals are.
 */
function summaryLines(report: Report): string[] {
  const summaries = decisionSummary(report, TEXT);
  if (summaries.length === 0) return [];
  const name = Math.max(...summaries.map((s) => s.adapter.length));
  const pad = name <= 24 ? name : 0;
  const out = ["", "Decision at a glance"];
  const rest = " ".repeat(pad + 4);
  for (const s of summaries) {
    // Wrapped between its parts, a part too long for a line between its words.
    const parts = summaryParts(s).flatMap((p) =>
      rest.length + p.length > WIDTH ? p.split(" ") : [p]
    );
    out.push(...wrapWords(parts, `  ${s.adapter.padEnd(pad)}  `, rest, WIDTH));
  }
  const note = intervalsNote(report, TEXT);
  if (note !== null) out.push(...words(`note: ${note}`, "  ", "    "));
  out.push("");
  return out;
}

/** Text wrapped to the width: the first line starts with `first`, the others with `rest`. */
function words(text: string, first: string, rest: string): string[] {
  return wrapWords(text.split(" "), first, rest, WIDTH);
}

/** A table as aligned text, indented, split into several when too wide. */
function table(t: Table, indent = "  "): string[] {
  const headings = t.short ?? t.headings;
  return textTable(
    headings.map((heading, i) => ({ heading, right: t.numeric[i] ?? false })),
    t.rows,
    { indent, width: WIDTH },
  );
}

/** A sentence as a heading: its first letter in capitals. */
function comparisonLines(c: ComparisonReport, report: Report): string[] {
  const out: string[] = [];
  out.push(
    ...words(
      `${c.adapter} against ${c.baseline}, paired on ${count(c.items)} items scored for both`,
      "",
      "  ",
    ),
  );
  out.push(...words(`verdict: ${c.verdict}`, "  ", "    "));
  if (c.items === 0) {
    for (const sentence of comparisonFigures(c, report, TEXT)) {
      out.push(...words(sentence, "  ", "    "));
    }
    return out;
  }
  // Long served names would push the 2×2 table past the width: then the roles are named.
  const roles = Math.max(c.adapter.length, c.baseline.length) > 24;
  out.push("", ...table(pairedTable(c, TEXT, roles)), "");
  for (const sentence of comparisonFigures(c, report, TEXT)) {
    out.push(...words(sentence, "  ", "    "));
  }
  const categories = comparisonCategoriesTable(c, report.decision.alpha, TEXT);
  if (categories !== null) {
    out.push(
      "",
      ...words(
        "by category (categories with paired items; Holm across them, each interval at the " +
          "confidence of its Holm step):",
        "  ",
        "    ",
      ),
    );
    out.push(...table(categories));
  }
  out.push("", ...table(reasonChangesTable(c, TEXT)));
  const changes = c.transitions
    .filter((t) => t.baseline !== t.adapter)
    .sort((x, y) => y.count - x.count);
  out.push("");
  if (changes.length === 0) {
    out.push(`  no item changed reason between ${c.baseline} and ${c.adapter}`);
  } else {
    out.push(...words(`items that changed reason (${c.baseline} -> ${c.adapter}):`, "  ", "    "));
    out.push(
      ...textTable(
        [{ heading: "" }, { heading: "", right: true }],
        changes.map((t) => [`${t.baseline} -> ${t.adapter}`, count(t.count)]),
        { indent: "    ", width: WIDTH },
      ).slice(1),
    );
  }
  out.push("");
  out.push(...idLines(`fixed (only ${c.adapter} right)`, c.discordant.fixed));
  out.push(...idLines(`broke (only ${c.baseline} right)`, c.discordant.broke));
  return out;
}

function idLines(what: string, ids: readonly ItemId[]): string[] {
  if (ids.length === 0) return [`  ${what}: none`];
  return wrapWords(
    ids.map((id, i) =>
      `${typeof id === "string" ? TEXT.text(printedId(id)) : id}${i < ids.length - 1 ? "," : ""}`
    ),
    `  ${what}, ${plural(ids.length, "item")}: `,
    "    ",
    WIDTH,
  );
}

function trustLines(report: Report): string[] {
  const { rows, differences } = trustRows(report, TEXT);
  const label = Math.max(...rows.map(([k]) => k.length));
  const out = ["Trust"];
  for (const [key, value] of rows) {
    out.push(...words(value, `  ${key.padEnd(label)}  `, " ".repeat(label + 4)));
    if (key !== "probe") continue;
    for (const d of differences) {
      out.push(...words(d, " ".repeat(label + 4), " ".repeat(label + 6)));
    }
  }
  return out;
}

/**
 * The blocks of a sampled report as text (`renderSampledText`), from texts made safe to print.
 *
 * @param blocks The blocks, marked up as plain text.
 * @returns The text, ending in a newline.
 */
export function sampledText(blocks: readonly SampledBlock[]): string {
  return blocks.flatMap((b): string[] => {
    switch (b.kind) {
      case "title":
      case "paragraph":
        return words(b.text, "", "  ");
      case "notice":
        return words(`${NOTICE[b.notice]}: ${b.text}`, "", "  ");
      case "heading":
        return ["", b.text];
      case "table":
        return table(b.table);
      case "list":
        return b.items.flatMap((item) => words(item, "  ", "    "));
    }
  }).join("\n") + "\n";
}
