/**
 * Issue 28's "done when", as the real command line: `assess run` with `samples: 4` at temperature
 * 0.7 on the bundled rows against the emulator's sampled models records 4 answers per (model,
 * item), each asked with its own seed (the formula of reference/run.md, checked by the Python
 * reference against the request the server received), the same on a second run of the same config;
 * and `assess report` gives the item means, pass@k and pass^k, the paired intervals, the Holm
 * adjustment, the outcomes and the categories with the guard that reference/python/sampled_results.py
 * computes from the results file on its own, and `-gate` exits with the decision those make.
 */

import assert from "node:assert/strict";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText } from "../run/_fixtures.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { sampledRight, startEmulator } from "../support/vllm_emulator.ts";
import { runCommand, spawnCli } from "./_spawn.ts";

const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url).pathname;
const SAMPLED_RESULTS_PY = new URL(
  "../../reference/python/sampled_results.py",
  import.meta.url,
).pathname;
const N = 60;
const K = 4;
const MODELS = ["base", "tuned-a", "tuned-b"];
const skip = await pythonSkip("the sampled end-to-end test", "scipy");

interface Result {
  kind: string;
  model: string;
  itemId: number;
  itemIndex: number;
  sample: number;
  requestDigest: string;
  error: unknown;
  reply: unknown;
  verdict: { correct: boolean } | null;
}

/** The result records of a results file. */
async function results(path: string): Promise<Result[]> {
  return (await Deno.readTextFile(path)).split("\n").filter((l) => l !== "")
    .map((l) => JSON.parse(l)).filter((r) => r.kind === "result");
}

