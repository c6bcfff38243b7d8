/**
 * `assess report`: the shell around `src/report/`. It reads the results file (and, to re-score,
 * the configuration and the dataset), and writes the report to stdout or a file.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import type { FlagValues } from "./flags.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./usage_error.ts";
import type { Verb } from "./verb.ts";
import { readFailure, writeFailure } from "./file_failure.ts";
import { refuseSameFile } from "./same_file.ts";
import { DEFAULT_CONFIG, reportFiles, verdictSources } from "./report_run_items.ts";
import { REPORT_FORMATS, type ReportFormat, reportFormat } from "../report/render/formats.ts";
import { oneLine } from "../text/one_line.ts";
import type { Report } from "../report/report.ts";
import { gateExit, writeGate } from "./report_gate.ts";
import type { Gate } from "../report/gate.ts";
import type { ReportInputs } from "./report_inputs.ts";

const FORMAT_NAMES = REPORT_FORMATS.map((f) => f.name);
const PANEL_FORMATS = REPORT_FORMATS.filter((f) => f.panels).map((f) => f.name).join(", ");

/**
 * `assess report -in RESULTS [-format text|markdown|json|html] [-out FILE] [-config FILE] [-panels
 * N|all] [-keep-verdicts] [-scoring strict|lenient] [-gate]`: reads a results file and prints its
 * report (or writes it atomically to `-out`). An incomplete run is reported, marked incomplete,
 * over the items it has: exit 0. When the installed scorer's version is not the run's, the recorded
 * replies are re-scored (the configuration, `assess.yaml` unless `-config` names another, and the
 * dataset are read for the items; nothing is sent), unless `-keep-verdicts`. With `-config`, the
 * configuration and the dataset are read in any case (nothing is sent): its decision is used, the
 * categories of results recorded without one are computed, and the HTML and JSON formats show the
 * changed and disputed items whole: of each adapter's fixed items, of its broken items and of the
 * disputed items, the first 100 by id, or as many as `-panels N` says (`-panels all`: every one). A
 * results file that cannot be read, an unknown format, a configuration that is not the run's, an
 * `-out` that cannot be written or that is an input (the results file, or the configuration and
 * dataset when read; refused before anything is written): exit 64; a results file that is not one,
 * a broken line or record (by number), or a dataset refused: 65.
 * The lenient reading (`reference/scorers.md`, "Lenient scoring") is shown beside the strict one
 * whenever the items are read; `-scoring lenient` reads them (as re-scoring does) and makes its
 * verdicts decide.
 * With `-gate`, a report written exits with the decision instead of 0 (`src/report/gate.ts`,
 * lines on stderr): 0 better or not worse, 1 worse, 2 inconclusive, 3 cannot be decided.
 * A results file of several samples per item (`sampling.samples` above 1) is reported by
 * `report_sampled.ts`, in every format and with every flag.
 */
export const reportVerb: Verb = {
  name: "report",
  permissions: "--allow-read=results.jsonl",
  summary: "report a results file: accuracy, paired comparisons, trust",
  usage: `-in RESULTS [-format ${
    FORMAT_NAMES.join("|")
  }] [-out FILE] [-config FILE] [-panels N|all] [-keep-verdicts] [-scoring strict|lenient] [-gate]`,
  flags: {
    in: {
      kind: "string",
      help: "the results file of assess run; given again (or as a pattern such as " +
        "'shards/*.jsonl', expanded by assess), the shards of one run (run -shard), read as one",
      placeholder: "RESULTS",
      required: true,
      repeatable: true,
    },
    format: {
      kind: "string",
      help: REPORT_FORMATS.map((f) => `${f.name} (${f.summary})`).join(", "),
      placeholder: "FORMAT",
      default: FORMAT_NAMES[0]!,
    },
    out: {
      kind: "string",
      help: "write the report to this file (atomically) instead of stdout",
      placeholder: "FILE",
    },
    config: {
      kind: "string",
      help:
        `the run's assess.yaml: when given, its decision, the categories of older results and ` +
        `(${PANEL_FORMATS}) every changed and disputed item shown whole; read to re-score too ` +
        `(${DEFAULT_CONFIG} when not given)`,
      placeholder: "FILE",
    },
    panels: {
      kind: "string",
      help: `with -config (${PANEL_FORMATS}): how many of each adapter's fixed items, of its ` +
        `broken items and of the disputed items are shown whole, the first by id; all: every one`,
      placeholder: "N",
      // PANEL_LIMIT (src/report/item_panels.ts), written here so that starting loads no panel code.
      default: "100",
    },
    "keep-verdicts": {
      kind: "boolean",
      help: "keep the recorded verdicts when the installed scorer's version differs",
    },
    scoring: {
      kind: "string",
      help:
        `whose verdicts decide: strict (the scorer's) or lenient (its lenient reading, which reads ` +
        `the configuration and the dataset as re-scoring does)`,
      placeholder: "SCORING",
      default: "strict",
    },
    gate: {
      kind: "boolean",
      help: "exit with the decision: 0 better or not worse, 1 worse, 2 inconclusive, 3 undecided",
    },
  },
  async run(given, io) {
    const { inputFiles } = await import("./input_files.ts");
    const paths = await inputFiles("report", given.in as readonly string[], io);
    // The other readers of `-in` see the files, its patterns expanded.
    const flags: FlagValues = { ...given, in: paths };
    const format = reportFormat(flags.format as string);
    if (format === undefined) {
      throw new UsageError(
        `assess report: -format ${JSON.stringify(flags.format)} is not one of ${
          FORMAT_NAMES.join(", ")
        }`,
      );
    }
    const scoring = flags.scoring as string;
    if (scoring !== "strict" && scoring !== "lenient") {
      throw new UsageError(
        `assess report: -scoring ${JSON.stringify(scoring)} is not one of strict, lenient`,
      );
    }
    const limit = panelLimit(flags.panels as string);
    const out = flags.out as string | undefined;
    await refuseSameFile(
      "report",
      reportFiles(
        paths[0]!,
        out,
        paths.slice(1).map((path) => ({ name: "-in", path, output: false })),
      ),
      io,
    );
    const { text, report, gate } = await reportText(paths, format, flags, io, limit);
    if (out === undefined) {
      await io.stdout.write(text);
    } else {
      try {
        await io.writeFileAtomic(out, new TextEncoder().encode(text));
      } catch (e) {
        throw new UsageError(`assess report: cannot write ${out}: ${writeFailure(e)}`);
      }
      await io.stdout.write(`${oneLine(out)}: ${format.name} report written\n`);
    }
    if (flags.gate !== true) return ExitCode.ok;
    return gate === undefined ? await gateExit(report!, io) : await writeGate(gate, io);
  },
};

