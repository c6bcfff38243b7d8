/**
 * The report as one self-contained HTML file: the tables and two inline SVG charts (accuracy with
 * its interval per model, and each adapter's paired difference with its interval). No script, no
 * external style, font or image: it opens the same with no network.
 *
 * @module
 */

import { compareItemIds, type ItemId } from "../../dataset/item_id.ts";
import { SCORING_HEADING, scoringSentences, scoringTable } from "./_scoring.ts";
import { capital, count, plural } from "../numbers.ts";
import { marginText } from "../verdict.ts";
import { escapeHtml as esc, HTML, TEXT } from "./_markup.ts";
import type {
  ComparisonReport,
  ItemPanel,
  PanelCall,
  PanelMessage,
  PanelReply,
  Report,
} from "../report.ts";
import { accuracyChart, differenceChart } from "./_charts.ts";
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
import { SWEEP_HEADING, sweepChart, sweepSentences, sweepTable } from "./_sweep.ts";
import type { SampledBlock } from "./_sampled_outline.ts";

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

/** The page drawn, from a report whose texts are safe to show. */
function draw(report: Report): string {
  const parts = reportBlocks(report).flatMap((b) => printBlock(b, report));
  return [...parts, "</body>", "</html>"].join("\n") + "\n";
}

/** One block of the outline as HTML (the title opens the page; `draw` closes it). */
function printBlock(block: Block, report: Report): string[] {
  switch (block.kind) {
    case "title":
      return pageHead(
        `assess report: ${block.adapters.join(", ") || "no adapter"} against ${block.baseline}`,
      );
    case "run":
      return [
        `<p>${esc(plural(report.run.items, "item"))} held out (split seed ${
          HTML.quote(report.run.splitSeed)
        }), ${runStarted(report, HTML)}.</p>`,
      ];
    case "glance":
      return [summarySection(report)];
    case "notice":
      return [NOTICE[block.notice](esc(block.text))];
    case "decision":
      return [`<p id="decision">${capital(decisionLine(report, HTML))}.</p>`];
    case "verdicts":
      return ["<h2>Verdicts</h2>", "<ul>", ...block.comparisons.map(verdictItem), "</ul>"];
    case "sweep":
      return [
        `<h2 id="sweep">${SWEEP_HEADING}</h2>`,
        sweepChart(block.sweep),
        htmlTable(sweepTable(block.sweep, HTML)),
        ...sweepSentences(block.sweep, HTML).map((line) => `<p>${line}</p>`),
      ];
    case "charts":
      return chartsSection(report);
    case "models":
      return [`<h2>${HEADINGS.models}</h2>`, htmlTable(modelsTable(report.models, HTML))];
    case "categories": {
      const categories = categoriesTable(report.models, HTML);
      return [
        `<h3>${HEADINGS.categories}</h3>`,
        categories === null ? `<p>${esc(capital(CATEGORIES_UNKNOWN))}</p>` : htmlTable(categories),
      ];
    }
    case "reasons":
      return [`<h3>${HEADINGS.reasons}</h3>`, htmlTable(reasonsTable(report.models, HTML))];
    case "usage":
      return [
        `<h3>${HEADINGS.usage}</h3>`,
        htmlTable(usageTable(report.models, HTML)),
      ];
    case "errors":
      return [
        `<h3>${HEADINGS.errors}</h3>`,
        "<ul>",
        ...errorsLines(report, HTML).map((entry) =>
          `<li>${entry.head}<ul>${
            entry.errors.map((line) => `<li>${line}</li>`).join("")
          }</ul></li>`
        ),
        "</ul>",
      ];
    case "scoring": {
      const t = scoringTable(report, HTML);
      return [
        `<h3>${SCORING_HEADING}</h3>`,
        ...(t === null ? [] : [htmlTable(t)]),
        "<ul>",
        ...scoringSentences(report, HTML).map((sentence) => `<li>${sentence}</li>`),
        "</ul>",
      ];
    }
    case "replicas":
      return [
        `<h3>${HEADINGS.replicas}</h3>`,
        htmlTable(replicasTable(report.replicas, HTML)),
        "<ul>",
        ...replicaSentences(report, HTML).map((sentence) => `<li>${sentence}</li>`),
        "</ul>",
      ];
    case "disputed":
      return disputedSection(report);
    case "comparison":
      return [comparisonSection(block.comparison, report, panelIds(report))];
    case "changed-items": {
      const changed = itemsSection(report);
      return changed === null ? [] : [changed];
    }
    case "trust":
      return [trustSection(report)];
  }
}

