/**
 * The queues of a session with one or more replicas: each replica has its own queue of items, an
 * item being the unit (every model's request of it goes to one replica), placed by rendezvous
 * hashing ({@linkcode homeReplica}) over the replicas in use. A replica whose queue is empty takes
 * a whole item that no replica has started from the longest other queue; a replica taken out hands
 * its items to the others by the same hashing, and one taken back gets its unstarted items back.
 * An item an earlier session answered in part is queued on the replica that answered it, started.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import type { ReplicaRef } from "../results/records.ts";
import { homeReplica } from "./replicas.ts";
import type { SampleAsk } from "./samples.ts";

/** A request put back: a model (and a sample), and how many times it was sent. */
interface Sent {
  readonly model: string;
  readonly sample?: number;
  readonly sent: number;
}

/** An item's requests that no replica has taken yet. */
interface Entry {
  readonly item: Item;
  /**
   * The requests put back, taken first (the last put back first): each a model (and a sample), and
   * how many times it was sent. Made only when one is put back.
   */
  back: Sent[] | undefined;
  /**
   * The asks as queued (the caller's array, kept as it is: the items that ask every model share
   * one), never sent, taken from `next` on after `back`. A queue holds every item of a run at its
   * start: an entry is kept small.
   */
  readonly asks: readonly (string | SampleAsk)[];
  /** The first of `asks` not taken yet. */
  next: number;
  /** Its place in the split's order, to keep items moved together in that order. */
  readonly order: number;
  /**
   * Whether a request of it was taken, in this session or (queued on its replica) an earlier one:
   * then it is never moved by stealing or by a comeback.
   */
  started: boolean;
  /** The lane whose queue holds it. */
  lane: number;
  /** Its slot in that queue: a queue's slot that no longer matches is left behind, not read. */
  slot: number;
}

/** A request to send: an item and a model. */
export interface QueuedRequest {
  /** The item. */
  readonly item: Item;
  /** The model. */
  readonly model: string;
  /** The sample, with several per item; absent with one. */
  readonly sample?: number;
  /** Times it was sent so far, on any replica: 0 when queued, kept when put back. */
  readonly sent: number;
}

/** One replica's queue: slots in order, read from `head`. */
interface Lane {
  readonly replica: ReplicaRef;
  up: boolean;
  slots: { entry: Entry; slot: number }[];
  head: number;
  /** Entries held. */
  size: number;
}

/**
 * The queues of every replica, by lane: a lane is a replica's position in the list given.
 *
 * @example
 * ```ts
 * import { ReplicaQueues } from "./replica_queues.ts";
 * import assert from "node:assert/strict";
 *
 * const item = (id: number) => ({ id, index: id, query: "", tools: [], answers: [] });
 * const queues = new ReplicaQueues([{ index: 0, host: "a:1" }, { index: 1, host: "b:1" }]);
 * for (let id = 0; id < 10; id++) queues.add(item(id), ["base", "tuned"]);
 * const first = queues.take(0)!;
 * assert.equal(queues.take(0)!.item, first.item); // the same item's next model
 * queues.down(1); // lane 1's items move to lane 0
 * assert.equal(queues.pending, 18);
 * ```
 */
export class ReplicaQueues {
  #lanes: Lane[];
  #entries = new Map<number, Entry>();
  #slot = 0;
  #order = 0;
  #pending = 0;

  /**
   * @param replicas The replicas, one lane each, all in use.
   */
  constructor(replicas: readonly ReplicaRef[]) {
    this.#lanes = replicas.map((replica) => ({ replica, up: true, slots: [], head: 0, size: 0 }));
  }

  /** Requests not taken yet, over every queue. */
  get pending(): number {
    return this.#pending;
  }

