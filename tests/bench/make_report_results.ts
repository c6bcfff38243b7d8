/**
 * Makes the results file the report benchmark reads: `assess run` against the vLLM emulator
 * (tests/support/vllm_emulator.ts), 3 models × N items (default 60,000) of a synthetic dataset,
 * the baseline and two adapters scripted with different error rates and a few truncations.
 *
 *   deno run -A tests/bench/make_report_results.ts [OUT] [N]
 *
 * OUT defaults to bench-data/report-3x60k.jsonl (gitignored). The run's configuration and dataset
 * are kept beside it, as OUT.yaml and OUT.data.json, for `assess report -config OUT.yaml`. It
 * takes a few minutes: 180,000 requests through the real client, scored and recorded.
 *
 * @module
 */

import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const out = Deno.args[0] ?? `${ROOT}bench-data/report-3x60k.jsonl`;
const n = Number(Deno.args[1] ?? 60_000);

const emu = await startEmulator({
  rows: syntheticRows(n),
  adapters: ["tuned-a", "tuned-b"],
  scripts: {
    base: "errors:0.38,truncate:0.02",
    "tuned-a": "errors:0.33,truncate:0.01",
    "tuned-b": "errors:0.36,truncate:0.02",
  },
});
try {
  const s = await setupRun(n, {
    url: emu.url,
    adapters: [{ name: "tuned-a" }, { name: "tuned-b" }],
    concurrency: 64,
  });
  const { onStopSignal: _signals, ...real } = denoIo();
  const started = performance.now();
  const code = await runCli(["run", "-config", s.config, "-out", s.out], {
    ...real,
    env: () => undefined,
  });
  if (code !== 0) throw new Error(`assess run exited ${code}`);
  await Deno.mkdir(out.slice(0, out.lastIndexOf("/")) || ".", { recursive: true });
  await Deno.copyFile(s.out, out);
  await Deno.copyFile(s.dataset, `${out}.data.json`);
  await Deno.writeTextFile(
    `${out}.yaml`,
    (await Deno.readTextFile(s.config)).replace(`path: ${s.dataset}`, `path: ${out}.data.json`),
  );
  const size = (await Deno.stat(out)).size;
  console.log(
    `${out}: ${n} items × 3 models, ${size} bytes, in ${
      ((performance.now() - started) / 1000).toFixed(0)
    } s`,
  );
  await Deno.remove(s.dir, { recursive: true });
} finally {
  await emu.close();
}
