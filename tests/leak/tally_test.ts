import assert from "node:assert/strict";
import { LeakTally } from "../../src/leak/_tally.ts";
import type { Item } from "../../src/dataset/item.ts";
import type { LeakMatch } from "../../src/leak/leak_report.ts";

const none = { permissions: "none" } as const;

const item = (id: number): Item => ({ id, index: id, query: `q${id}`, tools: [], answers: [] });
const match = (line: number, shared = 1): LeakMatch => ({
  line,
  shared,
  union: 1,
  sameAnswer: false,
});

Deno.test("LeakTally: leaks by kind (exact, near, answer), then by held-out id", none, () => {
  const heldOut = [item(30), item(10), item(20)];
  const tally = new LeakTally(20);
  tally.record("answer", 1, match(1));
  tally.record("near", 0, match(2));
  tally.record("exact", 2, match(3));
  tally.record("exact", 0, match(4));
  tally.record("near", 1, match(5));
  const { leaks, leaking } = tally.leaks(heldOut);
  assert.deepEqual(leaks.map((l) => [l.kind, l.id]), [
    ["exact", 20],
    ["exact", 30],
    ["near", 10],
    ["near", 30],
    ["answer", 10],
  ]);
  assert.equal(leaking, 3);
});

Deno.test(
  "LeakTally: a line counts once, with its first match; lines past keep only counted",
  none,
  () => {
    const tally = new LeakTally(2);
    tally.record("near", 0, match(1, 4));
    tally.record("near", 0, match(1, 5)); // a second turn of line 1
    tally.record("near", 0, match(2));
    tally.record("near", 0, match(3));
    tally.record("exact", 0, match(3)); // another kind is another leak
    const { leaks, leaking } = tally.leaks([item(7)]);
    assert.deepEqual(leaks, [
      { kind: "exact", id: 7, matches: 1, lines: [match(3)] },
      { kind: "near", id: 7, matches: 3, lines: [match(1, 4), match(2)] },
    ]);
    assert.equal(leaking, 1);
  },
);

Deno.test("LeakTally: nothing recorded, nothing leaks", none, () => {
  assert.deepEqual(new LeakTally(20).leaks([item(1)]), { leaks: [], leaking: 0, siblings: 0 });
});
