/**
 * `assess selftest` on a 60,000-row dataset shaped like xlam-function-calling-60k, split size
 * 59,000, against `assess split` on the same file and split (the baseline), in the same bench run.
 * The scoring part of the self-test (a key and an empty reply scored for every held-out item) is
 * the difference; the target is at most 50% of `assess split`'s time.
 *
 * The two commands run as their own `deno run` processes (wall time). Wall time on a busy machine
 * swings by a factor of two, so the CPU time of each part (the split's work: read the rows, take
 * the split, its file's text; then the scoring) in one cold process is printed first, 3 runs.
 *
 * Put the 60,000-row data at bench-data/xlam-like-60k.json (about 95 MB; gitignored; see
 * _bench_data.ts), then: deno bench --allow-read --allow-write --allow-run --allow-env tests/bench/selftest_bench.ts
 *
 * @module
 */

import { benchConfig, benchDataReady, DATA, deno, ROOT, SHA256, splitArgs } from "./_bench_data.ts";

const SEED = "assess-v1";
const SIZE = 59_000;

const ready = benchDataReady("selftest_bench");

const dir = Deno.makeTempDirSync({ prefix: "assess-selftest-bench-" });
const config = `${dir}/assess.yaml`;
const out = `${dir}/out`;
Deno.mkdirSync(out);
Deno.writeTextFileSync(config, benchConfig(SEED, SIZE));

// The CPU time (all threads, so GC included) of each part in one cold process: less swayed by a
// busy machine than wall time. Printed once, before the timings.
const phases = `${dir}/phases.ts`;
Deno.writeTextFileSync(
  phases,
  `import process from "node:process";
import { loadDataset } from "${ROOT}src/dataset/dataset.ts";
import { heldOutItems, splitFileText, takeSplit } from "${ROOT}src/split/split.ts";
import { selftest } from "${ROOT}src/score/selftest.ts";
import { xlamToolCall } from "${ROOT}src/score/xlam_tool_call.ts";
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const bytes = await Deno.readFile(${JSON.stringify(DATA)});
let t = cpu();
const dataset = loadDataset(bytes, "${SHA256}");
const split = takeSplit(dataset, { seed: "${SEED}", size: ${SIZE} });
splitFileText(split);
const splitMs = cpu() - t;
t = cpu();
// As \`assess selftest\` does: the scorer, then its lenient reading.
const items = heldOutItems(dataset, split);
const result = selftest(xlamToolCall, items, { ordering: "any" });
const lenient = selftest(xlamToolCall.lenient!, items, { ordering: "any" });
const scoreMs = cpu() - t;
if (result.keysCorrect !== ${SIZE} || lenient.keysCorrect !== ${SIZE}) {
  throw new Error("the self-test failed");
}
console.log(Math.round(splitMs), Math.round(scoreMs));
`,
);

if (ready) {
  const runs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { code, stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", `--allow-read=${ROOT},${DATA},${dir}`, phases],
      cwd: ROOT,
      stdout: "piped",
      stderr: "inherit",
    }).output();
    if (code !== 0) throw new Error(`phases: exit ${code}`);
    const [split, score] = new TextDecoder().decode(stdout).trim().split(" ").map(Number);
    runs.push(`split ${split} ms, scoring ${score} ms (+${(100 * score! / split!).toFixed(0)}%)`);
  }
  console.log(`selftest_bench: CPU time in one cold process, 3 runs: ${runs.join("; ")}`);
}

const SPLIT_ARGS = splitArgs(config, out);
const SELFTEST_ARGS = [
  "run",
  "--quiet",
  `--allow-read=${config},${DATA}`,
  `${ROOT}cli.ts`,
  "selftest",
  "-config",
  config,
];

Deno.bench({
  name: `assess split -out (seed ${SEED}, size ${SIZE})`,
  group: "commands, 60k rows",
  baseline: true,
  ignore: !ready,
  n: 5,
  warmup: 1,
  async fn() {
    await deno(SPLIT_ARGS);
  },
});

Deno.bench({
  name: `assess selftest (seed ${SEED}, size ${SIZE})`,
  group: "commands, 60k rows",
  ignore: !ready,
  n: 5,
  warmup: 1,
  async fn() {
    await deno(SELFTEST_ARGS);
  },
});

globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});
