import { compareItemIds } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { type Dataset, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { DatasetError } from "../../src/dataset/dataset_error.ts";
import {
  heldOutItems,
  rankKey,
  type Split,
  splitFileText,
  SplitSizeError,
  takeHeldOut,
  takeSplit,
} from "../../src/split/split.ts";

const enc = new TextEncoder();

interface Row {
  id: number;
  query: string;
  tools: string;
  answers: string;
}

const tool = (name: string) =>
  `{"name": ${JSON.stringify(name)}, "description": "d", "parameters": {"x": {"type": "int"}}}`;

// Few distinct contents, so that identical rows (twins) are common.
const rowContent = fc.record({
  query: fc.constantFrom("a", "b", "c", "é", "d\u0000e"),
  tools: fc.constantFrom(
    `[${tool("f")}]`,
    `[${tool("f")}, ${tool("g")}]`,
    `[${tool("f")}, ${tool("f")}]`, // ineligible
    "[]",
  ),
  answers: fc.constantFrom(
    "[]",
    '[{"name": "f", "arguments": {"x": 1}}]',
    '[{"name": "f", "arguments": {"x": 1.0}}]',
  ),
});

const datasetArb = fc.uniqueArray(fc.integer({ min: -1000, max: 100000 }), {
  minLength: 1,
  maxLength: 40,
}).chain((ids) =>
  fc.tuple(...ids.map(() => rowContent)).map((contents): Row[] =>
    ids.map((id, i) => ({ id, ...contents[i]! }))
  )
);

const seedArb = fc.string({ maxLength: 12 });

function bytesOf(rows: readonly Row[]): Uint8Array {
  return enc.encode(JSON.stringify(rows, null, 1));
}

function loaded(rows: readonly Row[]) {
  const bytes = bytesOf(rows);
  return loadDataset(bytes, sha256Hex(bytes));
}

const same = (a: Row, b: Row) =>
  a.query === b.query && a.tools === b.tools && a.answers === b.answers;
const eligible = (r: Row) => !r.tools.includes(`${tool("f")}, ${tool("f")}`);

Deno.test({
  name: "held out, complement and twins partition the ids; ineligible items are in the complement",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(datasetArb, seedArb, fc.nat(), (rows, seed, pick) => {
        const dataset = loaded(rows);
        const nEligible = rows.filter(eligible).length;
        fc.pre(nEligible > 0);
        const size = 1 + (pick % nEligible);
        const split = takeSplit(dataset, { seed, size });
        const held = split.heldOut.map((e) => e.id);
        assert.equal(held.length, size);
        const all = [...held, ...split.complement, ...split.twins].sort(compareItemIds);
        assert.deepEqual(all, rows.map((r) => r.id).sort((a, b) => a - b));
        assert.equal(split.twinsExcluded, split.twins.length);
        const complement = new Set(split.complement);
        const inel = rows.filter((r) => !eligible(r)).map((r) => r.id).sort((a, b) => a - b);
        assert.deepEqual(split.ineligible.map((e) => e.id), inel);
        for (const id of inel) assert(complement.has(id), `ineligible ${id} not in the complement`);
        for (const e of split.ineligible) assert.equal(e.reason, 'two tools are named "f"');
        for (const id of held) assert(eligible(rows.find((r) => r.id === id)!));
        assert.deepEqual(split.complement, [...split.complement].sort(compareItemIds));
        assert.deepEqual(split.twins, [...split.twins].sort(compareItemIds));
      }),
      { numRuns: 200 },
    );
  },
});

