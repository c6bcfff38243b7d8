/**
 * Where the server is and how it parses replies: `server.*` from `assess.yaml`, then from
 * go/launch's serve manifest, then from the environment, the first that has a value winning.
 *
 * @module
 */

import type { ServerConfig } from "../config/config.ts";
// The one rule for server URLs, shared with `server.url`'s validation.
import { serverUrlProblems } from "../config/server_url.ts";
import { isJsonObject, type JsonValue } from "../json/json_value.ts";
import { JsonSyntaxError, parseJson } from "../json/strict_json.ts";
import { RunSetupError } from "./run_errors.ts";

/** The environment variables `assess run` reads for the server, besides `VLLM_API_KEY`. */
export const SERVER_ENV: {
  readonly url: "ASSESS_SERVER_URL";
  readonly manifest: "ASSESS_SERVE_MANIFEST";
  readonly toolCallParser: "ASSESS_TOOL_CALL_PARSER";
  readonly reasoningParser: "ASSESS_REASONING_PARSER";
} = {
  url: "ASSESS_SERVER_URL",
  manifest: "ASSESS_SERVE_MANIFEST",
  toolCallParser: "ASSESS_TOOL_CALL_PARSER",
  reasoningParser: "ASSESS_REASONING_PARSER",
};

/** The environment variable holding the API key. Read only by the shell, never written. */
export const API_KEY_ENV = "VLLM_API_KEY";

/** Every environment variable `assess run` may read, as `--allow-env` lists them. */
export const RUN_ENV: readonly string[] = [API_KEY_ENV, ...Object.values(SERVER_ENV)];

/** The largest serve manifest read: 1 MiB. A larger one is refused before it is read. */
export const MAX_MANIFEST_BYTES = 1_048_576;

/** The server members a serve manifest may give. */
export interface ManifestSettings {
  /** `url`: the OpenAI-compatible base URL, ending in `/v1`. */
  readonly url?: string;
  /** `toolCallParser`. */
  readonly toolCallParser?: string;
  /** `reasoningParser`. */
  readonly reasoningParser?: string;
}

/** Where a setting came from. */
export type SettingSource = "file" | "manifest" | "environment";

/** The server settings a run uses. */
export interface ServerSettings {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  /** The tool-call parser, or `null` when no source names one. */
  readonly toolCallParser: string | null;
  /** The reasoning parser, or `null` when no source names one. */
  readonly reasoningParser: string | null;
  /** Where `url` came from. */
  readonly urlSource: SettingSource;
}

/**
 * Reads a serve manifest: a JSON object whose members `url`, `toolCallParser` and
 * `reasoningParser` (strings) are read; every other member is ignored. The text is read by the
 * strict reader: a key written twice (at any depth) is refused, not settled by taking one.
 *
 * @param text The manifest's text.
 * @param where How to name the manifest in messages.
 * @returns The members read.
 * @throws {RunSetupError} When the text is not strict JSON, not an object, or a member read is
 *   not a string.
 *
 * @example
 * ```ts
 * import { parseManifest } from "./server_settings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   parseManifest('{"url": "http://127.0.0.1:8000/v1", "gpu": "H100"}', "serve.json"),
 *   { url: "http://127.0.0.1:8000/v1" },
 * );
 * ```
 */
export function parseManifest(text: string, where: string): ManifestSettings {
  let value: JsonValue;
  try {
    value = parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new RunSetupError(
      `the serve manifest ${where} is not JSON: ${error.reason} at offset ${error.offset}`,
    );
  }
  if (!isJsonObject(value)) {
    throw new RunSetupError(`the serve manifest ${where} is not a JSON object`);
  }
  const out: { url?: string; toolCallParser?: string; reasoningParser?: string } = {};
  for (const name of ["url", "toolCallParser", "reasoningParser"] as const) {
    const member = value.get(name);
    if (member === undefined || member === null) continue;
    if (typeof member !== "string") {
      throw new RunSetupError(`the serve manifest ${where}: ${name} is not a string`);
    }
    out[name] = member;
  }
  return out;
}

/**
 * The server settings, each from the first source that gives it: `assess.yaml`'s `server.*`,
 * then the serve manifest, then the environment (`ASSESS_SERVER_URL`, `ASSESS_TOOL_CALL_PARSER`,
 * `ASSESS_REASONING_PARSER`). An empty environment value counts as unset. A URL from the manifest
 * or the environment is checked by the same rules as the file's.
 *
 * @param file `server` of the configuration.
 * @param sources The manifest read (or `null`) and the environment reader.
 * @returns The settings.
 * @throws {RunSetupError} When no source gives a URL, or the URL found is refused.
 *
 * @example
 * ```ts
 * import { resolveServerSettings } from "./server_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const settings = resolveServerSettings({ insecure: false, toolCallParser: "hermes" }, {
 *   manifest: { url: "http://127.0.0.1:8000/v1", toolCallParser: "other" },
 *   env: (name) => name === "ASSESS_REASONING_PARSER" ? "qwen3" : undefined,
 * });
 * assert.deepEqual(settings, {
 *   url: "http://127.0.0.1:8000/v1", toolCallParser: "hermes", reasoningParser: "qwen3",
 *   urlSource: "manifest",
 * });
 * ```
 */
export function resolveServerSettings(
  file: ServerConfig,
  sources: {
    readonly manifest: ManifestSettings | null;
    readonly env: (name: string) => string | undefined;
  },
): ServerSettings {
  const env = (name: string) => {
    const value = sources.env(name);
    return value === undefined || value === "" ? undefined : value;
  };
  const pick = (
    name: "url" | "toolCallParser" | "reasoningParser",
  ): { value: string; source: SettingSource } | null => {
    const fromFile = file[name];
    if (fromFile !== undefined) return { value: fromFile, source: "file" };
    const fromManifest = sources.manifest?.[name];
    if (fromManifest !== undefined) return { value: fromManifest, source: "manifest" };
    const fromEnv = env(SERVER_ENV[name]);
    if (fromEnv !== undefined) return { value: fromEnv, source: "environment" };
    return null;
  };
  const url = pick("url");
  if (url === null) {
    throw new RunSetupError(
      `no server URL: set server.url in assess.yaml, url in the serve manifest, or ${SERVER_ENV.url}`,
    );
  }
  const problems = serverUrlProblems(url.value, file.insecure);
  if (problems.length > 0) {
    const where = url.source === "file"
      ? "server.url"
      : url.source === "manifest"
      ? "the serve manifest's url"
      : SERVER_ENV.url;
    throw new RunSetupError(`${where} is refused: it ${problems.join("; it ")}`);
  }
  return {
    url: url.value,
    toolCallParser: pick("toolCallParser")?.value ?? null,
    reasoningParser: pick("reasoningParser")?.value ?? null,
    urlSource: url.source,
  };
}
