/**
 * The server checks `assess run` makes before its first chat request: the server answers, takes
 * the API key, serves the baseline and every adapter, loading an adapter that has a `path` and is
 * not served yet.
 *
 * @module
 */

import type { AdapterConfig } from "../config/config.ts";
import { keyRedactor } from "./api_key.ts";
import { describeStatus, exchange } from "./http.ts";
import { ServerError } from "./run_errors.ts";
import type { Timers } from "./timers.ts";

/** What the checks need; its limits and key are those of every exchange (see `HttpOptions`). */
export interface ServerCheckOptions {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  /** The API key, or absent to send none. */
  readonly apiKey?: string;
  /** `models.baseline`. */
  readonly baseline: string;
  /** `models.adapters`. */
  readonly adapters: readonly AdapterConfig[];
  /** The per-request timeout, in milliseconds. */
  readonly timeoutMs: number;
  /** The response-size cap, in bytes. */
  readonly maxResponseBytes: number;
  /** The timers that time each exchange out. */
  readonly timers: Timers;
  /** Aborts the checks (a run that ends while a replica is checked again). */
  readonly signal?: AbortSignal;
  /**
   * How messages name the server and the setting that holds its URL. Default: `the server at
   * URL` and `server.url`; a replica is named `it` and `its URL`, its URL never printed.
   */
  readonly naming?: { readonly server: string; readonly setting: string };
}

/** What the checks found. */
export interface ServerCheck {
  /** The models the server serves, after any loading. */
  readonly served: readonly string[];
  /** The adapters this check loaded. */
  readonly loaded: readonly string[];
}

const RUNTIME_LORA =
  "loading an adapter at run time needs the server started with --enable-lora and the " +
  "environment variable VLLM_ALLOW_RUNTIME_LORA_UPDATING=True";

async function listModels(fetchFn: typeof fetch, options: ServerCheckOptions): Promise<string[]> {
  const out = await exchange(fetchFn, `${options.url}/models`, {}, options);
  const server = options.naming?.server ?? `the server at ${options.url}`;
  const setting = options.naming?.setting ?? "server.url";
  if (!out.ok) {
    const status = out.error.status;
    if (status === 401 || status === 403) {
      throw options.apiKey === undefined
        ? new ServerError(
          "the server asks for an API key: set VLLM_API_KEY to the key the server was started with",
        )
        : new ServerError(
          "the server refused the API key: set VLLM_API_KEY to the key the server was started with (--api-key)",
        );
    }
    if (out.error.kind === "http") {
      throw new ServerError(
        `${server} answered GET /models with ${out.error.message}: is ${setting} a vLLM server's /v1 URL?`,
      );
    }
    if (out.error.kind === "malformed" || out.error.kind === "too-large") {
      throw new ServerError(
        `${server} answered GET /models with something that is not a model list (${out.error.message}): is ${setting} a vLLM server's /v1 URL?`,
      );
    }
    if (out.error.status !== null) {
      // It answered, then the answer broke off (cut, or no end within the timeout).
      throw new ServerError(
        `${server} did not finish its answer to GET /models: ${out.error.message}`,
      );
    }
    throw new ServerError(
      `cannot reach ${server}: ${out.error.message}. Start the server, or fix ${setting}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(out.body);
  } catch {
    value = undefined;
  }
  const data = typeof value === "object" && value !== null
    ? (value as Record<string, unknown>).data
    : undefined;
  if (!Array.isArray(data)) {
    throw new ServerError(
      `${server} answered GET /models with something that is not a model list: is ${setting} a vLLM server's /v1 URL?`,
    );
  }
  const ids: string[] = [];
  for (const card of data) {
    const id = typeof card === "object" && card !== null
      ? (card as Record<string, unknown>).id
      : undefined;
    if (typeof id === "string") ids.push(id);
  }
  return ids;
}

/** The most model names a message lists: a server may list thousands. */
const MAX_NAMES = 20;

