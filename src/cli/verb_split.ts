/**
 * `assess split`.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { CONFIG_FLAG, readConfig } from "./read_config.ts";
import { UsageError } from "./usage_error.ts";
import type { Io } from "./io.ts";
import type { Verb } from "./verb.ts";
import { writeFailure } from "./file_failure.ts";
import { refuseSameFile } from "./same_file.ts";
import { oneLine } from "../text/one_line.ts";

/**
 * `assess split [-config FILE] -out FILE [-train FILE]`: reads the config and the dataset, takes
 * the held-out split (`split.v1`) and writes the split file atomically to `-out`, replacing one
 * already there; with `-train`, first writes the training file (the complement as JSON Lines in
 * the chat format, `src/request/training.ts`) atomically too. Prints two lines (the counts, with
 * the training file's, then the digest), then what the split could detect (the minimum detectable
 * difference at 5%, 10% and 20% of items discordant, for the config's adapters), and exits 0. A
 * dataset refused: 65. A size the dataset cannot give, a file that cannot be written, or an output
 * that is the same file as the config, the dataset or the other output (`same_file.ts`): 64, and a
 * file already there is left as it was.
 */
export const splitVerb: Verb = {
  name: "split",
  permissions: "--allow-read=assess.yaml,DATASET,OUTDIR --allow-write=OUTDIR",
  summary: "take the held-out split and write the split file",
  usage: "[-config FILE] -out FILE [-train FILE]",
  flags: {
    config: CONFIG_FLAG,
    out: {
      kind: "string",
      help: "the split file to write",
      placeholder: "FILE",
      required: true,
    },
    train: {
      kind: "string",
      help: "also write the training file: the complement as JSON Lines, chat format",
      placeholder: "FILE",
    },
  },
  async run(flags, io) {
    const out = flags.out as string;
    const train = flags.train as string | undefined;
    const configPath = flags.config as string;
    const config = await readConfig(configPath, io);
    await refuseSameFile("split", [
      { name: "-config", path: configPath, output: false },
      { name: "the dataset", path: config.dataset.path, output: false },
      { name: "-out", path: out, output: true },
      ...(train === undefined ? [] : [{ name: "-train", path: train, output: true }]),
    ], io);
    // Loaded here, not at start-up: the split brings node:crypto, which other verbs do not need.
    const [{ loadSplit }, { complementItems, splitFileText }] = await Promise.all([
      import("./load_split.ts"),
      import("../split/split.ts"),
    ]);
    const { dataset, split } = await loadSplit(config, io);
    let trained = "";
    if (train !== undefined) {
      // Written first: a split file never names a training file older than itself.
      const { trainingFile } = await import("../request/training.ts");
      const file = trainingFile(complementItems(dataset, split), config.prompt.system);
      await write(io, train, file.bytes);
      trained =
        `; ${oneLine(train)}: ${file.lines} training ${file.lines === 1 ? "line" : "lines"} ` +
        `(left out: ${file.ineligible} ineligible, ${file.noCall} with no call)`;
    }
    await write(io, out, new TextEncoder().encode(splitFileText(split)));
    const held = split.heldOut.length;
    await io.stdout.write(
      `${oneLine(out)}: ${held} ${held === 1 ? "item" : "items"} held out, ` +
        `${split.complement.length} in the complement, ${split.twinsExcluded} left out of it as ` +
        `identical to a held-out item${trained}\ndigest ${split.digest}\n`,
    );
    // Loaded only here: the statistics are not part of the split itself.
    const { detectableLines } = await import("../report/split_detectable.ts");
    await io.stdout.write(detectableLines(held, config.models.adapters.length));
    return ExitCode.ok;
  },
};

async function write(io: Io, path: string, bytes: Uint8Array): Promise<void> {
  try {
    await io.writeFileAtomic(path, bytes);
  } catch (e) {
    throw new UsageError(`assess split: cannot write ${path}: ${writeFailure(e)}`);
  }
}
