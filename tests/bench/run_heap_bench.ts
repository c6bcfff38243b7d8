/**
 * `assess run`'s heap against the number of items: the command line run by
 * `tests/e2e/_run_fetch_in_process.ts` (its server a `fetch` in the process) on one dataset of
 * 17,000 small rows (`syntheticRows`), two models, `serving.concurrency: 16`, with 1,000, 4,000
 * and 16,000 held-out items (ASSESS_BENCH_ITEMS, such as `1000,16000`, picks them). For each: the
 * largest live heap after a full collection at every 1,000th request, and the least V8 heap
 * (`--max-old-space-size`, in steps of 2 MiB from 16 MiB) the run completes under.
 *
 *     deno run --allow-read --allow-write --allow-run --allow-env tests/bench/run_heap_bench.ts
 */

import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, RUN_ENV_NAMES, syntheticDataset } from "../run/_fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const SIZES = (Deno.env.get("ASSESS_BENCH_ITEMS") ?? "1000,4000,16000").split(",").map(Number);
const dir = await Deno.makeTempDir({ prefix: "assess_run_heap_" });
const bytes = syntheticDataset(17_000);
const dataset = `${dir}/data.json`;
await Deno.writeFile(dataset, bytes);

/** Runs `size` items with these V8 flags: whether it completed, and its stderr. */
async function runItems(size: number, v8: string, heapSamples: boolean) {
  const config = `${dir}/assess-${size}.yaml`;
  const out = `${dir}/out-${size}.jsonl`;
  await Deno.remove(out).catch(() => {});
  const ran = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--v8-flags=${v8}`,
      `--allow-read=${config},${dataset},${out}`,
      `--allow-write=${out}`,
      "--allow-net=127.0.0.1:8000",
      `--allow-env=${RUN_ENV_NAMES}`,
      "tests/e2e/_run_fetch_in_process.ts",
      ...(heapSamples ? ["-heap-samples"] : []),
      "-config",
      config,
      "-out",
      out,
    ],
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { ok: ran.code === 0, stderr: new TextDecoder().decode(ran.stderr) };
}

try {
  for (const size of SIZES) {
    await Deno.writeTextFile(
      `${dir}/assess-${size}.yaml`,
      configText({
        url: "http://127.0.0.1:8000/v1",
        datasetPath: dataset,
        datasetSha256: sha256Hex(bytes),
        size,
        adapters: [{ name: "tuned" }],
        concurrency: 16,
      }),
    );
    const sampled = await runItems(size, "--expose-gc", true);
    const live = Number(/live heap (\d+) bytes/.exec(sampled.stderr)?.[1] ?? NaN);
    let least = 16;
    while (least <= 128 && !(await runItems(size, `--max-old-space-size=${least}`, false)).ok) {
      least += 2;
    }
    console.log(
      `${size} items: live heap ${(live / 1e6).toFixed(1)} MB, least V8 heap ${least} MiB`,
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
