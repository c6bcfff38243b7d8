/**
 * The run's `fetch` (`src/cli/deno_fetch.ts`: Deno's, on a client of its own) under the bounded
 * exchange, against servers on 127.0.0.1: each failure before a response told by its class,
 * aborts before the head and in the body, kept-alive connections and what Deno does when one
 * closes as a request goes out. (Proxies and a small heap, in a process of their own:
 * tests/e2e/deno_fetch_test.ts.)
 */

import assert from "node:assert/strict";
import { denoBodyFailure, denoFailure, denoFetch } from "../../src/cli/deno_fetch.ts";
import { exchange, type HttpOptions } from "../../src/run/http.ts";
import { type RawAction, startRawServer } from "../support/http1_server.ts";

const LIMITS: HttpOptions = { timeoutMs: 2000, maxResponseBytes: 1 << 20, timers: globalThis };
const REPLY = '{"choices": []}';

/** A port nothing listens on (it did a moment ago). */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** A raw server whose `n`th request (from 1) gets `action(n)`; `arrivals` counts them. */
function scripted(action: (n: number) => RawAction) {
  let arrivals = 0;
  let arrived = () => {};
  const firstArrival = new Promise<void>((resolve) => arrived = resolve);
  const server = startRawServer(0, () => {
    arrived();
    return action(++arrivals);
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    get arrivals() {
      return arrivals;
    },
    firstArrival,
    close: () => server.close(),
  };
}

const respond: RawAction = { kind: "respond", status: 200, body: REPLY };

Deno.test("each failure before a response is named by what Deno's error says", async (t) => {
  const http = denoFetch();
  const failure = async (url: string) => {
    const out = await exchange(http.fetch, url, { body: "{}" }, LIMITS);
    assert(!out.ok);
    assert.equal(out.error.transient, true);
    assert.equal(out.response, null);
    return out.error;
  };
  try {
    await t.step("refused", async () => {
      const url = `http://127.0.0.1:${closedPort()}/v1/models`;
      assert.deepEqual(await failure(url), {
        kind: "network",
        message: "connection refused",
        status: null,
        transient: true,
      });
    });
    await t.step("closed before a response", async () => {
      const server = scripted(() => ({ kind: "drop" }));
      try {
        const error = await failure(`${server.url}/chat/completions`);
        assert.equal(error.message, "connection closed before the response ended");
        assert.equal(server.arrivals, 1, "on a new connection, not sent again");
      } finally {
        await server.close();
      }
    });
    await t.step({
      name: "a host name that does not resolve",
      // Through a proxy, the proxy resolves it.
      ignore: ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"].some((n) => Deno.env.has(n)),
      fn: async () => {
        const error = await failure("http://assess-test.invalid/v1/models");
        assert.equal(error.message, "the server's host name does not resolve");
      },
    });
    await t.step("no answer: the exchange's timeout", async () => {
      const server = scripted(() => ({ kind: "hang" }));
      try {
        const error = await failure(`${server.url}/chat/completions`);
        assert.deepEqual(error, {
          kind: "timeout",
          message: "no complete response within 2 s",
          status: null,
          transient: true,
        });
      } finally {
        await server.close();
      }
    });
  } finally {
    http.close();
  }
});

Deno.test({
  name: "denoFailure reads the OS error number for this system, and hyper's two failures",
  permissions: "none",
  fn: () => {
    const deno = (text: string) => new TypeError("fetch failed", { cause: new Error(text) });
    const connect = "error sending request for url (http://10.0.0.1:8000/v1/models): client " +
      "error (Connect): tcp connect error: ";
    const send = "error sending request from 127.0.0.1:4 for http://127.0.0.1:5/ " +
      "(127.0.0.1:5): client error (SendRequest): ";
    const cases: [unknown, string, string | null][] = [
      [deno(`${connect}Connection refused (os error 111)`), "linux", "refused"],
      [deno(`${connect}Connection refused (os error 61)`), "darwin", "refused"],
      [deno(`${connect}No connection could be made (os error 10061)`), "windows", "refused"],
      [deno(`${send}connection error: Connection reset by peer (os error 104)`), "linux", "reset"],
      [deno(`${send}connection error: Broken pipe (os error 32)`), "linux", "closed"],
      [deno(`${connect}Connection timed out (os error 110)`), "linux", "timed-out"],
      [deno(`${connect}No route to host (os error 113)`), "linux", "unreachable"],
      [deno(`${connect}Connection refused (os error 111)`), "darwin", null],
      [deno(`${connect}Permission denied (os error 13)`), "linux", null],
      [deno(`${send}connection closed before message completed`), "linux", "closed"],
      [deno("client error (Connect): dns error: failed to lookup address"), "linux", "unresolved"],
      [deno(`${send}invalid HTTP version parsed`), "linux", null],
      [new TypeError("connection refused (os error 111)"), "linux", null],
      [new Error("fetch failed", { cause: new Error("(os error 111)") }), "linux", null],
    ];
    for (const [error, os, expected] of cases) {
      assert.equal(denoFailure(error, os), expected, String((error as Error).cause ?? error));
    }
  },
});

Deno.test("an abort before the head or in the body is marked aborted and stops the exchange", async (t) => {
  const http = denoFetch();
  try {
    await t.step("before the head", async () => {
      const server = scripted(() => ({ kind: "hang" }));
      try {
        const stop = new AbortController();
        const out = exchange(http.fetch, `${server.url}/chat/completions`, { body: "{}" }, {
          ...LIMITS,
          signal: stop.signal,
        });
        await Promise.race([server.firstArrival, out]);
        stop.abort();
        const outcome = await out;
        assert(!outcome.ok);
        assert.equal(outcome.aborted, true);
        assert.equal(outcome.error.message, "stopped by the run");
        assert.equal(outcome.response, null);
      } finally {
        await server.close();
      }
    });
    await t.step("in the body", async () => {
      const server = scripted(() => ({ kind: "endless", intervalMs: 5 }));
      try {
        const stop = new AbortController();
        let headSeen = () => {};
        const head = new Promise<void>((resolve) => headSeen = resolve);
        const spy: typeof fetch = (input, init) =>
          http.fetch(input, init).then((response) => {
            headSeen();
            return response;
          });
        const out = exchange(spy, `${server.url}/chat/completions`, { body: "{}" }, {
          ...LIMITS,
          signal: stop.signal,
        });
        await Promise.race([head, out]);
        stop.abort();
        const outcome = await out;
        assert(!outcome.ok);
        assert.equal(outcome.aborted, true);
        assert.equal(outcome.error.message, "stopped by the run");
        assert.equal(outcome.response?.status, 200, "after its head");
      } finally {
        await server.close();
      }
    });
  } finally {
    http.close();
  }
});

Deno.test("a kept-alive connection closed as a request goes out: Deno's fetch sends it once more", async () => {
  // The second request goes out on the first's connection, which the server closes on reading
  // it, before a byte of an answer; had it gone on a new connection, that would be an error.
  const server = scripted((n) => n === 2 ? { kind: "drop" } : respond);
  const http = denoFetch();
  try {
    for (let i = 0; i < 2; i++) {
      const out = await exchange(
        http.fetch,
        `${server.url}/chat/completions`,
        { body: "{}" },
        LIMITS,
      );
      assert.deepEqual(out, { ok: true, status: 200, body: REPLY });
    }
    assert.equal(server.arrivals, 3, "the second request twice: dropped, then answered");
  } finally {
    http.close();
    await server.close();
  }
});

Deno.test("a response cut after its first bytes is an error, never sent again", async () => {
  const server = scripted((n) => n === 2 ? { kind: "cut", body: REPLY.repeat(100) } : respond);
  const http = denoFetch();
  try {
    const url = `${server.url}/chat/completions`;
    assert.equal((await exchange(http.fetch, url, { body: "{}" }, LIMITS)).ok, true);
    const cut = await exchange(http.fetch, url, { body: "{}" }, LIMITS);
    assert(!cut.ok);
    assert.equal(cut.error.kind, "network");
    assert.match(cut.error.message, /^the response was cut (before|after) /);
    assert.equal(server.arrivals, 2);
    assert.equal((await exchange(http.fetch, url, { body: "{}" }, LIMITS)).ok, true);
  } finally {
    http.close();
    await server.close();
  }
});

Deno.test("a gzip or br body is inflated, and capped on its decoded size", async (t) => {
  const { brotliCompressSync, gzipSync } = await import("node:zlib");
  const big = `{"x": "${"y".repeat(100_000)}"}`;
  const http = denoFetch();
  try {
    for (const [coding, squeeze] of [["gzip", gzipSync], ["br", brotliCompressSync]] as const) {
      await t.step(coding, async () => {
        const server = scripted(() => ({
          kind: "respond",
          status: 200,
          headers: { "content-encoding": coding, "content-type": "application/json" },
          body: new Uint8Array(squeeze(big)),
        }));
        try {
          const url = `${server.url}/chat/completions`;
          const whole = await exchange(http.fetch, url, { body: "{}" }, LIMITS);
          assert.deepEqual(whole, { ok: true, status: 200, body: big });
          const capped = await exchange(http.fetch, url, { body: "{}" }, {
            ...LIMITS,
            maxResponseBytes: 10_000,
          });
          assert(!capped.ok);
          assert.equal(capped.error.message, "the response body passed the 10000-byte cap");
        } finally {
          await server.close();
        }
      });
    }
  } finally {
    http.close();
  }
});

/** Bytes from text and byte parts. */
function bytesOf(...parts: (string | Uint8Array)[]): Uint8Array {
  const list = parts.map((p) => typeof p === "string" ? new TextEncoder().encode(p) : p);
  const out = new Uint8Array(list.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of list) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

Deno.test("each body failure is named by what Deno's error says, and recorded for what it is", async (t) => {
  const { gzipSync, brotliCompressSync } = await import("node:zlib");
  const plain = new TextEncoder().encode(REPLY.repeat(4000));
  const gzip = new Uint8Array(gzipSync(plain));
  const br = new Uint8Array(brotliCompressSync(plain));
  const badCrc = gzip.slice();
  badCrc[badCrc.length - 6]! ^= 0xff;
  const badBr = br.slice();
  badBr[5]! ^= 0xff;
  badBr[8]! ^= 0x55;
  const chunked = "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\n[1,2,\r\n";
  const encoded = (encoding: string, body: Uint8Array) =>
    bytesOf(
      `HTTP/1.1 200 OK\r\ncontent-encoding: ${encoding}\r\ncontent-length: ${body.length}\r\n\r\n`,
      body,
    );
  const cases: [string, Uint8Array, "broken" | "bad-encoding", string, boolean][] = [
    ["a chunk size that is not hex", bytesOf(chunked, "zz\r\n"), "broken", "broken-body", false],
    [
      "trailers over 64 KiB",
      bytesOf(chunked, "0\r\n", `x-pad: ${"p".repeat(70_000)}\r\n\r\n`),
      "broken",
      "broken-body",
      false,
    ],
    ["a chunked body cut", bytesOf(chunked, "10\r\nabc"), "broken", "broken-body", false],
    [
      "not gzip at all",
      encoded("gzip", new TextEncoder().encode("not gzip at all!")),
      "bad-encoding",
      "broken-body",
      false,
    ],
    [
      "gzip with bad data",
      encoded("gzip", gzip.map((b, i) => i > 12 && i < 40 ? b ^ 0x5a : b)),
      "bad-encoding",
      "broken-body",
      false,
    ],
    ["gzip with a bad checksum", encoded("gzip", badCrc), "bad-encoding", "broken-body", false],
    [
      "gzip that stops early",
      encoded("gzip", gzip.subarray(0, gzip.length - 10)),
      "bad-encoding",
      "broken-body",
      false,
    ],
    ["br with bad data", encoded("br", badBr), "bad-encoding", "broken-body", false],
    [
      "br that stops early",
      encoded("br", br.subarray(0, br.length - 3)),
      "bad-encoding",
      "broken-body",
      false,
    ],
  ];
  for (const [name, bytes, failure, kind, transient] of cases) {
    await t.step(name, async () => {
      // Deno's own error, and the failure the table reads from it.
      const server = scripted(() => ({ kind: "raw", bytes }));
      try {
        const response = await fetch(`${server.url}/models`);
        const error = await response.arrayBuffer().then(() => null, (e: unknown) => e);
        assert(error instanceof TypeError, `Deno's body error: ${error}`);
        assert.equal(denoBodyFailure(error), failure, (error as Error).message);
        // Through the run's fetch and the exchange: the record's kind and wording.
        const http = denoFetch();
        const out = await exchange(http.fetch, `${server.url}/models`, {}, LIMITS);
        http.close();
        assert(!out.ok);
        assert.equal(`${out.error.kind} ${out.error.transient}`, `${kind} ${transient}`);
        assert.match(
          out.error.message,
          failure === "broken"
            ? /^the server sent a broken body: it broke off after \d+ bytes, its connection closed or its chunked framing invalid/
            : /^the server sent a broken body: it does not decode as its Content-Encoding "(gzip|br)" says \(after \d+ bytes decoded\)$/,
        );
      } finally {
        await server.close();
      }
    });
  }
  await t.step(
    "a body framed by its length and cut is still a cut: a transient network error",
    async () => {
      const bytes = encoded("gzip", gzip);
      const server = scripted(() => ({ kind: "raw", bytes: bytes.subarray(0, bytes.length - 20) }));
      try {
        const out = await exchange(denoFetch().fetch, `${server.url}/models`, {}, LIMITS);
        assert(!out.ok);
        assert.equal(`${out.error.kind} ${out.error.transient}`, "network true");
        assert.match(out.error.message, /^the response was cut after \d+ bytes of its body$/);
      } finally {
        await server.close();
      }
    },
  );
  await t.step("words the table does not hold name nothing", () => {
    assert.equal(denoBodyFailure(new TypeError("something else")), null);
    assert.equal(denoBodyFailure(new Error("error reading a body from connection")), null);
    assert.equal(denoBodyFailure("brotli error"), null);
  });
});