/** Each notice as its paragraph, from its escaped text. */
const NOTICE: Readonly<Record<NoticeKind, (text: string) => string>> = {
  scoring: (text) => `<p class="note" id="scoring-decides"><strong>Scoring:</strong> ${text}</p>`,
  incomplete: (text) =>
    `<p class="warn" id="incomplete"><strong>Incomplete run:</strong> ${text}</p>`,
  warning: (text) => `<p class="warn" id="replicas-differ"><strong>Warning:</strong> ${text}</p>`,
  note: (text) => `<p class="note"><strong>Note:</strong> ${text}</p>`,
};

/** The page's head, its title and its heading. */
function pageHead(title: string): string[] {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<h1>${esc(title)}</h1>`,
  ];
}

/** A comparison's verdict as a list item, coloured by its outcome, its detectable difference below. */
function verdictItem(comparison: ComparisonReport): string {
  const mdd = detectableSentence(comparison);
  return `<li><span class="verdict ${outcomeClass(comparison)}">${esc(comparison.verdict)}</span>` +
    (mdd === null ? "" : `<br><span class="none">${esc(mdd)}</span>`) + "</li>";
}

/** The accuracy chart, and the paired differences' chart when there is an adapter. */
function chartsSection(report: Report): string[] {
  const parts = [
    "<h2>Accuracy</h2>",
    accuracyChart(report.models),
    '<p class="caption">Each model alone, on the items it was scored on, with its Wilson 95% ' +
    "interval. The decision does not read these: it reads each adapter's paired difference " +
    "below.</p>",
  ];
  if (report.comparisons.length === 0) return parts;
  const margin = report.decision.margin;
  parts.push(
    `<h2>Paired differences from ${esc(report.models[0]?.name ?? "")}</h2>`,
    differenceChart(report.comparisons, margin),
    `<p class="caption">The dot is the difference on the items both scored; the bar is the ` +
      "interval its verdict reads, at the confidence beside it (the level Holm's procedure " +
      "decides that comparison at)." +
      (margin > 0
        ? ` The dotted line is minus the margin (${
          marginText(margin)
        }): with 0 inside the bar, a lower end right of it is not worse.`
        : "") +
      "</p>",
  );
  return parts;
}

/** The items with a panel. */
function panelIds(report: Report): ReadonlySet<ItemId> {
  return new Set((report.panels ?? []).map((p) => p.itemId));
}

/** The disputed answer keys: each item's panel when the report has panels, else its line. */
function disputedSection(report: Report): string[] {
  const disputed = disputedLines(report, TEXT);
  if (disputed === null) return [];
  const byId = new Map((report.panels ?? []).map((p) => [p.itemId, p]));
  const parts = [
    '<h3 id="disputed">Disputed answer keys</h3>',
    `<p>${esc(capital(disputed.head))}.</p>`,
  ];
  if (disputed.items.length > 0) {
    parts.push(
      `<details><summary>${plural(disputed.items.length, "item")}</summary>`,
      // Each disputed item's panel here (no adapter changed it, so it is shown nowhere else).
      byId.size === 0
        ? `<ul>${disputed.items.map((line) => `<li>${esc(line)}</li>`).join("")}</ul>`
        : report.disputedItems!.map((d, i) => itemDetails(d.itemId, disputed.items[i]!, byId))
          .join("\n"),
      "</details>",
    );
  }
  if (disputed.sensitivity !== null) parts.push(`<p>${esc(capital(disputed.sensitivity))}.</p>`);
  return parts;
}

function outcomeClass(c: { readonly outcome: ComparisonReport["outcome"] }): string {
  return c.outcome === "better" ? "better" : c.outcome === "worse" ? "worse" : "none";
}

/**
 * The decision at a glance: a row per adapter, its outcome coloured as its verdict, and what the
 * intervals are.
 */
function summarySection(report: Report): string {
  const summaries = decisionSummary(report, HTML);
  const t = decisionTable(summaries, HTML);
  const rows = t.rows.map((r, i) => {
    const s = summaries[i]!;
    return r.map((cell, j) =>
      j === 1 ? `<strong class="${outcomeClass(s)}">${esc(s.word)}</strong>` : cell
    );
  });
  const note = intervalsNote(report, HTML);
  return [
    '<h2 id="decision-summary">Decision at a glance</h2>',
    htmlTable({ ...t, rows }, { className: "glance stack", labelled: true }),
    note === null ? "" : `<p class="caption">${capital(note)}.</p>`,
  ].filter((x) => x !== "").join("\n");
}

/** An item's id as a link to its panel. */
function itemLink(id: ItemId, text: string): string {
  return `<a href="#${itemAnchor(id)}">${esc(text)}</a>`;
}

/** An item's anchor: `item-` and an integer id, or a string id's JSON text, percent-encoded. */
function itemAnchor(id: ItemId): string {
  return typeof id === "string" ? esc(`item-${encodeURIComponent(printedId(id))}`) : `item-${id}`;
}

/** A sentence as a heading or a paragraph: its first letter in capitals. */
function callsHtml(calls: readonly PanelCall[]): string {
  return calls.map((c) => `<pre>${esc(c.name)}(${esc(c.arguments)})</pre>`).join("");
}

function replyRow(r: PanelReply): string {
  let shown: string;
  let judged: string;
  if (r.text === null) {
    shown = "-";
    judged = r.error === null
      ? "never asked"
      : `error: <code>${esc(r.error.kind)}</code> ${esc(r.error.message)}`;
  } else {
    shown = (r.calls.length === 0 ? "" : callsHtml(r.calls)) +
      (r.text === ""
        ? (r.calls.length === 0 ? "<em>an empty reply</em>" : "")
        : `<pre>${esc(r.text)}</pre>`);
    judged = r.verdict === null
      ? (r.error === null
        ? "-"
        : `error: <code>${esc(r.error.kind)}</code> ${esc(r.error.message)}`)
      : `<span class="${r.verdict.correct ? "right" : "wrong"}">${
        r.verdict.correct ? "right" : "wrong"
      }</span>: <code>${esc(r.verdict.reason)}</code> ${esc(r.verdict.detail)}`;
    if (r.rescue !== undefined) {
      judged += `<br><span class="right">right under lenient scoring</span>, rescued by ${
        r.rescue.rules.map((rule) => `<code>${esc(rule)}</code>`).join(" and ")
      }: ${r.rescue.matches.map((match) => esc(match.detail)).join("; ")}`;
    }
  }
  return `<tr><th>${esc(r.model)}</th><td>${shown}</td><td>${judged}</td></tr>`;
}

/** How many of a conversation's last messages a panel shows open; the earlier ones are folded. */
const SHOWN_MESSAGES = 4;

/** A message of a conversation: its role, its text and its calls. */
function messageHtml(m: PanelMessage): string {
  const text = m.text === "" ? "" : `<pre>${esc(m.text)}</pre>`;
  return `<li><strong>${esc(m.role)}:</strong>${
    m.calls.length === 0 && text === "" ? " <em>no text</em>" : ""
  }${callsHtml(m.calls)}${text}</li>`;
}

/**
 * An item's conversation: its last {@linkcode SHOWN_MESSAGES} messages, and before them, folded
 * in a closed `<details>` whose summary says how many, the earlier ones.
 */
function conversationHtml(messages: readonly PanelMessage[]): string {
  const hidden = Math.max(0, messages.length - SHOWN_MESSAGES);
  const earlier = hidden === 0 ? "" : [
    `<details class="earlier"><summary>${plural(hidden, "earlier message")} hidden (of ${
      plural(messages.length, "message")
    }): show</summary>`,
    `<ol class="messages">${messages.slice(0, hidden).map(messageHtml).join("")}</ol>`,
    "</details>",
  ].join("\n");
  return [
    `<p><strong>conversation</strong> (${
      hidden === 0
        ? plural(messages.length, "message")
        : `the last ${SHOWN_MESSAGES} of ${plural(messages.length, "message")}`
    }, before the answer):</p>`,
    earlier,
    `<ol class="messages" start="${hidden + 1}">${
      messages.slice(hidden).map(messageHtml).join("")
    }</ol>`,
  ].filter((x) => x !== "").join("\n");
}

/** The answer key: its calls, or no call; and its text, where the dataset gives one. */
function answerKeyHtml(p: ItemPanel): string {
  return (p.answer.length === 0 ? "<em>no call</em>" : callsHtml(p.answer)) +
    (p.answerText === null ? "" : `<pre>${esc(p.answerText)}</pre>`);
}

/**
 * An item whole: its query (for an item with its own messages, its conversation), the tools
 * offered, the key and each model's reply and verdict.
 */
function panelHtml(p: ItemPanel): string {
  return [
    // The anchor a link to the item goes to: a browser opens the closed <details> around it.
    `<span id="${itemAnchor(p.itemId)}"></span>`,
    '<div class="panel">',
    p.conversation === null
      ? `<p class="query"><strong>query:</strong> ${esc(p.query)}</p>`
      : conversationHtml(p.conversation),
    `<p><strong>category:</strong> <code>${esc(p.category)}</code></p>`,
    `<p><strong>tools offered:</strong> ${
      p.tools.length === 0 ? "none" : p.tools.map((t) => `<code>${esc(t)}</code>`).join(", ")
    }</p>`,
    "<table>",
    "<thead><tr><th></th><th>calls or text</th><th>verdict</th></tr></thead>",
    "<tbody>",
    `<tr><th>answer key</th><td>${answerKeyHtml(p)}</td><td>-</td></tr>`,
    ...p.replies.map(replyRow),
    "</tbody>",
    "</table>",
    "</div>",
  ].join("\n");
}

/** An item as an expandable panel, or its summary alone when it has no panel. */
function itemDetails(
  itemId: ItemId,
  summary: string,
  panels: ReadonlyMap<ItemId, ItemPanel>,
): string {
  const panel = panels.get(itemId);
  if (panel === undefined) return `<p>${esc(summary)}</p>`;
  return `<details class="item"><summary>${esc(summary)}</summary>\n${
    panelHtml(panel)
  }\n</details>`;
}

/**
 * Every item an adapter fixed or broke that has a panel, shown whole, once, each an expandable
 * panel that its id in the lists of fixed and broken items links to; its summary says what the
 * item is to each adapter. The changed items left without a panel (`withItemPanels`'s limit) are
 * listed after them by id, with how many and how to see them all. `null` without such a panel. (A
 * disputed item, which no adapter changed, has its panel among the disputed answer keys.)
 */
function itemsSection(report: Report): string | null {
  const roles = new Map<ItemId, string[]>();
  const add = (id: ItemId, role: string) => {
    const list = roles.get(id) ?? [];
    list.push(role);
    roles.set(id, list);
  };
  for (const c of report.comparisons) {
    for (const id of c.discordant.fixed) add(id, `fixed by ${c.adapter}`);
    for (const id of c.discordant.broke) add(id, `broken by ${c.adapter}`);
  }
  const panels = (report.panels ?? []).filter((p) => roles.has(p.itemId));
  if (panels.length === 0) return null;
  const byId = new Map(panels.map((p) => [p.itemId, p]));
  const rest = [...roles.keys()].filter((id) => !byId.has(id)).sort(compareItemIds);
  const parts = [
    '<h2 id="items">Items changed, shown whole</h2>',
    `<p>${
      rest.length === 0
        ? `${plural(panels.length, "item")} an adapter fixed or broke.`
        : `${plural(roles.size, "item")} an adapter fixed or broke; ${
          count(panels.length)
        } of them shown whole, the other ${count(rest.length)} listed by id below.`
    } An item's id in the lists of fixed and broken items links here.</p>`,
    ...panels.map((p) =>
      itemDetails(
        p.itemId,
        `item ${printedId(p.itemId)} (${p.category}): ${roles.get(p.itemId)!.join(", ")}`,
        byId,
      )
    ),
  ];
  if (rest.length > 0) {
    parts.push(
      '<h3 id="items-not-shown">Changed items not shown whole</h3>',
      `<p>${plural(rest.length, "changed item")} not shown whole: the page shows the first of ` +
        "each adapter's fixed items and of its broken items, by id (100 of each unless " +
        "<code>-panels N</code> says otherwise). <code>assess report -config FILE -panels all</code> " +
        "shows every one, in this format and in JSON.</p>",
      `<details><summary>${plural(rest.length, "item")} by id</summary>`,
      `<p class="ids">${rest.map((id) => esc(printedId(id))).join(", ")}</p></details>`,
    );
  }
  return parts.join("\n");
}

