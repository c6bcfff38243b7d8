/**
 * The outcomes a report keeps while it reads a results file, one a (model, item) pair, in typed
 * columns rather than an object each: a million records then take about 60 bytes each outside the
 * JavaScript heap, where objects took about 150 each inside it (and the heap grows by a multiple
 * of what it holds). The values an observation shares with others (a verdict, a usage, a
 * category, a cluster, a replica, an error, a lenient verdict) are kept once, in a table, and
 * named by their place.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import type { Observation } from "./report_input.ts";

/** Values kept once each, named by their place in `values` (`-1`: none). */
class Table<T> {
  readonly values: T[] = [];
  readonly #places = new Map<unknown, number>();

  /** The place of `value`, known by `key` (itself by default), or `-1` for `undefined`. */
  place(value: T | undefined, key: unknown = value): number {
    if (value === undefined) return -1;
    let at = this.#places.get(key);
    if (at === undefined) {
      at = this.values.length;
      this.values.push(value);
      this.#places.set(key, at);
    }
    return at;
  }

  at(place: number): T | undefined {
    return place < 0 ? undefined : this.values[place];
  }
}

/** An observation's error members, kept together. */
interface ErrorFacts {
  readonly error: string | null;
  readonly errorStatus: number | null | undefined;
  readonly errorMessage: string | undefined;
}

// The Int32 columns of a pair, then the Float64 ones.
const ITEM = 0;
const VERDICT = 1;
const ERROR = 2;
const USAGE = 3;
const CATEGORY = 4;
const CLUSTER = 5;
const REPLICA = 6;
const LENIENT = 7;
/** Bits: the record was an error (1); the calls' hash is `null` (2). */
const FLAGS = 8;
const INTS = 9;
const LATENCY = 0;
const REPLY_HASH = 1;
const CALLS_HASH = 2;
const FLOATS = 3;

const RECORD_ERROR = 1;
const CALLS_NULL = 2;

/** What is written of a pair: its observation, and whether its record was an error. */
export interface PairValues {
  /** The observation, as `reportInputFromResults` would give it. */
  readonly observation: Observation;
  /** Whether the record it came from was an error (its `error` not `null`). */
  readonly recordError: boolean;
}

/** The items seen, each once (by index), in the order first seen. */
export class ItemSlots {
  /** Each item's index, by slot. */
  readonly indexes: number[] = [];
  /** Each item's id, by slot. */
  readonly ids: ItemId[] = [];
  readonly #slots = new Map<number, number>();

  /** The slot of the item, given it when it is new. */
  slot(index: number, id: ItemId): number {
    let slot = this.#slots.get(index);
    if (slot === undefined) {
      slot = this.indexes.length;
      this.indexes.push(index);
      this.ids.push(id);
      this.#slots.set(index, slot);
    }
    return slot;
  }

  /** The slot of the item of this index, or `-1` when it has none. */
  find(index: number): number {
    return this.#slots.get(index) ?? -1;
  }
}

/** The tables a fold's models share. */
export class PairTables {
  readonly #verdicts = new Table<NonNullable<Observation["verdict"]>>();
  readonly #usages = new Table<NonNullable<Observation["usage"]>>();
  readonly #strings = new Table<string>();
  readonly #errors = new Table<ErrorFacts>();
  readonly #lenients = new Table<NonNullable<Observation["lenient"]>>();

  /** The place of each shared member of `o`. */
  places(o: Observation): readonly number[] {
    const error = o.verdict === null
      ? this.#errors.place(
        { error: o.error, errorStatus: o.errorStatus, errorMessage: o.errorMessage },
        JSON.stringify([
          o.error,
          o.errorStatus ?? null,
          o.errorStatus === undefined,
          o.errorMessage ?? null,
          o.errorMessage === undefined,
        ]),
      )
      : -1;
    const lenient = o.lenient === undefined ? undefined : o.lenient;
    return [
      this.#verdicts.place(o.verdict ?? undefined),
      error,
      this.#usages.place(o.usage ?? undefined),
      this.#strings.place(o.category),
      this.#strings.place(o.cluster),
      this.#strings.place(o.replica),
      this.#lenients.place(
        lenient,
        lenient === undefined ? undefined : `${lenient.correct}:${lenient.rescued.join(",")}`,
      ),
    ];
  }

  verdict(place: number): Observation["verdict"] {
    return this.#verdicts.at(place) ?? null;
  }

  usage(place: number): Observation["usage"] {
    return this.#usages.at(place) ?? null;
  }

  text(place: number): string | undefined {
    return this.#strings.at(place);
  }

  error(place: number): ErrorFacts | undefined {
    return this.#errors.at(place);
  }

  lenient(place: number): Observation["lenient"] {
    return this.#lenients.at(place);
  }
}

