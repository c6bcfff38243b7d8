/**
 * `assess leak` as the real command line, with exactly the README's permissions: a clean and a
 * leaky training file, a line too large, a file it may not read.
 */

import assert from "node:assert/strict";
import { LEAKY_OUT, world } from "../cli/_leak_fixtures.ts";
import { CONFIG, ROOT, ROWS } from "../cli/_split_fixtures.ts";
import { leakPermissions } from "../support/permissions.ts";
import { spawnCli, type Spawned } from "./_spawn.ts";

const enc = new TextEncoder();

/** `assess leak -config CONFIG -split DIR/split.json ARGS` with exactly the README's permissions. */
function spawn(dir: string, args: string[], training: string): Promise<Spawned> {
  const split = `${dir}/split.json`;
  return spawnCli(ROOT, leakPermissions(CONFIG, ROWS, split, training), [
    "leak",
    "-config",
    CONFIG,
    "-split",
    split,
    ...args,
  ]);
}

Deno.test("the real command line: clean, leaky, a line too large, a file it may not read", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess_leak_" });
  try {
    const files = await world();
    await Deno.writeFile(`${dir}/split.json`, files.get("split.json")!);
    await Deno.writeFile(`${dir}/train.jsonl`, files.get("train.jsonl")!);
    const clean = await spawn(dir, ["-in", `${dir}/train.jsonl`], `${dir}/train.jsonl`);
    assert.equal(clean.err, "");
    assert.match(clean.out, /train\.jsonl: no held-out item leaks into its 8 examples/);
    assert.equal(clean.code, 0);

    const leaky = await spawn(dir, ["-in", ROWS], ROWS);
    assert.equal(leaky.err, "");
    assert.equal(leaky.out, LEAKY_OUT.replace("rows.json:", `${ROWS}:`));
    assert.equal(leaky.code, 1);

    // A line of 17 MiB after a good one: refused at its line, without reading it whole.
    const huge = `${dir}/huge.jsonl`;
    const file = await Deno.open(huge, { write: true, create: true });
    await file.write(enc.encode('{"query": "a"}\n{"query": "'));
    const part = new Uint8Array(1 << 20).fill(0x61);
    for (let i = 0; i < 17; i++) await file.write(part);
    await file.write(enc.encode('"}\n'));
    file.close();
    const large = await spawn(dir, ["-in", huge], huge);
    assert.equal(large.out, "");
    assert.equal(
      large.err,
      `assess leak: training file refused: ${huge}: line 2: the line is larger than 16 MiB, ` +
        "the most one may hold\n",
    );
    assert.equal(large.code, 65);

    const denied = await spawn(dir, ["-in", `${dir}/other.jsonl`], `${dir}/train.jsonl`);
    assert.equal(denied.out, "");
    assert.equal(
      denied.err,
      `assess leak: ${dir}/other.jsonl cannot be read: assess was not allowed to read it ` +
        `(give deno --allow-read=${dir}/other.jsonl)\n`,
    );
    assert.equal(denied.code, 64);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
