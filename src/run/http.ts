/**
 * One HTTP exchange with the server, bounded: a timeout over the whole exchange (headers and
 * body) and a cap on the body's size, so that a body that never ends or is absurdly large is an
 * error for that request, never a hang or a crash.
 *
 * @module
 */

import { decodeUtf8, JsonSyntaxError } from "../json/strict_json.ts";
import type { RawResponse, RequestError } from "../results/records.ts";
import type { Timers } from "./timers.ts";
import { Deadlines } from "./deadlines.ts";
import { API_KEY_MARKER, keyRedactor } from "./api_key.ts";
import { CappedBody } from "./capped_body.ts";

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
  /**
   * Deadlines shared with other exchanges, all on one timer (the run's chat requests), used when
   * their length is `timeoutMs`; otherwise the exchange sets its own on `timers`.
   */
  readonly deadlines?: Deadlines;
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

/** Why a request failed before its response, as far as the client can tell. */
export type NetworkFailure =
  | "refused"
  | "reset"
  | "closed"
  | "unresolved"
  | "timed-out"
  | "unreachable";

/** What a record says of each {@linkcode NetworkFailure}. */
const FAILURE_MESSAGES: Readonly<Record<NetworkFailure, string>> = {
  refused: "connection refused",
  reset: "connection reset",
  closed: "connection closed before the response ended",
  unresolved: "the server's host name does not resolve",
  "timed-out": "the connection timed out",
  unreachable: "the server's host cannot be reached",
};

/**
 * The failures that the `code` of a network error names: the codes of Node's errors (which
 * undici's `fetch` gives as its `cause`) and of Deno's own network errors (`Deno.connect`'s
 * `ConnectionRefused` has `ECONNREFUSED`).
 */
const CODES: Readonly<Record<string, NetworkFailure>> = {
  ECONNREFUSED: "refused",
  ECONNRESET: "reset",
  EPIPE: "closed",
  ECONNABORTED: "closed",
  UND_ERR_SOCKET: "closed",
  ENOTFOUND: "unresolved",
  EAI_AGAIN: "unresolved",
  ETIMEDOUT: "timed-out",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
};

/**
 * A request that failed before its response, saying why: what a `fetch` given to
 * {@linkcode exchange} may reject with when its platform's own error does not carry a code (the
 * CLI's `fetch` turns Deno's into one). A `TypeError`, as `fetch` rejects with.
 *
 * @example
 * ```ts
 * import { exchange, NetworkError } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * const fetchFn = (() => Promise.reject(new NetworkError("refused"))) as typeof fetch;
 * const out = await exchange(fetchFn, "http://127.0.0.1:8000/v1/models", {}, {
 *   timeoutMs: 1000, maxResponseBytes: 10, timers: globalThis,
 * });
 * assert.equal(!out.ok && out.error.message, "connection refused");
 * ```
 */
export class NetworkError extends TypeError {
  /** Why the request failed. */
  readonly failure: NetworkFailure;

  /**
   * @param failure Why the request failed.
   * @param options The error it was told by, as `cause`.
   */
  constructor(failure: NetworkFailure, options?: ErrorOptions) {
    super(FAILURE_MESSAGES[failure], options);
    this.name = "NetworkError";
    this.failure = failure;
  }
}

/**
 * What a record says of a request that failed before its response: the failure a
 * {@linkcode NetworkError} or a known `code` names, on the error or a cause of it; else the
 * errors' own words (URLs taken out), as `network error (…)`.
 */
function networkMessage(error: unknown): string {
  const chain: unknown[] = [];
  for (let e: unknown = error; e !== undefined && chain.length < 5;) {
    chain.push(e);
    e = e instanceof Error ? e.cause : undefined;
  }
  for (const e of chain) {
    if (e instanceof NetworkError) return FAILURE_MESSAGES[e.failure];
    const code = typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined;
    if (typeof code === "string" && Object.hasOwn(CODES, code)) {
      return FAILURE_MESSAGES[CODES[code]!];
    }
  }
  const words = chain.map((e) => e instanceof Error ? e.message : String(e)).join(" ")
    .replace(/\(?https?:\/\/[^\s)]*\)?/g, "").replace(/\s+/g, " ").trim();
  return `network error (${words.split("\n")[0]?.slice(0, 200)})`;
}

/**
 * Why a response's body failed after its head, as far as the client can tell:
 *
 * - `broken`: the body ended before its end, by its connection closing or by its framing being
 *   invalid (a bad chunk size, trailers over the client's limit), the client not saying which;
 * - `bad-encoding`: its `Content-Encoding` (gzip, br) does not decode.
 */
