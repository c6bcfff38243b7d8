/**
 * Probe items and the leak check: a probe item asks its held-out item's query (for a chat-jsonl
 * item, its conversation, system messages left out), so a training line that matches a probe's
 * query is a leak of its item, whatever tools or system prompt the line carries.
 */

import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { heldOutQuery } from "../../src/leak/_examples.ts";
import { checkLeaks } from "../../src/leak/leak.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { probeItems } from "../../src/split/probes.ts";
import { promptText } from "../../src/request/request.ts";

const none = { permissions: "none" } as const;
const enc = new TextEncoder();

/** Three chat-jsonl items, two turns each, with a system message of their own. */
function chatItems() {
  const asks = [
    "Book a table for two at the harbour restaurant.",
    "I need a dentist appointment next week, any morning.",
    "Reserve three cinema seats for the late showing.",
  ];
  const lines = ["c1", "c2", "c3"].map((id, k) =>
    JSON.stringify({
      id,
      messages: [
        { role: "system", content: "Own system." },
        { role: "user", content: asks[k] },
        { role: "assistant", content: "For which day?" },
        { role: "user", content: "Friday, please." },
        {
          role: "assistant",
          tool_calls: [{
            type: "function",
            function: { name: `book_${id}`, arguments: `{"people": ${k + 2}}` },
          }],
        },
      ],
      tools: [`book_${id}`, `cancel_${id}`].map((name) => ({
        type: "function",
        function: { name, parameters: { type: "object" } },
      })),
    })
  );
  const bytes = enc.encode(lines.join("\n") + "\n");
  return [...loadChatDataset(bytes, sha256Hex(bytes)).items];
}

Deno.test("every probe item asks its item's query, as the leak check reads it", none, () => {
  const items = chatItems();
  const sets = probeItems(items, {
    digest: "d".repeat(64),
    probes: ["irrelevance", "shuffled-tools", { distractors: 2 }, { system: ["Other.", null] }],
  });
  for (const probed of sets.flatMap((s) => s.items)) {
    const of = items.find((item) => item.id === probed.probeOf!.id)!;
    assert.equal(heldOutQuery(probed), heldOutQuery(of), String(probed.id));
  }
});

Deno.test(
  "a planted line of a system probe's chat item, its new system prompt and other tools, leaks its item",
  none,
  async () => {
    const items = chatItems();
    const [system] = probeItems(items, {
      digest: "d".repeat(64),
      probes: [{ system: ["Other."] }],
    });
    const probed = system!.items.find((item) => item.probeOf!.id === "c2")!;
    const prompt = promptText(probed, "");
    const messages = JSON.parse(`[${prompt.messages}]`);
    assert.deepEqual(messages[0], { role: "system", content: "Other." });
    const line = JSON.stringify({
      messages: [...messages, { role: "assistant", content: "Done." }],
      tools: JSON.parse(prompt.tools),
    }) + "\n";
    const report = await checkLeaks(enc.encode(line), items, {
      scorer: xlamToolCall,
      ordering: "any",
    });
    assert.deepEqual(report.leaks.map((leak) => [leak.kind, leak.id]), [["exact", "c2"]]);
  },
);
