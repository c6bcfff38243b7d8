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

/**
 * `assess split [-config FILE] -out FILE`: reads the config and the dataset, takes the held-out
 * split (`split.v1`) and writes the split file atomically to `-out`, replacing one already there.
 * Prints two lines (the counts, then the digest), then what the split could detect (the minimum
 * detectable difference at 5%, 10% and 20% of items discordant, for the config's adapters), and
 * exits 0. A dataset refused: 65. A size the
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
      `${out}: ${held} ${held === 1 ? "item" : "items"} held out, ${split.complement.length} in ` +
        `the complement, ${split.twinsExcluded} left out of it as identical to a held-out item\n` +
        `digest ${split.digest}\n`,
    );
    await io.stdout.write(await detectableLines(held, config.models.adapters.length));
    return ExitCode.ok;
  },
};

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
