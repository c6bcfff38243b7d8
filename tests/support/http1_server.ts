/**
 * A small HTTP/1.1 server on raw TCP, for the vLLM emulator. `Deno.serve` cannot close a socket
 * without sending a status line, nor stall after the headers on purpose, and those are exactly the
 * faults the emulator must inject; measured against `Deno.serve`, this server is as fast with a
 * `fetch` client (keep-alive, Content-Length or chunked request bodies, `Expect: 100-continue`).
 *
 * @module
 */

/** A request as the handler sees it. */
export interface RawRequest {
  /** `GET`, `POST`, … */
  readonly method: string;
  /** The request target, e.g. `/v1/models`. */
  readonly path: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: ReadonlyMap<string, string>;
  /** The body bytes. */
  readonly body: Uint8Array;
  /** How many requests its connection served before it (0: the connection's first). */
  readonly earlier: number;
}

/** What to do with a request. */
export type RawAction =
  | {
    /** Answer normally. */
    readonly kind: "respond";
    /** The status code. */
    readonly status: number;
    /** Extra headers (Content-Length is set here). */
    readonly headers?: Readonly<Record<string, string>>;
    /** The body. */
    readonly body: Uint8Array | string;
    /**
     * Bytes sent first, in the same write: a whole response the client did not ask for, which
     * it takes for the answer to its request (the answer is then one too many). Default none.
     */
    readonly before?: Uint8Array;
  }
  | {
    /** Close the socket without sending anything. */
    readonly kind: "drop";
  }
  | {
    /** Send nothing and keep the socket open until the server closes. */
    readonly kind: "hang";
  }
  | {
    /** Send a 200 and the start of a body, then a space every `intervalMs`, forever. */
    readonly kind: "endless";
    /** Milliseconds between bytes. */
    readonly intervalMs: number;
  }
  | {
    /** Send a 200 whose JSON body is `bytes` long (padding in a string), in 64 KiB chunks. */
    readonly kind: "huge";
    /** The body's length. */
    readonly bytes: number;
  }
  | {
    /** Send headers announcing `body`, then only its first half, then close. */
    readonly kind: "cut";
    /** The full body the headers announce. */
    readonly body: string;
  }
  | {
    /** Send these bytes as the whole response (status line and headers included), then close. */
    readonly kind: "raw";
    /** The bytes. */
    readonly bytes: Uint8Array;
  };

/** Handles one request. */
export type RawHandler = (req: RawRequest) => RawAction | Promise<RawAction>;

/** A running server. */
export interface RawServer {
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening, closes every connection (requests in flight get no answer). */
  close(): Promise<void>;
}

