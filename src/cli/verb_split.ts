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
import { oneLine } from "../text/one_line.ts";

/**
 * `assess split [-config FILE] -out FILE [-train FILE]`: reads the config and the dataset, takes
 * the held-out split (`split.v1`) and writes the split file atomically to `-out`, replacing one
 * already there; with `-train`, first writes the training file (the complement as JSON Lines in
 * the chat format, `src/request/training.ts`) atomically too. Prints two lines (the counts, with
 * the training file's, then the digest), then what the split could detect (the minimum detectable
 * difference at 5%, 10% and 20% of items discordant, for the config's adapters), and exits 0. A
 * dataset refused: 65. A size the dataset cannot give, or a file that cannot be written: 64, and a
 * file already there is left as it was.
 */
export const splitVerb: Verb = {
  name: "split",
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
    if (train === out) {
      throw new UsageError(
        `assess split: -train and -out name the same file, ${out} (see assess help split)`,
      );
    }
    const config = await readConfig(flags.config as string, io);
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
    await io.stdout.write(await detectableLines(held, config.models.adapters.length));
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

/**
 * What a split of `items` items could detect before any request is sent: for each assumed share of
 * discordant items, the smallest true difference the exact McNemar test finds 80% of the time, each
 * adapter at Holm's first level (alpha / adapters), as lines.
 */
export async function detectableLines(items: number, adapters: number): Promise<string> {
  const { detectableDifferenceTable } = await import("../report/detectable_difference.ts");
  const rows = detectableDifferenceTable(items, { comparisons: Math.max(1, adapters) });
  const level = Number(rows[0]!.level.toPrecision(4));
  const who = adapters === 0
    ? `no adapter configured: as for one, at level ${level}`
    : adapters === 1
    ? `1 adapter at level ${level}`
    : `${adapters} adapters at level ${level} each`;
  // Points with one decimal, or two below 1 point (a 60,000-item split detects 0.28).
  const points = (d: number) => (d * 100).toFixed(d < 0.01 ? 2 : 1);
  const grouped = String(items).replace(/\B(?=(\d{3})+$)/g, ",");
  const lines = [
    `smallest true difference found 80% of the time (${grouped} items, ${who}):`,
    ...rows.map((r) =>
      `  ${Math.round(r.discordance * 100)}% of items discordant: ` +
      (r.difference === null ? "none (too few discordant items)" : `${points(r.difference)} points`)
    ),
  ];
  return lines.join("\n") + "\n";
}
