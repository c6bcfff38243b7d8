/**
 * How a request that failed transiently is sent again: how many times, and how long to wait
 * before each send.
 *
 * @module
 */

import type { RequestError } from "../results/records.ts";

/** How failed requests are retried. */
export interface RetryPolicy {
  /** The most times a request is sent (1 = no retry). */
  readonly attempts: number;
  /** The first backoff, in milliseconds. */
  readonly baseDelayMs: number;
  /** The longest backoff, in milliseconds. */
  readonly maxDelayMs: number;
}

/** The default retry policy: 6 sends, backoff 0.5 s doubling to at most 30 s, with jitter. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * The wait before resending after failed attempt `attempt` (1-based): exponential, capped, with
 * "equal jitter" (half fixed, half drawn), so that many failed requests do not come back at once.
 *
 * @param attempt The attempt that failed, from 1.
 * @param policy The retry policy.
 * @param random A number in [0, 1), from the injected random source.
 * @returns The wait in milliseconds.
 *
 * @example
 * ```ts
 * import { backoffDelay, DEFAULT_RETRY } from "./retry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(backoffDelay(1, DEFAULT_RETRY, 0), 250);
 * assert.equal(backoffDelay(3, DEFAULT_RETRY, 0.5), 1500);
 * assert.equal(backoffDelay(20, DEFAULT_RETRY, 0), 15_000);
 * ```
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + random * (ceiling / 2);
}

/**
 * Whether a failed request is sent again (while attempts are left): a transient failure, and a
 * fault of the server's that a new send, on a new connection, may not meet again: a broken body,
 * or a reply naming another request. The last two are not transient: when the retries are spent
 * they are recorded as the server's fault, not as a server that stopped answering.
 *
 * @param error The failure.
 * @returns Whether to send it again.
 *
 * @example
 * ```ts
 * import { isRetried } from "./retry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isRetried({ kind: "mismatch", message: "", status: 200, transient: false }), true);
 * assert.equal(isRetried({ kind: "http", message: "", status: 400, transient: false }), false);
 * ```
 */
export function isRetried(error: RequestError): boolean {
  return error.transient || error.kind === "broken-body" || error.kind === "mismatch";
}