  /**
   * Queues an item's requests, on the replica its id hashes to among those in use, or on a given
   * one: the replica that answered its other models in an earlier session. An item given a replica
   * counts as started: it is never taken by another replica whose queue runs dry, nor moved by a
   * comeback (only a replica taken out moves it, as it moves the items it started).
   *
   * @param item The item.
   * @param models The models to ask it, in order: with several samples per item, each ask a model
   *   and a sample (all of an item's samples stay with it, on one replica). The array is kept, not
   *   copied: it must not change after.
   * @param lane The lane to queue it on, in use; default the one its id hashes to.
   * @throws {RangeError} When `lane` is not a lane in use.
   */
  add(item: Item, models: readonly (string | SampleAsk)[], lane?: number): void {
    if (models.length === 0) return;
    if (lane !== undefined && this.#lanes[lane]?.up !== true) {
      throw new RangeError(`ReplicaQueues.add: lane ${lane} is not a lane in use`);
    }
    const entry: Entry = {
      item,
      back: undefined,
      asks: models,
      next: 0,
      order: this.#order++,
      started: lane !== undefined,
      lane: -1,
      slot: -1,
    };
    this.#entries.set(item.index, entry);
    this.#pending += models.length;
    this.#place(entry, lane ?? this.#home(item), false);
  }

  /**
   * The next request for a replica: from its own queue, else a whole item that no replica has
   * started, taken from the end of the longest other queue.
   *
   * @param lane The replica's lane.
   * @returns The request, or `undefined` when there is nothing it may take.
   */
  take(lane: number): QueuedRequest | undefined {
    const own = this.#first(lane);
    const entry = own ?? this.#steal(lane);
    if (entry === undefined) return undefined;
    const taken = entry.back?.shift();
    let request: QueuedRequest;
    if (taken !== undefined) {
      const { model, sample, sent } = taken;
      request = sample === undefined
        ? { item: entry.item, model, sent }
        : { item: entry.item, model, sample, sent };
    } else {
      const ask = entry.asks[entry.next++]!;
      request = typeof ask === "string"
        ? { item: entry.item, model: ask, sent: 0 }
        : ask.sample === undefined
        ? { item: entry.item, model: ask.model, sent: 0 }
        : { item: entry.item, model: ask.model, sample: ask.sample, sent: 0 };
    }
    entry.started = true;
    this.#pending--;
    if ((entry.back?.length ?? 0) === 0 && entry.next === entry.asks.length) this.#remove(entry);
    return request;
  }

  /**
   * Whether a replica would get a request from {@linkcode take} now.
   *
   * @param lane The replica's lane.
   * @returns Whether there is a request for it.
   */
  hasWork(lane: number): boolean {
    if (!this.#lanes[lane]!.up) return false;
    return this.#first(lane) !== undefined || this.#victim(lane) !== undefined;
  }

  /**
   * Queues again a request that was taken but not answered, because its replica was taken out:
   * first in the queue of the replica its item now hashes to, with the item's other requests
   * not taken yet. It keeps its send count: {@linkcode take} gives it back with it.
   *
   * @param request The request, with the times it was sent.
   */
  putBack(request: QueuedRequest): void {
    this.#pending++;
    const back = request.sample === undefined
      ? { model: request.model, sent: request.sent }
      : { model: request.model, sample: request.sample, sent: request.sent };
    const entry = this.#entries.get(request.item.index);
    if (entry !== undefined) {
      (entry.back ??= []).unshift(back);
      return;
    }
    const fresh: Entry = {
      item: request.item,
      back: [back],
      asks: [],
      next: 0,
      order: -1,
      started: true,
      lane: -1,
      slot: -1,
    };
    this.#entries.set(request.item.index, fresh);
    this.#place(fresh, this.#home(request.item), true);
  }

  /**
   * Takes a replica out: its items go to the replicas still in use by the same hashing, those
   * started first in their new queues, the others last.
   *
   * @param lane The replica's lane.
   * @returns How many items moved.
   * @throws {RangeError} When it is the last replica in use (its items would have nowhere to go).
   */
  down(lane: number): number {
    const out = this.#lanes[lane]!;
    if (!out.up) return 0;
    if (this.#lanes.every((l, n) => n === lane || !l.up)) {
      throw new RangeError("ReplicaQueues.down: the last replica in use cannot be taken out");
    }
    const moving = this.#held(lane);
    out.up = false;
    for (const entry of moving.filter((e) => e.started).reverse()) {
      this.#place(entry, this.#home(entry.item), true);
    }
    for (const entry of moving.filter((e) => !e.started)) {
      this.#place(entry, this.#home(entry.item), false);
    }
    out.slots = [];
    out.head = 0;
    return moving.length;
  }

  /**
   * Takes a replica back: the items no replica has started that now hash to it move to its queue,
   * in the split's order.
   *
   * @param lane The replica's lane.
   * @returns How many items moved.
   */
  up(lane: number): number {
    const back = this.#lanes[lane]!;
    if (back.up) return 0;
    back.up = true;
    const moving: Entry[] = [];
    this.#lanes.forEach((_, n) => {
      if (n === lane) return;
      for (const entry of this.#held(n)) {
        if (!entry.started && this.#home(entry.item) === lane) moving.push(entry);
      }
    });
    moving.sort((a, b) => a.order - b.order);
    for (const entry of moving) this.#place(entry, lane, false);
    return moving.length;
  }

