import assert from "node:assert/strict";
import type { ResultRecord } from "../../src/results/records.ts";
import { replyFingerprint } from "../../src/results/fingerprint.ts";
import { IDENTICAL_WATCH_ITEMS, IdenticalRepliesWatch } from "../../src/run/identical_replies.ts";
import { Prng } from "../reference/_prng.ts";

function result(model: string, itemIndex: number, text: string | null): ResultRecord {
  return {
    kind: "result",
    model,
    itemId: 1000 + itemIndex,
    itemIndex,
    session: 1,
    requestDigest: "d".repeat(64),
    attempts: 1,
    latencyMs: 1,
    response: null,
    usage: null,
    error: text === null ? { kind: "timeout", message: "t", status: null, transient: true } : null,
    reply: text === null
      ? null
      : { text, calls: [], truncated: false, reasoning: null, finishReason: "stop" },
    verdict: text === null ? null : { correct: false, reason: "no-call", detail: "" },
  };
}

/** Feeds records in order; returns the index of each record that gave a warning. */
function feed(watch: IdenticalRepliesWatch, records: readonly ResultRecord[]) {
  const at: [number, string][] = [];
  records.forEach((r, i) => {
    const w = watch.add(r);
    if (w !== null) at.push([i, w]);
  });
  return at;
}

Deno.test("the warning comes with the 50th identical reply, whatever the order of arrival", () => {
  const rng = new Prng(7);
  for (let trial = 0; trial < 50; trial++) {
    const records: ResultRecord[] = [];
    for (let i = 0; i < 120; i++) {
      const text = `reply ${i % 7}`;
      records.push(
        result("base", i, text),
        result("ghost", i, text),
        result("real", i, `${text}!`),
      );
    }
    // Shuffle within a window, as concurrent requests finish out of order.
    for (let i = records.length - 1; i > 0; i--) {
      const j = Math.max(0, i - rng.int(12));
      [records[i], records[j]] = [records[j]!, records[i]!];
    }
    const watch = new IdenticalRepliesWatch("base", ["ghost", "real"]);
    const warned = feed(watch, records);
    assert.equal(warned.length, 1);
    const [index, line] = warned[0]!;
    assert.equal(
      line,
      "WARNING: ghost's first 50 replies are byte for byte base's (text, calls and finish " +
        "reason): the adapter may not be applied; check that the server loaded it and serves it " +
        "under that name",
    );
    // Exactly 50 items had both replies when it came, and 49 before the record that gave it.
    const seen = (upTo: number) => {
      const base = new Set<number>();
      const ghost = new Set<number>();
      for (const r of records.slice(0, upTo)) {
        (r.model === "base" ? base : r.model === "ghost" ? ghost : new Set()).add(r.itemIndex);
      }
      return [...ghost].filter((i) => base.has(i)).length;
    };
    assert.equal(seen(index + 1), IDENTICAL_WATCH_ITEMS);
    assert.equal(seen(index), IDENTICAL_WATCH_ITEMS - 1);
    assert.deepEqual(watch.warnings, [line]);
  }
});

Deno.test("one difference among the first 50 ends the watch; errors are skipped", () => {
  const records: ResultRecord[] = [];
  for (let i = 0; i < 100; i++) {
    records.push(result("base", i, "same"));
    records.push(result("a", i, i === 49 ? "other" : "same")); // the 50th differs
    records.push(result("b", i, i % 10 === 3 ? null : "same")); // errors: not compared
    records.push(result("c", i, "same"));
  }
  // c: the baseline fails on item 0, so its 50th comparable item is item 50.
  records[0] = result("base", 0, null);
  const watch = new IdenticalRepliesWatch("base", ["a", "b", "c"]);
  const warned = feed(watch, records);
  // a: never. c: items 1 to 50 (item 0's baseline failed), so its 50th is item 50. b: items 1 to
  // 56 less its six errors (3, 13, ..., 53), so its 50th is item 56.
  assert.deepEqual(warned.map(([, w]) => w.slice(9, 11)), ["c'", "b'"]);
  assert.deepEqual(warned.map(([i]) => records[i]!.itemIndex), [50, 56]);
});

Deno.test("fewer than 50 comparable replies, or no adapter: no warning", () => {
  const watch = new IdenticalRepliesWatch("base", ["a"]);
  const records: ResultRecord[] = [];
  for (let i = 0; i < 49; i++) records.push(result("a", i, "x"), result("base", i, "x"));
  records.push(result("a", 49, "x")); // the baseline never answers item 49
  assert.deepEqual(feed(watch, records), []);
  assert.deepEqual(feed(new IdenticalRepliesWatch("base", []), records), []);
});

