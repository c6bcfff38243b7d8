import assert from "node:assert/strict";
import {
  describeStatus,
  exchange,
  isTransientStatus,
  NetworkError,
  retryAfterMs,
} from "../../src/run/http.ts";
import { API_KEY_MARKER } from "../../src/run/api_key.ts";
import { Deadlines } from "../../src/run/deadlines.ts";
import { countingTimers, FakeTime } from "./_fixtures.ts";
import { type FaultRule, startEmulator } from "../support/vllm_emulator.ts";

function serve(handler: (req: Request) => Response | Promise<Response>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  return { url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/v1`, server };
}

/**
 * A time limit no exchange of these tests comes near, however loaded the machine (a 2 s limit
 * timed out a brotli bomb's decoding at a load average of 21): only the test of a body that never
 * ends waits for it.
 */
const LIMITS = { timeoutMs: 60_000, maxResponseBytes: 1 << 20, timers: globalThis };

Deno.test("a body that never ends is a timeout, not a hang", async () => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const { url, server } = serve(() =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"choices":'));
          timer = setInterval(() => controller.enqueue(new TextEncoder().encode(" ")), 20);
        },
        cancel() {
          clearInterval(timer);
        },
      }),
    )
  );
  try {
    // The limit is long enough that a frozen test process still sees the headers in time
    // (it failed at 300 ms under load): the endless body, not a slow start, is what times out.
    const out = await exchange(fetch, `${url}/chat/completions`, { body: "{}" }, {
      ...LIMITS,
      timeoutMs: 2000,
    });
    assert.equal(out.ok, false);
    if (!out.ok) {
      assert.deepEqual(out.error, {
        kind: "timeout",
        message: "no complete response within 2 s",
        status: 200,
        transient: true,
      });
      assert.equal(out.aborted, false);
    }
  } finally {
    clearInterval(timer);
    await server.shutdown();
  }
});

/**
 * Runs `outcome` to the point where only its deadline can end it, checks that it has not
 * settled, fires `end`, and checks that it has settled: every step of an exchange after a fetch
 * of these is a promise reaction, run before the next macrotask.
 */
async function endedOnlyBy<T>(outcome: Promise<T>, end: () => void): Promise<T> {
  let settled = false;
  outcome.then(() => settled = true, () => settled = true);
  const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));
  await macrotask();
  assert.equal(settled, false, "not ended before its deadline");
  end();
  await macrotask();
  assert.equal(settled, true, "ended as its deadline passed");
  return await outcome;
}

Deno.test({
  name: "the deadline holds when the fetch does not end a body read or itself on abort",
  permissions: "none",
  fn: async (t) => {
    // Deno 2.9.6's fetch leaves about one body read in 3,000 pending when its signal aborts
    // mid-body (the CLI's -timeout test hung on it); these fetches ignore the signal altogether.
    let cancelled = 0;
    const stalled = () =>
      new ReadableStream<Uint8Array>({
        start: (c) => c.enqueue(new TextEncoder().encode("{")),
        pull: () => new Promise<void>(() => {}),
        cancel: () => void cancelled++,
      });
    const cases: [string, () => Promise<Response>][] = [
      ["a counted body", () => Promise.resolve(new Response(stalled()))],
      [
        "a body of declared length",
        () => Promise.resolve(new Response(stalled(), { headers: { "content-length": "10" } })),
      ],
      ["a fetch that never answers", () => new Promise<Response>(() => {})],
    ];
    for (const [name, answer] of cases) {
      await t.step(name, async () => {
        const time = new FakeTime();
        const out = await endedOnlyBy(
          exchange(answer as typeof fetch, "http://127.0.0.1:1/v1/chat/completions", {
            body: "{}",
          }, { ...LIMITS, timers: time }),
          () => time.advance(LIMITS.timeoutMs),
        );
        assert.equal(!out.ok && out.error.kind, "timeout");
        assert.equal(!out.ok && out.aborted, false);
      });
    }
    assert.equal(cancelled, 1, "the counted body's reader is cancelled, freeing its connection");
    await t.step("the run's stop ends a stalled read too", async () => {
      const stop = new AbortController();
      const out = await endedOnlyBy(
        exchange(() => Promise.resolve(new Response(stalled())), "http://127.0.0.1:1/v1/x", {}, {
          ...LIMITS,
          timers: new FakeTime(),
          signal: stop.signal,
        }),
        () => stop.abort(),
      );
      assert.equal(!out.ok && out.aborted, true);
      assert.equal(!out.ok && out.error.message, "stopped by the run");
    });
  },
});

Deno.test("a body over the cap is too-large, whether or not its length is declared", async () => {
  const big = "x".repeat(5000);
  const { url, server } = serve((req) =>
    new URL(req.url).pathname.endsWith("declared")
      ? new Response(big)
      : new Response(new Blob([big]).stream())
  );
  try {
    for (const path of ["declared", "streamed"]) {
      const out = await exchange(fetch, `${url}/${path}`, {}, {
        ...LIMITS,
        maxResponseBytes: 1000,
      });
      assert.equal(out.ok, false, path);
      if (!out.ok) {
        assert.equal(out.error.kind, "too-large");
        assert.equal(out.error.transient, false);
        assert.match(out.error.message, /1000-byte cap/);
      }
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("a refused connection is a transient network error", async () => {
  const { url, server } = serve(() => new Response("x"));
  await server.shutdown();
  const out = await exchange(fetch, `${url}/models`, {}, LIMITS);
  assert.equal(out.ok, false);
  if (!out.ok) {
    assert.equal(out.error.kind, "network");
    assert.equal(out.error.transient, true);
    assert.equal(out.response, null);
  }
});

Deno.test("the key goes as a bearer token; the body as JSON; statuses are described", async () => {
  const seen: [string | null, string | null, string][] = [];
  const { url, server } = serve(async (req) => {
    seen.push([req.headers.get("authorization"), req.headers.get("content-type"), req.method]);
    await req.text();
    return Response.json({
      error: { message: "This model's maximum context length is 10 tokens.", code: 400 },
    }, { status: 400 });
  });
  try {
    const out = await exchange(fetch, `${url}/chat/completions`, { body: "{}" }, {
      ...LIMITS,
      apiKey: "sk-secret",
    });
    assert.deepEqual(seen, [["Bearer sk-secret", "application/json", "POST"]]);
    assert.equal(out.ok, false);
    if (!out.ok) {
      assert.deepEqual(out.error, {
        kind: "http",
        message: "HTTP 400: This model's maximum context length is 10 tokens.",
        status: 400,
        transient: false,
      });
      assert.doesNotMatch(out.error.message, /sk-secret/);
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("an outside abort is marked aborted", async () => {
  let arrived = () => {};
  const arrival = new Promise<void>((resolve) => arrived = resolve);
  // The answer waits until the test ends.
  let release = () => {};
  const { url, server } = serve(() =>
    new Promise<Response>((resolve) => {
      release = () => resolve(new Response("{}"));
      arrived();
    })
  );
  try {
    const controller = new AbortController();
    const out = exchange(fetch, `${url}/x`, {}, { ...LIMITS, signal: controller.signal });
    await Promise.race([arrival, out]);
    controller.abort();
    const outcome = await out;
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.equal(outcome.aborted, true);
  } finally {
    release();
    await server.shutdown();
  }
});

Deno.test("transient statuses: 408, 429 and 5xx", () => {
  assert.deepEqual([400, 401, 404, 408, 422, 429, 500, 503].map(isTransientStatus), [
    false,
    false,
    false,
    true,
    false,
    true,
    true,
    true,
  ]);
});

Deno.test("describeStatus reads both vLLM error envelopes and plain text", () => {
  assert.equal(describeStatus(401, '{"error": "Unauthorized"}'), "HTTP 401: Unauthorized");
  assert.equal(
    describeStatus(400, '{"object":"error","message":"bad","type":"BadRequestError","code":400}'),
    "HTTP 400: bad",
  );
  assert.equal(describeStatus(404, '{"detail":"Not Found"}'), "HTTP 404: Not Found");
  assert.equal(describeStatus(502, "Bad\n gateway"), "HTTP 502: Bad gateway");
  assert.equal(describeStatus(500, ""), "HTTP 500");
});

Deno.test("a transient status keeps its Retry-After; other statuses and replies do not", async () => {
  const { url, server } = serve((req) => {
    const code = Number(new URL(req.url).searchParams.get("status"));
    return new Response("{}", { status: code, headers: { "Retry-After": "7" } });
  });
  try {
    const retryAfter = async (code: number) => {
      const out = await exchange(fetch, `${url}/models?status=${code}`, {}, LIMITS);
      return out.ok ? "ok" : out.retryAfter;
    };
    assert.equal(await retryAfter(429), "7");
    assert.equal(await retryAfter(503), "7");
    assert.equal(await retryAfter(400), undefined);
    assert.equal(await retryAfter(200), "ok");
  } finally {
    await server.shutdown();
  }
});

Deno.test("retryAfterMs reads delta-seconds and HTTP dates, and nothing else", () => {
  const now = Date.parse("2026-11-30T12:00:00Z");
  assert.equal(retryAfterMs("0", now), 0);
  assert.equal(retryAfterMs(" 120 ", now), 120_000);
  assert.equal(retryAfterMs("Mon, 30 Nov 2026 12:00:30 GMT", now), 30_000);
  assert.equal(retryAfterMs("Mon, 30 Nov 2026 11:00:00 GMT", now), 0, "a date past");
  assert.equal(retryAfterMs("Monday, 30-Nov-26 12:01:00 GMT", now), 60_000, "RFC 850");
  assert.equal(retryAfterMs("Mon Nov 30 12:00:05 2026", now), 5_000, "asctime, read as GMT");
  assert.equal(retryAfterMs("Mon Nov  1 12:00:00 2027", now) !== null, true, "asctime, one digit");
  assert.equal(retryAfterMs("007", now), 7_000);
  assert.equal(retryAfterMs("9".repeat(400), now), Number.MAX_SAFE_INTEGER);
  for (
    const bad of [
      "",
      "-5",
      "1.5",
      "soon",
      "2026-11-30T12:00:30Z",
      "Mon, 99 Nov 2026 GMT",
      "Mon, 30 Nov 2026 12:00:30 UTC",
      "Mon, 30 Nov 2026 12:00:30",
      "\u0661\u0662",
    ]
  ) {
    assert.equal(retryAfterMs(bad, now), null, bad);
  }
});

// ---- Hostile servers, through the emulator's faults ----

const ROWS = [{ id: 1, query: "Weather in Oslo?", tools: "[]", answers: "[]" }];
const CHAT = JSON.stringify({
  model: "base",
  messages: [{ role: "user", content: "Weather in Oslo?" }],
  chat_template_kwargs: { enable_thinking: false },
});
const KEY = "sk-hostile-0123456789";

/** One chat exchange with an emulator that injects `fault` into it. */
async function faulted(
  fault: Omit<FaultRule, "requests">,
  limits: { maxResponseBytes?: number; apiKey?: string } = {},
  more: { hugeBytes?: number } = {},
) {
  const emu = await startEmulator({
    rows: ROWS,
    apiKey: KEY,
    faults: [{ ...fault, requests: [1] }],
    ...more,
  });
  try {
    const outcome = await exchange(fetch, `${emu.url}/chat/completions`, { body: CHAT }, {
      ...LIMITS,
      apiKey: KEY,
      ...limits,
    });
    return { outcome, emu };
  } finally {
    await emu.close();
  }
}

Deno.test("a compressed body is capped on its decoded bytes, whatever its Content-Length", async (t) => {
  for (const kind of ["gzip-bomb", "br-bomb"] as const) {
    await t.step(kind, async () => {
      // 8 MiB once inflated, a few KiB on the wire with a Content-Length that says so.
      const { outcome } = await faulted({ kind }, { maxResponseBytes: 1 << 20 }, {
        hugeBytes: 8 << 20,
      });
      assert.equal(outcome.ok, false);
      if (outcome.ok) return;
      assert.deepEqual(outcome.error, {
        kind: "too-large",
        message: "the response body passed the 1048576-byte cap",
        status: 200,
        transient: false,
      });
      assert.deepEqual(outcome.response, { status: 200, body: null }, "nothing of it kept");
    });
  }
  await t.step("a compressed body within the cap is read, inflated", async () => {
    const { outcome } = await faulted({ kind: "gzip-bomb" }, { maxResponseBytes: 1 << 20 }, {
      hugeBytes: 100_000,
    });
    assert.equal(outcome.ok, true);
    if (!outcome.ok) return;
    assert.equal(outcome.body.length, 100_000);
    assert(outcome.body.startsWith('{"id": "chatcmpl-bomb"'));
  });
});

Deno.test("a counted body gives its own size: a declared length is trusted only unencoded", async () => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const { gzipSync } = await import("node:zlib");
    const big = new TextEncoder().encode(`{"x":"${"y".repeat(5000)}"}`);
    // A small Content-Length with an encoding: the decoded size is what counts.
    if (path === "/encoded") {
      const gz = gzipSync(big);
      return new Response(new Uint8Array(gz), {
        headers: { "content-encoding": "gzip", "content-length": String(gz.length) },
      });
    }
    return new Response(big);
  });
  try {
    const url = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
    for (const path of ["/encoded", "/plain"]) {
      const out = await exchange(fetch, url + path, {}, { ...LIMITS, maxResponseBytes: 4096 });
      assert.equal(out.ok, false, path);
      if (!out.ok) assert.equal(out.error.kind, "too-large", path);
    }
    const within = await exchange(fetch, `${url}/encoded`, {}, LIMITS);
    assert.equal(within.ok, true);
    if (within.ok) assert.equal(within.body.length, 5008);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a Content-Length beside Transfer-Encoding is not trusted: the chunks are counted", async () => {
  // fetch keeps both headers and reads the chunks, whatever the length says.
  const chunked = "x".repeat(5000);
  const raw = "HTTP/1.1 200 OK\r\ncontent-length: 10\r\ntransfer-encoding: chunked\r\n\r\n" +
    `${chunked.length.toString(16)}\r\n${chunked}\r\n0\r\n\r\n`;
  const { outcome } = await faulted({ kind: "raw", bytes: new TextEncoder().encode(raw) }, {
    maxResponseBytes: 4096,
  });
  assert.equal(outcome.ok, false);
  if (!outcome.ok) {
    assert.equal(outcome.error.message, "the response body passed the 4096-byte cap");
  }
});

Deno.test("a redirect is not followed: an http error naming it, nothing sent on", async () => {
  const { outcome, emu } = await faulted({ kind: "redirect" });
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.deepEqual(outcome.error, {
    kind: "http",
    message: "HTTP 302: the server answered with a redirect, and redirects are not followed " +
      "(vLLM never redirects: is the server URL the vLLM server's own?)",
    status: 302,
    transient: false,
  });
  assert.equal(emu.stats.redirectsFollowed, 0);
});

Deno.test("a 200 body that is not UTF-8 is malformed, never repaired", async () => {
  const { outcome } = await faulted({ kind: "not-utf8" });
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.equal(outcome.error.kind, "malformed");
  assert.match(
    outcome.error.message,
    /^the response body is not UTF-8 text: the text is not valid UTF-8 at byte [0-9]+$/,
  );
  assert.equal(outcome.error.transient, false);
  assert(outcome.response?.body?.includes("caf\uFFFD"), "kept, marked where it broke");
});

Deno.test("a 200 body holding U+FFFD as written (valid UTF-8) is taken as it is", async () => {
  const body = '{"choices": [{"message": {"content": "caf\uFFFD"}}]}';
  const { outcome } = await faulted({ kind: "custom", body });
  assert.deepEqual(outcome, { ok: true, status: 200, body });
});

Deno.test("a body cut mid-way says after how many bytes (or before the length declared)", async (t) => {
  await t.step("a declared length", async () => {
    const { outcome } = await faulted({ kind: "cut" });
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.equal(outcome.error.kind, "network");
    assert.equal(outcome.error.transient, true);
    assert.match(
      outcome.error.message,
      /^the response was cut before the [0-9]+ bytes its Content-Length declares$/,
    );
  });
  await t.step("a chunked body", async () => {
    const raw = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n" +
      'transfer-encoding: chunked\r\n\r\n7\r\n{"a": 1\r\n';
    const { outcome } = await faulted({ kind: "raw", bytes: new TextEncoder().encode(raw) });
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.deepEqual(outcome.error, {
      kind: "network",
      message: "the response was cut after 7 bytes of its body",
      status: 200,
      transient: true,
    });
  });
});

Deno.test("the key echoed by a server is replaced in every text the exchange returns", async (t) => {
  await t.step("a 400 quoting the Authorization header", async () => {
    const { outcome } = await faulted({ kind: "echo-key" });
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.equal(
      outcome.error.message,
      `HTTP 400: Invalid request headers: {'authorization': 'Bearer ${API_KEY_MARKER}', ` +
        "'content-type': 'application/json'}",
    );
    assert(outcome.response?.body?.includes(`Bearer ${API_KEY_MARKER}`));
    assert(!JSON.stringify(outcome).includes(KEY));
  });
  await t.step("a 200 whose content holds it behind a JSON escape: not a reply", async () => {
    const { outcome } = await faulted({ kind: "echo-key-200" });
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.equal(outcome.error.kind, "malformed");
    assert.match(outcome.error.message, /holds the API key/);
    assert(!JSON.stringify(outcome).includes(KEY));
    assert.equal(
      JSON.parse(outcome.response!.body!).choices[0].message.content,
      `You sent Bearer ${API_KEY_MARKER}`,
    );
  });
  await t.step("a network error's text", async () => {
    const other = (() =>
      Promise.reject(
        new TypeError("fetch failed", { cause: new Error(`odd: ${KEY}`) }),
      )) as typeof fetch;
    const odd = await exchange(other, "http://127.0.0.1:1/v1/models", {}, {
      ...LIMITS,
      apiKey: KEY,
    });
    assert(!odd.ok && odd.error.message === `network error (fetch failed odd: ${API_KEY_MARKER})`);
  });
});

Deno.test({
  name: "a network failure is told by its error's type or code, never by its words",
  permissions: "none",
  fn: async (t) => {
    const failing = (error: unknown) => (() => Promise.reject(error)) as typeof fetch;
    const message = async (error: unknown) => {
      const out = await exchange(failing(error), "http://127.0.0.1:1/v1/models", {}, LIMITS);
      assert(!out.ok);
      assert.equal(out.error.kind, "network");
      assert.equal(out.error.transient, true);
      assert.equal(out.response, null);
      return out.error.message;
    };
    const cases: [string, unknown, string][] = [
      ["a NetworkError", new NetworkError("refused"), "connection refused"],
      [
        "a NetworkError as a cause",
        new TypeError("fetch failed", { cause: new NetworkError("unresolved") }),
        "the server's host name does not resolve",
      ],
      [
        "Node's code on the cause (undici)",
        new TypeError("fetch failed", {
          cause: Object.assign(new Error("x"), { code: "ECONNRESET" }),
        }),
        "connection reset",
      ],
      [
        "undici's closed socket",
        Object.assign(new Error("x"), { code: "UND_ERR_SOCKET" }),
        "connection closed before the response ended",
      ],
      [
        "a timed-out connect",
        Object.assign(new Error("x"), { code: "ETIMEDOUT" }),
        "the connection timed out",
      ],
      [
        "an unreachable host",
        Object.assign(new Error("x"), { code: "EHOSTUNREACH" }),
        "the server's host cannot be reached",
      ],
      [
        "words alone classify nothing",
        new TypeError("connection refused (http://10.0.0.1:8000/v1)"),
        "network error (connection refused)",
      ],
      [
        "an unknown code",
        Object.assign(new Error("odd"), { code: "EWHATEVER" }),
        "network error (odd)",
      ],
    ];
    for (const [name, error, expected] of cases) {
      await t.step(name, async () => assert.equal(await message(error), expected));
    }
  },
});

Deno.test({
  name: "shared deadlines are used when their length is the timeout, else the exchange's own",
  permissions: "none",
  fn: async () => {
    const { timers, set } = countingTimers();
    const shared = new Deadlines(timers, 4000);
    // Two exchanges, the first answered only once the second is sent: both deadlines pending.
    const pair = async (timeoutMs: number) => {
      set.length = 0;
      let release = () => {};
      const waiting = new Promise<void>((resolve) => release = resolve);
      let calls = 0;
      const fetchFn = (async () => {
        if (++calls === 1) await waiting;
        else release();
        return new Response("{}");
      }) as typeof fetch;
      const outs = await Promise.all(
        [1, 2].map(() =>
          exchange(fetchFn, "http://127.0.0.1:1/v1/chat/completions", { body: "{}" }, {
            ...LIMITS,
            timers,
            timeoutMs,
            deadlines: shared,
          })
        ),
      );
      assert.ok(outs.every((o) => o.ok));
      return [...set];
    };
    assert.deepEqual(await pair(4000), [4000], "one timer for both");
    assert.deepEqual(await pair(3000), [3000, 3000], "another length: each its own timeout");
  },
});
