/**
 * `assess run`'s V8 heap does not grow with the number of items (issue 42): the command line
 * (`cli.ts`, the config, the dataset, the split, the results file on disk, `runAssessment`) runs
 * 1,000 and 16,000 items of two models, each in a process of its own under one V8 heap cap, its
 * server a `fetch` in that process (`_run_fetch_in_process.ts`), on one 17,000-row dataset. The
 * least cap 1,000 items need is 16 MiB (BENCHMARKS.md, entry NEW-heap: 5 runs of 5 complete under
 * it, none under 15), and 16,000 items complete under the same 16 MiB (5 of 5, and 10 of 10 in
 * another series); as near its limit the collector fails a run now and then, at any size, while
 * the dataset loads (the peak every size shares, before any item is held), both run under 18 MiB.
 * Before, 16,000 items needed 19 to 21 MiB and failed under 18. The run keeps its held-out items
 * as bytes outside the heap (`PackedItems`), each built when its request is written or its reply
 * scored, and what it keeps of each item is a few bytes in typed arrays (each pair's state, its
 * place in the queue, its replica, the baseline's fingerprint); the split is taken for its
 * held-out items and digest only (`takeHeldOut`). Before entry 35, 16,000 items needed 26 MiB
 * (56 before issue 42's first fix).
 */

import assert from "node:assert/strict";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, RUN_ENV_NAMES, syntheticDataset } from "../run/_fixtures.ts";
import { results } from "../cli/_run_fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ROWS = 17_000;
/**
 * The V8 heap cap both runs have, in MiB: the least that 1,000 items need (16), and 2 MiB for the
 * collector near its limit.
 */
const HEAP_MIB = 18;
/** How many items each run holds out. */
const RUNS: readonly number[] = [1_000, 16_000];

for (const items of RUNS) {
  Deno.test(
    `${items.toLocaleString("en")} items of two models run under one V8 heap cap, ${HEAP_MIB} MiB`,
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
            `--v8-flags=--max-old-space-size=${HEAP_MIB}`,
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
