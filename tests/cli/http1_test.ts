/**
 * The run's HTTP/1.1 client against raw TCP servers that write scripted bytes: it must read every
 * response as Deno's `fetch` reads it (a property over random framings, chunkings, encodings and
 * write splits, both clients on the same bytes), keep connections alive and reuse them, retry a
 * request once on a kept-alive connection the server closed while idle, refuse malformed heads,
 * honour aborts, and hand what it does not send itself to the `fetch` it is given.
 */

import assert from "node:assert/strict";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { Http1Client, IDLE_MS } from "../../src/cli/http1.ts";
import { MAX_HEAD_BYTES } from "../../src/cli/_http1_wire.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

interface Seen {
  readonly head: string;
  readonly body: string;
  readonly connection: number;
}

/**
 * What a scripted server writes for a request: its pieces, then whether it closes (or only ends
 * its side, reading on), then `later`'s bytes once they come.
 */
interface Script {
  readonly pieces: readonly Uint8Array[];
  readonly close?: boolean;
  readonly closeWrite?: boolean;
  readonly later?: Promise<Uint8Array>;
}

/** A raw server: each request gets `respond(request, n)`'s bytes, written piece by piece. */
function rawServer(respond: (seen: Seen, n: number) => Script) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const seen: Seen[] = [];
  const conns = new Set<Deno.Conn>();
  let connections = 0;
  let ended = 0;
  const serveConn = async (conn: Deno.Conn, connection: number) => {
    let buf = new Uint8Array(0);
    const more = async () => {
      const chunk = new Uint8Array(65536);
      const n = await conn.read(chunk).catch(() => null);
      if (n === null) return false;
      const grown = new Uint8Array(buf.length + n);
      grown.set(buf);
      grown.set(chunk.subarray(0, n), buf.length);
      buf = grown;
      return true;
    };
    try {
      for (;;) {
        let end: number;
        while ((end = dec.decode(buf).indexOf("\r\n\r\n")) < 0) if (!(await more())) return;
        const head = dec.decode(buf.subarray(0, end));
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        while (buf.length < end + 4 + length) if (!(await more())) return;
        const body = dec.decode(buf.subarray(end + 4, end + 4 + length));
        buf = buf.slice(end + 4 + length);
        const request = { head, body, connection };
        seen.push(request);
        const script = respond(request, seen.length);
        for (const piece of script.pieces) {
          for (let at = 0; at < piece.length;) at += await conn.write(piece.subarray(at));
        }
        if (script.close) return;
        if (script.closeWrite) await conn.closeWrite();
        if (script.later !== undefined) {
          const late = await script.later;
          for (let at = 0; at < late.length;) at += await conn.write(late.subarray(at));
        }
      }
    } catch {
      // the client went away
    } finally {
      conns.delete(conn);
      ended++;
      try {
        conn.close();
      } catch {
        // closed
      }
    }
  };
  const accepting = (async () => {
    for await (const conn of listener) {
      conns.add(conn);
      serveConn(conn, ++connections);
    }
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    seen,
    get connections() {
      return connections;
    },
    get ended() {
      return ended;
    },
    async close() {
      listener.close();
      for (const conn of conns) conn.close();
      await accepting;
    },
  };
}

const bytes = (text: string) => enc.encode(text);
const ok = (body: string, extra = "") =>
  bytes(`HTTP/1.1 200 OK\r\ncontent-length: ${bytes(body).length}\r\n${extra}\r\n${body}`);
const post = (client: Http1Client, url: string, init: RequestInit = {}) =>
  client.fetch(url, { method: "POST", body: "{}", redirect: "manual", ...init });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  assert(check(), "the condition came true");
}

/** A response in one of its framings, its body maybe compressed, cut into write pieces. */
const responses = fc.record({
  status: fc.constantFrom(200, 200, 201, 400, 404, 429, 500, 503),
  body: fc.uint8Array({ maxLength: 3000 }),
  framing: fc.constantFrom("length", "chunked", "close"),
  encoding: fc.constantFrom("identity", "identity", "gzip", "deflate", "br", "GZIP", "gzip, br"),
  chunks: fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 8 }),
  informational: fc.boolean(),
  leading: fc.constantFrom("", "\r\n", "\r\n\r\n", "\n"),
  pad: fc.integer({ min: 0, max: 20 }),
  reason: fc.constantFrom("Status", "", "caf\u00e9", "\u0001odd"),
  lf: fc.boolean(),
  cuts: fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 6 }),
  readSize: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constant(Infinity)),
  extra: fc.array(
    fc.constantFrom("x-a: 1", "x-a: 2", "Retry-After: 3", "X-Long: " + "y".repeat(900)),
    {
      maxLength: 3,
    },
  ),
});

