/**
 * `assess run` end to end, in process against a scripted server for each behaviour. As the real
 * command line, with the narrow permissions the README gives, for kills, signals and hostile
 * inputs: tests/e2e/run_test.ts.
 */

import { compareItemIds } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import type { Io } from "../../src/cli/io.ts";
import type { ProbeRecord } from "../../src/results/records.ts";
import { runCli } from "../../src/cli/main.ts";
import { assess, type Ran } from "./_in_process.ts";
import { register } from "../../src/score/registry.ts";
import { answerFor, setupRun } from "../run/_fixtures.ts";
import { completion, startStub, type Stub } from "../run/_stub_server.ts";
import { answers, correct, results, withoutUrl } from "./_run_fixtures.ts";

/** `assess run ARGS` in process. */
function runIn(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return assess(["run", ...args], env);
}

Deno.test("a run asks every item of every model once, records it, and prints only results on stdout", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: correct });
  try {
    const s = await setupRun(12, { url: stub.url, adapters: [{ name: "tuned" }], concurrency: 3 });
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(ran.stdout, `${s.out}: 24 of 24 answers recorded (0 errors, 0 not asked)\n`);
    assert.match(ran.stderr, /^progress base +12\/12 .*accuracy 100\.0%$/m);
    assert.match(ran.stderr, /^progress tuned +12\/12 /m);
    const { file, latest } = await results(s.out);
    assert.equal(latest.size, 24);
    assert.equal(answers(file.records).length, 24);
    assert.equal(file.header.models.baseline, "base");
    assert.deepEqual(file.header.models.adapters, ["tuned"]);
    assert.deepEqual(file.header.server.models, ["base", "tuned"]);
    assert.equal(file.header.sampling.seed, "9007199254740993");
    assert.equal(file.header.scorer.toolCallParser, "hermes");
    // The server check's chat request (the first item, to the baseline, naming no request id),
    // then the 24 pairs.
    assert.equal(stub.requests.length, 25);
    assert.equal(stub.requests[0]!.body.model, "base");
    assert.equal(stub.requests.filter((r) => r.requestId === null).length, 1);
    // The request: system prompt, query, tools, sampling, exact seed, thinking sent explicitly.
    const request = stub.requests[1]!;
    assert.match(request.text, /"seed":9007199254740993,/);
    assert.equal((request.body.messages as unknown[]).length, 2);
    assert.deepEqual(request.body.chat_template_kwargs, { enable_thinking: false });
    // Running again asks nothing.
    const again = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(again.code, 0);
    assert.equal(stub.requests.length, 25);
  } finally {
    await stub.close();
  }
});

Deno.test("a results file another run holds is refused with 64, and left as it is", async () => {
  const stub = startStub({ chat: correct });
  try {
    const s = await setupRun(3, { url: stub.url });
    const first = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(first.code, 0, first.stderr);
    const before = await Deno.readFile(s.out);
    // Another process holds the file, as a run still appending to it does.
    const holder = await Deno.open(s.out, { read: true, write: true });
    try {
      assert(await holder.tryLock(true));
      const second = await runIn(["-config", s.config, "-out", s.out]);
      assert.equal(second.code, 64, second.stderr);
      assert.match(second.stderr, /another assess run is writing .*results/);
      assert.deepEqual(await Deno.readFile(s.out), before);
    } finally {
      holder.close();
    }
    // Released, the same command resumes (nothing is left to ask).
    const third = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(third.code, 0, third.stderr);
  } finally {
    await stub.close();
  }
});

Deno.test("a results file that grew between its reading and its opening is refused with 64", async () => {
  const stub = startStub({ chat: correct });
  try {
    const s = await setupRun(3, { url: stub.url });
    assert.equal((await runIn(["-config", s.config, "-out", s.out])).code, 0);
    // Another run appends right after this one read the file.
    const real = denoIo();
    const io: Io = {
      ...real,
      stdout: { isTerminal: false, write: () => Promise.resolve() },
      stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
      env: () => undefined,
      async openRead(path) {
        const stream = await real.openRead(path);
        if (path !== s.out) return stream;
        // Read to its end, then grown.
        const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
        await Deno.writeTextFile(s.out, "{}\n", { append: true });
        return ReadableStream.from([bytes]);
      },
    };
    let stderr = "";
    const code = await runCli(["run", "-config", s.config, "-out", s.out], io);
    assert.equal(code, 64, stderr);
    assert.match(
      stderr,
      /another assess run is writing .*\(or wrote to it since this one read it\)/,
    );
    assert((await Deno.readTextFile(s.out)).endsWith("{}\n"), "the file is left as it was");
  } finally {
    await stub.close();
  }
});