Deno.test({
  name:
    "twins are exactly the items not held out whose query, tools and answers equal a held-out item's",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(datasetArb, seedArb, fc.nat(), (rows, seed, pick) => {
        const nEligible = rows.filter(eligible).length;
        fc.pre(nEligible > 0);
        const dataset = loaded(rows);
        const split = takeSplit(dataset, { seed, size: 1 + (pick % nEligible) });
        const held = new Set(split.heldOut.map((e) => e.id));
        const heldRows = rows.filter((r) => held.has(r.id));
        const want = rows.filter((r) => !held.has(r.id) && heldRows.some((h) => same(h, r)))
          .map((r) => r.id).sort((a, b) => a - b);
        assert.deepEqual(split.twins, want);
        // Items that loadDataset did not build have no content keys: the same split, when none
        // has a key and when every other one has.
        const plain = (every: number): Dataset => ({
          ...dataset,
          items: dataset.items.map((item, i) =>
            i % every !== 0 ? item : ({
              id: item.id,
              index: item.index,
              query: item.query,
              tools: item.tools,
              answers: item.answers,
              contentHash: item.contentHash,
              ...(item.ineligible === undefined ? {} : { ineligible: item.ineligible }),
            })
          ),
        });
        assert.deepEqual(takeSplit(plain(1), { seed, size: split.size }), split);
        assert.deepEqual(takeSplit(plain(2), { seed, size: split.size }), split);
      }),
      { numRuns: 200 },
    );
  },
});

Deno.test({
  name: "takeHeldOut gives takeSplit's held-out items, digest and confirmation items",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(
        datasetArb,
        seedArb,
        fc.nat(),
        fc.option(fc.constantFrom(0.2, 0.5, 0.9), { nil: undefined }),
        (rows, seed, pick, confirm) => {
          const nEligible = rows.filter(eligible).length;
          fc.pre(nEligible > 0);
          const dataset = loaded(rows);
          const options = { seed, size: 1 + (pick % nEligible), confirm };
          let split;
          try {
            split = takeSplit(dataset, options);
          } catch (error) {
            // A confirmation share the size cannot give: refused alike.
            assert.throws(() => takeHeldOut(dataset, options), error as Error);
            return;
          }
          const held = takeHeldOut(dataset, options);
          assert.equal(held.digest, split.digest);
          assert.deepEqual(held.items, heldOutItems(dataset, split));
          assert.deepEqual(held.confirm, split.confirm);
        },
      ),
      { numRuns: 200 },
    );
    const dataset = loaded([{ id: 1, query: "a", tools: "[]", answers: "[]" }]);
    assert.throws(() => takeHeldOut(dataset, { seed: "s", size: 2 }), SplitSizeError);
  },
});

Deno.test({
  name: "nested: the held-out items for a size are the first of those for any larger size",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(datasetArb, seedArb, fc.nat(), fc.nat(), (rows, seed, p, q) => {
        const nEligible = rows.filter(eligible).length;
        fc.pre(nEligible > 0);
        const dataset = loaded(rows);
        const small = 1 + (p % nEligible);
        const large = small + (q % (nEligible - small + 1));
        const a = takeSplit(dataset, { seed, size: small }).heldOut;
        const b = takeSplit(dataset, { seed, size: large }).heldOut;
        assert.deepEqual(a, b.slice(0, small));
      }),
      { numRuns: 200 },
    );
  },
});

Deno.test({
  name: "the same inputs always give the same file, byte for byte",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(datasetArb, seedArb, fc.nat(), (rows, seed, pick) => {
        const nEligible = rows.filter(eligible).length;
        fc.pre(nEligible > 0);
        const size = 1 + (pick % nEligible);
        const a = splitFileText(takeSplit(loaded(rows), { seed, size }));
        const b = splitFileText(takeSplit(loaded(structuredClone(rows)), { seed, size }));
        assert.equal(a, b);
        // The file is the documented members, in order.
        assert.deepEqual(Object.keys(JSON.parse(a)), [
          "schema",
          "algorithm",
          "seed",
          "size",
          "datasetSha256",
          "digest",
          "heldOut",
          "complement",
          "twins",
          "twinsExcluded",
          "ineligible",
        ]);
      }),
      { numRuns: 100 },
    );
  },
});