/**
 * `-panels`: a whole number of at least 1, or `all` (`Infinity`). One past the safe integers is
 * `Infinity` too: no list is that long, so it shows every item as `all` does.
 */
function panelLimit(text: string): number {
  if (text === "all") return Infinity;
  if (!/^[1-9][0-9]*$/.test(text)) {
    throw new UsageError(
      `assess report: -panels ${JSON.stringify(text)} is not a whole number of at least 1, or all`,
    );
  }
  const limit = Number(text);
  return Number.isSafeInteger(limit) ? limit : Infinity;
}

async function reportText(
  paths: readonly string[],
  format: ReportFormat,
  flags: FlagValues,
  io: Io,
  limit: number,
): Promise<{ text: string; report: Report | null; gate?: Gate }> {
  const [
    { ResultsFileError },
    { readHeader },
    { reportInputFromResults },
    { buildReport },
    { withItemPanels },
    { withSweep },
    { reportInputs },
  ] = await Promise.all([
    import("../results/results_file_error.ts"),
    import("../results/read_results.ts"),
    import("../report/from_results.ts"),
    import("../report/build_report.ts"),
    import("../report/item_panels.ts"),
    import("../report/sweep.ts"),
    import("./report_inputs.ts"),
  ]);
  // Set once every file's header is read (a refusal before that names the file it is in).
  let which: ReportInputs["which"] = undefined;
  const { path, open, ...shards } = await reportInputs(paths, io, named);
  which = shards.which;
  // Whatever goes wrong while reading names the file (of shards: the shard, by its own lines).
  async function named<T>(path: string, read: Promise<T>): Promise<T> {
    try {
      return await read;
    } catch (e) {
      if (e instanceof ResultsFileError) {
        if (which !== undefined) throw await which(e);
        throw new ResultsFileError(`${path}: ${e.message}`, e.line, e.empty);
      }
      if (e instanceof UsageError || e instanceof RangeError || e instanceof TypeError) throw e;
      throw new UsageError(`assess report: cannot read ${path}: ${readFailure(e, path)}`);
    }
  }
  const keep = flags["keep-verdicts"] === true;
  const given = flags.config as string | undefined;
  const header = await named(path, readHeader(await open()));
  const samples = header.sampling.samples ?? 1;
  if (samples > 1) {
    const { sampledReportText } = await import("./report_sampled.ts");
    return {
      ...await named(path, sampledReportText(open, format, header, flags, io, limit)),
      report: null,
    };
  }
  const { scorer, run } = await verdictSources(header, flags, io);
  // The report's input (every pair's observation: a million records come to about 170 MiB) is
  // held only here, so that it is let go before the panels read the file again.
  const built = async () => {
    const input = await named(
      path,
      reportInputFromResults(await open(), {
        scorer,
        items: run?.items,
        keepVerdicts: keep,
        decision: given === undefined ? undefined : run!.decision,
        scoring: flags.scoring === "lenient" ? "lenient" : "strict",
      }),
    );
    return withSweep(buildReport(input), input);
  };
  let report = await built();
  if (given !== undefined && format.panels) {
    report = await named(path, withItemPanels(report, await open(), run!.items, { scorer, limit }));
  }
  return { text: await format.render(report), report };
}
