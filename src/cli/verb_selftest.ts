/**
 * `assess selftest`: holds the configured scorer to its self-test on every held-out item.
 *
 * @module
 */

import { selftest, selftestLines } from "../score/selftest.ts";
import { ExitCode } from "./exit_codes.ts";
import { CONFIG_FLAG, configuredScorer, readConfig } from "./read_config.ts";
import type { Verb } from "./verb.ts";
import { oneLine } from "../text/one_line.ts";

/**
 * `assess selftest [-config FILE]`: reads the config, the dataset and its split, and holds the
 * scorer to its self-test on every held-out item. No model is asked anything, and
 * `server.toolCallParser` is ignored (there is no server).
 *
 * A scorer with a lenient reading (`xlam-tool-call`'s, `reference/scorers.md`, "Lenient scoring")
 * is held to the same self-test read leniently, once it passes strictly: its counts block follows.
 *
 * Prints the counts block and the split digest and exits 0 when the scorer passes; names every
 * failing item with the reason the scorer gave and exits 65 when it fails; names the items where
 * the scorer threw, gave a reason it does not declare, or gave no verdict, and exits 70, when it
 * has a bug.
 */
export const selftestVerb: Verb = {
  name: "selftest",
  permissions: "--allow-read=assess.yaml,DATASET",
  summary: "hold the scorer to its self-test on every held-out item",
  usage: "[-config FILE]",
  flags: {
    config: CONFIG_FLAG,
  },
  async run(flags, io) {
    const config = await readConfig(flags.config as string, io);
    const scorer = configuredScorer("selftest", config);
    // Loaded here, not at start-up: the dataset and split modules load node:crypto, which the
    // other verbs do not need.
    const [{ loadSplit }, { heldOutItems }] = await Promise.all([
      import("./load_split.ts"),
      import("../split/split.ts"),
    ]);
    const { dataset, split } = await loadSplit(config, io);
    const items = heldOutItems(dataset, split);
    const options = { ordering: config.scorer.ordering };
    let result = selftest(scorer, items, options);
    let { outcome, lines } = selftestLines(result);
    const passed: string[] = [];
    const lenient = scorer.lenient;
    if (outcome === "passed" && lenient !== undefined) {
      passed.push(...lines);
      result = selftest(lenient, items, options);
      ({ outcome, lines } = selftestLines(result));
    }
    if (outcome === "passed") {
      await io.stdout.write(
        [...passed, ...lines].map(oneLine).concat(`split digest ${split.digest}`, "").join("\n"),
      );
      return ExitCode.ok;
    }
    const out = [...lines];
    if (outcome === "faulty") {
      const thrown = result.faults.find((f) => f.error instanceof Error)?.error as
        | Error
        | undefined;
      if (thrown?.stack !== undefined) {
        out.push("the first error thrown:", ...thrown.stack.split("\n").map((l) => `    ${l}`));
      }
    }
    // Escaped line by line: the scorer's reasons and its error's stack are not assess's own.
    await io.stderr.write([...out.map(oneLine), ""].join("\n"));
    return outcome === "failed" ? ExitCode.data : ExitCode.software;
  },
};
