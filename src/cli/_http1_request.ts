/**
 * A request's bytes as `http1.ts` writes them: the request line, `host`, `accept`,
 * `accept-encoding: identity`, the caller's headers, `content-length`, then the body (RFC 9112
 * §3, §6.2). Private to `src/cli/`.
 *
 * @module
 */

const encoder = new TextEncoder();
// Headers this client writes itself (or, for the framing ones, never lets a caller write).
const SET_HERE = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "accept-encoding",
]);

/** The caller's header lines: plain records as they are, anything else through `Headers`. */
function headerLines(headers: HeadersInit | undefined): string {
  let text = "";
  const add = (name: string, value: string) => {
    if (SET_HERE.has(name.toLowerCase())) return;
    if (/[\r\n\0]/.test(name + value)) throw new TypeError("a header holds a line break");
    text += `${name}: ${value}\r\n`;
  };
  if (headers === undefined) return text;
  if (headers instanceof Headers || Array.isArray(headers)) {
    new Headers(headers).forEach((v, n) => add(n, v));
  } else for (const name in headers) add(name, (headers as Record<string, string>)[name]!);
  return text;
}

/**
 * A request's bytes: its line, `host`, `accept`, `accept-encoding: identity`, the caller's
 * headers (but those this writes), and `content-length` when it has a body or is a `POST`.
 *
 * @throws {TypeError} When a header holds a line break.
 */
export function requestBytes(
  method: string,
  url: URL,
  headers: HeadersInit | undefined,
  body: string | undefined,
): Uint8Array {
  const content = body === undefined ? undefined : encoder.encode(body);
  const head = encoder.encode(
    `${method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n` +
      `accept: */*\r\naccept-encoding: identity\r\n${headerLines(headers)}` +
      (content !== undefined || method === "POST"
        ? `content-length: ${content?.length ?? 0}\r\n`
        : "") +
      "\r\n",
  );
  if (content === undefined) return head;
  const request = new Uint8Array(head.length + content.length);
  request.set(head);
  request.set(content, head.length);
  return request;
}
