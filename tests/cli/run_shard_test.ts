/**
 * `assess run -shard i/N`, in process against a scripted server: each shard asks only its items
 * (by content hash), all of an item's models together, into its own file whose header records the
 * shard; the shards together ask every item once; a file of another shard is not resumed; bad
 * values are refused with 64; the identical-replies watch warns in each shard behind one URL (a
 * router's), and the merged report finds the adapter suspect.
 */

import assert from "node:assert/strict";
import { assess } from "./_in_process.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { startStub } from "../run/_stub_server.ts";
import { answers, correct, results } from "./_run_fixtures.ts";
import { createHash } from "node:crypto";
import { shardOf } from "../../src/results/shard.ts";
import type { ProbeRecord } from "../../src/results/records.ts";

Deno.test("four shards ask every held-out item once between them, each item whole in the shard its content hash names", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: correct });
  try {
    const s = await setupRun(40, { url: stub.url, adapters: [{ name: "tuned" }], concurrency: 3 });
    const seen = new Map<number, number>();
    for (let i = 0; i < 4; i++) {
      const out = `${s.dir}/shard-${i}.jsonl`;
      const ran = await assess(["run", "-config", s.config, "-out", out, "-shard", `${i}/4`]);
      assert.equal(ran.code, 0, ran.stderr);
      const { file } = await results(out);
      assert.deepEqual(file.header.shard, { index: i, count: 4 });
      const got = answers(file.records);
      const items = new Set(got.map((r) => r.itemIndex));
      // Every item of the shard answered by both models.
      assert.equal(got.length, 2 * items.size);
      for (const r of got) {
        assert.equal(seen.get(r.itemIndex) ?? i, i, `item ${r.itemIndex} in two shards`);
        seen.set(r.itemIndex, i);
      }
      assert.equal(
        ran.stdout,
        `${out}: ${got.length} of ${got.length} answers recorded (0 errors, 0 not asked)\n`,
      );
    }
    assert.equal(seen.size, 40);
    // Each shard asks its own: the items are spread (no shard holds all, 40 items over 4).
    assert.ok(new Set(seen.values()).size > 1);
    // Each item in the shard its content hash names, the hash computed here as reference/split.md
    // (step 6) defines it: SHA-256 over each text's 4-byte length and UTF-8 bytes.
    const rows = JSON.parse(await Deno.readTextFile(s.dataset)) as {
      id: number;
      query: string;
      tools: string;
      answers: string;
    }[];
    for (const row of rows) {
      const h = createHash("sha256");
      for (const text of [row.query, row.tools, row.answers]) {
        const bytes = new TextEncoder().encode(text);
        const length = new Uint8Array(4);
        new DataView(length.buffer).setUint32(0, bytes.length);
        h.update(length).update(bytes);
      }
      const expected = Number.parseInt(h.digest("hex").slice(0, 8), 16) % 4;
      assert.equal(seen.get(row.id), expected, `item ${row.id}`);
    }
    // One server check plus 80 pairs, none asked twice.
    const pairs = stub.requests.filter((r) => r.requestId !== null);
    assert.equal(pairs.length, 80);
  } finally {
    await stub.close();
  }
});

Deno.test("shardOf reads the content hash's first 32 bits modulo N", () => {
  assert.equal(shardOf("ffffffff" + "0".repeat(56), 4), 0xffffffff % 4);
  assert.equal(shardOf("00000007" + "f".repeat(56), 4), 3);
  assert.equal(shardOf("80000000" + "0".repeat(56), 3), 0x80000000 % 3);
});

Deno.test("a shard's file is not resumed as another shard, nor as the whole run: 64 saying what changed", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: correct });
  try {
    const s = await setupRun(12, { url: stub.url, adapters: [{ name: "tuned" }] });
    const first = await assess(["run", "-config", s.config, "-out", s.out, "-shard", "0/4"]);
    assert.equal(first.code, 0, first.stderr);
    const before = await Deno.readTextFile(s.out);
    const other = await assess(["run", "-config", s.config, "-out", s.out, "-shard", "1/4"]);
    assert.equal(other.code, 64);
    assert.match(other.stderr, /-shard: 0\/4 in the file, 1\/4 now/);
    const whole = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(whole.code, 64);
    assert.match(whole.stderr, /-shard: 0\/4 in the file, none now/);
    assert.equal(await Deno.readTextFile(s.out), before);
  } finally {
    await stub.close();
  }
});

