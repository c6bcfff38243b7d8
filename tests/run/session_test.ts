import { compareItemIds } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import { type HttpOutcome, MAX_RETRY_AFTER_MS } from "../../src/run/http.ts";
import { latestResults } from "../../src/results/latest.ts";
import type { BodyRecord, ProbeRecord, ResultRecord } from "../../src/results/records.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import { readResume } from "../../src/run/resume.ts";
import { Progress } from "../../src/run/progress.ts";
import { HEADER } from "../results/_header.ts";
import { DEFAULT_RETRY } from "../../src/run/retry.ts";
import { runSession, type SessionEffects, type SessionPlan } from "../../src/run/session.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { syntheticItems, TEST_REQUEST, until } from "./_fixtures.ts";
import { PairStates } from "../../src/run/pair_states.ts";

const ITEMS = syntheticItems(20);
/** The test header, its split as large as the items the sessions ask (a resumed file is held to it). */
const HEADER_OF_ITEMS = { ...HEADER, split: { ...HEADER.split, size: ITEMS.length } };

function okBody(call: { name: string; arguments: string }, extra = ""): string {
  return JSON.stringify({
    choices: [{
      message: { content: null, tool_calls: [{ type: "function", function: call }] },
      finish_reason: "tool_calls",
    }],
    usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
  }) + extra;
}

function callOf(body: string): { name: string; arguments: string } {
  const query = JSON.parse(body).messages.at(-1).content as string;
  const i = Number(/([0-9]+)/.exec(query)![1]);
  return { name: `tool_${i % 7}`, arguments: `{"x": ${i}}` };
}

function plan(overrides: Partial<SessionPlan> = {}): SessionPlan {
  return {
    items: ITEMS,
    models: ["base", "tuned"],
    previous: new PairStates(),
    probeItems: [],
    batchInvariant: "not-required",
    concurrency: 4,
    session: 1,
    request: TEST_REQUEST,
    scorer: BY_ARGUMENTS,
    scoring: { ordering: "any" },
    retry: DEFAULT_RETRY,
    graceMs: 50,
    replicas: [{ index: 0, host: "127.0.0.1:8000" }],
    failAfter: 1000,
    ...overrides,
  };
}

/** A scorer for these tests: right when the first call's arguments are the item's `{"x": id}`. */
const BY_ARGUMENTS: Scorer = {
  name: "by-arguments",
  version: "1",
  reasons: ["correct", "wrong-arguments"],
  key: (item) => ({
    text: "",
    calls: [{ name: "f", arguments: `{"x": ${item.id}}` }],
    truncated: false,
  }),
  score: (item, reply) => {
    const correct = reply.calls[0]?.arguments === `{"x": ${item.id}}`;
    return { correct, reason: correct ? "correct" : "wrong-arguments", detail: "" };
  },
};

interface World {
  deps: SessionEffects;
  records: BodyRecord[];
  sleeps: number[];
  sent: string[];
  maxInFlight: () => number;
  stop: AbortController;
}

function world(
  answer: (body: string, inFlight: number, n: number) => Promise<HttpOutcome> | HttpOutcome,
): World {
  const records: BodyRecord[] = [];
  const sleeps: number[] = [];
  const sent: string[] = [];
  let inFlight = 0;
  let max = 0;
  let clock = 0;
  const stop = new AbortController();
  const deps: SessionEffects = {
    async post(body, signal) {
      sent.push(body);
      const n = sent.length;
      inFlight++;
      max = Math.max(max, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 1));
        if (signal.aborted) {
          return {
            ok: false,
            aborted: true,
            response: null,
            error: { kind: "network", message: "stopped", status: null, transient: true },
          };
        }
        const aborted = new Promise<HttpOutcome>((resolve) =>
          signal.addEventListener("abort", () =>
            resolve({
              ok: false,
              aborted: true,
              response: null,
              error: { kind: "network", message: "stopped", status: null, transient: true },
            }))
        );
        return await Promise.race([answer(body, inFlight, n), aborted]);
      } finally {
        inFlight--;
      }
    },
    write: (record) => records.push(record),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    now: () => clock++,
    timers: globalThis,
    stop: stop.signal,
  };
  return { deps, records, sleeps, sent, maxInFlight: () => max, stop };
}

