/**
 * A checkpoint sweep as every format shows it: its sentences and its table, built once through a
 * {@linkcode Markup}, and its learning curve as an inline SVG line chart for the HTML report.
 * Private to `src/report/render/`.
 *
 * @module
 */

import { count, intervalFigures, percent, signedPoints } from "../numbers.ts";
import { escapeHtml as esc, type Markup } from "./_markup.ts";
import type { Table } from "./_tables.ts";
import type { SweepReport } from "../report.ts";
import { choiceErrorsSentence } from "../sweep.ts";
import { confirmationToDecideSentence } from "../items_to_decide.ts";

/** The section's heading. */
export const SWEEP_HEADING = "Checkpoint sweep";

/**
 * The sweep in sentences: what the curve is drawn on, how the checkpoint was chosen, the
 * decision on the confirmation items and how optimistic the selection figure was, or the warning.
 */
export function sweepSentences(sweep: SweepReport, m: Markup): string[] {
  const out = [
    m.text(
      `The learning curve of ${count(sweep.points.length)} ` +
        `${sweep.points.length === 1 ? "checkpoint" : "checkpoints"} against ` +
        `${sweep.baseline.name} on ${count(sweep.selectItems)} selection items` +
        (sweep.confirmShare === null
          ? " (every item: split.confirm keeps none apart)"
          : `; ${count(sweep.confirmItems)} confirmation items ` +
            `(split.confirm ${sweep.confirmShare}) are kept apart`) +
        ". Each difference's interval is the exact 95% interval of that checkpoint alone.",
    ),
    m.text(`${sweep.how}.`),
  ];
  const c = sweep.confirmation;
  if (c !== null) {
    out.push(
      m.strong(m.text(`Decision, on the confirmation items: ${c.verdict}`)),
      // What would decide it, as the gate says it.
      ...(c.outcome === "inconclusive" && sweep.confirmShare !== null
        ? [m.text(`${capitalized(confirmationToDecideSentence(c, sweep.confirmShare))}.`)]
        : []),
      m.text(
        "The verdicts above compare each checkpoint on every held-out item, the selection items " +
          "included; for the sweep, this one decides (and assess report -gate reads it).",
      ),
    );
    const o = sweep.optimism;
    if (o !== null && o.selection !== null && o.confirmation !== null) {
      const pts = (v: number) => signedPoints(v, 1);
      out.push(m.text(
        `Optimism: on the selection items it was chosen on, ${c.adapter} is ` +
          `${pts(o.selection)} points from ${sweep.baseline.name}; on the confirmation items, ` +
          `${pts(o.confirmation)}: the first is ${pts(o.selection - o.confirmation)} ` +
          `points off the second, what reporting the checkpoint on the items that chose it ` +
          `would have overstated it by here (one draw, with the noise of both parts).`,
      ));
    }
  }
  if (sweep.warning !== null) out.push(m.alarm("warning") + m.text(`: ${sweep.warning}.`));
  const choice = choiceErrorsSentence(sweep);
  if (choice !== null) {
    out.push(
      m.alarm("warning") +
        m.text(
          `: ${choice}` +
            (c === null
              ? "."
              : "; assess report -gate calls the sweep undecided until they are answered."),
        ),
    );
  }
  return out;
}

/** The curve as a table: a row per checkpoint in step order, the chosen one marked. */
export function sweepTable(sweep: SweepReport, m: Markup): Table {
  return {
    headings: [
      "step",
      "checkpoint",
      "paired",
      "accuracy [Wilson 95%]",
      `difference from ${m.text(sweep.baseline.name)} [95%]`,
      "chosen",
    ],
    short: ["step", "checkpoint", "paired", "accuracy", "difference [95%]", "chosen"],
    numeric: [true, false, true, false, false, false],
    rows: sweep.points.map((p) => [
      count(p.step),
      m.text(p.adapter),
      count(p.items),
      p.accuracy === null || p.accuracyInterval === null
        ? "-"
        : `${percent(p.accuracy)} [${percent(p.accuracyInterval.lower)}, ${
          percent(p.accuracyInterval.upper)
        }]`,
      p.difference === null || p.interval === null ? "-" : differenceText(p.difference, p.interval),
      p.adapter === sweep.chosen ? m.strong("chosen") : "",
    ]),
  };
}

function differenceText(d: number, i: { readonly lower: number; readonly upper: number }): string {
  const f = intervalFigures(d, i.lower, i.upper);
  return `${f.difference} [${f.lower}, ${f.upper}]`;
}

const WIDTH = 800;
const LEFT = 60;
const RIGHT = 40;
const TOP = 20;
const PLOT = 260;
const BOTTOM = 60;

/**
 * The learning curve as an inline SVG line chart: each checkpoint's accuracy on the selection
 * items (a dot on a line, in step order, with its Wilson 95% interval as a bar), the chosen one
 * ringed, and the baseline's accuracy there as a band (its Wilson 95% interval) with a line at
 * its value. Steps are spaced evenly, in order, each labelled.
 */
