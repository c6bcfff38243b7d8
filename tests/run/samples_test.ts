/**
 * `sampling.samples` above 1 in the run's core: every (model, item) asked K times with the seeds
 * `sampleSeed` derives, each record carrying its sample, the same replies from a second run of the
 * same configuration, and a resume that asks only the missing (model, item, sample) triples. The
 * emulator's sampled models are right with a per-item probability drawn from the request's seed,
 * so the test knows the truth of every answer.
 */

import assert from "node:assert/strict";
import { parseConfig } from "../../src/config/validate.ts";
import { resultKey } from "../../src/results/latest.ts";
import type { ResultRecord } from "../../src/results/records.ts";
import { readResume } from "../../src/run/resume.ts";
import { runAssessment, type RunInput } from "../../src/run/run.ts";
import { sampleSeed } from "../../src/run/sample_seed.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { readAll } from "../results/_read_all.ts";
import { sampledRight, startEmulator } from "../support/vllm_emulator.ts";
import { configText, syntheticItems, syntheticRows } from "./_fixtures.ts";
import { world } from "./_world.ts";

const N = 12;
const K = 4;
const ROWS = syntheticRows(N);
const ITEMS = syntheticItems(N, ROWS);
const SEED = 9007199254740993n;

function input(url: string, more: Partial<RunInput> = {}): RunInput {
  const config = parseConfig(
    configText({
      url,
      datasetPath: "data.json",
      datasetSha256: "a".repeat(64),
      size: N,
      adapters: [{ name: "tuned" }],
      concurrency: 3,
      samples: K,
      temperature: 0.7,
    }),
    { lookupScorer },
  );
  return {
    config,
    items: ITEMS,
    splitDigest: "b".repeat(64),
    scorer: lookupScorer("xlam-tool-call")!,
    server: { urls: [url], toolCallParser: "hermes", reasoningParser: null, urlSource: "file" },
    limits: { timeoutMs: 30_000, maxResponseBytes: 1 << 20, retries: 0 },
    resume: null,
    assessVersion: "0.1.0",
    out: "results.jsonl",
    ...more,
  };
}

async function results(text: string): Promise<ResultRecord[]> {
  const file = await readAll(new TextEncoder().encode(text));
  return file.records.filter((r): r is ResultRecord => r.kind === "result");
}

async function withSampledEmulator(body: (url: string) => Promise<void>) {
  const emu = await startEmulator({
    rows: ROWS,
    adapters: ["tuned"],
    scripts: { base: { sampled: true }, tuned: { sampled: true } },
  });
  try {
    await body(emu.url);
  } finally {
    await emu.close();
  }
}

const QUERY = new Map(ITEMS.map((item) => [item.index, item.query]));
const ID = new Map(ITEMS.map((item) => [item.index, item.id]));

Deno.test("samples: 4 asks every (model, item) 4 times, each with its own seed, and records which", async () => {
  await withSampledEmulator(async (url) => {
    const w = world(fetch);
    const outcome = await runAssessment(input(url), w.effects);
    assert.equal(outcome.kind, "complete");
    const file = await readAll(new TextEncoder().encode(w.written()));
    assert.equal(file.header.sampling.samples, K);
    const records = await results(w.written());
    assert.equal(records.length, 2 * N * K);
    const keys = new Set(records.map((r) => resultKey(r.model, r.itemIndex, r.sample)));
    assert.equal(keys.size, 2 * N * K);
    const rights = new Set<boolean>();
    for (const r of records) {
      assert.ok(r.sample !== undefined && r.sample >= 0 && r.sample < K);
      assert.equal(r.error, null);
      // The emulator's truth for the seed sampleSeed derives: the request carried that seed.
      const seed = sampleSeed(SEED, ID.get(r.itemIndex)!, r.sample);
      const right = sampledRight(r.model, QUERY.get(r.itemIndex)!, seed.toString());
      assert.equal(r.verdict?.correct, right, `${r.model} item ${r.itemIndex} sample ${r.sample}`);
      rights.add(right);
    }
    assert.deepEqual(rights, new Set([true, false]));
    // A second run of the same configuration records the same replies.
    const again = world(fetch);
    await runAssessment(input(url), again.effects);
    const reply = (rs: ResultRecord[]) =>
      new Map(
        rs.map((r) => [resultKey(r.model, r.itemIndex, r.sample), JSON.stringify(r.reply)]),
      );
    assert.deepEqual(reply(await results(again.written())), reply(records));
  });
});

Deno.test("samples: a run stopped part way resumes asking only the missing (model, item, sample)", async () => {
  await withSampledEmulator(async (url) => {
    const first = world(fetch, 30);
    const stopped = await runAssessment(input(url), first.effects);
    assert.equal(stopped.kind, "interrupted");
    const before = await results(first.written());
    assert.ok(before.length >= 30 && before.length < 2 * N * K, `${before.length}`);
    const resume = await readResume(new TextEncoder().encode(first.written()));
    const second = world(fetch);
    const resumed = await runAssessment(input(url, { resume }), second.effects);
    assert.equal(resumed.kind, "complete");
    const after = (await results(first.written() + second.written())).slice(before.length);
    // Nothing asked twice: the second session asked exactly the triples the first had not.
    const asked = (rs: ResultRecord[]) => rs.map((r) => resultKey(r.model, r.itemIndex, r.sample));
    const all = [...asked(before), ...asked(after)];
    assert.equal(all.length, 2 * N * K);
    assert.equal(new Set(all).size, 2 * N * K);
  });
});