function compose(r: typeof responses extends fc.Arbitrary<infer T> ? T : never): Script {
  const eol = r.lf ? "\n" : "\r\n";
  const encoded = r.encoding.toLowerCase() === "gzip"
    ? gzipSync(r.body)
    : r.encoding === "deflate"
    ? deflateSync(r.body)
    : r.encoding === "br"
    ? brotliCompressSync(r.body)
    : r.encoding === "gzip, br"
    ? brotliCompressSync(gzipSync(r.body))
    : r.body;
  const fields = [...r.extra];
  if (r.encoding !== "identity") fields.push(`content-encoding: ${r.encoding}`);
  let payload: Uint8Array;
  if (r.framing === "length") {
    fields.push(`content-length: ${encoded.length}`);
    payload = encoded;
  } else if (r.framing === "chunked") {
    fields.push("transfer-encoding: chunked");
    const parts: Uint8Array[] = [];
    let at = 0;
    for (let i = 0; at < encoded.length; i++) {
      const n = Math.min(r.chunks[i % r.chunks.length]!, encoded.length - at);
      parts.push(
        bytes(`${"0".repeat(r.pad)}${n.toString(16)}${i % 2 ? ";ext=1" : ""}\r\n`),
        encoded.slice(at, at + n),
        bytes("\r\n"),
      );
      at += n;
    }
    parts.push(bytes("0\r\nx-trailer: t\r\n\r\n"));
    payload = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let to = 0;
    for (const p of parts) {
      payload.set(p, to);
      to += p.length;
    }
  } else {
    fields.push("connection: close");
    payload = encoded;
  }
  const head = bytes(
    r.leading + (r.informational ? `HTTP/1.1 100 Continue${eol}${eol}` : "") +
      `HTTP/1.1 ${r.status} ${r.reason}${eol}${fields.map((f) => f + eol).join("")}${eol}`,
  );
  const whole = new Uint8Array(head.length + payload.length);
  whole.set(head);
  whole.set(payload, head.length);
  const cuts = [...new Set(r.cuts.filter((c) => c < whole.length))].sort((a, b) => a - b);
  const pieces = [0, ...cuts, whole.length].slice(1).map((end, i, all) =>
    whole.slice(i === 0 ? 0 : all[i - 1], end)
  )
    .filter((p) => p.length > 0);
  return { pieces, close: r.framing === "close" };
}

async function observe(response: Promise<Response>) {
  return await response.then(see, () => "refused");
}

async function see(response: Response) {
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) =>
      name.startsWith("x-") || name === "retry-after"
    ),
    body: [...new Uint8Array(await response.arrayBuffer())],
  };
}

Deno.test("http1: reads every response as fetch does (random framings, chunks, encodings, splits)", async () => {
  await fc.assert(
    fc.asyncProperty(responses, async (r) => {
      // The server closes after each response, so that a client waiting for bytes it missed fails
      // at the end of the connection instead of waiting forever.
      const script = { ...compose(r), close: true };
      const server = rawServer(() => script);
      const client = new Http1Client(() => Promise.reject(new Error("fell back")), {
        readSize: r.readSize,
      });
      try {
        const ours = await observe(post(client, `${server.url}/v1/chat/completions`));
        const theirs = await observe(
          fetch(`${server.url}/v1/chat/completions`, { method: "POST", body: "{}" }),
        );
        assert.deepEqual(ours, theirs);
        // Deno's fetch decodes gzip and br alone, and leaves other codings as sent.
        assert.equal(
          ours === "refused",
          r.reason === "\u0001odd",
          "only a control byte is refused",
        );
        if (typeof ours !== "string" && ["identity", "gzip", "GZIP", "br"].includes(r.encoding)) {
          assert.deepEqual(ours.body, [...r.body]);
        }
      } finally {
        client.close();
        await server.close();
      }
    }),
    { numRuns: 60 },
  );
});

