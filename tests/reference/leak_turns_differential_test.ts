/**
 * A chat training line's turns, and a chat-jsonl held-out item's query, as the leak check reads
 * them when the held-out items bring their own messages (reference/leak.md), against the Python
 * reference (`reference/python/leak.py`'s `conversation_turns`, written from the page): on the
 * bundled example and on generated chat-jsonl datasets, each item's training line as
 * `assess split -train` writes it. Skipped, with a message, only when there is no `python3`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem } from "../../src/dataset/dataset.ts";
import { DatasetError } from "../../src/dataset/dataset_error.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { heldOutQuery, turnText } from "../../src/leak/_examples.ts";
import { TrainingLine } from "../../src/leak/_training_line.ts";
import { trainingLine } from "../../src/request/training.ts";
import { pythonSkip } from "../support/python.ts";
import { Prng } from "./_prng.ts";
import { genChatDataset } from "./_chat_datasets.ts";
import { runPythonLines } from "./_python.ts";

const skip = await pythonSkip("leak turns differential", "stdlib");
const EXAMPLE = new URL("../../reference/testdata/chat/tickets.jsonl", import.meta.url);

Deno.test({
  name:
    "differential: a chat training line's turns and a held-out item's query, as the Python reference reads them",
  ignore: skip !== null,
  fn: async () => {
    const datasets: Uint8Array[] = [await Deno.readFile(EXAMPLE)];
    const rng = new Prng(27);
    for (let d = 0; d < 60; d++) datasets.push(genChatDataset(rng).bytes);
    const lines: string[] = [];
    const ours: unknown[] = [];
    for (const bytes of datasets) {
      let items;
      try {
        items = loadChatDataset(bytes, sha256Hex(bytes)).items;
      } catch (e) {
        if (e instanceof DatasetError) continue;
        throw e;
      }
      // Training lines are written for items whose answer makes a call or has more than white space.
      for (const item of items.map(detachedItem)) {
        if (item.answers.length === 0 && !item.chat?.answerText?.trim()) continue;
        const line = trainingLine(item, "");
        lines.push(line);
        const turns = new TrainingLine(line, 1, "conversation").turns.map((t) => ({
          user: turnText(t),
          calls: t.calls.map((c) => c.name),
        }));
        ours.push({ turns, query: heldOutQuery(item) });
      }
    }
    assert.ok(lines.length > 300, `only ${lines.length} lines`);
    const theirs = await runPythonLines("leak-turns", lines.map((l) => JSON.parse(l)));
    for (let k = 0; k < lines.length; k++) assert.deepEqual(ours[k], theirs[k], lines[k]);
    // A training line holding an item's conversation has the item's query as its last turn.
    for (const o of ours as { turns: { user: string }[]; query: string }[]) {
      assert.equal(o.turns.at(-1)!.user, o.query);
    }
  },
});
