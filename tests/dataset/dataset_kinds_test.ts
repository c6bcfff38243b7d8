import assert from "node:assert/strict";
import { DATASET_KINDS, datasetKind } from "../../src/dataset/dataset_kinds.ts";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { DatasetKind } from "../../src/config/config.ts";

const enc = new TextEncoder();

Deno.test("the registry holds exactly the kinds the configuration's schema accepts", async () => {
  const schema = JSON.parse(
    await Deno.readTextFile(new URL("../../schema/assess.schema.json", import.meta.url)),
  );
  const enumOf = (node: unknown): string[] | undefined => {
    if (node === null || typeof node !== "object") return undefined;
    const o = node as Record<string, unknown>;
    const kind = (o.properties as Record<string, { enum?: string[] }> | undefined)?.kind;
    if (o.properties !== undefined && "path" in (o.properties as object) && kind?.enum) {
      return kind.enum;
    }
    for (const v of Object.values(o)) {
      const found = enumOf(v);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const names: readonly DatasetKind[] = ["xlam-function-calling", "chat-jsonl"];
  assert.deepEqual(enumOf(schema), names);
  assert.deepEqual(DATASET_KINDS.map((k) => k.name), names);
});

/** A kind's entry reading the bytes. */
function readAs(kind: string, bytes: Uint8Array) {
  return datasetKind(kind).load(bytes, sha256Hex(bytes), {});
}

Deno.test("each kind reads its files as its loader does", () => {
  const xlam = enc.encode(JSON.stringify([1, 2, 3].map((id) => ({
    id,
    query: `question ${id}`,
    tools: "[]",
    answers: "[]",
  }))));
  const chat = enc.encode(
    [1, 2, 3].map((id) =>
      JSON.stringify({
        id,
        messages: [
          { role: "user", content: `question ${id}` },
          { role: "assistant", content: `answer ${id}` },
        ],
      })
    ).join("\n") + "\n",
  );
  const show = (d: ReturnType<typeof loadDataset>) =>
    JSON.stringify({
      sha256: d.sha256,
      eligible: d.eligibleCount,
      items: d.items.map((i) => [i.id, i.index, i.query]),
    });
  assert.equal(
    show(readAs("xlam-function-calling", xlam)),
    show(loadDataset(xlam, sha256Hex(xlam))),
  );
  assert.equal(show(readAs("chat-jsonl", chat)), show(loadChatDataset(chat, sha256Hex(chat))));
  // Each kind refuses the other's file.
  assert.throws(() => readAs("xlam-function-calling", chat), /dataset/);
  assert.throws(() => readAs("chat-jsonl", xlam), /line 1/);
});

Deno.test("a name no kind has is refused, naming the known ones", () => {
  assert.throws(
    () => datasetKind("csv"),
    new RangeError('no dataset kind "csv" (known: xlam-function-calling, chat-jsonl)'),
  );
});
