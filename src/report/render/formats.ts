/**
 * The formats a report is written in, in one table: `assess report`'s `-format` flag, its usage
 * line, its help and its choice of renderer all read it, so a format is added here and nowhere
 * else (with its renderer, and its golden file in tests/report/golden/).
 *
 * @module
 */

import type { Report } from "../report.ts";
import type { SampledReport } from "../sampled_report.ts";

/** A format of the report. */
export interface ReportFormat {
  /** The name `-format` takes. */
  readonly name: string;
  /** What it is for, in a few words. */
  readonly summary: string;
  /**
   * Whether it shows the item panels (`Report.panels`), which cost a second read of the results
   * file: `assess report -config` fills them in only for such a format.
   */
  readonly panels: boolean;
  /** Renders a report (loading the renderer on first use, so a command line starts fast). */
  render(report: Report): Promise<string>;
  /** Renders a report of several samples per item, the same way. */
  renderSampled(report: SampledReport): Promise<string>;
}

/**
 * Every format, the default first.
 *
 * @example
 * ```ts
 * import { REPORT_FORMATS } from "./formats.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(REPORT_FORMATS.map((f) => f.name), ["text", "markdown", "json", "html"]);
 * ```
 */
export const REPORT_FORMATS: readonly ReportFormat[] = [
  {
    name: "text",
    summary: "aligned text for a terminal, within 100 columns",
    panels: false,
    render: async (report) => (await import("./text.ts")).renderText(report),
    renderSampled: async (report) => (await import("./sampled.ts")).renderSampledText(report),
  },
  {
    name: "markdown",
    summary: "GitHub-flavoured Markdown, to paste into a pull request",
    panels: false,
    render: async (report) => (await import("./markdown.ts")).renderMarkdown(report),
    renderSampled: async (report) => (await import("./sampled.ts")).renderSampledMarkdown(report),
  },
  {
    name: "json",
    summary: "the report as data, following schema/report.schema.json",
    panels: true,
    render: async (report) => (await import("./json.ts")).renderJson(report),
    renderSampled: async (report) => (await import("./sampled.ts")).renderSampledJson(report),
  },
  {
    name: "html",
    summary: "one self-contained page with charts",
    panels: true,
    render: async (report) => (await import("./html.ts")).renderHtml(report),
    renderSampled: async (report) => (await import("./sampled.ts")).renderSampledHtml(report),
  },
];

/**
 * The format of a name, or `undefined`.
 *
 * @param name The name `-format` was given.
 * @returns The format.
 *
 * @example
 * ```ts
 * import { reportFormat } from "./formats.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(reportFormat("html")?.summary, "one self-contained page with charts");
 * assert.equal(reportFormat("pdf"), undefined);
 * ```
 */
export function reportFormat(name: string): ReportFormat | undefined {
  return REPORT_FORMATS.find((format) => format.name === name);
}