Deno.test("the self-test runs before any request: a failing scorer stops the run with 65", async () => {
  register({
    name: "test-always-wrong",
    version: "0",
    reasons: ["wrong"],
    key: () => ({ text: "", calls: [{ name: "x", arguments: "{}" }], truncated: false }),
    score: () => ({ correct: false, reason: "wrong", detail: "always" }),
  });
  const stub = startStub({ chat: correct });
  try {
    const s = await setupRun(3, { url: stub.url });
    const text = await Deno.readTextFile(s.config);
    await Deno.writeTextFile(
      s.config,
      text.replace("name: xlam-tool-call", "name: test-always-wrong"),
    );
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 65, ran.stderr);
    assert.match(ran.stderr, /failed its self-test on the split; no request was sent/);
    assert.equal(stub.requests.length, 0);
    await assert.rejects(Deno.stat(s.out), Deno.errors.NotFound);
  } finally {
    await stub.close();
  }
});

Deno.test("server checks: unreachable, key refused, model missing: exit 69 saying what to fix", async () => {
  const stub = startStub({ models: ["base"], apiKey: "the-key", chat: correct });
  const s = await setupRun(3, { url: stub.url, adapters: [{ name: "tuned" }] });
  try {
    const wrongKey = await runIn(["-config", s.config, "-out", s.out], {
      VLLM_API_KEY: "bad-key-123",
    });
    assert.equal(wrongKey.code, 69);
    assert.match(wrongKey.stderr, /refused the API key: set VLLM_API_KEY/);
    assert.doesNotMatch(wrongKey.stderr + wrongKey.stdout, /bad-key-123/);
    const noAdapter = await runIn(["-config", s.config, "-out", s.out], {
      VLLM_API_KEY: "the-key",
    });
    assert.equal(noAdapter.code, 69);
    assert.match(noAdapter.stderr, /does not serve the adapter "tuned"/);
    assert.equal(stub.requests.length, 0);
  } finally {
    await stub.close();
  }
  const down = await runIn(["-config", s.config, "-out", s.out]);
  assert.equal(down.code, 69);
  assert.match(
    down.stderr,
    /cannot reach the server .*connection refused\. Start the server, or fix server\.url/,
  );
});

Deno.test("the API key is sent as a bearer token and written nowhere", async () => {
  const stub = startStub({ models: ["base"], apiKey: "sk-very-secret", chat: correct });
  try {
    const s = await setupRun(4, { url: stub.url });
    const ran = await runIn(["-config", s.config, "-out", s.out], {
      VLLM_API_KEY: "sk-very-secret",
    });
    assert.equal(ran.code, 0, ran.stderr);
    assert(stub.requests.every((r) => r.authorization === "Bearer sk-very-secret"));
    const text = await Deno.readTextFile(s.out);
    assert.doesNotMatch(text + ran.stderr + ran.stdout, /sk-very-secret/);
  } finally {
    await stub.close();
  }
});

