/**
 * The replicas' queues: one replica keeps the single server's order; items go to their hashed
 * replica; a replica with nothing left takes whole unstarted items from the longest other queue;
 * taking a replica out or back moves items as rendezvous hashing says; and, over random sequences
 * of all of these, every request is handed out exactly once and an item's requests stay on one
 * replica unless its replica was taken out.
 */

import type { ItemId } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import type { Item } from "../../src/dataset/item.ts";
import { type QueuedRequest, ReplicaQueues } from "../../src/run/replica_queues.ts";
import { homeReplica } from "../../src/run/replicas.ts";
import { sampleAsks } from "../../src/run/samples.ts";
import { Prng } from "../reference/_prng.ts";

const item = (id: number): Item => ({ id, index: id, query: "", tools: [], answers: [] });
const REPLICAS = ["a:1", "b:1", "c:1"].map((host, index) => ({ index, host }));
const MODELS = ["base", "t1", "t2"];
/** The session's list: the item of id `n` at position `n`. */
const ITEMS = Array.from({ length: 60 }, (_, id) => item(id));

Deno.test({
  name: "one replica: item by item, model by model, as the single server always went",
  permissions: "none",
  fn: () => {
    const queues = new ReplicaQueues([REPLICAS[0]!], ITEMS);
    for (let id = 0; id < 5; id++) queues.add(id, id === 2 ? ["t1"] : MODELS);
    queues.add(9, []); // nothing to ask: not queued
    const taken: string[] = [];
    for (let r = queues.take(0); r !== undefined; r = queues.take(0)) {
      taken.push(`${r.item.id}/${r.model}`);
    }
    assert.deepEqual(taken, [
      ..."01".split("").flatMap((id) => MODELS.map((m) => `${id}/${m}`)),
      "2/t1",
      ..."34".split("").flatMap((id) => MODELS.map((m) => `${id}/${m}`)),
    ]);
    assert.equal(queues.pending, 0);
    assert.equal(queues.hasWork(0), false);
  },
});

Deno.test({
  name: "items go to their hashed replica; one with nothing left takes whole unstarted items",
  permissions: "none",
  fn: () => {
    const queues = new ReplicaQueues(REPLICAS, ITEMS);
    const ids = Array.from({ length: 30 }, (_, i) => i);
    for (const id of ids) queues.add(id, MODELS);
    const own = (lane: number) => ids.filter((id) => homeReplica(id, REPLICAS).index === lane);
    // Lane 0 takes its own items, in order, until they run out.
    const first = own(0);
    for (const id of first) {
      for (const model of MODELS) {
        assert.deepEqual(queues.take(0), { position: id, item: item(id), model, sent: 0 });
      }
    }
    // Lane 1 starts one item (its first model only).
    const started = queues.take(1)!;
    assert.equal(started.item.id, own(1)[0]);
    // Lane 0 has none left: it takes the last unstarted item of the longest other queue, whole.
    const longest = own(1).length - 1 > own(2).length ? 1 : 2;
    const stolen = own(longest).at(-1)!;
    for (const model of MODELS) {
      assert.deepEqual(queues.take(0), { position: stolen, item: item(stolen), model, sent: 0 });
    }
    // The started item is never taken away from lane 1: its other models stay there.
    let drained = 0;
    while (queues.take(0) !== undefined) drained++;
    assert.equal(queues.take(1)?.item.id, started.item.id);
    assert.equal(queues.take(1)?.item.id, started.item.id);
    assert.equal(queues.pending, 0);
    assert.equal(drained, 3 * (30 - first.length - 1) - 3);
  },
});

Deno.test({
  name: "taken out, a replica's items move by hashing, started ones first; back, it gets its own",
  permissions: "none",
  fn: () => {
    const queues = new ReplicaQueues(REPLICAS, ITEMS);
    const ids = Array.from({ length: 60 }, (_, i) => i);
    for (const id of ids) queues.add(id, ["base", "t1"]);
    // Lane 1 starts an item, then is taken out while that request is in flight.
    const inFlight = queues.take(1)!;
    assert.equal(queues.down(1) > 0, true);
    assert.equal(queues.hasWork(1), false);
    assert.equal(queues.take(1), undefined);
    // Its request, sent once, comes back to the front of the replica its item now hashes to, with
    // its send count.
    queues.putBack({ ...inFlight, sent: inFlight.sent + 1 });
    const now = homeReplica(inFlight.item.id, [REPLICAS[0]!, REPLICAS[2]!]).index;
    // The started item (its other model was already moved) comes first there, whole.
    const next = [queues.take(now)!, queues.take(now)!];
    assert.deepEqual(next.map((r) => r.item.id), [inFlight.item.id, inFlight.item.id]);
    assert.deepEqual(next.map((r) => r.model).sort(), ["base", "t1"]);
    assert.deepEqual(
      next.map((r) => [r.model, r.sent]).sort(),
      [
        [inFlight.model, 1],
        [inFlight.model === "base" ? "t1" : "base", 0],
      ].sort(),
    );
    // Back: the unstarted items that hash to lane 1 go back to it, in the split's order.
    queues.up(1);
    const back: ItemId[] = [];
    for (let r = queues.take(1); r !== undefined; r = queues.take(1)) {
      if (r.model === "base") back.push(r.item.id);
    }
    // Its own come first; past them it takes others' unstarted items (stealing).
    const own = ids.filter((id) =>
      homeReplica(id, REPLICAS).index === 1 && id !== inFlight.item.id
    );
    assert.deepEqual(back.slice(0, own.length), own);
    assert.throws(() => {
      queues.down(0);
      queues.down(2);
      queues.down(1);
    }, /the last replica in use cannot be taken out/);
  },
});