/**
 * A table as HTML; with `className`, the table's class; with `labelled`, each cell carries its
 * column's heading (`data-label`), which a narrow screen shows beside the cell when it stacks the
 * rows of a table of class `stack` (the decision at a glance on a phone).
 */
function htmlTable(
  { headings, numeric, rows }: Table,
  options: { readonly className?: string; readonly labelled?: boolean } = {},
): string {
  const cls = (i: number) => (numeric[i] ? ' class="n"' : "");
  // A heading is words, marked up at most: its text, as an attribute's value.
  const label = (i: number) =>
    options.labelled === true ? ` data-label="${esc(headings[i]!.replace(/<[^>]*>/g, ""))}"` : "";
  return [
    options.className === undefined ? "<table>" : `<table class="${options.className}">`,
    `<thead><tr>${headings.map((h, i) => `<th${cls(i)}>${h}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...rows.map((r) =>
      `<tr>${r.map((cell, i) => `<td${cls(i)}${label(i)}>${cell}</td>`).join("")}</tr>`
    ),
    "</tbody>",
    "</table>",
  ].join("\n");
}

function comparisonSection(
  c: ComparisonReport,
  report: Report,
  panels: ReadonlySet<ItemId>,
): string {
  const parts = [
    `<h2>${esc(c.adapter)} against ${esc(c.baseline)}</h2>`,
    `<p>Paired on ${plural(c.items, "item")} scored for both. <span class="verdict ${
      outcomeClass(c)
    }">${esc(c.verdict)}</span></p>`,
  ];
  const figures = [
    "<ul>",
    ...comparisonFigures(c, report, TEXT).map((sentence) => `<li>${esc(sentence)}</li>`),
    "</ul>",
  ];
  if (c.items === 0) return [...parts, ...(figures.length > 2 ? figures : [])].join("\n");
  parts.push(htmlTable(pairedTable(c, HTML)), ...figures);
  const categories = comparisonCategoriesTable(c, report.decision.alpha, HTML);
  if (categories !== null) {
    parts.push(
      "<h3>By category (categories with paired items; Holm across them, each interval at the " +
        "confidence of its Holm step)</h3>",
      htmlTable(categories),
    );
  }
  parts.push(
    "<h3>Reasons fixed and broken</h3>",
    htmlTable(reasonChangesTable(c, HTML)),
    `<h3>Transitions (rows: ${esc(c.baseline)}'s reason, columns: ${esc(c.adapter)}'s)</h3>`,
    htmlTable(transitionsTable(c, HTML)),
    "<h3>Discordant items</h3>",
  );
  for (
    const [what, ids] of [
      [`fixed (only ${c.adapter} right)`, c.discordant.fixed],
      [`broke (only ${c.baseline} right)`, c.discordant.broke],
    ] as const
  ) {
    if (ids.length === 0) {
      parts.push(`<p>${esc(what)}: none</p>`);
    } else {
      parts.push(
        `<details><summary>${esc(what)}: ${plural(ids.length, "item")}</summary>`,
        `<p class="ids">${
          ids.map((id) => {
            const shown = printedId(id);
            return panels.has(id) ? itemLink(id, shown) : esc(shown);
          }).join(", ")
        }</p></details>`,
      );
    }
  }
  return parts.join("\n");
}

