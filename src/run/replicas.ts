/**
 * The replicas of a run: several vLLM servers serving the same models, each known by its host and
 * port. An item goes to one replica (all of its models' requests), chosen by rendezvous hashing of
 * the item's id over the replicas in use, so that every item keeps its replica across sessions and
 * losing a replica moves only its own items.
 *
 * @module
 */

// The one rule for a URL's host and port, shared with the configuration's check of server.urls.
import type { ItemId } from "../dataset/item_id.ts";
import { hostAndPort } from "../config/server_url.ts";
import type { ReplicaRef } from "../results/records.ts";

/** A replica as a run uses it: its place in the list of URLs, its host and port, and its URL. */
export interface Replica extends ReplicaRef {
  /** Its base URL, ending in `/v1`. Never written to a record or printed. */
  readonly url: string;
}

/**
 * The replicas of a list of server URLs, in its order.
 *
 * @param urls The URLs.
 * @returns One replica per URL, `index` its position.
 *
 * @example
 * ```ts
 * import { replicasOf } from "./replicas.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(replicasOf(["http://127.0.0.1:8000/v1"]), [
 *   { index: 0, host: "127.0.0.1:8000", url: "http://127.0.0.1:8000/v1" },
 * ]);
 * ```
 */
export function replicasOf(urls: readonly string[]): Replica[] {
  return urls.map((url, index) => ({ index, host: hostAndPort(url), url }));
}

/**
 * How a message names a replica: `replica 1 (127.0.0.1:8001)`.
 *
 * @param replica The replica.
 * @returns Its name, never its URL.
 *
 * @example
 * ```ts
 * import { replicaName } from "./replicas.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(replicaName({ index: 1, host: "127.0.0.1:8001" }), "replica 1 (127.0.0.1:8001)");
 * ```
 */
export function replicaName(replica: ReplicaRef): string {
  return `replica ${replica.index} (${replica.host})`;
}

const ENCODER = new TextEncoder();

/**
 * A replica's rendezvous score for an item: 32-bit FNV-1a of the UTF-8 bytes of `host`, a zero
 * byte and the item id's decimal text, then MurmurHash3's 32-bit finaliser so that nearby ids
 * spread. Deterministic and the same on every platform.
 *
 * @param host The replica's `host:port`.
 * @param itemId The item's id.
 * @returns A whole number in [0, 2^32).
 *
 * @example
 * ```ts
 * import { rendezvousScore } from "./replicas.ts";
 * import assert from "node:assert/strict";
 *
 * const score = rendezvousScore("127.0.0.1:8000", 7);
 * assert.equal(score, rendezvousScore("127.0.0.1:8000", 7));
 * assert.ok(Number.isInteger(score) && score >= 0 && score < 2 ** 32);
 * ```
 */
export function rendezvousScore(host: string, itemId: ItemId): number {
  let h = 0x811c9dc5;
  const mix = (byte: number) => {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  };
  for (const byte of ENCODER.encode(host)) mix(byte);
  mix(0);
  const id = String(itemId);
  for (let i = 0; i < id.length; i++) mix(id.charCodeAt(i));
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The replica an item goes to: the one with the highest {@linkcode rendezvousScore} among those
 * given (a tie, vanishingly rare, goes to the smaller `host`). Since the score depends only on the
 * host and the item, the choice does not depend on the replicas' order, and taking a replica away
 * moves only the items it had.
 *
 * @param itemId The item's id.
 * @param replicas The replicas in use (at least one).
 * @returns The chosen replica.
 * @throws {RangeError} When no replica is given.
 *
 * @example
 * ```ts
 * import { homeReplica } from "./replicas.ts";
 * import assert from "node:assert/strict";
 *
 * const a = { index: 0, host: "10.0.0.1:8000" };
 * const b = { index: 1, host: "10.0.0.2:8000" };
 * assert.equal(homeReplica(42, [a, b]), homeReplica(42, [b, a]));
 * assert.equal(homeReplica(42, [a]), a);
 * ```
 */
export function homeReplica<R extends ReplicaRef>(itemId: ItemId, replicas: readonly R[]): R {
  let best: R | undefined;
  let bestScore = -1;
  for (const replica of replicas) {
    const score = rendezvousScore(replica.host, itemId);
    if (score > bestScore || (score === bestScore && replica.host < best!.host)) {
      best = replica;
      bestScore = score;
    }
  }
  if (best === undefined) throw new RangeError("homeReplica: no replica to choose from");
  return best;
}
