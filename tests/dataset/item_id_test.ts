import assert from "node:assert/strict";
import fc from "fast-check";
import {
  compareItemIds,
  isItemId,
  type ItemId,
  itemIdShown,
  itemIdText,
  sortedItemIds,
} from "../../src/dataset/item_id.ts";

const enc = new TextEncoder();

/** The order of UTF-8 bytes: the page's order of string ids, computed another way. */
function byteOrder(a: string, b: string): number {
  const x = enc.encode(a);
  const y = enc.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

const ids: fc.Arbitrary<ItemId> = fc.oneof(
  fc.maxSafeInteger(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: fc.constantFrom("a", "\uffff", "\ue000", "\ud7ff", "😀", "\u{10ffff}", "é") }),
);

Deno.test("compareItemIds: integers first, ascending, then strings in the order of their UTF-8 bytes", () => {
  fc.assert(
    fc.property(ids, ids, (a, b) => {
      const c = Math.sign(compareItemIds(a, b));
      if (typeof a === "number" && typeof b === "number") return c === Math.sign(a - b);
      if (typeof a === "number") return c === -1;
      if (typeof b === "number") return c === 1;
      return c === Math.sign(byteOrder(a, b));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("sortedItemIds: the comparator's order, and integers alone through the typed array's sort", () => {
  fc.assert(fc.property(fc.array(ids), (list) => {
    assert.deepEqual(sortedItemIds(list), [...list].sort(compareItemIds));
  }));
  assert.deepEqual(sortedItemIds([10, -3, 2]), [-3, 2, 10]);
});

Deno.test("an id's text, as shown, and whether a value is an id", () => {
  assert.deepEqual([itemIdText(-0), itemIdText(12), itemIdText("7")], ["0", "12", "7"]);
  assert.deepEqual([itemIdShown(12), itemIdShown("7")], ["12", '"7"']);
  assert.deepEqual([1, "a", 1.5, 2 ** 53, null].map(isItemId), [true, true, false, false, false]);
});
