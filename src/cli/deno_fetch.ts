/**
 * The run's `fetch`: Deno's own, on one client whose idle connections are kept alive for 4 s, its
 * failures before a response told as a {@linkcode NetworkError} that says why, and its body's
 * failures as a {@linkcode BodyError}.
 *
 * @module
 */

import { BodyError, type BodyFailure, NetworkError, type NetworkFailure } from "../run/http.ts";

/**
 * How long an idle connection is kept for reuse: under vLLM's 5 s (`VLLM_HTTP_TIMEOUT_KEEP_ALIVE`,
 * after which the server closes it), so that a request is not sent on a connection the server is
 * closing.
 */
export const POOL_IDLE_MS = 4000;

/** A `fetch` on a client of its own, and the way to end the connections it keeps. */
export interface DenoFetch {
  /** Deno's `fetch` on the client (made at the first request). */
  readonly fetch: typeof fetch;
  /** Ends the client's connections; a `fetch` after it makes a new client. */
  close(): void;
}

/**
 * Deno's `fetch` on a `Deno.createHttpClient` with kept-alive connections idle at most
 * {@linkcode POOL_IDLE_MS}, which rejects with a {@linkcode NetworkError} where
 * {@linkcode denoFailure} can tell why a request failed (and with Deno's error otherwise), and
 * whose chunked or encoded bodies error with a {@linkcode BodyError} where
 * {@linkcode denoBodyFailure} can tell why. It honours `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY`
 * as the global `fetch` does.
 *
 * @returns The `fetch` and its `close`.
 *
 * @example
 * ```ts ignore
 * const http = denoFetch();
 * const response = await http.fetch("http://127.0.0.1:8000/v1/models");
 * console.log(response.status, await response.text());
 * http.close();
 * ```
 */
export function denoFetch(): DenoFetch {
  let client: Deno.HttpClient | undefined;
  return {
    fetch: (input, init) => {
      client ??= Deno.createHttpClient({ poolIdleTimeout: POOL_IDLE_MS });
      return fetch(input, { ...init, client }).then(typedBody, (error: unknown) => {
        const failure = denoFailure(error);
        throw failure === null ? error : new NetworkError(failure, { cause: error });
      });
    },
    close() {
      client?.close();
      client = undefined;
    },
  };
}

/** The OS error numbers of the failures, on each system Deno runs on (errno.h, winerror.h). */
const OS_ERRORS: Readonly<Record<string, Readonly<Record<number, NetworkFailure>>>> = {
  // ECONNREFUSED, ECONNRESET, EPIPE, ECONNABORTED, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH
  linux: {
    111: "refused",
    104: "reset",
    32: "closed",
    103: "closed",
    110: "timed-out",
    113: "unreachable",
    101: "unreachable",
  },
  darwin: {
    61: "refused",
    54: "reset",
    32: "closed",
    53: "closed",
    60: "timed-out",
    65: "unreachable",
    51: "unreachable",
  },
  windows: {
    10061: "refused",
    10054: "reset",
    10053: "closed",
    10060: "timed-out",
    10065: "unreachable",
    10051: "unreachable",
  },
};

/**
 * Why Deno's `fetch` failed before a response, or `null` when its error does not say.
 *
 * Deno 2.9.6's `fetch` rejects with a `TypeError` (as the Fetch standard has it) whose `cause` is a
 * plain `Error` with no code: only the description its HTTP library (hyper) gives, such as
 * `client error (Connect): tcp connect error: Connection refused (os error 111)`. What that text
 * holds of a code is read, and nothing else: the OS error number that Rust writes as
 * `(os error N)` (the errno of the failed call, mapped for this system), then hyper's two failures
 * that have none, a name that did not resolve (`dns error`) and a connection closed before the
 * response (`connection closed before message completed`). The tests hold each against a real
 * failure, so that a Deno whose errors change fails them rather than sorting its failures wrong.
 *
 * @param error What `fetch` rejected with.
 * @param os The system, for its error numbers (default `Deno.build.os`).
 * @returns The failure, or `null`.
 *
 * @example
 * ```ts
 * import { denoFailure } from "./deno_fetch.ts";
 * import assert from "node:assert/strict";
 *
 * const cause = new Error("client error (Connect): tcp connect error: Connection refused (os error 111)");
 * assert.equal(denoFailure(new TypeError("fetch failed", { cause }), "linux"), "refused");
 * assert.equal(denoFailure(new TypeError("fetch failed"), "linux"), null);
 * ```
 */
