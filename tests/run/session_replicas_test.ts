/**
 * The session on several replicas, in memory: affinity and the concurrency per replica, a replica
 * taken out after network failures (its items and its requests in flight moved, none recorded
 * twice), the last one never taken out, a replica checked again and used again, and the probe on
 * every replica.
 */

import assert from "node:assert/strict";
import type { HttpOutcome } from "../../src/run/http.ts";
import type {
  BodyRecord,
  ProbeCheckRecord,
  ReplicaRecord,
  ReplicaRef,
  ResultRecord,
} from "../../src/results/records.ts";
import { ItemHosts } from "../../src/results/item_hosts.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import { readResume } from "../../src/run/resume.ts";
import { HEADER } from "../results/_header.ts";
import { homeReplica } from "../../src/run/replicas.ts";
import { DEFAULT_RETRY } from "../../src/run/retry.ts";
import {
  RECHECK_MS,
  runSession,
  type SessionEffects,
  type SessionPlan,
} from "../../src/run/session.ts";
import type { Timers } from "../../src/run/timers.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { answerFor, syntheticItems, TEST_REQUEST, until } from "./_fixtures.ts";
import { PairStates } from "../../src/run/pair_states.ts";

const ITEMS = syntheticItems(30);
/** The test header, its split as large as the items the sessions ask (a resumed file is held to it). */
const HEADER_OF_ITEMS = { ...HEADER, split: { ...HEADER.split, size: ITEMS.length } };
const REPLICAS: ReplicaRef[] = ["127.0.0.1:8000", "127.0.0.1:8001", "127.0.0.1:8002"].map(
  (host, index) => ({ index, host }),
);

function plan(overrides: Partial<SessionPlan> = {}): SessionPlan {
  return {
    items: ITEMS,
    models: ["base", "tuned"],
    previous: new PairStates(),
    probeItems: [],
    batchInvariant: "not-required",
    concurrency: 3,
    session: 1,
    replicas: REPLICAS,
    request: TEST_REQUEST,
    scorer: xlamToolCall,
    scoring: { ordering: "any" },
    retry: { ...DEFAULT_RETRY, attempts: 3 },
    graceMs: 50,
    failAfter: 1000,
    ...overrides,
  };
}

const answer = (body: string, extra = ""): HttpOutcome => ({
  ok: true,
  status: 200,
  body: JSON.stringify({
    choices: [{
      message: {
        content: null,
        tool_calls: [{ type: "function", function: answerFor(JSON.parse(body)) }],
      },
      finish_reason: "tool_calls",
    }],
    usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
  }) + extra,
});

const refused: HttpOutcome = {
  ok: false,
  aborted: false,
  response: null,
  error: { kind: "network", message: "connection refused", status: null, transient: true },
};

const aborted: HttpOutcome = {
  ok: false,
  aborted: true,
  response: null,
  error: { kind: "network", message: "stopped by the run", status: null, transient: true },
};

type Answer = (
  replica: ReplicaRef,
  body: string,
  n: number,
  inFlight: number,
) => HttpOutcome | Promise<HttpOutcome> | "hang";

interface World {
  deps: SessionEffects;
  records: BodyRecord[];
  /** Requests sent to each replica, by index. */
  sent: number[];
  /** The most in flight on each replica. */
  max: number[];
  /** The replicas' checks' timers, to fire by hand. */
  rechecks: (() => void)[];
}