Deno.test({
  name: "a one-byte change to the file is refused by the hash check before any row is read",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(datasetArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (rows, at, delta) => {
        const bytes = bytesOf(rows);
        const expected = sha256Hex(bytes);
        const changed = bytes.slice();
        const i = at % changed.length;
        changed[i] = (changed[i]! + delta) % 256;
        // Most such changes break the JSON or the UTF-8 too; the refusal must still be the hash's.
        assert.throws(() => loadDataset(changed, expected), (e: unknown) => {
          assert(e instanceof DatasetError);
          assert.equal(e.row, undefined);
          assert.equal(
            e.reason,
            `the file's SHA-256 is ${sha256Hex(changed)}, and dataset.sha256 is ${expected}`,
          );
          return true;
        });
      }),
      { numRuns: 200 },
    );
  },
});

// An independent implementation of reference/split.md steps 4-8, with WebCrypto.
async function sha(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(h, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function referenceHeldOut(
  rows: readonly Row[],
  seed: string,
  size: number,
): Promise<Split["heldOut"]> {
  const keyed = [];
  for (const r of rows.filter(eligible)) {
    const key = await sha(enc.encode(`split.v1\u0000${seed}\u0000${r.id}`));
    const parts = [r.query, r.tools, r.answers].map((s) => enc.encode(s));
    const buf = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
    let at = 0;
    for (const p of parts) {
      new DataView(buf.buffer).setUint32(at, p.length);
      buf.set(p, at + 4);
      at += 4 + p.length;
    }
    keyed.push({ key, id: r.id, hash: await sha(buf) });
  }
  keyed.sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id);
  return keyed.slice(0, size).map(({ id, hash }) => ({ id, hash }));
}

Deno.test({
  name: "held-out order, content hashes and digest match an independent reading of the split page",
  permissions: "none",
  fn: async () => {
    await fc.assert(
      fc.asyncProperty(datasetArb, seedArb, fc.nat(), async (rows, seed, pick) => {
        const nEligible = rows.filter(eligible).length;
        fc.pre(nEligible > 0);
        const size = 1 + (pick % nEligible);
        const split = takeSplit(loaded(rows), { seed, size });
        const want = await referenceHeldOut(rows, seed, size);
        assert.deepEqual(split.heldOut, want);
        const lines = want.map((e) => `${e.id} ${e.hash}\n`).join("");
        assert.equal(split.digest, await sha(enc.encode(lines)));
        assert.equal(rankKey(seed, 5), await sha(enc.encode(`split.v1\u0000${seed}\u00005`)));
      }),
      { numRuns: 100 },
    );
  },
});

Deno.test({
  name: "a size the dataset cannot give is refused, naming the eligible count",
  permissions: "none",
  fn: () => {
    const rows: Row[] = [
      { id: 1, query: "a", tools: "[]", answers: "[]" },
      { id: 2, query: "b", tools: `[${tool("f")}, ${tool("f")}]`, answers: "[]" },
      { id: 3, query: "c", tools: "[]", answers: "[]" },
    ];
    const dataset = loaded(rows);
    for (const size of [0, -1, 3, 1.5, Number.NaN]) {
      assert.throws(() => takeSplit(dataset, { seed: "s", size }), (e: unknown) => {
        assert(e instanceof SplitSizeError);
        assert.equal(e.eligibleCount, 2);
        assert.match(e.message, /it has 2 eligible items/);
        return true;
      });
    }
    assert.equal(takeSplit(dataset, { seed: "s", size: 2 }).heldOut.length, 2);
  },
});

Deno.test({
  name: "another seed gives another order; heldOutItems gives the items in order",
  permissions: "none",
  fn: () => {
    const rows: Row[] = Array.from({ length: 50 }, (_, i) => ({
      id: i,
      query: `q${i}`,
      tools: "[]",
      answers: "[]",
    }));
    const dataset = loaded(rows);
    const a = takeSplit(dataset, { seed: "one", size: 10 });
    const b = takeSplit(dataset, { seed: "two", size: 10 });
    assert.notDeepEqual(a.heldOut, b.heldOut);
    assert.deepEqual(heldOutItems(dataset, a).map((i) => i.id), a.heldOut.map((e) => e.id));
    assert.equal(heldOutItems(dataset, a)[0]!.query, `q${a.heldOut[0]!.id}`);
  },
});
