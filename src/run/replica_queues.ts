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

import type { Item, ItemList } from "../dataset/item.ts";
import type { ReplicaRef } from "../results/records.ts";
import { homeReplica } from "./replicas.ts";
import type { SampleAsk } from "./samples.ts";

/** A request put back: a model (and a sample), and how many times it was sent. */
interface Sent {
  readonly model: string;
  readonly sample?: number;
  readonly sent: number;
}

/** An item's asks: models, or models and samples. */
type Asks = readonly (string | SampleAsk)[];

const NO_ASKS: Asks = [];

/** A request to send: an item and a model. */
export interface QueuedRequest {
  /** The item's position in the session's list. */
  readonly position: number;
  /** The item. */
  readonly item: Item;
  /** The model. */
  readonly model: string;
  /** The sample, with several per item; absent with one. */
  readonly sample?: number;
  /** Times it was sent so far, on any replica: 0 when queued, kept when put back. */
  readonly sent: number;
}

/**
 * One replica's queue: the positions of the items it holds, in order, each with the slot number
 * it was placed with (a position whose item has since been placed elsewhere, under a newer slot,
 * is left behind, not read). Two typed arrays, read from a head, that grow at either end.
 */
class Slots {
  #positions = new Int32Array(16);
  #slots = new Float64Array(16);
  #head = 0;
  #end = 0;

  /** How many slots, left-behind ones included. */
  get length(): number {
    return this.#end - this.#head;
  }

  /** The position of the `i`th slot from the head. */
  position(i: number): number {
    return this.#positions[this.#head + i]!;
  }

  /** The slot number of the `i`th slot from the head. */
  slot(i: number): number {
    return this.#slots[this.#head + i]!;
  }