export function denoFailure(error: unknown, os: string = Deno.build.os): NetworkFailure | null {
  if (!(error instanceof TypeError) || !(error.cause instanceof Error)) return null;
  const text = error.cause.message;
  const number = /\(os error (\d+)\)/.exec(text)?.[1];
  if (number !== undefined) return OS_ERRORS[os]?.[Number(number)] ?? null;
  if (text.includes("client error (Connect): dns error")) return "unresolved";
  if (text.includes("connection closed before message completed")) return "closed";
  return null;
}

/**
 * What Deno 2.9.6's body stream errors with, by its message: a `TypeError` with no cause and no
 * code, only these words (the tests hold each against a real failure, so that a Deno whose words
 * change fails them rather than naming a failure wrong).
 */
const BODY_ERRORS: readonly (readonly [RegExp, BodyFailure])[] = [
  // hyper's body error, whose cause (closed, a bad chunk size, trailers too large) Deno drops.
  [/^error reading a body from connection$/, "broken"],
  // gzip (flate2): a bad header, bad deflate data, a bad checksum, the stream ending early.
  [/^Invalid gzip header$/, "bad-encoding"],
  [/^deflate decompression error/, "bad-encoding"],
  [/^CRC computed does not match$/, "bad-encoding"],
  [/^unexpected end of file$/, "bad-encoding"],
  // br: bad data, the stream ending early.
  [/^brotli error$/, "bad-encoding"],
  [/^reached unexpected EOF$/, "bad-encoding"],
];

/**
 * Why Deno's `fetch` body stream failed, or `null` when its error does not say. A connection that
 * closed mid-body, a bad chunk size and trailers too large all come as the same words (hyper's
 * cause is dropped), so they are one failure, `broken`; a gzip or br body that does not decode is
 * `bad-encoding`.
 *
 * @param error What the body stream errored with.
 * @returns The failure, or `null`.
 *
 * @example
 * ```ts
 * import { denoBodyFailure } from "./deno_fetch.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(denoBodyFailure(new TypeError("Invalid gzip header")), "bad-encoding");
 * assert.equal(denoBodyFailure(new TypeError("error reading a body from connection")), "broken");
 * assert.equal(denoBodyFailure(new Error("Invalid gzip header")), null);
 * ```
 */
export function denoBodyFailure(error: unknown): BodyFailure | null {
  if (!(error instanceof TypeError)) return null;
  for (const [words, failure] of BODY_ERRORS) {
    if (words.test(error.message)) return failure;
  }
  return null;
}

/** Statuses whose response has no body: a `Response` cannot be built with one. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The response, its body's errors told as a {@linkcode BodyError} where Deno's say why. Only a
 * chunked or encoded body is wrapped: one framed by its length alone can only be cut, and is read
 * in one go, unwrapped, on the exchange's fast path.
 */
function typedBody(response: Response): Response {
  const encoding = response.headers.get("content-encoding");
  const framed = !response.headers.has("transfer-encoding") &&
    (encoding === null || encoding.trim().toLowerCase() === "identity");
  if (response.body === null || framed || NULL_BODY.has(response.status)) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        const failure = denoBodyFailure(error);
        controller.error(failure === null ? error : new BodyError(failure, { cause: error }));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  }, { highWaterMark: 0 });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
