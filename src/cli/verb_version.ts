/**
 * `assess version`.
 *
 * @module
 */

import meta from "../../deno.json" with { type: "json" };
import { ExitCode } from "./exit_codes.ts";
import type { Verb } from "./verb.ts";

/**
 * The version a package manifest records, or `undefined` when it records none (a missing,
 * empty or non-text `version`).
 *
 * @param manifest The parsed `deno.json`.
 * @returns The version, or `undefined`.
 *
 * @example
 * ```ts
 * import { recordedVersion } from "./verb_version.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(recordedVersion({ version: "1.2.0" }), "1.2.0");
 * assert.equal(recordedVersion({}), undefined);
 * ```
 */
export function recordedVersion(manifest: { readonly version?: unknown }): string | undefined {
  return typeof manifest.version === "string" && manifest.version !== ""
    ? manifest.version
    : undefined;
}

/** The module's version, or `undefined` for a build that recorded none. */
export const ASSESS_VERSION: string | undefined = recordedVersion(meta);

/**
 * The line `assess version` prints.
 *
 * @param version The recorded version, if any.
 * @returns `assess <version>`, or `assess unknown`.
 *
 * @example
 * ```ts
 * import { versionLine } from "./verb_version.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(versionLine(undefined), "assess unknown");
 * ```
 */
export function versionLine(version: string | undefined): string {
  return `assess ${version ?? "unknown"}`;
}

/** `assess version`: prints `assess <version>`, or `assess unknown`. */
export const versionVerb: Verb = {
  name: "version",
  permissions: "none",
  summary: "print assess and its version",
  usage: "",
  flags: {},
  async run(_flags, io) {
    await io.stdout.write(`${versionLine(ASSESS_VERSION)}\n`);
    return ExitCode.ok;
  },
};
