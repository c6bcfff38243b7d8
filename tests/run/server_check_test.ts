import assert from "node:assert/strict";
import { ServerError } from "../../src/run/run_errors.ts";
import { checkServer, type ServerCheckOptions } from "../../src/run/server_check.ts";
import { startStub } from "./_stub_server.ts";
import { denoFetch } from "../../src/cli/deno_fetch.ts";
import { API_KEY_MARKER } from "../../src/run/api_key.ts";
import { parseFault, startEmulator } from "../support/vllm_emulator.ts";

function options(url: string, more: Partial<ServerCheckOptions> = {}): ServerCheckOptions {
  return {
    url,
    baseline: "base",
    adapters: [],
    timeoutMs: 2000,
    maxResponseBytes: 1 << 20,
    timers: globalThis,
    ...more,
  };
}

async function refusal(promise: Promise<unknown>): Promise<ServerError> {
  try {
    await promise;
  } catch (e) {
    assert(e instanceof ServerError, String(e));
    return e;
  }
  assert.fail("accepted");
}

Deno.test("a server that serves every model passes", async () => {
  const stub = startStub({ models: ["base", "a"], apiKey: "k" });
  try {
    const check = await checkServer(
      fetch,
      options(stub.url, { apiKey: "k", adapters: [{ name: "a" }] }),
    );
    assert.deepEqual(check, { served: ["base", "a"], loaded: [] });
  } finally {
    await stub.close();
  }
});

Deno.test("unreachable: says so and what to fix", async () => {
  const stub = startStub();
  await stub.close();
  // The run's fetch, which says why a connection failed.
  const http = denoFetch();
  const e = await refusal(checkServer(http.fetch, options(stub.url)).finally(() => http.close()));
  assert.match(
    e.message,
    /^cannot reach the server at http:\/\/127\.0\.0\.1:[0-9]+\/v1: connection refused\. Start the server, or fix server\.url$/,
  );
});

Deno.test("a key refused, or none sent: says to set VLLM_API_KEY, never shows the key", async () => {
  const stub = startStub({ apiKey: "right" });
  try {
    const wrong = await refusal(checkServer(fetch, options(stub.url, { apiKey: "wrong-key" })));
    assert.match(wrong.message, /refused the API key: set VLLM_API_KEY/);
    assert.doesNotMatch(wrong.message + wrong.lines.join(), /wrong-key/);
    const none = await refusal(checkServer(fetch, options(stub.url)));
    assert.match(none.message, /asks for an API key: set VLLM_API_KEY/);
  } finally {
    await stub.close();
  }
});

Deno.test("a baseline or adapter not served is named, with what is served", async () => {
  const stub = startStub({ models: ["other"] });
  try {
    const e = await refusal(checkServer(fetch, options(stub.url)));
    assert.equal(
      e.message,
      'the server does not serve the baseline "base": set models.baseline to a served name',
    );
    assert.deepEqual(e.lines, ['it serves: "other"']);
    stub.models.push("base");
    const a = await refusal(checkServer(fetch, options(stub.url, { adapters: [{ name: "a" }] })));
    assert.match(a.message, /does not serve the adapter "a", and it has no path/);
  } finally {
    await stub.close();
  }
});

Deno.test("an adapter with a path is loaded at run time", async () => {
  const stub = startStub({ models: ["base"], dynamicLora: true });
  try {
    const check = await checkServer(
      fetch,
      options(stub.url, { adapters: [{ name: "a", path: "/ckpt/a" }] }),
    );
    assert.deepEqual(check, { served: ["base", "a"], loaded: ["a"] });
  } finally {
    await stub.close();
  }
});