export function sweepChart(sweep: SweepReport): string {
  const shown = sweep.points.filter((p) => p.accuracyInterval !== null);
  const limits = [
    ...shown.flatMap((p) => [p.accuracyInterval!.lower, p.accuracyInterval!.upper]),
    ...(sweep.baseline.interval === null
      ? []
      : [sweep.baseline.interval.lower, sweep.baseline.interval.upper]),
  ];
  const lo = limits.length === 0 ? 0 : Math.max(0, Math.floor(Math.min(...limits) * 10) / 10);
  const hi = limits.length === 0 ? 1 : Math.min(1, Math.ceil(Math.max(...limits) * 10) / 10);
  const span = hi - lo > 0 ? hi - lo : 1;
  const y = (v: number) => TOP + PLOT - ((v - lo) / span) * PLOT;
  const n = sweep.points.length;
  const x = (k: number) =>
    n === 1 ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + 30 + (k / (n - 1)) * (WIDTH - LEFT - RIGHT - 60);
  const f = (v: number) => Number(v.toFixed(2)).toString();
  const height = TOP + PLOT + BOTTOM;
  const title = `learning curve: each checkpoint's accuracy on the ${sweep.selectItems} ` +
    `selection items, and ${sweep.baseline.name}'s as a band`;
  const out = [
    `<svg id="sweep-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${
      esc(title)
    }">`,
    `<title>${esc(title)}</title>`,
    `<rect x="${LEFT}" y="${TOP}" width="${
      WIDTH - LEFT - RIGHT
    }" height="${PLOT}" fill="#f6f8fa"/>`,
  ];
  for (let t = 0; t <= 10; t++) {
    const v = lo + (span * t) / 10;
    out.push(
      `<line x1="${LEFT}" y1="${f(y(v))}" x2="${WIDTH - RIGHT}" y2="${
        f(y(v))
      }" stroke="#d0d7de" stroke-width="1"/>`,
      `<text x="${LEFT - 6}" y="${f(y(v) + 4)}" text-anchor="end">${esc(percent(v, 0))}</text>`,
    );
  }
  const b = sweep.baseline;
  if (b.interval !== null && b.accuracy !== null) {
    out.push(
      `<rect class="baseline-band" x="${LEFT}" y="${f(y(b.interval.upper))}" width="${
        WIDTH - LEFT - RIGHT
      }" height="${f(y(b.interval.lower) - y(b.interval.upper))}" fill="#8c959f" opacity="0.25"/>`,
      `<line x1="${LEFT}" y1="${f(y(b.accuracy))}" x2="${WIDTH - RIGHT}" y2="${
        f(y(b.accuracy))
      }" stroke="#57606a" stroke-width="1.5" stroke-dasharray="4 3"/>`,
      `<text x="${WIDTH - RIGHT - 4}" y="${
        f(y(b.accuracy) - 6)
      }" text-anchor="end" fill="#57606a">${esc(`${b.name} ${percent(b.accuracy)}`)}</text>`,
    );
  }
  const line = sweep.points.flatMap((p, k) =>
    p.accuracy === null ? [] : [`${f(x(k))},${f(y(p.accuracy))}`]
  );
  if (line.length > 1) {
    out.push(
      `<polyline points="${line.join(" ")}" fill="none" stroke="#0969da" stroke-width="2"/>`,
    );
  }
  sweep.points.forEach((p, k) => {
    const px = f(x(k));
    out.push(
      `<text x="${px}" y="${TOP + PLOT + 18}" text-anchor="middle">${esc(count(p.step))}</text>`,
    );
    if (p.accuracy === null || p.accuracyInterval === null) return;
    out.push(
      `<line x1="${px}" y1="${f(y(p.accuracyInterval.lower))}" x2="${px}" y2="${
        f(y(p.accuracyInterval.upper))
      }" stroke="#0969da" stroke-width="2"/>`,
      `<circle cx="${px}" cy="${
        f(y(p.accuracy))
      }" r="5" fill="#0969da" stroke="#fff" stroke-width="1.5"><title>${
        esc(`${p.adapter} (step ${p.step}): ${percent(p.accuracy)}`)
      }</title></circle>`,
    );
    if (p.adapter === sweep.chosen) {
      out.push(
        `<circle class="chosen" cx="${px}" cy="${
          f(y(p.accuracy))
        }" r="10" fill="none" stroke="#1a7f37" stroke-width="2"/>`,
      );
    }
  });
  out.push(
    `<text x="${f((LEFT + WIDTH - RIGHT) / 2)}" y="${
      TOP + PLOT + 42
    }" text-anchor="middle" fill="#57606a">${
      esc("training step (accuracy on the selection items; the chosen checkpoint ringed)")
    }</text>`,
    "</svg>",
  );
  return out.join("\n");
}

/** The sentence with its first letter a capital. */
function capitalized(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