Deno.test("server errors are never wrong answers: exit 69 with how many are missing, and a re-run resumes", async () => {
  let failing = true;
  const stub = startStub({
    models: ["base"],
    chat: (r) => {
      const i = Number(JSON.parse(answerFor(r.body).arguments).x);
      if (failing && i % 3 === 0) return new Response("overloaded", { status: 503 });
      if (i === 4) {
        return Response.json({ error: { message: "context length", code: 400 } }, { status: 400 });
      }
      return correct(r);
    },
  });
  try {
    const s = await setupRun(9, { url: stub.url });
    const first = await runIn(["-config", s.config, "-out", s.out, "-retries", "1"]);
    assert.equal(first.code, 69, first.stderr);
    assert.match(
      first.stderr,
      /4 of 9 \(model, item\) pairs have no answer \(4 ended in errors\); run the same command again to resume/,
    );
    const { latest } = await results(s.out);
    const errors = [...latest.values()].filter((r) => r.error !== null);
    assert.equal(errors.length, 4);
    assert(errors.every((r) => r.verdict === null));
    assert.deepEqual(errors.map((r) => r.error!.status).sort(), [400, 503, 503, 503]);
    assert.equal(errors.find((r) => r.error!.status === 503)!.attempts, 2);
    failing = false;
    const before = stub.requests.length;
    const second = await runIn(["-config", s.config, "-out", s.out, "-retries", "0"]);
    assert.equal(second.code, 69);
    assert.match(second.stderr, /1 of 9 \(model, item\) pairs have no answer/);
    // The server check's request, then the 4 pairs without an answer.
    assert.equal(stub.requests.length - before, 1 + 4);
  } finally {
    await stub.close();
  }
});

Deno.test("resuming refuses a results file of another run (64), saying what changed", async () => {
  const stub = startStub({ models: ["base"], chat: correct });
  try {
    const s = await setupRun(4, { url: stub.url });
    assert.equal((await runIn(["-config", s.config, "-out", s.out])).code, 0);
    const text = await Deno.readTextFile(s.config);
    await Deno.writeTextFile(s.config, text.replace("maxTokens: 512", "maxTokens: 256"));
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 64);
    assert.match(
      ran.stderr,
      /holds the results of another run, so it is not resumed; what changed:/,
    );
    assert.match(ran.stderr, /sampling\.maxTokens: 512 in the file, 256 now/);
    await Deno.writeTextFile(`${s.dir}/other.jsonl`, "hello\n");
    const notOurs = await runIn(["-config", s.config, "-out", `${s.dir}/other.jsonl`]);
    assert.equal(notOurs.code, 64);
    assert.match(notOurs.stderr, /is not a results file this run can resume/);
    assert.equal(await Deno.readTextFile(`${s.dir}/other.jsonl`), "hello\n");
  } finally {
    await stub.close();
  }
});

Deno.test("resuming refuses a results file with a broken record (65, as report does), its line named, the file untouched", async () => {
  const stub = startStub({ models: ["base"], chat: correct });
  try {
    const s = await setupRun(4, { url: stub.url });
    assert.equal((await runIn(["-config", s.config, "-out", s.out])).code, 0);
    const lines = (await Deno.readTextFile(s.out)).split("\n");
    lines[3] = lines[3]!.replace(/"latencyMs":\d+/, '"latencyMs":-5');
    const broken = lines.join("\n");
    await Deno.writeTextFile(s.out, broken);
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 65, ran.stderr);
    assert.equal(
      ran.stderr,
      `assess run: ${s.out}: line 4 of the results file is broken: latencyMs is -5, less than 0\n`,
    );
    assert.equal(await Deno.readTextFile(s.out), broken);
  } finally {
    await stub.close();
  }
});

Deno.test("a torn last line is ignored and overwritten", async () => {
  const stub = startStub({ models: ["base"], chat: correct });
  try {
    const s = await setupRun(5, { url: stub.url });
    assert.equal((await runIn(["-config", s.config, "-out", s.out])).code, 0);
    const lines = (await Deno.readTextFile(s.out)).split("\n");
    // Keep the header, the session and two results, and tear the third.
    const kept = lines.slice(0, 4).join("\n") + "\n" + lines[4]!.slice(0, 30);
    await Deno.writeTextFile(s.out, kept);
    const before = stub.requests.length;
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    // The server check's request, then the 3 pairs without an answer.
    assert.equal(stub.requests.length - before, 1 + 3);
    const { file, latest } = await results(s.out);
    assert.equal(file.torn, false);
    assert.equal(latest.size, 5);
    assert.equal(answers(file.records).length, 5);
  } finally {
    await stub.close();
  }
});

