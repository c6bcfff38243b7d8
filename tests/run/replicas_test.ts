/**
 * Rendezvous hashing of items over replicas: deterministic, even, independent of the replicas'
 * order, and moving only the items of a replica taken away.
 */

import assert from "node:assert/strict";
import { homeReplica, rendezvousScore, replicaName, replicasOf } from "../../src/run/replicas.ts";
import { hostAndPort } from "../../src/config/server_url.ts";

const HOSTS = ["10.0.0.1:8000", "10.0.0.2:8000", "10.0.0.3:8000", "10.0.0.4:8000"];
const REPLICAS = HOSTS.map((host, index) => ({ index, host }));
const IDS = Array.from({ length: 8000 }, (_, i) => i);

Deno.test({
  name:
    "a replica is named by hostAndPort: host and port, the default port written, no scheme, path or credentials",
  permissions: "none",
  fn: () => {
    assert.equal(hostAndPort("http://127.0.0.1:8000/v1"), "127.0.0.1:8000");
    assert.equal(hostAndPort("http://localhost/v1"), "localhost:80");
    assert.equal(hostAndPort("https://VLLM.example/a/b/v1"), "vllm.example:443");
    assert.equal(hostAndPort("https://vllm.example:8443/v1"), "vllm.example:8443");
    assert.equal(hostAndPort("http://[::1]:8001/v1"), "[::1]:8001");
    assert.deepEqual(replicasOf(["http://a:1/v1", "http://b:2/v1"]).map((r) => r.host), [
      "a:1",
      "b:2",
    ]);
    assert.equal(replicaName({ index: 2, host: "b:2" }), "replica 2 (b:2)");
  },
});

Deno.test({
  name: "rendezvousScore: FNV-1a then MurmurHash3's finaliser, pinned to values computed apart",
  permissions: "none",
  fn: () => {
    // Pinned (computed by a separate Python implementation of the same definition): a change here
    // would send every item of a run being resumed to another replica.
    assert.deepEqual(
      [0, 1, 2, 59999].map((id) => rendezvousScore("127.0.0.1:8000", id)),
      [1589132355, 1312782771, 1882408314, 1678009583],
    );
    assert.deepEqual(
      [7, 123456].map((id) => rendezvousScore("vllm-0.example:443", id)),
      [1693661981, 1026845491],
    );
    assert.notEqual(rendezvousScore("127.0.0.1:8000", 7), rendezvousScore("127.0.0.1:8001", 7));
  },
});

Deno.test({
  name: "homeReplica: every replica gets about its share, whatever the order of the list",
  permissions: "none",
  fn: () => {
    const counts = new Map<string, number>();
    for (const id of IDS) {
      const home = homeReplica(id, REPLICAS);
      counts.set(home.host, (counts.get(home.host) ?? 0) + 1);
      assert.equal(homeReplica(id, [...REPLICAS].reverse()).host, home.host);
      assert.equal(homeReplica(id, [REPLICAS[2]!, REPLICAS[0]!, REPLICAS[3]!, REPLICAS[1]!]), home);
    }
    // 8000 items over 4 replicas: 2000 each, within 5% (a binomial's sd here is about 39).
    for (const host of HOSTS) {
      const n = counts.get(host) ?? 0;
      assert(Math.abs(n - 2000) < 100, `${host}: ${n} of 8000 items`);
    }
    assert.throws(() => homeReplica(1, []), RangeError);
  },
});

Deno.test({
  name: "homeReplica: taking a replica away moves only its items, spread over the others",
  permissions: "none",
  fn: () => {
    const without = REPLICAS.filter((r) => r.index !== 1);
    const moved = new Map<string, number>();
    for (const id of IDS) {
      const before = homeReplica(id, REPLICAS);
      const after = homeReplica(id, without);
      if (before.index !== 1) assert.equal(after, before, `item ${id} moved`);
      else moved.set(after.host, (moved.get(after.host) ?? 0) + 1);
    }
    // Its ~2000 items go to the three others about evenly.
    for (const r of without) assert((moved.get(r.host) ?? 0) > 500, JSON.stringify([...moved]));
  },
});
