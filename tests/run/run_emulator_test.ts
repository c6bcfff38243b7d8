/**
 * `assess run` against the vLLM emulator (tests/support/vllm_emulator.ts): the scripted models,
 * the faults, the server versions, a server that dies, the probe and concurrency. (A kill, and
 * the resume after it: tests/e2e/run_test.ts.)
 */

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { latestResults } from "../../src/results/latest.ts";
import type { ResultRecord } from "../../src/results/records.ts";
import { readAll } from "../results/_read_all.ts";
import { type EmulatorOptions, startEmulator } from "../support/vllm_emulator.ts";
import { setupRun, syntheticRows } from "./_fixtures.ts";

const N = 40;
const ROWS = syntheticRows(N);

async function assess(args: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const { onStopSignal: _signals, ...real } = denoIo();
  const code = await runCli(["run", ...args], {
    ...real,
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    env: (name) => env[name],
  });
  return { code, stdout, stderr };
}

async function read(path: string) {
  const file = await readAll(await Deno.readFile(path));
  const latest = [...latestResults(file.records).values()];
  const answered = file.records.filter((r): r is ResultRecord =>
    r.kind === "result" && r.error === null
  );
  return { file, latest, answered };
}

function reasons(latest: readonly ResultRecord[], model: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of latest) {
    if (r.model !== model) continue;
    const key = r.verdict?.reason ?? `error:${r.error?.kind}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function withEmulator(
  options: EmulatorOptions,
  body: (url: string, emu: Awaited<ReturnType<typeof startEmulator>>) => Promise<void>,
): Promise<void> {
  const emu = await startEmulator({ rows: ROWS, ...options });
  try {
    await body(emu.url, emu);
  } finally {
    await emu.close();
  }
}

Deno.test("scripted models: answer key, errors, broken calls, truncation, all scored as such", async () => {
  await withEmulator({
    adapters: ["errors-25", "broken", "truncate", "truncate-after"],
  }, async (url) => {
    const s = await setupRun(N, {
      url,
      adapters: [
        { name: "errors-25" },
        { name: "broken" },
        { name: "truncate" },
        { name: "truncate-after" },
      ],
      concurrency: 8,
    });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const { latest } = await read(s.out);
    assert.equal(latest.length, 5 * N);
    assert.deepEqual(reasons(latest, "base"), { match: N });
    const errors = reasons(latest, "errors-25");
    const total = Object.values(errors).reduce((a, b) => a + b, 0);
    assert.equal(total, N);
    assert(errors.match! < N && errors.match! > N / 2, JSON.stringify(errors));
    assert.deepEqual(reasons(latest, "broken"), { "unparsed-call": N });
    assert.deepEqual(reasons(latest, "truncate"), { truncated: N });
    assert.deepEqual(reasons(latest, "truncate-after"), { truncated: N });
    const after = latest.find((r) => r.model === "truncate-after")!;
    assert.equal(after.reply!.finishReason, "tool_calls");
    assert(after.reply!.calls.length > 0);
  });
});

Deno.test("an adapter with a path is loaded at run time; with loading off, the refusal says so", async () => {
  await withEmulator({}, async (url, emu) => {
    const s = await setupRun(5, { url, adapters: [{ name: "tuned", path: "/ckpt/tuned" }] });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /loaded the adapter tuned on the server/);
    assert.equal(emu.stats.loads, 1);
    assert.equal((await read(s.out)).latest.length, 10);
  });
  await withEmulator({ dynamicLora: false }, async (url, emu) => {
    const s = await setupRun(5, { url, adapters: [{ name: "tuned", path: "/ckpt/tuned" }] });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69);
    assert.match(ran.stderr, /runtime LoRA loading is not enabled/);
    assert.match(ran.stderr, /VLLM_ALLOW_RUNTIME_LORA_UPDATING=True/);
    assert.equal(emu.stats.chatRequests, 0);
  });
});

Deno.test("a server started without auto tool choice: 69 before any item, vLLM's message quoted and the flags named", async () => {
  await withEmulator({ autoToolChoice: false, adapters: ["tuned"] }, async (url, emu) => {
    const s = await setupRun(5, {
      url,
      adapters: [{ name: "tuned" }],
      batchInvariant: "required",
      probe: 2,
    });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(
      ran.stderr,
      /the server refused a chat request with tools \(the first held-out item, to the baseline "base"\): HTTP 400 "\\"auto\\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set"/,
    );
    assert.match(ran.stderr, /start vLLM with --enable-auto-tool-choice --tool-call-parser hermes/);
    assert.match(
      ran.stderr,
      /vllm serve MODEL --enable-auto-tool-choice --tool-call-parser hermes/,
    );
    assert.doesNotMatch(ran.stderr, /VLLM_BATCH_INVARIANT|resume/);
    // One request, before the probe and before any item is counted: no results file.
    assert.equal(emu.stats.chatRequests, 1);
    await assert.rejects(Deno.stat(s.out), Deno.errors.NotFound);
  });
});

Deno.test("a server without auto tool choice, under llama3_json: the fix names the parser and vLLM's chat template for Llama 3.1", async () => {
  await withEmulator(
    { autoToolChoice: false, toolCallParser: "llama3_json" },
    async (url) => {
      const s = await setupRun(5, { url, toolCallParser: "llama3_json" });
      const ran = await assess(["-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 69, ran.stderr);
      assert.match(
        ran.stderr,
        /\n {4}vllm serve MODEL --enable-auto-tool-choice --tool-call-parser llama3_json --chat-template examples\/tool_chat_template_llama3\.1_json\.jinja --enable-lora --lora-modules NAME=PATH …\n/,
      );
    },
  );
});

Deno.test("a context too small for the prompt plus maxTokens: 69 before any item, saying which", async () => {
  await withEmulator({ maxModelLen: 600 }, async (url, emu) => {
    const s = await setupRun(3, { url, maxTokens: 512 });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(
      ran.stderr,
      /HTTP 400 "'max_tokens' or 'max_completion_tokens' is too large: 512\./,
    );
    assert.match(
      ran.stderr,
      /the prompt plus sampling\.maxTokens \(512\) is over the server's context length/,
    );
    assert.match(
      ran.stderr,
      /lower sampling\.maxTokens, or start vLLM with a larger --max-model-len/,
    );
    assert.equal(emu.stats.chatRequests, 1);
  });
  await withEmulator({ maxModelLen: 20 }, async (url) => {
    const s = await setupRun(3, { url, maxTokens: 8 });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(ran.stderr, /the prompt alone is longer than the server's context length/);
  });
});

// A refusal vLLM would give every request alike, in words the chat check does not know.
const POLICY = 'requests with tools are refused by "policy 7" on this deployment';
const REFUSE_ALL = {
  kind: "custom" as const,
  status: 400,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ error: { message: POLICY, type: "BadRequestError", code: 400 } }),
};

Deno.test("every request refused alike: 69 after the first 2 × concurrency, the message quoted, no advice to resume, what was sent recorded", async () => {
  await withEmulator({ faults: [REFUSE_ALL], adapters: ["tuned"] }, async (url, emu) => {
    const s = await setupRun(N, { url, adapters: [{ name: "tuned" }], concurrency: 4 });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    const quoted = `HTTP 400 ${JSON.stringify(POLICY)}`;
    assert.equal(ran.stderr.split(quoted).length - 1, 1, ran.stderr);
    assert.match(
      ran.stderr,
      /^assess run: the server refused the first 8 requests alike, so the run stopped: HTTP 400 /m,
    );
    assert.match(ran.stderr, /change what the message names/);
    assert.doesNotMatch(ran.stderr, /resume/);
    // The chat check's request (a refusal it does not know), then 2 × concurrency, no more.
    assert.equal(emu.stats.chatRequests, 1 + 8);
    const { file, latest } = await read(s.out);
    assert.equal(latest.length, 8);
    assert(
      latest.every((r) => r.error?.status === 400 && r.error.message === `HTTP 400: ${POLICY}`),
    );
    const end = file.records.at(-1);
    assert(end?.kind === "end" && end.outcome === "server-failed" && end.errors === 8);
  });
});

Deno.test("a required probe that failed only because every send was refused alike says the refusal, not the batch-invariance advice", async () => {
  await withEmulator({ faults: [REFUSE_ALL] }, async (url, emu) => {
    const s = await setupRun(N, {
      url,
      batchInvariant: "required",
      probe: 1,
      concurrency: 8,
    });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(
      ran.stderr,
      /^assess run: the server refused (the first 16 requests alike, so the run stopped|every request alike \([0-9]+\)): HTTP 400 "requests with tools are refused by \\"policy 7\\" on this deployment"$/m,
    );
    assert.doesNotMatch(ran.stderr, /VLLM_BATCH_INVARIANT|batch invariant|resume/);
    assert(emu.stats.chatRequests <= 1 + 16, `${emu.stats.chatRequests} requests`);
  });
});

Deno.test("requests refused in different words, or some answered, do not stop the run early", async (t) => {
  const other = { ...REFUSE_ALL, body: JSON.stringify({ error: { message: "no", code: 400 } }) };
  // Chat request 1 is the chat check's; the run's own are 2 and on.
  const cases: [string, EmulatorOptions["faults"]][] = [
    ["two messages", [{ ...other, requests: [3, 5, 7] }, REFUSE_ALL]],
    ["a transient error among them", [{ kind: "503", requests: [4] }, REFUSE_ALL]],
    ["one answer among them", [{ ...REFUSE_ALL, requests: [2, 3, 4, 6, 7, 8, 9] }]],
  ];
  for (const [name, faults] of cases) {
    await t.step(name, async () => {
      await withEmulator({ faults: faults! }, async (url, emu) => {
        const s = await setupRun(12, { url, concurrency: 2 });
        const ran = await assess(["-config", s.config, "-out", s.out, "-retries", "0"]);
        assert.notEqual(ran.code, 0, ran.stderr);
        assert.doesNotMatch(ran.stderr, /refused the first|alike/);
        // Every item asked: 12, after the chat check's request.
        assert.equal(emu.stats.chatRequests, 1 + 12);
      });
    });
  }
});

Deno.test("a wrong API key: 69, the key never shown", async () => {
  await withEmulator({ apiKey: "server-key" }, async (url, emu) => {
    const s = await setupRun(3, { url });
    const bad = await assess(["-config", s.config, "-out", s.out], { VLLM_API_KEY: "nope-123" });
    assert.equal(bad.code, 69);
    assert.match(bad.stderr, /refused the API key/);
    assert.doesNotMatch(bad.stderr, /nope-123/);
    const good = await assess(["-config", s.config, "-out", s.out], {
      VLLM_API_KEY: "server-key",
    });
    assert.equal(good.code, 0, good.stderr);
    // The server check's chat request, then the 3 items.
    assert.equal(emu.stats.answered, 1 + 3);
  });
});

Deno.test("every server generation's replies read the same", async () => {
  const seen: string[] = [];
  for (const version of ["legacy", "mid", "main-2026"] as const) {
    await withEmulator({ version, adapters: ["broken"] }, async (url) => {
      const s = await setupRun(10, { url, adapters: [{ name: "broken" }] });
      const ran = await assess(["-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, `${version}: ${ran.stderr}`);
      const { latest } = await read(s.out);
      seen.push(
        JSON.stringify(
          latest.map((r) => [r.model, r.itemIndex, r.verdict?.reason, r.reply?.calls]).sort(),
        ),
      );
    });
  }
  assert.equal(seen[0], seen[1]);
  assert.equal(seen[1], seen[2]);
});

Deno.test("transient faults on first attempts are retried: every item answered, attempts recorded", async () => {
  await withEmulator({
    // Chat request 1 is the server check's (the first item, to the baseline): the faults that
    // name request numbers name the session's from 2 on.
    faults: [
      { kind: "500", attempts: [1], models: ["base"] },
      { kind: "429", attempts: [1], models: ["tuned"], retryAfter: 0 },
      { kind: "drop", requests: [4, 5] },
    ],
    adapters: ["tuned"],
    record: true,
  }, async (url, emu) => {
    const s = await setupRun(8, { url, adapters: [{ name: "tuned" }], concurrency: 2 });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const { latest } = await read(s.out);
    assert.equal(latest.length, 16);
    assert(latest.every((r) => r.error === null), "every pair answered");
    // The first attempt of (base, first held-out item) was the server check's, which got its
    // 500: its session request is its second (not faulted by `attempts`, maybe by a drop). Every
    // other pair was retried.
    const checked = emu.requests[0]!;
    assert.equal(checked.model, "base");
    const others = latest.filter((r) => r.model !== "base" || r.itemId !== checked.itemId);
    assert.equal(others.length, 15);
    assert(others.every((r) => r.attempts >= 2), "each retried once at least");
    assert(latest.every((r) => r.verdict?.correct === true));
  });
});

Deno.test("malformed, endless and huge replies are per-item errors; the run goes on", async () => {
  await withEmulator({
    // Chat request 1 is the server check's: the session's are numbered from 2.
    faults: [
      { kind: "not-json", requests: [2] },
      { kind: "no-choices", requests: [3] },
      { kind: "args-not-string", requests: [4] },
      { kind: "huge", requests: [5] },
      { kind: "endless", requests: [6] },
      { kind: "cut", requests: [7] },
    ],
    hugeBytes: 1 << 20,
    endlessIntervalMs: 20,
  }, async (url) => {
    const s = await setupRun(12, { url, concurrency: 1 });
    const ran = await assess([
      "-config",
      s.config,
      "-out",
      s.out,
      "-retries",
      "0",
      "-timeout",
      "1s",
      "-max-response",
      "65536",
    ]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(ran.stderr, /6 of 12 \(model, item\) pairs have no answer \(6 ended in errors\)/);
    const { latest } = await read(s.out);
    const kinds = latest.filter((r) => r.error !== null).map((r) => r.error!.kind).sort();
    assert.deepEqual(kinds, [
      "malformed",
      "malformed",
      "malformed",
      "network",
      "timeout",
      "too-large",
    ]);
    assert.equal(latest.filter((r) => r.verdict?.correct === true).length, 6);
  });
});

Deno.test("hostile replies (bombs, a redirect, bytes not UTF-8, the key echoed) are per-item errors; the key is written and printed nowhere", async () => {
  const key = "sk-run-hostile-0123456789";
  await withEmulator({
    apiKey: key,
    // Chat request 1 is the server check's: the session's are numbered from 2.
    faults: [
      { kind: "gzip-bomb", requests: [2] },
      { kind: "br-bomb", requests: [3] },
      { kind: "redirect", requests: [4] },
      { kind: "not-utf8", requests: [5] },
      { kind: "echo-key", requests: [6] },
      { kind: "echo-key-200", requests: [7] },
    ],
    hugeBytes: 8 << 20,
  }, async (url, emu) => {
    const s = await setupRun(10, { url, concurrency: 1 });
    const ran = await assess(
      ["-config", s.config, "-out", s.out, "-retries", "0", "-max-response", "1048576"],
      { VLLM_API_KEY: key },
    );
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(ran.stderr, /6 of 10 \(model, item\) pairs have no answer \(6 ended in errors\)/);
    const { latest } = await read(s.out);
    const errors = latest.filter((r) => r.error !== null).map((r) =>
      `${r.error!.kind} ${r.error!.status}`
    ).sort();
    assert.deepEqual(errors, [
      "http 302",
      "http 400",
      "malformed 200",
      "malformed 200",
      "too-large 200",
      "too-large 200",
    ]);
    assert.equal(emu.stats.redirectsFollowed, 0);
    const file = await Deno.readTextFile(s.out);
    assert(file.length < 1 << 20, `${file.length} bytes: no bomb written`);
    assert(!(file + ran.stdout + ran.stderr).includes(key), "the key is nowhere");
    assert(file.includes("[VLLM_API_KEY redacted]"), "the marker is where it was");
  });
});

Deno.test("a response sent unasked is never scored: a mismatch error, sent again on a new connection", async (t) => {
  // Requests 3, 6 and 9 are each preceded, on their connection, by a 200 not asked for: the
  // previous reply (another item's, naming its request), and at 3 one naming no request at all.
  const faults = [
    {
      kind: "stray" as const,
      requests: [3],
      body:
        '{"id":"chatcmpl-x","choices":[{"message":{"content":"stray"},"finish_reason":"stop"}]}',
    },
    { kind: "stray" as const, requests: [6, 9] },
  ];
  await t.step("without retries: three mismatch errors, no wrong verdict", async () => {
    await withEmulator({ faults, adapters: ["tuned"] }, async (url) => {
      // One at a time: each stray lands on a connection that answered before.
      const s = await setupRun(10, { url, adapters: [{ name: "tuned" }], concurrency: 1 });
      const ran = await assess(["-config", s.config, "-out", s.out, "-retries", "0"]);
      assert.equal(ran.code, 69, ran.stderr);
      const { latest } = await read(s.out);
      assert.equal(latest.length, 20);
      assert.deepEqual(latest.filter((r) => r.verdict?.correct === false), [], "no wrong verdict");
      const errors = latest.filter((r) => r.error !== null).map((r) => r.error!);
      assert.deepEqual(errors.map((e) => `${e.kind} ${e.status} ${e.transient}`), [
        "mismatch 200 false",
        "mismatch 200 false",
        "mismatch 200 false",
      ]);
      for (const e of errors) {
        assert.match(
          e.message,
          /^the reply names another request \("chatcmpl-[^"]*", not "chatcmpl-assess-[0-9a-z]{10}-\d+"\): a response the server sent unasked, or one meant for another request; not scored$/,
        );
      }
      assert.match(
        ran.stderr,
        /3 of 20 \(model, item\) pairs have no answer \(3 ended in errors\)/,
      );
    });
  });
  await t.step("with retries: every pair answered right, the three sent twice", async () => {
    await withEmulator({ faults, adapters: ["tuned"] }, async (url) => {
      const s = await setupRun(10, { url, adapters: [{ name: "tuned" }], concurrency: 1 });
      const ran = await assess(["-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, ran.stderr);
      const { latest } = await read(s.out);
      assert.equal(latest.length, 20);
      assert(latest.every((r) => r.error === null && r.verdict?.correct === true));
      assert.deepEqual(latest.map((r) => r.attempts).sort(), [...Array(17).fill(1), 2, 2, 2]);
    });
  });
});

Deno.test("bodies the server broke are named, sent again, and end as its fault, not as a server gone", async () => {
  await withEmulator({
    // Chat request 1 is the server check's: the session's are numbered from 2.
    faults: [
      { kind: "bad-chunk", requests: [2] },
      { kind: "big-trailer", requests: [3] },
      { kind: "bad-gzip", requests: [4] },
      { kind: "bad-br", requests: [5] },
      { kind: "tiny-chunks", requests: [6] },
    ],
  }, async (url) => {
    const s = await setupRun(6, { url, concurrency: 1 });
    const ran = await assess(["-config", s.config, "-out", s.out, "-retries", "0"]);
    assert.equal(ran.code, 69, ran.stderr);
    const { latest } = await read(s.out);
    const broken = "the server sent a broken body: it broke off after";
    const framing =
      "bytes, its connection closed or its chunked framing invalid (a bad chunk size, or trailers too large; the client does not say which)";
    const errors = latest.filter((r) => r.error !== null).map((r) => r.error!);
    assert.deepEqual(
      errors.map((e) => `${e.kind} ${e.transient}`),
      Array(4).fill("broken-body false"),
    );
    const messages = errors.map((e) => e.message.replace(/after \d+ bytes,/, "after N bytes,"))
      .sort();
    assert.deepEqual(messages, [
      `${broken} N ${framing}`,
      `${broken} N ${framing}`,
      'the server sent a broken body: it does not decode as its Content-Encoding "br" says (after 0 bytes decoded)',
      'the server sent a broken body: it does not decode as its Content-Encoding "gzip" says (after 0 bytes decoded)',
    ]);
    // The one sent a byte a chunk is read whole and scored.
    assert(latest.every((r) => r.error !== null || r.verdict?.correct === true));
    assert.match(ran.stderr, /4 of 6 \(model, item\) pairs have no answer \(4 ended in errors\)/);
    assert.doesNotMatch(ran.stderr, /stopped answering/);
  });
  // A server that breaks every body: each is sent again, and the run goes through every item
  // (not "stopped answering" after 16 in a row), each an error that says the server broke it.
  await withEmulator({ faults: [{ kind: "bad-chunk" }] }, async (url, emu) => {
    const s = await setupRun(20, { url, concurrency: 1 });
    const ran = await assess(["-config", s.config, "-out", s.out, "-retries", "1"]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.doesNotMatch(ran.stderr, /stopped answering/);
    const { latest } = await read(s.out);
    assert.equal(latest.length, 20);
    assert(latest.every((r) => r.error?.kind === "broken-body" && r.attempts === 2));
    // The server check's one (its broken body is left to the run), then 20 pairs sent twice.
    assert.equal(emu.stats.chatRequests, 1 + 40);
  });
});

Deno.test("a key a header cannot carry is refused at start (64), not shown, nothing sent", async () => {
  await withEmulator({ apiKey: "line-one" }, async (url, emu) => {
    const s = await setupRun(3, { url });
    const ran = await assess(["-config", s.config, "-out", s.out], {
      VLLM_API_KEY: "line-one\nline-two",
    });
    assert.equal(ran.code, 64);
    assert.equal(
      ran.stderr,
      "assess run: VLLM_API_KEY cannot be sent as a bearer token: it holds a line break " +
        "(character 9 of 17); set it to the key alone (printable ASCII, no spaces or line " +
        "breaks); the key is not shown\n",
    );
    assert.equal(emu.stats.httpRequests, 0);
    await assert.rejects(Deno.stat(s.out), Deno.errors.NotFound);
  });
});

Deno.test("a server that dies mid-run: exit 69, and a resumed run on a new server finishes with each pair answered once", async () => {
  const s0 = { dir: "", config: "", out: "" };
  await withEmulator({ dieAfter: 25, adapters: ["tuned"] }, async (url) => {
    const s = await setupRun(N, { url, adapters: [{ name: "tuned" }], concurrency: 4 });
    Object.assign(s0, s);
    const ran = await assess(["-config", s.config, "-out", s.out, "-retries", "1"]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(ran.stderr, /pairs have no answer .*run the same command again to resume/);
  });
  await withEmulator({ adapters: ["tuned"] }, async (url, emu) => {
    const text = await Deno.readTextFile(s0.config);
    await Deno.writeTextFile(s0.config, text.replace(/url: .*/, `url: ${url}`));
    const ran = await assess(["-config", s0.config, "-out", s0.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const { latest, answered } = await read(s0.out);
    assert.equal(latest.length, 2 * N);
    assert.equal(answered.length, 2 * N, "each pair answered exactly once");
    assert(emu.stats.chatRequests < 2 * N, "the resumed run asked only what was missing");
  });
});

Deno.test("the probe catches the batch-variant model (required: 69, fast)", async () => {
  await withEmulator({ adapters: ["batch-variant"] }, async (url, emu) => {
    const s = await setupRun(N, {
      url,
      adapters: [{ name: "batch-variant" }],
      batchInvariant: "required",
      probe: 3,
      concurrency: 8,
    });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(ran.stderr, /not batch invariant/);
    assert.match(ran.stderr, /batch-variant, item [0-9]+: calls\[0\]\.arguments differs/);
    assert.doesNotMatch(ran.stderr, /^ {2}base, item/m);
    assert(emu.stats.chatRequests < 2 * N, `${emu.stats.chatRequests} requests`);
    const { file } = await read(s.out);
    const checks = file.records.filter((r) => r.kind === "probe-check");
    assert(
      checks.some((c) => c.kind === "probe-check" && c.model === "base" && c.outcome === "same"),
    );
  });
});

Deno.test("results are the same at concurrency 1 and 64 for a batch-invariant model", async () => {
  const runs: string[] = [];
  for (const concurrency of [1, 64]) {
    await withEmulator({ adapters: ["errors-30"] }, async (url) => {
      const s = await setupRun(N, {
        url,
        adapters: [{ name: "errors-30" }],
        concurrency,
        batchInvariant: "required",
        probe: 4,
      });
      const ran = await assess(["-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, ran.stderr);
      const { latest } = await read(s.out);
      runs.push(JSON.stringify(
        latest.map((r) => [r.model, r.itemIndex, r.requestDigest, r.reply, r.verdict]).sort(),
      ));
    });
  }
  assert.equal(runs[0], runs[1]);
});

Deno.test("an adapter that was not applied: its replies are the base's, and the run warns once, at once and at the end", async () => {
  const n = 80;
  await withEmulator({
    rows: syntheticRows(n),
    adapters: ["ghost", "tuned"],
    scripts: { base: "errors:0.3", ghost: "not-applied", tuned: "errors:0.3" },
  }, async (url) => {
    const s = await setupRun(n, {
      url,
      adapters: [{ name: "ghost" }, { name: "tuned" }],
      concurrency: 8,
    });
    const ran = await assess(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const warning =
      "WARNING: ghost's first 50 replies are byte for byte base's (text, calls and finish " +
      "reason): the adapter may not be applied; check that the server loaded it and serves it " +
      "under that name";
    // Once as it is found (a notice), once more among the lines at the end; never for tuned.
    const lines = ran.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("progress "));
    assert.deepEqual(lines, [warning, warning]);
    const { latest } = await read(s.out);
    const reply = (model: string, i: number) =>
      JSON.stringify(latest.find((r) => r.model === model && r.itemIndex === i)!.reply);
    let same = 0;
    let tunedSame = 0;
    for (let i = 0; i < n; i++) {
      if (reply("ghost", i) === reply("base", i)) same++;
      if (reply("tuned", i) === reply("base", i)) tunedSame++;
    }
    assert.equal(same, n);
    assert.ok(tunedSame < n - 10, `tuned answered ${tunedSame} of ${n} as base did`);
    // The base is wrong on some items, so "identical" is not just "both right".
    assert.ok(latest.some((r) => r.model === "base" && r.verdict?.correct === false));
    // Each result records its item's category.
    assert.ok(latest.every((r) => r.category === "single"));
  });
});
