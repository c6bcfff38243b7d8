/**
 * A response's body in its HTTP/1.1 framing (RFC 9112 §6–7): a length, chunks, or the
 * connection's end. Strict where a lenient reading could take one response for another: lengths
 * that disagree, a malformed chunk size, a chunk longer than it says. Private to `src/cli/`.
 *
 * @module
 */

import { type Head, MAX_HEAD_BYTES, type Wire, WireError } from "./_http1_wire.ts";

/** How a response's body is delimited (RFC 9112 §6.3). */
export type Framing =
  | { readonly kind: "length"; readonly length: number }
  | { readonly kind: "chunked" }
  | { readonly kind: "close" };

/**
 * The framing of a response to a request that is not `HEAD`: 204, 205 and 304 have no body,
 * whatever their fields say.
 *
 * @throws {WireError} On a `Content-Length` that is not one whole number.
 */
export function framingOf(head: Head): Framing {
  if (head.status === 204 || head.status === 205 || head.status === 304) {
    return { kind: "length", length: 0 };
  }
  const coding = head.headers.get("transfer-encoding");
  if (coding !== null) {
    return /(?:^|,)[ \t]*chunked[ \t]*$/i.test(coding) ? { kind: "chunked" } : { kind: "close" };
  }
  const length = head.headers.get("content-length");
  if (length === null) return { kind: "close" };
  const values = new Set(length.split(",").map((v) => v.trim()));
  const [value = ""] = values;
  if (values.size !== 1 || !/^[0-9]{1,15}$/.test(value)) {
    throw new WireError("the response's Content-Length is not one whole number");
  }
  return { kind: "length", length: Number(value) };
}

/**
 * The body's reader: each call gives its next bytes, `null` at its end.
 *
 * @throws {WireError} When the connection ends before the body does, or on a bad chunk.
 */
export function bodyReader(
  wire: Wire,
  framing: Framing,
): () => Promise<Uint8Array<ArrayBuffer> | null> {
  if (framing.kind === "close") {
    return async () => wire.start < wire.end || await wire.fill() ? wire.take(Infinity) : null;
  }
  if (framing.kind === "length") {
    let left = framing.length;
    return async () => {
      if (left === 0) return null;
      await wire.need();
      const bytes = wire.take(left);
      left -= bytes.length;
      return bytes;
    };
  }
  let left = 0;
  let afterChunk = false;
  let done = false;
  return async () => {
    for (;;) {
      if (done) return null;
      if (left > 0) {
        await wire.need();
        const bytes = wire.take(left);
        left -= bytes.length;
        afterChunk = left === 0;
        return bytes;
      }
      if (afterChunk && (await wire.line(2)) !== "") {
        throw new WireError("a chunk of the response does not end where its size says");
      }
      afterChunk = false;
      const size = /^0*([0-9A-Fa-f]{1,13})[ \t]*(?:;.*)?$/.exec(await wire.line(4096));
      if (size === null) throw new WireError("the response has a malformed chunk size");
      left = parseInt(size[1]!, 16);
      if (left === 0) {
        // The trailer section, read and dropped.
        let trailer = 0;
        for (
          let line = await wire.line(MAX_HEAD_BYTES);
          line !== "";
          line = await wire.line(MAX_HEAD_BYTES)
        ) {
          trailer += line.length + 2;
          if (trailer > MAX_HEAD_BYTES) {
            throw new WireError(`the response's trailer is over ${MAX_HEAD_BYTES} bytes`);
          }
        }
        done = true;
      }
    }
  };
}

/**
 * The body as a stream that reads only when read from. `finish` is told once how it ended: `true`
 * at its end, `false` on an error or a cancel. An error is the abort's reason when `signal`
 * aborted, else a {@linkcode WireError}.
 */
export function bodyStream(
  next: () => Promise<Uint8Array<ArrayBuffer> | null>,
  finish: (clean: boolean) => void,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      try {
        let bytes;
        do bytes = await next(); while (bytes !== null && bytes.length === 0);
        if (bytes === null) {
          finish(true);
          controller.close();
        } else controller.enqueue(bytes);
      } catch (error) {
        finish(false);
        controller.error(
          signal?.aborted
            ? signal.reason
            : error instanceof WireError
            ? error
            : new WireError(String(error)),
        );
      }
    },
    cancel: () => finish(false),
  }, { highWaterMark: 0 });
}