Deno.test({
  name: "samples: 4 on the bundled rows: 4 seeded answers per pair, and a report the Python " +
    "reference reproduces from the results file",
  ignore: skip !== null,
  fn: async () => {
    const rows = JSON.parse(await Deno.readTextFile(SAMPLE));
    const emu = await startEmulator({
      rows,
      adapters: ["tuned-a", "tuned-b"],
      scripts: Object.fromEntries(MODELS.map((m) => [m, { sampled: true }])),
      record: true,
    });
    const dir = await Deno.makeTempDir({ prefix: "assess_sampled_e2e_" });
    try {
      const config = `${dir}/assess.yaml`;
      await Deno.writeTextFile(
        config,
        configText({
          url: emu.url,
          adapters: [{ name: "tuned-a" }, { name: "tuned-b" }],
          datasetPath: SAMPLE,
          datasetSha256: sha256Hex(await Deno.readFile(SAMPLE)),
          size: N,
          samples: K,
          temperature: 0.7,
          decision: "  margin: 2\n  guard: [parallel, multiple]\n",
        }),
      );
      const hosts = [new URL(emu.url).host];
      const files = (out: string) => ({ config, dataset: SAMPLE, out });
      const out = `${dir}/results.jsonl`;
      const ran = await runCommand(files(out), hosts).output();
      assert.equal(ran.code, 0, new TextDecoder().decode(ran.stderr));

      // 4 answers per (model, item), samples 0 to 3, each right exactly when the emulator's truth
      // for the seed the formula gives says so (the Python reference checks the seeds sent).
      const recorded = await results(out);
      assert.equal(recorded.length, MODELS.length * N * K);
      const byPair = Map.groupBy(recorded, (r) => `${r.model}/${r.itemIndex}`);
      assert.equal(byPair.size, MODELS.length * N);
      for (const [pair, answers] of byPair) {
        assert.deepEqual(answers.map((r) => r.sample).sort(), [0, 1, 2, 3], pair);
        assert.ok(answers.every((r) => r.error === null && r.verdict !== null), pair);
      }
      const requests = `${dir}/requests.json`;
      await Deno.writeTextFile(requests, JSON.stringify(emu.requests.map((r) => r.text)));
      const py = JSON.parse(
        await runScript(SAMPLED_RESULTS_PY, { args: [out, requests], input: "", need: "scipy" }),
      );
      assert.equal(py.seeds.checked, MODELS.length * N * K);
      assert.deepEqual(py.seeds.wrong, []);

      // Each answer is right exactly when the emulator's draw for its query and seed is: the item
      // means the reference reads from the file are the emulator's truth.
      const queryOf = new Map(
        (rows as { id: number; query: string }[]).map((row) => [row.id, row.query]),
      );
      // Each answer's request is the one whose digest it records.
      const sent = new Map(
        emu.requests.map((r) => [sha256Hex(new TextEncoder().encode(r.text)), r.text]),
      );
      const seedOf = (r: Result) => /"seed"\s*:\s*(-?[0-9]+)/.exec(sent.get(r.requestDigest)!)![1]!;
      const indices = [...new Set(recorded.map((r) => r.itemIndex))].sort((a, b) => a - b);
      for (const model of MODELS) {
        const truth = indices.map((index) => {
          const answers = byPair.get(`${model}/${index}`)!;
          const query = queryOf.get(answers[0]!.itemId)!;
          assert.equal(new Set(answers.map(seedOf)).size, K, `${model} item ${index}: ${K} seeds`);
          return [K, answers.filter((r) => sampledRight(model, query, seedOf(r))).length];
        });
        assert.deepEqual(py.perItem[model], truth, model);
      }

      // A second run of the same configuration asks the same seeds: the same replies.
      const again = `${dir}/again.jsonl`;
      assert.equal((await runCommand(files(again), hosts).output()).code, 0);
      const key = (r: Result) => `${r.model}/${r.itemIndex}/${r.sample}`;
      const first = new Map(recorded.map((r) => [key(r), r.reply]));
      for (const r of await results(again)) assert.deepEqual(r.reply, first.get(key(r)), key(r));

      // The report's figures are the reference's.
      const read = [`--allow-read=${out}`];
      const json = await spawnCli(dir, read, ["report", "-in", out, "-format", "json"]);
      assert.equal(json.code, 0, json.err);
      const report = JSON.parse(json.out);
      assert.equal(report.models.length, MODELS.length);
      assert.equal(report.comparisons.length, 2);
      assert.equal(report.samples, K);
      const close = (a: number, b: number, what: string) =>
        assert.ok(Math.abs(a - b) < 1e-9, `${what}: report ${a}, Python ${b}`);
      for (const [n, m] of report.models.entries()) {
        const p = py.models[n];
        assert.equal(m.name, p.name);
        assert.equal(m.items, p.items);
        close(m.accuracy, p.accuracy, `${m.name} accuracy`);
        close(m.interval.lower, p.lower, `${m.name} lower`);
        close(m.interval.upper, p.upper, `${m.name} upper`);
        close(m.withinVariance, p.within, `${m.name} within`);
        close(m.betweenVariance ?? 0, p.between ?? 0, `${m.name} between`);
        for (const [k, e] of m.passK.entries()) {
          const q = p.passK[k];
          close(e.passAt, q.passAt, `${m.name} pass@${k + 1}`);
          close(e.passAtInterval.lower, q.passAtLower, `${m.name} pass@${k + 1} lower`);
          close(e.passAtInterval.upper, q.passAtUpper, `${m.name} pass@${k + 1} upper`);
          close(e.passAll, q.passAll, `${m.name} pass^${k + 1}`);
          close(e.passAllInterval.lower, q.passAllLower, `${m.name} pass^${k + 1} lower`);
          close(e.passAllInterval.upper, q.passAllUpper, `${m.name} pass^${k + 1} upper`);
        }
      }
      for (const [n, c] of report.comparisons.entries()) {
        const p = py.comparisons[n];
        assert.equal(c.adapter, p.adapter);
        assert.equal(c.items, p.items);
        close(c.difference, p.difference, `${c.adapter} difference`);
        close(c.interval.level, p.level, `${c.adapter} Holm level`);
        close(c.interval.lower, p.lower, `${c.adapter} lower`);
        close(c.interval.upper, p.upper, `${c.adapter} upper`);
        close(c.pValue, p.pValue, `${c.adapter} p`);
        close(c.pAdjusted, p.pAdjusted, `${c.adapter} Holm p`);
        assert.equal(c.outcome, p.outcome, c.adapter);
      }

      // The categories the results record: each model's, each comparison's, and the guard.
      assert.equal(report.categoriesFrom, "results");
      for (const m of report.models) {
        for (const [i, c] of m.categories.entries()) {
          const p = py.categories.models[m.name][i];
          assert.equal(c.name, p.name);
          assert.equal(c.items, p.items, `${m.name} ${c.name} items`);
          if (p.items === 0) continue;
          close(c.accuracy, p.accuracy, `${m.name} ${c.name} accuracy`);
          close(c.interval.lower, p.lower, `${m.name} ${c.name} lower`);
          close(c.interval.upper, p.upper, `${m.name} ${c.name} upper`);
        }
      }
      let categorised = 0;
      for (const c of report.comparisons) {
        const p = py.categories.comparisons[c.adapter];
        assert.deepEqual(c.guardWorse, p.guardWorse, c.adapter);
        for (const [i, x] of c.categories.entries()) {
          const q = p.categories[i];
          const what = `${c.adapter} ${x.name}`;
          assert.equal(x.items, q.items, `${what} items`);
          assert.equal(x.outcome, q.outcome, `${what} outcome`);
          if (q.items === 0) continue;
          categorised++;
          close(x.difference, q.difference, `${what} difference`);
          close(x.interval.level, q.level, `${what} Holm level`);
          close(x.interval.lower, q.lower, `${what} lower`);
          close(x.interval.upper, q.upper, `${what} upper`);
          close(x.pValue, q.pValue, `${what} p`);
          close(x.pAdjusted, q.pAdjusted, `${what} Holm p`);
        }
      }
      assert.ok(categorised >= 6, `${categorised} categories with paired items`);

      // -gate exits with what those outcomes and the guard decide; the other formats are written.
      const outcomes = py.comparisons.map((c: { outcome: string }) => c.outcome);
      const guarded = Object.values(py.categories.comparisons).some((c) =>
        (c as { guardWorse: string[] }).guardWorse.length > 0
      );
      const exit = outcomes.includes("worse") || guarded
        ? 1
        : outcomes.includes("inconclusive")
        ? 2
        : 0;
      const gate = await spawnCli(dir, read, ["report", "-in", out, "-gate"]);
      assert.equal(gate.code, exit, gate.err);
      for (const format of ["text", "markdown", "html"]) {
        const r = await spawnCli(dir, read, ["report", "-in", out, "-format", format]);
        assert.equal(r.code, 0, `${format}: ${r.err}`);
        assert.match(r.out, /4 samples per item/);
      }
    } finally {
      await emu.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