/** One model's kept pairs, in the order their items were first seen for it. */
export class ModelPairs {
  readonly #items: ItemSlots;
  readonly #tables: PairTables;
  /** The pair of each item slot, `-1` when none. */
  #byItem = new Int32Array(0);
  #ints = new Int32Array(0);
  #floats = new Float64Array(0);
  #count = 0;

  constructor(items: ItemSlots, tables: PairTables) {
    this.#items = items;
    this.#tables = tables;
  }

  /** How many pairs are kept. */
  get count(): number {
    return this.#count;
  }

  /** The pair kept for the item of this slot, or `-1`. */
  pairOf(itemSlot: number): number {
    return itemSlot < this.#byItem.length ? this.#byItem[itemSlot]! : -1;
  }

  /** Keeps `values` as the pair of the item of this slot, in place of the one kept. */
  put(itemSlot: number, values: PairValues): number {
    let pair = this.pairOf(itemSlot);
    if (pair < 0) {
      pair = this.#count++;
      this.#room(itemSlot);
      this.#byItem[itemSlot] = pair;
    }
    const o = values.observation;
    const ints = pair * INTS;
    const [verdict, error, usage, category, cluster, replica, lenient] = this.#tables.places(o);
    this.#ints[ints + ITEM] = itemSlot;
    this.#ints[ints + VERDICT] = verdict!;
    this.#ints[ints + ERROR] = error!;
    this.#ints[ints + USAGE] = usage!;
    this.#ints[ints + CATEGORY] = category!;
    this.#ints[ints + CLUSTER] = cluster!;
    this.#ints[ints + REPLICA] = replica!;
    this.#ints[ints + LENIENT] = lenient!;
    this.#ints[ints + FLAGS] = (values.recordError ? RECORD_ERROR : 0) |
      (o.callsHash === null ? CALLS_NULL : 0);
    const floats = pair * FLOATS;
    this.#floats[floats + LATENCY] = o.latencyMs ?? NaN;
    this.#floats[floats + REPLY_HASH] = o.replyHash ?? NaN;
    this.#floats[floats + CALLS_HASH] = o.callsHash ?? NaN;
    return pair;
  }

  /** Whether the record of a pair was an error. */
  recordError(pair: number): boolean {
    return (this.#ints[pair * INTS + FLAGS]! & RECORD_ERROR) !== 0;
  }

  /** A pair's verdict. */
  verdict(pair: number): Observation["verdict"] {
    return this.#tables.verdict(this.#ints[pair * INTS + VERDICT]!);
  }

  /** A pair's calls' hash. */
  callsHash(pair: number): Observation["callsHash"] {
    if ((this.#ints[pair * INTS + FLAGS]! & CALLS_NULL) !== 0) return null;
    const hash = this.#floats[pair * FLOATS + CALLS_HASH]!;
    return Number.isNaN(hash) ? undefined : hash;
  }

  /** A pair's observation, built anew: every member, as `put` was given it. */
  observation(pair: number): Observation {
    const ints = pair * INTS;
    const floats = pair * FLOATS;
    const t = this.#tables;
    const itemSlot = this.#ints[ints + ITEM]!;
    const verdict = t.verdict(this.#ints[ints + VERDICT]!);
    const error = t.error(this.#ints[ints + ERROR]!);
    const latency = this.#floats[floats + LATENCY]!;
    const replyHash = this.#floats[floats + REPLY_HASH]!;
    // One literal with every member, as the fold wrote them: every observation has one shape.
    return {
      itemIndex: this.#items.indexes[itemSlot]!,
      itemId: this.#items.ids[itemSlot]!,
      verdict,
      error: error === undefined ? null : error.error,
      errorStatus: error?.errorStatus,
      errorMessage: error?.errorMessage,
      latencyMs: Number.isNaN(latency) ? null : latency,
      usage: t.usage(this.#ints[ints + USAGE]!),
      category: t.text(this.#ints[ints + CATEGORY]!),
      cluster: t.text(this.#ints[ints + CLUSTER]!),
      replyHash: Number.isNaN(replyHash) ? undefined : replyHash,
      callsHash: this.callsHash(pair),
      replica: t.text(this.#ints[ints + REPLICA]!),
      lenient: t.lenient(this.#ints[ints + LENIENT]!),
    } as Observation;
  }

  /** Room for one more pair, and for the item slot. */
  #room(itemSlot: number): void {
    if (itemSlot >= this.#byItem.length) {
      const grown = new Int32Array(Math.max(1024, 2 * this.#byItem.length, itemSlot + 1)).fill(-1);
      grown.set(this.#byItem);
      this.#byItem = grown;
    }
    if (this.#count * INTS > this.#ints.length) {
      const pairs = Math.max(1024, 2 * (this.#ints.length / INTS));
      const ints = new Int32Array(pairs * INTS);
      ints.set(this.#ints);
      this.#ints = ints;
      const floats = new Float64Array(pairs * FLOATS);
      floats.set(this.#floats);
      this.#floats = floats;
    }
  }
}
