/**
 * The report of a results file, for a program: what `assess report` builds (one sample per item or
 * several), rendered in any of its formats, and the gate's decision. The report's figures, as
 * data, are its JSON rendering (`schema/report.schema.json`, or `schema/sampled-report.schema.json`
 * for several samples per item): the formats are the promise, not the builder's types.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import { readHeader, type ResultsSource } from "../results/read_results.ts";
import { lookupScorer } from "../score/registry.ts";
import type { Scorer } from "../score/scorer.ts";
import { buildReport } from "./build_report.ts";
import { reportInputFromResults } from "./from_results.ts";
import { type Gate, gateReport } from "./gate.ts";
import { withItemPanels, withSampledPanels } from "./item_panels.ts";
import { renderHtml } from "./render/html.ts";
import { renderJson } from "./render/json.ts";
import { renderMarkdown } from "./render/markdown.ts";
import {
  renderSampledHtml,
  renderSampledJson,
  renderSampledMarkdown,
  renderSampledText,
} from "./render/sampled.ts";
import { renderText } from "./render/text.ts";
import type { Report } from "./report.ts";
import { gateSampledReport } from "./sampled_gate.ts";
import { type SampledReport, sampledReportFromResults } from "./sampled_report.ts";
import { withSweep } from "./sweep.ts";

/** How {@linkcode reportFromResults} reads a results file. */
export interface ReportOptions {
  /**
   * The scorer installed now under the header's scorer name: when its version is not the recorded
   * one, every recorded reply is scored again (no request is sent). Default: the one registered
   * under that name (`lookupScorer`), as `assess report` takes it; `undefined`: none, the recorded
   * verdicts are used.
   */
  readonly scorer?: Scorer | undefined;
  /**
   * The split's held-out items, in order (`heldOutItems` of the run's dataset and split): needed
   * to re-score, and used for the lenient reading, the categories of results recorded without one
   * and the item panels (the JSON and HTML formats show them). Default none.
   */
  readonly items?: readonly Item[] | undefined;
  /** Keep the recorded verdicts even when the installed scorer's version differs. Default false. */
  readonly keepVerdicts?: boolean | undefined;
  /**
   * The decision of the configuration given to the report (`decision` of `assess.yaml`: the
   * margin in points, the guarded categories), used instead of the one the results file recorded
   * when the run started (the report says so when they differ). Default: the recorded one.
   */
  readonly decision?: {
    readonly margin: number;
    readonly guard: readonly ("no-call" | "single" | "parallel" | "multiple")[];
  } | undefined;
  /**
   * Which reading's verdicts decide: `strict` (default) or `lenient`. The lenient reading
   * (`reference/scorers.md`, "Lenient scoring") is made whenever the items are given and the
   * installed scorer has one (`xlam-tool-call`); `lenient` needs it made.
   */
  readonly scoring?: "strict" | "lenient" | undefined;
  /**
   * How many items of each list get an item panel (of each adapter's fixed and broken items and of
   * the disputed items; with several samples per item, of its items right more often and of those
   * right less often; the first by id), when the items are given. `Infinity` shows every one.
   * Default 100.
   */
  readonly panels?: number | undefined;
}

/** A results file's report, built: its renderings and the gate's decision. */
export interface ResultsReport {
  /** How many times every model was asked every item (`sampling.samples`). */
  readonly samples: number;
  /**
   * The report in a format: `text` (aligned text for a terminal, within 100 columns), `markdown`
   * (GitHub-flavoured, to paste into a pull request), `json` (the report as data, following its
   * schema) or `html` (one self-contained page with charts), as `assess report -format` writes it.
   * Throws a `RangeError` for any other format.
   */
  render(format: "text" | "markdown" | "json" | "html"): string;
  /** The report read as one decision for a pipeline, as `assess report -gate` reads it. */
  gate(): Gate;
}

