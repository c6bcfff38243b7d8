/**
 * What `assess report` reads besides the results file: the run's configuration and dataset, for
 * `-config` and for re-scoring, checked to be the run's.
 *
 * @module
 */

import type { FlagValues } from "./flags.ts";
import type { Io } from "./io.ts";
import { type NamedFile, refuseSameFile } from "./same_file.ts";
import { UsageError } from "./usage_error.ts";
import type { Item } from "../dataset/item.ts";
import type { DecisionConfig } from "../config/config.ts";
import type { HeaderRecord } from "../results/records.ts";
import type { Scorer } from "../score/scorer.ts";
import { oneLine } from "../text/one_line.ts";

/**
 * The configuration re-scoring and `-scoring lenient` read when `-config` is not given:
 * `CONFIG_FLAG`'s default, written here rather than imported, so that a report that reads no
 * config loads none of its code.
 */
export const DEFAULT_CONFIG: string = "assess.yaml";

/** What `assess report` reads and writes, for `refuseSameFile`: `-in`, more inputs, `-out`. */
export function reportFiles(
  path: string,
  out: string | undefined,
  inputs: readonly NamedFile[] = [],
): NamedFile[] {
  return [
    { name: "-in", path, output: false },
    ...inputs,
    ...(out === undefined ? [] : [{ name: "-out", path: out, output: true }]),
  ];
}

/**
 * Why `assess report` reads the run's configuration: to re-score the recorded replies, for
 * `-scoring lenient`, or because `-config` names it.
 */
export type ReadFor = "rescoring" | "lenient" | "config";

/**
 * The run's held-out items and the configuration's decision, from its configuration and dataset,
 * checked to be the run's: a refusal says what differs, and `-keep-verdicts` only when it helps
 * (when the configuration is read to re-score, not when `-config` asked for it). Read without
 * `-config`, a missing file is said to be the default one the purpose reads.
 *
 * @param configPath The configuration to read.
 * @param header The results file's header.
 * @param flags The verb's flags (`-in`, `-out`, `-config`).
 * @param why Why the configuration is read.
 * @param io The shell.
 * @returns The held-out items and the configuration's decision.
 * @throws {UsageError} When the configuration cannot be read or is not the run's (exit 64).
 */
export async function runItems(
  configPath: string,
  header: HeaderRecord,
  flags: FlagValues,
  why: ReadFor,
  io: Io,
): Promise<{ readonly items: Item[]; readonly decision: DecisionConfig }> {
  // `-in`, its patterns expanded: one results file, or the shards of one run.
  const [path, ...shards] = flags.in as readonly string[];
  const out = flags.out as string | undefined;
  const configFlag = flags.config === undefined ? "the config" : "-config";
  const [{ readConfig }, { loadSplit }, { heldOutItems }, { configChanges }, { packedRows }] =
    await Promise.all([
      import("./read_config.ts"),
      import("./load_split.ts"),
      import("../split/split.ts"),
      import("../run/header.ts"),
      import("../dataset/packed_rows.ts"),
    ]);
  const hint = {
    rescoring: "  re-scoring needs the run's assess.yaml and dataset; -keep-verdicts reports the " +
      "recorded verdicts instead",
    lenient: "  -scoring lenient needs the run's assess.yaml and its dataset: it reads the " +
      "answers and tools",
    config: "  -config must name the run's assess.yaml, with its dataset; without -config the " +
      "report comes from the results file alone",
  }[why];
  const purpose = why === "rescoring" ? "re-scoring" : "-scoring lenient";
  const missing = flags.config === undefined
    ? {
      missing:
        `${purpose} reads the run's configuration, ${configPath} unless -config names another`,
    }
    : {};
  let config;
  try {
    config = await readConfig(configPath, io, missing);
  } catch (e) {
    if (e instanceof UsageError) {
      throw new UsageError(`assess report: ${e.message}`, [...e.lines, hint]);
    }
    throw e;
  }
  await refuseSameFile(
    "report",
    reportFiles(path!, out, [
      ...shards.map((shard) => ({ name: "-in", path: shard, output: false })),
      { name: configFlag, path: configPath, output: false },
      { name: "the dataset", path: config.dataset.path, output: false },
    ]),
    io,
  );
  // Every value the run's header records of its configuration must be this one's (the decision
  // and where things are may differ), before its dataset is read.
  const changes = configChanges(header, config);
  if (changes.length > 0) {
    throw new UsageError(
      `assess report: ${configFlag} ${configPath} is not the run's: ` +
        changes.map((c) => `${c.key} is ${c.given} there, ${c.run} in the run`).join("; "),
      [hint],
    );
  }
  const { dataset, split } = await loadSplit(config, io);
  if (split.digest !== header.split.digest) {
    throw new UsageError(
      `assess report: the split ${configPath} gives is not the run's: the same seed and size ` +
        `give another split (digest ${split.digest}, the run's ${header.split.digest}): the ` +
        `dataset's rows or the split's rules differ`,
      [hint],
    );
  }
  // The items are kept while the results are read, their texts packed out of the heap: for a
  // million records the heap's growth, a multiple of what it holds, is most of the peak.
  return { items: packedRows(heldOutItems(dataset, split)), decision: config.decision };
}