Deno.test({
  name:
    "random runs: every request handed out once, with its sends so far; an item stays on one replica unless moved",
  permissions: "none",
  fn: () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rng = new Prng(seed);
      const lanes = 2 + (rng.next() % 3);
      const replicas = Array.from(
        { length: lanes },
        (_, index) => ({ index, host: `r${index}:1` }),
      );
      const queues = new ReplicaQueues(replicas, ITEMS);
      const n = 1 + (rng.next() % 40);
      const expected = new Set<string>();
      for (let id = 0; id < n; id++) {
        const models = MODELS.filter(() => rng.next() % 4 !== 0);
        queues.add(id, models);
        for (const m of models) expected.add(`${id}/${m}`);
      }
      const up = new Set(replicas.map((r) => r.index));
      const answered = new Set<string>();
      const inFlight: { lane: number; request: QueuedRequest }[] = [];
      // Each request's sends: one each time it is taken, kept when it is put back.
      const sends = new Map<string, number>();
      const sent = (r: QueuedRequest): QueuedRequest => {
        const key = `${r.item.id}/${r.model}`;
        assert.equal(r.sent, sends.get(key) ?? 0, `${key}: its sends (seed ${seed})`);
        sends.set(key, r.sent + 1);
        return { ...r, sent: r.sent + 1 };
      };
      const laneOf = new Map<ItemId, Set<number>>();
      let moves = 0;
      for (let step = 0; step < 2000 && (queues.pending > 0 || inFlight.length > 0); step++) {
        const op = rng.next() % 10;
        const lane = rng.next() % lanes;
        if (op < 6 && up.has(lane)) {
          const r = queues.take(lane);
          if (r !== undefined) {
            inFlight.push({ lane, request: sent(r) });
            if (!laneOf.has(r.item.id)) laneOf.set(r.item.id, new Set());
            laneOf.get(r.item.id)!.add(lane);
          }
        } else if (op < 9 && inFlight.length > 0) {
          const done = inFlight.splice(rng.next() % inFlight.length, 1)[0]!;
          const key = `${done.request.item.id}/${done.request.model}`;
          assert(!answered.has(key), `${key} answered twice (seed ${seed})`);
          answered.add(key);
        } else if (op === 9) {
          if (up.has(lane) && up.size > 1) {
            queues.down(lane);
            up.delete(lane);
            moves++;
            // Its requests in flight are put back.
            for (const f of inFlight.filter((f) => f.lane === lane)) queues.putBack(f.request);
            for (let i = inFlight.length - 1; i >= 0; i--) {
              if (inFlight[i]!.lane === lane) inFlight.splice(i, 1);
            }
          } else if (!up.has(lane)) {
            queues.up(lane);
            up.add(lane);
          }
        }
      }
      // Drain what is left on the replicas in use.
      for (const f of inFlight) answered.add(`${f.request.item.id}/${f.request.model}`);
      for (const lane of up) {
        for (let r = queues.take(lane); r !== undefined; r = queues.take(lane)) {
          sent(r);
          const key = `${r.item.id}/${r.model}`;
          assert(!answered.has(key), `${key} answered twice (seed ${seed})`);
          answered.add(key);
          if (!laneOf.has(r.item.id)) laneOf.set(r.item.id, new Set());
          laneOf.get(r.item.id)!.add(lane);
        }
      }
      assert.deepEqual([...answered].sort(), [...expected].sort(), `seed ${seed}`);
      assert.equal(queues.pending, 0);
      if (moves === 0) {
        for (const [id, set] of laneOf) assert.equal(set.size, 1, `item ${id} (seed ${seed})`);
      }
    }
  },
});

Deno.test({
  name: "several samples: an item's (model, sample) asks are handed out on one replica, in order",
  permissions: "none",
  fn: () => {
    const queues = new ReplicaQueues(REPLICAS, ITEMS);
    const asks = sampleAsks(["base", "t1"], 3);
    for (let id = 0; id < 12; id++) queues.add(id, asks);
    const taken = new Map<ItemId, { lanes: Set<number>; asks: string[] }>();
    // Round robin over the replicas until every queue is dry: stealing moves whole items only.
    for (let busy = true; busy;) {
      busy = false;
      for (let lane = 0; lane < REPLICAS.length; lane++) {
        const r = queues.take(lane);
        if (r === undefined) continue;
        busy = true;
        const seen = taken.get(r.item.id) ?? { lanes: new Set(), asks: [] };
        seen.lanes.add(lane);
        seen.asks.push(`${r.model}/${r.sample}`);
        taken.set(r.item.id, seen);
      }
    }
    assert.equal(taken.size, 12);
    for (const [id, seen] of taken) {
      assert.equal(seen.lanes.size, 1, `item ${id} went to ${seen.lanes.size} replicas`);
      assert.deepEqual(seen.asks, asks.map((a) => `${a.model}/${a.sample}`));
    }
  },
});
