/**
 * `assess split`.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { CONFIG_FLAG, readConfig } from "./read_config.ts";
import { UsageError } from "./usage_error.ts";
import type { Verb } from "./verb.ts";
import { writeFailure } from "./file_failure.ts";
import { oneLine } from "../text/one_line.ts";

/**
 * `assess split [-config FILE] -out FILE`: reads the config and the dataset, takes the held-out
 * split (`split.v1`) and writes the split file atomically to `-out`, replacing one already there.
 * Prints two lines (the counts, then the digest) and exits 0. A dataset refused: 65. A size the
 * dataset cannot give, or an `-out` that cannot be written: 64, and a file already there is left
 * as it was.
 */
export const splitVerb: Verb = {
  name: "split",
  summary: "take the held-out split and write the split file",
  usage: "[-config FILE] -out FILE",
  flags: {
    config: CONFIG_FLAG,
    out: {
      kind: "string",
      help: "the split file to write",
      placeholder: "FILE",
      required: true,
    },
  },
  async run(flags, io) {
    const out = flags.out as string;
    const config = await readConfig(flags.config as string, io);
    // Loaded here, not at start-up: the split brings node:crypto, which other verbs do not need.
    const [{ loadSplit }, { splitFileText }] = await Promise.all([
      import("./load_split.ts"),
      import("../split/split.ts"),
    ]);
    const { split } = await loadSplit(config, io);
    const bytes = new TextEncoder().encode(splitFileText(split));
    try {
      await io.writeFileAtomic(out, bytes);
    } catch (e) {
      throw new UsageError(`assess split: cannot write ${out}: ${writeFailure(e)}`);
    }
    const held = split.heldOut.length;
    await io.stdout.write(
      `${oneLine(out)}: ${held} ${
        held === 1 ? "item" : "items"
      } held out, ${split.complement.length} in ` +
        `the complement, ${split.twinsExcluded} left out of it as identical to a held-out item\n` +
        `digest ${split.digest}\n`,
    );
    return ExitCode.ok;
  },
};
