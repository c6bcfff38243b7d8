// deno-lint-ignore-file no-explicit-any -- response bodies are JSON read by the test; their shape is what the assertions check.
import assert from "node:assert/strict";
import type { Item } from "../../src/dataset/item.ts";
import { JsonNumber, type JsonValue } from "../../src/json/json_value.ts";
import {
  type Emulator,
  type EmulatorOptions,
  FAULT_KINDS,
  parseFault,
  parseScript,
  scriptForName,
  startEmulator,
} from "./vllm_emulator.ts";
import { until } from "./until.ts";
import { body, post, type Row, ROWS, SAME_QUERY_LINES, toolsOf } from "./emulator_requests.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";

async function withEmu(
  options: EmulatorOptions,
  f: (emu: Emulator) => Promise<void>,
): Promise<void> {
  const emu = await startEmulator({ rows: ROWS, ...options });
  try {
    await f(emu);
  } finally {
    await emu.close();
  }
}

const message = (r: { json: any }) => r.json.choices[0].message;

Deno.test("emulator: /v1/models lists the base model, then adapters with root and parent", async () => {
  await withEmu({
    adapters: ["tuned-a", { name: "tuned-b", path: "/ckpt/b", parent: "base" }],
    root: "Qwen/Qwen3-8B",
    maxModelLen: 4096,
  }, async (emu) => {
    const r = await fetch(`${emu.url}/models`);
    assert.equal(r.status, 200);
    const j = await r.json();
    assert.equal(j.object, "list");
    assert.deepEqual(
      j.data.map((
        m: any,
      ) => [m.id, m.object, m.owned_by, m.root, m.parent, m.max_model_len]),
      [
        ["base", "model", "vllm", "Qwen/Qwen3-8B", null, 4096],
        ["tuned-a", "model", "vllm", "/adapters/tuned-a", "base", null],
        ["tuned-b", "model", "vllm", "/ckpt/b", "base", null],
      ],
    );
    assert.equal(j.data[0].permission[0].object, "model_permission");
  });
});

Deno.test("emulator: answer key, shaped like vLLM, arguments re-serialised like Python", async () => {
  await withEmu({}, async (emu) => {
    const r = await post(emu, body(ROWS[0]!));
    assert.equal(r.status, 200);
    assert.match(r.headers.get("content-type") ?? "", /application\/json/);
    const j = r.json;
    assert.match(j.id, /^chatcmpl-/);
    assert.equal(j.object, "chat.completion");
    assert.equal(typeof j.created, "number");
    assert.equal(j.model, "base");
    assert.equal(j.choices.length, 1);
    assert.equal(j.choices[0].index, 0);
    assert.equal(j.choices[0].finish_reason, "tool_calls");
    const m = j.choices[0].message;
    assert.equal(m.role, "assistant");
    assert.equal(m.content, null);
    assert.equal(m.tool_calls.length, 1);
    assert.match(m.tool_calls[0].id, /^chatcmpl-tool-/);
    assert.equal(m.tool_calls[0].type, "function");
    assert.deepEqual(m.tool_calls[0].function, {
      name: "weather",
      arguments: '{"city": "Paris", "days": 3, "ratio": 1.0}',
    });
    assert.equal(m.reasoning, null);
    assert.equal(m.reasoning_content, null);
    const u = j.usage;
    assert.equal(u.total_tokens, u.prompt_tokens + u.completion_tokens);
    assert(u.prompt_tokens > 0 && u.completion_tokens > 0);

    const two = message(await post(emu, body(ROWS[1]!)));
    assert.deepEqual(two.tool_calls.map((c: any) => c.function.arguments), [
      '{"n": 12345678901234567890, "s": "é\\n"}',
      '{"n": 2}',
    ]);
    const none = await post(emu, body(ROWS[2]!, { tools: toolsOf(ROWS[0]!) }));
    assert.equal(none.json.choices[0].finish_reason, "stop");
    assert.deepEqual(message(none).tool_calls, []);
    assert.equal(typeof message(none).content, "string");
  });
});

Deno.test("emulator: accepts Item values (exact numbers) as well as rows", async () => {
  const args: JsonValue = new Map<string, JsonValue>([["x", new JsonNumber("2.50")]]);
  const item: Item = {
    id: 9,
    index: 0,
    query: "item query",
    tools: [{ name: "f", description: "", parameters: new Map() }],
    answers: [{ name: "f", arguments: args }],
  };
  const emu = await startEmulator({ items: [item] });
  try {
    const r = await post(emu, {
      messages: [{ role: "user", content: "item query" }],
      tools: [{ type: "function", function: { name: "f" } }],
      chat_template_kwargs: { enable_thinking: false },
    });
    assert.equal(message(r).tool_calls[0].function.arguments, '{"x": 2.5}');
    assert.equal(emu.asked("base", 9), 1);
  } finally {
    await emu.close();
  }
});