function world(
  respond: Answer,
  check?: (replica: ReplicaRef) => Promise<void>,
  stop: AbortSignal = new AbortController().signal,
): World {
  const records: BodyRecord[] = [];
  const sent = REPLICAS.map(() => 0);
  const inFlight = REPLICAS.map(() => 0);
  const max = REPLICAS.map(() => 0);
  const rechecks: (() => void)[] = [];
  // The platform's timers, but a replica's check waits for the test to fire it.
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      if (ms === RECHECK_MS) {
        rechecks.push(fn);
        return -rechecks.length;
      }
      return globalThis.setTimeout(fn, ms);
    },
    clearTimeout: (handle) => {
      if (typeof handle === "number" && handle < 0) rechecks[-handle - 1] = () => {};
      else globalThis.clearTimeout(handle as number);
    },
    performance: globalThis.performance,
  };
  const deps: SessionEffects = {
    async post(body, signal, replica) {
      const i = replica.index;
      const n = ++sent[i]!;
      inFlight[i]!++;
      max[i] = Math.max(max[i]!, inFlight[i]!);
      try {
        await new Promise((r) => setTimeout(r, 1));
        if (signal.aborted) return aborted;
        const out = respond(replica, body, n, inFlight[i]!);
        const hung = new Promise<HttpOutcome>((resolve) => {
          if (signal.aborted) resolve(aborted);
          signal.addEventListener("abort", () => resolve(aborted));
        });
        return await (out === "hang" ? hung : Promise.race([out, hung]));
      } finally {
        inFlight[i]!--;
      }
    },
    ...(check === undefined ? {} : { check: (replica: ReplicaRef) => check(replica) }),
    write: (record) => records.push(record),
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    now: () => 0,
    timers,
    stop,
  };
  return { deps, records, sent, max, rechecks };
}

const results = (records: readonly BodyRecord[]) =>
  records.filter((r): r is ResultRecord => r.kind === "result");
const replicaRecords = (records: readonly BodyRecord[]) =>
  records.filter((r): r is ReplicaRecord => r.kind === "replica");

/** Every pair has exactly one result record, and it is an answer. */
function answeredOnce(records: readonly BodyRecord[], models = ["base", "tuned"]): void {
  const rs = results(records);
  const keys = rs.map((r) => `${r.model}/${r.itemIndex}`);
  assert.equal(new Set(keys).size, keys.length, "a pair recorded twice");
  assert.equal(rs.length, ITEMS.length * models.length);
  assert(rs.every((r) => r.error === null && r.verdict?.correct === true));
}

Deno.test("three replicas: every pair once, each item's models on one replica, each replica used, concurrency per replica", async () => {
  const w = world((_, body) => answer(body));
  const outcome = await runSession(plan(), w.deps);
  assert.equal(outcome.end.outcome, "complete");
  assert.equal(outcome.mixedItems, 0);
  answeredOnce(w.records);
  const rs = results(w.records);
  for (const item of ITEMS) {
    const on = new Set(rs.filter((r) => r.itemIndex === item.index).map((r) => r.replica!.host));
    assert.equal(on.size, 1, `item ${item.id} on ${[...on]}`);
  }
  for (const r of rs) {
    // Records name the replica by index and host only.
    assert.deepEqual(Object.keys(r.replica!), ["index", "host"]);
    assert.equal(r.replica!.host, REPLICAS[r.replica!.index]!.host);
  }
  assert(w.sent.every((n) => n > 0), `requests per replica: ${w.sent}`);
  assert(w.max.every((n) => n <= 3), `in flight per replica: ${w.max}`);
  assert.equal(w.sent.reduce((a, b) => a + b), 60);
});

Deno.test("items go to their hashed replica when every replica keeps up", async () => {
  // Every replica answers at once: nothing is left over for another to take, so an item's
  // replica is its rendezvous choice (or, at the very end, one that ran dry took it whole).
  const w = world((_, body) => answer(body));
  await runSession(plan({ concurrency: 1 }), w.deps);
  const rs = results(w.records);
  const atHome = rs.filter((r) => r.replica!.index === homeReplica(r.itemId, REPLICAS).index);
  assert(atHome.length >= rs.length * 0.6, `${atHome.length} of ${rs.length} at home`);
});

