/**
 * Clustered items through the command line: `assess run` records each result's cluster (an xlam
 * item's tools' names), `assess report` reads them from the results file alone, a file without
 * them says every item is its own cluster (and `-config` computes them from the dataset), and a
 * chat-jsonl line whose cluster is not a string is refused (exit 65) naming the line.
 */

import assert from "node:assert/strict";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { assess } from "./_in_process.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("clusters: recorded by the run, read by the report alone, computed with -config for a file without them", async () => {
  const rows = 60;
  const emu = await startEmulator({ rows: syntheticRows(rows), adapters: ["tuned"] });
  let dir: string | undefined;
  try {
    const s = await setupRun(rows, { url: emu.url, adapters: [{ name: "tuned" }], size: 40 });
    dir = s.dir;
    const run = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(run.code, 0, run.stderr);
    const lines = (await Deno.readTextFile(s.out)).split("\n").filter((l) => l !== "");
    const results = lines.map((l) => JSON.parse(l)).filter((r) => r.kind === "result");
    assert.ok(results.length > 0);
    for (const r of results) {
      // syntheticRows: item i offers tool_{i % 7} alone.
      assert.equal(r.cluster, JSON.stringify([`tool_${r.itemId % 7}`]), `item ${r.itemId}`);
    }
    const clusters = new Set(results.map((r) => r.cluster)).size;
    const report = async (file: string, config: boolean) => {
      const ran = await assess([
        "report",
        "-in",
        file,
        ...(config ? ["-config", s.config] : []),
        "-format",
        "json",
      ]);
      assert.equal(ran.code, 0, ran.stderr);
      return JSON.parse(ran.stdout);
    };
    const recorded = await report(s.out, false);
    assert.equal(recorded.clustersFrom, "results");
    assert.equal(recorded.comparisons[0].clusters.clusters, clusters);
    assert.equal(recorded.comparisons[0].clusters.method, "clustered"); // 7 clusters: too few to measure
    // The same file without its clusters: one item per cluster, said; -config computes them.
    const older = `${s.dir}/older.jsonl`;
    await Deno.writeTextFile(
      older,
      lines.map((l) => {
        const r = JSON.parse(l);
        delete r.cluster;
        return JSON.stringify(r) + "\n";
      }).join(""),
    );
    const unknown = await report(older, false);
    assert.equal(unknown.clustersFrom, null);
    assert.equal(unknown.comparisons[0].clusters, undefined);
    const text = await assess(["report", "-in", older]);
    assert.match(text.stdout, /clusters +not recorded in this results file/);
    const computed = await report(older, true);
    assert.equal(computed.clustersFrom, "dataset");
    assert.deepEqual(computed.comparisons[0].clusters, recorded.comparisons[0].clusters);
  } finally {
    await emu.close();
    if (dir !== undefined) await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("clusters: a chat-jsonl line whose cluster is not a string is refused, exit 65", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess_cluster_chat_" });
  try {
    const source = await Deno.readTextFile(`${ROOT}reference/testdata/chat/tickets.jsonl`);
    const [first, ...rest] = source.split("\n");
    const line = JSON.parse(first!);
    const data = [JSON.stringify({ ...line, cluster: 7 }), ...rest].join("\n");
    const path = `${dir}/tickets.jsonl`;
    await Deno.writeTextFile(path, data);
    const config = (await Deno.readTextFile(`${ROOT}reference/testdata/chat/assess.yaml`))
      .replace("path: reference/testdata/chat/tickets.jsonl", `path: ${path}`)
      .replace(/sha256: [0-9a-f]{64}/, `sha256: ${sha256Hex(new TextEncoder().encode(data))}`);
    await Deno.writeTextFile(`${dir}/assess.yaml`, config);
    const ran = await assess(["split", "-config", `${dir}/assess.yaml`, "-out", `${dir}/s.json`]);
    assert.equal(ran.code, 65, ran.stderr);
    assert.match(
      ran.stderr,
      /line 1 \(id "hd-001"\): the cluster 7 is not a string \(it names the items counted together\)/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
