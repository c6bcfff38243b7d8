/**
 * The report as one self-contained HTML file: the tables and two inline SVG charts (accuracy with
 * its interval per model, and each adapter's paired difference with its interval). No script, no
 * external style, font or image: it opens the same with no network.
 *
 * @module
 */

import { count, percent, plural, pointDecimals, points, pText, signedPoints } from "./_format.ts";
import type { ComparisonReport, ModelReport, Report } from "./report.ts";
import {
  type Markup,
  modelsTable,
  pairedTable,
  reasonChangesTable,
  reasonsTable,
  type Table,
  transitionsTable,
  usageTable,
} from "./_tables.ts";

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
margin:2rem auto;max-width:64rem;padding:0 1rem;color:#1b1f24;background:#fff;line-height:1.45}
h1{font-size:1.5rem;margin-bottom:.25rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.25rem}
h3{font-size:1rem;margin-top:1.25rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{padding:.25rem .6rem;border:1px solid #d0d7de;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.verdict{font-weight:600}.better{color:#1a7f37}.worse{color:#cf222e}.none{color:#57606a}
.warn{background:#fff8c5;border:1px solid #d4a72c;padding:.5rem .75rem;border-radius:6px}
.note{background:#ddf4ff;border:1px solid #54aeff;padding:.5rem .75rem;border-radius:6px}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.ids{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em;word-break:break-word}
svg{display:block;margin:.5rem 0;max-width:100%;height:auto}
svg text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:12px;fill:#1b1f24}
`;

/**
 * Renders a report as one HTML file: the verdicts, a chart of each model's accuracy with its
 * Wilson 95% interval, a chart of each adapter's difference from the baseline with its paired 95%
 * interval, the tables of the other formats, and the trust section. Self-contained: inline style
 * and SVG only, no script and no external resource.
 *
 * @param report The report.
 * @returns The HTML text, ending in a newline.
 *
 * @example
 * ```ts
 * import { buildReport, type Observation, renderHtml } from "@assess/assess/report";
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
  const baseline = report.models[0]?.name ?? "";
  const adapters = report.comparisons.map((c) => c.adapter);
  const title = `assess report: ${adapters.join(", ") || "no adapter"} against ${baseline}`;
  const c = report.trust.completeness;
  const parts: string[] = [];
  parts.push(
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
    `<p>${esc(plural(report.run.items, "item"))} held out (split seed <code>${
      esc(report.run.splitSeed)
    }</code>), run started ${esc(report.run.startedAt)} by assess ${
      esc(report.run.assessVersion ?? "unknown")
    }, ${esc(plural(report.run.sessions, "session"))}.</p>`,
  );
  if (!c.complete) {
    parts.push(
      `<p class="warn" id="incomplete"><strong>Incomplete run:</strong> ${count(c.missing)} of ${
        count(c.pairs)
      } (model, item) pairs have no verdict (${plural(c.errors, "error")}, ${
        count(c.notAsked)
      } never asked); every figure is over the items that have one.</p>`,
    );
  }
  if (report.trust.scorer.note !== null) {
    parts.push(`<p class="note"><strong>Note:</strong> ${esc(report.trust.scorer.note)}</p>`);
  }
  if (report.comparisons.length > 0) {
    parts.push("<h2>Verdicts</h2>", "<ul>");
    for (const comparison of report.comparisons) {
      parts.push(`<li class="verdict ${outcomeClass(comparison)}">${esc(comparison.verdict)}</li>`);
    }
    parts.push("</ul>");
  }
  parts.push("<h2>Accuracy</h2>", accuracyChart(report.models));
  if (report.comparisons.length > 0) {
    parts.push(
      `<h2>Paired differences from ${esc(baseline)}</h2>`,
      differenceChart(report.comparisons),
    );
  }
  parts.push("<h2>Models</h2>", htmlTable(modelsTable(report.models, HTML)));
  parts.push("<h3>Reasons (scored items)</h3>", htmlTable(reasonsTable(report.models, HTML)));
  parts.push(
    "<h3>Tokens and latency (scored items)</h3>",
    htmlTable(usageTable(report.models, HTML)),
  );
  const withErrors = report.models.filter((m) => m.errors > 0);
  if (withErrors.length > 0) {
    parts.push("<h3>Errors (no verdict, never counted wrong)</h3>", "<ul>");
    for (const m of withErrors) {
      parts.push(
        `<li>${esc(m.name)}: ${
          esc(m.errorKinds.map((k) => `${k.name} ${count(k.count)}`).join(", "))
        }</li>`,
      );
    }
    parts.push("</ul>");
  }
  for (const comparison of report.comparisons) {
    parts.push(comparisonSection(comparison, report.comparisons.length));
  }
  parts.push(trustSection(report), "</body>", "</html>");
  return parts.join("\n") + "\n";
}

function outcomeClass(c: ComparisonReport): string {
  return c.outcome === "better" ? "better" : c.outcome === "worse" ? "worse" : "none";
}

const HTML: Markup = {
  text: esc,
  code: (text) => `<code>${esc(text)}</code>`,
  strong: (markup) => `<strong>${markup}</strong>`,
};

function htmlTable({ headings, numeric, rows }: Table): string {
  const cls = (i: number) => (numeric[i] ? ' class="n"' : "");
  return [
    "<table>",
    `<thead><tr>${headings.map((h, i) => `<th${cls(i)}>${h}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...rows.map((r) => `<tr>${r.map((cell, i) => `<td${cls(i)}>${cell}</td>`).join("")}</tr>`),
    "</tbody>",
    "</table>",
  ].join("\n");
}

function comparisonSection(c: ComparisonReport, adapters: number): string {
  const parts = [
    `<h2>${esc(c.adapter)} against ${esc(c.baseline)}</h2>`,
    `<p>Paired on ${plural(c.items, "item")} scored for both. <span class="verdict ${
      outcomeClass(c)
    }">${esc(c.verdict)}</span></p>`,
  ];
  if (c.items === 0) return parts.join("\n");
  const d = pointDecimals([c.difference!, c.interval!.lower, c.interval!.upper]);
  parts.push(
    htmlTable(pairedTable(c, HTML)),
    "<ul>",
    `<li>accuracy on these items: ${percent(c.adapterAccuracy)} against ${
      percent(c.baselineAccuracy)
    }</li>`,
    `<li>difference: ${signedPoints(c.difference!, d)} points, 95% interval [${
      points(c.interval!.lower, d)
    }, ${points(c.interval!.upper, d)}] (Newcombe, paired)</li>`,
    `<li>McNemar exact test: ${pText(c.pValue!)} on ${
      plural(c.table.onlyAdapter + c.table.onlyBaseline, "discordant item")
    }; Holm-adjusted over ${plural(adapters, "adapter")}: ${pText(c.pAdjusted!)}</li>`,
    "</ul>",
    "<h3>Reasons fixed and broken</h3>",
  );
  parts.push(
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
        `<p class="ids">${ids.join(", ")}</p></details>`,
      );
    }
  }
  return parts.join("\n");
}

function trustSection(report: Report): string {
  const t = report.trust;
  const s = t.scorer;
  const p = t.probe;
  const c = t.completeness;
  const probe = p.result === "off"
    ? `off (<code>serving.probe: 0</code>, ${esc(p.batchInvariant)})`
    : `${p.result === "failed" ? "<strong>differences found</strong>" : esc(p.result)}: ${
      esc(p.batchInvariant)
    }, ${plural(p.checks, "check")}, ${count(p.same)} same, ${count(p.different)} different, ${
      count(p.inconclusive)
    } inconclusive`;
  const rows: string[][] = [
    [
      "scorer",
      `<code>${esc(s.name)}</code> ${esc(s.version)} (ordering ${
        esc(s.ordering)
      }, tool-call parser ${esc(s.toolCallParser ?? "none")}); verdicts ${s.verdicts}${
        s.verdicts === "rescored" ? ` (the run had ${esc(s.recordedVersion)})` : ""
      }`,
    ],
    [
      "self-test",
      `${s.selftest.passed ? "passed" : "<strong>FAILED</strong>"} on ${
        plural(s.selftest.items, "item")
      } (${s.selftest.by === "run" ? "by the run" : "now, for the re-scoring"})`,
    ],
    ["dataset", `sha256 <code>${esc(t.digests.dataset)}</code>`],
    [
      "split",
      `digest <code>${esc(t.digests.split)}</code> (seed <code>${
        esc(report.run.splitSeed)
      }</code>)`,
    ],
    ["config", `digest <code>${esc(t.digests.config)}</code>`],
    ["probe", probe],
    [
      "completeness",
      c.complete
        ? `complete: all ${count(c.pairs)} (model, item) pairs scored`
        : `<strong>incomplete</strong>: ${count(c.scored)} of ${count(c.pairs)} pairs scored, ${
          count(c.missing)
        } missing (${plural(c.errors, "error")}, ${count(c.notAsked)} never asked)`,
    ],
  ];
  const parts = [
    "<h2>Trust</h2>",
    htmlTable({ headings: ["", ""], numeric: [false, false], rows }),
  ];
  if (p.differences.length > 0) {
    parts.push("<p>Probe differences:</p>", "<ul>");
    for (const d of p.differences) {
      parts.push(`<li>${esc(d.model)} item ${d.itemId}: <code>${esc(d.detail)}</code></li>`);
    }
    parts.push("</ul>");
  }
  return parts.join("\n");
}

// ---- charts ----

const CHART_WIDTH = 760;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 170;
const ROW = 30;
const TOP = 16;
const AXIS = 50;

/** Tick positions: a step of 1, 2 or 5 × 10^k giving at most 10 ticks over [lo, hi]. */
function ticks(lo: number, hi: number): number[] {
  const span = hi - lo;
  let step = 1e-6;
  for (const k of [-3, -2, -1, 0, 1, 2, 3]) {
    for (const m of [1, 2, 5]) {
      const s = m * 10 ** k;
      if (span / s <= 10) {
        step = s;
        return range(lo, hi, step);
      }
    }
  }
  return range(lo, hi, step);
}

function range(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + 1e-9; v += step) {
    out.push(Math.abs(v) < 1e-12 ? 0 : Number(v.toPrecision(12)));
  }
  return out;
}

