/**
 * The scheduler of `assess run`: one session over the (model, item) pairs not answered yet, on one
 * or more replicas of the server. Each replica has its own queue of items (an item's requests all
 * go to one replica, chosen by rendezvous hashing; see `replica_queues.ts`) and at most
 * `concurrency` requests in flight; bounded retries with exponential backoff and jitter; the
 * batch-invariance probe on each replica first; a replica that fails with network errors on
 * several requests in a row is taken out (its items and the requests it had in flight move to the
 * others) and checked again every 30 s; and a stop that loses nothing. It builds each request,
 * digests it, reads each reply and scores it itself; only effects come in as parameters: sending a
 * request to a replica, checking a replica again, the results file, the clock, the random source,
 * the timers and the stop signal.
 *
 * @module
 */

import type { BatchInvariance } from "../config/config.ts";
import { answerCategory } from "../dataset/category.ts";
import type { Item } from "../dataset/item.ts";
import type { RequestSettings } from "../request/request.ts";
import type { ScoreOptions, Scorer, Verdict } from "../score/scorer.ts";
import type { HttpOutcome } from "./http.ts";
import { ProbeRound } from "./probe.ts";
import { resultKey } from "../results/latest.ts";
import type {
  BodyRecord,
  EndRecord,
  ProbeCheckRecord,
  ReplicaRecord,
  ReplicaRef,
  RequestError,
  ResultRecord,
} from "../results/records.ts";
import { ReplicaQueues } from "./replica_queues.ts";
import { Lane, type Task } from "./_lane.ts";
import { type Asked, fail, type SendContext, sendWithRetries, type Sent } from "./_send.ts";
import { ItemHosts } from "../results/item_hosts.ts";
import type { PairState } from "./resume.ts";
import type { Timers } from "./timers.ts";
import type { RetryPolicy } from "./retry.ts";
import { type AlikeRefusal, RefusalWatch } from "./refusal_watch.ts";

export { DOWN_AFTER } from "./_send.ts";

/** How long a replica taken out waits before it is checked again, in milliseconds. */
export const RECHECK_MS = 30_000;

/** What a session is asked to do. */
export interface SessionPlan {
  /** The split's items, in order. */
  readonly items: readonly Item[];
  /** The models' served names, baseline first. */
  readonly models: readonly string[];
  /**
   * How each pair stands after earlier sessions, by `resultKey` (see `readResume`):
   * pairs answered are skipped, pairs in error are asked again.
   */
  readonly previous: ReadonlyMap<string, PairState>;
  /** The items sent twice by the probe, on every replica (the first `serving.probe` items). */
  readonly probeItems: readonly Item[];
  /** `serving.batchInvariant`. */
  readonly batchInvariant: BatchInvariance;
  /** The most requests in flight on each replica. */
  readonly concurrency: number;
  /** This session's number. */
  readonly session: number;
  /**
   * The replicas that passed their checks (at least one), as records name them. With one, the
   * session is the single server's: nothing is ever taken out.
   */
  readonly replicas: readonly ReplicaRef[];
  /** What every request sends besides its item and model (and `maxTokens`, for truncation). */
  readonly request: RequestSettings;
  /** The scorer that judges each reply. */
  readonly scorer: Scorer;
  /** What the scorer is told besides the item and the reply. */
  readonly scoring: ScoreOptions;
  /** The retry policy (on each replica a request is sent to). */
  readonly retry: RetryPolicy;
  /** How long a stop waits for requests in flight before aborting them, in milliseconds. */
  readonly graceMs: number;
  /**
   * After this many pairs in a row end in transient errors (retries spent), the server is taken
   * for gone and the session stops (`server-failed`).
   */
  readonly failAfter: number;
  /** Which replica answered each item's models in earlier sessions. Default none. */
  readonly hosts?: ItemHosts;
  /**
   * The prefix of every request's `X-Request-Id` (see `requestIdPrefix`): each send goes with
   * `<prefix>-<n>`, `n` counted over the session, and a reply is taken only when it names its
   * own (on a replica whose first reply showed that it echoes ids). Default none: no id is sent
   * and no reply checked.
   */
  readonly requestIds?: string;
}

