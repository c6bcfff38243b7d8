import assert from "node:assert/strict";
import { type DatasetItem, loadDataset } from "../../src/dataset/dataset.ts";
import { detachedAnswers, detachedItem } from "../../src/dataset/detached.ts";
import { packedRows } from "../../src/dataset/packed_rows.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { itemCluster } from "../../src/dataset/cluster.ts";

/** The 204 real rows of the dataset, bundled (reference/testdata/xlam-sample.json). */
const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url);

/** What a report reads of an item, as plain values. */
function seen(item: DatasetItem) {
  const detached = detachedItem(item);
  return {
    id: item.id,
    index: item.index,
    query: item.query,
    ineligible: item.ineligible,
    contentHash: item.contentHash,
    tools: item.tools,
    answers: item.answers,
    detachedTools: detached.tools,
    detachedAnswers: detached.answers,
    answersAlone: detachedAnswers(item),
    cluster: itemCluster(item),
    chat: item.chat,
  };
}

Deno.test("packedRows: every item of the real rows reads as the item it packs", async () => {
  const bytes = await Deno.readFile(SAMPLE);
  const items = loadDataset(bytes, sha256Hex(bytes)).items;
  const packed = packedRows(items);
  assert.equal(packed.length, items.length);
  for (let i = 0; i < items.length; i++) {
    // Packed: not the item itself, and nothing of its texts held as own members.
    assert.notEqual(packed[i], items[i]);
    assert.deepEqual(
      Object.keys(packed[i]!).filter((k) => k !== "ineligible").sort(),
      ["id", "index"],
    );
    assert.deepEqual(seen(packed[i]!), seen(items[i]!), `row ${i}`);
  }
});

Deno.test("packedRows: texts beyond ASCII, an ineligible row, and chat lines", () => {
  const row = (id: number, query: string, extra = "") => ({
    id,
    query,
    tools: JSON.stringify([{
      name: `f${extra}`,
      description: `Finds ${extra}.`,
      parameters: { x: { type: "str", description: `An ${extra}.` } },
    }]),
    answers: JSON.stringify([{ name: `f${extra}`, arguments: { x: `v${extra}` } }]),
  });
  const rows = [
    row(1, "Åsa's café, 東京 and 🙂", "é東🙂"),
    row(2, "plain", "\u00e9\\u00e9"),
    {
      ...row(3, "ineligible"),
      tools: JSON.stringify([0, 1].map(() => ({ name: "g", description: "G.", parameters: {} }))),
    },
    row(4, ""),
  ];
  const bytes = new TextEncoder().encode(JSON.stringify(rows));
  const items = loadDataset(bytes, sha256Hex(bytes)).items;
  assert.equal(items[2]!.ineligible, 'two tools are named "g"');
  const packed = packedRows(items);
  assert.notEqual(packed[0], items[0]);
  assert.ok(packed.every((item, i) => item !== items[i]));
  for (let i = 0; i < items.length; i++) {
    assert.deepEqual(seen(packed[i]!), seen(items[i]!), `row ${i}`);
  }

  const line = JSON.stringify({
    id: "c1",
    messages: [
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        tool_calls: [{
          type: "function",
          function: { name: "weather", arguments: '{"city": "Oslo"}' },
        }],
      },
    ],
    tools: [{
      type: "function",
      function: {
        name: "weather",
        description: "Weather now.",
        parameters: { type: "object", properties: { city: { type: "string" } } },
      },
    }],
  });
  const chatBytes = new TextEncoder().encode(line + "\n");
  const chat = loadChatDataset(chatBytes, sha256Hex(chatBytes)).items;
  assert.deepEqual(packedRows(chat), chat, "a chat line's item is kept as it is");
  assert.deepEqual(packedRows([]), []);
});