Deno.test("http1: connections are kept alive and reused; close() ends them", async () => {
  const server = rawServer(() => ({ pieces: [ok('{"a":1}')] }));
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    for (let i = 0; i < 5; i++) {
      assert.equal(await (await post(client, `${server.url}/v1/x`)).text(), '{"a":1}');
    }
    assert.equal(server.connections, 1, "one connection for requests one after another");
    const together = await Promise.all([1, 2, 3].map(() => post(client, `${server.url}/v1/x`)));
    await Promise.all(together.map((r) => r.text()));
    assert.equal(server.connections, 3, "one more for each request in flight at once");
    for (let i = 0; i < 3; i++) await (await post(client, `${server.url}/v1/x`)).text();
    assert.equal(server.connections, 3, "then those are reused");
    client.close();
    await until(() => server.ended === 3);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: a connection the response closes, or HTTP/1.0, or a cancelled body, is not reused", async () => {
  const cases: [string, Uint8Array, boolean][] = [
    ["connection: close", ok("x", "connection: close\r\n"), false],
    ["HTTP/1.0", bytes("HTTP/1.0 200 OK\r\ncontent-length: 1\r\n\r\nx"), false],
    ["bytes after the body", bytes("HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\nxy"), false],
    ["a 204 with a body", bytes("HTTP/1.1 204 No Content\r\ncontent-length: 1\r\n\r\nx"), false],
    ["cancelled", bytes(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n1\r\nx\r\n`), true],
  ];
  for (const [name, response, cancel] of cases) {
    const server = rawServer(() => ({ pieces: [response] }));
    const client = new Http1Client(() => Promise.reject(new Error("fell back")));
    try {
      for (let i = 0; i < 2; i++) {
        const r = await post(client, `${server.url}/v1/x`);
        if (cancel) await r.body!.cancel();
        else await r.arrayBuffer();
      }
      assert.equal(server.connections, 2, name);
    } finally {
      client.close();
      await server.close();
    }
  }
});

Deno.test("http1: a kept-alive connection the server closes as a request goes out: sent again on a new one", async () => {
  // The server reads the second request and closes without a byte of an answer.
  const server = rawServer((_, n) =>
    n === 2 ? { pieces: [], close: true } : { pieces: [ok(`${n}`)] }
  );
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    assert.equal(await (await post(client, `${server.url}/v1/x`)).text(), "1");
    assert.equal(await (await post(client, `${server.url}/v1/x`)).text(), "3");
    assert.deepEqual(server.seen.map((s) => s.connection), [1, 1, 2]);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: an idle connection that hears anything (late bytes, its end) is closed, never reused", async () => {
  let spoof!: (bytes: Uint8Array) => void;
  const server = rawServer((_, n) =>
    n === 1
      ? { pieces: [ok("ok1")], later: new Promise((r) => spoof = r) }
      : { pieces: [ok(`ok${n}`)] }
  );
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    assert.equal(await (await post(client, `${server.url}/v1/x`)).text(), "ok1");
    spoof(ok("SPOOF!"));
    await until(() => server.ended === 1); // the client closed it on hearing the bytes
    assert.equal(await (await post(client, `${server.url}/v1/x`)).text(), "ok2");
    assert.equal(server.connections, 2);
  } finally {
    client.close();
    await server.close();
  }
  // A body that ends with the connection: that connection is not pooled, even when the server
  // still reads (it ended only its side).
  const halfClosed = rawServer((_, n) => ({
    pieces: [bytes(`HTTP/1.1 200 OK\r\n\r\nbody${n}`)],
    closeWrite: true,
  }));
  const second = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    for (const n of [1, 2]) {
      assert.equal(await (await post(second, `${halfClosed.url}/v1/x`)).text(), `body${n}`);
    }
    assert.deepEqual(halfClosed.seen.map((s) => s.connection), [1, 2], "each request sent once");
  } finally {
    second.close();
    await halfClosed.close();
  }
});

Deno.test("http1: idle connections past their time are closed when the next request comes", async () => {
  let clock = 0;
  const server = rawServer(() => ({ pieces: [ok("x")] }));
  const client = new Http1Client(() => Promise.reject(new Error("fell back")), {
    now: () => clock,
  });
  try {
    const together = await Promise.all([1, 2, 3].map(() => post(client, `${server.url}/v1/x`)));
    await Promise.all(together.map((r) => r.text()));
    clock += IDLE_MS;
    await (await post(client, `${server.url}/v1/x`)).text();
    assert.equal(server.connections, 4, "none of the three was reused");
    await until(() => server.ended === 3);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: a response cut after its first bytes is an error, never sent again", async () => {
  const server = rawServer(() => ({
    pieces: [bytes("HTTP/1.1 200 OK\r\ncontent-le")],
    close: true,
  }));
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    await assert.rejects(post(client, `${server.url}/v1/x`), {
      name: "TypeError",
      message: "the connection closed before the response ended",
    });
    assert.equal(server.seen.length, 1);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: malformed heads and framings are refused, each in one line", async () => {
  const cases: [Uint8Array, RegExp][] = [
    [bytes("HTTP/2 200 OK\r\n\r\n"), /does not start with an HTTP\/1\.x status line/],
    [bytes("ICY 200 OK\r\n\r\n"), /does not start with an HTTP\/1\.x status line/],
    [bytes("HTTP/1.1 200 OK\r\nx-a: 1\r\n folded\r\n\r\n"), /malformed field/],
    [bytes("HTTP/1.1 200 OK\r\nno colon\r\n\r\n"), /malformed field/],
    [
      bytes("HTTP/1.1 200 OK\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\nxy"),
      /Content-Length/,
    ],
    [bytes("HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n"), /Content-Length/],
    [bytes("HTTP/1.1 101 Switching Protocols\r\n\r\n"), /switched protocols/],
    [bytes("HTTP/1.1 100 Continue\r\n\r\n".repeat(3000)), /head is over 65536 bytes/],
    [bytes("\r\n".repeat(40_000)), /head is over 65536 bytes/],
    [
      bytes("HTTP/1.1 200 OK\r\nx: " + "y".repeat(MAX_HEAD_BYTES) + "\r\n\r\n"),
      /head is over 65536 bytes/,
    ],
  ];
  for (const [response, message] of cases) {
    const server = rawServer(() => ({ pieces: [response], close: true }));
    const client = new Http1Client(() => Promise.reject(new Error("fell back")));
    try {
      await assert.rejects(post(client, `${server.url}/v1/x`), (error: unknown) => {
        assert(error instanceof TypeError, String(error));
        assert.match(error.message, message);
        assert(!error.message.includes("\n"));
        return true;
      });
    } finally {
      client.close();
      await server.close();
    }
  }
  // A malformed chunk fails the body's read.
  const server = rawServer(() => ({
    pieces: [bytes("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n")],
    close: true,
  }));
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    const r = await post(client, `${server.url}/v1/x`);
    await assert.rejects(r.arrayBuffer(), /malformed chunk size/);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: an abort rejects with its reason, before the head or in the body, and ends the connection", async () => {
  const server = rawServer((_, n) => ({
    pieces: n === 1 ? [] : [bytes("HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc")],
  }));
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    const before = new AbortController();
    const pending = post(client, `${server.url}/v1/x`, { signal: before.signal });
    await until(() => server.seen.length === 1);
    before.abort(new DOMException("stop", "AbortError"));
    await assert.rejects(pending, { name: "AbortError", message: "stop" });
    await until(() => server.ended === 1);
    const during = new AbortController();
    const r = await post(client, `${server.url}/v1/x`, { signal: during.signal });
    const reader = r.body!.getReader();
    assert.equal(dec.decode((await reader.read()).value), "abc");
    during.abort(new DOMException("stop", "AbortError"));
    await assert.rejects(reader.read(), { name: "AbortError" });
    await until(() => server.ended === 2);
    const already = AbortSignal.abort(new DOMException("no", "AbortError"));
    await assert.rejects(post(client, `${server.url}/v1/x`, { signal: already }), {
      message: "no",
    });
    assert.equal(server.connections, 2, "an aborted signal sends nothing");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: the request as sent: its line, host, the caller's headers and the length", async () => {
  const server = rawServer(() => ({ pieces: [ok("")] }));
  const client = new Http1Client(() => Promise.reject(new Error("fell back")));
  try {
    await (await post(client, `${server.url}/v1/chat/completions?x=1`, {
      headers: {
        "Content-Type": "application/json",
        Authorization: "Bearer k",
        Host: "evil",
        "content-length": "9",
      },
      body: '{"é":1}',
    })).text();
    const host = new URL(server.url).host;
    assert.equal(
      server.seen[0]!.head,
      `POST /v1/chat/completions?x=1 HTTP/1.1\r\nhost: ${host}\r\naccept: */*\r\naccept-encoding: identity\r\n` +
        "Content-Type: application/json\r\nAuthorization: Bearer k\r\ncontent-length: 8",
    );
    assert.equal(server.seen[0]!.body, '{"é":1}');
    await (await client.fetch(`${server.url}/v1/models`, { redirect: "manual" })).text();
    assert.equal(
      server.seen[1]!.head,
      `GET /v1/models HTTP/1.1\r\nhost: ${host}\r\naccept: */*\r\naccept-encoding: identity`,
    );
    await assert.rejects(
      post(client, `${server.url}/v1/x`, { headers: { "x-a": "1\r\nx-b: 2" } }),
      TypeError,
    );
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: what it does not send itself goes to the fetch it is given", async () => {
  const calls: string[] = [];
  const fallback = ((input: string, init?: RequestInit) => {
    calls.push(`${init?.redirect ?? "follow"} ${input}`);
    return Promise.resolve(new Response("from fetch"));
  }) as typeof fetch;
  const client = new Http1Client(fallback);
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = (listener.addr as Deno.NetAddr).port;
  listener.close();
  try {
    await client.fetch("https://127.0.0.1:1/v1/models", { redirect: "manual" });
    await client.fetch("http://127.0.0.1:1/v1/models");
    await client.fetch("http://127.0.0.1:1/v1/models", { method: "HEAD", redirect: "manual" });
    await client.fetch("http://127.0.0.1:1/v1/models", {
      redirect: "manual",
      body: new Uint8Array(1),
    });
    await client.fetch("http://u:p@127.0.0.1:1/v1/models", { redirect: "manual" });
    // Deno's connect refused: fetch tries (every address of a name) and words the failure.
    const r = await client.fetch(`http://127.0.0.1:${closedPort}/v1/models`, {
      redirect: "manual",
    });
    assert.equal(await r.text(), "from fetch");
    assert.deepEqual(calls, [
      "manual https://127.0.0.1:1/v1/models",
      "follow http://127.0.0.1:1/v1/models",
      "manual http://127.0.0.1:1/v1/models",
      "manual http://127.0.0.1:1/v1/models",
      "manual http://u:p@127.0.0.1:1/v1/models",
      `manual http://127.0.0.1:${closedPort}/v1/models`,
    ]);
  } finally {
    client.close();
  }
});