/** Progress events, for the live line. */
export interface SessionEvents {
  /** A pair got its record (written already): `correct` is `null` for an error. */
  result?(model: string, correct: boolean | null, record: ResultRecord): void;
  /** A request is sent again. */
  retry?(model: string): void;
  /** A probe item's replies were compared. */
  probe?(check: ProbeCheckRecord): void;
  /** A replica was taken out or back. */
  replica?(record: ReplicaRecord): void;
}

/** What a session needs from the world: its effects. */
export interface SessionEffects {
  /**
   * Sends a body to a replica and reads the response (see `exchange`), aborted by `signal`, with
   * `requestId` as its `X-Request-Id` when one is given.
   */
  post(
    body: string,
    signal: AbortSignal,
    replica: ReplicaRef,
    requestId?: string,
  ): Promise<HttpOutcome>;
  /**
   * Ends the use of the connections kept for reuse: the next requests go on new ones (a reply
   * that named another request leaves its connection suspect). Absent: nothing is done.
   */
  dropConnections?(): void;
  /**
   * Checks a replica that was taken out: resolves when it can be used again (every model
   * served), rejects when not. Absent: a replica taken out is never used again.
   */
  check?(replica: ReplicaRef, signal: AbortSignal): Promise<void>;
  /** Queues a record for the results file. */
  write(record: BodyRecord): void;
  /** Waits `ms` milliseconds, or less when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** A number in [0, 1): the backoff's jitter. */
  random(): number;
  /** The clock, in milliseconds since the epoch (an HTTP date in `Retry-After` is read by it). */
  now(): number;
  /** The timers: the grace a stop gives the requests in flight, and the replicas' checks. */
  readonly timers: Timers;
  /** Aborted to stop the session (SIGINT, SIGTERM). */
  readonly stop: AbortSignal;
  /** Progress events. */
  readonly events?: SessionEvents;
}

/** How a session ended. */
export interface SessionOutcome {
  /** The end record written. */
  readonly end: EndRecord;
  /** The probe comparisons of this session. */
  readonly checks: readonly ProbeCheckRecord[];
  /** Requests sent again in this session. */
  readonly retries: number;
  /** Items whose models were answered on more than one replica, this session and earlier ones. */
  readonly mixedItems: number;
  /**
   * The refusal every exchange of this session that ended got alike (see {@linkcode refusalStop}),
   * or `null` when one got something else (or none ended).
   */
  readonly refusal: AlikeRefusal | null;
}

/**
 * How many exchanges of a session, all refused alike, stop it: its first `2 × concurrency` (probe
 * sends included, over every replica together). An exchange ends refused when its last send got
 * an HTTP status that is not retried (a 400, a 404…); alike when the status and the server's
 * message are the same.
 *
 * @param concurrency `serving.concurrency`.
 * @returns The threshold.
 *
 * @example
 * ```ts
 * import { refusalStop } from "./session.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(refusalStop(4), 8);
 * ```
 */
export function refusalStop(concurrency: number): number {
  return 2 * Math.max(1, concurrency);
}

/**
 * Runs one session. On each replica: the probe's lone sends first (one at a time, nothing else in
 * flight on it), then its queue's pairs, item by item and model by model, at most `concurrency` in
 * flight, with the probe's loaded sends placed right after its first `concurrency` requests, so
 * that they go out under the full load and a `required` probe fails within the first minutes.
 * Writes a record per answer or error, per probe send and per probe comparison, one per replica
 * taken out or back, and an end record.
 *
 * With several replicas, a replica on which {@linkcode DOWN_AFTER} sends in a row fail with a network error
 * (refused, reset, timed out; not an HTTP status) is taken out while another is in use: its items
 * move to the others by the same hashing, its requests in flight are aborted and asked again
 * elsewhere (never recorded twice), and it is checked again every {@linkcode RECHECK_MS} and used again
 * (after its probe) when it passes. The last replica in use is never taken out: as with one
 * server, `failAfter` pairs in a row ending in transient errors stop the session. When the first
 * {@linkcode refusalStop} exchanges (probe sends included) all end in the same refusal, the session
 * stops too (`server-failed`, the refusal in the outcome): every other request would get it. Until
 * one ends otherwise, no more than that many go out.
 *
 * @param plan What to do.
 * @param effects The world.
 * @returns The end record, the probe comparisons, the retry count and the items answered on more
 *   than one replica.
 *
 * @example
 * ```ts
 * import { DEFAULT_RETRY } from "./retry.ts";
 * import { runSession } from "./session.ts";
 * import { xlamToolCall } from "../score/xlam_tool_call.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: 7, index: 0, query: "q", tools: [], answers: [] };
 * const kinds: string[] = [];
 * const body = JSON.stringify({ choices: [{ message: { content: "hi" }, finish_reason: "stop" }] });
 * const outcome = await runSession({
 *   items: [item], models: ["base"], previous: new Map(), probeItems: [],
 *   batchInvariant: "not-required", concurrency: 4, session: 1,
 *   replicas: [{ index: 0, host: "127.0.0.1:8000" }],
 *   request: {
 *     system: "", temperature: 0, topP: 1, seed: 0n, maxTokens: 64,
 *     templateKey: "enable_thinking", thinking: false,
 *   },
 *   scorer: xlamToolCall, scoring: { ordering: "any" },
 *   retry: DEFAULT_RETRY, graceMs: 5000, failAfter: 16,
 * }, {
 *   post: () => Promise.resolve({ ok: true, status: 200, body }),
 *   write: (record) => kinds.push(record.kind),
 *   sleep: () => Promise.resolve(),
 *   random: () => 0.5,
 *   now: () => 0,
 *   timers: globalThis,
 *   stop: new AbortController().signal,
 * });
 * assert.equal(outcome.end.outcome, "complete");
 * assert.deepEqual(kinds, ["result", "end"]);
 * ```
 */
