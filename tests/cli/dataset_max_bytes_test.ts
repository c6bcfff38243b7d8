/**
 * `dataset.maxBytes` through the command line, in this process: every verb that reads the dataset
 * (split, selftest, run, report -config, leak) reads a file of exactly `maxBytes` bytes, and
 * refuses it (exit 65) with `maxBytes` one byte less, naming the setting and how to raise it. A
 * chat-jsonl file is refused and read alike.
 */

import assert from "node:assert/strict";
import { assess } from "./_in_process.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ROWS = `${ROOT}reference/testdata/rows.json`;
const CHAT = `${ROOT}reference/testdata/chat/tickets.jsonl`;
const CHAT_CONFIG = `${ROOT}reference/testdata/chat/assess.yaml`;

/** The config's text with `dataset.maxBytes` set, after `dataset.sha256`. */
function withMaxBytes(text: string, maxBytes: number): string {
  const changed = text.replace(/^( {2}sha256: [0-9a-fA-F]{64}\n)/m, `$1  maxBytes: ${maxBytes}\n`);
  assert.notEqual(changed, text);
  return changed;
}

/** What every verb says of a file of `size` bytes over a `maxBytes` of `size - 1`. */
function refusal(verb: string, size: number): string {
  return `assess ${verb}: dataset refused: the file is ${size} bytes, over dataset.maxBytes, ` +
    `${size - 1} bytes: raise dataset.maxBytes in assess.yaml to read it (at most 1073741824, ` +
    "or 536870888 for an xlam-function-calling file)\n";
}

Deno.test("dataset.maxBytes: every verb reads a file of maxBytes bytes, and refuses it one byte over, naming the setting", async (t) => {
  const bytes = await Deno.readFile(ROWS);
  const size = bytes.length;
  const emu = await startEmulator({ rows: JSON.parse(new TextDecoder().decode(bytes)) });
  const dir = await Deno.makeTempDir({ prefix: "assess_max_bytes_" });
  try {
    const text = configText({
      url: emu.url,
      datasetPath: ROWS,
      datasetSha256: sha256Hex(bytes),
      size: 6,
    });
    const raised = `${dir}/raised.yaml`;
    const lowered = `${dir}/lowered.yaml`;
    await Deno.writeTextFile(raised, withMaxBytes(text, size));
    await Deno.writeTextFile(lowered, withMaxBytes(text, size - 1));
    const splitFile = `${dir}/split.json`;
    const train = `${dir}/train.jsonl`;
    const results = `${dir}/results.jsonl`;
    const verbs: [string, string[]][] = [
      ["split", ["-out", splitFile, "-train", train]],
      ["selftest", []],
      ["run", ["-out", results]],
      ["report", ["-in", results]],
      ["leak", ["-split", splitFile, "-in", train]],
    ];
    await t.step("maxBytes the file's size: each verb reads it", async () => {
      for (const [verb, args] of verbs) {
        const ran = await assess([verb, "-config", raised, ...args]);
        assert.equal(ran.code, 0, `${verb}: ${ran.stderr}`);
        assert.doesNotMatch(ran.stderr, /dataset refused/, verb);
      }
    });
    await t.step(
      "maxBytes a byte less: each verb refuses it (65), naming the setting",
      async () => {
        for (const [verb, args] of verbs) {
          // The files the first step wrote are the ones read again (report, leak) or kept (split).
          const ran = await assess([verb, "-config", lowered, ...args]);
          assert.deepEqual(
            { code: ran.code, stderr: ran.stderr },
            { code: 65, stderr: refusal(verb, size) },
            verb,
          );
        }
      },
    );
  } finally {
    await emu.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("dataset.maxBytes: a chat-jsonl file is read at maxBytes and refused a byte under it", async () => {
  const size = (await Deno.stat(CHAT)).size;
  const dir = await Deno.makeTempDir({ prefix: "assess_max_bytes_chat_" });
  try {
    const text = (await Deno.readTextFile(CHAT_CONFIG)).replace(
      "path: reference/testdata/chat/tickets.jsonl",
      `path: ${CHAT}`,
    );
    assert(text.includes(`path: ${CHAT}`));
    const raised = `${dir}/raised.yaml`;
    const lowered = `${dir}/lowered.yaml`;
    await Deno.writeTextFile(raised, withMaxBytes(text, size));
    await Deno.writeTextFile(lowered, withMaxBytes(text, size - 1));
    const read = await assess(["split", "-config", raised, "-out", `${dir}/s.json`]);
    assert.equal(read.code, 0, read.stderr);
    const refused = await assess(["split", "-config", lowered, "-out", `${dir}/t.json`]);
    assert.deepEqual(
      { code: refused.code, stderr: refused.stderr },
      { code: 65, stderr: refusal("split", size) },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
