/**
 * `assess leak` against many held-out items of few templates (issue 42): the xlam-like file
 * (`make_xlam_like.ts`: each row one of about 200 real rows with `(case N)` added to its query and
 * its values moved) of `ROWS` rows, split with `HELD` held out (seed `assess-v1`), checked against
 * a templated training file: the `assess split -train` file of another xlam-like file of
 * `TRAIN_ROWS` rows (seed 2, 8 items held out), every line of which is one word edit (its case
 * number) from the 30 or so held-out items of its template (the same case number, the same query).
 * `TRAIN_ROWS` 0 checks the dataset's own training file instead. Each round runs, as processes under
 * `/usr/bin/time`, the floor (`LINE_PARSE_FLOOR`: read the file, `JSON.parse` every line), then
 * `assess leak` (and the code before, when given); the figures are the medians of the rounds'
 * ratios of CPU and wall time over the floor's, and each command's largest peak RSS.
 *
 *     deno run --allow-read --allow-write --allow-run --allow-env tests/bench/leak_templated_bench.ts [ROWS HELD TRAIN_ROWS]
 *
 * (default 12,000 rows, 6,000 held out, and 67,000 rows for a training file of about 100 MB; the
 * dataset is kept small so that reading it, which any check of a split does, is not most of what
 * is timed). The data is written on first use into `bench-data/leak-templated-ROWS-HELD-TRAIN_ROWS/`
 * (gitignored). Before the rounds, `assess leak` runs once on the training file's first line: what
 * reading the dataset, the split and the held-out items costs, whatever the training file. `ASSESS_BENCH_PAIRS`
 * (default 3) rounds; `ASSESS_BENCH_BEFORE=DIR`, a checkout of other code (`git archive`), runs its
 * `cli.ts` in the first round too. Before the rounds, the report (`-format json`) of each code is
 * read, and the bench stops unless they are the same bytes.
 *
 * @module
 */

import { ROOT } from "./_bench_data.ts";
import { benchConfig } from "./_bench_data.ts";
import { makeXlamLike } from "./make_xlam_like.ts";
import { LINE_PARSE_FLOOR, measure, type Measured, median } from "./_measure.ts";
import { leakPermissions } from "../support/permissions.ts";

const ROWS = Number(Deno.args[0] ?? "12000");
const HELD = Number(Deno.args[1] ?? "6000");
const TRAIN_ROWS = Number(Deno.args[2] ?? "67000");
const PAIRS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? "3");
const BEFORE = Deno.env.get("ASSESS_BENCH_BEFORE");

const dir = `${ROOT}bench-data/leak-templated-${ROWS}-${HELD}-${TRAIN_ROWS}`;
const dataset = `${dir}/dataset.json`;
const config = `${dir}/assess.yaml`;
const split = `${dir}/split.json`;
const train = `${dir}/train.jsonl`;
const floor = `${dir}/floor.ts`;

const exists = (path: string) => {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
};

/**
 * Writes an xlam-like dataset of `rows` rows and its config, and runs `assess split` on it (with
 * `-train` when `training` is given).
 */