Deno.test("a resumed watch: earlier answers by fingerprint, then the session's records", () => {
  const fingerprint = (text: string) => replyFingerprint(result("m", 0, text).reply!);
  // Session 1 answered the baseline on 60 items and a on 10 of them, as the baseline did.
  const seeded = new IdenticalRepliesWatch("base", ["a", "b"]);
  for (let i = 0; i < 60; i++) {
    assert.equal(seeded.addReply("base", i, fingerprint(`reply ${i}`)), null);
  }
  for (let i = 0; i < 10; i++) {
    assert.equal(seeded.addReply("a", i, fingerprint(`reply ${i}`)), null);
  }
  // Session 2: a's 40 more make its first 50; b answers too, differently on item 0.
  const now: ResultRecord[] = [];
  for (let i = 10; i < 50; i++) now.push(result("a", i, `reply ${i}`));
  for (let i = 0; i < 60; i++) now.push(result("b", i, i === 0 ? "other" : `reply ${i}`));
  const warned = feed(seeded, now);
  assert.deepEqual(warned.map(([i, w]) => [now[i]!.itemIndex, w.slice(9, 11)]), [[49, "a'"]]);
  // Without the earlier answers, nothing the session gets can be compared.
  assert.deepEqual(feed(new IdenticalRepliesWatch("base", ["a", "b"]), now), []);
});

Deno.test("several replicas: each adapter is watched on each replica apart, and the replica that serves the base is named", () => {
  // Three replicas; the third serves the base under "ghost"'s name. ghost differs from the base on
  // every item but one in three on the first two, so the watch over all replicas together would
  // end at its first difference; on the third, its first 50 replies are the base's.
  const where = (host: string) => `replica ${host.slice(-1)} (${host})`;
  const on = (r: ResultRecord, host: string): ResultRecord => ({
    ...r,
    replica: { index: Number(host.slice(-1)), host },
  });
  const records: ResultRecord[] = [];
  for (let i = 0; i < 150; i++) {
    const host = `10.0.0.1:800${i % 3}`;
    const text = `reply ${i}`;
    records.push(
      on(result("base", i, text), host),
      on(result("ghost", i, host.endsWith("2") || i % 9 === 0 ? text : `${text}!`), host),
    );
  }
  const watch = new IdenticalRepliesWatch("base", ["ghost"], { where });
  const warned = feed(watch, records);
  assert.deepEqual(warned.map(([, line]) => line), [
    "WARNING: ghost's first 50 replies on replica 2 (10.0.0.1:8002) are byte for byte base's " +
    "(text, calls and finish reason): the adapter may not be applied there; check that this " +
    "replica loaded it and serves it under that name",
  ]);
  // It comes with the 50th reply of ghost on that replica.
  assert.equal(warned[0]![0], 2 * (3 * 49 + 2) + 1);
  // One server (the replica not named): the replies are watched together, as before.
  assert.deepEqual(feed(new IdenticalRepliesWatch("base", ["ghost"]), records), []);
  // Every replica serving the base: one warning, for all of them, at the 50th reply in all.
  const everywhere = records.map((r) =>
    r.model === "ghost" ? { ...r, reply: records[records.indexOf(r) - 1]!.reply } : r
  );
  const all = feed(new IdenticalRepliesWatch("base", ["ghost"], { where }), everywhere);
  assert.deepEqual(all.map(([i, line]) => [i, line.slice(0, 48)]), [[
    99,
    "WARNING: ghost's first 50 replies are byte for b",
  ]]);
});

Deno.test("several replicas: a resumed run hands in each earlier reply with its replica", () => {
  const watch = new IdenticalRepliesWatch("base", ["ghost"], { items: 2, where: (h) => h });
  assert.equal(watch.addReply("base", 0, 1, "a:1"), null);
  assert.equal(watch.addReply("ghost", 0, 1, "a:1"), null);
  assert.equal(watch.addReply("base", 1, 2, "b:1"), null);
  assert.equal(watch.addReply("ghost", 1, 3, "b:1"), null); // b:1 differs: decided
  assert.equal(watch.addReply("base", 2, 4, "a:1"), null);
  assert.match(watch.addReply("ghost", 2, 4, "a:1")!, /^WARNING: ghost's first 2 replies on a:1 /);
  assert.equal(watch.addReply("base", 3, 5, "b:1"), null);
  assert.equal(watch.addReply("ghost", 3, 5, "b:1"), null, "b:1 was decided by its difference");
});
