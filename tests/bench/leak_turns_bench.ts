/**
 * `assess leak` on one training line of many turns when the held-out items are a chat-jsonl
 * dataset's (each turn's text is the conversation up to it): lines of 3,000, 6,000 and 12,000
 * turns (about 0.34, 0.68 and 1.36 MB), each opening with a held-out item's conversation and giving
 * its answer every 50 turns, against the bundled chat example's split
 * (`reference/testdata/chat/assess.yaml`). Each size runs as its own process under
 * `/usr/bin/time`, beside the floor: a script that reads the file and `JSON.parse`s the line. Then,
 * in this process, the check itself (`checkLeaks`) against `JSON.parse` of the same line: linear
 * work keeps that ratio as the line doubles.
 *
 *     deno run --allow-read --allow-write --allow-run --allow-env tests/bench/leak_turns_bench.ts
 *
 * `ASSESS_BENCH_PAIRS` (default 3) rounds; `ASSESS_BENCH_BEFORE=DIR`, a checkout of other code,
 * runs its `cli.ts` too, on the sizes up to `ASSESS_BENCH_BEFORE_TURNS` (default 6,000).
 *
 * @module
 */

import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { checkLeaks } from "../../src/leak/leak.ts";
import { heldOutItems, takeSplit } from "../../src/split/split.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { ROOT } from "./_bench_data.ts";
import { measure, median } from "./_measure.ts";

const T = `${ROOT}reference/testdata/chat`;
const CONFIG = `${T}/assess.yaml`;
const DATASET = `${T}/tickets.jsonl`;
const SIZES = [3000, 6000, 12000];
const PAIRS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? "3");
const BEFORE = Deno.env.get("ASSESS_BENCH_BEFORE");
const BEFORE_TURNS = Number(Deno.env.get("ASSESS_BENCH_BEFORE_TURNS") ?? "6000");

const bytes = Deno.readFileSync(DATASET);
const dataset = loadChatDataset(bytes, sha256Hex(bytes));
const held = heldOutItems(dataset, takeSplit(dataset, { seed: "tickets", size: 6 }));
const opening = JSON.parse(
  new TextDecoder().decode(bytes).split("\n").find((l) =>
    JSON.parse(l).id === held.find((i) => i.answers.length > 0)!.id
  )!,
).messages as unknown[];

/** A line of `turns` turns: the held-out conversation, then questions and answers. */
function line(turns: number): string {
  const messages = [...opening];
  for (let t = 0; t < turns; t++) {
    messages.push({ role: "user", content: `Turn ${t}: is the order A${t} shipped yet, please?` });
    messages.push(
      t % 50 === 0
        ? opening.at(-1)
        : { role: "assistant", content: `Not yet: order A${t} leaves tomorrow.` },
    );
  }
  return JSON.stringify({ messages }) + "\n";
}

const dir = Deno.makeTempDirSync({ prefix: "assess-leak-turns-" });
const floor = `${dir}/floor.ts`;
Deno.writeTextFileSync(
  floor,
  "for (const l of Deno.readTextFileSync(Deno.args[0]).split('\\n')) if (l) JSON.parse(l);\n",
);
const split = `${dir}/split.json`;
{
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${CONFIG},${DATASET},${dir}`,
      `--allow-write=${dir}`,
      `${ROOT}cli.ts`,
      "split",
      "-config",
      CONFIG,
      "-out",
      split,
    ],
    cwd: ROOT,
    stdout: "null",
  }).output();
  if (!out.success) throw new Error("assess split failed");
}

const leakArgs = (root: string, file: string) => [
  "run",
  "--quiet",
  `--allow-read=${CONFIG},${DATASET},${split},${file}`,
  `${root}/cli.ts`,
  "leak",
  "-config",
  CONFIG,
  "-split",
  split,
  "-in",
  file,
];
const s = (x: number) => x.toFixed(2);
const mib = (k: number) => (k / 1024).toFixed(0);

for (const turns of SIZES) {
  const file = `${dir}/turns-${turns}.jsonl`;
  Deno.writeTextFileSync(file, line(turns));
  const size = Deno.statSync(file).size;
  const rows: { wall: number; cpu: number; rss: number }[][] = [[], [], []];
  for (let r = 0; r < PAIRS; r++) {
    rows[0]!.push(await measure(["run", "--quiet", `--allow-read=${floor},${file}`, floor, file]));
    rows[1]!.push(await measure(leakArgs(ROOT, file), [1]));
    if (BEFORE !== undefined && turns <= BEFORE_TURNS && r === 0) {
      rows[2]!.push(await measure(leakArgs(BEFORE, file), [1]));
    }
  }
  const [f, l, b] = rows.map((m) => ({
    wall: median(m.map((x) => x.wall)),
    cpu: median(m.map((x) => x.cpu)),
    rss: Math.max(...m.map((x) => x.rss)),
  })) as [typeof rows[0][0], typeof rows[0][0], typeof rows[0][0]];
  console.log(
    `${turns} turns (${size} bytes): floor ${s(f.wall)} s ${mib(f.rss)} MiB; leak ${s(l.wall)} s ` +
      `(${s(l.wall / f.wall)}x wall, ${s(l.cpu / f.cpu)}x CPU), peak RSS ${mib(l.rss)} MiB` +
      (rows[2]!.length > 0 ? `; before: ${s(b.wall)} s, ${mib(b.rss)} MiB` : ""),
  );
}

// In process: the check against JSON.parse of the same line, the median of 5 runs each.
const time = (f: () => unknown) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
for (const turns of SIZES) {
  const text = line(turns);
  const encoded = new TextEncoder().encode(text);
  const parse: number[] = [];
  const check: number[] = [];
  for (let r = 0; r < 5; r++) {
    parse.push(time(() => JSON.parse(text)));
    const t = performance.now();
    await checkLeaks(encoded, held, { scorer: xlamToolCall, ordering: "any" });
    check.push(performance.now() - t);
  }
  const [p, c] = [median(parse), median(check)];
  console.log(
    `in process, ${turns} turns: JSON.parse ${s(p)} ms, checkLeaks ${s(c)} ms: ${s(c / p)}x`,
  );
}
Deno.removeSync(dir, { recursive: true });