const ok = (body: string): HttpOutcome => ({ ok: true, status: 200, body: okBody(callOf(body)) });
const status = (code: number, transient: boolean): Extract<HttpOutcome, { ok: false }> => ({
  ok: false,
  aborted: false,
  response: { status: code, body: "{}" },
  error: { kind: "http", message: `HTTP ${code}`, status: code, transient },
});

function results(records: BodyRecord[]): ResultRecord[] {
  return records.filter((r): r is ResultRecord => r.kind === "result");
}

Deno.test("every pair is answered once, scored, and never more than `concurrency` are in flight", async () => {
  const w = world((body) => ok(body));
  const outcome = await runSession(plan({ concurrency: 3 }), w.deps);
  const rs = results(w.records);
  assert.equal(rs.length, 40);
  assert.equal(new Set(rs.map((r) => `${r.model}/${r.itemIndex}`)).size, 40);
  assert(rs.every((r) => r.verdict?.correct === true && r.error === null && r.attempts === 1));
  assert.equal(w.maxInFlight() <= 3, true);
  assert.equal(w.maxInFlight(), 3);
  assert.deepEqual(
    { ...outcome.end, endedAt: "" },
    {
      kind: "end",
      session: 1,
      endedAt: "",
      outcome: "complete",
      answered: 40,
      errors: 0,
      missing: 0,
    },
  );
  assert.equal(w.records.at(-1)?.kind, "end");
});

Deno.test("transient failures are retried with backoff, then recorded as errors, never scored", async () => {
  // Item 0 always fails with 503; item 1 fails twice, then answers.
  const failures = new Map<string, number>();
  const w = world((body) => {
    const id = callOf(body).arguments;
    if (id === '{"x": 0}') return status(503, true);
    if (id === '{"x": 1}') {
      const n = failures.get(body) ?? 0;
      failures.set(body, n + 1);
      if (n < 2) return status(429, true);
    }
    return ok(body);
  });
  const retry = { attempts: 4, baseDelayMs: 100, maxDelayMs: 10_000 };
  const outcome = await runSession(plan({ retry, models: ["base"] }), w.deps);
  const rs = results(w.records);
  const zero = rs.find((r) => r.itemId === 0)!;
  assert.equal(zero.error?.kind, "http");
  assert.equal(zero.error?.status, 503);
  assert.equal(zero.verdict, null);
  assert.equal(zero.reply, null);
  assert.equal(zero.attempts, 4);
  const one = rs.find((r) => r.itemId === 1)!;
  assert.equal(one.attempts, 3);
  assert.equal(one.verdict?.correct, true);
  // 3 waits for item 0 (75, 150, 300 with random 0.5) and 2 for item 1.
  assert.deepEqual([...w.sleeps].sort((a, b) => a - b), [75, 75, 150, 150, 300]);
  assert.equal(outcome.retries, 5);
  assert.equal(outcome.end.outcome, "errors");
  assert.equal(outcome.end.errors, 1);
  assert.equal(outcome.end.answered, 19);
});

Deno.test("a Retry-After longer than the backoff is waited for, up to its cap", async () => {
  const asked = (after: string) => (body: string, _inFlight: number, n: number): HttpOutcome =>
    n === 1 ? { ...status(429, true), retryAfter: after } : ok(body);
  const waits = async (after: string) => {
    const w = world(asked(after));
    await runSession(plan({ models: ["base"], concurrency: 1 }), w.deps);
    return w.sleeps;
  };
  // The backoff of a first retry is 375 ms (random 0.5): a longer wait asked for is granted.
  assert.deepEqual(await waits("7"), [7000]);
  assert.deepEqual(await waits("0"), [375]);
  assert.deepEqual(await waits("3600"), [MAX_RETRY_AFTER_MS]);
  assert.deepEqual(await waits("whenever"), [375]);
});

