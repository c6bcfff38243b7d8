/**
 * Differential test of split.v1 on chat-jsonl datasets: the TypeScript reader and split against
 * the Python reference (`reference/python/chat_jsonl.py`, `split_v1.py`) on generated datasets,
 * string and integer ids mixed. Skipped, with a message, only when there is no `python3`; a failure
 * instead under `ASSESS_REQUIRE_PYTHON=1`.
 */

import assert from "node:assert/strict";
import { Prng } from "./_prng.ts";
import { genChatDataset } from "./_chat_datasets.ts";
import { runPythonLines } from "./_python.ts";
import { pythonSkip } from "../support/python.ts";
import { sameSplit, splitDifference, type SplitOutcome, tsSplit } from "./_ts_side.ts";

const DATASETS = 120;
const SEED = 20261202;

const skip = await pythonSkip("chat split differential", "stdlib");

Deno.test({
  name: "differential: generated chat-jsonl datasets give the Python reference's split file",
  ignore: skip !== null,
  async fn() {
    const rng = new Prng(SEED);
    const dir = await Deno.makeTempDir({ prefix: "assess-chat-differential-" });
    try {
      const datasets = Array.from({ length: DATASETS }, () => genChatDataset(rng));
      const confirmOf = (i: number) => i % 3 === 1 ? 0.5 : undefined;
      const jobs = [];
      for (const [i, d] of datasets.entries()) {
        const path = `${dir}/dataset-${i}.jsonl`;
        await Deno.writeFile(path, d.bytes);
        const confirm = confirmOf(i);
        jobs.push({
          path,
          seed: d.seed,
          size: d.size,
          kind: "chat-jsonl",
          ...(confirm === undefined ? {} : { confirm }),
        });
      }
      const py = (await runPythonLines("split-batch", jobs)) as SplitOutcome[];
      const kinds = { split: 0, refusedDataset: 0, refusedSize: 0, twins: 0, stringIds: 0 };
      for (const [i, d] of datasets.entries()) {
        const ts = tsSplit(d.bytes, d.seed, d.size, confirmOf(i), "chat-jsonl");
        const p = py[i]!;
        assert.ok(
          sameSplit(ts, p),
          `dataset ${i} (seed ${JSON.stringify(d.seed)}, size ${d.size}) gives different ` +
            `splits:\n${d.lines.join("\n")}\n${splitDifference(ts, p)}`,
        );
        if ("file" in ts) {
          kinds.split++;
          const file = JSON.parse(ts.file);
          if (file.twins.length > 0) kinds.twins++;
          if (file.heldOut.some((e: { id: unknown }) => typeof e.id === "string")) {
            kinds.stringIds++;
          }
        } else kinds[ts.refused === "dataset" ? "refusedDataset" : "refusedSize"]++;
      }
      assert(kinds.split >= 60, `only ${kinds.split} datasets were split`);
      assert(kinds.twins >= 10, `only ${kinds.twins} splits had twins`);
      assert(kinds.refusedDataset >= 10, `only ${kinds.refusedDataset} datasets were refused`);
      console.log(
        `chat differential: ${DATASETS} datasets agree (${kinds.split} split files byte for byte, ` +
          `${kinds.twins} with twins, ${kinds.stringIds} holding string ids out; ` +
          `${kinds.refusedSize} sizes refused, ${kinds.refusedDataset} datasets refused)`,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
