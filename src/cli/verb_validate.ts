/**
 * `assess validate`.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { CONFIG_FLAG, readConfig } from "./read_config.ts";
import type { Verb } from "./verb.ts";

/**
 * `assess validate [-config FILE]`: checks the file and nothing else (no dataset, no environment).
 * Prints nothing and exits 0 for a file it accepts; otherwise every refusal, sorted by path, and
 * exit 64.
 */
export const validateVerb: Verb = {
  name: "validate",
  permissions: "--allow-read=assess.yaml",
  summary: "check assess.yaml and print every refusal",
  usage: "[-config FILE]",
  flags: {
    config: CONFIG_FLAG,
  },
  async run(flags, io) {
    await readConfig(String(flags.config), io);
    return ExitCode.ok;
  },
};
