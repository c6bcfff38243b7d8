import assert from "node:assert/strict";
import { ItemHosts } from "../../src/results/item_hosts.ts";

Deno.test({
  name: "ItemHosts: items answered on two hosts are counted once; a copy goes on alone",
  permissions: "none",
  fn: () => {
    const hosts = new ItemHosts();
    hosts.answered(1, "base", "a:1");
    hosts.answered(1, "tuned", "a:1");
    hosts.answered(2, "base", "a:1");
    hosts.answered(2, "tuned", "b:1");
    hosts.answered(2, "other", "c:1");
    const copy = hosts.copy();
    copy.answered(3, "base", "a:1");
    copy.answered(3, "tuned", "b:1");
    assert.equal(hosts.mixed, 1);
    assert.equal(copy.mixed, 2);
    assert.equal(hosts.hostOf(3), undefined);
    assert.equal(copy.hostOf(3), "a:1");
  },
});

Deno.test({
  name: "ItemHosts: a pair answered again counts on its new host only; hostOf is the host of most",
  permissions: "none",
  fn: () => {
    const hosts = new ItemHosts();
    hosts.answered(7, "base", "a:1");
    hosts.answered(7, "t1", "a:1");
    hosts.answered(7, "t2", "b:1");
    assert.equal(hosts.mixed, 1);
    assert.equal(hosts.hostOf(7), "a:1");
    // The item asked again whole on b:1: each new answer supersedes the pair's earlier one.
    hosts.answered(7, "base", "b:1");
    assert.equal(hosts.mixed, 1, "t1's answer on a:1 still stands");
    assert.equal(hosts.hostOf(7), "b:1");
    hosts.answered(7, "t1", "b:1");
    assert.equal(hosts.mixed, 0);
    // The same answer again changes nothing.
    hosts.answered(7, "t1", "b:1");
    assert.equal(hosts.mixed, 0);
    assert.equal(hosts.hostOf(7), "b:1");
  },
});
