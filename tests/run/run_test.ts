/**
 * The run's core, in process: runAssessment with its effects given by the test (a fetch that
 * answers from memory, a results file in memory, a clock, timers), so that every decision can be
 * seen without a process, a port or a file.
 */

import assert from "node:assert/strict";
import { parseConfig } from "../../src/config/validate.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import { readResume } from "../../src/run/resume.ts";
import { RunSetupError } from "../../src/run/run_errors.ts";
import { runAssessment, type RunInput, type RunOutcome } from "../../src/run/run.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { readAll } from "../results/_read_all.ts";
import { answerFor, configText, countingTimers, syntheticItems } from "./_fixtures.ts";
import { world } from "./_world.ts";

const ITEMS = syntheticItems(6);
const URL_V1 = "http://127.0.0.1:8000/v1";

function config(more: { probe?: number; batchInvariant?: "required" | "asserted" } = {}) {
  return parseConfig(
    configText({
      url: URL_V1,
      datasetPath: "data.json",
      datasetSha256: "a".repeat(64),
      size: ITEMS.length,
      adapters: [{ name: "tuned" }],
      concurrency: 2,
      ...more,
    }),
    { lookupScorer },
  );
}

/** Whether a chat request is one the session counts: it names itself (the server check's does not). */
function counted(init: RequestInit | undefined): boolean {
  return (init?.headers as Record<string, string> | undefined)?.["X-Request-Id"] !== undefined;
}

/** A fetch that serves `/models` and answers every chat request with the item's own answer. */
function server(answer = true) {
  const chats: string[] = [];
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/models")) {
      return Promise.resolve(
        Response.json({ object: "list", data: [{ id: "base" }, { id: "tuned" }] }),
      );
    }
    const body = JSON.parse(String(init?.body));
    chats.push(body.model);
    const call = answerFor(body);
    // vLLM names the request in its reply: `chatcmpl-` and the X-Request-Id sent.
    const id = new Headers(init?.headers).get("x-request-id");
    return Promise.resolve(Response.json({
      ...(id === null ? {} : { id: `chatcmpl-${id}` }),
      choices: [{
        message: { content: null, tool_calls: answer ? [{ function: call }] : [] },
        finish_reason: "tool_calls",
      }],
      usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
    }));
  }) as typeof fetch;
  return { fetchFn, chats };
}

function input(more: Partial<RunInput> = {}): RunInput {
  return {
    config: config(),
    items: ITEMS,
    splitDigest: "b".repeat(64),
    scorer: lookupScorer("xlam-tool-call")!,
    server: { urls: [URL_V1], toolCallParser: "hermes", reasoningParser: null, urlSource: "file" },
    limits: { timeoutMs: 10_000, maxResponseBytes: 1 << 20, retries: 0 },
    resume: null,
    assessVersion: "0.1.0",
    out: "results.jsonl",
    ...more,
  };
}

function ran(outcome: RunOutcome): Extract<RunOutcome, { summary: string }> {
  assert.notEqual(outcome.kind, "selftest-failed");
  return outcome as Extract<RunOutcome, { summary: string }>;
}

Deno.test({
  name: "runAssessment: a complete run writes header, session, every pair and the end",
  permissions: "none",
  fn: async () => {
    const { fetchFn, chats } = server();
    const w = world(fetchFn);
    const outcome = ran(await runAssessment(input(), w.effects));
    assert.equal(outcome.kind, "complete");
    assert.equal(
      outcome.summary,
      "results.jsonl: 12 of 12 answers recorded (0 errors, 0 not asked)",
    );
    assert.deepEqual(outcome.lines, []);
    // The server check's chat request (the first item, to the baseline), then the 12 pairs.
    assert.equal(chats.length, 13);
    assert.equal(chats[0], "base");
    const file = await readAll(new TextEncoder().encode(w.written()));
    assert.deepEqual(
      file.records.map((r) => r.kind),
      ["session", ...new Array(12).fill("result"), "end"],
    );
    assert.equal(file.header.startedAt, "2026-01-01T00:00:00.000Z");
    assert.deepEqual(w.opened, [0]);
  },
});

