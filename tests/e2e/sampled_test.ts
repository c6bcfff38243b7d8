/**
 * Issue 28's "done when", as the real command line: `assess run` with `samples: 4` at temperature
 * 0.7 on the bundled rows against the emulator's sampled models records 4 answers per (model,
 * item), each asked with its own seed (the formula of reference/run.md, checked by the Python
 * reference against the request the server received), the same on a second run of the same config;
 * and `assess report` gives every figure reference/python/sampled_results.py computes from the
 * results file on its own (tests/reference/_sampled_compare.ts lists them: the item means, pass@k
 * and pass^k, the paired intervals, the Holm adjustment, the outcomes, the detectable differences,
 * the categories with the guard; no sample errs here, so the error sensitivity is `null` on both
 * sides), and `-gate` exits with the decision those make.
 */

import assert from "node:assert/strict";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText } from "../run/_fixtures.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { sampledRight, startEmulator } from "../support/vllm_emulator.ts";
import { sampledDisagreements } from "../reference/_sampled_compare.ts";
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

/** The emulator's rows, the run's configuration and what the helpers below share. */
interface Run {
  readonly dir: string;
  readonly config: string;
  readonly out: string;
  readonly hosts: string[];
  readonly rows: { id: number; query: string }[];
}

/** `assess run` of the configuration into `out`. */
async function run(r: Run, out: string): Promise<void> {
  const ran = await runCommand({ config: r.config, dataset: SAMPLE, out }, r.hosts).output();
  assert.equal(ran.code, 0, new TextDecoder().decode(ran.stderr));
}

/** 4 answers per (model, item), samples 0 to 3, none errored; grouped by pair. */
function answersPerPair(recorded: readonly Result[]): Map<string, Result[]> {
  assert.equal(recorded.length, MODELS.length * N * K);
  const byPair = Map.groupBy(recorded, (r) => `${r.model}/${r.itemIndex}`);
  assert.equal(byPair.size, MODELS.length * N);
  for (const [pair, answers] of byPair) {
    assert.deepEqual(answers.map((r) => r.sample).sort(), [0, 1, 2, 3], pair);
    assert.ok(answers.every((r) => r.error === null && r.verdict !== null), pair);
  }
  return byPair;
}

/**
 * Each answer is right exactly when the emulator's draw for its query and the seed its request
 * carried is: the per-item counts the reference reads from the file are the emulator's truth.
 */
function countsAreTheTruth(
  r: Run,
  recorded: readonly Result[],
  requests: readonly { text: string }[],
  py: { perItem: Record<string, number[][]> },
): void {
  const byPair = answersPerPair(recorded);
  const queryOf = new Map(r.rows.map((row) => [row.id, row.query]));
  // Each answer's request is the one whose digest it records.
  const sent = new Map(
    requests.map((q) => [sha256Hex(new TextEncoder().encode(q.text)), q.text]),
  );
  const seedOf = (x: Result) => /"seed"\s*:\s*(-?[0-9]+)/.exec(sent.get(x.requestDigest)!)![1]!;
  const indices = [...new Set(recorded.map((x) => x.itemIndex))].sort((a, b) => a - b);
  for (const model of MODELS) {
    const truth = indices.map((index) => {
      const answers = byPair.get(`${model}/${index}`)!;
      const query = queryOf.get(answers[0]!.itemId)!;
      assert.equal(new Set(answers.map(seedOf)).size, K, `${model} item ${index}: ${K} seeds`);
      return [K, answers.filter((x) => sampledRight(model, query, seedOf(x))).length];
    });
    assert.deepEqual(py.perItem[model], truth, model);
  }
}

/** A second run of the same configuration asks the same seeds: the same replies. */
async function sameOnceMore(r: Run, recorded: readonly Result[]): Promise<void> {
  const again = `${r.dir}/again.jsonl`;
  await run(r, again);
  const key = (x: Result) => `${x.model}/${x.itemIndex}/${x.sample}`;
  const first = new Map(recorded.map((x) => [key(x), x.reply]));
  for (const x of await results(again)) assert.deepEqual(x.reply, first.get(key(x)), key(x));
}

