import assert from "node:assert/strict";
import { describeStatus, exchange, isTransientStatus, retryAfterMs } from "../../src/run/http.ts";

function serve(handler: (req: Request) => Response | Promise<Response>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  return { url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/v1`, server };
}

const LIMITS = { timeoutMs: 2000, maxResponseBytes: 1 << 20, timers: globalThis };

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
    const out = await exchange(fetch, `${url}/chat/completions`, { body: "{}" }, {
      ...LIMITS,
      timeoutMs: 300,
    });
    assert.equal(out.ok, false);
    if (!out.ok) {
      assert.deepEqual(out.error, {
        kind: "timeout",
        message: "no complete response within 0.3 s",
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
  const { url, server } = serve(() =>
    new Promise<Response>((r) => setTimeout(() => r(new Response("{}")), 500))
  );
  try {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const out = await exchange(fetch, `${url}/x`, {}, { ...LIMITS, signal: controller.signal });
    assert.equal(out.ok, false);
    if (!out.ok) assert.equal(out.aborted, true);
  } finally {
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