Deno.test({
  name: "runAssessment: a scorer that fails its self-test sends nothing and opens nothing",
  permissions: "none",
  fn: async () => {
    const lenient: Scorer = {
      ...lookupScorer("xlam-tool-call")!,
      score: () => ({ correct: true, reason: "match", detail: "everything is right" }),
    };
    const { fetchFn, chats } = server();
    const w = world(fetchFn);
    const outcome = await runAssessment(input({ scorer: lenient }), w.effects);
    assert.equal(outcome.kind, "selftest-failed");
    if (outcome.kind === "selftest-failed") {
      assert.equal(outcome.faulty, false);
      assert.equal(
        outcome.lines[0],
        "assess run: the scorer failed its self-test on the split; no request was sent",
      );
    }
    assert.deepEqual(chats, []);
    assert.deepEqual(w.opened, []);
  },
});

Deno.test({
  name: "runAssessment: resuming appends after the complete records, another run is refused",
  permissions: "none",
  fn: async () => {
    const { fetchFn } = server(false);
    const first = world(fetchFn);
    await runAssessment(input(), first.effects);
    // The file as a resume reads it, with a torn line at its end.
    const text = first.written();
    const resume = await readResume(new TextEncoder().encode(text + '{"kind":"res'));
    assert.equal(resume.validBytes, new TextEncoder().encode(text).length);
    assert.equal(resume.session, 2);

    const second = world(fetchFn);
    const again = ran(await runAssessment(input({ resume }), second.effects));
    assert.deepEqual(second.opened, [resume.validBytes]);
    assert.equal(again.end.answered, 12); // answered (wrongly) before: nothing asked
    const file = await readAll(new TextEncoder().encode(text + second.written()));
    assert.equal(file.records.filter((r) => r.kind === "session").length, 2);

    const other = input({ resume, config: config({ probe: 1, batchInvariant: "asserted" }) });
    const third = world(fetchFn);
    await assert.rejects(
      runAssessment(other, third.effects),
      (e: unknown) =>
        e instanceof RunSetupError &&
        e.message ===
          "results.jsonl holds the results of another run, so it is not resumed; what changed:",
    );
    assert.deepEqual(third.opened, [], "the file is not opened");
  },
});

Deno.test({
  name: "runAssessment: a stop says so, names the signal, and the outcome is interrupted",
  permissions: "none",
  fn: async () => {
    const { fetchFn } = server();
    const stopping = ((input: string | URL | Request, init?: RequestInit) => {
      // The stop comes with the session's first request (the server check's carries no id).
      if (String(input).endsWith("/chat/completions") && counted(init)) w.stop.abort("SIGTERM");
      return fetchFn(input, init);
    }) as typeof fetch;
    const w = world(stopping);
    const outcome = ran(await runAssessment(input(), w.effects));
    assert.equal(outcome.kind, "interrupted");
    assert.match(
      w.notices[0] ?? "",
      /^assess run: SIGTERM: sending nothing more; waiting up to 5 s for the requests in flight$/,
    );
    assert.match(outcome.lines.at(-1) ?? "", /^assess run: stopped by SIGTERM; \d+ of 12 answers/);
  },
});

Deno.test({
  name: "runAssessment: the timers it is given time its requests out",
  permissions: "none",
  fn: async () => {
    // A server that never answers a chat, and timers that fire as soon as a chat is sent: every
    // chat times out without the test waiting for anything (the model list, not a chat, is
    // answered before any timer fires).
    const { fetchFn } = server();
    const fired: number[] = [];
    const pending = new Map<number, () => void>();
    let handles = 0;
    const immediate = {
      setTimeout: (fn: () => void, ms: number) => {
        fired.push(ms);
        pending.set(++handles, fn);
        return handles;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
      performance: globalThis.performance,
    };
    const silent = ((input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith("/models")) return fetchFn(input, init);
      queueMicrotask(() => {
        for (const [handle, fn] of [...pending]) {
          pending.delete(handle);
          fn();
        }
      });
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener(
          "abort",
          () => reject(new DOMException("aborted", "AbortError")),
        )
      );
    }) as typeof fetch;
    const w = world(silent);
    const outcome = ran(await runAssessment(input(), { ...w.effects, timers: immediate }));
    assert.equal(outcome.kind, "errors");
    assert.equal(outcome.end.errors, 12);
    assert.ok(fired.includes(10_000), "each request's timeout is set with the given timers");
    const file = await readAll(new TextEncoder().encode(w.written()));
    const errors = file.records.filter((r) => r.kind === "result").map((r) => r.error?.kind);
    assert.deepEqual(new Set(errors), new Set(["timeout"]));
  },
});

