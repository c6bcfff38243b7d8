/**
 * What the tests of `assess leak` share, in process and as the real command line: a world held in
 * memory with the split file and the training file `assess split -train` writes, and what leak
 * says of the test rows as a training file.
 *
 * @module
 */

import assert from "node:assert/strict";
import { runCli } from "../../src/cli/main.ts";
import { memoryIo } from "./_memory_io.ts";
import { configText, ROWS, rowsBytes } from "./_split_fixtures.ts";

const enc = new TextEncoder();

/** Runs assess with ARGS in a world held in memory. */
export async function cli(
  args: string[],
  files: Map<string, Uint8Array>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, out } = memoryIo(files);
  const code = await runCli(args, io);
  return { code, ...out };
}

/** The config, the dataset, and the split file and training file `assess split` writes. */
export async function world(): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>([["assess.yaml", enc.encode(configText)], [
    ROWS,
    rowsBytes,
  ]]);
  const split = await cli(["split", "-out", "split.json", "-train", "train.jsonl"], files);
  assert.equal(split.code, 0, split.stderr);
  return files;
}

/** What `assess leak` says of the test rows themselves as a training file: every item leaks. */
export const LEAKY_OUT: string = [
  "rows.json: 6 of the 6 held-out items leak into its 16 examples: 6 exact, 0 near, 0 by answer",
  "  exact   id 21   lines 20 (with its answer), 68 (with its answer)",
  "  exact   id 34   line 26 (with its answer)",
  "  exact   id 47   line 38 (with its answer)",
  "  exact   id 88   line 62 (with its answer)",
  "  exact   id 117  line 80 (with its answer)",
  "  exact   id 125  line 86 (with its answer)",
  "",
].join("\n");
