/**
 * `assess leak` on a line of 15 MB (issue 23, defect 7): memory is bounded by the line, not by its
 * words. The real command, with the README's permissions, runs under a V8 heap cap of 160 MiB,
 * which the check once needed more than 512 MiB for on this line (it held every word and every
 * word 5-gram of the line as strings) and now needs less than 64 MiB for.
 */

import assert from "node:assert/strict";
import { leakPermissions } from "../support/permissions.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CONFIG = "reference/testdata/assess.yaml";
const ROWS = "reference/testdata/rows.json";
/** The heap cap, in MiB: well below what the check needed before, well above what it needs. */
const HEAP_MIB = 160;

async function deno(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code, stdout: dec.decode(stdout), stderr: dec.decode(stderr) };
}

Deno.test(
  "a 15 MB query is checked under a heap cap of 160 MiB",
  { permissions: { read: true, write: true, run: true } },
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "assess_leak_memory_" });
    try {
      const split = `${dir}/split.json`;
      const made = await deno([
        "run",
        "--quiet",
        `--allow-read=${CONFIG},${ROWS},${dir}`,
        `--allow-write=${dir}`,
        "cli.ts",
        "split",
        "-config",
        CONFIG,
        "-out",
        split,
      ]);
      assert.equal(made.code, 0, made.stderr);
      // A held-out query, so that the line shares its shingles, then 15 MB of distinct words.
      const heldOut = JSON.parse(await Deno.readTextFile(split)).heldOut[0].id;
      const rows = JSON.parse(await Deno.readTextFile(ROOT + ROWS));
      const query = rows.find((row: { id: number }) => row.id === heldOut).query;
      const words: string[] = [];
      for (let i = 0, size = 0; size < 15_000_000; i++) {
        const word = `W${i.toString(36)}`;
        words.push(word);
        size += word.length + 1;
      }
      const training = `${dir}/train.jsonl`;
      await Deno.writeTextFile(
        training,
        JSON.stringify({ messages: [{ role: "user", content: `${query} ${words.join(" ")}` }] }) +
          "\n",
      );
      const leak = await deno([
        "run",
        "--quiet",
        `--v8-flags=--max-old-space-size=${HEAP_MIB}`,
        ...leakPermissions(CONFIG, ROWS, split, training),
        "cli.ts",
        "leak",
        "-config",
        CONFIG,
        "-split",
        split,
        "-in",
        training,
      ]);
      assert.equal(leak.stderr, "");
      assert.equal(
        leak.stdout,
        `${training}: no held-out item leaks into its 1 example (6 held-out items checked)\n`,
      );
      assert.equal(leak.code, 0);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