Deno.test({
  name: "runAssessment: the chat requests in flight share one timeout timer",
  permissions: "none",
  fn: async () => {
    // A server that answers the chats two at a time (the run's concurrency): both are in flight,
    // their deadlines pending, before either ends.
    const { fetchFn } = server();
    const held: (() => void)[] = [];
    const inPairs = ((input: string | URL | Request, init?: RequestInit) => {
      // The server check's chat request (no id) goes alone, before the session.
      if (String(input).endsWith("/models") || !counted(init)) return fetchFn(input, init);
      return new Promise<Response>((resolve) => {
        held.push(() => resolve(fetchFn(input, init)));
        if (held.length === 2) { for (const answer of held.splice(0)) answer(); }
      });
    }) as typeof fetch;
    const w = world(inPairs);
    const { timers: counting, set } = countingTimers();
    const outcome = ran(await runAssessment(input(), { ...w.effects, timers: counting }));
    assert.equal(outcome.kind, "complete", outcome.lines.join("\n"));
    const timeouts = set.filter((ms) => ms === 10_000).length;
    // Two for the server's checks (GET /models, and its chat request), then at most one for each
    // pair of chats (12 chats): a timer per request would be 14.
    assert.ok(timeouts >= 3 && timeouts <= 8, `${timeouts} timeout timers`);
  },
});

Deno.test({
  name: "runAssessment: the header records what was asked, and formatRecord writes it whole",
  permissions: "none",
  fn: async () => {
    const { fetchFn } = server();
    const w = world(fetchFn);
    await runAssessment(input(), w.effects);
    const first = w.written().slice(0, w.written().indexOf("\n") + 1);
    const header = JSON.parse(first);
    assert.equal(formatRecord(header), first);
    assert.deepEqual(header.models, { baseline: "base", adapters: ["tuned"] });
    assert.equal(header.server.url, URL_V1);
    assert.equal(header.split.digest, "b".repeat(64));
  },
});

Deno.test({
  name: "runAssessment: a short API key is warned of before the server is asked; a long one is not",
  permissions: "none",
  fn: async () => {
    for (const [apiKey, warned] of [["EMPTY", true], ["sk-0123456789abcdef", false]] as const) {
      const { fetchFn } = server();
      const w = world(fetchFn);
      assert.equal(ran(await runAssessment(input({ apiKey }), w.effects)).kind, "complete");
      const warnings = w.notices.filter((n) => n.includes("VLLM_API_KEY is"));
      assert.deepEqual(
        warnings.map((n) => n.slice(0, 47)),
        warned ? ["assess run: WARNING: VLLM_API_KEY is 5 characte"] : [],
      );
      assert(w.notices.every((n) => !n.includes(apiKey)));
    }
  },
});