export type BodyFailure = "broken" | "bad-encoding";

/**
 * A response body that failed, saying why: what the body stream of a `fetch` given to
 * {@linkcode exchange} may error with when its platform's own error does not carry a code (the
 * CLI's `fetch` turns Deno's into one). A `TypeError`, as a body stream errors with.
 *
 * @example
 * ```ts
 * import { BodyError, exchange } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * const body = new ReadableStream({
 *   pull: (c) => c.error(new BodyError("bad-encoding")),
 * });
 * const fetchFn = (() =>
 *   Promise.resolve(new Response(body, { headers: { "content-encoding": "gzip" } }))) as typeof fetch;
 * const out = await exchange(fetchFn, "http://127.0.0.1:8000/v1/models", {}, {
 *   timeoutMs: 1000, maxResponseBytes: 1024, timers: globalThis,
 * });
 * assert.equal(!out.ok && out.error.kind, "broken-body");
 * ```
 */
export class BodyError extends TypeError {
  /** Why the body failed. */
  readonly failure: BodyFailure;

  /**
   * @param failure Why the body failed.
   * @param options The error it was told by, as `cause`.
   */
  constructor(failure: BodyFailure, options?: ErrorOptions) {
    super(
      failure === "broken" ? "the response body broke off" : "the response body does not decode",
      options,
    );
    this.name = "BodyError";
    this.failure = failure;
  }
}

/** The {@linkcode BodyFailure} a body's error names, on it or a cause of it, or `null`. */
function bodyFailure(error: unknown): BodyFailure | null {
  for (let e: unknown = error, n = 0; e instanceof Error && n < 5; e = e.cause, n++) {
    if (e instanceof BodyError) return e.failure;
  }
  return null;
}

/** A body that passed the size cap: nothing of it is kept. */
class TooLarge extends Error {}

/**
 * A body that failed before its end: after `bytes` bytes of it when it was counted, or before the
 * `declared` length when it was read in one go; `failure` when the error said why.
 */
class Cut extends Error {
  constructor(
    readonly bytes: number | null,
    readonly declared: number | null,
    readonly failure: BodyFailure | null = null,
  ) {
    super("cut");
  }
}

/**
 * Reads a body part by part, counting its bytes as they arrive, after any decoding (`fetch`
 * inflates a gzip, deflate or br body on its own, so the bytes on the wire say nothing of its
 * size): past the cap, the reading stops and nothing is kept. Each part is copied into one
 * growing buffer as it comes (see {@linkcode CappedBody}), so that what is held stays under twice
 * the cap however many parts the server cut the body into.
 */
