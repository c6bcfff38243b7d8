/**
 * `assess report` on a results file of several samples per item: `sampledReportFromResults`
 * with the options the one-sample report has (re-scoring when the scorer's version moved,
 * `-keep-verdicts`, `-config`, `-scoring lenient`), in any format, and the gate's exit.
 *
 * @module
 */

import type { FlagValues } from "./flags.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./usage_error.ts";
import { oneLine } from "../text/one_line.ts";
import { runItems } from "./report_run_items.ts";
import type { ResultsSource } from "../results/read_results.ts";
import type { HeaderRecord } from "../results/records.ts";
import type { Gate } from "../report/gate.ts";

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
 * @param format The format's name.
 * @param header The results file's header.
 * @param flags The verb's flags.
 * @param io The shell.
 * @returns The text, and the gate's decision.
 * @throws {UsageError} When the configuration cannot be read or is not the run's, or the scorer
 *   has no lenient reading for `-scoring lenient`.
 */
export async function sampledReportText(
  source: () => Promise<ResultsSource>,
  format: string,
  header: HeaderRecord,
  flags: FlagValues,
  io: Io,
): Promise<SampledText> {
  const [
    { lookupScorer },
    { lenientReadingOf },
    { needsRescoring },
    { sampledReportFromResults },
    render,
    { gateSampledReport },
  ] = await Promise.all([
    import("../score/registry.ts"),
    import("../score/lenient.ts"),
    import("../report/from_results.ts"),
    import("../report/sampled_report.ts"),
    import("../report/render/sampled.ts"),
    import("../report/sampled_gate.ts"),
  ]);
  const keep = flags["keep-verdicts"] === true;
  const lenient = flags.scoring === "lenient";
  const given = flags.config as string | undefined;
  const configPath = given ?? "assess.yaml";
  const scorer = lookupScorer(header.scorer.name);
  if (lenient && (scorer === undefined || lenientReadingOf(scorer) === undefined)) {
    throw new UsageError(
      `assess report: -scoring lenient: the scorer ${header.scorer.name} has no lenient reading ` +
        `(xlam-tool-call has one)`,
    );
  }
  let run: Awaited<ReturnType<typeof runItems>> | undefined;
  if (needsRescoring(header, scorer, keep)) {
    await io.stderr.write(
      oneLine(
        `assess report: ${flags.in} was scored by ${header.scorer.name} ` +
          `${header.scorer.version}; re-scoring its recorded replies with the installed ` +
          `${scorer!.version} (no request is sent; -keep-verdicts keeps the recorded verdicts)`,
      ) + "\n",
    );
    run = await runItems(configPath, header, flags, "rescoring", io);
  } else if (scorer === undefined) {
    await io.stderr.write(
      oneLine(
        `assess report: no scorer ${header.scorer.name} is installed; the recorded verdicts are used`,
      ) + "\n",
    );
  }
  if (run === undefined && (given !== undefined || lenient)) {
    run = await runItems(configPath, header, flags, lenient ? "lenient" : "config", io);
  }
  const report = await sampledReportFromResults(await source(), {
    scorer,
    items: run?.items,
    keepVerdicts: keep,
    decision: given === undefined ? undefined : run!.decision,
    scoring: lenient ? "lenient" : "strict",
  });
  const draw = {
    text: render.renderSampledText,
    markdown: render.renderSampledMarkdown,
    json: render.renderSampledJson,
    html: render.renderSampledHtml,
  }[format] ?? render.renderSampledText;
  return { text: draw(report), gate: gateSampledReport(report) };
}
