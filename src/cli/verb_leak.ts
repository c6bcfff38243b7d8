/**
 * `assess leak`: the shell around `src/leak/`. It reads the config, the split file and the
 * dataset, streams the training file through the check, and prints the report.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { readFailure } from "./file_failure.ts";
import { CONFIG_FLAG, configuredScorer, readConfig } from "./read_config.ts";
import { UsageError } from "./usage_error.ts";
import type { Verb } from "./verb.ts";
import {
  checkSplitDataset,
  checkSplitDigest,
  readSplitFile,
  SplitFileError,
} from "../split/split_file.ts";
import { TrainingFileError } from "../leak/training_file_error.ts";
import { oneLine } from "../text/one_line.ts";

/** The formats `assess leak` prints, for `-format`. */
const FORMATS = ["text", "json"];

/** The most bytes a split file may hold (one of 60,000 rows holds about 1 MB). */
const MAX_SPLIT_BYTES = 256 << 20;

/**
 * `assess leak [-config FILE] -split FILE -in FILE [-format text|json]`: checks a training file
 * (JSON Lines in the chat format, or the dataset's JSON array) against the held-out items of the
 * split, reading it as a stream. Exit 0 when nothing leaks, 1 when a held-out item leaks; 64 for a
 * flag, config or split file refused (a split of another dataset, or not the config's split) or a
 * file that cannot be read; 65 for a dataset or a training file refused.
 */
export const leakVerb: Verb = {
  name: "leak",
  permissions: "--allow-read=assess.yaml,DATASET,split.json,FILE",
  summary: "check a training file for held-out items: exact, near duplicates, answers",
  usage: "[-config FILE] -split FILE -in FILE [-format text|json]",
  flags: {
    config: CONFIG_FLAG,
    split: {
      kind: "string",
      help: "the split file assess split wrote",
      placeholder: "FILE",
      required: true,
    },
    in: {
      kind: "string",
      help: "the training file: JSON Lines (chat or dataset rows) or a JSON array of rows",
      placeholder: "FILE",
      required: true,
    },
    format: { kind: "string", help: "text or json", placeholder: "FORMAT", default: "text" },
  },
  async run(flags, io) {
    const splitPath = flags.split as string;
    const path = flags.in as string;
    const format = flags.format as string;
    if (!FORMATS.includes(format)) {
      throw new UsageError(
        `assess leak: -format ${JSON.stringify(format)} is not one of ${FORMATS.join(", ")}`,
      );
    }
    const config = await readConfig(flags.config as string, io);
    const scorer = configuredScorer("leak", config);
    let splitBytes: Uint8Array;
    try {
      splitBytes = await io.readFile(splitPath, { maxBytes: MAX_SPLIT_BYTES });
    } catch (e) {
      throw new UsageError(
        `assess leak: ${splitPath} cannot be read: ${readFailure(e, splitPath)}`,
      );
    }
    if (splitBytes.length > MAX_SPLIT_BYTES) {
      throw new UsageError(`assess leak: ${splitPath} is larger than 256 MiB: not a split file`);
    }
    let file;
    try {
      file = readSplitFile(splitBytes);
    } catch (e) {
      if (!(e instanceof SplitFileError)) throw e;
      throw new SplitFileError(`${splitPath} is not a split file: ${e.message}`);
    }
    checkSplitDataset(file, splitPath, config.dataset.sha256);
    // Loaded here, not at start-up: the split brings node:crypto, which other verbs do not need.
    const [{ loadSplit }, { complementItems, heldOutItems }, { detachedAnswers }, leak, render] =
      await Promise.all([
        import("./load_split.ts"),
        import("../split/split.ts"),
        import("../dataset/dataset.ts"),
        import("../leak/leak.ts"),
        import("../leak/render.ts"),
      ]);
    const { dataset, split } = await loadSplit(config, io);
    checkSplitDigest(file, splitPath, split);
    let stream: ReadableStream<Uint8Array>;
    try {
      stream = await io.openRead(path);
    } catch (e) {
      throw new UsageError(`assess leak: ${path} cannot be read: ${readFailure(e, path)}`);
    }
    let report;
    try {
      report = await leak.checkLeaks(readOrSay(stream, path), heldOutItems(dataset, split), {
        scorer,
        ordering: config.scorer.ordering,
        otherAnswers: complementItems(dataset, split).map(detachedAnswers),
      });
    } catch (e) {
      if (e instanceof TrainingFileError) throw e.inFile(path);
      throw e;
    }
    await io.stdout.write(
      format === "json"
        ? render.leakJson(report, {
          file: path,
          splitDigest: split.digest,
          datasetSha256: split.datasetSha256,
          scorer: { name: scorer.name, version: scorer.version },
          ordering: config.scorer.ordering,
        })
        : render.leakText(report, oneLine(path)),
    );
    return report.leaking > 0 ? ExitCode.leak : ExitCode.ok;
  },
};

/** The stream's parts; a failure to read them is the file's, said in plain words (exit 64). */
async function* readOrSay(
  stream: ReadableStream<Uint8Array>,
  path: string,
): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    while (true) {
      let part: ReadableStreamReadResult<Uint8Array>;
      try {
        part = await reader.read();
      } catch (e) {
        throw new UsageError(`assess leak: ${path} cannot be read: ${readFailure(e, path)}`);
      }
      if (part.done) return;
      yield part.value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