Deno.test("a stop ends a wait for Retry-After at once, not after the grace", async () => {
  const w = world(() => ({ ...status(429, true), retryAfter: "3600" }));
  // A sleep that only a signal ends; the test stops the session once it is in it.
  let sleeping = false;
  w.deps.sleep = (_ms, signal) => {
    sleeping = true;
    return new Promise((resolve) => signal.addEventListener("abort", () => resolve()));
  };
  const running = runSession(plan({ models: ["base"], concurrency: 1, graceMs: 60_000 }), w.deps);
  await until(() => sleeping, { what: "the wait for Retry-After" });
  w.stop.abort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((r) => timer = setTimeout(() => r("late"), 5_000));
  const outcome = await Promise.race([running, late]);
  clearTimeout(timer);
  assert.notEqual(outcome, "late", "the wait outlived the stop");
  if (outcome !== "late") assert.equal(outcome.end.outcome, "interrupted");
});

Deno.test("a 4xx is recorded for its item at once (no retry) and the run goes on", async () => {
  const w = world((body) => callOf(body).arguments === '{"x": 3}' ? status(400, false) : ok(body));
  const outcome = await runSession(plan({ models: ["base"] }), w.deps);
  const three = results(w.records).find((r) => r.itemId === 3)!;
  assert.equal(three.attempts, 1);
  assert.equal(three.error?.status, 400);
  assert.equal(outcome.end.answered, 19);
  assert.deepEqual(w.sleeps, []);
});

Deno.test("malformed replies are per-item errors with clear messages", async () => {
  const bodies = [
    "not json",
    "{}",
    JSON.stringify({ choices: [] }),
    JSON.stringify({
      choices: [{ message: { tool_calls: [{ function: { name: "f", arguments: { a: 1 } } }] } }],
    }),
  ];
  const w = world((body) => {
    const i = Number(JSON.parse(callOf(body).arguments).x);
    return i < bodies.length ? { ok: true, status: 200, body: bodies[i]! } : ok(body);
  });
  await runSession(plan({ models: ["base"] }), w.deps);
  const messages = results(w.records).filter((r) => r.error !== null).sort((a, b) =>
    compareItemIds(a.itemId, b.itemId)
  ).map((r) => [r.error!.kind, r.error!.message, r.response?.body]);
  assert.deepEqual(messages, [
    ["malformed", 'the response is not JSON (it starts "not json")', "not json"],
    ["malformed", "the response has no choices", "{}"],
    ["malformed", "the response has no choices", bodies[2]],
    [
      "malformed",
      "choices[0].message.tool_calls[0].function.arguments is not a string",
      bodies[3],
    ],
  ]);
});

Deno.test("a scorer that throws makes an error, not a wrong answer", async () => {
  const w = world((body) => ok(body));
  const throwing: Scorer = {
    ...BY_ARGUMENTS,
    score: () => {
      throw new Error("boom");
    },
  };
  const outcome = await runSession(
    plan({ models: ["base"], items: ITEMS.slice(0, 2), scorer: throwing }),
    w.deps,
  );
  assert(results(w.records).every((r) => r.error?.kind === "scorer" && r.verdict === null));
  assert.equal(outcome.end.errors, 2);
});