Deno.test("a replica that refuses is taken out after 3 failures in a row; its items answered elsewhere, once", async () => {
  const w = world((replica, body) => replica.index === 1 ? refused : answer(body));
  const notices: ReplicaRecord[] = [];
  let sentWhenDown = -1;
  const outcome = await runSession(plan(), {
    ...w.deps,
    events: {
      replica: (record) => {
        notices.push(record);
        sentWhenDown = w.sent[1]!;
      },
    },
  });
  assert.equal(outcome.end.outcome, "complete");
  answeredOnce(w.records);
  assert(results(w.records).every((r) => r.replica!.index !== 1));
  const down = replicaRecords(w.records);
  assert.deepEqual(down.map((r) => [r.index, r.host, r.state]), [[1, "127.0.0.1:8001", "down"]]);
  assert.equal(down[0]!.reason, "3 requests in a row failed: connection refused");
  assert.deepEqual(notices, down);
  // Nothing more was sent to it once it was taken out (its workers stopped; the retries of its
  // other failed requests, already in flight, were aborted and asked elsewhere).
  assert.equal(w.sent[1], sentWhenDown);
  assert(sentWhenDown >= 3 && sentWhenDown <= 5, String(sentWhenDown));
  assert.equal(w.rechecks.length, 0, "no check without a check effect");
});

Deno.test("requests in flight on a replica taken out are asked elsewhere and recorded once", async () => {
  // Replica 1: its first request is answered, the next hangs, every later one is refused. The
  // hung request is aborted when it is taken out, and asked again on another replica.
  const w = world((replica, body, n) =>
    replica.index !== 1 ? answer(body) : n === 1 ? answer(body) : n === 2 ? "hang" : refused
  );
  const outcome = await runSession(plan(), w.deps);
  assert.equal(outcome.end.outcome, "complete");
  answeredOnce(w.records);
  const rs = results(w.records);
  const onOne = rs.filter((r) => r.replica!.index === 1);
  assert.equal(onOne.length, 1, "only its first request was answered there");
  // The item it answered had its other model hung there, then answered elsewhere.
  const mixed = onOne[0]!.itemIndex;
  const other = rs.find((r) => r.itemIndex === mixed && r.replica!.index !== 1)!;
  assert(other.attempts >= 2, `sent on replica 1 and again: ${other.attempts}`);
  assert.equal(outcome.mixedItems, 1);
  assert.equal(replicaRecords(w.records).length, 1);
});

Deno.test("the last replica in use is never taken out: it fails as one server does", async () => {
  const w = world(() => refused);
  const outcome = await runSession(
    plan({ failAfter: 4, retry: { ...DEFAULT_RETRY, attempts: 2 } }),
    w.deps,
  );
  assert.equal(outcome.end.outcome, "server-failed");
  // Two taken out; the third stays in use and its pairs end in errors until failAfter.
  assert.equal(replicaRecords(w.records).length, 2);
  const errors = results(w.records);
  assert(errors.length >= 4 && errors.every((r) => r.error?.kind === "network"));
  const last = new Set(errors.map((r) => r.replica!.index));
  assert.equal(last.size, 1);
});

Deno.test("a replica taken out is checked again (a failed check waits for the next) and used again", async () => {
  let healthy = false;
  let gate = (): void => {};
  const opened = new Promise<void>((resolve) => gate = resolve);
  let checks = 0;
  const w = world(
    async (replica, body) => {
      if (replica.index === 1) return healthy ? answer(body) : refused;
      await opened; // the others hold their requests until replica 1 is back and answering
      return answer(body);
    },
    (replica) => {
      checks++;
      assert.equal(replica.index, 1);
      return healthy ? Promise.resolve() : Promise.reject(new Error("still down"));
    },
  );
  const running = runSession(plan({ replicas: REPLICAS.slice(0, 2) }), w.deps);
  await until(() => w.rechecks.length === 1);
  assert.deepEqual(replicaRecords(w.records).map((r) => r.state), ["down"]);
  // The first check fails: another is set for later.
  w.rechecks[0]!();
  await until(() => w.rechecks.length === 2);
  healthy = true;
  w.rechecks[1]!();
  await until(() => results(w.records).some((r) => r.replica!.index === 1));
  gate();
  const outcome = await running;
  assert.equal(outcome.end.outcome, "complete");
  assert.equal(checks, 2);
  answeredOnce(w.records);
  const records = replicaRecords(w.records);
  assert.deepEqual(records.map((r) => r.state), ["down", "up"]);
  assert.equal(records[1]!.reason, "it answered its checks again, every model served");
  // Used again: results from it after its comeback.
  const back = w.records.indexOf(records[1]!);
  assert(w.records.slice(back).some((r) => r.kind === "result" && r.replica!.index === 1));
});

