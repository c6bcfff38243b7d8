/**
 * `assess leak` over a generated training file of 1,000,000 xlam-shaped chat lines (about 1.7 GB)
 * against a 2,000-item split, against the floor: a plain script that only reads the file and
 * `JSON.parse`s every line. Both run as their own `deno run` processes, in the same bench run. The
 * target: at most 3 times the floor's time, and peak memory flat in the file's size (the same
 * command on the file's first 100,000 lines).
 *
 * The data is generated on first use into bench-data/leak-v3/ (gitignored; see _leak_data.ts),
 * then: deno bench --allow-read --allow-write --allow-run --allow-env tests/bench/leak_bench.ts
 *
 * Before the `deno bench` table, interleaved pairs (floor, then leak; ASSESS_BENCH_PAIRS, default
 * 3) print the median ratios of wall and CPU time, and the peak RSS (from /usr/bin/time) of each
 * command on both file sizes; then assess leak runs once more on the whole file with V8's heap
 * capped at 96 MiB, which it can only finish if what it holds does not grow with the file.
 *
 * @module
 */
import { isFile, ROOT } from "./_bench_data.ts";
import { LINE_PARSE_FLOOR } from "./_measure.ts";
import {
  LEAK_DATASET,
  LEAK_LINES,
  LEAK_TRAIN,
  LEAK_TRAIN_SMALL,
  leakBenchConfig,
  leakBenchData,
  PLANTED,
} from "./_leak_data.ts";
import { leakPermissions } from "../support/permissions.ts";

const sha256 = await leakBenchData();
const dir = Deno.makeTempDirSync({ prefix: "assess-leak-bench-" });
const config = `${dir}/assess.yaml`;
const floor = `${dir}/floor.ts`;
Deno.writeTextFileSync(config, leakBenchConfig(sha256));
Deno.writeTextFileSync(floor, LINE_PARSE_FLOOR);