/** The report's JSON: every figure the reference's (tests/reference/_sampled_compare.ts). */
// deno-lint-ignore no-explicit-any -- parsed JSON, compared field by field
async function reportIsTheReference(r: Run, read: string[], py: any): Promise<void> {
  const json = await spawnCli(r.dir, read, ["report", "-in", r.out, "-format", "json"]);
  assert.equal(json.code, 0, json.err);
  const report = JSON.parse(json.out);
  assert.equal(report.models.length, MODELS.length);
  assert.equal(report.comparisons.length, 2);
  assert.equal(report.samples, K);
  assert.equal(report.categoriesFrom, "results");
  assert.deepEqual(sampledDisagreements(report, py), []);
  const categorised =
    report.comparisons.flatMap((c: { categories: { items: number }[] }) =>
      c.categories.filter((x) => x.items > 0)
    ).length;
  assert.ok(categorised >= 6, `${categorised} categories with paired items`);
}

/** -gate exits with what the reference's outcomes and guard decide; the other formats are made. */
async function gateAndFormats(
  r: Run,
  read: string[],
  py: {
    comparisons: { outcome: string }[];
    categories: { comparisons: Record<string, { guardWorse: string[] }> };
  },
): Promise<void> {
  const outcomes = py.comparisons.map((c) => c.outcome);
  const guarded = Object.values(py.categories.comparisons).some((c) => c.guardWorse.length > 0);
  const exit = outcomes.includes("worse") || guarded
    ? 1
    : outcomes.includes("inconclusive")
    ? 2
    : 0;
  const gate = await spawnCli(r.dir, read, ["report", "-in", r.out, "-gate"]);
  assert.equal(gate.code, exit, gate.err);
  for (const format of ["text", "markdown", "html"]) {
    const made = await spawnCli(r.dir, read, ["report", "-in", r.out, "-format", format]);
    assert.equal(made.code, 0, `${format}: ${made.err}`);
    assert.match(made.out, /4 samples per item/);
  }
}

/** The configuration: 60 bundled rows, two adapters, 4 samples at 0.7, a margin and a guard. */
async function writeConfig(dir: string, url: string): Promise<string> {
  const config = `${dir}/assess.yaml`;
  await Deno.writeTextFile(
    config,
    configText({
      url,
      adapters: [{ name: "tuned-a" }, { name: "tuned-b" }],
      datasetPath: SAMPLE,
      datasetSha256: sha256Hex(await Deno.readFile(SAMPLE)),
      size: N,
      samples: K,
      temperature: 0.7,
      decision: "  margin: 2\n  guard: [parallel, multiple]\n",
    }),
  );
  return config;
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
      const r: Run = {
        dir,
        config: await writeConfig(dir, emu.url),
        out: `${dir}/results.jsonl`,
        hosts: [new URL(emu.url).host],
        rows,
      };
      await run(r, r.out);
      const recorded = await results(r.out);
      const requests = `${dir}/requests.json`;
      await Deno.writeTextFile(requests, JSON.stringify(emu.requests.map((q) => q.text)));
      const py = JSON.parse(
        await runScript(SAMPLED_RESULTS_PY, { args: [r.out, requests], input: "", need: "scipy" }),
      );
      // The seed each request carried is the formula's (the reference checks them).
      assert.equal(py.seeds.checked, MODELS.length * N * K);
      assert.deepEqual(py.seeds.wrong, []);
      countsAreTheTruth(r, recorded, emu.requests, py);
      await sameOnceMore(r, recorded);
      const read = [`--allow-read=${r.out}`];
      await reportIsTheReference(r, read, py);
      await gateAndFormats(r, read, py);
    } finally {
      await emu.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
