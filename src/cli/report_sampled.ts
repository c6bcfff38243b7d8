/**
 * `assess report` on a results file of several samples per item: the text or JSON of
 * `sampledReportFromResults`, with the recorded verdicts. The options that the one-sample report
 * has and this one does not yet (`-gate`, `-scoring lenient`, `-config`, the markdown and HTML
 * formats) are refused in one line.
 *
 * @module
 */

import type { FlagValues } from "./flags.ts";
import { UsageError } from "./usage_error.ts";
import type { ResultsSource } from "../results/read_results.ts";

/**
 * The report's text for a results file of `samples` samples per item.
 *
 * @param source The results file.
 * @param format The format's name.
 * @param flags The verb's flags.
 * @param samples The header's `sampling.samples`.
 * @returns The text.
 * @throws {UsageError} When a flag or format asks for what this report does not do yet.
 */
export async function sampledReportText(
  source: () => Promise<ResultsSource>,
  format: string,
  flags: FlagValues,
  samples: number,
): Promise<string> {
  const not = (what: string) =>
    new UsageError(
      `assess report: ${what} does not read several samples per item yet (this file has ` +
        `${samples}); text and json do`,
    );
  if (format !== "text" && format !== "json") throw not(`-format ${format}`);
  if (flags.gate === true) throw not("-gate");
  if (flags.scoring === "lenient") throw not("-scoring lenient");
  if (flags.config !== undefined) throw not("-config");
  const [{ sampledReportFromResults }, { renderSampledJson, renderSampledText }] = await Promise
    .all([import("../report/sampled_report.ts"), import("../report/render/sampled.ts")]);
  const report = await sampledReportFromResults(await source());
  return format === "json" ? renderSampledJson(report) : renderSampledText(report);
}