function fmt(v: number): string {
  return Number(v.toFixed(2)).toString();
}

interface ChartRow {
  readonly label: string;
  readonly value: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
  readonly text: string;
  readonly colour: string;
}

function chart(
  id: string,
  title: string,
  rows: readonly ChartRow[],
  domain: readonly [number, number],
  unit: string,
  zero: boolean,
  axisLabel: string,
): string {
  const plotLeft = LABEL_WIDTH;
  const plotRight = CHART_WIDTH - VALUE_WIDTH;
  const height = TOP + rows.length * ROW + AXIS;
  const [lo, hi] = domain;
  const x = (v: number) => plotLeft + ((v - lo) / (hi - lo)) * (plotRight - plotLeft);
  const plotBottom = TOP + rows.length * ROW;
  const out: string[] = [
    `<svg id="${id}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title">`,
    `<title id="${id}-title">${esc(title)}</title>`,
    `<rect x="${plotLeft}" y="${TOP - 8}" width="${plotRight - plotLeft}" height="${
      plotBottom - TOP + 8
    }" fill="#f6f8fa"/>`,
  ];
  for (const t of ticks(lo, hi)) {
    const tx = fmt(x(t));
    out.push(
      `<line x1="${tx}" y1="${
        TOP - 8
      }" x2="${tx}" y2="${plotBottom}" stroke="#d0d7de" stroke-width="1"/>`,
      `<text x="${tx}" y="${plotBottom + 16}" text-anchor="middle">${esc(fmt(t))}${unit}</text>`,
    );
  }
  if (zero && lo < 0 && hi > 0) {
    const zx = fmt(x(0));
    out.push(
      `<line x1="${zx}" y1="${
        TOP - 8
      }" x2="${zx}" y2="${plotBottom}" stroke="#57606a" stroke-width="1.5" stroke-dasharray="4 3"/>`,
    );
  }
  rows.forEach((r, i) => {
    const y = TOP + i * ROW + ROW / 2;
    out.push(
      `<text x="${plotLeft - 10}" y="${y + 4}" text-anchor="end">${
        esc(truncate(r.label, 24))
      }</text>`,
    );
    if (r.value !== null && r.lower !== null && r.upper !== null) {
      const x1 = fmt(x(r.lower));
      const x2 = fmt(x(r.upper));
      out.push(
        `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="${r.colour}" stroke-width="3" stroke-linecap="round"/>`,
        `<line x1="${x1}" y1="${y - 6}" x2="${x1}" y2="${
          y + 6
        }" stroke="${r.colour}" stroke-width="2"/>`,
        `<line x1="${x2}" y1="${y - 6}" x2="${x2}" y2="${
          y + 6
        }" stroke="${r.colour}" stroke-width="2"/>`,
        `<circle cx="${
          fmt(x(r.value))
        }" cy="${y}" r="5.5" fill="${r.colour}" stroke="#fff" stroke-width="1.5"/>`,
      );
    }
    out.push(`<text x="${plotRight + 10}" y="${y + 4}">${esc(r.text)}</text>`);
  });
  out.push(
    `<line x1="${plotLeft}" y1="${plotBottom}" x2="${plotRight}" y2="${plotBottom}" stroke="#57606a" stroke-width="1"/>`,
    `<text x="${fmt((plotLeft + plotRight) / 2)}" y="${
      plotBottom + 36
    }" text-anchor="middle" fill="#57606a">${esc(axisLabel)}</text>`,
    "</svg>",
  );
  return out.join("\n");
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function accuracyChart(models: readonly ModelReport[]): string {
  const shown = models.filter((m) => m.interval !== null);
  let lo = Math.min(...shown.map((m) => m.interval!.lower * 100));
  let hi = Math.max(...shown.map((m) => m.interval!.upper * 100));
  if (shown.length === 0) {
    lo = 0;
    hi = 100;
  }
  lo = Math.max(0, Math.floor(lo / 10) * 10);
  hi = Math.min(100, Math.ceil(hi / 10) * 10);
  if (hi - lo < 10) hi = Math.min(100, lo + 10), lo = Math.max(0, hi - 10);
  const rows: ChartRow[] = models.map((m) => ({
    label: m.name,
    value: m.accuracy === null ? null : m.accuracy * 100,
    lower: m.interval === null ? null : m.interval.lower * 100,
    upper: m.interval === null ? null : m.interval.upper * 100,
    text: m.interval === null
      ? "no verdict"
      : `${percent(m.accuracy)} [${percent(m.interval.lower)}, ${percent(m.interval.upper)}]`,
    colour: m.role === "baseline" ? "#57606a" : "#0969da",
  }));
  return chart(
    "accuracy-chart",
    "Accuracy of each model with its Wilson 95% interval",
    rows,
    [lo, hi],
    "%",
    false,
    "accuracy on the items scored (dot) and its 95% interval (bar)",
  );
}

function differenceChart(comparisons: readonly ComparisonReport[]): string {
  const shown = comparisons.filter((c) => c.interval !== null);
  const extent = Math.max(
    1,
    ...shown.map((c) => Math.max(Math.abs(c.interval!.lower), Math.abs(c.interval!.upper)) * 100),
  );
  const step = extent <= 2 ? 0.5 : extent <= 5 ? 1 : extent <= 20 ? 5 : 10;
  const m = Math.min(100, Math.ceil(extent / step) * step);
  const rows: ChartRow[] = comparisons.map((c) => {
    if (c.interval === null || c.difference === null) {
      return {
        label: c.adapter,
        value: null,
        lower: null,
        upper: null,
        text: "no paired items",
        colour: "#57606a",
      };
    }
    const d = pointDecimals([c.difference, c.interval.lower, c.interval.upper]);
    return {
      label: c.adapter,
      value: c.difference * 100,
      lower: c.interval.lower * 100,
      upper: c.interval.upper * 100,
      text: `${signedPoints(c.difference, d)} [${points(c.interval.lower, d)}, ${
        points(c.interval.upper, d)
      }] points`,
      colour: c.outcome === "better" ? "#1a7f37" : c.outcome === "worse" ? "#cf222e" : "#57606a",
    };
  });
  return chart(
    "difference-chart",
    "Each adapter's accuracy minus the baseline's, in points, with its paired 95% interval",
    rows,
    [-m, m],
    "",
    true,
    "adapter minus baseline, in percentage points, on the items both scored",
  );
}
