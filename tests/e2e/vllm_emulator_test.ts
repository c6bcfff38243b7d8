/**
 * The vLLM emulator as a process of its own (`tests/support/vllm_emulator.ts` run standalone), as
 * the replica tests start it: its flags and their refusals, a SIGKILL, `--die-after` ending the
 * process, SIGTERM stopping it cleanly.
 */

import assert from "node:assert/strict";
import type { Emulator } from "../support/vllm_emulator.ts";
import { body, post, ROWS, SAME_QUERY_LINES } from "../support/emulator_requests.ts";

const EMULATOR = new URL("../support/vllm_emulator.ts", import.meta.url).pathname;

/**
 * `deno run PERMISSIONS vllm_emulator.ts ARGS` started, once it printed its first line (its URL:
 * `""` when it printed none); the reader of its stdout is the caller's to cancel.
 */
async function standalone(permissions: readonly string[], args: readonly string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, EMULATOR, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  return { child, reader, url: out.split("\n")[0]! };
}

/** The emulator's exit code and stderr when it refuses its flags ARGS. */
async function refusal(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const bad = await new Deno.Command(Deno.execPath(), {
    args: ["run", EMULATOR, ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: bad.code, stderr: new TextDecoder().decode(bad.stderr) };
}

Deno.test("emulator: runs as a standalone process, and can be SIGKILLed", async () => {
  const dir = await Deno.makeTempDir();
  const dataset = `${dir}/rows.json`;
  await Deno.writeTextFile(dataset, JSON.stringify(ROWS));
  const { child, reader, url } = await standalone(
    ["--allow-net=127.0.0.1", `--allow-read=${dir}`],
    ["--port", "0", "--dataset", dataset, "--lora", "tuned-a=errors:1", "--api-key", "k"],
  );
  try {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const r = await fetch(`${url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer k" },
      body: JSON.stringify(body(ROWS[0]!, { model: "tuned-a" })),
    });
    const j = await r.json();
    assert.equal(j.model, "tuned-a");
    assert.notDeepEqual(
      j.choices[0].message.tool_calls.map((c: { function: unknown }) => c.function),
      [{ name: "weather", arguments: '{"city": "Paris", "days": 3, "ratio": 1.0}' }],
      "errors:1 answers wrongly",
    );
    child.kill("SIGKILL");
    const status = await child.status;
    assert.equal(status.signal, "SIGKILL");
    await reader.cancel();
    await assert.rejects(fetch(`${url}/models`));
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("emulator: standalone --dataset serves a chat-jsonl file's items, each from its own answer", async () => {
  const file = new URL("../../reference/testdata/chat/tickets.jsonl", import.meta.url).pathname;
  const lines = (await Deno.readTextFile(file)).trimEnd().split("\n").map((l) => JSON.parse(l));
  const { child, reader, url } = await standalone(
    ["--allow-net=127.0.0.1", `--allow-read=${file}`],
    ["--port", "0", "--dataset", file],
  );
  try {
    // Every line whose answer is a call, sent as assess sends it: its prompt and its own tools.
    let asked = 0;
    for (const line of lines) {
      const answer = line.messages.at(-1);
      if (answer.tool_calls === undefined) continue;
      const r = await post({ url } as Emulator, {
        model: "base",
        messages: line.messages.slice(0, -1),
        tools: line.tools,
      });
      assert.equal(r.status, 200, line.id);
      const calls = r.json.choices[0].message.tool_calls.map((
        c: { function: { name: string; arguments: string } },
      ) => [c.function.name, JSON.parse(c.function.arguments)]);
      assert.deepEqual(
        calls,
        answer.tool_calls.map((c: { function: { name: string; arguments: string } }) => [
          c.function.name,
          typeof c.function.arguments === "string"
            ? JSON.parse(c.function.arguments)
            : c.function.arguments,
        ]),
        line.id,
      );
      asked++;
    }
    assert.ok(asked >= 6, `only ${asked} lines with calls`);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await reader.cancel();
  }
});

Deno.test("emulator: standalone --dataset finds a chat item by its whole prompt", async () => {
  // Three items with the same last user message and tools, told apart by the turns after it.
  const dir = await Deno.makeTempDir();
  const file = `${dir}/same-query.jsonl`;
  await Deno.writeTextFile(file, SAME_QUERY_LINES.map((l) => JSON.stringify(l)).join("\n"));
  const { child, reader, url } = await standalone(
    ["--allow-net=127.0.0.1", `--allow-read=${dir}`],
    ["--port", "0", "--dataset", file],
  );
  try {
    const replies = [];
    for (const line of SAME_QUERY_LINES) {
      const r = await post({ url } as Emulator, {
        model: "base",
        messages: [{ role: "system", content: "Be brief." }, ...line.messages.slice(0, -1)],
        tools: line.tools,
        chat_template_kwargs: { enable_thinking: false },
      });
      assert.equal(r.status, 200, line.id);
      replies.push(
        r.json.choices[0].message.tool_calls.map((c: { function: { name: string } }) =>
          c.function.name
        ),
      );
    }
    assert.deepEqual(replies, [["lookup_order"], ["refund_order"], []]);
    const stats = await (await fetch(`${url.replace(/\/v1$/, "")}/_emulator/stats`)).json();
    assert.deepEqual(stats.perItem, {
      "base\u0000ask": 1,
      "base\u0000delivered": 1,
      "base\u0000lost": 1,
    });
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await reader.cancel();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("emulator: standalone --die-after exits the process", async () => {
  const { child, reader, url } = await standalone(["--allow-net=127.0.0.1"], ["--die-after", "1"]);
  assert.equal((await post({ url } as Emulator, body(ROWS[0]!))).status, 200);
  await assert.rejects(post({ url } as Emulator, body(ROWS[0]!)));
  const status = await child.status;
  assert.equal(status.code, 1);
  await reader.cancel();
});

Deno.test("emulator: standalone flags (version, scripts, faults, no dynamic LoRA)", async () => {
  const { child, reader, url } = await standalone(["--allow-net=127.0.0.1"], [
    "--version",
    "legacy",
    "--base",
    "qwen",
    "--script",
    "qwen=broken",
    "--fault",
    "429@1",
    "--no-dynamic-lora",
  ]);
  try {
    const emu = { url } as Emulator;
    const payload = { model: "qwen", messages: [{ role: "user", content: "x" }] };
    const first = await post(emu, payload);
    assert.equal(first.status, 429);
    assert.equal(first.json.object, "error", "legacy flat envelope");
    const second = await post(emu, payload);
    assert.equal(second.json.model, "qwen");
    const stats = await (await fetch(emu.url.replace("/v1", "/_emulator/stats"))).json();
    assert.equal(stats.chatRequests, 2);
    assert.equal(stats.faults, 1);
    assert.deepEqual(stats.perItem, { "qwen\u0000?": 2 });
    assert.equal(
      (await post(emu, { lora_name: "a", lora_path: "/a" }, {}, "/load_lora_adapter")).status,
      404,
    );
    const bad = await refusal(["--script", "x=nonsense"]);
    assert.equal(bad.code, 64);
    assert.match(bad.stderr, /unknown script word "nonsense"/);
  } finally {
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0, "SIGTERM stops it cleanly");
    await reader.cancel();
  }
});

Deno.test("emulator: standalone --max-num-seqs and --service-ms, and their refusals", async () => {
  const { child, reader, url } = await standalone(["--allow-net=127.0.0.1"], [
    "--max-num-seqs",
    "2",
    "--service-ms",
    "1",
  ]);
  try {
    const emu = { url } as Emulator;
    const payload = { model: "base", messages: [{ role: "user", content: "x" }] };
    const replies = await Promise.all(Array.from({ length: 12 }, () => post(emu, payload)));
    assert(replies.every((r) => r.status === 200));
    const stats = await (await fetch(emu.url.replace("/v1", "/_emulator/stats"))).json();
    assert.equal(stats.answered, 12);
    assert(stats.maxRunning >= 1 && stats.maxRunning <= 2, `served at once: ${stats.maxRunning}`);
  } finally {
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    await reader.cancel();
  }
  for (const [flag, value] of [["--max-num-seqs", "0"], ["--service-ms", "-1"]] as const) {
    const bad = await refusal([flag, value]);
    assert.equal(bad.code, 64);
    assert.match(bad.stderr, new RegExp(`^${flag} needs `));
  }
});

Deno.test("emulator: standalone --tool-call-parser speaks that family, and refuses one it does not know", async () => {
  const dir = await Deno.makeTempDir();
  const dataset = `${dir}/rows.json`;
  await Deno.writeTextFile(dataset, JSON.stringify(ROWS));
  const { child, reader, url } = await standalone(
    ["--allow-net=127.0.0.1", `--allow-read=${dir}`],
    ["--dataset", dataset, "--tool-call-parser", "xlam", "--script", "base=content"],
  );
  try {
    const r = await post({ url } as Emulator, body(ROWS[0]!));
    assert.equal(r.json.choices[0].message.content, "Let me look that up for you.");
    assert.deepEqual(
      r.json.choices[0].message.tool_calls.map((c: { function: unknown }) => c.function),
      [
        { name: "weather", arguments: '{"city": "Paris", "days": 3, "ratio": 1.0}' },
      ],
    );
  } finally {
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    await reader.cancel();
  }
  const bad = await refusal(["--tool-call-parser", "jamba"]);
  assert.equal(bad.code, 64);
  assert.match(bad.stderr, /^unknown tool-call parser "jamba": the emulator speaks hermes, /);
});
