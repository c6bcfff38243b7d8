/**
 * `assess split -train` in each of its formats (`openai`, `hf`, `-chat-template` with the tests'
 * Hermes-like template) on the 60,000-row dataset, against `assess split` alone in the same round:
 * wall time, CPU time and peak memory (maximum resident set size, from /usr/bin/time), each run a
 * whole process with the README's permissions. Rounds alternate the four commands; the figures are
 * the medians of the rounds' ratios, and each format's peak RSS.
 *
 * Put the 60,000-row data at bench-data/xlam-like-60k.json (see _bench_data.ts), then:
 * deno bench --allow-read --allow-write --allow-run --allow-env tests/bench/split_train_bench.ts
 * (`ASSESS_BENCH_ROUNDS=5` for more rounds; default 3).
 *
 * @module
 */

import { benchConfig, benchDataReady, deno, isFile, ROOT, splitArgs } from "./_bench_data.ts";
import { measure, type Measured, median } from "./_measure.ts";

const ready = benchDataReady("split_train_bench");

const dir = Deno.makeTempDirSync({ prefix: "assess-split-train-bench-" });
const config = `${dir}/assess.yaml`;
const out = `${dir}/out`;
Deno.mkdirSync(out);
Deno.writeTextFileSync(config, benchConfig("assess-v1", 2000));
const TEMPLATE = `${ROOT}tests/request/templates/hermes_like.jinja`;

/** `assess split`, then with `-train` and the format's flags (the template readable too). */
function args(format: string[] | null): string[] {
  const base = splitArgs(config, out);
  if (format === null) return base;
  const withTemplate = base.map((a) => a.startsWith("--allow-read=") ? `${a},${TEMPLATE}` : a);
  return [...withTemplate, "-train", `${out}/train.jsonl`, ...format];
}

const COMMANDS: readonly (readonly [string, string[]])[] = [
  ["split", args(null)],
  ["split -train (openai)", args([])],
  ["split -train -train-format hf", args(["-train-format", "hf"])],
  ["split -train -chat-template", args(["-chat-template", TEMPLATE])],
];

const ROUNDS = Number(Deno.env.get("ASSESS_BENCH_ROUNDS") ?? "3");
if (ready && isFile("/usr/bin/time")) {
  const runs = COMMANDS.map(() => [] as Measured[]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [k, [, command]] of COMMANDS.entries()) runs[k]!.push(await measure(command));
  }
  const base = runs[0]!;
  const mib = (kib: number) => (kib / 1024).toFixed(0);
  for (const [k, [name]] of COMMANDS.entries()) {
    const mine = runs[k]!;
    const wall = median(mine.map((m, r) => m.wall / base[r]!.wall));
    const cpu = median(mine.map((m, r) => m.cpu / base[r]!.cpu));
    const rss = median(mine.map((m) => m.rss));
    console.log(
      `split_train_bench: ${name}: median wall ${median(mine.map((m) => m.wall)).toFixed(2)} s ` +
        `(${wall.toFixed(2)}x split), CPU ${median(mine.map((m) => m.cpu)).toFixed(2)} s ` +
        `(${cpu.toFixed(2)}x), peak RSS ${mib(rss)} MiB (${
          (rss / median(base.map((m) => m.rss)))
            .toFixed(2)
        }x), ${ROUNDS} rounds`,
    );
  }
  const size = Deno.statSync(`${out}/train.jsonl`).size;
  console.log(`split_train_bench: the last training file (-chat-template): ${size} bytes`);
}

for (const [name, command] of COMMANDS) {
  Deno.bench({
    name,
    group: "split -train 60k rows",
    baseline: name === "split",
    ignore: !ready,
    n: 3,
    warmup: 0,
    async fn() {
      await deno(command);
    },
  });
}

globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});
