import assert from "node:assert/strict";
import { describeStatus, exchange, isTransientStatus } from "../../src/run/http.ts";

function serve(handler: (req: Request) => Response | Promise<Response>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  return { url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/v1`, server };
}

const LIMITS = { timeoutMs: 2000, maxResponseBytes: 1 << 20 };

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
