/**
 * `PackedItems`: each item built again from its bytes is the dataset's item, member for member
 * (xlam rows and chat-jsonl lines, ids of either type, texts with escapes and characters outside
 * ASCII, ineligible items and clusters), and the request it makes is the same,
 * byte for byte.
 */

import assert from "node:assert/strict";
import { contentKeyOf, type DatasetItem, loadDataset } from "../../src/dataset/dataset.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem } from "../../src/dataset/detached.ts";
import type { Item } from "../../src/dataset/item.ts";
import { PackedItems } from "../../src/dataset/packed_items.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { buildRequestBody } from "../../src/request/request.ts";
import { TEST_REQUEST } from "../run/_fixtures.ts";
import { Prng } from "../reference/_prng.ts";
import { genChatDataset } from "../reference/_chat_datasets.ts";

/** What an item is, as every reader of it sees it. */
function members(item: Item) {
  const d = item as DatasetItem;
  return {
    id: item.id,
    index: item.index,
    query: item.query,
    tools: item.tools,
    answers: item.answers,
    chat: item.chat,
    cluster: item.cluster,
    contentHash: d.contentHash,
    ineligible: d.ineligible,
    key: contentKeyOf(d),
    request: buildRequestBody(detachedItem(item), "m", TEST_REQUEST),
  };
}

function assertSame(items: readonly DatasetItem[]): void {
  const packed = PackedItems.of(items);
  assert.equal(packed.length, items.length);
  items.forEach((item, position) => {
    assert.deepEqual(members(packed.at(position)!), members(item), `position ${position}`);
  });
  assert.deepEqual([...packed].map((item) => item.id), items.map((item) => item.id));
  assert.equal(packed.at(items.length), undefined);
  assert.equal(packed.at(-1), undefined);
}

Deno.test({
  name: "xlam rows: each item built from its bytes is the dataset's, escapes kept as written",
  permissions: "none",
  fn: () => {
    const tools = (name: string) =>
      `[{"name": "${name}", "description": "d \\"quoted\\" é 😀", "parameters": ` +
      `{"x": {"type": "int, optional", "description": "x", "default": 1.50}}}]`;
    const rows = [
      {
        id: 3,
        query: "plain",
        tools: tools("f"),
        answers: '[{"name": "f", "arguments": {"x": 1.0}}]',
      },
      // An escape inside the tools' JSON text, kept as written (the content hash reads it).
      { id: -7, query: "é 😀 \u0000", tools: tools("\\u00e9g"), answers: "[]" },
      // Two tools of one name: ineligible.
      {
        id: 9007199254740991,
        query: "q",
        tools: `[${tools("h").slice(1, -1)}, ${tools("h").slice(1, -1)}]`,
        answers: "[]",
      },
    ];
    const bytes = new TextEncoder().encode(JSON.stringify(rows));
    const items = loadDataset(bytes, sha256Hex(bytes)).items;
    assert.equal(items[2]!.ineligible, 'two tools are named "h"');
    assertSame(items);
  },
});

Deno.test({
  name: "chat-jsonl lines: each item built from its bytes is the dataset's (200 random datasets)",
  permissions: "none",
  fn: () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { bytes } = genChatDataset(new Prng(seed));
      let items: readonly DatasetItem[];
      try {
        items = loadChatDataset(bytes, sha256Hex(bytes)).items;
      } catch {
        continue; // a dataset the reader refuses (the generator makes some)
      }
      assertSame(items);
    }
  },
});

Deno.test({
  name: "an item no dataset's reader built is kept as it is",
  permissions: "none",
  fn: () => {
    const item = { id: "a", index: 0, query: "q", tools: [], answers: [] };
    const packed = PackedItems.of([item]);
    assert.equal(packed.at(0), item);
  },
});
