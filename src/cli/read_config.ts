/**
 * Reads and validates the configuration for a verb.
 *
 * @module
 */

import type { Config } from "../config/config.ts";
import { issueLine } from "../config/config_issue.ts";
import { MAX_CONFIG_BYTES, tooLargeIssue, validateConfig } from "../config/validate.ts";
import { lookupScorer } from "../score/registry.ts";
import type { Scorer } from "../score/scorer.ts";
import type { FlagSpec } from "./flags.ts";
import { FileTooLargeError, type Io } from "./io.ts";
import { UsageError } from "./usage_error.ts";
import { readFailure } from "./file_failure.ts";

/**
 * The `-config FILE` flag of the verbs that read the configuration, defaulting to `assess.yaml`:
 * one spec, so that every verb shows and defaults it alike.
 *
 * @example
 * ```ts
 * import { CONFIG_FLAG } from "./read_config.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(CONFIG_FLAG.default, "assess.yaml");
 * ```
 */
export const CONFIG_FLAG: FlagSpec = {
  kind: "string",
  help: "the assess.yaml to read",
  placeholder: "FILE",
  default: "assess.yaml",
};

/**
 * Reads the `assess.yaml` at `path` through `io.readFile`, validates it against the scorers the
 * registry knows, and returns the typed configuration. Reads nothing else: no environment, no
 * dataset.
 *
 * @param path The file, as the user named it (`-config`).
 * @param io Where to read it from.
 * @param options What to say of a missing file.
 * @returns The configuration, defaults filled in.
 * @throws {UsageError} When the file cannot be read (missing, a directory, no permission) or is
 * refused: the message is `<path> refused:` and `lines` holds one indented line per refusal,
 * sorted by path, its place in the text first as `<path>:line:column: ` when it has one, so that
 * the funnel prints them all and exits 64.
 *
 * @example
 * ```ts
 * import { denoIo } from "./deno_io.ts";
 * import { readConfig } from "./read_config.ts";
 * import { UsageError } from "./usage_error.ts";
 * import assert from "node:assert/strict";
 *
 * const io = { ...denoIo(), readFile: async () => new TextEncoder().encode("version: 2\n") };
 * await assert.rejects(readConfig("assess.yaml", io), (e: unknown) =>
 *   e instanceof UsageError && e.message === "assess.yaml refused:" &&
 *   e.lines.at(-1) === "  version: value must be 1");
 * ```
 */
export async function readConfig(
  path: string,
  io: Io,
  options: ReadConfigOptions = {},
): Promise<Config> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(path, { maxBytes: MAX_CONFIG_BYTES });
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw new UsageError(`${path} refused:`, [`  ${issueLine(tooLargeIssue())}`]);
    }
    const why = readFailure(error, path);
    const hint = why === "there is no such file"
      ? ` (${options.missing ?? "-config names it; see assess help"})`
      : "";
    throw new UsageError(`${path} cannot be read: ${why}${hint}`);
  }
  const { config, issues } = validateConfig(bytes, { lookupScorer });
  if (config === undefined) {
    throw new UsageError(`${path} refused:`, issues.map((i) => `  ${issueLine(i, path)}`));
  }
  return config;
}

/** How {@linkcode readConfig} words a refusal. */
export interface ReadConfigOptions {
  /**
   * What to say, in parentheses, after `there is no such file`: where the path came from. Default
   * `-config names it; see assess help`.
   */
  readonly missing?: string;
}

/**
 * The scorer `config.scorer.name` names, from the registry. {@linkcode readConfig} has checked
 * that it is registered; this says so again for a scorer gone since (a bug in the caller).
 *
 * @param verb The verb, for the message.
 * @param config A configuration {@linkcode readConfig} returned.
 * @returns The scorer.
 * @throws {UsageError} When no scorer of that name is registered.
 *
 * @example
 * ```ts
 * import { configuredScorer } from "./read_config.ts";
 * import assert from "node:assert/strict";
 *
 * const config = { scorer: { name: "xlam-tool-call", ordering: "any" } } as const;
 * assert.equal(configuredScorer("selftest", config).name, "xlam-tool-call");
 * ```
 */
export function configuredScorer(
  verb: string,
  config: { readonly scorer: Config["scorer"] },
): Scorer {
  const scorer = lookupScorer(config.scorer.name);
  if (scorer === undefined) {
    throw new UsageError(`assess ${verb}: no scorer named ${config.scorer.name} is registered`);
  }
  return scorer;
}
