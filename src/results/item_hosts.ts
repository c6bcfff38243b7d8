/**
 * Which replica answered each item's models: the run counts it as it goes (and from the file when
 * it resumes), the report from the records, so that both say how many items compare two servers.
 *
 * @module
 */

/**
 * Which replica answered each item's models, to count the items whose models were answered on
 * more than one (a replica went down between them, or an earlier session ran elsewhere): a paired
 * difference on such an item compares two servers. Holds one host per item.
 *
 * @example
 * ```ts
 * import { ItemHosts } from "./item_hosts.ts";
 * import assert from "node:assert/strict";
 *
 * const hosts = new ItemHosts();
 * hosts.answered(3, "a:1");
 * hosts.answered(3, "a:1");
 * hosts.answered(4, "a:1");
 * hosts.answered(4, "b:1");
 * assert.equal(hosts.mixed, 1);
 * ```
 */
export class ItemHosts {
  #host = new Map<number, string>();
  #mixed = new Set<number>();

  /**
   * Counts an answer.
   *
   * @param itemIndex The item's position.
   * @param host The `host:port` that answered it.
   */
  answered(itemIndex: number, host: string): void {
    const seen = this.#host.get(itemIndex);
    if (seen === undefined) this.#host.set(itemIndex, host);
    else if (seen !== host) this.#mixed.add(itemIndex);
  }

  /** How many items were answered on more than one replica. */
  get mixed(): number {
    return this.#mixed.size;
  }

  /** A copy, for a session that goes on counting from what earlier sessions answered. */
  copy(): ItemHosts {
    const out = new ItemHosts();
    out.#host = new Map(this.#host);
    out.#mixed = new Set(this.#mixed);
    return out;
  }
}
