/**
 * `assess split` on a 60,000-row dataset shaped like xlam-function-calling-60k, against the floor:
 * a plain script that reads the file, hashes it, `JSON.parse`s it and `JSON.parse`s every row's
 * tools and answers strings. Both run as their own `deno run` processes, in the same bench run.
 *
 * Put the 60,000-row data at bench-data/xlam-like-60k.json (about 95 MB; gitignored; see
 * _bench_data.ts), then: deno bench --allow-read --allow-write --allow-run tests/bench/split_bench.ts
 *
 * Peak memory (maximum resident set size, from /usr/bin/time) is printed once before the timings.
 *
 * @module
 */

import { benchConfig, benchDataReady, DATA, deno, isFile, splitArgs } from "./_bench_data.ts";
import { measure, type Measured, median } from "./_measure.ts";

const ready = benchDataReady("split_bench");

const dir = Deno.makeTempDirSync({ prefix: "assess-split-bench-" });
const config = `${dir}/assess.yaml`;
const floor = `${dir}/floor.ts`;
const out = `${dir}/out`;
Deno.mkdirSync(out);
Deno.writeTextFileSync(config, benchConfig("assess-v1", 2000));
Deno.writeTextFileSync(
  floor,
  `import { createHash } from "node:crypto";
const bytes = await Deno.readFile(Deno.args[0]);
const sha = createHash("sha256").update(bytes).digest("hex");
const rows = JSON.parse(new TextDecoder().decode(bytes));
let n = 0;
for (const row of rows) n += JSON.parse(row.tools).length + JSON.parse(row.answers).length;
console.log(sha, rows.length, n);
`,
);

const FLOOR_ARGS = ["run", "--quiet", `--allow-read=${floor},${DATA}`, floor, DATA];
const SPLIT_ARGS = splitArgs(config, out);

// Interleaved pairs (floor, then split) so that both see the same load; medians of the ratios.
const PAIRS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? "5");
if (ready && isFile("/usr/bin/time")) {
  const size = Deno.statSync(DATA).size;
  const wall: number[] = [];
  const cpu: number[] = [];
  let f: Measured | undefined;
  let s: Measured | undefined;
  for (let i = 0; i < PAIRS; i++) {
    f = await measure(FLOOR_ARGS);
    s = await measure(SPLIT_ARGS);
    wall.push(s!.wall / f!.wall);
    cpu.push(s!.cpu / f!.cpu);
  }
  const mib = (k: number) => (k / 1024).toFixed(0);
  console.log(
    `split_bench: ${PAIRS} interleaved pairs: assess split / floor, median wall ${
      median(wall).toFixed(2)
    }x (${wall.map((r) => r.toFixed(2)).join(" ")}), median CPU ${median(cpu).toFixed(2)}x`,
  );
  console.log(
    `split_bench: peak RSS on ${size} bytes: floor ${mib(f!.rss)} MiB (${
      (f!.rss * 1024 / size).toFixed(2)
    }x the file), assess split ${mib(s!.rss)} MiB (${(s!.rss * 1024 / size).toFixed(2)}x the file)`,
  );
}

Deno.bench({
  name: "floor: read, hash, JSON.parse the rows and every tools and answers string",
  group: "split 60k rows",
  baseline: true,
  ignore: !ready,
  n: 5,
  warmup: 1,
  async fn() {
    await deno(FLOOR_ARGS);
  },
});

Deno.bench({
  name: "assess split -out (seed assess-v1, size 2000)",
  group: "split 60k rows",
  ignore: !ready,
  n: 5,
  warmup: 1,
  async fn() {
    await deno(SPLIT_ARGS);
  },
});

globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});