export async function runSession(
  plan: SessionPlan,
  effects: SessionEffects,
): Promise<SessionOutcome> {
  const inner = new AbortController();
  const checking = new AbortController();
  let outcome: EndRecord["outcome"] | null = null;
  let finished = false;
  let retries = 0;
  let transientRun = 0;
  const checks: ProbeCheckRecord[] = [];
  const hosts = plan.hosts?.copy() ?? new ItemHosts();
  // Only how each pair stands is kept, never its record: memory does not grow with replies.
  const latest = new Map<string, PairState>(plan.previous);
  const stopSending = () => outcome !== null || effects.stop.aborted;
  // The first exchanges, all refused alike, stop the session: the others would be refused too.
  const refusals = new RefusalWatch(refusalStop(plan.concurrency));

  let graceTimer: unknown;
  const beginStop = (why: EndRecord["outcome"]) => {
    if (outcome === null) outcome = why;
    graceTimer ??= effects.timers.setTimeout(() => inner.abort(), plan.graceMs);
  };
  const onStop = () => beginStop("interrupted");
  effects.stop.addEventListener("abort", onStop);
  if (effects.stop.aborted) onStop();

  const lanes = plan.replicas.map((replica, n) => new Lane(n, replica, inner.signal));
  const inUse = () => lanes.filter((l) => l.state !== "down").length;

  // Which models still have work (the probe runs only for them), and every replica's queue. With
  // several replicas, an item with answers from earlier sessions stays on their replica while it is
  // in use; when it is not, the item is asked again whole elsewhere, so that its models are paired
  // on one replica. One server takes every item: nothing is asked again.
  const queues = new ReplicaQueues(lanes.map((l) => l.replica));
  const laneOf = new Map(lanes.map((l) => [l.replica.host, l.n]));
  const modelsToProbe = new Set<string>();
  for (const item of plan.items) {
    let models = plan.models.filter((model) =>
      latest.get(resultKey(model, item.index)) !== "answered"
    );
    if (models.length === 0) continue;
    const host = lanes.length === 1 || models.length === plan.models.length
      ? undefined
      : hosts.hostOf(item.index);
    const lane = host === undefined ? undefined : laneOf.get(host);
    if (host !== undefined && lane === undefined) models = [...plan.models];
    for (const model of models) modelsToProbe.add(model);
    queues.add(item, models, lane);
  }

  // The sends of requests put back (their replica was taken out), so that a record's `attempts`
  // counts every send of its pair, on any replica.
  const sentBefore = new Map<string, number>();

  const replicaRecord = (lane: Lane, state: "down" | "up", reason: string) => {
    const record: ReplicaRecord = {
      kind: "replica",
      session: plan.session,
      index: lane.replica.index,
      host: lane.replica.host,
      state,
      reason,
    };
    effects.write(record);
    effects.events?.replica?.(record);
  };

  const takeOut = (lane: Lane, reason: string) => {
    lane.takeOut();
    queues.down(lane.n);
    replicaRecord(lane, "down", reason);
    checkLater(lane);
    spawn();
  };

  const pendingChecks = new Set<Promise<void>>();
  const checkLater = (lane: Lane) => {
    const check = effects.check;
    if (check === undefined) return;
    lane.timer = effects.timers.setTimeout(() => {
      lane.timer = undefined;
      if (finished || stopSending()) return;
      const pending = check(lane.replica, checking.signal).then(
        () => {
          if (finished || stopSending()) return;
          lane.bringBack();
          queues.up(lane.n);
          replicaRecord(lane, "up", "it answered its checks again, every model served");
          spawn();
        },
        () => {
          if (!finished && !stopSending()) checkLater(lane);
        },
      ).finally(() => pendingChecks.delete(pending));
      pendingChecks.add(pending);
    }, RECHECK_MS);
  };

  let requestCount = 0;
  const sending: SendContext = {
    request: plan.request,
    requestIds: plan.requestIds,
    retry: plan.retry,
    inner: inner.signal,
    post: (body, signal, replica, requestId) => effects.post(body, signal, replica, requestId),
    dropConnections: () => effects.dropConnections?.(),
    now: () => effects.now(),
    random: () => effects.random(),
    sleep: (ms, signal) => effects.sleep(ms, signal),
    stop: effects.stop,
    nextRequestId: () =>
      plan.requestIds === undefined ? undefined : `${plan.requestIds}-${++requestCount}`,
    stopSending,
    retried: (model) => {
      retries++;
      effects.events?.retry?.(model);
    },
    inUse,
    takeOut,
  };

  // An exchange, watched: the session stops when its first ones are all refused alike.
  const askWatched = async (task: Task, lane: Lane, epoch: number): Promise<Asked> => {
    refusals.begin();
    let error: RequestError | null | undefined;
    try {
      const asked = await sendWithRetries(task, lane, epoch, sending);
      if (!asked.moved && !asked.aborted) error = asked.exchange.error;
      return asked;
    } finally {
      if (refusals.end(task.model, error)) beginStop("server-failed");
    }
  };

  const place = (item: Item, model: string) => ({
    model,
    itemId: item.id,
    itemIndex: item.index,
    session: plan.session,
  });

  // A replica's probe, part one: each probe item alone, one request at a time on it.
  const probeAlone = async (lane: Lane, epoch: number): Promise<void> => {
    const round = new ProbeRound();
    lane.probes = [];
    for (const model of plan.models) {
      if (!modelsToProbe.has(model)) continue;
      for (const item of plan.probeItems) {
        while (refusals.holding()) await refusals.change();
        if (stopSending() || lane.epoch !== epoch) break;
        const asked = await askWatched({ item, model, sent: 0 }, lane, epoch);
        if (asked.moved) return;
        if (asked.aborted) break;
        effects.write({
          kind: "probe",
          phase: "alone",
          ...place(item, model),
          ...asked.exchange,
          replica: lane.replica,
        });
        round.alone(model, item.index, asked.exchange);
        lane.probes.push({ item, model, round, sent: 0 });
      }
    }
  };

  const compare = (task: Task, loaded: Sent, lane: Lane) => {
    const { fails, ...outcome } = task.round!.loaded(task.model, task.item.index, loaded);
    const check: ProbeCheckRecord = {
      kind: "probe-check",
      session: plan.session,
      model: task.model,
      itemId: task.item.id,
      itemIndex: task.item.index,
      ...outcome,
      replica: lane.replica,
    };
    effects.write(check);
    checks.push(check);
    effects.events?.probe?.(check);
    if (plan.batchInvariant === "required" && fails) beginStop("probe-failed");
  };

  const runTask = async (task: Task, lane: Lane, epoch: number) => {
    const asked = await askWatched(task, lane, epoch);
    if (asked.moved) {
      // Its replica was taken out: a pair is asked again elsewhere; a probe send is dropped.
      if (task.round === undefined) {
        sentBefore.set(resultKey(task.model, task.item.index), task.sent);
        queues.putBack(task);
        spawn();
      }
      return;
    }
    if (asked.aborted) return;
    if (task.round !== undefined) {
      effects.write({
        kind: "probe",
        phase: "loaded",
        ...place(task.item, task.model),
        ...asked.exchange,
        replica: lane.replica,
      });
      compare(task, asked.exchange, lane);
      return;
    }
    let exchange = asked.exchange;
    let verdict: Verdict | null = null;
    if (exchange.reply !== null) {
      try {
        verdict = plan.scorer.score(task.item, exchange.reply, plan.scoring);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        exchange = fail(exchange, exchange.response, {
          kind: "scorer",
          message: `the scorer could not judge the reply: ${message.split("\n")[0]}`,
          status: null,
          transient: false,
        });
      }
    }
    // One literal, its members written out (the order of the spreads it replaces): an object
    // built by spreading is slower to build and to write as JSON, once per result.
    const record: ResultRecord = {
      kind: "result",
      model: task.model,
      itemId: task.item.id,
      itemIndex: task.item.index,
      session: plan.session,
      requestDigest: exchange.requestDigest,
      attempts: exchange.attempts,
      latencyMs: exchange.latencyMs,
      response: exchange.response,
      reply: exchange.reply,
      usage: exchange.usage,
      error: exchange.error,
      verdict,
      category: answerCategory(task.item.answers),
      replica: lane.replica,
    };
    effects.write(record);
    const key = resultKey(task.model, task.item.index);
    // An error never hides an earlier answer (an item asked again whole keeps it).
    if (record.error === null) {
      latest.set(key, "answered");
      hosts.answered(task.item.index, task.model, lane.replica.host);
    } else if (latest.get(key) !== "answered") {
      latest.set(key, "error");
    }
    effects.events?.result?.(task.model, verdict === null ? null : verdict.correct, record);
    if (record.error !== null && record.error.transient) {
      transientRun++;
      if (transientRun >= plan.failAfter) beginStop("server-failed");
    } else {
      transientRun = 0;
    }
  };

  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    running.add(work);
    work.finally(() => running.delete(work));
  };

  const worker = async (lane: Lane, epoch: number) => {
    lane.workers++;
    try {
      while (!stopSending() && lane.state === "up" && lane.epoch === epoch) {
        if (refusals.holding()) {
          await refusals.change();
          continue;
        }
        const task = lane.nextTask(queues, plan.concurrency, sentBefore);
        if (task === undefined) break;
        await runTask(task, lane, epoch);
      }
    } finally {
      lane.workers--;
    }
  };

  // A replica (re)starts: its probe's lone sends, then its workers.
  const start = async (lane: Lane) => {
    const epoch = lane.start();
    await probeAlone(lane, epoch);
    if (lane.state !== "probing" || lane.epoch !== epoch) return;
    lane.state = "up";
    spawn();
  };

  // Every replica in use gets the workers it has work for, up to `concurrency`.
  function spawn(): void {
    if (stopSending()) return;
    for (const lane of lanes) {
      if (lane.state === "new") {
        if (queues.hasWork(lane.n)) track(start(lane));
        continue;
      }
      if (lane.state !== "up") continue;
      // Bounded: a worker that finds nothing to do (a stop, from inside a send) ends at once.
      for (let n = lane.workers; n < Math.max(1, plan.concurrency); n++) {
        if (stopSending() || !(lane.probes.length > 0 || queues.hasWork(lane.n))) break;
        track(worker(lane, lane.epoch));
      }
    }
  }

  try {
    spawn();
    while (running.size > 0) await Promise.all([...running]);
  } finally {
    finished = true;
    if (graceTimer !== undefined) effects.timers.clearTimeout(graceTimer);
    for (const lane of lanes) {
      if (lane.timer !== undefined) effects.timers.clearTimeout(lane.timer);
    }
    checking.abort();
    await Promise.all([...pendingChecks]);
    effects.stop.removeEventListener("abort", onStop);
  }

  let answered = 0;
  let errors = 0;
  for (const state of latest.values()) {
    if (state === "answered") answered++;
    else errors++;
  }
  const total = plan.items.length * plan.models.length;
  const missing = total - answered - errors;
  const end: EndRecord = {
    kind: "end",
    session: plan.session,
    endedAt: new Date(effects.now()).toISOString(),
    outcome: outcome ?? (errors > 0 ? "errors" : "complete"),
    answered,
    errors,
    missing,
  };
  effects.write(end);
  return { end, checks, retries, mixedItems: hosts.mixed, refusal: refusals.refusal };
}
