/**
 * The run's `fetch`: Deno's own, on one client whose idle connections are kept alive for 4 s.
 *
 * @module
 */

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
 * {@linkcode POOL_IDLE_MS}. It honours `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY` as the global
 * `fetch` does.
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
      return fetch(input, { ...init, client });
    },
    close() {
      client?.close();
      client = undefined;
    },
  };
}