Deno.test("emulator: finds a chat item by its whole prompt, not by its last user message", async () => {
  // Three items with the same last user message and tools, told apart by the turns after it.
  const bytes = new TextEncoder().encode(
    SAME_QUERY_LINES.map((l) => JSON.stringify(l)).join("\n") + "\n",
  );
  const items = loadChatDataset(bytes, sha256Hex(bytes)).items.map(detachedItem);
  const emu = await startEmulator({ items });
  try {
    const ask = (messages: readonly unknown[]) =>
      post(emu, {
        model: "base",
        messages,
        tools: SAME_QUERY_LINES[0]!.tools,
        chat_template_kwargs: { enable_thinking: false },
      });
    const calls = (r: { json: any }) =>
      message(r).tool_calls.map((c: any) => [c.function.name, JSON.parse(c.function.arguments)]);
    const [first, delivered, lost] = SAME_QUERY_LINES.map((l) => l.messages.slice(0, -1));
    assert.deepEqual(calls(await ask(first!)), [["lookup_order", { order_id: "A1" }]]);
    assert.deepEqual(calls(await ask(delivered!)), [[
      "refund_order",
      { order_id: "A1", amount: 10.5 },
    ]]);
    const none = await ask(lost!);
    assert.deepEqual(calls(none), []);
    assert.equal(none.json.choices[0].finish_reason, "stop");
    // The system prompt a run adds to an item without its own is not part of the item's prompt.
    const system = { role: "system", content: "Be brief." };
    assert.deepEqual(calls(await ask([system, ...delivered!])), [[
      "refund_order",
      { order_id: "A1", amount: 10.5 },
    ]]);
    assert.deepEqual(
      ["ask", "delivered", "lost"].map((id) => emu.asked("base", id)),
      [1, 2, 1],
    );
    // A prompt that is no item's (another tool result) is answered as no item's.
    const other = [first![0], first![1], { role: "tool", tool_call_id: "c1", content: "{}" }];
    assert.equal(message(await ask(other)).content, "I don't know how to help with that.");
    assert.equal(emu.asked("base", "?"), 1);
  } finally {
    await emu.close();
  }
});

Deno.test("emulator: deterministic replies; X-Request-Id sets the id", async () => {
  await withEmu({ scripts: { base: "errors:0.5" } }, async (emu) => {
    const a = await post(emu, body(ROWS[0]!), { "x-request-id": "abc" });
    const b = await post(emu, body(ROWS[0]!));
    assert.equal(a.json.id, "chatcmpl-abc");
    const strip = (m: any) => ({
      ...m,
      tool_calls: m.tool_calls.map((c: any) => c.function),
    });
    assert.deepEqual(strip(message(a)), strip(message(b)));
  });
});

Deno.test("emulator: auth (401 with vLLM's body on /v1 only)", async () => {
  await withEmu({ apiKey: "sekrit" }, async (emu) => {
    for (const h of [{}, { authorization: "Bearer wrong" }, { authorization: "sekrit" }]) {
      const r = await post(emu, body(ROWS[0]!), h);
      assert.equal(r.status, 401);
      assert.equal(r.text, '{"error":"Unauthorized"}');
    }
    const models = await fetch(`${emu.url}/models`);
    assert.equal(models.status, 401);
    await models.body?.cancel();
    const health = await fetch(emu.url.replace("/v1", "/health"));
    assert.equal(health.status, 200);
    assert.equal(await health.text(), "");
    assert.equal((await post(emu, body(ROWS[0]!), { authorization: "Bearer sekrit" })).status, 200);
    assert.equal((await post(emu, body(ROWS[0]!), { authorization: "bearer sekrit" })).status, 200);
  });
  await withEmu({ apiKey: "k", version: "legacy" }, async (emu) => {
    assert.equal((await post(emu, body(ROWS[0]!), { authorization: "bearer k" })).status, 401);
  });
});

Deno.test("emulator: unknown model → 404 NotFoundError, envelope by version", async () => {
  await withEmu({}, async (emu) => {
    const r = await post(emu, body(ROWS[0]!, { model: "nope" }));
    assert.equal(r.status, 404);
    assert.deepEqual(r.json, {
      error: {
        message: "The model `nope` does not exist.",
        type: "NotFoundError",
        param: "model",
        code: 404,
      },
    });
  });
  await withEmu({ version: "legacy", autoToolChoice: false }, async (emu) => {
    const r = await post(emu, body(ROWS[0]!, { model: "nope" }));
    assert.equal(r.status, 404, "model check before the tool-choice check");
    assert.deepEqual(r.json, {
      object: "error",
      message: "The model `nope` does not exist.",
      type: "NotFoundError",
      param: null,
      code: 404,
    });
  });
});

Deno.test("emulator: 400s (content type, bad JSON, tool choice, context length)", async () => {
  await withEmu({ autoToolChoice: false, maxModelLen: 2000 }, async (emu) => {
    const ct = await post(emu, body(ROWS[0]!), { "content-type": "text/plain" });
    assert.equal(ct.status, 400);
    assert.match(ct.json.error.message, /application\/json/);
    assert.equal((await post(emu, "{not json")).status, 400);
    assert.equal((await post(emu, { model: "base" })).status, 400);
    const auto = await post(emu, body(ROWS[0]!));
    assert.equal(auto.status, 400);
    assert.deepEqual(auto.json.error, {
      message:
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      type: "BadRequestError",
      param: null,
      code: 400,
    });
    // tool_choice none: no parsing, the tags stay in content.
    const none = await post(emu, body(ROWS[0]!, { tool_choice: "none" }));
    assert.equal(none.status, 200);
    assert.match(message(none).content, /^<tool_call>/);
    assert.deepEqual(message(none).tool_calls, []);
    assert.equal(none.json.choices[0].finish_reason, "stop");
    const ctx = await post(emu, body(ROWS[0]!, { tool_choice: "none", max_tokens: 5000 }));
    assert.equal(ctx.status, 400);
    assert.match(ctx.json.error.message, /context length/);
  });
});