Deno.test("-shard values that are not i/N with 0 <= i < N are refused with 64 and one line", async () => {
  const s = await setupRun(4, { url: "http://127.0.0.1:9/v1", adapters: [{ name: "tuned" }] });
  const cases: [string, RegExp][] = [
    ["4/4", /^assess run: -shard "4\/4" has i = 4: with N = 4, i is 0 to 3\n$/],
    ["0/0", /^assess run: -shard "0\/0" has N = 0: the shards are 1 to 65536\n$/],
    ["1.5/4", /^assess run: -shard "1\.5\/4" is not i\/N: two whole numbers, such as 0\/4\n$/],
    ["-1/4", /^assess run: -shard "-1\/4" is not i\/N/],
    ["a/b", /is not i\/N/],
    ["3", /is not i\/N/],
  ];
  for (const [value, expected] of cases) {
    const ran = await assess(["run", "-config", s.config, "-out", s.out, `-shard=${value}`]);
    assert.equal(ran.code, 64, value);
    assert.match(ran.stderr, expected, value);
    await assert.rejects(Deno.stat(s.out));
  }
});

Deno.test("each shard probes the first serving.probe items of its own", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: correct });
  try {
    const s = await setupRun(24, {
      url: stub.url,
      adapters: [{ name: "tuned" }],
      concurrency: 3,
      probe: 2,
      batchInvariant: "asserted",
    });
    const probed = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const out = `${s.dir}/shard-${i}.jsonl`;
      const ran = await assess(["run", "-config", s.config, "-out", out, "-shard", `${i}/2`]);
      assert.equal(ran.code, 0, ran.stderr);
      const { file } = await results(out);
      const items = new Set(answers(file.records).map((r) => r.itemIndex));
      const probes = file.records.filter((r): r is ProbeRecord => r.kind === "probe");
      const here = new Set(probes.map((r) => r.itemIndex));
      assert.equal(here.size, 2);
      for (const index of here) {
        assert.ok(items.has(index), `probe item ${index} is not of shard ${i}`);
        probed.add(index);
      }
    }
    assert.equal(probed.size, 4, "2 shards × serving.probe items");
  } finally {
    await stub.close();
  }
});

Deno.test("the identical-replies watch over shards behind one URL with a routing header: each shard of 50 or more items warns, the merged report finds the adapter suspect", async () => {
  // One URL, as a router gives: assess does not know the replica, and needs not to.
  const n = 120;
  const emu = await startEmulator({
    rows: syntheticRows(n),
    adapters: ["ghost", "tuned"],
    scripts: { ghost: "not-applied", tuned: "errors:0.3" },
  });
  try {
    const s = await setupRun(n, {
      url: emu.url,
      adapters: [{ name: "ghost" }, { name: "tuned" }],
      concurrency: 4,
      routingHeader: "x-session-id",
    });
    const warning = "WARNING: ghost's first 50 replies are byte for byte base's (text, calls and " +
      "finish reason): the adapter may not be applied; check that the server loaded it and " +
      "serves it under that name";
    const given: string[] = [];
    for (let i = 0; i < 2; i++) {
      const out = `${s.dir}/shard-${i}.jsonl`;
      const ran = await assess(["run", "-config", s.config, "-out", out, "-shard", `${i}/2`]);
      assert.equal(ran.code, 0, ran.stderr);
      const items = new Set(answers((await results(out)).file.records).map((r) => r.itemIndex));
      assert.ok(items.size >= 50, `shard ${i} holds ${items.size} items`);
      const lines = ran.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("progress "));
      assert.deepEqual(lines, [warning, warning], `shard ${i}`);
      given.push("-in", out);
    }
    const merged = await assess(["report", ...given, "-format", "json"]);
    assert.equal(merged.code, 0, merged.stderr);
    const report = JSON.parse(merged.stdout);
    const [ghost, tuned] = report.comparisons;
    assert.deepEqual(ghost.identical, { items: n, share: 1, suspect: true });
    assert.equal(ghost.outcome, "inconclusive");
    assert.equal(tuned.identical.suspect, false);
  } finally {
    await emu.close();
  }
});
