/**
 * The text and JSON of a report of several samples per item ({@linkcode SampledReport}). Markdown
 * and HTML are not written for it yet.
 *
 * @module
 */

import { confidence, percent, points, pText } from "../numbers.ts";
import type { SampledReport } from "../sampled_report.ts";

/**
 * The report as plain text: the run, each model (accuracy over items with its interval, pass@k and
 * pass^k, the variance's parts) and each comparison (difference, interval, p, outcome, and what
 * more samples or items would detect).
 *
 * @param report The report.
 * @returns The text, ending in a newline.
 */
export function renderSampledText(report: SampledReport): string {
  const h = report.header;
  const lines = [
    `assess report: ${h.models.baseline} and ${h.models.adapters.length} adapter(s), ` +
    `${report.samples} samples per item (temperature ${h.sampling.temperature})`,
    "Accuracy is the mean over items of each item's share of right answers; intervals are t " +
    "intervals from the per-item values (the item is the unit: samples of one item are not " +
    "independent answers).",
    "",
    "Models",
  ];
  for (const m of report.models) {
    lines.push(
      `  ${m.name} (${m.role}): ${percent(m.accuracy)} [${percent(m.interval.lower)}, ` +
        `${percent(m.interval.upper)}] over ${m.items} items, ${m.answers} answers, ` +
        `${m.errors} errors; variance within items ${fixed(m.withinVariance)}, between items ` +
        `${fixed(m.betweenVariance)}`,
    );
    lines.push(
      `    pass@k: ${m.passK.map((p) => `${p.k} ${percent(p.passAt)}`).join(", ")}`,
      `    pass^k: ${m.passK.map((p) => `${p.k} ${percent(p.passAll)}`).join(", ")}`,
    );
  }
  lines.push(
    "",
    `Comparisons (paired t on per-item differences; Holm across adapters; margin ${report.margin} points)`,
  );
  for (const c of report.comparisons) {
    const i = c.interval;
    lines.push(
      `  ${c.adapter} vs ${c.baseline}: ${c.outcome}, ${points(c.difference, 1)} points ` +
        `[${points(i.lower, 1)}, ${points(i.upper, 1)}] (${confidence(i.level)}), ` +
        `${pText(c.pValue, [i.level])}, Holm-adjusted ${pText(c.pAdjusted)}, over ${c.items} items`,
    );
    const mdd = c.minimumDetectableDifference;
    if (mdd !== null) {
      lines.push(
        `    detectable with power 0.8: ${points(mdd.difference, 1)} points; with twice the ` +
          `samples ${points(mdd.withTwiceTheSamples, 1)}, with twice the items ` +
          `${points(mdd.withTwiceTheItems, 1)}`,
      );
    }
  }
  return lines.join("\n") + "\n";
}

/** A variance with four decimals, or "-". */
function fixed(value: number | null): string {
  return value === null ? "-" : value.toFixed(4);
}

/**
 * The report as JSON: `samples`, `margin`, `models[]` (each with `samples`, `accuracy`,
 * `interval`, `withinVariance`, `betweenVariance` and `passK` = `[{k, passAt, passAll, …}]`) and
 * `comparisons[]` (each with `difference`, `interval`, `pValue`, `pAdjusted`, `outcome`,
 * `minimumDetectableDifference`), the names the one-sample report uses where they mean the same.
 *
 * @param report The report.
 * @returns The JSON text, ending in a newline.
 */
export function renderSampledJson(report: SampledReport): string {
  const h = report.header;
  const json = {
    run: {
      configDigest: h.configDigest,
      splitDigest: h.split.digest,
      scorer: { name: h.scorer.name, version: h.scorer.version },
      sampling: h.sampling,
    },
    samples: report.samples,
    margin: report.margin,
    models: report.models,
    comparisons: report.comparisons,
  };
  return JSON.stringify(json, null, 2) + "\n";
}
