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

import type { ItemId } from "../dataset/item_id.ts";
import type { BatchInvariance } from "../config/config.ts";
import type { Item, ItemList } from "../dataset/item.ts";
import type { RequestSettings } from "../request/request.ts";
import type { ScoreOptions, Scorer } from "../score/scorer.ts";
import type { HttpOutcome } from "./http.ts";
import { type EarlierProbe, type EarlierProbes, ProbeRound, type ProbeSend } from "./probe.ts";
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
import { type Asked, type SendContext, sendWithRetries, type Sent } from "./_send.ts";
import type { ItemHosts } from "../results/item_hosts.ts";
import { resultRecord, Tally } from "./_results.ts";
import type { PairStates } from "./pair_states.ts";
import type { Timers } from "./timers.ts";
import type { RetryPolicy } from "./retry.ts";
import { type AlikeRefusal, RefusalWatch } from "./refusal_watch.ts";
import { sampleAsks } from "./samples.ts";

export { DOWN_AFTER } from "./_send.ts";

/** How long a replica taken out waits before it is checked again, in milliseconds. */
export const RECHECK_MS = 30_000;

/** What a session is asked to do. */
export interface SessionPlan {
  /**
   * The split's items, in order: an array, or a list that builds each item when asked (then the
   * session holds none of them beyond the requests in flight).
   */
  readonly items: ItemList;
  /** The models' served names, baseline first. */
  readonly models: readonly string[];
  /**
   * `sampling.samples`: how many times every model is asked every item, each sample with its own
   * seed (`sampleSeed`) and its record carrying `sample`. Default 1: no sample numbers at all.
   */
  readonly samples?: number;
  /**
   * How each pair stands after earlier sessions (see `readResume`): pairs answered are skipped,
   * pairs in error are asked again.
   */
  readonly previous: PairStates;
  /** The items sent twice by the probe, on every replica (the first `serving.probe` items). */
  readonly probeItems: readonly Item[];
  /**
   * The probe's sends answered in earlier sessions (see `readResume`): on a replica's first start
   * in this session, a probe item compared `same` there before is not sent again, and a send
   * answered there before is not made again (its reply is compared). Default none: every probe
   * send is made.
   */
  readonly earlierProbes?: EarlierProbes;
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
  /**
   * Probe sends are to come: a replica starting its probe plans its lone and loaded sends; a
   * negative count is sends planned that will not be made (the replica taken out, the session
   * stopped).
   */
  probePlanned?(sends: number): void;
  /** A probe send ended (its record written). */
  probeSent?(): void;
  /** A replica was taken out or back. */
  replica?(record: ReplicaRecord): void;
}