Deno.test("the probe runs on every replica; a required probe fails naming the replica that differs", async () => {
  const w = world((_, body) => answer(body));
  // Replica 2 answers differently whenever another request is in flight on it.
  const variant = world((replica, body, _n, inFlight) => {
    const out = answer(body);
    if (replica.index !== 2 || inFlight <= 1 || !out.ok) return out;
    return { ...out, body: out.body.replace('\\"x\\": ', '\\"x\\": 1') };
  });
  const probeItems = ITEMS.slice(0, 2);
  // Asserted: every replica probes both models' probe items alone and loaded.
  const fine = await runSession(plan({ probeItems, batchInvariant: "asserted" }), w.deps);
  assert.equal(fine.end.outcome, "complete");
  const sends = w.records.filter((r) => r.kind === "probe");
  for (const replica of REPLICAS) {
    const mine = sends.filter((r) => r.kind === "probe" && r.replica!.index === replica.index);
    assert.equal(mine.length, 2 * 2 * 2, `probe sends on replica ${replica.index}`);
  }
  const required = await runSession(
    plan({ probeItems, batchInvariant: "required" }),
    variant.deps,
  );
  assert.equal(required.end.outcome, "probe-failed");
  const different = required.checks.filter((c: ProbeCheckRecord) => c.outcome === "different");
  assert(different.length > 0);
  assert(different.every((c) => c.replica!.index === 2), JSON.stringify(different));
});

Deno.test("a resumed session keeps each replica's earlier probe; a replica brought back is probed whole", async () => {
  const probeItems = ITEMS.slice(0, 2);
  const replicas = REPLICAS.slice(0, 2);
  const first = world((_, body) => answer(body));
  await runSession(plan({ probeItems, batchInvariant: "required", replicas }), first.deps);
  const text = formatRecord(HEADER_OF_ITEMS) + first.records.map(formatRecord).join("");
  const earlierProbes = (await readResume(new TextEncoder().encode(text))).probes;

  // The resumed session: replica 1 refuses until it is taken out and checked again.
  let healthy = false;
  let gate = (): void => {};
  const opened = new Promise<void>((resolve) => gate = resolve);
  const w = world(
    async (replica, body) => {
      if (replica.index === 1) return healthy ? answer(body) : refused;
      await opened;
      return answer(body);
    },
    () => healthy ? Promise.resolve() : Promise.reject(new Error("still down")),
  );
  const running = runSession(
    plan({ probeItems, batchInvariant: "required", replicas, session: 2, earlierProbes }),
    w.deps,
  );
  await until(() => w.rechecks.length === 1);
  // Nothing was probed again before: every item had compared same on both replicas.
  assert.equal(w.records.filter((r) => r.kind === "probe").length, 0);
  healthy = true;
  w.rechecks[0]!();
  await until(() => results(w.records).some((r) => r.replica!.index === 1));
  gate();
  const outcome = await running;
  assert.equal(outcome.end.outcome, "complete");
  const back = w.records.findIndex((r) => r.kind === "replica" && r.state === "up");
  const probes = w.records.filter((r) => r.kind === "probe");
  assert.equal(probes.length, 2 * 2 * 2, "replica 1 probed whole once back");
  assert(probes.every((r) => r.kind === "probe" && r.replica!.index === 1));
  assert(probes.every((r) => w.records.indexOf(r) > back));
});