Deno.test("resuming skips answered pairs and asks errored and missing ones again", async () => {
  const first = world((body) =>
    callOf(body).arguments === '{"x": 2}' ? status(500, true) : ok(body)
  );
  first.stop.abort(); // stopped before anything: nothing asked
  const none = await runSession(plan({ models: ["base"] }), first.deps);
  assert.equal(none.end.outcome, "interrupted");
  assert.equal(none.end.missing, 20);

  const second = world((body) =>
    callOf(body).arguments === '{"x": 2}' ? status(500, true) : ok(body)
  );
  await runSession(
    plan({ models: ["base"], items: ITEMS.slice(0, 10), retry: { ...DEFAULT_RETRY, attempts: 1 } }),
    second.deps,
  );
  assert.equal(latestResults(second.records).get(`2\u0000base`)?.error?.status, 500);
  const written = formatRecord(HEADER_OF_ITEMS) + second.records.map(formatRecord).join("");
  const previous = (await readResume(new TextEncoder().encode(written))).pairs;
  assert.equal(previous.state("base", 2), "error");

  const third = world((body) => ok(body));
  const outcome = await runSession(plan({ models: ["base"], previous, session: 2 }), third.deps);
  // 9 answered before: 11 asked now (the errored item 2 and items 10..19).
  assert.equal(third.sent.length, 11);
  assert.equal(outcome.end.answered, 20);
  assert.equal(outcome.end.errors, 0);
  const all = latestResults([...second.records, ...third.records]);
  assert.equal(all.size, 20);
  assert(
    [...all.values()].every((r) => r.error === null),
  );
});

Deno.test("a stop sends nothing more, waits for requests in flight, and records no aborted one", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => release = r);
  const w = world(async (body, _inFlight, n) => {
    if (n > 4) await gate;
    return ok(body);
  });
  const running = runSession(plan({ models: ["base"], concurrency: 4, graceMs: 30 }), w.deps);
  // Stopped once four are answered and four more wait at the gate: an event, not a sleep.
  await until(() => w.sent.length === 8 && results(w.records).length === 4, {
    what: "4 answers and 4 requests in flight",
  });
  w.stop.abort();
  const outcome = await running;
  release();
  assert.equal(outcome.end.outcome, "interrupted");
  const rs = results(w.records);
  assert.equal(rs.length, 4);
  assert.equal(outcome.end.missing, 16);
  assert(w.sent.length <= 8);
});

Deno.test("a server that stops answering ends the session as server-failed", async () => {
  const w = world(() => ({
    ok: false,
    aborted: false,
    response: null,
    error: { kind: "network", message: "connection refused", status: null, transient: true },
  }));
  const outcome = await runSession(
    plan({
      models: ["base"],
      failAfter: 5,
      concurrency: 1,
      retry: { ...DEFAULT_RETRY, attempts: 2 },
    }),
    w.deps,
  );
  assert.equal(outcome.end.outcome, "server-failed");
  assert.equal(results(w.records).length, 5);
  assert.equal(outcome.end.missing, 15);
});

const refused = (message: string, code = 400): HttpOutcome => ({
  ok: false,
  aborted: false,
  response: { status: code, body: JSON.stringify({ error: { message, code } }) },
  error: { kind: "http", message: `HTTP ${code}: ${message}`, status: code, transient: false },
});

Deno.test("the first 2 × concurrency exchanges refused alike stop the session; nothing more is sent", async (t) => {
  await t.step("items only", async () => {
    const w = world(() => refused("no, by policy 7"));
    const outcome = await runSession(plan({ concurrency: 3 }), w.deps);
    assert.equal(w.sent.length, 6);
    assert(w.maxInFlight() <= 3);
    assert.equal(outcome.end.outcome, "server-failed");
    assert.deepEqual(outcome.refusal, {
      status: 400,
      message: "HTTP 400: no, by policy 7",
      model: "base",
      count: 6,
    });
    // Every exchange sent is recorded, as the error it ended in.
    assert.equal(results(w.records).length, 6);
    assert.deepEqual([outcome.end.errors, outcome.end.missing], [6, 34]);
  });
  await t.step("the probe's sends count: its lone sends and the first items", async () => {
    const w = world(() => refused("no, by policy 7"));
    const outcome = await runSession(
      plan({ concurrency: 3, probeItems: PROBE.slice(0, 2), batchInvariant: "required" }),
      w.deps,
    );
    assert.equal(w.sent.length, 6);
    assert.equal(w.records.filter((r) => r.kind === "probe").length, 4);
    assert.equal(results(w.records).length, 2);
    assert.equal(outcome.end.outcome, "server-failed");
    assert.equal(outcome.refusal?.count, 6);
  });
});

