/**
 * `assess version`.
 *
 * @module
 */

import meta from "../../deno.json" with { type: "json" };
import { ExitCode } from "./exit_codes.ts";
import type { Verb } from "./verb.ts";

/** The module's version, or `undefined` for a build that recorded none. */
export const ASSESS_VERSION: string | undefined = typeof meta.version === "string" && meta.version
  ? meta.version
  : undefined;

/** `assess version`: prints `assess <version>`, or `assess unknown`. */
export const versionVerb: Verb = {
  name: "version",
  summary: "print assess and its version",
  usage: "",
  flags: {},
  async run(_flags, io) {
    await io.stdout.write(`assess ${ASSESS_VERSION ?? "unknown"}\n`);
    return ExitCode.ok;
  },
};
