import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { firstRanked } from "../../src/split/_ranking.ts";

/** Rows with the given ids; every row eligible. */
function dataset(ids: readonly number[]) {
  const rows = ids.map((id) => ({
    id,
    query: `q${id}`,
    tools: "[]",
    answers: "[]",
  }));
  const bytes = new TextEncoder().encode(JSON.stringify(rows));
  return loadDataset(bytes, sha256Hex(bytes));
}

/** reference/split.md, step 4, written plainly: every key whole, as hex, ties by id. */
function ranked(ids: readonly number[], seed: string, size: number): number[] {
  const key = (id: number) =>
    createHash("sha256").update(`split.v1\0${seed}\0${id === 0 ? "0" : String(id)}`).digest(
      "hex",
    );
  return ids.map((id, at) => ({ id, at, key: key(id) }))
    .sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id)
    .slice(0, size)
    .map((r) => r.at);
}

Deno.test({
  name: "firstRanked gives the order of reference/split.md, whatever the prefix it sorts by",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 300 }),
        fc.string({ maxLength: 8 }),
        fc.nat(),
        fc.constantFrom(1, 2, 4, 8, 48),
        (ids, seed, at, bits) => {
          const size = 1 + (at % ids.length);
          const items = dataset(ids).items;
          // With a prefix of a few bits most keys tie in it: the ties are ordered whole.
          assert.deepEqual(firstRanked(items, seed, size, bits), ranked(ids, seed, size));
        },
      ),
      { numRuns: 300 },
    );
  },
});
