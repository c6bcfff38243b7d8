/**
 * Which replica answered each item's models: the run counts it as it goes (and from the file when
 * it resumes), the report from the records, so that both say how many items compare two servers;
 * and a resumed run keeps an item it has answers of on their replica.
 *
 * @module
 */

/** An item's answers, by host: how many of its models each host holds the effective answer of. */
type Spread = Map<string, number>;

/**
 * Which replica holds each (model, item) pair's effective answer, to count the items whose models
 * were answered on more than one (a replica went down between them, or an earlier session ran
 * elsewhere: a paired difference on such an item compares two servers), and to say where an item
 * was answered (`hostOf`). A pair answered again (a later answer supersedes the earlier one)
 * counts on its new replica only. Holds one host per pair answered, and one small count per host
 * of an item.
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
  /** Each pair's host, by item then model. */
  #pairs = new Map<number, Map<string, string>>();
  /** Each item's hosts, with how many of its pairs each holds. */
  #spread = new Map<number, Spread>();
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
    let pairs = this.#pairs.get(itemIndex);
    if (pairs === undefined) this.#pairs.set(itemIndex, pairs = new Map());
    let spread = this.#spread.get(itemIndex);
    if (spread === undefined) this.#spread.set(itemIndex, spread = new Map());
    const before = pairs.get(model);
    if (before === host) return;
    if (before !== undefined) {
      const left = spread.get(before)! - 1;
      if (left === 0) spread.delete(before);
      else spread.set(before, left);
    }
    pairs.set(model, host);
    spread.set(host, (spread.get(host) ?? 0) + 1);
    if (spread.size > 1) this.#mixed.add(itemIndex);
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
    let best: string | undefined;
    let most = 0;
    for (const [host, n] of this.#spread.get(itemIndex) ?? []) {
      if (n > most) {
        best = host;
        most = n;
      }
    }
    return best;
  }

  /** How many items were answered on more than one replica. */
  get mixed(): number {
    return this.#mixed.size;
  }

  /** A copy, for a session that goes on counting from what earlier sessions answered. */
  copy(): ItemHosts {
    const out = new ItemHosts();
    for (const [item, pairs] of this.#pairs) out.#pairs.set(item, new Map(pairs));
    for (const [item, spread] of this.#spread) out.#spread.set(item, new Map(spread));
    out.#mixed = new Set(this.#mixed);
    return out;
  }
}
