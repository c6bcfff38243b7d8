/**
 * The HTML report's two charts, as inline SVG (no script, no external resource): each model's
 * accuracy with its Wilson interval, and each adapter's paired difference from the baseline with
 * its interval. Private to `src/report/render/`.
 *
 * @module
 */

import { confidence, intervalFigures, percent } from "../numbers.ts";
import { escapeHtml as esc } from "./_markup.ts";
import type { ComparisonReport, ModelReport } from "../report.ts";

const CHART_WIDTH = 800;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 210;
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

/** A vertical line across the plot at a value, with a label at its top (none when empty). */
interface Mark {
  readonly value: number;
  readonly label: string;
  readonly colour: string;
  readonly dash: string;
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
  marks: readonly Mark[],
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
  for (const mark of marks) {
    if (!(mark.value > lo && mark.value < hi)) continue;
    const mx = fmt(x(mark.value));
    out.push(
      `<line class="mark" x1="${mx}" y1="${
        TOP - 8
      }" x2="${mx}" y2="${plotBottom}" stroke="${mark.colour}" stroke-width="1.5" stroke-dasharray="${mark.dash}"/>`,
    );
    if (mark.label !== "") {
      out.push(
        `<text x="${fmt(x(mark.value) - 4)}" y="${
          TOP + 2
        }" text-anchor="end" fill="${mark.colour}"` +
          ` style="fill:${mark.colour}">${esc(mark.label)}</text>`,
      );
    }
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

/** The accuracy of each model, with its Wilson interval, as an inline SVG. */
export function accuracyChart(models: readonly ModelReport[]): string {
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
    [],
    "accuracy on the items scored (dot) and its Wilson 95% interval (bar)",
  );
}

/**
 * Each adapter's paired difference from the baseline, with the interval its verdict reads (exact,
 * at its Holm level, said beside each), as an inline SVG: green better, red worse, blue not worse
 * by the margin, grey inconclusive; a dashed line at 0 and, with a margin above 0, a dashed line
 * at −margin, labelled.
 *
 * @param comparisons The comparisons, in order.
 * @param margin The decision's margin, a fraction (0.01 is 1 point).
 */
export function differenceChart(comparisons: readonly ComparisonReport[], margin: number): string {
  const shown = comparisons.filter((c) => c.interval !== null);
  const extent = Math.max(
    1,
    margin * 100 * 1.25,
    ...shown.map((c) => Math.max(Math.abs(c.interval!.lower), Math.abs(c.interval!.upper)) * 100),
  );
  const step = extent <= 2 ? 0.5 : extent <= 5 ? 1 : extent <= 20 ? 5 : 10;
  const m = Math.min(100, Math.ceil(extent / step) * step);
  const rows: ChartRow[] = comparisons.map((c) => {
    const i = c.interval;
    if (i === null || c.difference === null) {
      return {
        label: c.adapter,
        value: null,
        lower: null,
        upper: null,
        text: "no paired items",
        colour: "#57606a",
      };
    }
    const f = intervalFigures(c.difference, i.lower, i.upper, [0, -margin]);
    return {
      label: c.adapter,
      value: c.difference * 100,
      lower: i.lower * 100,
      upper: i.upper * 100,
      text: `${f.difference} [${f.lower}, ${f.upper}] (${confidence(i.level)})`,
      colour: c.outcome === "better"
        ? "#1a7f37"
        : c.outcome === "worse"
        ? "#cf222e"
        : c.outcome === "not-worse"
        ? "#0969da"
        : "#57606a",
    };
  });
  const marks: Mark[] = [{ value: 0, label: "", colour: "#57606a", dash: "4 3" }];
  if (margin > 0) {
    const points = Number((margin * 100).toPrecision(8));
    marks.push({ value: -points, label: `margin -${points}`, colour: "#9a6700", dash: "2 2" });
  }
  return chart(
    "difference-chart",
    "Each adapter's accuracy minus the baseline's, in points, with the interval its verdict reads" +
      (margin > 0 ? ", and the margin" : ""),
    rows,
    [-m, m],
    "",
    marks,
    "adapter minus baseline, in percentage points, on the items both scored (exact interval at " +
      "the level Holm decides it at)",
  );
}