Deno.test("exchanges that do not all end in the same refusal never stop the session early", async (t) => {
  const cases: [string, (body: string, inFlight: number, n: number) => HttpOutcome][] = [
    ["two messages", (_, __, n) => refused(n % 2 === 0 ? "no, by policy 7" : "no, by policy 8")],
    ["one answer among the first", (body, _, n) => n === 5 ? ok(body) : refused("no")],
    [
      "a transient error among the first",
      (_, __, n) => n === 2 ? status(503, true) : refused("no"),
    ],
    [
      "another status, same message",
      (_, __, n) => refused("no", n === 3 ? 422 : 400),
    ],
  ];
  for (const [name, answer] of cases) {
    await t.step(name, async () => {
      const w = world(answer);
      const outcome = await runSession(
        plan({ concurrency: 3, retry: { ...DEFAULT_RETRY, attempts: 1 } }),
        w.deps,
      );
      assert.equal(w.sent.length, 40);
      assert.notEqual(outcome.end.outcome, "server-failed");
      assert.equal(outcome.refusal, null);
    });
  }
});

const PROBE = ITEMS.slice(0, 3);

function batchVariant(body: string, inFlight: number): HttpOutcome {
  const call = callOf(body);
  // Under load the model writes its arguments without the space.
  return {
    ok: true,
    status: 200,
    body: okBody(inFlight > 1 ? { ...call, arguments: call.arguments.replace(" ", "") } : call),
  };
}

Deno.test("the probe sends each probe item alone first, then under load, and compares them", async () => {
  const w = world((body) => ok(body));
  const outcome = await runSession(
    plan({ probeItems: PROBE, batchInvariant: "required", concurrency: 4 }),
    w.deps,
  );
  const probes = w.records.filter((r) => r.kind === "probe");
  assert.equal(probes.length, 12);
  // The lone sends come before anything else.
  assert.deepEqual(w.records.slice(0, 6).map((r) => r.kind === "probe" && r.phase), [
    "alone",
    "alone",
    "alone",
    "alone",
    "alone",
    "alone",
  ]);
  assert.equal(outcome.checks.length, 6);
  assert(outcome.checks.every((c) => c.outcome === "same" && c.detail === null));
  assert.equal(outcome.end.outcome, "complete");
});

Deno.test("required: the probe catches a batch-variant model within the first requests", async () => {
  const w = world(batchVariant);
  const outcome = await runSession(
    plan({
      items: syntheticItems(400),
      probeItems: PROBE,
      batchInvariant: "required",
      concurrency: 4,
    }),
    w.deps,
  );
  assert.equal(outcome.end.outcome, "probe-failed");
  const different = outcome.checks.filter((c) => c.outcome === "different");
  assert(different.length > 0);
  assert.match(different[0]!.detail!, /^calls\[0\]\.arguments differs at character 5/);
  // Fail fast: far fewer than the 800 pairs were asked.
  assert(w.sent.length < 40, `sent ${w.sent.length}`);
});

Deno.test("asserted and not-required record the differences and finish the run", async () => {
  for (const batchInvariant of ["asserted", "not-required"] as const) {
    const w = world(batchVariant);
    const outcome = await runSession(
      plan({ probeItems: PROBE, batchInvariant, concurrency: 4 }),
      w.deps,
    );
    assert.equal(outcome.end.answered, 40, batchInvariant);
    assert(outcome.checks.some((c) => c.outcome === "different"), batchInvariant);
    assert(w.records.some((r) => r.kind === "probe-check" && r.outcome === "different"));
  }
});

Deno.test("required: a probe that can compare nothing fails the run", async () => {
  const w = world((body) =>
    PROBE.some((i) => callOf(body).arguments === `{"x": ${i.id}}`) ? status(400, false) : ok(body)
  );
  const outcome = await runSession(
    plan({ probeItems: PROBE, batchInvariant: "required", models: ["base"] }),
    w.deps,
  );
  assert.equal(outcome.end.outcome, "probe-failed");
  assert(outcome.checks.every((c) => c.outcome === "inconclusive"));
});