/** What a session needs from the world: its effects. */
export interface SessionEffects {
  /**
   * Sends a body to a replica and reads the response (see `exchange`), aborted by `signal`, with
   * `requestId` as its `X-Request-Id` when one is given, for the item `itemId` (its routing key).
   */
  post(
    body: string,
    signal: AbortSignal,
    replica: ReplicaRef,
    requestId?: string,
    itemId?: ItemId,
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
  /**
   * When the records queued wait for the disk beyond a bound: a promise settled when there may be
   * room, else `null`. A worker waits for it before it takes its next request, so that a disk
   * slower than the replies holds the session back rather than filling memory. Absent: never.
   */
  backlog?(): Promise<void> | null;
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
 * taken out or back, and an end record. A resumed session's probe keeps what `plan.earlierProbes`
 * holds for a replica on its first start: it sends only what was not answered there before.
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
 * import { PairStates } from "./pair_states.ts";
 * import { xlamToolCall } from "../score/xlam_tool_call.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: 7, index: 0, query: "q", tools: [], answers: [] };
 * const kinds: string[] = [];
 * const body = JSON.stringify({ choices: [{ message: { content: "hi" }, finish_reason: "stop" }] });
 * const outcome = await runSession({
 *   items: [item], models: ["base"], previous: new PairStates(), probeItems: [],
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
  return await new Session(plan, effects).run();
}

/** A session's scheduler: its replicas' lanes, their queues, their workers and its stop. */
class Session {
  readonly #plan: SessionPlan;
  readonly #effects: SessionEffects;
  /** Aborted when a stop's grace is over: every request in flight. */
  readonly #inner = new AbortController();
  /** Aborted when the session ends: the replicas' checks. */
  readonly #checking = new AbortController();
  #outcome: EndRecord["outcome"] | null = null;
  #finished = false;
  #retries = 0;
  readonly #checks: ProbeCheckRecord[] = [];
  readonly #tally: Tally;
  // The first exchanges, all refused alike, stop the session: the others would be refused too.
  readonly #refusals: RefusalWatch;
  #graceTimer: unknown;
  readonly #lanes: Lane[];
  readonly #queues: ReplicaQueues;
  /** The models that still have work: the probe runs only for them. */
  readonly #modelsToProbe = new Set<string>();
  readonly #pendingChecks = new Set<Promise<void>>();
  readonly #running = new Set<Promise<void>>();
  readonly #sending: SendContext;
  readonly #onStop = () => this.#beginStop("interrupted");

  constructor(plan: SessionPlan, effects: SessionEffects) {
    this.#plan = plan;
    this.#effects = effects;
    this.#tally = new Tally(plan.previous, plan.hosts, plan.failAfter);
    this.#refusals = new RefusalWatch(refusalStop(plan.concurrency));
    effects.stop.addEventListener("abort", this.#onStop);
    if (effects.stop.aborted) this.#onStop();
    this.#lanes = plan.replicas.map((replica, n) => new Lane(n, replica, this.#inner.signal));
    this.#queues = new ReplicaQueues(this.#lanes.map((l) => l.replica), plan.items);
    this.#fillQueues();
    this.#sending = this.#sendContext();
  }

  async run(): Promise<SessionOutcome> {
    const effects = this.#effects;
    try {
      this.#spawn();
      while (this.#running.size > 0) await Promise.all([...this.#running]);
    } finally {
      this.#finished = true;
      if (this.#graceTimer !== undefined) effects.timers.clearTimeout(this.#graceTimer);
      for (const lane of this.#lanes) {
        if (lane.timer !== undefined) effects.timers.clearTimeout(lane.timer);
      }
      this.#checking.abort();
      await Promise.all([...this.#pendingChecks]);
      effects.stop.removeEventListener("abort", this.#onStop);
    }
    const plan = this.#plan;
    const counts = this.#tally.counts(
      plan.items.length * plan.models.length * (plan.samples ?? 1),
    );
    const end: EndRecord = {
      kind: "end",
      session: plan.session,
      endedAt: new Date(effects.now()).toISOString(),
      outcome: this.#outcome ?? (counts.errors > 0 ? "errors" : "complete"),
      ...counts,
    };
    effects.write(end);
    return {
      end,
      checks: this.#checks,
      retries: this.#retries,
      mixedItems: this.#tally.hosts.mixed,
      refusal: this.#refusals.refusal,
    };
  }

  // Which models still have work, and every replica's queue. With several replicas, an item with
  // answers from earlier sessions stays on their replica while it is in use; when it is not, the
  // item is asked again whole elsewhere, so that its models are paired on one replica. One server
  // takes every item: nothing is asked again.
  #fillQueues(): void {
    const plan = this.#plan;
    const tally = this.#tally;
    const laneOf = new Map(this.#lanes.map((l) => [l.replica.host, l.n]));
    // Every (model, sample) ask of an item; with one sample, the models themselves.
    const asks = sampleAsks(plan.models, plan.samples ?? 1);
    for (let position = 0; position < plan.items.length; position++) {
      // Built to read its index (and, with several replicas, its id), and dropped.
      const item = plan.items.at(position)!;
      let todo = asks.filter((a) => !tally.answered(a.model, item.index, a.sample));
      if (todo.length === 0) continue;
      // An item asking every model shares one array of them: the queues hold every item at once.
      if (todo.length === asks.length) todo = asks;
      const host = this.#lanes.length === 1 || todo.length === asks.length
        ? undefined
        : tally.hosts.hostOf(item.index);
      const lane = host === undefined ? undefined : laneOf.get(host);
      if (host !== undefined && lane === undefined) todo = asks;
      for (const ask of todo) this.#modelsToProbe.add(ask.model);
      this.#queues.add(position, todo, lane);
    }
  }

  #sendContext(): SendContext {
    const { plan, effects } = { plan: this.#plan, effects: this.#effects };
    let requestCount = 0;
    return {
      request: plan.request,
      requestIds: plan.requestIds,
      retry: plan.retry,
      inner: this.#inner.signal,
      post: (body, signal, replica, requestId, itemId) =>
        effects.post(body, signal, replica, requestId, itemId),
      dropConnections: () => effects.dropConnections?.(),
      now: () => effects.now(),
      random: () => effects.random(),
      sleep: (ms, signal) => effects.sleep(ms, signal),
      stop: effects.stop,
      nextRequestId: () =>
        plan.requestIds === undefined ? undefined : `${plan.requestIds}-${++requestCount}`,
      stopSending: () => this.#stopSending(),
      retried: (model) => {
        this.#retries++;
        effects.events?.retry?.(model);
      },
      inUse: () => this.#lanes.filter((l) => l.state !== "down").length,
      takeOut: (lane, reason) => this.#takeOut(lane, reason),
    };
  }

  #stopSending(): boolean {
    return this.#outcome !== null || this.#effects.stop.aborted;
  }

  #beginStop(why: EndRecord["outcome"]): void {
    if (this.#outcome === null) this.#outcome = why;
    this.#graceTimer ??= this.#effects.timers.setTimeout(
      () => this.#inner.abort(),
      this.#plan.graceMs,
    );
  }

  #replicaRecord(lane: Lane, state: "down" | "up", reason: string): void {
    const record: ReplicaRecord = {
      kind: "replica",
      session: this.#plan.session,
      index: lane.replica.index,
      host: lane.replica.host,
      state,
      reason,
    };
    this.#effects.write(record);
    this.#effects.events?.replica?.(record);
  }

  #takeOut(lane: Lane, reason: string): void {
    const dropped = lane.probes.length;
    lane.takeOut();
    if (dropped > 0) this.#effects.events?.probePlanned?.(-dropped);
    this.#queues.down(lane.n);
    this.#replicaRecord(lane, "down", reason);
    this.#checkLater(lane);
    this.#spawn();
  }

  #checkLater(lane: Lane): void {
    const check = this.#effects.check;
    if (check === undefined) return;
    const over = () => this.#finished || this.#stopSending();
    lane.timer = this.#effects.timers.setTimeout(() => {
      lane.timer = undefined;
      if (over()) return;
      const pending = check(lane.replica, this.#checking.signal).then(
        () => {
          if (over()) return;
          lane.bringBack();
          this.#queues.up(lane.n);
          this.#replicaRecord(lane, "up", "it answered its checks again, every model served");
          this.#spawn();
        },
        () => {
          if (!over()) this.#checkLater(lane);
        },
      ).finally(() => this.#pendingChecks.delete(pending));
      this.#pendingChecks.add(pending);
    }, RECHECK_MS);
  }

  // An exchange, watched: the session stops when its first ones are all refused alike.
  async #ask(task: Task, lane: Lane, epoch: number): Promise<Asked> {
    this.#refusals.begin();
    let error: RequestError | null | undefined;
    try {
      const asked = await sendWithRetries(task, lane, epoch, this.#sending);
      if (!asked.moved && !asked.aborted) error = asked.exchange.error;
      return asked;
    } finally {
      if (this.#refusals.end(task.model, error)) this.#beginStop("server-failed");
    }
  }

  #writeProbe(phase: "alone" | "loaded", item: Item, model: string, sent: Sent, lane: Lane): void {
    this.#effects.write({
      kind: "probe",
      phase,
      model,
      itemId: item.id,
      itemIndex: item.index,
      session: this.#plan.session,
      ...sent,
      replica: lane.replica,
    });
  }

