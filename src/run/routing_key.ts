/**
 * The routing key of an item (`serving.routingHeader`): what every chat request of the item
 * carries, so that a router that routes by that header sends all of them to one replica.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import { sha256Text } from "../dataset/sha256.ts";

/**
 * The routing key of an item: `assess-` and the first 32 hex digits of the SHA-256 of the UTF-8
 * text `assess-route\n<item id>` (the id as the dataset gives it: an integer in decimal, a string
 * as it is). The same for every model and sample of the item, in every session and shard; a token
 * any header may carry, whatever the id holds.
 *
 * @param id The item's id.
 * @returns The key.
 *
 * @example
 * ```ts
 * import { routingKey } from "./routing_key.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(routingKey(7), /^assess-[0-9a-f]{32}$/);
 * assert.equal(routingKey("a\nb"), routingKey("a\nb"));
 * assert.notEqual(routingKey(7), routingKey("7 "));
 * ```
 */
export function routingKey(id: ItemId): string {
  return `assess-${sha256Text(`assess-route\n${String(id)}`).slice(0, 32)}`;
}
