/**
 * The watch that stops a session whose requests are all refused alike: when its first
 * `threshold` exchanges (probe sends included) all end in the same HTTP status and message, and
 * that status is not one retried, every other request would get the same answer, so the session
 * stops instead of sending them. Until it knows, it lets no more than `threshold` exchanges go
 * out: a request is held while the exchanges in flight could still reach the threshold.
 *
 * @module
 */

import type { RequestError } from "../results/records.ts";

/** A refusal that every exchange of a session got alike. */
export interface AlikeRefusal {
  /** The HTTP status. */
  readonly status: number;
  /** The server's message, as the error records it (`HTTP NNN: …`). */
  readonly message: string;
  /** The model the first refused request named. */
  readonly model: string;
  /** How many exchanges ended in it. */
  readonly count: number;
}

/**
 * Watches a session's exchanges, in the order they end, for one refusal that every one gets.
 *
 * @example
 * ```ts
 * import { RefusalWatch } from "./refusal_watch.ts";
 * import assert from "node:assert/strict";
 *
 * const watch = new RefusalWatch(2);
 * const refused = { kind: "http" as const, message: "HTTP 400: no", status: 400, transient: false };
 * watch.begin();
 * watch.begin();
 * assert.equal(watch.holding(), true); // a third request waits for the first two
 * assert.equal(watch.end("base", refused), false);
 * assert.equal(watch.end("base", refused), true); // the threshold: stop
 * assert.equal(watch.refusal?.count, 2);
 * ```
 */
export class RefusalWatch {
  readonly #threshold: number;
  #inFlight = 0;
  #refusal: AlikeRefusal | null = null;
  /** Some exchange ended otherwise: nothing is watched any more. */
  #cleared = false;
  #waiters: (() => void)[] = [];

  /**
   * @param threshold The exchanges, all refused alike, that stop the session (at least 1).
   */
  constructor(threshold: number) {
    this.#threshold = Math.max(1, threshold);
  }

  /**
   * The refusal every exchange that ended got alike, or `null` when none ended yet or one ended
   * otherwise (an answer, another error).
   */
  get refusal(): AlikeRefusal | null {
    return this.#cleared ? null : this.#refusal;
  }

  /**
   * Whether a new exchange must wait: the ones in flight could still make every exchange refused
   * alike up to the threshold. Wait with {@linkcode RefusalWatch.change}.
   */
  holding(): boolean {
    return !this.#cleared && this.#inFlight > 0 &&
      (this.#refusal?.count ?? 0) + this.#inFlight >= this.#threshold;
  }

  /** Resolves when an exchange in flight ends. */
  change(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** An exchange starts (its first send; its retries are part of it). */
  begin(): void {
    this.#inFlight++;
  }

  /**
   * An exchange ended.
   *
   * @param model The model it asked.
   * @param error Its error, `null` for an answer, `undefined` when it ended unsent or unfinished
   *   (its replica taken out, a stop): then it does not count.
   * @returns Whether every exchange so far was refused alike and they reached the threshold now.
   */
  end(model: string, error: RequestError | null | undefined): boolean {
    this.#inFlight--;
    let reached = false;
    if (!this.#cleared && error !== undefined) {
      const refused = error !== null && error.kind === "http" && error.status !== null &&
        !error.transient;
      const before = this.#refusal;
      if (!refused) {
        this.#cleared = true;
      } else if (before === null) {
        this.#refusal = { status: error.status!, message: error.message, model, count: 1 };
      } else if (before.status === error.status && before.message === error.message) {
        this.#refusal = { ...before, count: before.count + 1 };
      } else {
        this.#cleared = true;
      }
      reached = !this.#cleared && this.#refusal!.count === this.#threshold;
    }
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
    return reached;
  }
}
