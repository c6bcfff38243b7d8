/**
 * The formats of a report of several samples per item ({@linkcode SampledReport}): text, Markdown
 * and HTML print its outline (`_outline.ts`) with the printers of the one-sample report's formats,
 * escaping as they do; JSON is the report as data (`schema/sampled-report.schema.json`).
 *
 * @module
 */

import type { SampledReport } from "../sampled_report.ts";
import { SAMPLED_REPORT_SCHEMA } from "../sampled_report.ts";
import { HTML_FORMAT, MARKDOWN_FORMAT, sampledOutline, TEXT_FORMAT } from "./_outline.ts";
import { printable, printableTexts } from "./_printable.ts";
import { printHtml } from "./html.ts";
import { printMarkdown } from "./markdown.ts";
import { printText } from "./text.ts";

/**
 * The report as plain text within 100 columns: the run, the notices, the decision rule, each
 * comparison (outcome, difference with the interval at its Holm level, p and Holm-adjusted p,
 * items, guarded categories worse), what it detects and what twice the samples or the items would,
 * the errored samples counted both ways, each model (accuracy over items with its interval,
 * counts, the variance's parts), pass@k and pass^k per k, the categories, and the trust lines.
 * Every text from the results file is printed on its line, its control characters escaped.
 *
 * @param report The report.
 * @returns The text, ending in a newline.
 */
export function renderSampledText(report: SampledReport): string {
  const safe = printableTexts(report);
  return printable(printText(sampledOutline(safe, TEXT_FORMAT)));
}

/**
 * The report as GitHub-flavoured Markdown: the text format's blocks as headings, paragraphs,
 * quoted notices, lists and tables, every text from the results file escaped.
 *
 * @param report The report.
 * @returns The Markdown text, ending in a newline.
 */
export function renderSampledMarkdown(report: SampledReport): string {
  const safe = printableTexts(report);
  return printable(printMarkdown(sampledOutline(safe, MARKDOWN_FORMAT)));
}

/**
 * The report as one self-contained HTML page (the one-sample page's style; no script, no
 * external resource), every text HTML-escaped and its control characters shown as escapes; the
 * changed items whole when the report has panels (`withSampledPanels`).
 *
 * @param report The report.
 * @returns The HTML text, ending in a newline.
 */
export function renderSampledHtml(report: SampledReport): string {
  const safe = printableTexts(report, printable);
  return printable(printHtml(sampledOutline(safe, HTML_FORMAT)));
}

/**
 * The report as JSON: `samples`, `margin`, `models[]` (each with `samples`, `accuracy`,
 * `interval`, `withinVariance`, `betweenVariance` and `passK` = `[{k, passAt, passAll, …}]`) and
 * `comparisons[]` (each with `difference`, `interval`, `pValue`, `pAdjusted`, `outcome`,
 * `minimumDetectableDifference`, `categories`, `guardWorse`, `errorSensitivity`, `changed`), with
 * `schema`, `decision`, `trust.scorer`, `scoring`, `categoriesFrom`, `complete` and, when
 * `withSampledPanels` filled them in, `panels`: the names the one-sample report uses where they
 * mean the same (`schema/sampled-report.schema.json`).
 *
 * @param report The report.
 * @returns The JSON text, ending in a newline.
 */
export function renderSampledJson(report: SampledReport): string {
  const h = report.header;
  const json = {
    schema: SAMPLED_REPORT_SCHEMA,
    run: {
      configDigest: h.configDigest,
      splitDigest: h.split.digest,
      scorer: { name: h.scorer.name, version: h.scorer.version },
      sampling: h.sampling,
    },
    samples: report.samples,
    margin: report.margin,
    decision: report.decision,
    trust: { scorer: report.scorer },
    scoring: report.scoring,
    categoriesFrom: report.categoriesFrom,
    complete: report.complete,
    models: report.models,
    comparisons: report.comparisons,
    ...(report.panels === undefined ? {} : { panels: report.panels }),
  };
  return JSON.stringify(json, null, 2) + "\n";
}
