/**
 * Differential test of the probe items: `probeItems` (src/split/probes.ts) against the Python
 * reference (`reference/python/probes.py`, written from reference/split.md's "Probes") on generated
 * xlam and chat-jsonl datasets: every probe item's id, tools in order, answer's calls and system
 * prompt. Skipped,
 * with a message, only when there is no `python3`; a failure instead under
 * `ASSESS_REQUIRE_PYTHON=1`.
 */

import assert from "node:assert/strict";
import { Prng } from "./_prng.ts";
import { runPythonLines } from "./_python.ts";
import { pythonSkip } from "../support/python.ts";
import { genChatDataset } from "./_chat_datasets.ts";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import type { Item } from "../../src/dataset/item.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { heldOutItems, takeSplit } from "../../src/split/split.ts";
import { type Probe, type ProbeItems, probeItems } from "../../src/split/probes.ts";

const DATASETS = 40;
const SEED = 20261207;
const NAMES = Array.from({ length: 14 }, (_, k) => `tool_${k}`);

const skip = await pythonSkip("probes differential", "stdlib");

/** A dataset of 10 to 40 rows, 0 to 5 tools each (a name twice now and then: ineligible). */
function genDataset(rng: Prng): { bytes: Uint8Array; eligible: number } {
  const rows = [];
  let eligible = 0;
  const ids = rng.shuffle(Array.from({ length: 200 }, (_, k) => k - 20)).slice(
    0,
    rng.range(10, 40),
  );
  for (const id of ids) {
    const tools = rng.shuffle(NAMES).slice(0, rng.range(0, 5));
    if (tools.length > 0 && rng.chance(0.05)) tools.push(tools[0]!);
    else eligible++;
    const calls = tools.length === 0 ? [] : Array.from(
      { length: rng.range(0, 3) },
      () => rng.pick(tools),
    );
    rows.push({
      id,
      query: `question ${id}`,
      tools: JSON.stringify(tools.map((name) => ({
        name,
        description: `does ${name}`,
        parameters: { x: { type: "int", description: "x" } },
      }))),
      answers: JSON.stringify(calls.map((name) => ({ name, arguments: { x: 1 } }))),
    });
  }
  return { bytes: new TextEncoder().encode(JSON.stringify(rows)), eligible };
}

/** What the Python reference gives of each probe item: id, tools' names, calls, system prompt. */
function compared(sets: readonly ProbeItems[]) {
  return sets.map((set) => ({
    name: set.name,
    items: set.items.map((item: Item) => [
      item.id,
      item.tools.map((tool) => tool.name),
      item.answers.length,
      item.system ?? null,
    ]),
  }));
}

function genProbes(rng: Prng): Probe[] {
  const probes: Probe[] = ["irrelevance", "shuffled-tools", { distractors: rng.range(1, 12) }];
  if (rng.chance(0.5)) probes.push({ distractors: rng.range(13, 16) });
  probes.push({ system: ["Be brief.", null] });
  return rng.shuffle(probes);
}

Deno.test({
  name: "differential: generated xlam splits give the Python reference's probe items",
  ignore: skip !== null,
  async fn() {
    const rng = new Prng(SEED);
    const dir = await Deno.makeTempDir({ prefix: "assess-probes-differential-" });
    try {
      const jobs = [];
      const expected = [];
      let items = 0;
      let leftOut = 0;
      for (let i = 0; i < DATASETS; i++) {
        const { bytes, eligible } = genDataset(rng);
        if (eligible === 0) continue;
        const path = `${dir}/dataset-${i}.json`;
        await Deno.writeFile(path, bytes);
        const seed = `seed-${i}`;
        const size = rng.range(1, eligible);
        const probes = genProbes(rng);
        jobs.push({ path, seed, size, probes });
        const dataset = loadDataset(bytes, sha256Hex(bytes));
        const split = takeSplit(dataset, { seed, size });
        const sets = probeItems(heldOutItems(dataset, split), { digest: split.digest, probes });
        expected.push(compared(sets));
        for (const set of sets) {
          items += set.items.length;
          if (set.name !== "system") leftOut += size - set.items.length;
        }
      }
      const py = await runPythonLines("probes", jobs);
      for (const [k, job] of jobs.entries()) {
        assert.deepEqual(expected[k], py[k], `${job.path} (seed ${job.seed}, size ${job.size})`);
      }
      assert(items > 1000, `only ${items} probe items`);
      assert(leftOut > 50, `only ${leftOut} items left out of a probe`);
      console.log(`probes differential: ${jobs.length} splits, ${items} probe items agree`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "differential: generated chat-jsonl splits give the Python reference's probe items",
  ignore: skip !== null,
  async fn() {
    const rng = new Prng(SEED + 1);
    const dir = await Deno.makeTempDir({ prefix: "assess-probes-chat-differential-" });
    try {
      const jobs = [];
      const expected = [];
      let items = 0;
      let calledEarlier = 0;
      for (let i = 0; i < 150; i++) {
        const gen = genChatDataset(rng);
        let dataset;
        try {
          dataset = loadChatDataset(gen.bytes, sha256Hex(gen.bytes));
        } catch {
          continue; // a dataset refused on purpose
        }
        const size = Math.min(gen.size, dataset.eligibleCount);
        if (size < 1) continue;
        const path = `${dir}/dataset-${i}.jsonl`;
        await Deno.writeFile(path, gen.bytes);
        const probes = genProbes(rng);
        jobs.push({ path, seed: gen.seed, size, probes, kind: "chat-jsonl" });
        const split = takeSplit(dataset, { seed: gen.seed, size });
        let sets;
        try {
          sets = probeItems(heldOutItems(dataset, split), { digest: split.digest, probes });
        } catch {
          jobs.pop(); // a held-out id that is a probe item's (refused, tested elsewhere)
          continue;
        }
        expected.push(compared(sets));
        for (const set of sets) {
          items += set.items.length;
          calledEarlier += set.calledEarlier;
        }
      }
      const py = await runPythonLines("probes", jobs);
      for (const [k, job] of jobs.entries()) {
        assert.deepEqual(expected[k], py[k], `${job.path} (seed ${job.seed}, size ${job.size})`);
      }
      assert(items > 1000, `only ${items} probe items`);
      assert(calledEarlier > 50, `only ${calledEarlier} left out as called earlier`);
      console.log(
        `probes chat differential: ${jobs.length} splits, ${items} probe items agree ` +
          `(${calledEarlier} left out of irrelevance as called earlier)`,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
