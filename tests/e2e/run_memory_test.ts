/**
 * `assess run`'s heap does not follow the number of items (issue 42): the command line (`cli.ts`,
 * the config, the dataset, the split, the results file on disk, `runAssessment`) runs 16,000
 * items of two models in a process of its own under a V8 heap cap of 32 MiB, its server a `fetch`
 * in that process (`_run_fetch_in_process.ts`). Measured on one 17,000-row dataset (BENCHMARKS.md,
 * entry 30): 1,000 items need 18 to 20 MiB, 16,000 need 26 MiB; before the fix, which kept every
 * item's tools and answers on it once its request was written, 16,000 needed 56 MiB (48 was out of
 * memory).
 */

import assert from "node:assert/strict";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, RUN_ENV_NAMES, syntheticDataset } from "../run/_fixtures.ts";
import { results } from "../cli/_run_fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
/** The V8 heap cap, in MiB: 1,000 items need 18 to 20, 16,000 need 26 (56 before the fix). */
const HEAP_MIB = 32;
const ROWS = 17_000;
const ITEMS = 16_000;

Deno.test(
  `16,000 items of two models run under a V8 heap of ${HEAP_MIB} MiB`,
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
          size: ITEMS,
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
        `${out}: 32000 of 32000 answers recorded (0 errors, 0 not asked)\n`,
      );
      const { latest } = await results(out);
      assert.equal(latest.size, 2 * ITEMS);
      assert.ok([...latest.values()].every((r) => r.verdict?.correct === true));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
