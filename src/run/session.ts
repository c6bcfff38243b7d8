/**
 * The scheduler of `assess run`: one session over the (model, item) pairs not answered yet, with
 * at most `concurrency` requests in flight, bounded retries with exponential backoff and jitter,
 * the batch-invariance probe first, and a stop that loses nothing. It builds each request, digests
 * it, reads each reply and scores it itself; only effects come in as parameters: sending a
 * request, the results file, the clock, the random source, the timers and the stop signal.
 *
 * @module
 */

import type { BatchInvariance } from "../config/config.ts";
import { answerCategory } from "../dataset/category.ts";
import type { Item } from "../dataset/item.ts";
import { sha256Text } from "../dataset/sha256.ts";
import { buildRequestBody, type RequestSettings } from "../request/request.ts";
import type { ScoreOptions, Scorer, Verdict } from "../score/scorer.ts";
import { type HttpOutcome, MAX_RETRY_AFTER_MS, retryAfterMs } from "./http.ts";
import { firstDifference } from "./probe.ts";
import { resultKey } from "../results/latest.ts";
import type {
  BodyRecord,
  EndRecord,
  Exchange,
  ProbeCheckRecord,
  RequestError,
  ResultRecord,
  Usage,
} from "../results/records.ts";
import { readReply } from "../results/reply.ts";
import type { PairState } from "./resume.ts";
import type { Timers } from "./timers.ts";
import { backoffDelay, type RetryPolicy } from "./retry.ts";

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
  /** The items sent twice by the probe (the first `serving.probe` items of the split). */
  readonly probeItems: readonly Item[];
  /** `serving.batchInvariant`. */
  readonly batchInvariant: BatchInvariance;
  /** The most requests in flight. */
  readonly concurrency: number;
  /** This session's number. */
  readonly session: number;
  /** What every request sends besides its item and model (and `maxTokens`, for truncation). */
  readonly request: RequestSettings;
  /** The scorer that judges each reply. */
  readonly scorer: Scorer;
  /** What the scorer is told besides the item and the reply. */
  readonly scoring: ScoreOptions;
  /** The retry policy. */
  readonly retry: RetryPolicy;
  /** How long a stop waits for requests in flight before aborting them, in milliseconds. */
  readonly graceMs: number;
  /**
   * After this many pairs in a row end in transient errors (retries spent), the server is taken
   * for gone and the session stops (`server-failed`).
   */
  readonly failAfter: number;
}

/** Progress events, for the live line. */
export interface SessionEvents {
  /** A pair got its record (written already): `correct` is `null` for an error. */
  result?(model: string, correct: boolean | null, record: ResultRecord): void;
  /** A request is sent again. */
  retry?(model: string): void;
  /** A probe item's replies were compared. */
  probe?(check: ProbeCheckRecord): void;
}

/** What a session needs from the world: its effects. */
export interface SessionEffects {
  /** Sends a body and reads the response (see `exchange`), aborted by `signal`. */
  post(body: string, signal: AbortSignal): Promise<HttpOutcome>;
  /** Queues a record for the results file. */
  write(record: BodyRecord): void;
  /** Waits `ms` milliseconds, or less when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** A number in [0, 1): the backoff's jitter. */
  random(): number;
  /** The clock, in milliseconds since the epoch (an HTTP date in `Retry-After` is read by it). */
  now(): number;
  /** The timers: the grace a stop gives the requests in flight. */
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
}

interface Asked {
  readonly exchange: Omit<Exchange, "model" | "itemId" | "itemIndex" | "session">;
  readonly aborted: boolean;
}

interface Task {
  readonly item: Item;
  readonly model: string;
  readonly probe: boolean;
}

