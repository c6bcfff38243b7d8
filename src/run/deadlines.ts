/**
 * Many requests' timeouts on one timer. Every request of a run has the same timeout, so their
 * deadlines come in the order the requests start: they wait in a queue, and one timer is set for
 * the first deadline still pending, instead of a timer set and cleared per request (about 8% of
 * the run client's CPU at a few thousand requests a second, BENCHMARKS.md).
 *
 * @module
 */

import type { Timers } from "./timers.ts";

const ARMING: unique symbol = Symbol("arming");

interface Entry {
  readonly at: number;
  expire: (() => void) | null;
}

/**
 * Deadlines of one length on one timer. A deadline is measured on the timers' clock (which never
 * steps back), from its start; it expires when the timer set for it (or for an earlier one)
 * fires, never before, and every deadline past by then expires with it.
 *
 * @example
 * ```ts
 * import { Deadlines } from "./deadlines.ts";
 * import assert from "node:assert/strict";
 *
 * const deadlines = new Deadlines(globalThis, 20);
 * const expired: string[] = [];
 * const cancel = deadlines.start(() => expired.push("first"));
 * deadlines.start(() => expired.push("second"));
 * cancel(); // the first request ended in time
 * // Deadlines expire in the order they started: a third one expires after the second.
 * await new Promise<void>((resolve) => deadlines.start(resolve));
 * assert.deepEqual(expired, ["second"]);
 * ```
 */
export class Deadlines {
  /** How long each deadline is, in milliseconds. */
  readonly ms: number;
  readonly #timers: Timers;
  #queue: Entry[] = [];
  #head = 0;
  // The timer's handle; `ARMING` while `setTimeout` has not returned it yet.
  #timer: unknown = undefined;
  // Which timer is the live one: a timer of an earlier arming does nothing when it fires.
  #armings = 0;
  // The deadline the timer was set for, on the timers' clock.
  #armedFor = 0;
  #firing = false;

  /**
   * @param timers The timers, and their clock.
   * @param ms How long each deadline is, in milliseconds.
   */
  constructor(timers: Timers, ms: number) {
    this.#timers = timers;
    this.ms = ms;
  }

  /**
   * Starts a deadline `ms` from now.
   *
   * @param expire Called once when the deadline passes before it is cancelled.
   * @returns Cancels it (again: nothing).
   */
  start(expire: () => void): () => void {
    const last = this.#queue.at(-1);
    // Never before the previous deadline: the queue stays in order whatever the clock says.
    const at = Math.max(this.#timers.performance.now() + this.ms, last?.at ?? -Infinity);
    const entry: Entry = { at, expire };
    this.#queue.push(entry);
    if (this.#timer === undefined && !this.#firing) this.#arm(this.ms, at);
    return () => {
      if (entry.expire === null) return;
      entry.expire = null;
      this.#drop();
    };
  }

  #arm(delay: number, at: number): void {
    const arming = ++this.#armings;
    this.#armedFor = at;
    this.#timer = ARMING;
    const handle = this.#timers.setTimeout(() => {
      if (arming === this.#armings) this.#fire();
    }, delay);
    // Kept unless the timer already fired (timers that call back at once).
    if (arming === this.#armings && this.#timer === ARMING) this.#timer = handle;
  }

  // The timer fired: every deadline up to the one it was set for has passed, and any other past
  // by now (a timer that fired late, or a clock that jumped).
  #fire(): void {
    this.#timer = undefined;
    this.#armings++;
    const passed = Math.max(this.#armedFor, this.#timers.performance.now());
    this.#firing = true;
    try {
      while (this.#head < this.#queue.length && this.#queue[this.#head]!.at <= passed) {
        const entry = this.#queue[this.#head++]!;
        const expire = entry.expire;
        entry.expire = null;
        expire?.();
      }
    } finally {
      this.#firing = false;
      this.#drop();
      const next = this.#queue[this.#head];
      if (next !== undefined && this.#timer === undefined) {
        this.#arm(Math.max(0, next.at - this.#timers.performance.now()), next.at);
      }
    }
  }

  // Drops the cancelled deadlines at the front; with none left, the timer goes too.
  #drop(): void {
    while (this.#head < this.#queue.length && this.#queue[this.#head]!.expire === null) {
      this.#head++;
    }
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
      if (this.#timer !== undefined) {
        if (this.#timer !== ARMING) this.#timers.clearTimeout(this.#timer);
        this.#timer = undefined;
        this.#armings++;
      }
    } else if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }
}