Deno.test("emulator: version switches (legacy, main-2026)", async () => {
  await withEmu({ version: "legacy", scripts: { base: "broken" } }, async (emu) => {
    const m = message(await post(emu, body(ROWS[0]!)));
    assert.deepEqual(Object.keys(m), ["role", "reasoning_content", "content", "tool_calls"]);
    assert.deepEqual(m.tool_calls, []);
  });
  await withEmu({ version: "main-2026", scripts: { base: "broken" } }, async (emu) => {
    const m = message(await post(emu, body(ROWS[0]!)));
    assert.equal("tool_calls" in m, false, "empty tool_calls omitted");
    assert.equal("reasoning_content" in m, false);
    assert.equal(m.reasoning, null);
    const empty = await post(emu, body(ROWS[0]!, { tools: [] }));
    assert.equal(empty.status, 400);
    assert.equal(empty.json.error.type, "Bad Request");
  });
  await withEmu({ hermesArgs: "verbatim" }, async (emu) => {
    const m = message(await post(emu, body(ROWS[0]!)));
    assert.equal(m.tool_calls[0].function.arguments, '{"city": "Paris", "days": 3, "ratio": 1.0}');
  });
});

Deno.test("emulator: scripts spelled by name and by spec", () => {
  assert.deepEqual(scriptForName("broken"), { brokenRate: 1 });
  assert.deepEqual(scriptForName("wrong-name-30"), {
    errorRate: 0.3,
    errorMix: { wrongName: 1 },
  });
  assert.deepEqual(parseScript("thinking,slow:5"), { thinking: true, delayMs: 5 });
  assert.throws(() => parseScript("nonsense"), RangeError);
  assert.throws(() => parseScript("thinking:3"), RangeError);
  assert.deepEqual(parseFault("429:0.25"), { kind: "429", rate: 0.25 });
  assert.throws(() => parseFault("explode"), RangeError);
});

Deno.test("emulator: wrong-answer kinds", async () => {
  const adapters = ["wrong-argument", "wrong-name", "no-call", "extra-call"];
  await withEmu({ adapters }, async (emu) => {
    const get = async (model: string) =>
      message(await post(emu, body(ROWS[0]!, { model }))).tool_calls.map((c: any) => c.function);
    assert.deepEqual(await get("wrong-argument"), [{
      name: "weather",
      arguments: '{"city": "Paris_wrong", "days": 3, "ratio": 1.0}',
    }]);
    assert.deepEqual(await get("wrong-name"), [{
      name: "news",
      arguments: '{"city": "Paris", "days": 3, "ratio": 1.0}',
    }]);
    assert.deepEqual(await get("no-call"), []);
    assert.equal((await get("extra-call")).length, 2);
    // An item whose answer is "no call" gets a call when the model errs.
    const r = await post(emu, body(ROWS[2]!, { model: "no-call", tools: toolsOf(ROWS[0]!) }));
    assert.equal(message(r).tool_calls.length, 1);
  });
});

Deno.test("emulator: an error rate gets about that share wrong, deterministically", async () => {
  const rows: Row[] = Array.from({ length: 200 }, (_, i) => ({
    id: i,
    query: `query ${i}`,
    tools: '[{"name": "f"}, {"name": "g"}]',
    answers: `[{"name": "f", "arguments": {"i": ${i}}}]`,
  }));
  const emu = await startEmulator({ rows, adapters: ["errors-30"] });
  try {
    let wrong = 0;
    for (const row of rows) {
      const r = await post(emu, body(row, { model: "errors-30" }));
      const calls = message(r).tool_calls.map((c: any) => c.function);
      if (
        JSON.stringify(calls) !== JSON.stringify([{ name: "f", arguments: `{"i": ${row.id}}` }])
      ) {
        wrong++;
      }
    }
    assert(wrong > 40 && wrong < 80, `30% of 200, got ${wrong}`);
  } finally {
    await emu.close();
  }
});

Deno.test("emulator: broken <tool_call> text comes back raw", async () => {
  await withEmu({ adapters: ["broken"] }, async (emu) => {
    for (const row of ROWS.slice(0, 2)) {
      const r = await post(emu, body(row, { model: "broken" }));
      assert.equal(r.json.choices[0].finish_reason, "stop");
      assert.deepEqual(message(r).tool_calls, []);
      assert.match(message(r).content, /<tool_call>/);
    }
  });
});

Deno.test("emulator: truncation (length, completion_tokens = max_tokens)", async () => {
  await withEmu({ adapters: ["truncate", "truncate-after"] }, async (emu) => {
    const cut = await post(emu, body(ROWS[0]!, { model: "truncate", max_tokens: 300 }));
    assert.equal(cut.json.choices[0].finish_reason, "length");
    assert.equal(cut.json.usage.completion_tokens, 300);
    assert.deepEqual(message(cut).tool_calls, []);
    assert.match(message(cut).content, /^<tool_call>/);
    const after = await post(emu, body(ROWS[0]!, { model: "truncate-after", max_tokens: 300 }));
    assert.equal(
      after.json.choices[0].finish_reason,
      "tool_calls",
      "vLLM says tool_calls on length",
    );
    assert.equal(after.json.usage.completion_tokens, 300);
    assert.equal(message(after).tool_calls.length, 1);
    // A small max_tokens truncates any model.
    const small = await post(emu, body(ROWS[0]!, { max_tokens: 4 }));
    assert.equal(small.json.choices[0].finish_reason, "length");
    assert.equal(small.json.usage.completion_tokens, 4);
    // max_completion_tokens wins over max_tokens.
    const mct = await post(emu, body(ROWS[0]!, { max_tokens: 4, max_completion_tokens: 500 }));
    assert.equal(mct.json.choices[0].finish_reason, "tool_calls");
  });
});