/**
 * Builds the report of a results file, as `assess report` does: the latest outcome of each
 * (model, item), re-scored when the installed scorer's version moved, each adapter against the
 * baseline, with the sweep's choice when the adapters are checkpoints, and the item panels when
 * the items are given. Reads the file line by line, whatever its size; nothing is sent.
 *
 * @param open Opens the results file: its bytes, whole or as a stream of parts. Called two or
 *   three times (for the header, the records and the item panels): a stream can be read once.
 * @param options The installed scorer, the items, and how to read the figures.
 * @returns The report.
 * @throws {ResultsFileError} When the file is not a results file this assess reads, or has a
 *   broken line or record, or a record for an item that is not the split's.
 * @throws {TypeError} When re-scoring or the lenient reading needs the items and none are given.
 * @throws {RangeError} When `panels` is not a whole number of at least 1 (or `Infinity`).
 *
 * @example A report of a results file of one item, and its gate
 * ```ts
 * import { reportFromResults } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const header = {
 *   kind: "header", format: "assess-results", formatVersion: 1, assessVersion: "0.1.0",
 *   startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c".repeat(64),
 *   dataset: { path: "d", sha256: "d".repeat(64) },
 *   split: { seed: "x", size: 1, digest: "e".repeat(64) },
 *   scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
 *   selftest: { passed: true, items: 1 }, server: { url: "http://127.0.0.1:8000/v1", models: [] },
 *   models: { baseline: "base", adapters: ["tuned"] },
 *   sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
 *   thinking: { mode: "off", templateKey: "enable_thinking" },
 *   probe: { batchInvariant: "not-required", items: 0 }, system: "",
 * };
 * const result = (model: string, correct: boolean) => ({
 *   kind: "result", model, itemId: 7, itemIndex: 0, session: 1, requestDigest: "f".repeat(64),
 *   attempts: 1, latencyMs: 5, response: null,
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   usage: null, error: null, verdict: { correct, reason: correct ? "match" : "no-call", detail: "" },
 * });
 * const file = new TextEncoder().encode(
 *   [header, result("base", false), result("tuned", true)].map((r) => JSON.stringify(r) + "\n")
 *     .join(""),
 * );
 *
 * const report = await reportFromResults(() => file);
 * assert.match(report.render("text"), /tuned/);
 * assert.equal(JSON.parse(report.render("json")).models[1].accuracy, 1);
 * assert.equal(report.gate().outcome, "inconclusive"); // one item decides nothing
 * ```
 *
 * @example A report of a results file on disk, as Markdown
 * ```ts ignore
 * import { reportFromResults } from "@assess/assess/report";
 *
 * const report = await reportFromResults(async () => (await Deno.open("results.jsonl")).readable);
 * console.log(report.render("markdown"));
 * ```
 */
export async function reportFromResults(
  open: () => ResultsSource | Promise<ResultsSource>,
  options: ReportOptions = {},
): Promise<ResultsReport> {
  const header = await readHeader(await open());
  const samples = header.sampling.samples ?? 1;
  const read: ReportOptions = "scorer" in options
    ? options
    : { ...options, scorer: lookupScorer(header.scorer.name) };
  if (samples > 1) {
    let sampled = await sampledReportFromResults(await open(), read);
    if (read.items !== undefined) {
      sampled = await withSampledPanels(sampled, await open(), read.items, {
        scorer: read.scorer,
        limit: read.panels,
      });
    }
    return {
      samples,
      render: (format) => renderer(SAMPLED, format)(sampled),
      gate: () => gateSampledReport(sampled),
    };
  }
  const input = await reportInputFromResults(await open(), read);
  let report = withSweep(buildReport(input), input);
  if (read.items !== undefined) {
    report = await withItemPanels(report, await open(), read.items, {
      scorer: read.scorer,
      limit: read.panels,
    });
  }
  return {
    samples,
    render: (format) => renderer(ONE, format)(report),
    gate: () => gateReport(report),
  };
}

/** The renderer of a format, or a `RangeError` naming a format that is none of them. */
function renderer<R>(renderers: Readonly<Record<string, R>>, format: string): R {
  if (!Object.hasOwn(renderers, format)) {
    throw new RangeError(
      `render: ${JSON.stringify(format)} is not a report format (text, markdown, json or html)`,
    );
  }
  return renderers[format]!;
}

/** The renderers of a report of one sample per item, by format. */
const ONE: Readonly<Record<"text" | "markdown" | "json" | "html", (report: Report) => string>> = {
  text: renderText,
  markdown: renderMarkdown,
  json: renderJson,
  html: renderHtml,
};

/** The renderers of a report of several samples per item, by format. */
const SAMPLED: Readonly<
  Record<"text" | "markdown" | "json" | "html", (report: SampledReport) => string>
> = {
  text: renderSampledText,
  markdown: renderSampledMarkdown,
  json: renderSampledJson,
  html: renderSampledHtml,
};
