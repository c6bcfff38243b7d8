/**
 * One HTTP exchange with the server, bounded: a timeout over the whole exchange (headers and
 * body) and a cap on the body's size, so that a body that never ends or is absurdly large is an
 * error for that request, never a hang or a crash.
 *
 * @module
 */

import type { RawResponse, RequestError } from "../results/records.ts";
import type { Timers } from "./timers.ts";

/** The limits and credentials of a request. */
export interface HttpOptions {
  /** The most milliseconds the whole exchange may take. */
  readonly timeoutMs: number;
  /** The most bytes the response body may hold. */
  readonly maxResponseBytes: number;
  /** The API key, sent as `Authorization: Bearer <key>`; absent sends none. */
  readonly apiKey?: string;
  /** Aborts the exchange from outside (a stop that does not wait). */
  readonly signal?: AbortSignal;
  /** The timers that time the exchange out. */
  readonly timers: Timers;
}

/** What came of an exchange: a response read whole, or an error (maybe with a partial one). */
export type HttpOutcome =
  | { readonly ok: true; readonly status: number; readonly body: string }
  | {
    readonly ok: false;
    readonly error: RequestError;
    readonly response: RawResponse | null;
    /** Whether the outside signal aborted it (not the server's fault: not recorded). */
    readonly aborted: boolean;
    /** The `Retry-After` header of a transient HTTP status, as sent, when there was one. */
    readonly retryAfter?: string;
  };

/** The longest wait a server's `Retry-After` is granted, in milliseconds. */
export const MAX_RETRY_AFTER_MS = 120_000;

/**
 * How long a `Retry-After` header asks to wait: delta-seconds, or an HTTP date in any of the three
 * forms RFC 9110 §5.6.7 has recipients accept (IMF-fixdate, RFC 850, asctime; all in GMT).
 *
 * @param value The header as sent.
 * @param now The clock, in milliseconds since the epoch (for a date).
 * @returns The wait in milliseconds (0 for a date past; at most `Number.MAX_SAFE_INTEGER`), or
 *   `null` when the value is none of these.
 *
 * @example
 * ```ts
 * import { retryAfterMs } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(retryAfterMs("7", 0), 7000);
 * assert.equal(retryAfterMs("Thu, 01 Jan 1970 00:00:10 GMT", 4000), 6000);
 * assert.equal(retryAfterMs("soon", 0), null);
 * ```
 */
export function retryAfterMs(value: string, now: number): number | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  let at = NaN;
  if (IMF_FIXDATE.test(text) || RFC_850_DATE.test(text)) at = Date.parse(text);
  else if (ASCTIME_DATE.test(text)) at = Date.parse(`${text} GMT`);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

// The three forms of an HTTP date (RFC 9110 §5.6.7), checked before Date.parse, which would
// guess at anything.
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_850_DATE = /^[A-Z][a-z]+day, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * Tells whether an HTTP status is worth retrying: 408, 429 and every 5xx.
 *
 * @param status The HTTP status.
 * @returns Whether a retry might get an answer.
 *
 * @example
 * ```ts
 * import { isTransientStatus } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isTransientStatus(503), true);
 * assert.equal(isTransientStatus(400), false);
 * ```
 */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function errorText(body: string): string | null {
  try {
    const value = JSON.parse(body);
    if (typeof value === "object" && value !== null) {
      const error = value.error;
      if (typeof error === "string") return error;
      if (typeof error === "object" && error !== null && typeof error.message === "string") {
        return error.message;
      }
      if (typeof value.message === "string") return value.message;
      if (typeof value.detail === "string") return value.detail;
    }
  } catch {
    // not JSON: the text itself
  }
  const text = body.trim();
  return text === "" ? null : text;
}

/**
 * The one-line description of a non-200 response: its status and the server's message (from
 * vLLM's nested or flat error envelope, or the text), cut to 300 characters.
 *
 * @param status The HTTP status.
 * @param body The body, or `null`.
 * @returns The description.
 *
 * @example
 * ```ts
 * import { describeStatus } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   describeStatus(404, '{"error":{"message":"The model `x` does not exist.","code":404}}'),
 *   "HTTP 404: The model `x` does not exist.",
 * );
 * ```
 */
export function describeStatus(status: number, body: string | null): string {
  const text = body === null ? null : errorText(body);
  if (text === null) return `HTTP ${status}`;
  const line = text.replace(/\s+/g, " ");
  return `HTTP ${status}: ${line.length > 300 ? line.slice(0, 300) + "…" : line}`;
}