Deno.test("emulator: slow model", async () => {
  await withEmu({ scripts: { base: "slow:150" } }, async (emu) => {
    const t0 = performance.now();
    assert.equal((await post(emu, body(ROWS[0]!))).status, 200);
    assert(performance.now() - t0 >= 140);
  });
});

Deno.test("emulator: batch-variant model changes a number when others are in flight", async () => {
  await withEmu({ adapters: ["batch-variant"], scripts: { base: "slow:100" } }, async (emu) => {
    const alone = message(await post(emu, body(ROWS[0]!, { model: "batch-variant" })));
    assert.equal(
      alone.tool_calls[0].function.arguments,
      '{"city": "Paris", "days": 3, "ratio": 1.0}',
    );
    const [loaded] = await Promise.all([
      post(emu, body(ROWS[0]!, { model: "batch-variant" })),
      post(emu, body(ROWS[1]!)),
    ]);
    assert.equal(
      message(loaded).tool_calls[0].function.arguments,
      '{"city": "Paris", "days": 4, "ratio": 1.0}',
    );
    // A batch-invariant model gives the same reply alone and under load.
    const base = await Promise.all(
      Array.from({ length: 8 }, () => post(emu, body(ROWS[0]!))),
    );
    for (const r of base) {
      assert.equal(
        message(r).tool_calls[0].function.arguments,
        alone.tool_calls[0].function.arguments,
      );
    }
    assert(emu.stats.maxInFlight >= 8);
  });
});

Deno.test("emulator: thinking model and the reasoning parser", async () => {
  await withEmu({ adapters: ["thinking"] }, async (emu) => {
    const on = message(
      await post(
        emu,
        body(ROWS[0]!, { model: "thinking", chat_template_kwargs: { enable_thinking: true } }),
      ),
    );
    assert.match(on.reasoning, /^\nThe user asks: What is the weather/);
    assert.equal(on.reasoning_content, on.reasoning);
    assert.equal(on.content, "\n\n");
    assert.equal(on.tool_calls.length, 1);
    const off = message(await post(emu, body(ROWS[0]!, { model: "thinking" })));
    assert.equal(off.reasoning, null);
    assert.equal(off.content, null);
    assert.equal(off.tool_calls.length, 1);
  });
  // main-2026 parser: a model that writes no think block, thinking not sent → all reasoning.
  await withEmu({ version: "main-2026" }, async (emu) => {
    const m = message(await post(emu, body(ROWS[0]!, { chat_template_kwargs: {} })));
    assert.match(m.reasoning, /^<tool_call>/);
    assert.equal(m.content, null);
    assert.equal("tool_calls" in m, false);
    assert.equal(message(await post(emu, body(ROWS[0]!))).tool_calls.length, 1);
  });
  await withEmu({ version: "legacy", adapters: ["thinking"] }, async (emu) => {
    const m = message(
      await post(
        emu,
        body(ROWS[0]!, { model: "thinking", chat_template_kwargs: { enable_thinking: true } }),
      ),
    );
    assert.match(m.reasoning_content, /The user asks/);
    assert.equal("reasoning" in m, false);
  });
});

Deno.test("emulator: dynamic LoRA loading", async () => {
  await withEmu({ adapterPaths: ["/ckpt/b"] }, async (emu) => {
    const missing = await post(emu, { lora_name: "tuned-b" }, {}, "/load_lora_adapter");
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error.type, "InvalidUserInput");
    const nowhere = await post(
      emu,
      { lora_name: "x", lora_path: "/nope" },
      {},
      "/load_lora_adapter",
    );
    assert.equal(nowhere.status, 404);
    assert.equal(nowhere.json.error.message, "Loading lora x failed: No adapter found for /nope");
    const ok = await post(
      emu,
      { lora_name: "tuned-b", lora_path: "/ckpt/b" },
      {},
      "/load_lora_adapter",
    );
    assert.equal(ok.status, 200);
    assert.equal(ok.text, "Success: LoRA adapter 'tuned-b' added successfully.");
    assert.equal(ok.headers.get("content-type"), null);
    const again = await post(
      emu,
      { lora_name: "tuned-b", lora_path: "/ckpt/b" },
      {},
      "/load_lora_adapter",
    );
    assert.equal(again.status, 400);
    const models = await (await fetch(`${emu.url}/models`)).json();
    assert.deepEqual(models.data.map((m: any) => [m.id, m.root, m.parent]), [
      ["base", "Qwen/Qwen3-8B", null],
      ["tuned-b", "/ckpt/b", "base"],
    ]);
    assert.equal((await post(emu, body(ROWS[0]!, { model: "tuned-b" }))).status, 200);
    const un = await post(emu, { lora_name: "tuned-b" }, {}, "/unload_lora_adapter");
    assert.equal(un.text, "Success: LoRA adapter 'tuned-b' removed successfully.");
    assert.equal((await post(emu, body(ROWS[0]!, { model: "tuned-b" }))).status, 404);
    assert.equal(emu.stats.loads, 1);
  });
  await withEmu({ dynamicLora: false, apiKey: "k" }, async (emu) => {
    const auth = { authorization: "Bearer k" };
    const r = await post(emu, { lora_name: "a", lora_path: "/a" }, auth, "/load_lora_adapter");
    assert.equal(r.status, 404);
    assert.equal(r.text, '{"detail":"Not Found"}');
    assert.equal(
      (await post(emu, { lora_name: "a", lora_path: "/a" }, {}, "/load_lora_adapter")).status,
      401,
    );
  });
});

