/**
 * `assess split` on a 60,000-line chat-jsonl dataset (`_chat_bench_data.ts`, written on first use,
 * 136 MB), against the floor: a plain script that reads the file, hashes it and `JSON.parse`s
 * every line. Both run as their own `deno run` processes, interleaved, in the same bench run; peak
 * memory (maximum resident set size, from /usr/bin/time) over the file's size is printed with the
 * ratios.
 *
 *   deno bench --allow-read --allow-write --allow-run tests/bench/chat_split_bench.ts
 *
 * `ASSESS_BENCH_PAIRS=7` for more pairs.
 *
 * @module
 */

import { benchConfig, deno, isFile, splitArgs } from "./_bench_data.ts";
import { chatBenchData } from "./_chat_bench_data.ts";
import { measure, type Measured, median } from "./_measure.ts";

const data = chatBenchData();
const dir = Deno.makeTempDirSync({ prefix: "assess-chat-split-bench-" });
const config = `${dir}/assess.yaml`;
const floor = `${dir}/floor.ts`;
const out = `${dir}/out`;
Deno.mkdirSync(out);
Deno.writeTextFileSync(config, benchConfig("assess-v1", 2000, data, "chat-jsonl"));
Deno.writeTextFileSync(
  floor,
  `import { createHash } from "node:crypto";
const bytes = await Deno.readFile(Deno.args[0]);
const sha = createHash("sha256").update(bytes).digest("hex");
const text = new TextDecoder().decode(bytes);
let n = 0;
for (let i = 0; i < text.length;) {
  let j = text.indexOf("\\n", i);
  if (j < 0) j = text.length;
  n += JSON.parse(text.slice(i, j)).messages.length;
  i = j + 1;
}
console.log(sha, n);
`,
);

const FLOOR_ARGS = ["run", "--quiet", `--allow-read=${floor},${data.path}`, floor, data.path];
const SPLIT_ARGS = splitArgs(config, out, data.path);

const PAIRS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? "5");
if (isFile("/usr/bin/time")) {
  const size = Deno.statSync(data.path).size;
  const wall: number[] = [];
  const cpu: number[] = [];
  let f: Measured | undefined;
  let s: Measured | undefined;
  for (let i = 0; i < PAIRS; i++) {
    f = await measure(FLOOR_ARGS);
    s = await measure(SPLIT_ARGS);
    wall.push(s.wall / f.wall);
    cpu.push(s.cpu / f.cpu);
  }
  const mib = (k: number) => (k / 1024).toFixed(0);
  console.log(
    `chat_split_bench: ${PAIRS} interleaved pairs on ${size} bytes: assess split / floor, median ` +
      `wall ${median(wall).toFixed(2)}x (${wall.map((r) => r.toFixed(2)).join(" ")}), median CPU ` +
      `${median(cpu).toFixed(2)}x; last floor ${f!.wall.toFixed(2)} s, split ${
        s!.wall.toFixed(2)
      } s`,
  );
  console.log(
    `chat_split_bench: peak RSS: floor ${mib(f!.rss)} MiB (${(f!.rss * 1024 / size).toFixed(2)}x ` +
      `the file), assess split ${mib(s!.rss)} MiB (${(s!.rss * 1024 / size).toFixed(2)}x the file)`,
  );
}

Deno.bench({
  name: "floor: read, hash, JSON.parse every line",
  group: "split 60k chat lines",
  baseline: true,
  n: 3,
  warmup: 1,
  async fn() {
    await deno(FLOOR_ARGS);
  },
});

Deno.bench({
  name: "assess split -out (chat-jsonl, seed assess-v1, size 2000)",
  group: "split 60k chat lines",
  n: 3,
  warmup: 1,
  async fn() {
    await deno(SPLIT_ARGS);
  },
});

globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});
