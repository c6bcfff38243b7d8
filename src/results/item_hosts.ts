/**
 * Which replica answered each item's models: the run counts it as it goes (and from the file when
 * it resumes), the report from the records, so that both say how many items compare two servers;
 * and a resumed run keeps an item it has answers of on their replica.
 *
 * @module
 */

/**
 * Which replica holds each (model, item) pair's effective answer, to count the items whose models
 * were answered on more than one (a replica went down between them, or an earlier session ran
 * elsewhere: a paired difference on such an item compares two servers), and to say where an item
 * was answered (`hostOf`). A pair answered again (a later answer supersedes the earlier one)
 * counts on its new replica only. Holds, per item, one small array of numbers (each model's host,
 * and the item's hosts in the order they were reached), the hosts' and the models' names once.
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
   * Each item's answers as one array of exactly its size: `[k, host + 1 of model 0, …, of model
   * k − 1, then the hosts holding any of its answers, in the order they came to hold one]` (a
   * model's 0 is no answer). One small array an item rather than two maps, since a run holds one
   * for every item it answered.
   */
  #items = new Map<number, readonly number[]>();
  #mixed = new Set<number>();

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
    const was = this.#items.get(itemIndex) ?? [0];
    const k = was[0]!;
    const before = m < k ? was[1 + m]! - 1 : -1;
    if (before === h) return;
    const slots = was.slice(1, 1 + k);
    while (slots.length <= m) slots.push(0);
    slots[m] = h + 1;
    // A host leaves the item's hosts when it holds none of its answers; one reached joins last.
    const spread = was.slice(1 + k).filter((x) => x !== before || slots.includes(x + 1));
    if (!spread.includes(h)) spread.push(h);
    // Built at its exact size (an array grown by pushes keeps room for more).
    const next = new Array<number>(1 + slots.length + spread.length);
    next[0] = slots.length;
    slots.forEach((x, i) => next[1 + i] = x);
    spread.forEach((x, i) => next[1 + slots.length + i] = x);
    this.#items.set(itemIndex, next);
    if (spread.length > 1) this.#mixed.add(itemIndex);
    else this.#mixed.delete(itemIndex);
  }

  /**
   * The replica an item was answered on: the host holding most of its answers (of several with as
   * many, the one that answered first), or `undefined` when it has none.
   *
   * @param itemIndex The item's position.
   * @returns Its `host:port`, or `undefined`.
   */
  hostOf(itemIndex: number): string | undefined {
    const a = this.#items.get(itemIndex);
    if (a === undefined) return undefined;
    const k = a[0]!;
    let best: number | undefined;
    let most = 0;
    for (let i = 1 + k; i < a.length; i++) {
      const h = a[i]!;
      let n = 0;
      for (let j = 1; j <= k; j++) if (a[j] === h + 1) n++;
      if (n > most) {
        best = h;
        most = n;
      }
    }
    return best === undefined ? undefined : this.#hosts.name(best);
  }

  /** How many items were answered on more than one replica. */
  get mixed(): number {
    return this.#mixed.size;
  }

  /** A copy, for a session that goes on counting from what earlier sessions answered. */
  copy(): ItemHosts {
    const out = new ItemHosts();
    out.#hosts = this.#hosts.copy();
    out.#models = this.#models.copy();
    // An item's array is never changed in place: the copy may share it.
    out.#items = new Map(this.#items);
    out.#mixed = new Set(this.#mixed);
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