async function readCapped(
  response: Response,
  cap: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array(0);
  const body = new CappedBody(cap);
  const reader = response.body.getReader();
  // Deno's fetch does not always end a pending read when its signal aborts (about one body in
  // 3,000 aborted mid-way stayed pending with Deno 2.9.6); cancelling the reader always does,
  // and frees the connection. A read it ends reads as done: the abort is checked after each.
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", cancel, { once: true });
  try {
    while (true) {
      signal.throwIfAborted();
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        signal.throwIfAborted();
        throw new Cut(body.size, null, bodyFailure(error));
      }
      signal.throwIfAborted();
      if (next.done) break;
      if (!body.add(next.value)) {
        await reader.cancel().catch(() => {});
        throw new TooLarge();
      }
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  return body.bytes();
}

/**
 * What a record says of a body the server broke, or `null` for a cut: a body whose length framed
 * it, ended early by its connection (a network failure, transient), or one whose error does not
 * say why.
 */
function brokenBody(cut: Cut, response: Response | null): string | null {
  const after = `after ${cut.bytes ?? 0} bytes`;
  if (cut.failure === "bad-encoding") {
    const encoding = response?.headers.get("content-encoding")?.trim().slice(0, 40) ?? "";
    return `the server sent a broken body: it does not decode as its Content-Encoding ${
      JSON.stringify(encoding)
    } says (${after} decoded)`;
  }
  if (cut.failure === "broken" && response?.headers.has("transfer-encoding") === true) {
    return `the server sent a broken body: it broke off ${after}, its connection closed or its ` +
      "chunked framing invalid (a bad chunk size, or trailers too large; the client does not say which)";
  }
  return null;
}

/**
 * The length a response's body has on arrival, when it is known before reading it: a
 * `Content-Length` (one whole number), with no `Content-Encoding` (other than `identity`) and no
 * `Transfer-Encoding`. Then the body is the bytes on the wire, which the HTTP framing stops at the
 * declared length (the client reads that many, and fails on fewer), so it cannot outgrow it.
 * Anything else is `null`: the body's size is known only by counting it.
 */
function knownLength(headers: Headers): number | null {
  const length = headers.get("content-length");
  if (length === null || !/^[0-9]{1,15}$/.test(length.trim())) return null;
  const encoding = headers.get("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") return null;
  if (headers.has("transfer-encoding")) return null;
  return Number(length.trim());
}

/**
 * UTF-8 with invalid bytes replaced, a byte order mark kept (a reply that starts with one is not
 * JSON, as for vLLM's own clients).
 */
const LENIENT = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Sends one request and reads the response whole, within the limits. Never throws: every failure
 * is an outcome. A timeout, a refused, reset or dropped connection, and a body framed by its length
 * cut before its end are transient errors; a body the server broke (one that does not decode as its
 * `Content-Encoding` says, or a chunked one that broke off, as a {@linkcode BodyError} from `fetch`
 * says) is a `broken-body` error, not transient; a body over the size cap (counted after any decoding, whatever the
 * headers say) is a `too-large` error, not transient; a redirect is an `http` error (it is not
 * followed: vLLM never redirects); a 200 body that is not UTF-8, or that holds the API key, is a
 * `malformed` error. Every text returned (bodies and messages) has the API key replaced by
 * {@linkcode API_KEY_MARKER}, wherever the server wrote it.
 *
 * @param fetchFn The `fetch` to send with.
 * @param url The URL.
 * @param init The method and body (`GET` when no body), the `X-Request-Id` to send, if any, and
 *   more headers to send (the routing header); the others are added here.
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
  init: {
    readonly body?: string;
    readonly requestId?: string;
    readonly headers?: Readonly<Record<string, string>>;
  },
  options: HttpOptions,
): Promise<HttpOutcome> {
  const call = new Call(options);
  try {
    return await call.bounded(call.send(fetchFn, url, init).then((r) => call.read(r)));
  } catch (error) {
    return call.failure(error);
  } finally {
    call.end();
  }
}

/**
 * One request of {@linkcode exchange} under way: its deadline and the run's stop, the status once
 * known, and every way it can fail, each as an outcome with its texts cleared of the API key.
 */
class Call {
  readonly #options: HttpOptions;
  readonly #controller = new AbortController();
  readonly #redact: (text: string) => string;
  readonly #cancelTimeout: () => void;
  readonly #onOuter = () => this.#controller.abort();
  #timedOut = false;
  #status: number | null = null;
  #response: Response | null = null;
  /** Rejects once the exchange is aborted: by its deadline or by the run's stop. */
  readonly #abandoned: Promise<never>;