Deno.test("a header line torn by a crash holds nothing yet: the run starts the file afresh", async () => {
  const stub = startStub({ models: ["base"], chat: correct });
  try {
    const s = await setupRun(3, { url: stub.url });
    assert.equal((await runIn(["-config", s.config, "-out", s.out])).code, 0);
    const header = (await Deno.readTextFile(s.out)).split("\n")[0]!;
    // Torn after its first 40 characters, and torn inside the very first ones.
    for (const kept of [40, 11, 1]) {
      await Deno.writeTextFile(s.out, header.slice(0, kept));
      const ran = await runIn(["-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, `${kept}: ${ran.stderr}`);
      const { file, latest } = await results(s.out);
      assert.equal(file.torn, false);
      assert.equal(latest.size, 3);
      assert.equal(file.records.filter((r) => r.kind === "session").length, 1);
    }
  } finally {
    await stub.close();
  }
});

/** A server whose reply changes when another request is in flight: not batch invariant. */
function batchVariantStub(): ReturnType<typeof startStub> {
  return startStub({
    models: ["base"],
    chat: async (r) => {
      await new Promise((res) => setTimeout(res, 5));
      const call = answerFor(r.body);
      return completion(String(r.body.model), {
        calls: [r.inFlight > 1 ? { ...call, arguments: call.arguments.replace(" ", "") } : call],
      });
    },
  });
}

Deno.test("a required probe fails fast on a batch-variant model, naming the items (69)", async () => {
  const stub = batchVariantStub();
  try {
    const s = await setupRun(200, {
      url: stub.url,
      batchInvariant: "required",
      probe: 2,
      concurrency: 8,
    });
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 69, ran.stderr);
    assert.match(
      ran.stderr,
      /the server is not batch invariant \(serving.batchInvariant is required\)/,
    );
    assert.match(ran.stderr, /base, item [0-9]+: calls\[0\]\.arguments differs at character 5/);
    assert.match(ran.stderr, /VLLM_BATCH_INVARIANT=1/);
    assert(stub.requests.length < 60, `${stub.requests.length} requests`);
  } finally {
    await stub.close();
  }
});

Deno.test("an asserted probe warns loudly and the run completes", async () => {
  const stub = batchVariantStub();
  try {
    const s = await setupRun(30, {
      url: stub.url,
      batchInvariant: "asserted",
      probe: 2,
      concurrency: 8,
    });
    const ran = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /^WARNING: serving.batchInvariant is asserted, but [12] probe item/m);
  } finally {
    await stub.close();
  }
});

Deno.test("the probe shows in the progress lines, and a resumed run sends no probe request already answered", async () => {
  // The first run: request 3 (after the server check's, the probe's second lone send) fails, and
  // so do a quarter of the items.
  let failing = true;
  const stub: Stub = startStub({
    models: ["base", "tuned"],
    chat: (r) => {
      const i = Number(JSON.parse(answerFor(r.body).arguments).x);
      if (failing && (stub.requests.length === 3 || i % 4 === 3)) {
        return new Response("overloaded", { status: 503 });
      }
      return correct(r);
    },
  });
  try {
    const s = await setupRun(12, {
      url: stub.url,
      adapters: [{ name: "tuned" }],
      concurrency: 3,
      probe: 3,
    });
    const first = await runIn(["-config", s.config, "-out", s.out, "-retries", "0"]);
    assert.equal(first.code, 69, first.stderr);
    const sends = (await results(s.out)).file.records.filter((r): r is ProbeRecord =>
      r.kind === "probe"
    );
    assert.equal(sends.length, 12, "3 items, 2 models, alone and loaded");
    const failed = sends.filter((r) => r.error !== null).length;
    // The last progress line of the probe: every send made, each item compared.
    const probeLine = first.stderr.split("\n").find((l) => l.startsWith("progress probe"));
    assert.equal(
      probeLine,
      `progress probe  12/12 sends  same ${6 - failed}  different 0  inconclusive ${failed}`,
    );
    assert.ok(failed > 0 && failed < 12, `${failed} probe sends failed`);

    failing = false;
    const before = stub.requests.length;
    const second = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(second.code, 0, second.stderr);
    const records = (await results(s.out)).file.records;
    const asked = records.filter((r) => r.kind === "result" && r.session === 2).length;
    const probed = records.filter((r): r is ProbeRecord => r.kind === "probe" && r.session === 2);
    // Only the sends that failed are made again, each with its item's other send kept.
    assert.deepEqual(
      probed.map((r) => `${r.model}/${r.itemId}/${r.phase}`).sort(),
      sends.filter((r) => r.error !== null).map((r) => `${r.model}/${r.itemId}/${r.phase}`)
        .sort(),
    );
    // At the server: the check's request, the pairs without an answer, and those sends.
    assert.equal(stub.requests.length - before, 1 + asked + failed);
    assert.match(
      second.stderr,
      new RegExp(`^progress probe  ${failed}/${failed} sends  same ${failed}  different 0`, "m"),
    );
  } finally {
    await stub.close();
  }
});

