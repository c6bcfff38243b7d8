/**
 * `split.confirm` (`src/split/confirm.ts`, step 8a of reference/split.md): the confirmation items'
 * laws over generated held-out sets, and what they change in the split (the digest and the file,
 * nothing else). The Python reference agrees byte for byte in `tests/reference/differential_test.ts`.
 */

import type { ItemId } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ANSWER_CATEGORIES, answerCategory } from "../../src/dataset/category.ts";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { confirmationIds, confirmKey, SplitConfirmError } from "../../src/split/confirm.ts";
import { splitFileText, SplitSizeError, takeSplit } from "../../src/split/split.ts";
import { categoryRows } from "../run/_fixtures.ts";

const call = (name: string) => ({ name, arguments: {} });
const ANSWERS = [[], [call("a")], [call("a"), call("a")], [call("a"), call("b")]];

const heldOut = fc.uniqueArray(fc.nat({ max: 10_000 }), { minLength: 2, maxLength: 120 }).chain(
  (ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.nat({ max: 3 }), { minLength: ids.length, maxLength: ids.length }),
    ).map(([ids, kinds]) => ids.map((id, k) => ({ id, answers: ANSWERS[kinds[k]!]! }))),
);
const share = fc.double({ min: 0.01, max: 0.99, noNaN: true });

Deno.test({
  name: "confirmationIds: each category keeps its share, rounded half up; ids held out, ascending",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(heldOut, fc.string(), share, (items, seed, s) => {
        let ids: ItemId[];
        try {
          ids = confirmationIds(items, seed, s);
        } catch (e) {
          assert.ok(e instanceof SplitConfirmError && e instanceof SplitSizeError);
          return;
        }
        assert.ok(ids.length > 0 && ids.length < items.length);
        assert.deepEqual(ids, [...ids].sort((a, b) => Number(a) - Number(b)));
        const chosen = new Set(ids);
        for (const category of ANSWER_CATEGORIES) {
          const members = items.filter((i) => answerCategory(i.answers) === category);
          const kept = members.filter((i) => chosen.has(i.id));
          assert.equal(kept.length, Math.floor(s * members.length + 0.5), category);
          // The ones kept are those of smallest confirmation key.
          const keys = members.map((i) => confirmKey(seed, i.id)).sort();
          const threshold = keys[kept.length - 1];
          for (const i of kept) assert.ok(confirmKey(seed, i.id) <= threshold!);
        }
        assert.ok(ids.every((id) => items.some((i) => i.id === id)));
        // The order the items come in changes nothing.
        assert.deepEqual(confirmationIds([...items].reverse(), seed, s), ids);
      }),
      { numRuns: 300 },
    );
  },
});

Deno.test({
  name:
    "confirmationIds: a share that keeps no item on one side, or that is not a share, is refused",
  permissions: "none",
  fn: () => {
    const items = [{ id: 1, answers: [] }, { id: 2, answers: [call("a")] }];
    assert.throws(() => confirmationIds(items, "s", 0.1), SplitConfirmError);
    assert.throws(
      () => confirmationIds(items, "s", 0.9),
      /split\.confirm 0\.9 of 2 held-out items keeps 2 to confirm and 0 to choose on/,
    );
    for (const bad of [0, 1, -0.5, Number.NaN]) {
      assert.throws(() => confirmationIds(items, "s", bad), RangeError);
    }
  },
});

Deno.test({
  name:
    "takeSplit with confirm: the same held-out items, the confirmation items in the digest and the file",
  permissions: "none",
  fn: () => {
    const bytes = new TextEncoder().encode(JSON.stringify(categoryRows(200)));
    const dataset = loadDataset(bytes, sha256Hex(bytes));
    const plain = takeSplit(dataset, { seed: "s", size: 100 });
    const confirmed = takeSplit(dataset, { seed: "s", size: 100, confirm: 0.5 });
    assert.equal(plain.confirm, undefined);
    assert.equal(JSON.parse(splitFileText(plain)).confirm, undefined);
    assert.deepEqual(confirmed.heldOut, plain.heldOut);
    assert.deepEqual(confirmed.complement, plain.complement);
    assert.notEqual(confirmed.digest, plain.digest);
    // Half of each category, rounded half up: 50 or a few more (an odd category adds one).
    const kept = confirmed.confirm!.items.length;
    assert.ok(kept >= 50 && kept <= 52, String(kept));
    const file = JSON.parse(splitFileText(confirmed));
    assert.deepEqual(file.confirm, { share: 0.5, items: confirmed.confirm!.items });
    assert.deepEqual(Object.keys(file).slice(-2), ["ineligible", "confirm"]);
    // The digest, as step 8 and 8a say, computed here from the file.
    const lines = file.heldOut.map((e: { id: number; hash: string }) => `${e.id} ${e.hash}\n`)
      .join("") + "confirm 0.5\n" + file.confirm.items.map((id: number) => `${id}\n`).join("");
    assert.equal(confirmed.digest, sha256Hex(new TextEncoder().encode(lines)));
    // Another share, another digest; the same share, the same split.
    assert.notEqual(takeSplit(dataset, { seed: "s", size: 100, confirm: 0.4 }).digest, file.digest);
    assert.deepEqual(takeSplit(dataset, { seed: "s", size: 100, confirm: 0.5 }), confirmed);
  },
});