async function splitOf(
  name: string,
  rows: number,
  seed: bigint,
  held: number,
  training?: string,
): Promise<void> {
  const text = makeXlamLike(Deno.readTextFileSync(`${ROOT}reference/testdata/xlam-sample.json`), {
    rows,
    seed,
  });
  const bytes = new TextEncoder().encode(text);
  const data = `${dir}/${name}.json`;
  const yaml = `${dir}/${name}.yaml`;
  Deno.writeFileSync(data, bytes);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  const sha256 = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  Deno.writeTextFileSync(yaml, benchConfig("assess-v1", held, { path: data, sha256 }));
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${yaml},${data},${dir}`,
      `--allow-write=${dir}`,
      `${ROOT}cli.ts`,
      "split",
      "-config",
      yaml,
      "-out",
      `${dir}/${name}-split.json`,
      ...(training === undefined ? [] : ["-train", training]),
    ],
    cwd: ROOT,
    stdout: "null",
  }).output();
  if (!out.success) throw new Error("assess split failed");
}

if (!exists(train)) {
  Deno.mkdirSync(dir, { recursive: true });
  await splitOf("dataset", ROWS, 1n, HELD, TRAIN_ROWS === 0 ? `${train}.part` : undefined);
  Deno.renameSync(`${dir}/dataset.yaml`, config);
  Deno.renameSync(`${dir}/dataset-split.json`, split);
  if (TRAIN_ROWS > 0) {
    await splitOf("training", TRAIN_ROWS, 2n, 8, `${train}.part`);
    Deno.removeSync(`${dir}/training.json`);
  }
  Deno.renameSync(`${train}.part`, train);
}
Deno.writeTextFileSync(floor, LINE_PARSE_FLOOR);

const leakArgs = (root: string, format = "text") => [
  "run",
  "--quiet",
  ...leakPermissions(config, dataset, split, train),
  `${root}/cli.ts`,
  "leak",
  "-config",
  config,
  "-split",
  split,
  "-in",
  train,
  "-format",
  format,
];
const floorArgs = ["run", "--quiet", `--allow-read=${floor},${train}`, floor, train];
const first = `${dir}/first-line.jsonl`;
{
  const text = Deno.readTextFileSync(train);
  Deno.writeTextFileSync(first, text.slice(0, text.indexOf("\n") + 1));
}

/** The JSON report of `root`'s code (exit 1: held-out items leak, as they do here). */
async function report(root: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: leakArgs(root, "json"),
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 1) throw new Error(`assess leak: exit ${code}\n${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

const size = Deno.statSync(train).size;
const after = await report(ROOT);
const found = JSON.parse(after);
const near = found.leaks.filter((l: { kind: string }) => l.kind === "near");
console.log(
  `leak_templated: ${ROWS} rows, ${found.heldOut} held out; training file ${size} bytes, ${found.examples} lines: ${found.leaking} held-out items leak, ` +
    `near in ${near.reduce((n: number, l: { matches: number }) => n + l.matches, 0)} lines in all`,
);
if (BEFORE !== undefined) {
  const before = await report(BEFORE);
  console.log(
    `leak_templated: the code before gives ${before === after ? "the same" : "ANOTHER"} report`,
  );
  if (before !== after) Deno.exit(1);
}

const s = (x: number) => x.toFixed(2);
const mib = (k: number) => (k / 1024).toFixed(0);
{
  const args = leakArgs(ROOT).map((a) => a === train ? first : a);
  args[2] = leakPermissions(config, dataset, split, first)[0]!;
  const one = await measure(args, [0, 1]);
  console.log(
    `leak_templated: on the first line alone: ${s(one.wall)} s wall, ${
      s(one.cpu)
    } s CPU, peak RSS ${mib(one.rss)} MiB`,
  );
}
const rounds: { floor: Measured; leak: Measured; before?: Measured }[] = [];
for (let r = 0; r < PAIRS; r++) {
  const f = await measure(floorArgs);
  const l = await measure(leakArgs(ROOT), [1]);
  const b = BEFORE !== undefined && r === 0 ? await measure(leakArgs(BEFORE), [1]) : undefined;
  rounds.push({ floor: f, leak: l, ...(b === undefined ? {} : { before: b }) });
  console.log(
    `leak_templated: round ${r + 1}: floor ${s(f.wall)} s wall, ${s(f.cpu)} s CPU; leak ${
      s(l.wall)
    } s, ${s(l.cpu)} s CPU (${s(l.cpu / f.cpu)}x)` +
      (b === undefined ? "" : `; before ${s(b.wall)} s, ${s(b.cpu)} s CPU (${s(b.cpu / f.cpu)}x)`),
  );
}
const cpu = median(rounds.map((r) => r.leak.cpu / r.floor.cpu));
const wall = median(rounds.map((r) => r.leak.wall / r.floor.wall));
const rss = (pick: (r: typeof rounds[0]) => Measured | undefined) =>
  mib(Math.max(...rounds.map((r) => pick(r)?.rss ?? 0)));
console.log(
  `leak_templated: ${PAIRS} rounds: assess leak / floor, median CPU ${s(cpu)}x, median wall ${
    s(wall)
  }x; peak RSS: floor ${rss((r) => r.floor)} MiB, leak ${rss((r) => r.leak)} MiB` +
    (BEFORE === undefined ? "" : `, before ${rss((r) => r.before)} MiB`),
);
