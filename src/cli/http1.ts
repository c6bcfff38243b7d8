/**
 * The run's HTTP client: HTTP/1.1 over Deno's TCP connections, kept alive and reused, for the
 * requests `exchange` sends to `http://` servers (vLLM's own scheme, `vllm serve` on port 8000).
 * It is a `fetch` for exactly that subset, at about two thirds of Deno's `fetch`'s CPU for the
 * same requests (BENCHMARKS.md), and hands everything else to the `fetch` it is given: another scheme, a method
 * other than GET and POST, a body that is not a string, redirects to follow, and any request
 * whose connection cannot be opened
 * (`fetch` tries again and words the failure, as the run has always said it). It
 * asks for no compression (`Accept-Encoding: identity`) and, as `fetch` does, decodes a body in
 * gzip or br alone. An idle connection that hears anything is closed, never reused. It connects
 * directly, never through a proxy. See the README's design notes.
 *
 * @module
 */

import { type Head, readHead, Wire, WireError } from "./_http1_wire.ts";
import { requestBytes } from "./_http1_request.ts";
import { bodyReader, bodyStream, framingOf } from "./_http1_body.ts";

/** Idle connections older than this are closed, not reused (vLLM closes them at 5 s). */
export const IDLE_MS = 4000;

/** What a test may set of an {@linkcode Http1Client}. */
export interface Http1Options {
  /** The most bytes one read of a socket takes (default: its buffer's room). */
  readonly readSize?: number;
  /** What opens a connection (default `Deno.connect`). */
  readonly connect?: (options: Deno.ConnectOptions) => Promise<Deno.TcpConn>;
  /** The clock idle connections are timed on, in milliseconds (default `performance.now`). */
  readonly now?: () => number;
}

/**
 * A `fetch` over kept-alive HTTP/1.1 connections for `http://` URLs; `close()` ends every
 * connection it holds.
 *
 * @example
 * ```ts ignore
 * const client = new Http1Client(fetch);
 * const response = await client.fetch("http://127.0.0.1:8000/v1/models", { redirect: "manual" });
 * console.log(response.status, await response.text());
 * client.close();
 * ```
 */
export class Http1Client {
  readonly #fallback: typeof fetch;
  readonly #idle = new Map<string, { wire: Wire; since: number }[]>();
  readonly #open = new Set<Wire>();
  readonly #fetchOnly = new Set<string>();
  readonly #readSize: number;
  readonly #connectTo: (options: Deno.ConnectOptions) => Promise<Deno.TcpConn>;
  readonly #now: () => number;

  /**
   * @param fallback The `fetch` for everything this client does not send itself.
   * @param options For tests: see {@linkcode Http1Options}.
   */
  constructor(fallback: typeof fetch, options: Http1Options = {}) {
    this.#fallback = fallback;
    this.#readSize = options.readSize ?? Infinity;
    this.#connectTo = options.connect ?? Deno.connect;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Sends a request: `fetch`'s signature, and its behaviour for what it handles. */
  readonly fetch: typeof fetch = (input, init) => {
    const body = init?.body;
    const method = init?.method ?? "GET";
    if (
      typeof input !== "string" || !input.startsWith("http://") || init?.redirect !== "manual" ||
      (method !== "GET" && method !== "POST") ||
      (body !== undefined && body !== null && typeof body !== "string")
    ) {
      return this.#fallback(input, init);
    }
    const url = new URL(input);
    if (url.username !== "" || url.password !== "" || this.#fetchOnly.has(url.host)) {
      return this.#fallback(input, init);
    }
    return this.#send(input, url, init, method, body ?? undefined);
  };

  /** Closes every connection, idle or in use. */
  close(): void {
    for (const wire of this.#open) wire.close();
    this.#open.clear();
    this.#idle.clear();
  }

  async #send(
    input: string,
    url: URL,
    init: RequestInit,
    method: "GET" | "POST",
    body: string | undefined,
  ): Promise<Response> {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const request = requestBytes(method, url, init.headers, body);
    for (let attempt = 0;; attempt++) {
      let wire = attempt === 0 ? this.#reuse(url.host) : undefined;
      const reused = wire !== undefined;
      if (wire === undefined) {
        try {
          wire = await this.#connect(url, signal);
        } catch {
          signal?.throwIfAborted();
          // `fetch` tries again and words the failure (refused, a name that does not resolve).
          const response = await this.#fallback(input, init);
          this.#fetchOnly.add(url.host);
          return response;
        }
      }
      const onAbort = () => wire.close();
      signal?.addEventListener("abort", onAbort);
      let handed = false;
      try {
        for (let at = 0; at < request.length;) at += await wire.conn.write(request.subarray(at));
        const response = await this.#response(wire, signal, onAbort);
        handed = true;
        return response;
      } catch (error) {
        signal?.throwIfAborted();
        // A kept-alive connection the server closed while it was idle: once more, on a new one.
        if (reused && !wire.heard) continue;
        throw error;
      } finally {
        if (!handed) {
          signal?.removeEventListener("abort", onAbort);
          this.#drop(wire);
        }
      }
    }
  }

  // The newest idle connection that is still fit to carry a request; the unfit ones are closed.
  #reuse(host: string): Wire | undefined {
    const idle = this.#idle.get(host);
    if (idle === undefined) return undefined;
    const now = this.#now();
    const fit = ({ wire, since }: { wire: Wire; since: number }) =>
      now - since < IDLE_MS && !wire.closed && !wire.eof && wire.start === wire.end;
    for (const entry of idle) if (!fit(entry)) this.#drop(entry.wire);
    const kept = idle.filter(fit);
    const newest = kept.pop();
    this.#idle.set(host, kept);
    newest?.wire.conn.ref();
    return newest?.wire;
  }