/**
 * Session 2 of a file holding `records` after its header (its probe of PROBE `required`), the
 * server answering `answer`; with `pairs`, the pairs answered in session 1 are not asked again.
 */
async function resumed(
  records: readonly BodyRecord[],
  answer: (body: string) => HttpOutcome,
  options: { pairs?: boolean; models?: string[] } = {},
) {
  const text = formatRecord(HEADER_OF_ITEMS) + records.map(formatRecord).join("");
  const resume = await readResume(new TextEncoder().encode(text));
  const w = world(answer);
  const outcome = await runSession(
    plan({
      probeItems: PROBE,
      batchInvariant: "required",
      session: 2,
      earlierProbes: resume.probes,
      ...(options.pairs === true ? { previous: resume.pairs } : {}),
      ...(options.models === undefined ? {} : { models: options.models }),
    }),
    w.deps,
  );
  return { ...w, outcome };
}

/** The probe sends among `records`, as `model/item/phase`. */
function probeSends(records: readonly BodyRecord[]): string[] {
  return records.filter((r): r is ProbeRecord => r.kind === "probe")
    .map((r) => `${r.model}/${r.itemId}/${r.phase}`).sort();
}

Deno.test("a resumed session keeps the probe's answers: an item compared same is not sent again", async () => {
  // Session 1: the probe, then every pair; item 10's fail, left to the resumed session.
  const first = world((body) =>
    callOf(body).arguments === '{"x": 10}' ? status(400, false) : ok(body)
  );
  await runSession(plan({ probeItems: PROBE, batchInvariant: "required" }), first.deps);
  assert.equal(probeSends(first.records).length, 12);
  const second = await resumed(first.records, ok, { pairs: true });
  const outcome = second.outcome;
  assert.equal(outcome.end.outcome, "complete");
  // Item 10 of each model, and no probe request.
  assert.deepEqual(second.sent.map((b) => callOf(b).arguments), ['{"x": 10}', '{"x": 10}']);
  assert.deepEqual(second.records.map((r) => r.kind), ["result", "result", "end"]);
});

Deno.test("a resumed session sends only the probe sends not answered, and probes a difference again", async () => {
  const first = world((body) => ok(body));
  await runSession(plan({ probeItems: PROBE, batchInvariant: "asserted" }), first.deps);
  // Session 1, as it might have gone: base's item 0 sent alone failed (inconclusive), its item 1
  // came out different; tuned's item 0 was sent alone only, its items 1 and 2 not at all.
  const edited: BodyRecord[] = [];
  for (const r of first.records) {
    if (r.kind !== "probe" && r.kind !== "probe-check") continue;
    const at = `${r.model}/${r.itemId}`;
    if (r.model === "tuned" && (r.itemId !== 0 || r.kind !== "probe" || r.phase !== "alone")) {
      continue;
    }
    if (at === "base/0" && r.kind === "probe" && r.phase === "alone") {
      const failed = status(503, true);
      edited.push({ ...r, response: failed.response, error: failed.error, reply: null });
    } else if (at === "base/0" && r.kind === "probe-check") {
      edited.push({ ...r, outcome: "inconclusive", detail: "the lone send failed: HTTP 503" });
    } else if (at === "base/1" && r.kind === "probe-check") {
      edited.push({ ...r, outcome: "different", detail: "calls[0].arguments differs" });
    } else edited.push(r);
  }
  const second = await resumed(edited, ok);
  const outcome = second.outcome;
  assert.equal(outcome.end.outcome, "complete");
  assert.deepEqual(probeSends(second.records), [
    "base/0/alone",
    "base/1/alone",
    "base/1/loaded",
    "tuned/0/loaded",
    "tuned/1/alone",
    "tuned/1/loaded",
    "tuned/2/alone",
    "tuned/2/loaded",
  ]);
  // 40 pairs and those 8 sends; each item sent anew or with a send kept is compared again.
  assert.equal(second.sent.length, 48);
  assert.deepEqual(
    outcome.checks.map((c) => `${c.model}/${c.itemId}/${c.outcome}`).sort(),
    ["base/0/same", "base/1/same", "tuned/0/same", "tuned/1/same", "tuned/2/same"],
  );
});

