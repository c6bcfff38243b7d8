/**
 * A replica as a session runs it: its state, its start count (epoch), the abort of its requests
 * in flight, its failures in a row, its probe's loaded sends still to make, and the request it
 * takes next. Private to `src/run/`.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import type { ReplicaRef } from "../results/records.ts";
import type { ProbeRound } from "./probe.ts";
import type { ReplicaQueues } from "./replica_queues.ts";

/** A request a lane sends: a pair of the queues, or a probe's loaded send. */
export interface Task {
  /**
   * The item's position in the session's list of items (a probe's send: in the probe's items),
   * by which the queues take a pair back.
   */
  readonly position: number;
  /** The item. */
  readonly item: Item;
  /** The model. */
  readonly model: string;
  /** The sample, with several per item; absent with one (and for a probe's send). */
  readonly sample?: number;
  /** Set for a probe's loaded send: the replica's probe it belongs to. */
  readonly round?: ProbeRound;
  /** Times it was sent so far, on any replica. */
  sent: number;
}

/** A replica as the session runs it. */
export class Lane {
  /** Its position in the session's replicas (its queue's lane). */
  readonly n: number;
  /** The replica, as records name it. */
  readonly replica: ReplicaRef;
  /** `new`: to probe before its first request; `probing`: its lone sends; `up`; `down`. */
  state: "new" | "probing" | "up" | "down" = "new";
  /** Bumped each time it starts, so that workers of an earlier start stop. */
  epoch = 0;
  /** Aborts its requests in flight when it is taken out. */
  abort: AbortController = new AbortController();
  /** Its requests' signal: the session's abort or its own. */
  signal: AbortSignal;
  /** Its workers running. */
  workers = 0;
  /** Network failures in a row. */
  failures = 0;
  /** Requests taken from the queues since it started (the probe's loaded sends follow the first). */
  taken = 0;
  /** The probe's loaded sends still to make. */
  probes: Task[] = [];
  /** Whether its replies name their request ids: `null` until its first reply tells. */
  echoes: boolean | null = null;
  /** Its pending check's timer. */
  timer?: unknown;
  readonly #inner: AbortSignal;

  /**
   * @param n Its position in the session's replicas.
   * @param replica The replica.
   * @param inner The session's abort of every request in flight.
   */
  constructor(n: number, replica: ReplicaRef, inner: AbortSignal) {
    this.n = n;
    this.replica = { index: replica.index, host: replica.host };
    this.#inner = inner;
    this.signal = AbortSignal.any([inner, this.abort.signal]);
  }

  /** (Re)starts it, for its probe's lone sends: returns its new epoch. */
  start(): number {
    const epoch = ++this.epoch;
    this.state = "probing";
    this.taken = 0;
    return epoch;
  }

  /** Whether a send of the start `epoch` is left behind: it was taken out, or started again. */
  leftBehind(epoch: number): boolean {
    return this.state === "down" || this.epoch !== epoch;
  }

  /** Takes it out: its requests in flight are aborted, its probe's loaded sends dropped. */
  takeOut(): void {
    this.state = "down";
    this.abort.abort();
    this.probes = [];
  }

  /** Brings it back after its check passed: to probe again before its first request. */
  bringBack(): void {
    this.state = "new";
    this.failures = 0;
    this.abort = new AbortController();
    this.signal = AbortSignal.any([this.#inner, this.abort.signal]);
  }

  /**
   * Its next request: its probe's loaded sends right after its first `concurrency` requests (or
   * when its queue runs dry), else its queue's next, else an item taken over.
   *
   * @param queues The session's queues.
   * @param concurrency The most requests in flight on it.
   */
  nextTask(queues: ReplicaQueues, concurrency: number): Task | undefined {
    if (this.probes.length > 0 && this.taken >= concurrency) return this.probes.shift();
    const request = queues.take(this.n);
    if (request !== undefined) {
      this.taken++;
      return request;
    }
    return this.probes.shift();
  }
}