  async #connect(url: URL, signal: AbortSignal | undefined): Promise<Wire> {
    const connecting = this.#connectTo({
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port === "" ? 80 : Number(url.port),
    });
    // An abort does not wait for the connection: it is closed when it opens.
    const conn = signal === undefined ? await connecting : await new Promise<Deno.TcpConn>(
      (resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort);
        connecting.then((conn) => {
          if (signal.aborted) conn.close();
          else resolve(conn);
        }, reject).finally(() => signal.removeEventListener("abort", onAbort));
      },
    );
    conn.setNoDelay(true);
    const wire = new Wire(conn, url.host, this.#readSize);
    this.#open.add(wire);
    return wire;
  }

  #drop(wire: Wire): void {
    wire.close();
    this.#open.delete(wire);
  }

  // Back to the idle ones when the response ended cleanly, before the connection's end (a body
  // delimited by its end never pools it), on a connection that may carry another. While idle, a
  // read stays under way: bytes or the connection's end before the next request (a late body, a
  // server closing it) and it is closed, never reused. The read does not keep the process alive,
  // and it is the next response's first read.
  #done(wire: Wire, head: Head, clean: boolean): void {
    const close = head.version === 0 ||
      /(?:^|,)\s*close\s*(?:,|$)/i.test(head.headers.get("connection") ?? "");
    if (!clean || close || wire.start !== wire.end || wire.closed || wire.eof) {
      return this.#drop(wire);
    }
    wire.heard = false;
    let idle = this.#idle.get(wire.origin);
    if (idle === undefined) this.#idle.set(wire.origin, idle = []);
    const entry = { wire, since: this.#now() };
    idle.push(entry);
    wire.conn.unref();
    const watch = () => {
      if (this.#idle.get(wire.origin)?.includes(entry)) this.#drop(wire);
    };
    wire.fill().then(watch, watch);
  }

  async #response(
    wire: Wire,
    signal: AbortSignal | undefined,
    onAbort: () => void,
  ): Promise<Response> {
    const head = await readHead(wire);
    if (head.status > 599) throw new WireError(`the response has status ${head.status}`);
    const framing = framingOf(head);
    const init = { status: head.status, statusText: head.statusText, headers: head.headers };
    // As Deno's `fetch`: a body in gzip or br alone is decoded, any other coding is left as sent.
    const coding = head.headers.get("content-encoding")?.trim().toLowerCase();
    const decoder = coding === "gzip" ? "gzip" : coding === "br" ? "brotli" : undefined;
    const finish = (clean: boolean) => {
      signal?.removeEventListener("abort", onAbort);
      this.#done(wire, head, clean);
    };
    // The usual case, a short body already read with its head: no stream.
    if (
      framing.kind === "length" && (framing.length === 0 || decoder === undefined) &&
      wire.end - wire.start >= framing.length
    ) {
      const bytes = wire.take(framing.length);
      const nullBody = head.status === 204 || head.status === 205 || head.status === 304;
      const response = new Response(nullBody ? null : bytes, init);
      finish(true);
      return response;
    }
    let stream = bodyStream(bodyReader(wire, framing), finish, signal);
    if (decoder !== undefined) {
      stream = stream.pipeThrough(
        new DecompressionStream(decoder as CompressionFormat) as unknown as TransformStream<
          Uint8Array<ArrayBuffer>,
          Uint8Array<ArrayBuffer>
        >,
      );
    }
    return new Response(stream, init);
  }
}
