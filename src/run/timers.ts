/**
 * Timers, as the run's core is given them: the platform's in a real run, a test's own elsewhere.
 *
 * @module
 */

/** Starts and cancels timers, and reads their clock (`globalThis` is one). */
export interface Timers {
  /** Calls `fn` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a timer not yet fired. */
  clearTimeout(handle: unknown): void;
  /** The timers' clock, in milliseconds, never stepping back (`performance.now()`). */
  readonly performance: { now(): number };
}

/**
 * Waits `ms` milliseconds with the given timers, or less when `signal` aborts.
 *
 * @param timers The timers.
 * @param ms How long.
 * @param signal Ends the wait early.
 * @returns When the wait is over.
 *
 * @example
 * ```ts
 * import { sleepWith } from "./timers.ts";
 * import assert from "node:assert/strict";
 *
 * const stop = new AbortController();
 * const waiting = sleepWith(globalThis, 3_600_000, stop.signal);
 * stop.abort();
 * await waiting; // at once
 * assert.ok(true);
 * ```
 */
export function sleepWith(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = timers.setTimeout(done, ms);
    function done() {
      timers.clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
