/**
 * `assess split` on a large dataset, with `dataset.maxBytes` raised to read it: its peak memory
 * (maximum resident set size, from /usr/bin/time) against the file's size, and against the floor
 * (a plain script that reads the file, hashes it and `JSON.parse`s it: every line, in parts, for
 * chat-jsonl; the whole array for xlam), measured in the same run. The file is written into a
 * temporary directory and deleted afterwards: chat-jsonl by `_chat_bench_data.ts`'s seeded line
 * generator (about 2.3 KB a line), xlam by `make_xlam_like.ts` (about 1.6 KB a row).
 *
 *   deno run --allow-read --allow-write --allow-run --allow-env tests/bench/split_large.ts 400
 *   deno run --allow-read --allow-write --allow-run --allow-env tests/bench/split_large.ts xlam 320000
 *
 * The argument is the chat file's size in MB (10^6 bytes), default 400; or `xlam` and how many
 * rows. `ASSESS_BENCH_DIR` names the directory to write in (default the system's temporary one).
 *
 * @module
 */

import { createHash } from "node:crypto";
import { benchConfig, isFile, ROOT, splitArgs } from "./_bench_data.ts";
import { chatLine, rng } from "./_chat_bench_data.ts";
import { measure } from "./_measure.ts";
import { makeXlamLike } from "./make_xlam_like.ts";

const xlam = Deno.args[0] === "xlam";
const target = xlam ? 0 : Number(Deno.args[0] ?? "400") * 1e6;
const base = Deno.env.get("ASSESS_BENCH_DIR");
const dir = Deno.makeTempDirSync({
  prefix: "assess-split-large-",
  ...(base === undefined ? {} : { dir: base }),
});
try {
  const path = `${dir}/${xlam ? "data.json" : "chat.jsonl"}`;
  const hash = createHash("sha256");
  const enc = new TextEncoder();
  const next = rng(27);
  let size = 0;
  let lines = 0;
  if (xlam) {
    const sample = Deno.readTextFileSync(`${ROOT}reference/testdata/xlam-sample.json`);
    lines = Number(Deno.args[1] ?? "60000");
    const bytes = enc.encode(makeXlamLike(sample, { rows: lines }));
    hash.update(bytes);
    size = bytes.length;
    Deno.writeFileSync(path, bytes);
  } else {
    using file = Deno.openSync(path, { write: true, create: true });
    let chunk: string[] = [];
    let chunkSize = 0;
    const flush = () => {
      const bytes = enc.encode(chunk.join(""));
      hash.update(bytes);
      for (let at = 0; at < bytes.length;) at += file.writeSync(bytes.subarray(at));
      chunk = [];
      chunkSize = 0;
    };
    while (size < target) {
      const line = chatLine(next, lines++) + "\n";
      chunk.push(line);
      chunkSize += line.length;
      size += line.length; // The generator writes ASCII only: a character is a byte.
      if (chunkSize > 8e6) flush();
    }
    flush();
  }
  const sha256 = hash.digest("hex");
  const config = `${dir}/assess.yaml`;
  const out = `${dir}/out`;
  Deno.mkdirSync(out);
  // The most each kind may have: for xlam, the most characters a string holds.
  const maxBytes = xlam ? 536_870_888 : 2 ** 30;
  Deno.writeTextFileSync(
    config,
    benchConfig("assess-v1", 2000, { path, sha256 }, xlam ? "xlam-function-calling" : "chat-jsonl")
      .replace(`  sha256: ${sha256}\n`, `  sha256: ${sha256}\n  maxBytes: ${maxBytes}\n`),
  );
  const floor = `${dir}/floor.ts`;
  Deno.writeTextFileSync(
    floor,
    xlam
      ? `import { createHash } from "node:crypto";
const bytes = await Deno.readFile(Deno.args[0]);
const sha = createHash("sha256").update(bytes).digest("hex");
console.log(sha, JSON.parse(new TextDecoder().decode(bytes)).length);
`
      : `import { createHash } from "node:crypto";
const bytes = await Deno.readFile(Deno.args[0]);
const sha = createHash("sha256").update(bytes).digest("hex");
const dec = new TextDecoder();
let n = 0;
// In parts of whole lines: a text of the whole file may be over the 512 MiB a string holds.
for (let start = 0; start < bytes.length;) {
  let end = Math.min(bytes.length, start + (8 << 20));
  if (end < bytes.length) end = bytes.lastIndexOf(10, end - 1) + 1;
  const text = dec.decode(bytes.subarray(start, end));
  for (let i = 0; i < text.length;) {
    let j = text.indexOf("\\n", i);
    if (j < 0) j = text.length;
    n += JSON.parse(text.slice(i, j)).messages.length;
    i = j + 1;
  }
  start = end;
}
console.log(sha, n);
`,
  );
  if (!isFile("/usr/bin/time")) throw new Error("needs GNU time at /usr/bin/time");
  const f = await measure(["run", "--quiet", `--allow-read=${floor},${path}`, floor, path]);
  const s = await measure(splitArgs(config, out, path));
  const heldOut = JSON.parse(Deno.readTextFileSync(`${out}/split.json`)).heldOut.length;
  const mib = (k: number) => (k / 1024).toFixed(0);
  console.log(
    `split_large: ${
      xlam ? "xlam" : "chat-jsonl"
    }, ${size} bytes, ${lines} lines, dataset.maxBytes ${maxBytes}; ` +
      `${heldOut} held out`,
  );
  console.log(
    `split_large: floor ${f.wall.toFixed(1)} s, ${f.cpu.toFixed(1)} s CPU, peak RSS ` +
      `${mib(f.rss)} MiB (${(f.rss * 1024 / size).toFixed(2)}x the file); assess split ` +
      `${s.wall.toFixed(1)} s, ${s.cpu.toFixed(1)} s CPU, peak RSS ${mib(s.rss)} MiB ` +
      `(${(s.rss * 1024 / size).toFixed(2)}x the file, ${(s.rss / f.rss).toFixed(2)}x the floor)`,
  );
} finally {
  Deno.removeSync(dir, { recursive: true });
}
