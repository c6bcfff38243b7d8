/**
 * One HTTP/1.1 connection as `http1.ts` reads it: a buffer over the socket, its lines, and the
 * response head (status line and header fields, RFC 9112 §2–5). Strict where a lenient reading
 * could take one response for another (a head over 64 KiB, folded or nameless fields) and lenient
 * where clients agree (a bare LF ends a line, empty lines before a status line are skipped).
 * Private to `src/cli/`.
 *
 * @module
 */

/** The most bytes a response head may take, from its status line to its empty line. */
export const MAX_HEAD_BYTES = 64 * 1024;

/** A response that cannot be read: the connection is not used again. */
export class WireError extends TypeError {}

const CLOSED_EARLY = "the connection closed before the response ended";

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

  /**
   * Waits until a byte is buffered.
   *
   * @throws {WireError} At the connection's end.
   */
  async need(): Promise<void> {
    if (this.start === this.end && !(await this.fill())) throw new WireError(CLOSED_EARLY);
  }

  /**
   * Reads one line (without its CR LF or LF), of at most `most` bytes.
   *
   * @throws {WireError} At the connection's end, or `tooLong()` past `most` bytes.
   */
  async line(
    most: number,
    tooLong: () => WireError = () => new WireError("a line of the response is too long"),
  ): Promise<string> {
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
      if (this.end - this.start > most) throw tooLong();
      scanned = this.end - this.start;
      if (!(await this.fill())) throw new WireError(CLOSED_EARLY);
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

/**
 * Reads a response head, line by line: informational (1xx) responses are skipped.
 *
 * @throws {WireError} On a head that is not HTTP/1.x, too long, or with a bad field.
 */
export async function readHead(wire: Wire): Promise<Head> {
  // Every byte before the final head counts: empty lines, informational heads, the head itself.
  let taken = 0;
  const tooLong = () => new WireError(`the response head is over ${MAX_HEAD_BYTES} bytes`);
  const next = async () => {
    const line = await wire.line(MAX_HEAD_BYTES - taken, tooLong);
    taken += line.length + 2;
    if (taken > MAX_HEAD_BYTES) throw tooLong();
    return line;
  };
  for (;;) {
    let first = await next();
    while (first === "") first = await next(); // empty lines before a status line are skipped
    // The reason phrase: tabs, spaces, visible and non-ASCII bytes (as `fetch`, and `Response`).
    const status = /^HTTP\/1\.([01]) ([1-9][0-9]{2})(?: ([\t\x20-\x7E\x80-\xFF]*))?$/.exec(first);
    if (status === null) {
      throw new WireError("the response does not start with an HTTP/1.x status line");
    }
    const headers = new Headers();
    for (let line = await next(); line !== ""; line = await next()) {
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