function trustSection(report: Report): string {
  const { rows, differences } = trustRows(report, HTML);
  const parts = [
    "<h2>Trust</h2>",
    htmlTable({ headings: ["", ""], numeric: [false, false], rows }),
  ];
  if (differences.length > 0) {
    parts.push(
      "<p>Probe differences:</p>",
      "<ul>",
      ...differences.map((d) => `<li>${d}</li>`),
      "</ul>",
    );
  }
  return parts.join("\n");
}

/**
 * The blocks of a sampled report as one HTML page (`renderSampledHtml`), from texts made safe to
 * show.
 *
 * @param blocks The blocks, marked up as HTML.
 * @returns The HTML text, ending in a newline.
 */
export function sampledHtml(blocks: readonly SampledBlock[]): string {
  const parts = blocks.flatMap((b): string[] => {
    switch (b.kind) {
      case "title":
        return pageHead(b.text);
      case "paragraph":
        return [`<p>${b.text}</p>`];
      case "notice":
        return [NOTICE[b.notice](esc(b.text))];
      case "heading":
        return [`<h${b.level}>${b.text}</h${b.level}>`];
      case "table":
        return [
          htmlTable(b.table, b.glance === true ? { className: "stack", labelled: true } : {}),
        ];
      case "list":
        return ["<ul>", ...b.items.map((item) => `<li>${item}</li>`), "</ul>"];
    }
  });
  return [...parts, "</body>", "</html>"].join("\n") + "\n";
}