/**
 * Runs one session: the probe's lone sends first (one at a time, nothing else in flight), then
 * every pair not answered yet, item by item and model by model, with the probe's loaded sends
 * placed right after the first `concurrency` requests, so that they go out under the full load and
 * a `required` probe fails within the first minutes. Writes a record per answer or error, per
 * probe send and per probe comparison, and an end record.
 *
 * @param plan What to do.
 * @param effects The world.
 * @returns The end record, the probe comparisons and the retry count.
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
  const deps = effects;
  const inner = new AbortController();
  let outcome: EndRecord["outcome"] | null = null;
  let retries = 0;
  let transientRun = 0;
  const checks: ProbeCheckRecord[] = [];
  // Only how each pair stands is kept, never its record: memory does not grow with replies.
  const latest = new Map<string, PairState>(plan.previous);
  const stopSending = () => outcome !== null || deps.stop.aborted;

  let graceTimer: unknown;
  const beginStop = (why: EndRecord["outcome"]) => {
    if (outcome === null) outcome = why;
    graceTimer ??= deps.timers.setTimeout(() => inner.abort(), plan.graceMs);
  };
  const onStop = () => beginStop("interrupted");
  deps.stop.addEventListener("abort", onStop);
  if (deps.stop.aborted) onStop();

  // The backoff, or the server's Retry-After when it asks for longer (up to its own cap).
  const retryWait = (attempts: number, retryAfter: string | undefined): number => {
    const backoff = backoffDelay(attempts, plan.retry, deps.random());
    const asked = retryAfter === undefined ? null : retryAfterMs(retryAfter, deps.now());
    return asked === null || asked <= backoff ? backoff : Math.min(asked, MAX_RETRY_AFTER_MS);
  };

  const ask = async (item: Item, model: string): Promise<Asked> => {
    const body = buildRequestBody(item, model, plan.request);
    const requestDigest = sha256Text(body);
    let attempts = 0;
    while (true) {
      attempts++;
      const started = deps.now();
      const out = await deps.post(body, inner.signal);
      const latencyMs = deps.now() - started;
      const base = { requestDigest, attempts, latencyMs };
      if (out.ok) {
        const read = readReply(out.body, plan.request.maxTokens);
        const response = { status: out.status, body: out.body };
        if (read.ok) {
          return {
            aborted: false,
            exchange: { ...base, response, reply: read.reply, usage: read.usage, error: null },
          };
        }
        return { aborted: false, exchange: fail(base, response, read.error) };
      }
      if (out.aborted) return { aborted: true, exchange: fail(base, out.response, out.error) };
      const retry = out.error.transient && attempts < plan.retry.attempts && !stopSending();
      if (!retry) {
        return {
          aborted: false,
          exchange: fail({ ...base, latencyMs: null }, out.response, out.error),
        };
      }
      retries++;
      deps.events?.retry?.(model);
      // A stop ends the wait at once: nothing is sent after it anyway.
      await deps.sleep(
        retryWait(attempts, out.retryAfter),
        AbortSignal.any([inner.signal, deps.stop]),
      );
      if (inner.signal.aborted || stopSending()) {
        return { aborted: true, exchange: fail(base, out.response, out.error) };
      }
    }
  };

  const place = (item: Item, model: string) => ({
    model,
    itemId: item.id,
    itemIndex: item.index,
    session: plan.session,
  });

  // Which models still have work: the probe runs only for them.
  const tasks: Task[] = [];
  const modelsToProbe = new Set<string>();
  for (const item of plan.items) {
    for (const model of plan.models) {
      if (latest.get(resultKey(model, item.index)) === "answered") continue;
      tasks.push({ item, model, probe: false });
      modelsToProbe.add(model);
    }
  }

  // The probe, part one: each probe item alone, one request at a time.
  const alone = new Map<string, Asked>();
  const probeTasks: Task[] = [];
  for (const model of plan.models) {
    if (!modelsToProbe.has(model)) continue;
    for (const item of plan.probeItems) {
      if (stopSending()) break;
      const asked = await ask(item, model);
      if (asked.aborted) break;
      deps.write({ kind: "probe", phase: "alone", ...place(item, model), ...asked.exchange });
      alone.set(resultKey(model, item.index), asked);
      probeTasks.push({ item, model, probe: true });
    }
  }
  const probesLeft = new Map<string, number>();
  const probesCompared = new Map<string, number>();
  for (const task of probeTasks) probesLeft.set(task.model, (probesLeft.get(task.model) ?? 0) + 1);
  const at = Math.min(plan.concurrency, tasks.length);
  const queue = [...tasks.slice(0, at), ...probeTasks, ...tasks.slice(at)];

  const compare = (task: Task, loaded: Asked) => {
    const key = resultKey(task.model, task.item.index);
    const first = alone.get(key)!.exchange;
    const second = loaded.exchange;
    let check: ProbeCheckRecord;
    const head = {
      kind: "probe-check",
      session: plan.session,
      model: task.model,
      itemId: task.item.id,
      itemIndex: task.item.index,
    } as const;
    if (first.reply === null || second.reply === null) {
      const error = (first.error ?? second.error)!;
      check = {
        ...head,
        outcome: "inconclusive",
        detail: `the ${first.reply === null ? "lone" : "loaded"} send failed: ${error.message}`,
      };
    } else {
      const detail = firstDifference(first.reply, second.reply);
      check = { ...head, outcome: detail === null ? "same" : "different", detail };
    }
    deps.write(check);
    checks.push(check);
    deps.events?.probe?.(check);
    if (check.outcome !== "inconclusive") {
      probesCompared.set(task.model, (probesCompared.get(task.model) ?? 0) + 1);
    }
    const left = probesLeft.get(task.model)! - 1;
    probesLeft.set(task.model, left);
    if (plan.batchInvariant === "required") {
      if (check.outcome === "different") beginStop("probe-failed");
      if (left === 0 && (probesCompared.get(task.model) ?? 0) === 0) beginStop("probe-failed");
    }
  };

  const runTask = async (task: Task) => {
    const asked = await ask(task.item, task.model);
    if (asked.aborted) return;
    if (task.probe) {
      deps.write({
        kind: "probe",
        phase: "loaded",
        ...place(task.item, task.model),
        ...asked.exchange,
      });
      compare(task, asked);
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
    const record: ResultRecord = {
      kind: "result",
      ...place(task.item, task.model),
      ...exchange,
      verdict,
      category: answerCategory(task.item.answers),
    };
    deps.write(record);
    latest.set(
      resultKey(task.model, task.item.index),
      record.error === null ? "answered" : "error",
    );
    deps.events?.result?.(task.model, verdict === null ? null : verdict.correct, record);
    if (record.error !== null && record.error.transient) {
      transientRun++;
      if (transientRun >= plan.failAfter) beginStop("server-failed");
    } else {
      transientRun = 0;
    }
  };

  let next = 0;
  const worker = async () => {
    while (!stopSending() && next < queue.length) {
      const task = queue[next++]!;
      await runTask(task);
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.max(1, plan.concurrency); i++) workers.push(worker());
  try {
    await Promise.all(workers);
  } finally {
    if (graceTimer !== undefined) deps.timers.clearTimeout(graceTimer);
    deps.stop.removeEventListener("abort", onStop);
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
    endedAt: new Date(deps.now()).toISOString(),
    outcome: outcome ?? (errors > 0 ? "errors" : "complete"),
    answered,
    errors,
    missing,
  };
  deps.write(end);
  return { end, checks, retries };
}

function fail(
  base: {
    readonly requestDigest: string;
    readonly attempts: number;
    readonly latencyMs: number | null;
  },
  response: Exchange["response"],
  error: RequestError,
): Asked["exchange"] {
  return {
    requestDigest: base.requestDigest,
    attempts: base.attempts,
    latencyMs: base.latencyMs,
    response,
    reply: null,
    usage: null as Usage | null,
    error,
  };
}
