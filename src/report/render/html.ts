/**
 * The report as one self-contained HTML file: the tables and two inline SVG charts (accuracy with
 * its interval per model, and each adapter's paired difference with its interval). No script, no
 * external style, font or image: it opens the same with no network.
 *
 * @module
 */

import type { Report } from "../report.ts";
import { escapeHtml as esc } from "./_markup.ts";
import { type Block, HTML_FORMAT, type ListItem, reportOutline } from "./_outline.ts";
import { printable, printableTexts } from "./_printable.ts";
import type { Table } from "./_tables.ts";

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
margin:2rem auto;max-width:64rem;padding:0 1rem;color:#1b1f24;background:#fff;line-height:1.45}
h1{font-size:1.5rem;margin-bottom:.25rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.25rem}
h3{font-size:1rem;margin-top:1.25rem}
table{border-collapse:collapse;margin:.5rem 0;display:block;max-width:100%;overflow-x:auto}th,td{padding:.25rem .6rem;border:1px solid #d0d7de;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.verdict{font-weight:600}.better{color:#1a7f37}.worse{color:#cf222e}.none{color:#57606a}
.warn{background:#fff8c5;border:1px solid #d4a72c;padding:.5rem .75rem;border-radius:6px}
.note{background:#ddf4ff;border:1px solid #54aeff;padding:.5rem .75rem;border-radius:6px}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.ids{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em;word-break:break-word}
svg{display:block;margin:.5rem 0;max-width:100%;height:auto}
details.item{margin:.25rem 0 .25rem 1rem}details.item>summary{cursor:pointer}
.panel{border-left:3px solid #d0d7de;padding:.25rem .75rem;margin:.25rem 0 .75rem}
.panel .query{white-space:pre-wrap}.messages{margin:.25rem 0;padding-left:1.5rem}.messages li{margin:.15rem 0}
details.earlier>summary{cursor:pointer;color:#57606a}.panel pre{margin:0;white-space:pre-wrap;word-break:break-word;font-size:.85em}
.right{color:#1a7f37}.wrong{color:#cf222e}
.caption{color:#57606a;font-size:.9em;margin-top:0}
.glance td:nth-child(-n+4){white-space:nowrap}
body{overflow-wrap:break-word}
@media (max-width:40rem){body{margin:1rem auto}
.stack,.stack tbody,.stack tr,.stack td{display:block}.stack thead{display:none}
.stack tr{border:1px solid #d0d7de;border-radius:6px;margin:.5rem 0;padding:.25rem 0}
.stack td:nth-child(n){border:0;padding:.1rem .6rem;white-space:normal;text-align:left}
.stack td::before{content:attr(data-label) ": ";color:#57606a}}
svg text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:12px;fill:#1b1f24}
`;

/**
 * Renders a report as one HTML file: the decision at a glance (a row per adapter), the decision
 * rule, the verdicts, a chart of each model's
 * accuracy with its Wilson 95% interval, a chart of each adapter's difference from the baseline
 * with the interval its verdict reads and the margin, the tables and sections of the other
 * formats, each changed and disputed item as an expandable panel when the report has them
 * (`withItemPanels`, each item's id linked to its panel), and the trust section. Self-contained: inline style and SVG only, no script and no external resource.
 * Every text is HTML-escaped, and its control and bidirectional characters are shown as escapes
 * (`\u202e`), as the text and Markdown formats show them; a query's or a reply's line breaks are
 * kept.
 *
 * @param report The report.
 * @returns The HTML text, ending in a newline.
 *
 * @example
 * ```ts
 * import { buildReport } from "../build_report.ts";
 * import type { Observation } from "../report_input.ts";
 * import { renderHtml } from "./html.ts";
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
 * const html = renderHtml(report);
 * assert.match(html, /<svg id="accuracy-chart"/);
 * assert.doesNotMatch(html, /<script/);
 * ```
 */
export function renderHtml(report: Report): string {
  // Every text's control and bidirectional characters shown as escapes, as text and Markdown
  // show them, line breaks kept; then each line of the page, as a guard.
  return printable(draw(printableTexts(report, printable)));
}

/**
 * An outline as one HTML page (the title's heading opens it), from texts made safe to show.
 *
 * @param blocks The blocks, marked up as HTML.
 * @returns The HTML text, ending in a newline.
 */
export function printHtml(blocks: readonly Block[]): string {
  return [...blocks.flatMap(printBlock), "</body>", "</html>"].join("\n") + "\n";
}

/** The page drawn, from a report whose texts are safe to show. */
function draw(report: Report): string {
  return printHtml(reportOutline(report, HTML_FORMAT));
}

/** An attribute, or nothing when it has no value. */
function attribute(name: string, value: string | undefined): string {
  return value === undefined ? "" : ` ${name}="${value}"`;
}

/** One block as HTML lines. */
function printBlock(b: Block): string[] {
  switch (b.kind) {
    case "heading":
      return b.level === 1
        ? pageHead(b.text)
        : [`<h${b.level}${attribute("id", b.id)}>${b.text}</h${b.level}>`];
    case "paragraph":
      return [`<p${attribute("class", b.className)}${attribute("id", b.id)}>${b.text}</p>`];
    case "notice":
      return [
        `<p class="${b.tone}"${attribute("id", b.id)}><strong>${b.label}:</strong> ${b.text}</p>`,
      ];
    case "list":
      return b.inline === true
        ? [`<ul>${b.items.map(listItem).join("")}</ul>`]
        : ["<ul>", ...b.items.map(listItem), "</ul>"];
    case "table":
      return [htmlTable(b.table, b)];
    case "figure":
      return [b.html];
    case "panel": {
      const inner = b.blocks.flatMap(printBlock);
      // A panel of one paragraph closes on the paragraph's line.
      const close = b.blocks.length === 1 && b.blocks[0]!.kind === "paragraph";
      return [
        `<details${attribute("class", b.className)}><summary>${esc(b.summary)}</summary>`,
        ...(close
          ? [...inner.slice(0, -1), `${inner.at(-1)}</details>`]
          : [...inner, "</details>"]),
      ];
    }
  }
}

/** A list's item, with the items or the line under it. */
function listItem(item: ListItem): string {
  if (typeof item === "string") return `<li>${item}</li>`;
  const under = item.items === undefined
    ? ""
    : `<ul>${item.items.map((line) => `<li>${line}</li>`).join("")}</ul>`;
  const caption = item.caption === undefined ? "" : `<br><span class="none">${item.caption}</span>`;
  return `<li>${item.text}${under}${caption}</li>`;
}

/** The page's head, its title and its heading. */
function pageHead(title: string): string[] {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<h1>${title}</h1>`,
  ];
}

/**
 * A table as HTML; with `className`, the table's class; with `labelled`, each cell carries its
 * column's heading (`data-label`), which a narrow screen shows beside the cell when it stacks the
 * rows of a table of class `stack` (the decision at a glance on a phone).
 */
function htmlTable(
  { headings, numeric, rows }: Table,
  options: { readonly className?: string; readonly labelled?: boolean },
): string {
  const cls = (i: number) => (numeric[i] ? ' class="n"' : "");
  // A heading is words, marked up at most: its text, as an attribute's value.
  const label = (i: number) =>
    options.labelled === true ? ` data-label="${esc(headings[i]!.replace(/<[^>]*>/g, ""))}"` : "";
  return [
    `<table${attribute("class", options.className)}>`,
    `<thead><tr>${headings.map((h, i) => `<th${cls(i)}>${h}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...rows.map((r) =>
      `<tr>${r.map((cell, i) => `<td${cls(i)}${label(i)}>${cell}</td>`).join("")}</tr>`
    ),
    "</tbody>",
    "</table>",
  ].join("\n");
}