// The split file, written once by assess split itself.
{
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${config},${LEAK_DATASET},${dir}`,
      `--allow-write=${dir}`,
      `${ROOT}cli.ts`,
      "split",
      "-config",
      config,
      "-out",
      `${dir}/split.json`,
    ],
    stdout: "null",
  }).output();
  if (!out.success) throw new Error("assess split failed");
}

const floorArgs = (
  file: string,
) => ["run", "--quiet", `--allow-read=${floor},${file}`, floor, file];
const leakArgs = (file: string, format = "text", heapMiB?: number) => [
  "run",
  "--quiet",
  ...(heapMiB === undefined ? [] : [`--v8-flags=--max-old-space-size=${heapMiB}`]),
  ...leakPermissions(config, LEAK_DATASET, `${dir}/split.json`, file),
  `${ROOT}cli.ts`,
  "leak",
  "-config",
  config,
  "-split",
  `${dir}/split.json`,
  "-in",
  file,
  "-format",
  format,
];

interface Measured {
  /** Wall time, seconds. */
  readonly wall: number;
  /** User + system CPU time, seconds. */
  readonly cpu: number;
  /** Peak resident set size, KiB. */
  readonly rss: number;
  /** Its stdout. */
  readonly stdout: string;
}

/** Runs deno under /usr/bin/time; exit 0, or 1 for assess leak that found the planted items. */
async function measure(args: string[]): Promise<Measured> {
  const { code, stdout, stderr } = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %U %S %M", Deno.execPath(), ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(stderr).trim().split("\n");
  if (code !== 0 && code !== 1) throw new Error(`deno ${args.join(" ")}: exit ${code}\n${err}`);
  const [wall, user, sys, rss] = err.at(-1)!.split(" ").map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { wall, cpu: user + sys, rss, stdout: new TextDecoder().decode(stdout) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mib = (k: number) => (k / 1024).toFixed(0);

const PAIRS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? "3");
const HEAP_CAP_MIB = 96;
if (isFile("/usr/bin/time")) {
  // What leak finds: exactly the planted held-out items, by kind.
  const found = JSON.parse((await measure(leakArgs(LEAK_TRAIN, "json"))).stdout);
  const kinds = new Map<string, number>();
  for (const leak of found.leaks) kinds.set(leak.kind, (kinds.get(leak.kind) ?? 0) + 1);
  console.log(
    `leak_bench: ${found.examples} lines, ${found.heldOut} held-out items: ${found.leaking} leak (${
      [...kinds].map(([k, n]) => `${n} ${k}`).join(", ")
    }); planted ${PLANTED.exact} exact, ${PLANTED.near} near, ${PLANTED.answer} answer`,
  );
  // Near holds the planted items and two held-out queries of 8 words that unrelated lines of
  // common words meet one word off, by chance (reference/leak.md, "Word edits").
  if (
    found.examples !== LEAK_LINES || kinds.get("exact") !== PLANTED.exact ||
    kinds.get("near") !== PLANTED.near + 2 || kinds.get("answer") !== PLANTED.answer ||
    found.siblings !== 0
  ) {
    throw new Error("leak_bench: assess leak did not find exactly the planted items");
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  let f: Measured | undefined;
  let l: Measured | undefined;
  for (let i = 0; i < PAIRS; i++) {
    f = await measure(floorArgs(LEAK_TRAIN));
    l = await measure(leakArgs(LEAK_TRAIN));
    wall.push(l.wall / f.wall);
    cpu.push(l.cpu / f.cpu);
    console.log(
      `leak_bench: pair ${i + 1}: floor ${f.wall.toFixed(1)} s, leak ${l.wall.toFixed(1)} s`,
    );
  }
  console.log(
    `leak_bench: ${PAIRS} interleaved pairs: assess leak / floor, median wall ${
      median(wall).toFixed(2)
    }x (${wall.map((r) => r.toFixed(2)).join(" ")}), median CPU ${median(cpu).toFixed(2)}x`,
  );
  const fs = await measure(floorArgs(LEAK_TRAIN_SMALL));
  const ls = await measure(leakArgs(LEAK_TRAIN_SMALL));
  const size = (path: string) => (Deno.statSync(path).size / (1 << 20)).toFixed(0);
  console.log(
    `leak_bench: peak RSS: on ${size(LEAK_TRAIN_SMALL)} MiB (100,000 lines) floor ${
      mib(fs.rss)
    } MiB, leak ${mib(ls.rss)} MiB; on ${size(LEAK_TRAIN)} MiB (1,000,000 lines) floor ${
      mib(f!.rss)
    } MiB, leak ${mib(l!.rss)} MiB`,
  );
  // The memory a check holds does not grow with the file: it runs to the end with V8's heap
  // capped below the file's size.
  const capped = await measure(leakArgs(LEAK_TRAIN, "text", HEAP_CAP_MIB));
  console.log(
    `leak_bench: with the heap capped at ${HEAP_CAP_MIB} MiB, assess leak reads the ${
      size(LEAK_TRAIN)
    } MiB file to its end: ${capped.wall.toFixed(1)} s, peak RSS ${mib(capped.rss)} MiB (${
      capped.stdout.split("\n")[0]!.includes(`${found.leaking} of the 2000`)
        ? "the same report"
        : "ANOTHER REPORT"
    })`,
  );
}

Deno.bench({
  name: "floor: read the file, JSON.parse every line",
  group: "leak 1,000,000 lines",
  baseline: true,
  n: 2,
  warmup: 0,
  async fn() {
    await measure(floorArgs(LEAK_TRAIN));
  },
});

Deno.bench({
  name: "assess leak (2,000 held-out items)",
  group: "leak 1,000,000 lines",
  n: 2,
  warmup: 0,
  async fn() {
    await measure(leakArgs(LEAK_TRAIN));
  },
});

globalThis.addEventListener("unload", () => {
  Deno.removeSync(dir, { recursive: true });
});