  /** The lane an item goes to among the replicas in use. */
  #home(item: Item): number {
    if (this.#lanes.length === 1) return 0;
    const replica = homeReplica(item.id, this.#lanes.filter((l) => l.up).map((l) => l.replica));
    return this.#lanes.findIndex((l) => l.replica === replica);
  }

  /** Puts an entry in a lane's queue, first or last; a slot it had elsewhere is left behind. */
  #place(entry: Entry, lane: number, first: boolean): void {
    if (entry.lane !== lane) {
      if (entry.lane >= 0) this.#lanes[entry.lane]!.size--;
      this.#lanes[lane]!.size++;
    }
    const target = this.#lanes[lane]!;
    entry.lane = lane;
    entry.slot = ++this.#slot;
    const held = { entry, slot: entry.slot };
    if (!first) target.slots.push(held);
    else if (target.head > 0) target.slots[--target.head] = held;
    else target.slots.unshift(held);
  }

  #valid(lane: number, held: { entry: Entry; slot: number }): boolean {
    return held.entry.lane === lane && held.entry.slot === held.slot;
  }

  /** The first entry of a lane's queue that it still holds, dropping the slots left behind. */
  #first(lane: number): Entry | undefined {
    const l = this.#lanes[lane]!;
    if (!l.up) return undefined;
    this.#compact(l);
    while (l.head < l.slots.length) {
      const held = l.slots[l.head]!;
      if (this.#valid(lane, held)) return held.entry;
      l.head++;
    }
    return undefined;
  }

  /** The other lane in use with the most items, and the last entry of it that is not started. */
  #victim(lane: number): Entry | undefined {
    let best: Entry | undefined;
    let bestSize = 0;
    this.#lanes.forEach((other, n) => {
      if (n === lane || !other.up || other.size <= bestSize) return;
      const last = this.#lastUnstarted(n);
      if (last !== undefined) {
        best = last;
        bestSize = other.size;
      }
    });
    return best;
  }

  #steal(lane: number): Entry | undefined {
    if (!this.#lanes[lane]!.up) return undefined;
    const entry = this.#victim(lane);
    if (entry === undefined) return undefined;
    this.#place(entry, lane, true);
    return entry;
  }

  /** A lane's last entry not started, dropping the slots left behind at its end. */
  #lastUnstarted(lane: number): Entry | undefined {
    const l = this.#lanes[lane]!;
    for (let i = l.slots.length - 1; i >= l.head; i--) {
      const held = l.slots[i]!;
      if (!this.#valid(lane, held)) {
        if (i === l.slots.length - 1) l.slots.pop();
        continue;
      }
      if (!held.entry.started) return held.entry;
    }
    return undefined;
  }

  /** The entries a lane holds, in its queue's order. */
  #held(lane: number): Entry[] {
    const l = this.#lanes[lane]!;
    const out: Entry[] = [];
    for (let i = l.head; i < l.slots.length; i++) {
      const held = l.slots[i]!;
      if (this.#valid(lane, held)) out.push(held.entry);
    }
    return out;
  }

  #remove(entry: Entry): void {
    this.#lanes[entry.lane]!.size--;
    this.#entries.delete(entry.item.index);
    entry.lane = -1;
    entry.slot = -1;
  }

  /** Drops a queue's read slots once they are most of it. */
  #compact(l: Lane): void {
    if (l.head > 1024 && l.head * 2 > l.slots.length) {
      l.slots = l.slots.slice(l.head);
      l.head = 0;
    }
  }
}
