/**
 * Where the server is and how it parses replies: `server.*` from `assess.yaml`, then from
 * go/launch's serve manifest, then from the environment, the first that has a value winning.
 *
 * @module
 */

import type { ServerConfig } from "../config/config.ts";
// The one rule for server URLs, shared with `server.url`'s validation.
import { serverUrlsProblems } from "../config/server_url.ts";
import { isJsonObject, type JsonValue } from "../json/json_value.ts";
import { decodeUtf8, JsonSyntaxError, parseJson } from "../json/strict_json.ts";
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
  /** `urls`: several replicas' base URLs (not with `url`). */
  readonly urls?: readonly string[];
  /** `toolCallParser`. */
  readonly toolCallParser?: string;
  /** `reasoningParser`. */
  readonly reasoningParser?: string;
}

/** Where a setting came from. */
export type SettingSource = "file" | "manifest" | "environment";

/** The server settings a run uses. */
export interface ServerSettings {
  /**
   * The base URLs, each ending in `/v1`, in the order given: one for one server (however it was
   * given: a list of one URL is that URL), more for several replicas.
   */
  readonly urls: readonly string[];
  /** The tool-call parser, or `null` when no source names one. */
  readonly toolCallParser: string | null;
  /** The reasoning parser, or `null` when no source names one. */
  readonly reasoningParser: string | null;
  /** Where `urls` came from. */
  readonly urlSource: SettingSource;
}

/**
 * Reads a serve manifest: a JSON object whose members `url`, `toolCallParser` and
 * `reasoningParser` (strings) and `urls` (a list of strings, not with `url`) are read; every other
 * member is ignored, and so is a member that is `null`. The text is read by the strict reader: a
 * key written twice (at any depth) is refused, not settled by taking one.
 *
 * @param source The manifest's bytes (strict UTF-8: a byte that is not is refused, never
 *   repaired; a byte order mark before the JSON is dropped), or its text.
 * @param where How to name the manifest in messages.
 * @returns The members read.
 * @throws {RunSetupError} When the bytes are not UTF-8, the text is not strict JSON, not an object, a member read is not
 *   of its type, `urls` is empty, or both `url` and `urls` are given.
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
 * assert.deepEqual(
 *   parseManifest('{"urls": ["http://127.0.0.1:8000/v1", "http://127.0.0.1:8001/v1"]}', "s.json"),
 *   { urls: ["http://127.0.0.1:8000/v1", "http://127.0.0.1:8001/v1"] },
 * );
 * ```
 */
export function parseManifest(source: Uint8Array | string, where: string): ManifestSettings {
  let text: string;
  try {
    // A byte order mark before the JSON is allowed and dropped, as a JSON reader may (RFC 8259).
    text = typeof source === "string" ? source : decodeUtf8(source, { bom: "drop" });
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new RunSetupError(
      `the serve manifest ${where} is not UTF-8 text: ${error.reason} at byte ${error.offset}`,
    );
  }
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
  const out: {
    url?: string;
    urls?: readonly string[];
    toolCallParser?: string;
    reasoningParser?: string;
  } = {};
  for (const name of ["url", "toolCallParser", "reasoningParser"] as const) {
    const member = value.get(name);
    if (member === undefined || member === null) continue;
    if (typeof member !== "string") {
      throw new RunSetupError(`the serve manifest ${where}: ${name} is not a string`);
    }
    out[name] = member;
  }
  const urls = value.get("urls");
  if (urls !== undefined && urls !== null) {
    if (!Array.isArray(urls) || !urls.every((u) => typeof u === "string")) {
      throw new RunSetupError(`the serve manifest ${where}: urls is not a list of strings`);
    }
    if (urls.length === 0) throw new RunSetupError(`the serve manifest ${where}: urls is empty`);
    if (out.url !== undefined) {
      throw new RunSetupError(`the serve manifest ${where} gives both url and urls: give one`);
    }
    out.urls = urls as string[];
  }
  return out;
}

/**
 * The server settings, each from the first source that gives it: `assess.yaml`'s `server.*`,
 * then the serve manifest, then the environment (`ASSESS_SERVER_URL`, `ASSESS_TOOL_CALL_PARSER`,
 * `ASSESS_REASONING_PARSER`). An empty environment value counts as unset. The URLs come from one
 * source: `server.urls` or `server.url`, else the manifest's `urls` or `url`, else
 * `ASSESS_SERVER_URL`, which may hold several separated by commas. Every URL is checked by
 * `server.url`'s rules, and no two may have the same host and port.
 *
 * @param file `server` of the configuration.
 * @param sources The manifest read (or `null`) and the environment reader.
 * @returns The settings.
 * @throws {RunSetupError} When no source gives a URL, or a URL found is refused (the message
 *   names where it came from and its index, never the URL).
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
 *   urls: ["http://127.0.0.1:8000/v1"], toolCallParser: "hermes", reasoningParser: "qwen3",
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
    name: "toolCallParser" | "reasoningParser",
  ): { value: string; source: SettingSource } | null => {
    const fromFile = file[name];
    if (fromFile !== undefined) return { value: fromFile, source: "file" };
    const fromManifest = sources.manifest?.[name];
    if (fromManifest !== undefined) return { value: fromManifest, source: "manifest" };
    const fromEnv = env(SERVER_ENV[name]);
    if (fromEnv !== undefined) return { value: fromEnv, source: "environment" };
    return null;
  };
  const url = pickUrls(file, sources.manifest, env);
  if (url === null) {
    throw new RunSetupError(
      `no server URL: set server.url in assess.yaml, url in the serve manifest, or ${SERVER_ENV.url}`,
    );
  }
  const list = url.values.length > 1 || url.list;
  const problems = serverUrlsProblems(url.values, file.insecure);
  if (problems.length > 0) {
    // The first URL refused, with every reason it is refused for; never the URL itself.
    const at = problems[0]!.at;
    const where = url.source === "file"
      ? list ? `server.urls.${at}` : "server.url"
      : url.source === "manifest"
      ? list ? `the serve manifest's urls[${at}]` : "the serve manifest's url"
      : list
      ? `${SERVER_ENV.url}'s URL at index ${at}`
      : SERVER_ENV.url;
    const reasons = problems.filter((p) => p.at === at).map((p) => p.problem);
    throw new RunSetupError(`${where} is refused: it ${reasons.join("; it ")}`);
  }
  return {
    urls: url.values,
    toolCallParser: pick("toolCallParser")?.value ?? null,
    reasoningParser: pick("reasoningParser")?.value ?? null,
    urlSource: url.source,
  };
}

/** The server URLs from the first source that gives any, and whether it gave them as a list. */
function pickUrls(
  file: ServerConfig,
  manifest: ManifestSettings | null,
  env: (name: string) => string | undefined,
): { values: readonly string[]; source: SettingSource; list: boolean } | null {
  if (file.urls !== undefined) return { values: file.urls, source: "file", list: true };
  if (file.url !== undefined) return { values: [file.url], source: "file", list: false };
  if (manifest?.urls !== undefined) {
    return { values: manifest.urls, source: "manifest", list: true };
  }
  if (manifest?.url !== undefined) {
    return { values: [manifest.url], source: "manifest", list: false };
  }
  const fromEnv = env(SERVER_ENV.url);
  if (fromEnv === undefined) return null;
  // Several URLs separated by commas (a URL this accepts holds no comma: no query, no userinfo).
  const values = fromEnv.includes(",") ? fromEnv.split(",").map((u) => u.trim()) : [fromEnv];
  return { values, source: "environment", list: values.length > 1 };
}
