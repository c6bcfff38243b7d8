import assert from "node:assert/strict";
import { ItemHosts } from "../../src/results/item_hosts.ts";

Deno.test({
  name: "ItemHosts: items answered on two hosts are counted once; a copy goes on alone",
  permissions: "none",
  fn: () => {
    const hosts = new ItemHosts();
    hosts.answered(1, "a:1");
    hosts.answered(1, "a:1");
    hosts.answered(2, "a:1");
    hosts.answered(2, "b:1");
    hosts.answered(2, "c:1");
    const copy = hosts.copy();
    copy.answered(3, "a:1");
    copy.answered(3, "b:1");
    assert.equal(hosts.mixed, 1);
    assert.equal(copy.mixed, 2);
  },
});