  constructor(options: HttpOptions) {
    this.#options = options;
    this.#redact = keyRedactor(options.apiKey);
    const signal = this.#controller.signal;
    this.#abandoned = new Promise<never>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    this.#abandoned.catch(() => {});
    const deadlines = options.deadlines?.ms === options.timeoutMs
      ? options.deadlines
      : new Deadlines(options.timers, options.timeoutMs);
    this.#cancelTimeout = deadlines.start(() => {
      this.#timedOut = true;
      this.#controller.abort();
    });
    options.signal?.addEventListener("abort", this.#onOuter);
  }

  /**
   * The exchange's work, given up once the exchange is aborted whatever the platform's `fetch`
   * does (a fetch or a body read its signal does not end), so that the deadline always holds.
   */
  async bounded(work: Promise<HttpOutcome>): Promise<HttpOutcome> {
    work.catch(() => {});
    return await Promise.race([work, this.#abandoned]);
  }

  /** Sends the request, with its headers; redirects are not followed. */
  async send(
    fetchFn: typeof fetch,
    url: string,
    init: {
      readonly body?: string;
      readonly requestId?: string;
      readonly headers?: Readonly<Record<string, string>>;
    },
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (this.#options.apiKey !== undefined) {
      headers["Authorization"] = `Bearer ${this.#options.apiKey}`;
    }
    if (init.requestId !== undefined) headers["X-Request-Id"] = init.requestId;
    if (this.#options.signal?.aborted) this.#controller.abort();
    this.#response = await fetchFn(url, {
      method: init.body === undefined ? "GET" : "POST",
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: this.#controller.signal,
      redirect: "manual",
    });
    this.#status = this.#response.status;
    return this.#response;
  }

  /** Reads the response whole, within the cap, and judges it: an answer or a failure. */
  async read(response: Response): Promise<HttpOutcome> {
    const status = response.status;
    if (status >= 300 && status < 400) {
      // Neither followed nor kept: where it points may hold what should not be written.
      await response.body?.cancel().catch(() => {});
      return this.fail({
        kind: "http",
        message: `HTTP ${status}: the server answered with a redirect, and redirects are not ` +
          "followed (vLLM never redirects: is the server URL the vLLM server's own?)",
        status,
        transient: false,
      });
    }
    const cap = this.#options.maxResponseBytes;
    const known = knownLength(response.headers);
    if (known !== null && known > cap) {
      await response.body?.cancel().catch(() => {});
      return this.fail({
        kind: "too-large",
        message: `the response body is ${known} bytes, over the ${cap}-byte cap`,
        status,
        transient: false,
      });
    }
    const bytes = known === null
      ? await readCapped(response, cap, this.#controller.signal)
      : await readKnown(response, known);
    if (status !== 200) {
      const body = this.#redact(LENIENT.decode(bytes));
      const transient = isTransientStatus(status);
      const failed = this.fail(
        { kind: "http", message: describeStatus(status, body), status, transient },
        body,
      );
      const retryAfter = response.headers.get("retry-after");
      return transient && retryAfter !== null ? { ...failed, retryAfter } : failed;
    }
    return this.#answer(status, bytes);
  }

  /** A 200's body as text: refused when it is not UTF-8 or holds the API key. */
  #answer(status: number, bytes: Uint8Array): HttpOutcome {
    // The lenient decoder is about three times as fast as the strict one; it writes U+FFFD for
    // bytes that are not UTF-8, so only a text holding U+FFFD needs the strict one's verdict.
    let text = LENIENT.decode(bytes);
    if (text.includes("\uFFFD")) {
      try {
        text = decodeUtf8(bytes);
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        return this.fail({
          kind: "malformed",
          message: `the response body is not UTF-8 text: ${error.reason} at byte ${error.offset}`,
          status,
          transient: false,
        }, text);
      }
    }
    const body = this.#redact(text);
    if (body !== text) {
      return this.fail({
        kind: "malformed",
        message:
          `the response holds the API key (recorded as ${API_KEY_MARKER}), so it is not taken as a reply`,
        status,
        transient: false,
      }, body);
    }
    return { ok: true, status, body };
  }

  /** What a thrown error means here: the cap, the deadline, the run's stop, a cut, the network. */
  failure(error: unknown): HttpOutcome {
    const status = this.#status;
    if (error instanceof TooLarge) {
      return this.fail({
        kind: "too-large",
        message: `the response body passed the ${this.#options.maxResponseBytes}-byte cap`,
        status,
        transient: false,
      });
    }
    if (this.#timedOut) {
      return this.fail({
        kind: "timeout",
        message: `no complete response within ${this.#options.timeoutMs / 1000} s`,
        status,
        transient: true,
      });
    }
    if (this.#options.signal?.aborted) {
      return this.fail({ kind: "network", message: "stopped by the run", status, transient: true });
    }
    if (error instanceof Cut) {
      const broken = brokenBody(error, this.#response);
      if (broken !== null) {
        return this.fail({ kind: "broken-body", message: broken, status, transient: false });
      }
      return this.fail({
        kind: "network",
        message: error.bytes !== null
          ? `the response was cut after ${error.bytes} bytes of its body`
          : `the response was cut before the ${error.declared} bytes its Content-Length declares`,
        status,
        transient: true,
      });
    }
    return this.fail({ kind: "network", message: networkMessage(error), status, transient: true });
  }

  /** Every failure leaves here, its message and the body kept cleared of the key. */
  fail(error: RequestError, body: string | null = null): Extract<HttpOutcome, { ok: false }> {
    const status = this.#status;
    return {
      ok: false,
      error: { ...error, message: this.#redact(error.message) },
      response: status === null
        ? null
        : { status, body: body === null ? null : this.#redact(body) },
      aborted: !this.#timedOut && (this.#options.signal?.aborted ?? false),
    };
  }

  /** Stops the deadline and stops listening for the run's stop. */
  end(): void {
    this.#cancelTimeout();
    this.#options.signal?.removeEventListener("abort", this.#onOuter);
  }
}

/**
 * A body whose headers declare its length, within the cap, in one read: the fast path, safe only
 * here, since the body cannot be longer than that length (see knownLength). One read is about 1.5
 * times as fast as a counted one for the small bodies of chat completions (BENCHMARKS.md).
 */
async function readKnown(response: Response, known: number): Promise<Uint8Array> {
  try {
    return await response.bytes();
  } catch {
    throw new Cut(null, known);
  }
}