/** Waits for `ready`, failing after a deadline far above what the wait needs. */
async function within(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Issue 23, defect 6: a first session stopped (as by `kill -9`: what it had in flight is not
 * recorded) after the slow replica answered an item's base and not its adapter. Replica 1 answers
 * its first request, then holds every other until the session stops. Returns that item and the
 * state a resumed session starts from.
 */
async function halfAnswered() {
  const stop = new AbortController();
  let answered = 0;
  const w = world(
    (replica, body) => replica.index !== 1 || ++answered === 1 ? answer(body) : "hang",
    undefined,
    stop.signal,
  );
  const first = runSession(plan({ concurrency: 1 }), w.deps);
  await within(() => results(w.records).length === 2 * ITEMS.length - 1, "59 results");
  stop.abort();
  assert.equal((await first).end.outcome, "interrupted");
  const rs = results(w.records);
  const half = rs.find((r) => r.replica!.index === 1)!;
  assert.equal(half.model, "base");
  assert.equal(rs.filter((r) => r.itemIndex === half.itemIndex).length, 1);
  const previous = new PairStates();
  for (const r of rs) previous.set(r.model, r.itemIndex, undefined, 2);
  const hosts = new ItemHosts();
  for (const r of rs) hosts.answered(r.itemIndex, r.model, r.replica!.host);
  return { item: half.itemIndex, previous, hosts, records: w.records };
}

Deno.test("a resumed session keeps a half-answered item on its replica, however slow: no other replica takes it", async () => {
  const { item, previous, hosts } = await halfAnswered();
  // The resumed session: replica 1 holds its first request (the probe's lone send) until the test
  // lets it go, once the other two have done all they may.
  let open = (): void => {};
  const gate = new Promise<void>((resolve) => open = resolve);
  const w = world((replica, body) =>
    replica.index === 1 ? gate.then(() => answer(body)) : answer(body)
  );
  const second = runSession(
    plan({ concurrency: 1, session: 2, previous, hosts, probeItems: [ITEMS[0]!] }),
    w.deps,
  );
  // A replica starts (its probe's first send goes out) within the call, when it has work or an
  // item it may take: one that did is done once its probe is checked (a take comes before it).
  const done = (index: number) =>
    w.sent[index] === 0 ||
    w.records.some((r) => r.kind === "probe-check" && r.replica!.index === index);
  try {
    await within(() => w.sent[1] === 1 && done(0) && done(2), "replicas 0 and 2 to be done");
  } finally {
    open();
  }
  const outcome = await second;
  assert.equal(outcome.end.outcome, "complete");
  const rs = results(w.records);
  assert.deepEqual(rs.map((r) => [r.model, r.itemIndex, r.replica!.index]), [["tuned", item, 1]]);
  assert.equal(outcome.mixedItems, 0, "no item answered on more than one replica");
});

Deno.test("a resumed session asks a half-answered item again whole when its replica is gone", async () => {
  const { item, previous, hosts } = await halfAnswered();
  const w = world((_, body) => answer(body));
  const outcome = await runSession(
    plan({
      concurrency: 1,
      session: 2,
      previous,
      hosts,
      replicas: [REPLICAS[0]!, REPLICAS[2]!],
    }),
    w.deps,
  );
  assert.equal(outcome.end.outcome, "complete");
  assert.equal(outcome.end.answered, 2 * ITEMS.length);
  const rs = results(w.records);
  assert.deepEqual(rs.map((r) => [r.model, r.itemIndex]), [["base", item], ["tuned", item]]);
  assert.equal(rs[0]!.replica!.host, rs[1]!.replica!.host);
  assert.equal(outcome.mixedItems, 0, "its answer on the replica gone is superseded");
});