Deno.test("emulator: faults by request number and by attempt", async () => {
  await withEmu({
    faults: [
      { kind: "500", requests: [1] },
      { kind: "429", requests: [2], retryAfter: 7 },
      { kind: "503", requests: [3] },
      { kind: "not-json", requests: [4] },
      { kind: "no-choices", requests: [5] },
      { kind: "args-not-string", requests: [6] },
    ],
  }, async (emu) => {
    const r500 = await post(emu, body(ROWS[0]!));
    assert.equal(r500.status, 500);
    assert.equal(r500.json.error.type, "InternalServerError");
    const r429 = await post(emu, body(ROWS[0]!));
    assert.equal(r429.status, 429);
    assert.equal(r429.headers.get("retry-after"), "7");
    assert.equal((await post(emu, body(ROWS[0]!))).status, 503);
    const nj = await post(emu, body(ROWS[0]!));
    assert.equal(nj.status, 200);
    assert.equal(nj.json, undefined);
    const nc = await post(emu, body(ROWS[0]!));
    assert.deepEqual(nc.json.choices, []);
    const ans = await post(emu, body(ROWS[0]!));
    assert.equal(typeof message(ans).tool_calls[0].function.arguments, "object");
    assert.equal((await post(emu, body(ROWS[0]!))).status, 200);
    assert.equal(emu.stats.faults, 6);
    assert.equal(emu.asked("base", 1), 7);
    assert.equal(emu.answeredCount("base", 1), 1);
  });
  await withEmu(
    { faults: [{ kind: "500", attempts: [1, 2], models: ["base"] }], adapters: ["a"] },
    async (emu) => {
      for (const row of ROWS) {
        assert.equal((await post(emu, body(row))).status, 500);
        assert.equal((await post(emu, body(row))).status, 500);
        assert.equal((await post(emu, body(row))).status, 200);
        assert.equal((await post(emu, body(row, { model: "a" }))).status, 200);
      }
    },
  );
});

Deno.test("emulator: fault rate is deterministic in the request number", async () => {
  const statuses = async () => {
    const out: number[] = [];
    await withEmu({ faults: [{ kind: "500", rate: 0.3 }], seed: 5 }, async (emu) => {
      for (let i = 0; i < 60; i++) out.push((await post(emu, body(ROWS[i % 3]!))).status);
    });
    return out;
  };
  const a = await statuses();
  assert.deepEqual(a, await statuses());
  const fails = a.filter((s) => s === 500).length;
  assert(fails > 8 && fails < 30, `about 30% of 60, got ${fails}`);
});

