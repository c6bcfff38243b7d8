/**
 * `assess run`'s heap against the number of items: the command line run by
 * `tests/e2e/_run_fetch_in_process.ts` (its server a `fetch` in the process) on one dataset of
 * 17,000 small rows (`syntheticRows`), two models, `serving.concurrency: 16`, with 1,000, 4,000
 * and 16,000 held-out items (ASSESS_BENCH_ITEMS, such as `1000,16000`, picks them). For each: the
 * largest live heap after a full collection at every 1,000th request, the peak resident set size
 * without a cap (the median of `ASSESS_BENCH_ROUNDS` runs, 3 unless told, the sizes interleaved
 * round by round), and the least V8 heap (`--max-old-space-size`, in steps of 1 MiB from 12 MiB)
 * under which `ASSESS_BENCH_TRIES` runs in a row (5 unless told) complete, with how many of them
 * completed under 1 MiB less.
 *
 *     deno run --allow-read --allow-write --allow-run --allow-env tests/bench/run_heap_bench.ts
 */

import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, RUN_ENV_NAMES, syntheticDataset } from "../run/_fixtures.ts";
import { measure, median } from "./_measure.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const SIZES = (Deno.env.get("ASSESS_BENCH_ITEMS") ?? "1000,4000,16000").split(",").map(Number);
const ROUNDS = Number(Deno.env.get("ASSESS_BENCH_ROUNDS") ?? 3);
const TRIES = Number(Deno.env.get("ASSESS_BENCH_TRIES") ?? 5);
const dir = await Deno.makeTempDir({ prefix: "assess_run_heap_" });
const bytes = syntheticDataset(17_000);
const dataset = `${dir}/data.json`;
await Deno.writeFile(dataset, bytes);

/** The arguments of `deno` that run `size` items with these V8 flags (none: `""`). */
function runArgs(size: number, v8: string, heapSamples: boolean): string[] {
  const config = `${dir}/assess-${size}.yaml`;
  const out = `${dir}/out-${size}.jsonl`;
  return [
    "run",
    "--quiet",
    ...(v8 === "" ? [] : [`--v8-flags=${v8}`]),
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
  ];
}

/** Runs `size` items with these V8 flags: whether it completed, and its stderr. */
async function runItems(size: number, v8: string, heapSamples: boolean) {
  await Deno.remove(`${dir}/out-${size}.jsonl`).catch(() => {});
  const ran = await new Deno.Command(Deno.execPath(), {
    args: runArgs(size, v8, heapSamples),
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { ok: ran.code === 0, stderr: new TextDecoder().decode(ran.stderr) };
}

/**
 * How many of `TRIES` runs of `size` items complete under a V8 heap of `mib` MiB; with `early`, it
 * stops at the first that does not.
 */
async function completed(size: number, mib: number, early: boolean): Promise<number> {
  let ok = 0;
  for (let t = 0; t < TRIES; t++) {
    if ((await runItems(size, `--max-old-space-size=${mib}`, false)).ok) ok++;
    else if (early) break;
  }
  return ok;
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
  }
  const rss = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of SIZES) {
      await Deno.remove(`${dir}/out-${size}.jsonl`).catch(() => {});
      rss.get(size)!.push((await measure(runArgs(size, "", false))).rss);
    }
  }
  for (const size of SIZES) {
    const sampled = await runItems(size, "--expose-gc", true);
    const live = Number(/live heap (\d+) bytes/.exec(sampled.stderr)?.[1] ?? NaN);
    let least = 12;
    while (least < 128 && (await completed(size, least, true)) < TRIES) least++;
    const below = await completed(size, least - 1, false);
    console.log(
      `${size} items: live heap ${(live / 1e6).toFixed(1)} MB, peak RSS ${
        (median(rss.get(size)!) / 1024).toFixed(1)
      } MiB, least V8 heap ${least} MiB (${TRIES} of ${TRIES}; ${below} of ${TRIES} under ${
        least - 1
      })`,
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