Deno.test("flags: a bad -timeout or -retries is refused with 64", async () => {
  const bad = await runIn(["-out", "x.jsonl", "-timeout", "soon"]);
  assert.equal(bad.code, 64);
  assert.match(bad.stderr, /-timeout "soon" is not a duration/);
  const retries = await runIn(["-out", "x.jsonl", "-retries", "-1"]);
  assert.equal(retries.code, 64);
});

Deno.test("flags: every duration and count has a maximum; past it, 64 saying which", async (t) => {
  const cases: [string[], string][] = [
    // 597 h overflowed the platform's timer (2^31 - 1 ms) to 1 ms: every request "timed out".
    [["-timeout", "597h"], 'assess run: -timeout "597h" is more than 24h, the most allowed'],
    [["-timeout", "24.001h"], 'assess run: -timeout "24.001h" is more than 24h, the most allowed'],
    [
      ["-timeout", "86400001ms"],
      'assess run: -timeout "86400001ms" is more than 24h, the most allowed',
    ],
    [["-timeout", "0s"], 'assess run: -timeout "0s" is not a duration such as 90s, 10m or 500ms'],
    [
      ["-max-response", "67108865"],
      'assess run: -max-response "67108865" is not a whole number from 1024 to 67108864',
    ],
    [
      ["-max-response", "1023"],
      'assess run: -max-response "1023" is not a whole number from 1024 to 67108864',
    ],
    [["-retries", "101"], 'assess run: -retries "101" is not a whole number from 0 to 100'],
    [
      ["-timeout", "9".repeat(100)],
      `assess run: -timeout "${"9".repeat(57)}..." is more than 24h, the most allowed`,
    ],
    [
      ["-timeout", "9".repeat(400)],
      `assess run: -timeout "${"9".repeat(57)}..." is not a duration such as 90s, 10m or 500ms`,
    ],
  ];
  for (const [flags, line] of cases) {
    await t.step(flags.join(" ").slice(0, 40), async () => {
      const ran = await runIn(["-out", "x.jsonl", ...flags]);
      assert.equal(ran.code, 64);
      assert.equal(ran.stderr, `${line}\n`);
    });
  }
  await t.step("the maxima themselves are accepted", async () => {
    const stub = startStub({ chat: correct });
    try {
      const s = await setupRun(2, { url: stub.url });
      const ran = await runIn([
        "-config",
        s.config,
        "-out",
        s.out,
        "-timeout",
        "24h",
        "-max-response",
        "67108864",
        "-retries",
        "100",
      ]);
      assert.equal(ran.code, 0, ran.stderr);
    } finally {
      await stub.close();
    }
  });
});

Deno.test("-timeout and -max-response bound every request; their failures are per-item errors", async () => {
  // Item 2's body never ends while the run goes on; once the run is over it is ended, so that the
  // stub's graceful close does not wait on it (it once did, for minutes, on a loaded machine).
  let release = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  const stub = startStub({
    models: ["base"],
    chat: (r) => {
      const i = Number(JSON.parse(answerFor(r.body).arguments).x);
      if (i === 1) return completion("base", { content: "x".repeat(5000) });
      if (i === 2) {
        return new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode("{"));
              released.then(() => {
                try {
                  c.close();
                } catch {
                  // cancelled already: the client went away
                }
              });
            },
          }),
        );
      }
      return correct(r);
    },
  });
  try {
    const s = await setupRun(4, { url: stub.url });
    const ran = await runIn([
      "-config",
      s.config,
      "-out",
      s.out,
      "-timeout",
      "2s", // long enough for the server check and the other items on a loaded machine
      "-max-response",
      "4096",
      "-retries",
      "0",
    ]);
    assert.equal(ran.code, 69, ran.stderr);
    const { latest } = await results(s.out);
    const errors = [...latest.values()].filter((r) => r.error !== null).sort((a, b) =>
      compareItemIds(a.itemId, b.itemId)
    ).map((r) => [r.itemId, r.error!.kind, r.error!.message]);
    assert.deepEqual(errors, [
      [1, "too-large", "the response body is 5327 bytes, over the 4096-byte cap"],
      [2, "timeout", "no complete response within 2 s"],
    ]);
  } finally {
    release();
    await stub.close();
  }
});