/** The scorer installed under the run's scorer's name, and the items when they are read. */
export interface ReportVerdicts {
  /** The installed scorer, or `undefined` when none is. */
  readonly scorer: Scorer | undefined;
  /** The held-out items and the configuration's decision, when read. */
  readonly run: { readonly items: Item[]; readonly decision: DecisionConfig } | undefined;
}

/**
 * What a report's verdicts are read with, for one sample per item and several alike: the installed
 * scorer (a note on stderr when none is), and the run's items when re-scoring (said on stderr),
 * `-scoring lenient` or `-config` needs them.
 *
 * @param header The results file's header.
 * @param flags The verb's flags.
 * @param io The shell.
 * @returns The scorer and the items.
 * @throws {UsageError} When `-scoring lenient` is asked of a scorer with no lenient reading, or
 *   the configuration cannot be read or is not the run's (exit 64).
 */
export async function verdictSources(
  header: HeaderRecord,
  flags: FlagValues,
  io: Io,
): Promise<ReportVerdicts> {
  const [{ lookupScorer }, { needsRescoring }] = await Promise.all([
    import("../score/registry.ts"),
    import("../report/from_results.ts"),
  ]);
  const lenient = flags.scoring === "lenient";
  const given = flags.config as string | undefined;
  const configPath = given ?? DEFAULT_CONFIG;
  const scorer = lookupScorer(header.scorer.name);
  if (lenient && scorer?.lenient === undefined) {
    throw new UsageError(
      `assess report: -scoring lenient: the scorer ${header.scorer.name} has no lenient reading ` +
        `(xlam-tool-call has one)`,
    );
  }
  const note = (line: string) => io.stderr.write(oneLine(`assess report: ${line}`) + "\n");
  if (needsRescoring(header, scorer, flags["keep-verdicts"] === true)) {
    await note(
      `${
        (flags.in as readonly string[]).join(", ")
      } was scored by ${header.scorer.name} ${header.scorer.version}; re-scoring its ` +
        `recorded replies with the installed ${scorer!.version} (no request is sent; ` +
        `-keep-verdicts keeps the recorded verdicts)`,
    );
    return { scorer, run: await runItems(configPath, header, flags, "rescoring", io) };
  }
  if (scorer === undefined) {
    await note(`no scorer ${header.scorer.name} is installed; the recorded verdicts are used`);
  }
  if (given === undefined && !lenient) return { scorer, run: undefined };
  return {
    scorer,
    run: await runItems(configPath, header, flags, lenient ? "lenient" : "config", io),
  };
}