Deno.test("a refused load says runtime LoRA loading must be enabled", async () => {
  const off = startStub({ models: ["base"] });
  const on = startStub({ models: ["base"], dynamicLora: true });
  try {
    const e = await refusal(
      checkServer(fetch, options(off.url, { adapters: [{ name: "a", path: "/ckpt/a" }] })),
    );
    assert.match(e.message, /refused to load the adapter "a": runtime LoRA loading is not enabled/);
    assert.match(e.lines[0]!, /VLLM_ALLOW_RUNTIME_LORA_UPDATING=True/);
    const missing = await refusal(
      checkServer(fetch, options(on.url, { adapters: [{ name: "a", path: "/missing/a" }] })),
    );
    assert.match(
      missing.message,
      /from its path \(HTTP 404: Loading lora a failed: No adapter found/,
    );
    assert.match(missing.lines[0]!, /VLLM_ALLOW_RUNTIME_LORA_UPDATING/);
  } finally {
    await off.close();
    await on.close();
  }
});

Deno.test("not a model list: asks whether the URL is a vLLM server's", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("<html>hello</html>"),
  );
  try {
    const url = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/v1`;
    const e = await refusal(checkServer(fetch, options(url)));
    assert.match(e.message, /not a model list: is server.url a vLLM server's \/v1 URL\?/);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a server that echoes the key in GET /models: the message holds the marker, never the key", async () => {
  const key = "sk-check-0123456789";
  const emu = await startEmulator({ apiKey: key, faults: [parseFault("echo-key@1^models")] });
  try {
    const e = await refusal(checkServer(fetch, options(emu.url, { apiKey: key })));
    assert.match(e.message, /answered GET \/models with HTTP 400: Invalid request headers:/);
    assert(e.message.includes(`'authorization': 'Bearer ${API_KEY_MARKER}'`), e.message);
    assert(!(e.message + e.lines.join("\n")).includes(key));
  } finally {
    await emu.close();
  }
});

Deno.test("a model list that holds the key, or is not UTF-8: not a model list, said so", async () => {
  const key = "sk-listed-0123456789";
  const named = await startEmulator({ apiKey: key, baseModel: key });
  try {
    const e = await refusal(checkServer(fetch, options(named.url, { apiKey: key })));
    assert.equal(
      e.message,
      `the server at ${named.url} answered GET /models with something that is not a model ` +
        `list (the response holds the API key (recorded as ${API_KEY_MARKER}), so it is not ` +
        "taken as a reply): is server.url a vLLM server's /v1 URL?",
    );
  } finally {
    await named.close();
  }
  const bytes = await startEmulator({ faults: [parseFault("not-utf8@1^models")] });
  try {
    const e = await refusal(checkServer(fetch, options(bytes.url)));
    assert.match(e.message, /not a model list \(the response body is not UTF-8 text: /);
  } finally {
    await bytes.close();
  }
});

Deno.test("GET /models redirected: not followed, and said", async () => {
  const emu = await startEmulator({ faults: [parseFault("redirect@1^models")] });
  try {
    const e = await refusal(checkServer(fetch, options(emu.url)));
    assert.match(
      e.message,
      /answered GET \/models with HTTP 302: the server answered with a redirect, and redirects are not followed/,
    );
    assert.equal(emu.stats.redirectsFollowed, 0);
  } finally {
    await emu.close();
  }
});

Deno.test("GET /models cut or endless: the server answered and did not finish, said so", async () => {
  const emu = await startEmulator({
    faults: [parseFault("cut@1^models"), parseFault("endless@2^models")],
    endlessIntervalMs: 10,
  });
  try {
    const cut = await refusal(checkServer(fetch, options(emu.url)));
    assert.match(
      cut.message,
      /^the server at .* did not finish its answer to GET \/models: the response was cut before the [0-9]+ bytes its Content-Length declares$/,
    );
    const endless = await refusal(checkServer(fetch, options(emu.url, { timeoutMs: 300 })));
    assert.match(
      endless.message,
      /did not finish its answer to GET \/models: no complete response within 0\.3 s$/,
    );
  } finally {
    await emu.close();
  }
});

Deno.test("every GET /models refusal names the server and the setting as the run names them", async () => {
  const naming = { server: "replica 2 (at 127.0.0.1)", setting: "server.urls[1]" };
  const emu = await startEmulator({
    faults: [parseFault("not-utf8@1^models"), parseFault("cut@2^models")],
  });
  try {
    const bad = await refusal(checkServer(fetch, options(emu.url, { naming })));
    assert.match(
      bad.message,
      /^replica 2 \(at 127\.0\.0\.1\) answered GET \/models with something that is not a model list \(the response body is not UTF-8 text: .*\): is server\.urls\[1\] a vLLM server's \/v1 URL\?$/,
    );
    const cut = await refusal(checkServer(fetch, options(emu.url, { naming })));
    assert.match(
      cut.message,
      /^replica 2 \(at 127\.0\.0\.1\) did not finish its answer to GET \/models: the response was cut/,
    );
    for (const e of [bad, cut]) assert(!e.message.includes(emu.url), e.message);
  } finally {
    await emu.close();
  }
});

Deno.test("what is served is listed up to 20 names, then counted", async () => {
  const served = Array.from({ length: 25 }, (_, i) => `m${i}`);
  const stub = startStub({ models: served });
  try {
    const e = await refusal(checkServer(fetch, options(stub.url)));
    assert.deepEqual(e.lines, [
      `it serves: ${served.slice(0, 20).map((s) => `"${s}"`).join(", ")} and 5 more`,
    ]);
  } finally {
    await stub.close();
  }
});