Deno.test("emulator: dropped connections, hangs, endless, huge and cut bodies", async () => {
  await withEmu({
    faults: [
      { kind: "drop", requests: [1] },
      { kind: "hang", requests: [2] },
      { kind: "endless", requests: [3] },
      { kind: "huge", requests: [4] },
      { kind: "cut", requests: [5] },
    ],
    hugeBytes: 8 * 1024 * 1024,
    endlessIntervalMs: 20,
  }, async (emu) => {
    const send = (signal?: AbortSignal) =>
      fetch(`${emu.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body(ROWS[0]!)),
        ...(signal ? { signal } : {}),
      });
    await assert.rejects(send(), "drop: no response at all");
    await assert.rejects(send(AbortSignal.timeout(300)), "hang: times out");
    const endless = await send();
    assert.equal(endless.status, 200);
    const reader = endless.body!.getReader();
    let got = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 300) {
      const { value, done } = await reader.read();
      assert.equal(done, false, "the body never ends");
      got += value!.length;
    }
    assert(got > 0);
    await reader.cancel();
    const huge = await send();
    assert.equal(huge.headers.get("content-length"), String(8 * 1024 * 1024));
    assert.equal((await huge.arrayBuffer()).byteLength, 8 * 1024 * 1024);
    const cut = await send();
    assert.equal(cut.status, 200);
    await assert.rejects(cut.text(), "cut: the body ends early");
    assert.equal((await post(emu, body(ROWS[0]!))).status, 200);
  });
});

Deno.test("emulator: hostile faults (bombs, redirect, the key echoed, not UTF-8, custom, raw)", async () => {
  const key = "sk-emu-secret";
  const auth = { authorization: `Bearer ${key}` };
  await withEmu({
    apiKey: key,
    hugeBytes: 4 * 1024 * 1024,
    faults: [
      { kind: "gzip-bomb", requests: [1] },
      { kind: "br-bomb", requests: [2] },
      { kind: "redirect", requests: [3] },
      { kind: "echo-key", requests: [4] },
      { kind: "echo-key-200", requests: [5] },
      { kind: "not-utf8", requests: [6] },
      { kind: "custom", requests: [7], status: 418, headers: { "x-a": "b" }, body: "teapot" },
      {
        kind: "raw",
        requests: [8],
        bytes: new TextEncoder().encode("HTTP/1.1 200 OK\r\ncontent-length: 9\r\n\r\nabc"),
      },
    ],
  }, async (emu) => {
    const send = (init: RequestInit = {}) =>
      fetch(`${emu.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth },
        body: JSON.stringify(body(ROWS[0]!)),
        ...init,
      });
    // Bombs: a small declared length that fetch inflates to hugeBytes.
    const gz = await send();
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    const wire = Number(gz.headers.get("content-length"));
    assert(wire < 64 * 1024, `${wire} bytes on the wire`);
    assert.equal((await gz.arrayBuffer()).byteLength, 4 * 1024 * 1024, "fetch inflates it");
    const br = await send();
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal((await br.arrayBuffer()).byteLength, 4 * 1024 * 1024);
    // A redirect to a route that counts who followed it.
    const redirect = await send({ redirect: "manual" });
    assert.equal(redirect.status, 302);
    assert.match(redirect.headers.get("location")!, /\/_emulator\/redirected$/);
    await redirect.body?.cancel();
    assert.equal(emu.stats.redirectsFollowed, 0);
    await fetch(redirect.headers.get("location")!).then((r) => r.body?.cancel());
    assert.equal(emu.stats.redirectsFollowed, 1);
    // The key, echoed in a 400's message, and in a 200's content with a JSON escape.
    const echoed = await send();
    assert.equal(echoed.status, 400);
    assert((await echoed.text()).includes(`'authorization': 'Bearer ${key}'`));
    const echoed200 = await (await send()).text();
    assert(!echoed200.includes(key), "not as written");
    assert(JSON.parse(echoed200).choices[0].message.content.includes(key), "but once decoded");
    // Not UTF-8: a valid completion but for one byte.
    const bytes = new Uint8Array(await (await send()).arrayBuffer());
    assert.throws(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    assert(bytes.includes(0xff));
    const custom = await send();
    assert.equal(custom.status, 418);
    assert.equal(custom.headers.get("x-a"), "b");
    assert.equal(await custom.text(), "teapot");
    const raw = await send();
    await assert.rejects(raw.text(), "raw: 3 of the 9 bytes declared, then closed");
    assert.equal(emu.stats.faults, 8);
  });
});

Deno.test("emulator: faults on GET /models, by models request", async () => {
  await withEmu({
    faults: [
      parseFault("echo-key@1^models"),
      parseFault("redirect@2^models"),
      parseFault("cut@3^models"),
    ],
    apiKey: "k-1",
  }, async (emu) => {
    const get = () =>
      fetch(`${emu.url}/models`, { headers: { authorization: "Bearer k-1" }, redirect: "manual" });
    const first = await get();
    assert.equal(first.status, 400);
    assert.match(await first.text(), /Bearer k-1/);
    const second = await get();
    assert.equal(second.status, 302);
    await second.body?.cancel();
    await assert.rejects((await get()).text());
    const fourth = await get();
    assert.equal((await fourth.json()).data[0].id, "base");
    assert.equal(emu.stats.modelsRequests, 4);
    // Chat requests are not touched by them.
    assert.equal((await post(emu, body(ROWS[0]!), { authorization: "Bearer k-1" })).status, 200);
  });
});

Deno.test("emulator: every fault kind parses from its spec", () => {
  for (const kind of FAULT_KINDS) assert.deepEqual(parseFault(kind), { kind });
  assert.deepEqual(parseFault("gzip-bomb#1^chat/tuned"), {
    kind: "gzip-bomb",
    attempts: [1],
    route: "chat",
    models: ["tuned"],
  });
  assert.throws(() => parseFault("bomb"), RangeError);
  assert.throws(() => parseFault("drop^elsewhere"), RangeError);
});

Deno.test("emulator: a server that dies mid-run", async () => {
  const emu = await startEmulator({ rows: ROWS, dieAfter: 3 });
  try {
    for (let i = 0; i < 3; i++) assert.equal((await post(emu, body(ROWS[i]!))).status, 200);
    await assert.rejects(post(emu, body(ROWS[0]!)));
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(emu.dead, true);
    await assert.rejects(fetch(`${emu.url}/models`), "connection refused once dead");
    assert.equal(emu.stats.answered, 3);
  } finally {
    await emu.close();
  }
});

Deno.test("emulator: counters and recorded requests", async () => {
  await withEmu({ adapters: ["tuned-a"], record: true }, async (emu) => {
    await Promise.all(
      ROWS.flatMap((row) => [post(emu, body(row)), post(emu, body(row, { model: "tuned-a" }))]),
    );
    await post(emu, body(ROWS[0]!));
    await post(emu, { messages: [{ role: "user", content: "unknown" }] });
    assert.equal(emu.stats.chatRequests, 8);
    assert.equal(emu.stats.perModel.get("base"), 5);
    assert.equal(emu.stats.perModel.get("tuned-a"), 3);
    assert.equal(emu.asked("base", 1), 2);
    assert.equal(emu.asked("tuned-a", 1), 1);
    assert.equal(emu.stats.perItem.get("base\u0000?"), 1);
    await new Promise((r) => setTimeout(r, 20)); // the last writes complete
    assert.equal(emu.stats.inFlight, 0);
    assert(emu.stats.maxInFlight >= 1);
    assert.equal(emu.requests.length, 8);
    const rec = emu.requests.find((r) => r.itemId === 2 && r.model === "tuned-a")!;
    assert.deepEqual((rec.body as any).chat_template_kwargs, { enable_thinking: false });
  });
});