Deno.test("required: a comparison kept from an earlier session counts, so inconclusive ones now do not fail the run", async () => {
  const first = world((body) => ok(body));
  await runSession(
    plan({ models: ["base"], probeItems: PROBE, batchInvariant: "required" }),
    first.deps,
  );
  // Items 1 and 2 compared same before; item 0 was never probed and fails now.
  const kept = first.records.filter((r) =>
    (r.kind === "probe" || r.kind === "probe-check") && r.itemId !== 0
  );
  const { outcome } = await resumed(
    kept,
    (body) => callOf(body).arguments === '{"x": 0}' ? status(400, false) : ok(body),
    { models: ["base"] },
  );
  assert.deepEqual(outcome.checks.map((c) => [c.itemId, c.outcome]), [[0, "inconclusive"]]);
  assert.equal(outcome.end.outcome, "errors");
});

Deno.test("the probe is in the progress lines from its first send, and counts its sends and checks", async () => {
  const progress = new Progress([
    { model: "base", total: 20, answered: 0, correct: 0 },
    { model: "tuned", total: 20, answered: 0, correct: 0 },
  ], 0);
  const seen: string[] = [];
  const w = world((body) => {
    seen.push(progress.lines(1000)[0]!);
    return ok(body);
  });
  await runSession(plan({ probeItems: PROBE, batchInvariant: "required" }), {
    ...w.deps,
    events: {
      result: (model, correct) => progress.result(model, correct),
      probePlanned: (sends) => progress.probePlanned(sends),
      probeSent: () => progress.probeSent(),
      probe: (check) => progress.probeChecked(check.outcome),
    },
  });
  assert.equal(seen[0], "probe  0/12 sends  same 0  different 0  inconclusive 0");
  assert.equal(seen[1], "probe  1/12 sends  same 0  different 0  inconclusive 0");
  assert.deepEqual(progress.lines(1000), [
    "probe  12/12 sends  same 6  different 0  inconclusive 0",
    "base   20/20  20.0 req/s  ETA 0:00  errors 0  retries 0  accuracy 100.0%",
    "tuned  20/20  20.0 req/s  ETA 0:00  errors 0  retries 0  accuracy 100.0%",
  ]);
});

Deno.test("results are identical at concurrency 1 and 64 for a batch-invariant model", async () => {
  const run = async (concurrency: number) => {
    const w = world((body) => ok(body));
    await runSession(plan({ items: syntheticItems(200), concurrency }), w.deps);
    return [...latestResults(w.records).values()].map((r) =>
      JSON.stringify([r.model, r.itemIndex, r.requestDigest, r.reply, r.verdict])
    ).sort();
  };
  assert.deepEqual(await run(1), await run(64));
});

Deno.test("a backlog of records for the disk holds the workers back until it clears", async () => {
  const w = world((body) => ok(body));
  let release: () => void = () => {};
  let blocked: Promise<void> | null = null;
  const deps: SessionEffects = {
    ...w.deps,
    write: (record) => {
      w.deps.write(record);
      // After the 10th answer the disk is taken to lag: the backlog waits for a release.
      if (results(w.records).length === 10 && blocked === null) {
        blocked = new Promise((resolve) => release = resolve);
      }
    },
    backlog: () => blocked,
  };
  const session = runSession(plan({ concurrency: 3 }), deps);
  // The requests in flight when it began end; no worker takes another.
  await until(() => blocked !== null && results(w.records).length === w.sent.length);
  const sent = w.sent.length;
  assert(sent <= 10 + 3, `${sent} requests sent with the backlog over its bound`);
  for (let turn = 0; turn < 20; turn++) await new Promise((r) => setTimeout(r, 0));
  assert.equal(w.sent.length, sent);
  // Cleared: every pair is answered.
  blocked = null;
  release();
  const outcome = await session;
  assert.equal(outcome.end.outcome, "complete");
  assert.equal(results(w.records).length, 40);
});