Deno.test("http1: an abort while connecting rejects at once; the connection is closed when it opens", async () => {
  const server = rawServer(() => ({ pieces: [ok("x")] }));
  let open: (() => void) | undefined;
  const client = new Http1Client(() => Promise.reject(new Error("fell back")), {
    connect: (options) =>
      new Promise((resolve, reject) => {
        open = () => Deno.connect(options).then(resolve, reject);
      }),
  });
  try {
    const stop = new AbortController();
    const pending = post(client, `${server.url}/v1/x`, { signal: stop.signal });
    let settled = false;
    pending.catch(() => {}).finally(() => settled = true);
    await until(() => open !== undefined);
    stop.abort(new DOMException("stop", "AbortError"));
    await new Promise((r) => setTimeout(r, 0));
    assert(settled, "rejected before the connection opened");
    open!();
    await assert.rejects(pending, { name: "AbortError", message: "stop" });
    await until(() => server.ended === 1);
    assert.equal(server.seen.length, 0, "nothing was sent on it");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("http1: a server fetch reaches where the client could not connect is left to fetch", async () => {
  let connects = 0;
  let fetchWorks = false;
  const client = new Http1Client(
    (() =>
      fetchWorks
        ? Promise.resolve(new Response("through fetch"))
        : Promise.reject(new TypeError("connection refused"))) as typeof fetch,
    {
      connect: () => {
        connects++;
        return Promise.reject(
          new Deno.errors.ConnectionRefused("Connection refused (os error 111)"),
        );
      },
    },
  );
  // While fetch fails too, each request tries to connect again (a server coming up is used).
  await assert.rejects(post(client, "http://127.0.0.1:9/v1/x"), /connection refused/);
  await assert.rejects(post(client, "http://127.0.0.1:9/v1/x"), /connection refused/);
  assert.equal(connects, 2);
  // Once fetch reaches it (a proxy, say), that server is fetch's.
  fetchWorks = true;
  assert.equal(await (await post(client, "http://127.0.0.1:9/v1/x")).text(), "through fetch");
  assert.equal(await (await post(client, "http://127.0.0.1:9/v1/x")).text(), "through fetch");
  assert.equal(connects, 3);
  client.close();
});