Deno.test("emulator: parallel_tool_calls false, include_reasoning false, /metrics", async () => {
  await withEmu({ adapters: ["thinking"] }, async (emu) => {
    const one = message(await post(emu, body(ROWS[1]!, { parallel_tool_calls: false })));
    assert.equal(one.tool_calls.length, 1);
    const m = message(
      await post(
        emu,
        body(ROWS[0]!, {
          model: "thinking",
          include_reasoning: false,
          chat_template_kwargs: { enable_thinking: true },
        }),
      ),
    );
    assert.equal(m.reasoning, null);
    assert.equal(m.tool_calls.length, 1);
    const r = await fetch(emu.url.replace("/v1", "/metrics"));
    const text = await r.text();
    assert.match(text, /^vllm:num_requests_running\{engine="0",model_name="base"\} 0\.0$/m);
    assert.match(text, /^vllm:num_requests_waiting\{/m);
    assert.match(text, /^vllm:generation_tokens_total\{[^}]*\} [1-9]/m);
  });
});

Deno.test("emulator: refuses connections until ready; restarts on the same port", async () => {
  const emu = await startEmulator({ rows: ROWS, readyAfterMs: 300 });
  await assert.rejects(fetch(emu.url.replace("/v1", "/health")), "refused while loading");
  await emu.ready;
  const h = await fetch(emu.url.replace("/v1", "/health"));
  assert.equal(h.status, 200);
  await h.body?.cancel();
  await emu.kill();
  await assert.rejects(fetch(`${emu.url}/models`));
  const again = await startEmulator({ rows: ROWS, port: emu.port });
  try {
    assert.equal(again.url, emu.url);
    assert.equal((await post(again, body(ROWS[0]!))).status, 200);
  } finally {
    await again.close();
  }
});

Deno.test("emulator: 2,000 requests at concurrency 256, none lost", async () => {
  await withEmu({ precompute: true }, async (emu) => {
    let next = 0;
    let ok = 0;
    const worker = async () => {
      while (next < 2000) {
        const i = next++;
        const r = await post(emu, body(ROWS[i % 3]!));
        if (r.status === 200 && r.json.choices.length === 1) ok++;
      }
    };
    await Promise.all(Array.from({ length: 256 }, worker));
    assert.equal(ok, 2000);
    assert.equal(emu.stats.answered, 2000);
    assert(
      emu.stats.maxInFlight <= 256,
      `never more than the client sent: ${emu.stats.maxInFlight}`,
    );
    assert(emu.stats.maxInFlight > 1, `in flight at once: ${emu.stats.maxInFlight}`);
    await new Promise((r) => setTimeout(r, 20)); // the last writes complete
    assert.equal(emu.stats.inFlight, 0);
  });
});

Deno.test("emulator: without the reasoning parser the think block stays in content", async () => {
  await withEmu({ adapters: ["thinking"], reasoningParser: false }, async (emu) => {
    const m = message(
      await post(
        emu,
        body(ROWS[0]!, {
          model: "thinking",
          chat_template_kwargs: { enable_thinking: true },
        }),
      ),
    );
    assert.match(m.content, /^<think>\n[\s\S]*<\/think>\n\n$/);
    assert.equal(m.tool_calls.length, 1);
  });
});

Deno.test("emulator: a not-applied adapter answers exactly as the base model, errors included", async () => {
  const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
    id: i,
    query: `query ${i}`,
    tools: '[{"name": "f"}, {"name": "g"}]',
    answers: `[{"name": "f", "arguments": {"i": ${i}}}]`,
  }));
  assert.deepEqual(parseScript("not-applied"), { notApplied: true });
  const emu = await startEmulator({
    rows,
    adapters: ["ghost", "other"],
    scripts: { base: "errors:0.4", ghost: "not-applied", other: "errors:0.4" },
  });
  try {
    let wrong = 0;
    let otherSame = 0;
    for (const row of rows) {
      const [base, ghost, other] = await Promise.all(
        ["base", "ghost", "other"].map(async (model) => {
          const r = await post(emu, body(row, { model }));
          const c = r.json.choices[0];
          // What the client reads of a reply (the call ids count requests, and differ).
          const calls = c.message.tool_calls.map((t: any) => t.function);
          const choice = JSON.stringify([c.message.content, calls, c.finish_reason]);
          return { model: r.json.model, choice };
        }),
      );
      assert.equal(ghost!.choice, base!.choice, `item ${row.id}`);
      assert.equal(ghost!.model, "ghost");
      const key = [null, [{ name: "f", arguments: `{"i": ${row.id}}` }], "tool_calls"];
      if (base!.choice !== JSON.stringify(key)) wrong++;
      if (other!.choice === base!.choice) otherSame++;
    }
    assert.ok(wrong > 10, `the base errs on ${wrong} items`);
    assert.ok(otherSame < 50, `another adapter with the same script answers differently`);
  } finally {
    await emu.close();
  }
});

