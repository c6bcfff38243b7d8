/**
 * One exchange of a session: a request sent to a lane's replica with bounded retries, its reply
 * read and matched to its request id. Private to `src/run/`.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import { detachedItem } from "../dataset/detached.ts";
import { sha256Text } from "../dataset/sha256.ts";
import { buildRequestBody, type RequestSettings } from "../request/request.ts";
import { sampleSeed } from "./sample_seed.ts";
import type { Exchange, RequestError, Usage } from "../results/records.ts";
import { readReply } from "../results/reply.ts";
import { type HttpOutcome, MAX_RETRY_AFTER_MS, retryAfterMs } from "./http.ts";
import type { Lane, Task } from "./_lane.ts";
import { checkReplyId, mismatchMessage } from "./request_id.ts";
import { backoffDelay, isRetried, type RetryPolicy } from "./retry.ts";

/** Network failures in a row (refused, reset, timed out) that take a replica out. */
export const DOWN_AFTER = 3;

/** An exchange without its place (model, item, session). */
export type Sent = Omit<Exchange, "model" | "itemId" | "itemIndex" | "session">;

/** How an exchange ended. */
export type Asked =
  | {
    readonly moved?: undefined;
    readonly exchange: Sent;
    /** A stop aborted it: not recorded. */
    readonly aborted: boolean;
  }
  /** Its replica was taken out before it was answered: it is to be asked elsewhere. */
  | { readonly moved: true };

/** What sending needs from the session. */
export interface SendContext {
  /** What every request sends besides its item and model. */
  readonly request: RequestSettings;
  /** The prefix of every request's `X-Request-Id`, or none. */
  readonly requestIds: string | undefined;
  /** The retry policy. */
  readonly retry: RetryPolicy;
  /** Aborted when a stop's grace is over. */
  readonly inner: AbortSignal;
  /** Sends a body (see `SessionEffects.post`). */
  post(
    body: string,
    signal: AbortSignal,
    replica: Lane["replica"],
    requestId?: string,
    itemId?: ItemId,
  ): Promise<HttpOutcome>;
  /** Ends the use of the connections kept for reuse, when it can. */
  dropConnections(): void;
  /** The clock. */
  now(): number;
  /** A number in [0, 1). */
  random(): number;
  /** Waits `ms` milliseconds, or less when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Aborted to stop the session. */
  readonly stop: AbortSignal;
  /** The next send's request id (counted over the session), or none. */
  nextRequestId(): string | undefined;
  /** Whether nothing more is to be sent. */
  stopSending(): boolean;
  /** A request of `model` is to be sent again. */
  retried(model: string): void;
  /** The replicas in use (not taken out). */
  inUse(): number;
  /** Takes a lane out, for `reason`. */
  takeOut(lane: Lane, reason: string): void;
}

type Base = {
  readonly requestDigest: string;
  readonly attempts: number;
  readonly latencyMs: number | null;
};

/** What one send came to. */
type Step =
  | { readonly kind: "done"; readonly asked: Asked }
  /** Its reply named no request, on a replica not known to echo ids: asked again at once. */
  | { readonly kind: "unnamed" }
  | {
    readonly kind: "failed";
    readonly error: RequestError;
    readonly response: Exchange["response"];
    readonly retryAfter?: string | undefined;
  };

const GONE: Asked = { moved: true };

/**
 * Sends a task on a lane until it is answered, fails for good, is stopped, or its lane is left
 * behind (taken out or started again since `epoch`).
 *
 * @param task The request (its `sent` counted up).
 * @param lane The lane.
 * @param epoch The lane's start the sender belongs to.
 * @param ctx The session.
 * @returns How it ended.
 */