Deno.test("server settings come from the manifest or the environment when the file has none", async () => {
  const stub = startStub({ models: ["base"], chat: correct });
  try {
    const s = await setupRun(2, { url: stub.url });
    const text = await Deno.readTextFile(s.config);
    await Deno.writeTextFile(
      s.config,
      text.replace(/ {2}url: .*\n/, "  insecure: false\n").replace(
        "  toolCallParser: hermes\n",
        "",
      ),
    );
    const none = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(none.code, 64);
    assert.match(
      none.stderr,
      /no server URL: set server.url in assess.yaml, url in the serve manifest, or ASSESS_SERVER_URL/,
    );
    const fromEnv = await runIn(["-config", s.config, "-out", s.out], {
      ASSESS_SERVER_URL: stub.url,
      ASSESS_TOOL_CALL_PARSER: "hermes",
    });
    assert.equal(fromEnv.code, 0, fromEnv.stderr);
    const manifest = `${s.dir}/serve.json`;
    await Deno.writeTextFile(manifest, JSON.stringify({ url: stub.url, toolCallParser: "hermes" }));
    const out2 = `${s.dir}/results2.jsonl`;
    const fromManifest = await runIn(["-config", s.config, "-out", out2], {
      ASSESS_SERVE_MANIFEST: manifest,
      ASSESS_SERVER_URL: "http://127.0.0.1:1/v1",
    });
    assert.equal(fromManifest.code, 0, fromManifest.stderr);
    assert.equal((await results(out2)).file.header.server.url, stub.url);
  } finally {
    await stub.close();
  }
});

Deno.test("on a terminal, the progress lines are redrawn in place", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: correct });
  try {
    const s = await setupRun(3, { url: stub.url, adapters: [{ name: "tuned" }] });
    let stderr = "";
    const { onStopSignal: _signals, ...real } = denoIo();
    const code = await runCli(["run", "-config", s.config, "-out", s.out], {
      ...real,
      stdout: { isTerminal: false, write: () => Promise.resolve() },
      stderr: { isTerminal: true, write: (t) => Promise.resolve(void (stderr += t)) },
      env: () => undefined,
    });
    assert.equal(code, 0, stderr);
    assert(stderr.includes("\x1b[2Kbase   3/3 "), stderr);
    assert(stderr.includes("\x1b[2Ktuned  3/3 "), stderr);
    assert.doesNotMatch(stderr, /^progress /m);
  } finally {
    await stub.close();
  }
});

Deno.test("the serve manifest is read strictly: a key twice, or over 1 MiB, is refused (64)", async () => {
  const stub = startStub({ chat: correct });
  try {
    const s = await setupRun(2, { url: stub.url });
    const manifest = `${s.dir}/serve.json`;
    await withoutUrl(s.config, manifest);
    await Deno.writeTextFile(
      manifest,
      `{"url": "http://127.0.0.1:1/v1", "url": "${stub.url}", "toolCallParser": "hermes"}`,
    );
    const twice = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(twice.code, 64);
    assert.equal(
      twice.stderr,
      `assess run: the serve manifest ${manifest} is not JSON: duplicate key "url" at offset 33\n`,
    );
    const file = await Deno.open(manifest, { write: true, truncate: true });
    await file.truncate(1_048_577);
    file.close();
    const large = await runIn(["-config", s.config, "-out", s.out]);
    assert.equal(large.code, 64);
    assert.equal(
      large.stderr,
      `assess run: the serve manifest ${manifest} cannot be read: it is 1048577 bytes, over the ` +
        "1048576 bytes that are read\n",
    );
    assert.equal(stub.requests.length, 0);
  } finally {
    await stub.close();
  }
});