function servesLine(served: readonly string[]): string {
  if (served.length === 0) return "it serves no model";
  const names = served.slice(0, MAX_NAMES).map((s) => JSON.stringify(s)).join(", ");
  const more = served.length - MAX_NAMES;
  return `it serves: ${names}${more > 0 ? ` and ${more} more` : ""}`;
}

/**
 * Checks the server before a run: `GET /models` answers (else: reachable? key accepted?), the
 * baseline is served, and every adapter is served, loading with `POST /load_lora_adapter` each
 * one that has a `path` and is not served yet. No message and no model name returned holds the
 * API key, whatever the server sent.
 *
 * @param fetchFn The `fetch` to use.
 * @param options The URL, the key, the models and the limits.
 * @returns The models served, and the adapters loaded.
 * @throws {ServerError} With what to fix, when any check fails.
 *
 * @example
 * ```ts
 * import { checkServer } from "./server_check.ts";
 * import assert from "node:assert/strict";
 *
 * const fetchFn = (() =>
 *   Promise.resolve(Response.json({ object: "list", data: [{ id: "base" }] }))) as typeof fetch;
 * const check = await checkServer(fetchFn, {
 *   url: "http://127.0.0.1:8000/v1", baseline: "base", adapters: [],
 *   timeoutMs: 1000, maxResponseBytes: 1 << 20, timers: globalThis,
 * });
 * assert.deepEqual(check, { served: ["base"], loaded: [] });
 * ```
 */
export async function checkServer(
  fetchFn: typeof fetch,
  options: ServerCheckOptions,
): Promise<ServerCheck> {
  // The exchange clears the key from what the server sends; this clears it from every message
  // built on it, and from the model names kept.
  const redact = keyRedactor(options.apiKey);
  try {
    const check = await checks(fetchFn, options);
    return { served: check.served.map(redact), loaded: check.loaded };
  } catch (error) {
    if (!(error instanceof ServerError)) throw error;
    throw new ServerError(redact(error.message), error.lines.map(redact));
  }
}

async function checks(fetchFn: typeof fetch, options: ServerCheckOptions): Promise<ServerCheck> {
  let served = await listModels(fetchFn, options);
  if (!served.includes(options.baseline)) {
    throw new ServerError(
      `the server does not serve the baseline ${
        JSON.stringify(options.baseline)
      }: set models.baseline to a served name`,
      [servesLine(served)],
    );
  }
  const loaded: string[] = [];
  for (const adapter of options.adapters) {
    if (served.includes(adapter.name)) continue;
    if (adapter.path === undefined) {
      throw new ServerError(
        `the server does not serve the adapter ${
          JSON.stringify(adapter.name)
        }, and it has no path to load it from: serve it, or give models.adapters[].path`,
        [servesLine(served)],
      );
    }
    const body = JSON.stringify({ lora_name: adapter.name, lora_path: adapter.path });
    const out = await exchange(fetchFn, `${options.url}/load_lora_adapter`, { body }, options);
    if (!out.ok) {
      const what = out.error.kind === "http"
        ? describeStatus(out.error.status ?? 0, out.response?.body ?? null)
        : out.error.message;
      const notEnabled = out.error.status === 404 &&
        !/no adapter found/i.test(out.response?.body ?? "");
      throw new ServerError(
        notEnabled
          ? `the server refused to load the adapter ${
            JSON.stringify(adapter.name)
          }: runtime LoRA loading is not enabled on it`
          : `the server refused to load the adapter ${
            JSON.stringify(adapter.name)
          } from its path (${what})`,
        [RUNTIME_LORA],
      );
    }
    loaded.push(adapter.name);
    served = await listModels(fetchFn, options);
    if (!served.includes(adapter.name)) {
      throw new ServerError(
        `the server said it loaded the adapter ${
          JSON.stringify(adapter.name)
        }, but does not serve it`,
        [servesLine(served)],
      );
    }
  }
  return { served, loaded };
}
