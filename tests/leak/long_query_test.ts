/**
 * A user text of millions of words (issue 23, defect 7): memory holds at most
 * `COUNTED_SHINGLES` of its shingles, what the check finds in it stays exact, and an answer leak
 * in it says that its union is a lower bound. (The memory itself is held by
 * tests/e2e/leak_memory_test.ts, under a heap cap.)
 */

import assert from "node:assert/strict";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { Item } from "../../src/dataset/item.ts";
import { checkLeaks, COUNTED_SHINGLES, type LeakOptions } from "../../src/leak/leak.ts";
import { leakJson, leakText } from "../../src/leak/render.ts";
import { normalizeQuery, queryWords, shingles } from "../../src/leak/normalize.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";

const none = { permissions: "none" } as const;
const OPTIONS: LeakOptions = { scorer: xlamToolCall, ordering: "any" };
const rowsBytes = Deno.readFileSync(new URL("../../reference/testdata/rows.json", import.meta.url));
const rows = loadDataset(rowsBytes, sha256Hex(rowsBytes)).items;
/** A held-out item with calls (the first row: mean and histogram). */
const item = rows.find((row) => row.answers.length > 0)!;
const calls = item.answers.map((a) => ({ name: a.name, arguments: stringifyJson(a.arguments) }));

function chat(query: string, answer = false): string {
  const assistant = answer
    ? [{ role: "assistant", tool_calls: calls.map((c) => ({ type: "function", function: c })) }]
    : [];
  return JSON.stringify({ messages: [{ role: "user", content: query }, ...assistant] }) + "\n";
}

/** `count` distinct words. */
function words(count: number): string {
  return Array.from({ length: count }, (_, i) => `w${i}`).join(" ");
}

Deno.test(
  "a text with more shingles than are counted: its answer leak has a lower-bound union",
  none,
  async () => {
    const held = new Set(shingles(normalizeQuery(item.query))).size;
    const file = chat(`${item.query} ${words(COUNTED_SHINGLES + 100)}`, true);
    const report = await checkLeaks(new TextEncoder().encode(file), [item], OPTIONS);
    assert.equal(report.leaks.length, 1);
    const leak = report.leaks[0]!;
    assert.equal(leak.kind, "answer");
    const match = leak.lines[0]!;
    // Every shingle of the held-out query is in the text; the text's count stops past the limit.
    assert.equal(match.shared, held);
    assert.equal(match.union, COUNTED_SHINGLES + 1);
    assert.equal(match.unionAtLeast, true);
    assert.match(
      leakText(report, "t.jsonl"),
      /answer {2}id \d+ {2}line 1 \(query Jaccard at most 0\.001: the line's query has too many shingles to count them all\)/,
    );
    const json = JSON.parse(leakJson(report, {
      file: "t.jsonl",
      splitDigest: "d".repeat(64),
      datasetSha256: "a".repeat(64),
      scorer: { name: "xlam-tool-call", version: "1" },
      ordering: "any",
    }));
    assert.equal(json.leaks[0].lines[0].unionAtLeast, true);
  },
);

Deno.test("a text just under the limit is counted whole, as before", none, async () => {
  const held = new Set(shingles(normalizeQuery(item.query))).size;
  // The query's words, then enough distinct words that the whole holds exactly the limit.
  const extra = COUNTED_SHINGLES + 4 - queryWords(normalizeQuery(item.query)).length;
  const text = `${item.query} ${words(extra)}`;
  assert.equal(new Set(shingles(normalizeQuery(text))).size, COUNTED_SHINGLES);
  const report = await checkLeaks(new TextEncoder().encode(chat(text, true)), [item], OPTIONS);
  const match = report.leaks[0]!.lines[0]!;
  assert.deepEqual(match, {
    line: 1,
    shared: held,
    union: COUNTED_SHINGLES,
    sameAnswer: true,
  });
});

Deno.test(
  "a long text of few distinct words is near no held-out query: 10 MB of a repeated query",
  none,
  async () => {
    const ping: Item = { ...detachedItem(item), id: 1, query: "ping pong ping pong ping pong" };
    const file = chat("Ping pong ".repeat(1_000_000)) + chat(words(COUNTED_SHINGLES + 100)) +
      chat("Ping, pong: ping pong ping pong!");
    const report = await checkLeaks(new TextEncoder().encode(file), [ping], OPTIONS);
    assert.deepEqual(report.leaks.map((l) => [l.kind, l.id, l.lines]), [
      ["near", 1, [{ line: 3, shared: 2, union: 2, sameAnswer: false, edits: 0, addedWords: 0 }]],
    ]);
  },
);

Deno.test(
  "a held-out query of 100,000 words: a copy one word off is near it (no table of n × m cells)",
  none,
  async () => {
    const query = words(100_000);
    const held: Item = { ...detachedItem(item), id: 1, query };
    const file = chat(query.replace("w50000", "zebra"), true);
    const report = await checkLeaks(new TextEncoder().encode(file), [held], OPTIONS);
    assert.deepEqual(report.leaks.map((l) => [l.kind, l.id, l.lines[0]!.edits]), [["near", 1, 1]]);
  },
);