function networkMessage(error: unknown): string {
  let message = "";
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 5; depth++) {
    message += (e instanceof Error ? e.message : String(e)) + " ";
    e = e instanceof Error ? e.cause : undefined;
  }
  message = message.replace(/\(?https?:\/\/[^\s)]*\)?/g, "").replace(/\s+/g, " ").trim();
  if (/refused/i.test(message)) return "connection refused";
  if (/reset/i.test(message)) return "connection reset";
  if (/closed|broken|eof|incomplete|aborted|unexpected end/i.test(message)) {
    return "connection closed before the response ended";
  }
  return `network error (${message.split("\n")[0]?.slice(0, 200)})`;
}

class TooLarge extends Error {}

async function readCapped(response: Response, cap: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > cap) {
        await reader.cancel().catch(() => {});
        throw new TooLarge();
      }
      chunks.push(value);
    }
  }
  let bytes: Uint8Array;
  if (chunks.length === 1) {
    bytes = chunks[0]!;
  } else {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Sends one request and reads the response whole, within the limits. Never throws: every failure
 * is an outcome. A timeout, a refused, reset or dropped connection is a transient error; a body
 * over the size cap is a `too-large` error, not transient.
 *
 * @param fetchFn The `fetch` to send with.
 * @param url The URL.
 * @param init The method and body (`GET` when no body); headers are added here.
 * @param options The limits and the API key.
 * @returns The status and body, or the error.
 *
 * @example
 * ```ts
 * import { exchange } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * const fetchFn = (() => Promise.resolve(new Response("x".repeat(100)))) as typeof fetch;
 * const outcome = await exchange(fetchFn, "http://127.0.0.1:1/v1/models", {}, {
 *   timeoutMs: 1000, maxResponseBytes: 10, timers: globalThis,
 * });
 * assert.equal(outcome.ok, false);
 * if (!outcome.ok) assert.equal(outcome.error.kind, "too-large");
 * ```
 */
export async function exchange(
  fetchFn: typeof fetch,
  url: string,
  init: { readonly body?: string },
  options: HttpOptions,
): Promise<HttpOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = options.timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const outer = options.signal;
  const onOuter = () => controller.abort();
  outer?.addEventListener("abort", onOuter);
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.apiKey !== undefined) headers["Authorization"] = `Bearer ${options.apiKey}`;
  let status: number | null = null;
  const fail = (
    error: RequestError,
    body: string | null = null,
  ): Extract<HttpOutcome, { ok: false }> => ({
    ok: false,
    error,
    response: status === null ? null : { status, body },
    aborted: !timedOut && (outer?.aborted ?? false),
  });
  try {
    if (outer?.aborted) controller.abort();
    const response = await fetchFn(url, {
      method: init.body === undefined ? "GET" : "POST",
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: controller.signal,
    });
    status = response.status;
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
      await response.body?.cancel().catch(() => {});
      return fail({
        kind: "too-large",
        message:
          `the response body is ${declared} bytes, over the ${options.maxResponseBytes}-byte cap`,
        status,
        transient: false,
      });
    }
    let body: string;
    if (response.headers.has("content-length") && Number.isFinite(declared)) {
      // The length is declared and within the cap, and the body cannot outgrow it: read it whole.
      body = await response.text();
    } else {
      body = await readCapped(response, options.maxResponseBytes);
    }
    if (status !== 200) {
      const transient = isTransientStatus(status);
      const failed = fail(
        { kind: "http", message: describeStatus(status, body), status, transient },
        body,
      );
      const retryAfter = response.headers.get("retry-after");
      return transient && retryAfter !== null ? { ...failed, retryAfter } : failed;
    }
    return { ok: true, status, body };
  } catch (error) {
    if (error instanceof TooLarge) {
      return fail({
        kind: "too-large",
        message: `the response body passed the ${options.maxResponseBytes}-byte cap`,
        status,
        transient: false,
      });
    }
    if (timedOut) {
      return fail({
        kind: "timeout",
        message: `no complete response within ${options.timeoutMs / 1000} s`,
        status,
        transient: true,
      });
    }
    if (outer?.aborted) {
      return fail({ kind: "network", message: "stopped by the run", status, transient: true });
    }
    return fail({ kind: "network", message: networkMessage(error), status, transient: true });
  } finally {
    options.timers.clearTimeout(timer);
    outer?.removeEventListener("abort", onOuter);
  }
}