  push(position: number, slot: number): void {
    if (this.#end === this.#positions.length) this.#resize(0);
    this.#positions[this.#end] = position;
    this.#slots[this.#end++] = slot;
  }

  unshift(position: number, slot: number): void {
    if (this.#head === 0) this.#resize(Math.max(16, this.length));
    this.#positions[--this.#head] = position;
    this.#slots[this.#head] = slot;
  }

  /** Drops the head slot. */
  shift(): void {
    this.#head++;
  }

  /** Drops the last slot. */
  pop(): void {
    this.#end--;
  }

  clear(): void {
    this.#head = this.#end = 0;
  }

  /** Moves the slots to new arrays twice their count, with `front` free slots before them. */
  #resize(front: number): void {
    const size = Math.max(16, front + 2 * this.length);
    const positions = new Int32Array(size);
    const slots = new Float64Array(size);
    positions.set(this.#positions.subarray(this.#head, this.#end), front);
    slots.set(this.#slots.subarray(this.#head, this.#end), front);
    this.#end = front + this.length;
    this.#head = front;
    this.#positions = positions;
    this.#slots = slots;
  }
}

/** One replica's lane of the queues. */
interface Lane {
  readonly replica: ReplicaRef;
  up: boolean;
  slots: Slots;
  /** Items held. */
  size: number;
}

/**
 * The queues of every replica, by lane: a lane is a replica's position in the list given. An item
 * is named by its position in the session's list of items, and built from that list when one of
 * its requests is taken: what the queues keep of an item is a few numbers in typed arrays (its
 * lane, its slot, how many of its asks were taken, whether it started), so that queueing every
 * item of a run at its start adds no object per item to the heap.
 *
 * @example
 * ```ts
 * import { ReplicaQueues } from "./replica_queues.ts";
 * import assert from "node:assert/strict";
 *
 * const items = Array.from({ length: 10 }, (_, id) => ({ id, index: id, query: "", tools: [], answers: [] }));
 * const queues = new ReplicaQueues([{ index: 0, host: "a:1" }, { index: 1, host: "b:1" }], items);
 * for (let position = 0; position < 10; position++) queues.add(position, ["base", "tuned"]);
 * const first = queues.take(0)!;
 * assert.equal(queues.take(0)!.item, first.item); // the same item's next model
 * queues.down(1); // lane 1's items move to lane 0
 * assert.equal(queues.pending, 18);
 * ```
 */
export class ReplicaQueues {
  #lanes: Lane[];
  readonly #items: ItemList;
  /** Each item's lane while it is held (it has requests no replica has taken), else -1. */
  readonly #laneOf: Int32Array;
  /** Each item's slot in its lane's queue: a slot of the queue that no longer matches is left behind. */
  readonly #slotOf: Float64Array;
  /** How many of each item's asks were taken. */
  readonly #next: Uint32Array;
  /**
   * Whether a request of the item was taken, in this session or (queued on its replica) an
   * earlier one: then it is never moved by stealing or by a comeback.
   */
  readonly #started: Uint8Array;
  /**
   * The asks most items share (the first array queued: the items that ask every model share it),
   * and those of the items that ask others.
   */
  #shared: Asks | undefined;
  readonly #asksOf = new Map<number, Asks>();
  /** The requests put back, taken first (the last put back first), by the item's position. */
  readonly #back = new Map<number, Sent[]>();
  #slot = 0;
  #pending = 0;

  /**
   * @param replicas The replicas, one lane each, all in use.
   * @param items The session's items: the queues name each by its position in it.
   */
  constructor(replicas: readonly ReplicaRef[], items: ItemList) {
    this.#lanes = replicas.map((replica) => ({ replica, up: true, slots: new Slots(), size: 0 }));
    this.#items = items;
    this.#laneOf = new Int32Array(items.length).fill(-1);
    this.#slotOf = new Float64Array(items.length);
    this.#next = new Uint32Array(items.length);
    this.#started = new Uint8Array(items.length);
  }

  /** Requests not taken yet, over every queue. */
  get pending(): number {
    return this.#pending;
  }

  /**
   * Queues an item's requests, on the replica its id hashes to among those in use, or on a given
   * one: the replica that answered its other models in an earlier session. An item given a replica
   * counts as started: it is never taken by another replica whose queue runs dry, nor moved by a
   * comeback (only a replica taken out moves it, as it moves the items it started). Items are
   * queued once each, in the order of their positions.
   *
   * @param position The item's position in the list of items.
   * @param models The models to ask it, in order: with several samples per item, each ask a model
   *   and a sample (all of an item's samples stay with it, on one replica). The array is kept, not
   *   copied: it must not change after.
   * @param lane The lane to queue it on, in use; default the one its id hashes to.
   * @throws {RangeError} When `lane` is not a lane in use, or `position` is not one of the list's.
   */
  add(position: number, models: Asks, lane?: number): void {
    if (models.length === 0) return;
    if (lane !== undefined && this.#lanes[lane]?.up !== true) {
      throw new RangeError(`ReplicaQueues.add: lane ${lane} is not a lane in use`);
    }
    if (!(Number.isInteger(position) && position >= 0 && position < this.#laneOf.length)) {
      throw new RangeError(`ReplicaQueues.add: ${position} is not a position of the list`);
    }
    this.#shared ??= models;
    if (models !== this.#shared) this.#asksOf.set(position, models);
    this.#next[position] = 0;
    this.#started[position] = lane === undefined ? 0 : 1;
    this.#pending += models.length;
    this.#place(position, lane ?? this.#home(position), false);
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
    const position = own ?? this.#steal(lane);
    if (position === undefined) return undefined;
    const item = this.#items.at(position)!;
    const back = this.#back.get(position);
    const taken = back?.shift();
    let request: QueuedRequest;
    if (taken !== undefined) {
      const { model, sample, sent } = taken;
      request = sample === undefined
        ? { position, item, model, sent }
        : { position, item, model, sample, sent };
    } else {
      const ask = this.#asks(position)[this.#next[position]!++]!;
      request = typeof ask === "string"
        ? { position, item, model: ask, sent: 0 }
        : ask.sample === undefined
        ? { position, item, model: ask.model, sent: 0 }
        : { position, item, model: ask.model, sample: ask.sample, sent: 0 };
    }
    this.#started[position] = 1;
    this.#pending--;
    if ((back?.length ?? 0) === 0 && this.#next[position] === this.#asks(position).length) {
      this.#remove(position);
    }
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
    const { position } = request;
    const back = request.sample === undefined
      ? { model: request.model, sent: request.sent }
      : { model: request.model, sample: request.sample, sent: request.sent };
    if (this.#laneOf[position]! >= 0) {
      const earlier = this.#back.get(position);
      if (earlier === undefined) this.#back.set(position, [back]);
      else earlier.unshift(back);
      return;
    }
    this.#back.set(position, [back]);
    this.#asksOf.set(position, NO_ASKS);
    this.#next[position] = 0;
    this.#started[position] = 1;
    this.#place(position, this.#home(position), true);
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
    for (const position of moving.filter((p) => this.#started[p] === 1).reverse()) {
      this.#place(position, this.#home(position), true);
    }
    for (const position of moving.filter((p) => this.#started[p] === 0)) {
      this.#place(position, this.#home(position), false);
    }
    out.slots.clear();
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
    const moving: number[] = [];
    this.#lanes.forEach((_, n) => {
      if (n === lane) return;
      for (const position of this.#held(n)) {
        if (this.#started[position] === 0 && this.#home(position) === lane) moving.push(position);
      }
    });
    moving.sort((a, b) => a - b);
    for (const position of moving) this.#place(position, lane, false);
    return moving.length;
  }

  /** An item's asks. */
  #asks(position: number): Asks {
    return this.#asksOf.get(position) ?? this.#shared!;
  }

  /** The lane an item goes to among the replicas in use. */
  #home(position: number): number {
    if (this.#lanes.length === 1) return 0;
    const id = this.#items.at(position)!.id;
    const replica = homeReplica(id, this.#lanes.filter((l) => l.up).map((l) => l.replica));
    return this.#lanes.findIndex((l) => l.replica === replica);
  }

  /** Puts an item in a lane's queue, first or last; a slot it had elsewhere is left behind. */
  #place(position: number, lane: number, first: boolean): void {
    const was = this.#laneOf[position]!;
    if (was !== lane) {
      if (was >= 0) this.#lanes[was]!.size--;
      this.#lanes[lane]!.size++;
    }
    const slot = ++this.#slot;
    this.#laneOf[position] = lane;
    this.#slotOf[position] = slot;
    const slots = this.#lanes[lane]!.slots;
    if (first) slots.unshift(position, slot);
    else slots.push(position, slot);
  }

  /** Whether a lane's `i`th slot still holds its item. */
  #valid(lane: number, slots: Slots, i: number): boolean {
    const position = slots.position(i);
    return this.#laneOf[position] === lane && this.#slotOf[position] === slots.slot(i);
  }

  /** The first item of a lane's queue that it still holds, dropping the slots left behind. */
  #first(lane: number): number | undefined {
    const l = this.#lanes[lane]!;
    if (!l.up) return undefined;
    while (l.slots.length > 0) {
      if (this.#valid(lane, l.slots, 0)) return l.slots.position(0);
      l.slots.shift();
    }
    return undefined;
  }

  /** The other lane in use with the most items, and the last item of it that is not started. */
  #victim(lane: number): number | undefined {
    let best: number | undefined;
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

  #steal(lane: number): number | undefined {
    if (!this.#lanes[lane]!.up) return undefined;
    const position = this.#victim(lane);
    if (position === undefined) return undefined;
    this.#place(position, lane, true);
    return position;
  }

  /** A lane's last item not started, dropping the slots left behind at its end. */
  #lastUnstarted(lane: number): number | undefined {
    const slots = this.#lanes[lane]!.slots;
    for (let i = slots.length - 1; i >= 0; i--) {
      if (!this.#valid(lane, slots, i)) {
        if (i === slots.length - 1) slots.pop();
        continue;
      }
      const position = slots.position(i);
      if (this.#started[position] === 0) return position;
    }
    return undefined;
  }

  /** The items a lane holds, in its queue's order. */
  #held(lane: number): number[] {
    const slots = this.#lanes[lane]!.slots;
    const out: number[] = [];
    for (let i = 0; i < slots.length; i++) {
      if (this.#valid(lane, slots, i)) out.push(slots.position(i));
    }
    return out;
  }

  #remove(position: number): void {
    this.#lanes[this.#laneOf[position]!]!.size--;
    this.#laneOf[position] = -1;
    this.#back.delete(position);
    this.#asksOf.delete(position);
  }
}
