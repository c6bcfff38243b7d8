/**
 * One HTTP/1.1 connection as `http1.ts` uses it: the request as written, a buffer over the socket,
 * and the response head (status line and header fields, RFC 9112 §2–5). Strict where a lenient reading could take one response for another
 * (a head over 64 KiB, folded or nameless fields) and
 * lenient where clients agree (a bare LF ends a line, the reason phrase is anything). Private to
 * `src/cli/`.
 *
 * @module
 */

/** The most bytes a response head may take, from its status line to its empty line. */
export const MAX_HEAD_BYTES = 64 * 1024;

/** A response that cannot be read: the connection is not used again. */
export class WireError extends TypeError {}

/** A response head, read. */
export interface Head {
  readonly version: 0 | 1;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  }
  return text;
}

/** A socket with a read buffer; `start`..`end` of `buf` are read and not yet taken. */
export class Wire {
  buf: Uint8Array<ArrayBuffer> = new Uint8Array(16 * 1024);
  start = 0;
  end = 0;
  /** Whether any byte of the current response has arrived. */
  heard = false;
  /** Whether the peer ended the connection (a read found its end). */
  eof = false;
  closed = false;
  // The read under way: one at a time, shared by whoever waits for bytes.
  #reading: Promise<boolean> | undefined;

  /**
   * @param conn The connection.
   * @param origin Its `host:port`, as the pool knows it.
   * @param readSize The most bytes one read takes (small ones test every split of a response).
   */
  constructor(
    readonly conn: Deno.Conn,
    readonly origin: string,
    readonly readSize: number = Infinity,
  ) {}

  /**
   * Reads more into the buffer; `false` at the connection's end. A read already under way (an
   * idle connection's watch) is the one waited for.
   */
  fill(): Promise<boolean> {
    return this.#reading ??= this.#read().finally(() => this.#reading = undefined);
  }

  async #read(): Promise<boolean> {
    if (this.start === this.end) this.start = this.end = 0;
    if (this.end === this.buf.length) {
      if (this.start > 0) {
        this.buf.copyWithin(0, this.start, this.end);
        this.end -= this.start;
        this.start = 0;
      } else {
        const grown = new Uint8Array(this.buf.length * 2);
        grown.set(this.buf);
        this.buf = grown;
      }
    }
    const n = await this.conn.read(this.buf.subarray(this.end, this.end + this.readSize));
    if (n === null) {
      this.eof = true;
      return false;
    }
    this.end += n;
    this.heard = true;
    return true;
  }

  /** Takes up to `most` buffered bytes (a copy). */
  take(most: number): Uint8Array<ArrayBuffer> {
    const n = Math.min(most, this.end - this.start);
    const out = this.buf.slice(this.start, this.start + n);
    this.start += n;
    return out;
  }

  /** Reads one line (without its CR LF or LF), of at most `most` bytes. */
  async line(most: number): Promise<string> {
    let scanned = 0; // past `start`: `fill` may move the bytes
    for (;;) {
      const lf = this.buf.subarray(this.start + scanned, this.end).indexOf(10);
      if (lf >= 0) {
        const at = this.start + scanned + lf;
        const text = latin1(
          this.buf.subarray(this.start, at > this.start && this.buf[at - 1] === 13 ? at - 1 : at),
        );
        this.start = at + 1;
        return text;
      }
      if (this.end - this.start > most) throw new WireError("a line of the response is too long");
      scanned = this.end - this.start;
      if (!(await this.fill())) {
        throw new WireError("the connection closed before the response ended");
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.conn.close();
    } catch {
      // already closed
    }
  }
}

// Where the head in `buf` from `from` ends (just past its empty line), or -1.
function headEnd(buf: Uint8Array, from: number): number {
  for (let lf = buf.indexOf(10, from); lf >= 0; lf = buf.indexOf(10, lf + 1)) {
    if (buf[lf + 1] === 10) return lf + 2;
    if (buf[lf + 1] === 13 && buf[lf + 2] === 10) return lf + 3;
  }
  return -1;
}

/**
 * Reads a response head: informational (1xx) responses are skipped.
 *
 * @throws {WireError} On a head that is not HTTP/1.x, too long, or with a bad field.
 */
export async function readHead(wire: Wire): Promise<Head> {
  // Every byte before the final head counts: empty lines, informational heads, the head itself.
  let taken = 0;
  const tooLong = () => new WireError(`the response head is over ${MAX_HEAD_BYTES} bytes`);
  for (;;) {
    let scanned = 0; // how far past `start` no head's end can be
    let endAt: number;
    for (;;) {
      // Empty lines before a status line are skipped.
      while (
        wire.start < wire.end && (wire.buf[wire.start] === 13 || wire.buf[wire.start] === 10)
      ) {
        wire.start++;
        taken++;
      }
      if (wire.start < wire.end) {
        endAt = headEnd(wire.buf.subarray(0, wire.end), wire.start + scanned);
        if (endAt >= 0) break;
      }
      if (taken + wire.end - wire.start > MAX_HEAD_BYTES) throw tooLong();
      scanned = Math.max(0, wire.end - wire.start - 2);
      if (!(await wire.fill())) {
        throw new WireError(
          wire.heard
            ? "the connection closed before the response ended"
            : "the connection closed before the response began",
        );
      }
    }
    taken += endAt - wire.start;
    if (taken > MAX_HEAD_BYTES) throw tooLong();
    const lines = latin1(wire.buf.subarray(wire.start, endAt)).split(/\r?\n/);
    wire.start = endAt;
    // The reason phrase: tabs, spaces, visible and non-ASCII bytes (as `fetch`, and `Response`).
    const status = /^HTTP\/1\.([01]) ([1-9][0-9]{2})(?: ([\t\x20-\x7E\x80-\xFF]*))?$/.exec(
      lines[0]!,
    );
    if (status === null) {
      throw new WireError("the response does not start with an HTTP/1.x status line");
    }
    const headers = new Headers();
    for (const line of lines.slice(1)) {
      if (line === "") continue;
      const colon = line.indexOf(":");
      const name = colon < 0 ? "" : line.slice(0, colon);
      if (!TOKEN.test(name)) throw new WireError("the response head has a malformed field");
      try {
        headers.append(name, line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, ""));
      } catch {
        throw new WireError("the response head has a malformed field");
      }
    }
    const code = Number(status[2]);
    if (code === 101) throw new WireError("the server switched protocols");
    if (code >= 100 && code < 200) continue;
    return {
      version: status[1] === "1" ? 1 : 0,
      status: code,
      statusText: status[3] ?? "",
      headers,
    };
  }
}