Deno.test({
  name:
    "runAssessment: resumed after the baseline answered, an adapter answering as it did is warned about",
  permissions: "none",
  fn: async () => {
    // 60 items: more than the 50 identical replies the warning needs.
    const items = syntheticItems(60);
    const sixty = parseConfig(
      configText({
        url: URL_V1,
        datasetPath: "data.json",
        datasetSha256: "a".repeat(64),
        size: items.length,
        adapters: [{ name: "tuned" }],
        concurrency: 2,
      }),
      { lookupScorer },
    );
    const { fetchFn } = server();
    // Session 1: the baseline answers every item, tuned's every request is refused (HTTP 400).
    const refusing = ((input: string | URL | Request, init?: RequestInit) =>
      String(input).endsWith("/chat/completions") &&
        JSON.parse(String(init?.body)).model === "tuned"
        ? Promise.resolve(new Response("no such adapter", { status: 400 }))
        : fetchFn(input, init)) as typeof fetch;
    const first = world(refusing);
    const once = ran(await runAssessment(input({ config: sixty, items }), first.effects));
    const text = first.written();
    const resume = await readResume(new TextEncoder().encode(text));
    assert.equal(resume.tallies.get("base")?.answered, 60);
    assert.equal(resume.tallies.get("tuned")?.answered ?? 0, 0);
    assert.deepEqual(
      once.lines.filter((l) =>
        l.startsWith("WARNING")
      ),
      [],
    );
    assert.equal(resume.replies.length, 60);

    // Session 2: tuned answers, byte for byte as the baseline did (the same server answers both).
    const second = world(fetchFn);
    const again = ran(await runAssessment(input({ config: sixty, items, resume }), second.effects));
    assert.equal(again.end.answered, 120);
    const warning = "WARNING: tuned's first 50 replies are byte for byte base's (text, calls and " +
      "finish reason): the adapter may not be applied; check that the server loaded it and " +
      "serves it under that name";
    // At once, compared with the baseline's replies of session 1, and again at the end.
    assert.deepEqual(second.notices.filter((l) => l.startsWith("WARNING")), [warning]);
    assert.deepEqual(again.lines.filter((l) => l.startsWith("WARNING")), [warning]);
    const file = await readAll(new TextEncoder().encode(text + second.written()));
    assert.ok(
      file.records.every((r) => r.kind !== "result" || r.model !== "base" || r.session === 1),
      "every baseline reply is session 1's",
    );
  },
});

Deno.test({
  name:
    "runAssessment: a server that names no request in its replies is found out once, then taken at its word",
  permissions: "none",
  fn: async () => {
    // Replies with no id (a server that does not echo X-Request-Id): each of the first replies,
    // while the replica is not known to echo, is asked again once; after one reply again names
    // none, the rest are taken as they come. Every pair is answered, none is an error.
    const { fetchFn, chats } = server();
    const silent = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetchFn(input, init);
      if (String(input).endsWith("/models")) return response;
      const { id: _id, ...rest } = await response.json();
      return Response.json(rest);
    }) as typeof fetch;
    const w = world(silent);
    const outcome = ran(await runAssessment(input(), w.effects));
    assert.equal(outcome.kind, "complete", outcome.lines.join("\n"));
    assert.equal(outcome.end.answered, 12);
    // The server check's one, the 12 pairs, and at most 2 asked again.
    assert(chats.length > 13 && chats.length <= 13 + 2, `${chats.length} chat requests`);
  },
});

/** Chat-jsonl lines like `syntheticRows`': line i asks for `tool_{i % 7}` with `{"x": i}`. */
function chatItems(n: number) {
  const lines = [];
  for (let i = 0; i < n; i++) {
    const name = `tool_${i % 7}`;
    lines.push(JSON.stringify({
      id: `c${i}`,
      messages: [
        { role: "user", content: `Question number ${i}?` },
        {
          role: "assistant",
          tool_calls: [{ type: "function", function: { name, arguments: `{"x": ${i}}` } }],
        },
      ],
      tools: [{
        type: "function",
        function: {
          name,
          description: "A tool.",
          parameters: { type: "object", properties: { x: { type: "integer" } } },
        },
      }],
    }));
  }
  const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
  return [...loadChatDataset(bytes, sha256Hex(bytes)).items];
}

Deno.test({
  name:
    "runAssessment: nothing is kept on the items (xlam and chat-jsonl): each use builds their tools and answers anew",
  permissions: "none",
  fn: async (t) => {
    for (const [kind, items] of [["xlam", ITEMS], ["chat-jsonl", chatItems(6)]] as const) {
      await t.step(kind, async () => {
        const { fetchFn } = server();
        const w = world(fetchFn);
        // The self-test, the server check's request, each request and each reply scored.
        const outcome = ran(await runAssessment(input({ items }), w.effects));
        assert.equal(outcome.end.answered, 12);
        for (const item of items) {
          // An item that kept what a use built would hand the same arrays to every later use.
          const [one, two] = [detachedItem(item), detachedItem(item)];
          assert.notEqual(one.tools, two.tools, `item ${item.id}'s tools were kept`);
          assert.notEqual(one.answers, two.answers, `item ${item.id}'s answers were kept`);
          assert.deepEqual(one.tools, two.tools);
        }
      });
    }
  },
});
