/**
 * An item's cluster: the items that share their tools are not independent evidence (a model that
 * misreads one API misreads it on each of its items), so the report counts them together.
 *
 * @module
 */

import type { Item } from "./item.ts";

/**
 * The cluster of an item: a chat-jsonl line's own `cluster` when it gives one, else the names of
 * the tools it offers, each once, sorted by code point, as a JSON array's text (`["a","b"]`;
 * `[]` for an item that offers none).
 *
 * @param item The item (its `tools`, and its `cluster` when the dataset gives one).
 * @returns Its cluster's name.
 *
 * @example
 * ```ts
 * import { itemCluster } from "./cluster.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { tools: [{ name: "b" }, { name: "a" }, { name: "b" }] };
 * assert.equal(itemCluster(item), '["a","b"]');
 * assert.equal(itemCluster({ ...item, cluster: "weather" }), "weather");
 * ```
 */
export function itemCluster(item: {
  readonly tools: readonly Pick<Item["tools"][number], "name">[];
  readonly cluster?: string | undefined;
}): string {
  if (item.cluster !== undefined) return item.cluster;
  const names = [...new Set(item.tools.map((t) => t.name))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0
  );
  return JSON.stringify(names);
}
