import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { checkLeaks, type LeakOptions } from "../../src/leak/leak.ts";
import { trainingLine } from "../../src/request/training.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { complementItems, heldOutItems, takeSplit } from "../../src/split/split.ts";

const OPTIONS: LeakOptions = { scorer: xlamToolCall, ordering: "any" };
const none = { permissions: { read: true } } as const;

async function followups() {
  const bytes = await Deno.readFile(new URL("./testdata/c_followup.jsonl", import.meta.url));
  const dataset = loadChatDataset(bytes, sha256Hex(bytes));
  const split = takeSplit(dataset, { seed: "leak", size: 2 });
  return { held: heldOutItems(dataset, split), rest: complementItems(dataset, split) };
}

const found = (report: Awaited<ReturnType<typeof checkLeaks>>) =>
  report.leaks.map((l) => [l.kind, l.id, l.lines.map((m) => [m.line, m.sameAnswer])]);

Deno.test(
  'leak: chat items ending in the same follow-up ("Yes, please.") are not one query',
  none,
  async () => {
    const { held, rest } = await followups();
    // The training file split -train writes: the complement's conversations.
    const train = rest.map((item) => trainingLine(item, "")).join("\n") + "\n";
    const report = await checkLeaks(new TextEncoder().encode(train), held, OPTIONS);
    assert.equal(report.examples, rest.length);
    assert.deepEqual(found(report), []);
  },
);

Deno.test(
  "leak: a training line holding a held-out item's conversation is exact, with its answer",
  none,
  async () => {
    const { held, rest } = await followups();
    const lines = [...rest, held[1]!].map((item) => trainingLine(item, ""));
    const report = await checkLeaks(new TextEncoder().encode(lines.join("\n")), held, OPTIONS);
    assert.deepEqual(found(report), [["exact", held[1]!.id, [[rest.length + 1, true]]]]);
  },
);

Deno.test(
  "leak: a chat item's query is its conversation through its last user message or tool results, the system left out",
  none,
  async () => {
    const held = await followups().then((f) => f.held[0]!);
    // The same conversation with a system message, spaced and cased otherwise: still exact.
    const messages = JSON.parse(`[${held.chat!.messages}]`) as { content?: string }[];
    for (const m of messages) {
      if (typeof m.content === "string") {
        m.content = ` ${m.content.toUpperCase()} `;
      }
    }
    const answer = { role: "assistant", tool_calls: [] };
    const line = JSON.stringify({
      messages: [{ role: "system", content: "Be kind." }, ...messages, answer],
    });
    const report = await checkLeaks(new TextEncoder().encode(line), [held], OPTIONS);
    assert.deepEqual(found(report), [["exact", held.id, [[1, false]]]]);
    // Only its last user message: not the item's query.
    const last = JSON.stringify({ messages: [{ role: "user", content: "Yes, please." }, answer] });
    const alone = await checkLeaks(new TextEncoder().encode(last), [held], OPTIONS);
    assert.deepEqual(found(alone), []);
  },
);
