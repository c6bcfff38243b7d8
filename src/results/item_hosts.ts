/**
 * Which replica answered each item's models: the run counts it as it goes (and from the file when
 * it resumes), the report from the records, so that both say how many items compare two servers;
 * and a resumed run keeps an item it has answers of on their replica.
 *
 * @module
 */

import { withRoom } from "./by_index.ts";

/**
 * Which replica holds each (model, item) pair's effective answer, to count the items whose models
 * were answered on more than one (a replica went down between them, or an earlier session ran
 * elsewhere: a paired difference on such an item compares two servers), and to say where an item
 * was answered (`hostOf`). A pair answered again (a later answer supersedes the earlier one)
 * counts on its new replica only. Holds two bytes an item for each model (its host's number), the
 * order its hosts were reached for the few items answered on several, the names once.
 *
 * @example
 * ```ts
 * import { ItemHosts } from "./item_hosts.ts";
 * import assert from "node:assert/strict";
 *
 * const hosts = new ItemHosts();
 * hosts.answered(3, "base", "a:1");
 * hosts.answered(3, "tuned", "a:1");
 * hosts.answered(4, "base", "a:1");
 * hosts.answered(4, "tuned", "b:1");
 * assert.equal(hosts.mixed, 1);
 * assert.equal(hosts.hostOf(3), "a:1");
 * hosts.answered(4, "base", "b:1"); // asked again on b:1: the answer on a:1 is superseded
 * assert.equal(hosts.mixed, 0);
 * ```
 */
export class ItemHosts {
  /** The hosts' and the models' names, each numbered once. */
  #hosts = new Numbering();
  #models = new Numbering();
  /**
   * Each model's host by item index: its number + 1, 0 for no answer. One array of two bytes an
   * item for each model rather than anything per item, since a run holds it for every item.
   */
  #slots: Uint16Array[] = [];
  /**
   * The items answered on more than one host (a few: a replica went down, or a session ran
   * elsewhere), each with its hosts in the order they came to hold one of its answers. An item of
   * one host needs no list: its host is the one its models' slots name.
   */
  #spreads = new Map<number, readonly number[]>();

  /**
   * Counts a pair's answer: it is now the pair's effective one (an earlier answer of the pair, on
   * any replica, no longer counts).
   *
   * @param itemIndex The item's position.
   * @param model The model that answered.
   * @param host The `host:port` that answered it.
   */
  answered(itemIndex: number, model: string, host: string): void {
    const m = this.#models.of(model);
    const h = this.#hosts.of(host);
    if (h >= 0xffff) throw new RangeError(`ItemHosts: more than ${0xffff - 1} hosts`);
    while (this.#slots.length <= m) this.#slots.push(new Uint16Array(0));
    const slots = this.#slots[m] = withRoom(this.#slots[m]!, itemIndex);
    const before = slots[itemIndex]! - 1;
    if (before === h) return;
    const spread = this.#spread(itemIndex);
    slots[itemIndex] = h + 1;
    // A host leaves the item's hosts when it holds none of its answers; one reached joins last.
    const next = spread.filter((x) => x !== before || this.#holds(itemIndex, x));
    if (!next.includes(h)) next.push(h);
    if (next.length > 1) this.#spreads.set(itemIndex, next);
    else this.#spreads.delete(itemIndex);
  }

  /** The hosts holding an item's answers, in the order they came to hold one. */
  #spread(itemIndex: number): number[] {
    const kept = this.#spreads.get(itemIndex);
    if (kept !== undefined) return [...kept];
    for (const slots of this.#slots) {
      const h = slots[itemIndex] ?? 0;
      if (h > 0) return [h - 1];
    }
    return [];
  }

  /** Whether host `h` holds an answer of the item. */
  #holds(itemIndex: number, h: number): boolean {
    return this.#slots.some((slots) => slots[itemIndex] === h + 1);
  }

  /**
   * The replica an item was answered on: the host holding most of its answers (of several with as
   * many, the one that answered first), or `undefined` when it has none.
   *
   * @param itemIndex The item's position.
   * @returns Its `host:port`, or `undefined`.
   */
  hostOf(itemIndex: number): string | undefined {
    let best: number | undefined;
    let most = 0;
    for (const h of this.#spread(itemIndex)) {
      let n = 0;
      for (const slots of this.#slots) if (slots[itemIndex] === h + 1) n++;
      if (n > most) {
        best = h;
        most = n;
      }
    }
    return best === undefined ? undefined : this.#hosts.name(best);
  }

  /** How many items were answered on more than one replica. */
  get mixed(): number {
    return this.#spreads.size;
  }

  /** A copy, for a session that goes on counting from what earlier sessions answered. */
  copy(): ItemHosts {
    const out = new ItemHosts();
    out.#hosts = this.#hosts.copy();
    out.#models = this.#models.copy();
    out.#slots = this.#slots.map((slots) => slots.slice());
    // An item's list is never changed in place: the copy may share it.
    out.#spreads = new Map(this.#spreads);
    return out;
  }
}

/** Names numbered from 0 in the order they come. */
class Numbering {
  readonly #numbers: Map<string, number>;
  readonly #names: string[];

  constructor(names: readonly string[] = []) {
    this.#names = [...names];
    this.#numbers = new Map(names.map((name, n) => [name, n]));
  }

  /** A name's number, given on its first use. */
  of(name: string): number {
    let n = this.#numbers.get(name);
    if (n === undefined) {
      n = this.#names.push(name) - 1;
      this.#numbers.set(name, n);
    }
    return n;
  }

  /** The name numbered `n`. */
  name(n: number): string {
    return this.#names[n]!;
  }

  /** A copy that goes on numbering on its own. */
  copy(): Numbering {
    return new Numbering(this.#names);
  }
}
