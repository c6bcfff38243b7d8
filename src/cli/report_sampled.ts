/**
 * `assess report` on a results file of several samples per item: `sampledReportFromResults`
 * with the options the one-sample report has (re-scoring when the scorer's version moved,
 * `-keep-verdicts`, `-config`, `-scoring lenient`, `-panels`), in any format, and the gate's
 * exit.
 *
 * @module
 */

import type { FlagValues } from "./flags.ts";
import type { Io } from "./io.ts";
import { verdictSources } from "./report_run_items.ts";
import type { ResultsSource } from "../results/read_results.ts";
import type { HeaderRecord } from "../results/records.ts";
import type { Gate } from "../report/gate.ts";
import type { ReportFormat } from "../report/render/formats.ts";

/** A sampled report's text and, for `-gate`, its decision. */
export interface SampledText {
  /** The report in the format asked. */
  readonly text: string;
  /** The gate's decision. */
  readonly gate: Gate;
}

/**
 * The report's text for a results file of several samples per item. Its configuration and
 * dataset are read (nothing is sent) when the recorded replies are re-scored, for `-scoring
 * lenient`, and for `-config`, as for one sample.
 *
 * @param source The results file, opened anew on each call.
 * @param format The format.
 * @param header The results file's header.
 * @param flags The verb's flags.
 * @param io The shell.
 * @param limit `-panels`: with `-config`, a format that shows panels (JSON, HTML) shows the first
 *   `limit` by id of each adapter's items right more often and of those right less often.
 * @returns The text, and the gate's decision.
 * @throws {UsageError} When the configuration cannot be read or is not the run's, or the scorer
 *   has no lenient reading for `-scoring lenient`.
 */
export async function sampledReportText(
  source: () => Promise<ResultsSource>,
  format: ReportFormat,
  header: HeaderRecord,
  flags: FlagValues,
  io: Io,
  limit: number,
): Promise<SampledText> {
  const [{ sampledReportFromResults }, { gateSampledReport }, { withSampledPanels }] = await Promise
    .all([
      import("../report/sampled_report.ts"),
      import("../report/sampled_gate.ts"),
      import("../report/item_panels.ts"),
    ]);
  const given = flags.config as string | undefined;
  const { scorer, run } = await verdictSources(header, flags, io);
  let report = await sampledReportFromResults(await source(), {
    scorer,
    items: run?.items,
    keepVerdicts: flags["keep-verdicts"] === true,
    decision: given === undefined ? undefined : run!.decision,
    scoring: flags.scoring === "lenient" ? "lenient" : "strict",
  });
  if (given !== undefined && format.panels) {
    report = await withSampledPanels(report, await source(), run!.items, { scorer, limit });
  }
  return { text: await format.renderSampled(report), gate: gateSampledReport(report) };
}
