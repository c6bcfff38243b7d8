/**
 * Lines that give a held-out item's answer are scored against it once for each way its calls are
 * written: the verdict of each line is still its own (issue 42).
 */

import assert from "node:assert/strict";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { checkLeaks } from "../../src/leak/leak.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";

const none = { permissions: "none" } as const;
const QUERY = "What will the weather be in Paris on the second day of next week please";

const bytes = new TextEncoder().encode(JSON.stringify([{
  id: 1,
  query: QUERY,
  tools: "[]",
  // A number past 2^53: its answer key (read loosely) is that of its neighbours; its verdict not.
  answers: '[{"name": "weather", "arguments": {"city": "Paris", "day": 9007199254740993}}]',
}]));
const items = loadDataset(bytes, sha256Hex(bytes)).items;

function chat(args: string): string {
  return JSON.stringify({
    messages: [
      { role: "user", content: QUERY },
      {
        role: "assistant",
        tool_calls: [{ type: "function", function: { name: "weather", arguments: args } }],
      },
    ],
  });
}

/** Whether each line, alone and then in one file, gives the item's answer. */
async function verdicts(lines: string[]): Promise<{ alone: boolean[]; together: boolean[] }> {
  const options = { scorer: xlamToolCall, ordering: "any" } as const;
  const sameAnswer = async (text: string) =>
    (await checkLeaks(new TextEncoder().encode(text), items, { ...options, keepLines: 100 }))
      .leaks.flatMap((l) => l.lines.map((m) => m.sameAnswer));
  const alone = [];
  for (const line of lines) alone.push(...await sameAnswer(line + "\n"));
  return { alone, together: await sameAnswer(lines.join("\n") + "\n") };
}

Deno.test(
  "each line's answer is judged as written, whatever the lines before it",
  none,
  async () => {
    const lines = [
      chat('{"city": "Paris", "day": 9007199254740993}'),
      chat('{"city": "Paris", "day": 9007199254740992}'),
      chat('{"day": 9007199254740993, "city": "Paris"}'),
      chat('{"city": "Paris", "day": 9007199254740992}'),
      chat('{"city": "Paris", "day": 9007199254740993}'),
      chat('{"city": "Paris", "day": 2.5}'),
      chat('{"city": "Paris", "day": 9007199254740993}'),
    ];
    const { alone, together } = await verdicts(lines);
    assert.equal(alone.length, lines.length);
    assert.deepEqual(together, alone);
    assert.deepEqual(alone, [true, false, true, false, true, false, true]);
  },
);