  // A replica's probe, part one: each probe item alone, one request at a time on it. On its first
  // start in the session, what earlier sessions answered on it is kept, not sent again.
  async #probeAlone(lane: Lane, epoch: number): Promise<void> {
    const round = new ProbeRound();
    const refusals = this.#refusals;
    const events = this.#effects.events;
    const earlierProbes = epoch === 1 ? this.#plan.earlierProbes : undefined;
    lane.probes = [];
    const todo: {
      position: number;
      item: Item;
      model: string;
      earlier: EarlierProbe | undefined;
    }[] = [];
    let left = 0;
    for (const model of this.#plan.models) {
      if (!this.#modelsToProbe.has(model)) continue;
      for (const [position, item] of this.#plan.probeItems.entries()) {
        const earlier = earlierProbes?.get(model, item.index, lane.replica.host);
        if (earlier?.same === true) {
          round.earlier(model);
          continue;
        }
        todo.push({ position, item, model, earlier });
        left += (earlier?.alone === undefined ? 1 : 0) + (earlier?.loaded === undefined ? 1 : 0);
      }
    }
    if (left > 0) events?.probePlanned?.(left);
    // Sends planned and neither made nor handed to the lane (its loaded sends) are dropped.
    const drop = () => {
      if (left > 0) events?.probePlanned?.(-left);
    };
    const compareNow: { task: Task; loaded: ProbeSend }[] = [];
    for (const { position, item, model, earlier } of todo) {
      if (this.#stopSending() || lane.epoch !== epoch) return drop();
      let alone: ProbeSend;
      if (earlier?.alone !== undefined) alone = { reply: earlier.alone, error: null };
      else {
        while (refusals.holding()) await refusals.change();
        if (this.#stopSending() || lane.epoch !== epoch) return drop();
        const asked = await this.#ask({ position, item, model, sent: 0 }, lane, epoch);
        if (asked.moved || asked.aborted) return drop();
        left--;
        this.#writeProbe("alone", item, model, asked.exchange, lane);
        events?.probeSent?.();
        alone = asked.exchange;
      }
      round.alone(model, item.index, alone);
      const task: Task = { position, item, model, round, sent: 0 };
      if (earlier?.loaded !== undefined) {
        compareNow.push({ task, loaded: { reply: earlier.loaded, error: null } });
      } else {
        left--;
        lane.probes.push(task);
      }
    }
    // Loaded sends answered before are compared once every lone send of the round is in, so that
    // a model's comparisons are all known before `required` reads them.
    for (const { task, loaded } of compareNow) this.#compare(task, loaded, lane);
  }

  // A replica's probe, part two: a loaded send compared with its lone one.
  #compare(task: Task, loaded: ProbeSend, lane: Lane): void {
    const { fails, ...outcome } = task.round!.loaded(task.model, task.item.index, loaded);
    const check: ProbeCheckRecord = {
      kind: "probe-check",
      session: this.#plan.session,
      model: task.model,
      itemId: task.item.id,
      itemIndex: task.item.index,
      ...outcome,
      replica: lane.replica,
    };
    this.#effects.write(check);
    this.#checks.push(check);
    this.#effects.events?.probe?.(check);
    if (this.#plan.batchInvariant === "required" && fails) this.#beginStop("probe-failed");
  }

  async #runTask(task: Task, lane: Lane, epoch: number): Promise<void> {
    const asked = await this.#ask(task, lane, epoch);
    if (asked.moved) {
      // Its replica was taken out: a pair is asked again elsewhere; a probe send is dropped.
      if (task.round === undefined) {
        this.#queues.putBack(task);
        this.#spawn();
      } else this.#effects.events?.probePlanned?.(-1);
      return;
    }
    if (asked.aborted) {
      if (task.round !== undefined) this.#effects.events?.probePlanned?.(-1);
      return;
    }
    if (task.round !== undefined) {
      this.#writeProbe("loaded", task.item, task.model, asked.exchange, lane);
      this.#effects.events?.probeSent?.();
      this.#compare(task, asked.exchange, lane);
      return;
    }
    const plan = this.#plan;
    const { record, verdict } = resultRecord(task.item, task.model, asked.exchange, {
      sample: task.sample,
      session: plan.session,
      scorer: plan.scorer,
      scoring: plan.scoring,
      replica: lane.replica,
    });
    this.#effects.write(record);
    const failing = this.#tally.add(record, lane.replica.host);
    this.#effects.events?.result?.(task.model, verdict === null ? null : verdict.correct, record);
    if (failing) this.#beginStop("server-failed");
  }

  #track(work: Promise<void>): void {
    this.#running.add(work);
    work.finally(() => this.#running.delete(work));
  }

  async #worker(lane: Lane, epoch: number): Promise<void> {
    lane.workers++;
    try {
      while (!this.#stopSending() && lane.state === "up" && lane.epoch === epoch) {
        if (this.#refusals.holding()) {
          await this.#refusals.change();
          continue;
        }
        const backlog = this.#effects.backlog?.();
        if (backlog) {
          await backlog;
          continue;
        }
        const task = lane.nextTask(this.#queues, this.#plan.concurrency);
        if (task === undefined) break;
        await this.#runTask(task, lane, epoch);
      }
    } finally {
      lane.workers--;
    }
  }

  // A replica (re)starts: its probe's lone sends, then its workers.
  async #start(lane: Lane): Promise<void> {
    const epoch = lane.start();
    await this.#probeAlone(lane, epoch);
    if (lane.state !== "probing" || lane.epoch !== epoch) return;
    lane.state = "up";
    this.#spawn();
  }

  // Every replica in use gets the workers it has work for, up to `concurrency`.
  #spawn(): void {
    if (this.#stopSending()) return;
    const queues = this.#queues;
    for (const lane of this.#lanes) {
      if (lane.state === "new") {
        if (queues.hasWork(lane.n)) this.#track(this.#start(lane));
        continue;
      }
      if (lane.state !== "up") continue;
      // Bounded: a worker that finds nothing to do (a stop, from inside a send) ends at once.
      for (let n = lane.workers; n < Math.max(1, this.#plan.concurrency); n++) {
        if (this.#stopSending() || !(lane.probes.length > 0 || queues.hasWork(lane.n))) break;
        this.#track(this.#worker(lane, lane.epoch));
      }
    }
  }
}