Deno.test("emulator: --max-num-seqs serves at most N at once; the others wait, then are served", async () => {
  // A service time long enough that the first requests are still served when the others arrive:
  // the test waits for all of them to be in flight, then looks, so it does not depend on timing.
  await withEmu({ maxNumSeqs: 2, serviceMs: 60_000 }, async (emu) => {
    const sent = [0, 1, 2, 0, 1].map((i) => post(emu, body(ROWS[i]!)).catch(() => null));
    await until(() => emu.stats.inFlight === 5);
    assert.equal(emu.stats.running, 2);
    assert.equal(emu.stats.maxRunning, 2);
    const metrics = await (await fetch(emu.url.replace("/v1", "/metrics"))).text();
    assert.match(metrics, /^vllm:num_requests_running\{[^}]*\} 2\.0$/m);
    assert.match(metrics, /^vllm:num_requests_waiting\{[^}]*\} 3\.0$/m);
    await emu.kill(); // the test does not wait a minute: the requests are dropped
    await Promise.all(sent);
  });
  // Short service: every request is answered, never more than N served at once.
  await withEmu({ maxNumSeqs: 3, serviceMs: 5 }, async (emu) => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(emu, body(ROWS[i % 3]!))),
    );
    assert(replies.every((r) => r.status === 200));
    assert.equal(emu.stats.answered, 30);
    assert(emu.stats.maxRunning <= 3, `served at once: ${emu.stats.maxRunning}`);
    await until(() => emu.stats.inFlight === 0);
    assert.equal(emu.stats.running, 0);
  });
});

Deno.test("emulator: --tool-call-parser picks the family the model writes and the parser run", async (t) => {
  await t.step("an unknown parser is refused, naming the ones spoken", () => {
    assert.throws(
      () => startEmulator({ rows: ROWS, toolCallParser: "jamba" }),
      /unknown tool-call parser "jamba": the emulator speaks hermes, /,
    );
  });
  await t.step("llama3_json: one call, parsed by the llama parser's port", async () => {
    await withEmu({ toolCallParser: "llama3_json", record: true }, async (emu) => {
      const r = await post(emu, body(ROWS[0]!));
      assert.equal(r.json.choices[0].finish_reason, "tool_calls");
      assert.equal(message(r).content, null);
      assert.deepEqual(message(r).tool_calls.map((c: any) => c.function), [
        { name: "weather", arguments: '{"city": "Paris", "days": 3, "ratio": 1.0}' },
      ]);
      // Llama 3 cannot call in parallel: the model writes the first call only.
      const two = await post(emu, body(ROWS[1]!));
      assert.equal(message(two).tool_calls.length, 1);
      const none = await post(emu, body(ROWS[2]!));
      assert.equal(none.json.choices[0].finish_reason, "stop");
      assert.equal(
        message(none).content,
        "I'm sorry, but none of the available tools can help with that request.",
      );
    });
  });
  await t.step("llama4_json: parallel calls", async () => {
    await withEmu({ toolCallParser: "llama4_json" }, async (emu) => {
      const two = await post(emu, body(ROWS[1]!));
      assert.equal(message(two).tool_calls.length, 2);
    });
  });
  await t.step(
    "content beside calls: hermes keeps it, llama drops it, as their parsers do",
    async () => {
      await withEmu({ scripts: { base: "content" } }, async (emu) => {
        const r = await post(emu, body(ROWS[0]!));
        assert.equal(message(r).content, "Let me look that up for you.");
        assert.equal(message(r).tool_calls.length, 1);
      });
      await withEmu(
        { toolCallParser: "llama3_json", scripts: { base: "content" } },
        async (emu) => {
          const r = await post(emu, body(ROWS[0]!));
          assert.equal(message(r).content, null);
          assert.equal(message(r).tool_calls.length, 1);
        },
      );
    },
  );
  await t.step("an undecodable call: no calls, the whole text as content", async () => {
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      await withEmu(
        { toolCallParser: "llama3_json", scripts: { base: "broken" }, seed },
        async (emu) => {
          const r = await post(emu, body(ROWS[0]!));
          assert.equal(r.json.choices[0].finish_reason, "stop");
          assert.deepEqual(message(r).tool_calls, []);
          assert.match(message(r).content, /^\{"name": "weather", /, `seed ${seed}`);
        },
      );
    }
  });
  await t.step("special tokens: dropped unless the request keeps them", async () => {
    // The third slip writes <|python_tag|> first; some seed picks it.
    let seen = 0;
    for (const seed of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      await withEmu(
        { toolCallParser: "llama3_json", scripts: { base: "broken" }, seed },
        async (emu) => {
          const kept = await post(emu, body(ROWS[0]!, { skip_special_tokens: false }));
          if (!message(kept).content.startsWith("<|python_tag|>")) return;
          seen++;
          const dropped = await post(emu, body(ROWS[0]!));
          assert.equal(
            message(dropped).content,
            message(kept).content.slice("<|python_tag|>".length),
          );
        },
      );
    }
    assert.ok(seen > 0, "no seed wrote the python tag");
  });
  await t.step(
    "hermes markup under llama3_json: the llama parser reads the JSON inside",
    async () => {
      // The parser reads any "{" in the text: hermes' block holds an object with "arguments".
      const { llama3Json } = await import("./tool_families/llama3_json.ts");
      const text = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>';
      assert.deepEqual(llama3Json.extract(text).calls, [{ name: "f", arguments: "{}" }]);
    },
  );
});
