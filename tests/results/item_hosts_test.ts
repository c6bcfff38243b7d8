import assert from "node:assert/strict";
import fc from "fast-check";
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

/**
 * The counting as it was written first, with two maps an item (each pair's host; each host's
 * count, in the order the hosts came to hold an answer): the compact one must agree with it.
 */
class MapsReference {
  readonly pairs = new Map<number, Map<string, string>>();
  readonly spread = new Map<number, Map<string, number>>();
  readonly mixed = new Set<number>();

  answered(item: number, model: string, host: string): void {
    let pairs = this.pairs.get(item);
    if (pairs === undefined) this.pairs.set(item, pairs = new Map());
    let spread = this.spread.get(item);
    if (spread === undefined) this.spread.set(item, spread = new Map());
    const before = pairs.get(model);
    if (before === host) return;
    if (before !== undefined) {
      const left = spread.get(before)! - 1;
      if (left === 0) spread.delete(before);
      else spread.set(before, left);
    }
    pairs.set(model, host);
    spread.set(host, (spread.get(host) ?? 0) + 1);
    if (spread.size > 1) this.mixed.add(item);
    else this.mixed.delete(item);
  }

  hostOf(item: number): string | undefined {
    let best: string | undefined;
    let most = 0;
    for (const [host, n] of this.spread.get(item) ?? []) {
      if (n > most) {
        best = host;
        most = n;
      }
    }
    return best;
  }
}

Deno.test({
  name: "ItemHosts: agrees with two maps an item on random answers, copies included",
  permissions: "none",
  fn: () => {
    const answer = fc.tuple(
      fc.integer({ min: 0, max: 5 }),
      fc.constantFrom("base", "tuned", "other", "tuned#2"),
      fc.constantFrom("a:1", "b:1", "c:1"),
    );
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 60 }), fc.nat(60), (answers, cut) => {
        const hosts = new ItemHosts();
        const reference = new MapsReference();
        let copy: ItemHosts | undefined;
        answers.forEach(([item, model, host], n) => {
          if (n === cut) copy = hosts.copy();
          hosts.answered(item, model, host);
          reference.answered(item, model, host);
          for (let i = 0; i <= 5; i++) assert.equal(hosts.hostOf(i), reference.hostOf(i));
          assert.equal(hosts.mixed, reference.mixed.size);
        });
        // The copy goes on alone, as a copy of the reference at the cut would.
        if (copy !== undefined) {
          const again = new MapsReference();
          for (const [item, model, host] of answers.slice(0, cut)) {
            again.answered(item, model, host);
          }
          for (const [item, model, host] of answers.slice(cut).reverse()) {
            copy.answered(item, model, host);
            again.answered(item, model, host);
          }
          for (let i = 0; i <= 5; i++) assert.equal(copy.hostOf(i), again.hostOf(i));
          assert.equal(copy.mixed, again.mixed.size);
        }
      }),
      { numRuns: 300 },
    );
  },
});