export async function sendWithRetries(
  task: Task,
  lane: Lane,
  epoch: number,
  ctx: SendContext,
): Promise<Asked> {
  // The item's tools are built for this body and dropped with it, never kept on the split's item.
  const body = buildRequestBody(
    detachedItem(task.item),
    task.model,
    task.sample === undefined
      ? ctx.request
      : { ...ctx.request, seed: sampleSeed(ctx.request.seed, task.item.id, task.sample) },
  );
  const requestDigest = sha256Text(body);
  let here = 0;
  // Whether the last send's reply named no request, on a replica not known to echo ids.
  let unnamed = false;
  while (true) {
    if (lane.leftBehind(epoch)) return GONE;
    here++;
    task.sent++;
    const requestId = ctx.nextRequestId();
    const started = ctx.now();
    const out = await ctx.post(body, lane.signal, lane.replica, requestId, task.item.id);
    const latencyMs = ctx.now() - started;
    const base = { requestDigest, attempts: task.sent, latencyMs };
    const step = out.ok
      ? readAnswer(out, base, lane, requestId, unnamed, ctx)
      : readFailure(out, base, lane, epoch, ctx);
    if (step.kind === "done") return step.asked;
    if (step.kind === "unnamed") {
      unnamed = true;
      here--;
      ctx.dropConnections();
      continue;
    }
    const { error, response } = step;
    const retry = isRetried(error) && here < ctx.retry.attempts && !ctx.stopSending();
    if (!retry) {
      return { aborted: false, exchange: fail({ ...base, latencyMs: null }, response, error) };
    }
    ctx.retried(task.model);
    // A stop ends the wait at once: nothing is sent after it anyway.
    await ctx.sleep(
      retryWait(here, step.retryAfter, ctx),
      AbortSignal.any([lane.signal, ctx.stop]),
    );
    if (lane.leftBehind(epoch)) return GONE;
    if (ctx.inner.aborted || ctx.stopSending()) {
      return { aborted: true, exchange: fail(base, response, error) };
    }
  }
}

// A reply with a success status: taken when it names its request (on a replica that echoes ids).
function readAnswer(
  out: Extract<HttpOutcome, { ok: true }>,
  base: Base,
  lane: Lane,
  requestId: string | undefined,
  unnamed: boolean,
  ctx: SendContext,
): Step {
  lane.failures = 0;
  const read = readReply(out.body, ctx.request.maxTokens);
  const response = { status: out.status, body: out.body };
  if (!read.ok) {
    return { kind: "done", asked: { aborted: false, exchange: fail(base, response, read.error) } };
  }
  // A reply is this request's only when it names it, on a replica that echoes ids. One that
  // names no request, before the replica is known to echo or not, is asked again once on a new
  // connection (not a retry): a second reply naming none shows a replica that does not echo
  // ids, and is taken; one naming its request shows the first was not.
  const prefix = ctx.requestIds;
  const named = prefix === undefined ? "this" : checkReplyId(read.id, requestId!, prefix).kind;
  if (named === "this" && prefix !== undefined) lane.echoes = true;
  if (named === "none" && lane.echoes === null && unnamed) lane.echoes = false;
  if (named === "this" || (named === "none" && lane.echoes === false)) {
    const exchange = { ...base, response, reply: read.reply, usage: read.usage, error: null };
    return { kind: "done", asked: { aborted: false, exchange } };
  }
  if (named === "none" && lane.echoes === null) return { kind: "unnamed" };
  lane.echoes = true;
  // The connection it came on may hold more of the same: no connection is reused.
  ctx.dropConnections();
  const error: RequestError = {
    kind: "mismatch",
    message: mismatchMessage(read.id, requestId!),
    status: out.status,
    transient: false,
  };
  return { kind: "failed", error, response };
}

// A send that failed: network failures in a row take its replica out (while another is in use).
function readFailure(
  out: Extract<HttpOutcome, { ok: false }>,
  base: Base,
  lane: Lane,
  epoch: number,
  ctx: SendContext,
): Step {
  if (out.aborted) {
    if (!ctx.inner.aborted) return { kind: "done", asked: GONE };
    return {
      kind: "done",
      asked: { aborted: true, exchange: fail(base, out.response, out.error) },
    };
  }
  const error = out.error;
  if (error.kind === "network" || error.kind === "timeout") {
    lane.failures++;
    if (lane.failures >= DOWN_AFTER && !lane.leftBehind(epoch) && ctx.inUse() > 1) {
      ctx.takeOut(lane, `${lane.failures} requests in a row failed: ${error.message}`);
    }
    if (lane.leftBehind(epoch)) return { kind: "done", asked: GONE };
  } else {
    lane.failures = 0;
  }
  return { kind: "failed", error, response: out.response, retryAfter: out.retryAfter };
}

// The backoff, or the server's Retry-After when it asks for longer (up to its own cap).
function retryWait(attempts: number, retryAfter: string | undefined, ctx: SendContext): number {
  const backoff = backoffDelay(attempts, ctx.retry, ctx.random());
  const asked = retryAfter === undefined ? null : retryAfterMs(retryAfter, ctx.now());
  return asked === null || asked <= backoff ? backoff : Math.min(asked, MAX_RETRY_AFTER_MS);
}

/**
 * An exchange that ended without a reply.
 *
 * @param base Its digest, sends and latency.
 * @param response The response, if one came.
 * @param error Why.
 */
export function fail(base: Base, response: Exchange["response"], error: RequestError): Sent {
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
