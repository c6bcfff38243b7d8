/**
 * `assess run`'s heap does not follow the number of items beyond the items themselves (issue 42):
 * the command line (`cli.ts`, the config, the dataset, the split, the results file on disk,
 * `runAssessment`) runs 1,000 and 16,000 items of two models, each in a process of its own under a
 * V8 heap cap, its server a `fetch` in that process (`_run_fetch_in_process.ts`), on one
 * 17,000-row dataset. Measured (BENCHMARKS.md, entry 35): 1,000 items need 16 MiB, 16,000 need 20
 * MiB. What the 16,000 hold beyond the 1,000 is the 15,000 more held-out items the run sends (each
 * its row's query, tools and answer texts, about 300 bytes); a run's state is a few bytes an item
 * (each pair's state, each model's replica, the baseline's fingerprints, in arrays by the item's
 * position). Before (a map entry, a key and an array or object per item, the split's entry and
 * content hash for each held-out item, and the dataset's other rows held for the whole run),
 * 1,000 items needed 18 to 20 MiB and 16,000 needed 26 (56 before issue 42's first fix).
 */

import assert from "node:assert/strict";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, RUN_ENV_NAMES, syntheticDataset } from "../run/_fixtures.ts";
import { results } from "../cli/_run_fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ROWS = 17_000;
/**
 * Items and the V8 heap cap each runs under, in MiB: 2 MiB above what each needs, 1,000 items 16,
 * 16,000 items 20. Before, 16,000 items needed 26 and 1,000 needed 18 to 20.
 */
const RUNS: readonly { readonly items: number; readonly heapMib: number }[] = [
  { items: 1_000, heapMib: 18 },
  { items: 16_000, heapMib: 22 },
];

for (const { items, heapMib } of RUNS) {
  Deno.test(
    `${items.toLocaleString("en")} items of two models run under a V8 heap of ${heapMib} MiB`,
    { permissions: { read: true, write: true, run: true } },
    async () => {
      const dir = await Deno.makeTempDir({ prefix: "assess_run_memory_" });
      try {
        const bytes = syntheticDataset(ROWS);
        const dataset = `${dir}/data.json`;
        await Deno.writeFile(dataset, bytes);
        const config = `${dir}/assess.yaml`;
        await Deno.writeTextFile(
          config,
          configText({
            url: "http://127.0.0.1:8000/v1",
            datasetPath: dataset,
            datasetSha256: sha256Hex(bytes),
            size: items,
            adapters: [{ name: "tuned" }],
            concurrency: 16,
          }),
        );
        const out = `${dir}/results.jsonl`;
        const ran = await new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--quiet",
            `--v8-flags=--max-old-space-size=${heapMib}`,
            `--allow-read=${config},${dataset},${out}`,
            `--allow-write=${out}`,
            "--allow-net=127.0.0.1:8000",
            `--allow-env=${RUN_ENV_NAMES}`,
            "tests/e2e/_run_fetch_in_process.ts",
            "-config",
            config,
            "-out",
            out,
          ],
          cwd: ROOT,
          stdin: "null",
          stdout: "piped",
          stderr: "piped",
          env: { NO_COLOR: "1" },
        }).output();
        const stderr = new TextDecoder().decode(ran.stderr);
        // Out of memory, V8 ends the process (a signal, or its code 133) with its report on stderr.
        assert.equal(ran.code, 0, stderr.slice(-2000));
        assert.equal(
          new TextDecoder().decode(ran.stdout),
          `${out}: ${2 * items} of ${2 * items} answers recorded (0 errors, 0 not asked)\n`,
        );
        const { latest } = await results(out);
        assert.equal(latest.size, 2 * items);
        assert.ok([...latest.values()].every((r) => r.verdict?.correct === true));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  );
}