const REASONS: Record<number, string> = {
  100: "Continue",
  200: "OK",
  301: "Moved Permanently",
  302: "Found",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Request Entity Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

const enc = new TextEncoder();
const dec = new TextDecoder();
const MAX_HEAD = 64 * 1024;
const MAX_BODY = 256 * 1024 * 1024;

class BadRequest extends Error {}

/**
 * Starts a server on 127.0.0.1.
 *
 * @param port The port, 0 for a free one.
 * @param handler What answers.
 * @returns The running server.
 *
 * @example
 * ```ts
 * import { startRawServer } from "./http1_server.ts";
 * import assert from "node:assert/strict";
 *
 * const s = startRawServer(0, () => ({ kind: "respond", status: 200, body: "hi" }));
 * const r = await fetch(`http://127.0.0.1:${s.port}/`);
 * assert.equal(await r.text(), "hi");
 * await s.close();
 * ```
 */
export function startRawServer(port: number, handler: RawHandler): RawServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  const conns = new Set<Deno.Conn>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const loops = new Set<Promise<void>>();
  let closed = false;
  let markClosed = (): void => {};
  const whenClosed = new Promise<void>((resolve) => markClosed = resolve);

  const accept = (async () => {
    for (;;) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch {
        return;
      }
      if (closed) {
        tryClose(conn);
        return;
      }
      conns.add(conn);
      try {
        (conn as Deno.TcpConn).setNoDelay(true);
      } catch { /* closed already */ }
      const loop = serveConn(conn).catch(() => {}).finally(() => {
        conns.delete(conn);
        loops.delete(loop);
        tryClose(conn);
      });
      loops.add(loop);
    }
  })();

  function tryClose(conn: Deno.Conn): void {
    try {
      conn.close();
    } catch { /* already closed */ }
  }

  async function serveConn(conn: Deno.Conn): Promise<void> {
    let earlier = 0;
    let buf = new Uint8Array(16 * 1024);
    let len = 0;
    const fill = async (): Promise<boolean> => {
      if (len === buf.length) {
        const nb = new Uint8Array(buf.length * 2);
        nb.set(buf);
        buf = nb;
      }
      const n = await conn.read(buf.subarray(len));
      if (n === null) return false;
      len += n;
      return true;
    };
    for (;;) {
      // The head.
      let headEnd = -1;
      let scanFrom = 0;
      for (;;) {
        for (let i = Math.max(3, scanFrom); i < len; i++) {
          if (
            buf[i] === 10 && buf[i - 1] === 13 && buf[i - 2] === 10 && buf[i - 3] === 13
          ) {
            headEnd = i + 1;
            break;
          }
        }
        if (headEnd >= 0) break;
        scanFrom = len;
        if (len > MAX_HEAD) return;
        if (!(await fill())) return;
      }
      const head = dec.decode(buf.subarray(0, headEnd - 4));
      const lines = head.split("\r\n");
      const [method = "", path = "", version = ""] = (lines[0] ?? "").split(" ");
      const headers = new Map<string, string>();
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i]!;
        const colon = line.indexOf(":");
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        const prior = headers.get(name);
        headers.set(name, prior === undefined ? value : `${prior}, ${value}`);
      }
      const keepAlive = version === "HTTP/1.1"
        ? headers.get("connection")?.toLowerCase() !== "close"
        : headers.get("connection")?.toLowerCase() === "keep-alive";
      if (headers.get("expect")?.toLowerCase() === "100-continue") {
        await writeAll(conn, enc.encode("HTTP/1.1 100 Continue\r\n\r\n"));
      }
      // The body.
      let body: Uint8Array;
      let consumed: number;
      try {
        if (headers.get("transfer-encoding")?.toLowerCase().includes("chunked")) {
          const parts: Uint8Array[] = [];
          let total = 0;
          let p = headEnd;
          for (;;) {
            let lineEnd = -1;
            for (;;) {
              for (let i = p + 1; i < len; i++) {
                if (buf[i] === 10 && buf[i - 1] === 13) {
                  lineEnd = i + 1;
                  break;
                }
              }
              if (lineEnd >= 0) break;
              if (!(await fill())) return;
            }
            const size = parseInt(dec.decode(buf.subarray(p, lineEnd - 2)).split(";")[0]!, 16);
            if (!Number.isFinite(size) || size < 0) throw new BadRequest("bad chunk size");
            total += size;
            if (total > MAX_BODY) throw new BadRequest("body too large");
            while (len < lineEnd + size + 2) {
              if (!(await fill())) return;
            }
            if (size === 0) {
              // Trailers are not expected; the final CRLF ends the body.
              consumed = lineEnd + 2;
              break;
            }
            parts.push(buf.slice(lineEnd, lineEnd + size));
            p = lineEnd + size + 2;
          }
          body = new Uint8Array(total);
          let at = 0;
          for (const part of parts) {
            body.set(part, at);
            at += part.length;
          }
        } else {
          const cl = Number(headers.get("content-length") ?? "0");
          if (!Number.isSafeInteger(cl) || cl < 0) throw new BadRequest("bad content-length");
          if (cl > MAX_BODY) throw new BadRequest("body too large");
          while (len < headEnd + cl) {
            if (headEnd + cl > buf.length) {
              const nb = new Uint8Array(headEnd + cl);
              nb.set(buf.subarray(0, len));
              buf = nb;
            }
            if (!(await fill())) return;
          }
          body = buf.slice(headEnd, headEnd + cl);
          consumed = headEnd + cl;
        }
      } catch (e) {
        if (!(e instanceof BadRequest)) throw e;
        await writeAll(conn, response(400, { "content-type": "text/plain" }, e.message, false));
        return;
      }
      buf.copyWithin(0, consumed, len);
      len -= consumed;

      const action = await handler({ method, path, headers, body, earlier: earlier++ });
      if (closed) return;
      if (!(await perform(conn, action, keepAlive))) return;
    }
  }

  /** Sends what the action says; tells whether the connection can serve another request. */
  async function perform(conn: Deno.Conn, action: RawAction, keepAlive: boolean): Promise<boolean> {
    switch (action.kind) {
      case "respond": {
        const bytes = response(action.status, action.headers ?? {}, action.body, keepAlive);
        if (action.before === undefined) {
          await writeAll(conn, bytes);
        } else {
          const both = new Uint8Array(action.before.length + bytes.length);
          both.set(action.before);
          both.set(bytes, action.before.length);
          await writeAll(conn, both);
        }
        return keepAlive;
      }
      case "drop":
        return false;
      case "hang":
        await whenClosed;
        return false;
      case "endless": {
        await writeAll(
          conn,
          enc.encode(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n" +
              chunk('{"id": "chatcmpl-endless", "object": "chat.completion", "choices": ['),
          ),
        );
        const space = enc.encode(chunk(" "));
        for (;;) {
          if (closed) return false;
          await Promise.race([sleep(action.intervalMs, timers), whenClosed]);
          await writeAll(conn, space);
        }
      }
      case "huge": {
        const prefix = '{"id": "chatcmpl-huge", "object": "chat.completion", "padding": "';
        const suffix = '"}';
        const padding = action.bytes - prefix.length - suffix.length;
        await writeAll(
          conn,
          enc.encode(
            `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${action.bytes}\r\n\r\n${prefix}`,
          ),
        );
        const block = enc.encode("x".repeat(64 * 1024));
        let left = padding;
        while (left > 0) {
          if (closed) return false;
          const n = Math.min(left, block.length);
          await writeAll(conn, n === block.length ? block : block.subarray(0, n));
          left -= n;
        }
        await writeAll(conn, enc.encode(suffix));
        return keepAlive;
      }
      case "cut": {
        const full = enc.encode(action.body);
        await writeAll(
          conn,
          enc.encode(
            `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${full.length}\r\n\r\n`,
          ),
        );
        await writeAll(conn, full.subarray(0, full.length >> 1));
        return false;
      }
      case "raw":
        await writeAll(conn, action.bytes);
        return false;
    }
  }

  return {
    port: (listener.addr as Deno.NetAddr).port,
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      markClosed();
      try {
        listener.close();
      } catch { /* closed */ }
      for (const c of conns) tryClose(c);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await accept;
      await Promise.allSettled([...loops]);
    },
  };
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let off = 0;
  while (off < bytes.length) off += await conn.write(off === 0 ? bytes : bytes.subarray(off));
}

function chunk(s: string): string {
  const b = enc.encode(s);
  return `${b.length.toString(16)}\r\n${s}\r\n`;
}

function sleep(ms: number, timers: Set<ReturnType<typeof setTimeout>>): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      timers.delete(t);
      resolve();
    }, ms);
    timers.add(t);
  });
}

function response(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Uint8Array | string,
  keepAlive: boolean,
): Uint8Array {
  const bytes = typeof body === "string" ? enc.encode(body) : body;
  let head = `HTTP/1.1 ${status} ${REASONS[status] ?? "Unknown"}\r\nserver: uvicorn\r\n`;
  for (const k in headers) head += `${k}: ${headers[k]}\r\n`;
  head += `content-length: ${bytes.length}\r\n`;
  if (!keepAlive) head += "connection: close\r\n";
  head += "\r\n";
  const h = enc.encode(head);
  const out = new Uint8Array(h.length + bytes.length);
  out.set(h);
  out.set(bytes, h.length);
  return out;
}
