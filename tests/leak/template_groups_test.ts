/**
 * Held-out items of one template (issue 42): how they are grouped (`TemplateGroups`), what a text
 * shares with each at both ends when read once for the group (`TemplateEnds`), and the check of a
 * training file with the groups against the same check comparing each item alone, on random
 * templated inputs: every kind of finding, the edits, the siblings and the kept lines the same.
 */

import assert from "node:assert/strict";
import type { Item } from "../../src/dataset/item.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { hashText } from "../../src/leak/_fingerprint.ts";
import { HeldOutIndex, WordNumbers } from "../../src/leak/_held_out_index.ts";
import { LineChecker } from "../../src/leak/_line_checker.ts";
import { LeakTally } from "../../src/leak/_tally.ts";
import { TemplateEnds, TemplateGroups } from "../../src/leak/_template_groups.ts";
import { TrainingLine } from "../../src/leak/_training_line.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { Prng } from "../reference/_prng.ts";
import { chat } from "./_plant.ts";

const none = { permissions: "none" } as const;

const VOCABULARY = ["the", "weather", "in", "for", "days", "case", "book", "a", "room", "next"];
const FILLS = ["paris", "tokyo", "lima", "oslo", "7", "12", "2024", "rome", "e-mail", "f(x)"];

/** The words shared at the start and at the end, each counted alone, word by word. */
function ends(a: ArrayLike<number>, b: ArrayLike<number>): { start: number; end: number } {
  const most = Math.min(a.length, b.length);
  let start = 0;
  while (start < most && a[start] === b[start]) start++;
  let end = 0;
  while (end < most && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { start, end };
}

Deno.test("TemplateGroups: the items the same but at one place, each group checked", none, () => {
  const prng = new Prng(11);
  for (let round = 0; round < 200; round++) {
    const codes: Int32Array[] = [];
    for (let template = 0; template < 4; template++) {
      const length = prng.range(1, 12);
      const words = Array.from({ length }, () => prng.int(6));
      const slot = prng.int(length);
      for (let k = prng.range(1, 5); k > 0; k--) {
        const item = words.with(slot, prng.int(8));
        // Now and then another place too: then the item is no longer of the template.
        if (prng.chance(0.2)) item[prng.int(length)] = prng.int(8);
        codes.push(Int32Array.from(item));
      }
    }
    const grouped = codes.map(() => prng.chance(0.9));
    const groups = new TemplateGroups(codes, (p) => grouped[p]!);
    const members = new Map<number, number[]>();
    for (let p = 0; p < codes.length; p++) {
      const g = groups.groupOf[p]!;
      if (g < 0) continue;
      assert(grouped[p], `item ${p} may not be grouped`);
      members.set(g, [...members.get(g) ?? [], p]);
    }
    for (const [g, list] of members) {
      assert(list.length >= 2, `group ${g} has ${list.length} item`);
      const words = groups.words[g]!;
      for (const p of list) {
        assert.equal(codes[p]!.length, words.length);
        for (let i = 0; i < words.length; i++) {
          if (i !== groups.slot[g]) assert.equal(codes[p]![i], words[i], `${codes[p]} | ${words}`);
        }
      }
    }
  }
});

Deno.test("TemplateGroups: the items of one template are one group", none, () => {
  const prng = new Prng(12);
  for (let round = 0; round < 500; round++) {
    const length = prng.range(1, 12);
    const words = Array.from({ length }, () => prng.int(3));
    const slot = prng.int(length);
    const codes = Array.from(
      { length: prng.range(2, 8) },
      () => Int32Array.from(words.with(slot, prng.int(4))),
    );
    const groups = new TemplateGroups(codes, () => true);
    assert.equal(groups.size, 1, `${codes.join(" | ")}`);
    assert(groups.groupOf.every((g) => g === 0));
  }
});

Deno.test("TemplateGroups: words with punctuation deleted the same but at one place", none, () => {
  const words = [1, 2, 3, 4, 5, 6, 7, 8];
  const codes = [9, 10, 11, 12].map((w) => Int32Array.from(words.with(2, w)));
  // Their words with punctuation deleted: the slot's word joined with the next; the last item's
  // also elsewhere, so it is left out.
  const joined = [9, 10, 11, 12].map((w, k) =>
    Int32Array.from([1, 2, 100 + w, 5, 6, 7, k === 3 ? 99 : 8])
  );
  const groups = new TemplateGroups(codes, () => true, joined);
  assert.deepEqual([...groups.groupOf], [0, 0, 0, -1]);
  assert.equal(groups.slot[0], 2);
  assert.equal(groups.joins[0], 1);
  assert.equal(groups.joinedSlot[0], 2);
  assert.deepEqual([...groups.joinedSlotWords[0]!], [109, 110, 111]);
  assert.deepEqual([...groups.members[0]!], [0, 1, 2]);
  assert.deepEqual([...groups.slotWords[0]!], [9, 10, 11]);
  // Items that join words and items that do not are not one group.
  const mixed = new TemplateGroups(codes, () => true, [joined[0], undefined, joined[1]]);
  assert.deepEqual([...mixed.groupOf], [0, -1, 0, -1]);
});

Deno.test("TemplateEnds: read once a group, the ends of each item as word by word", none, () => {
  const prng = new Prng(5);
  for (let round = 0; round < 500; round++) {
    const length = prng.range(1, 14);
    const template = Array.from({ length }, () => prng.int(4));
    const slot = prng.int(length);
    const codes = Array.from(
      { length: 6 },
      () => Int32Array.from(template.with(slot, prng.int(5))),
    );
    const groups = new TemplateGroups(codes, () => true);
    const ends_ = new TemplateEnds(groups);
    for (let text = 0; text < 5; text++) {
      ends_.next();
      let own = template.with(slot, prng.int(6));
      for (let e = prng.int(3); e > 0; e--) {
        const k = prng.int(own.length + 1);
        const change = prng.int(3);
        if (change === 0) own = own.toSpliced(k, 0, prng.int(6));
        if (change === 1 && own.length > 0) own = own.toSpliced(k % own.length, 1);
        if (change === 2 && own.length > 0) own = own.with(k % own.length, prng.int(6));
      }
      for (const held of codes) {
        const g = groups.groupOf[codes.indexOf(held)]!;
        if (g < 0) continue;
        const got = ends_.of(g, held, own);
        assert.deepEqual({ ...got }, ends(held, own), `${held} | ${own}`);
      }
    }
  }
});

Deno.test("WordNumbers: words of one hash are told apart by the words", none, () => {
  // Two pairs of words with one `hashText` each (found by a search of short words).
  assert.equal(hashText("yrex"), hashText("jlqab"));
  assert.equal(hashText("qreh"), hashText("jtqab"));
  const numbers = new WordNumbers(new Map([["yrex", 0], ["jlqab", 1], ["qreh", 2], ["tokyo", 3]]));
  assert.deepEqual(
    ["yrex", "jlqab", "qreh", "jtqab", "tokyo", "paris"].map((w) => numbers.of(w)),
    [0, 1, 2, -1, 3, -1],
  );
  assert.equal(numbers.size, 4);
});

/** A held-out item of a template: its query and its answer (one call). */
function item(id: number, query: string, args: Record<string, unknown>): Item {
  return {
    id,
    index: id,
    query,
    tools: [],
    answers: [{ name: "book", arguments: parseJson(JSON.stringify(args)) }],
  };
}

/** Random templates, their held-out items, and training lines made from them. */
function templatedFile(prng: Prng): { items: Item[]; lines: string[] } {
  const items: Item[] = [];
  const templates: { words: string[]; slot: number }[] = [];
  for (let t = prng.range(1, 4); t > 0; t--) {
    const length = prng.pick([5, 8, 9, 12, 15, 16, 17, 20]);
    const words = Array.from({ length }, () => prng.pick(VOCABULARY));
    // A comma or a joined word now and then: the words with punctuation deleted differ.
    if (prng.chance(0.2)) {
      words[prng.int(length)] = prng.pick(["e-mail", "u.s.", "x,", "f(x)", "(a)b"]);
    }
    templates.push({ words, slot: prng.int(length) });
  }
  const args = (fill: string) =>
    prng.pick([{ city: fill }, { city: fill, n: prng.int(3) }, { n: prng.int(3) }, {
      city: "far",
    }]);
  for (let k = prng.range(2, 30); k > 0; k--) {
    const { words, slot } = prng.pick(templates);
    const fill = prng.pick(FILLS);
    items.push(item(items.length + 1, words.with(slot, fill).join(" "), args(fill)));
  }
  const lines: string[] = [];
  for (let k = prng.range(1, 40); k > 0; k--) {
    const { words, slot } = prng.pick(templates);
    const fill = prng.pick(FILLS);
    let turn = words.with(slot, fill);
    for (let edits = prng.pick([0, 0, 1, 1, 2]); edits > 0; edits--) {
      const at = prng.int(turn.length);
      const change = prng.int(6);
      if (change === 0) turn = turn.with(at, prng.pick([...VOCABULARY, ...FILLS]));
      if (change === 1) turn = turn.toSpliced(at, 0, prng.pick(VOCABULARY));
      if (change === 2 && turn.length > 1) turn = turn.toSpliced(at, 1);
      if (change === 3 && at + 1 < turn.length) {
        turn = turn.with(at, turn[at + 1]!).with(at + 1, turn[at]!);
      }
      if (change === 4) turn = [...Array.from({ length: prng.range(1, 9) }, () => "ok"), ...turn];
      if (change === 5) turn = [...turn, prng.pick(["please.", "thanks!", "now, e-mail it"])];
    }
    const query = prng.chance(0.1) ? turn.join(" ").toUpperCase() : turn.join(" ");
    const answer = prng.chance(0.3) && items.length > 0
      ? prng.pick(items).answers[0]!.arguments
      : args(prng.chance(0.7) ? fill : prng.pick(FILLS));
    lines.push(chat(query, [{ name: "book", arguments: JSON.stringify(answer) }]));
  }
  return { items, lines };
}

/** The leaks the check finds in the lines, the items of a template grouped or each alone. */
function leaks(items: readonly Item[], lines: readonly string[], templates: boolean) {
  const index = new HeldOutIndex(items, templates);
  const tally = new LeakTally(3);
  const checker = new LineChecker(index, tally, {
    scorer: xlamToolCall,
    ordering: "any",
    limit: 1 << 16,
  });
  lines.forEach((text, k) => checker.check(new TrainingLine(text, k + 1)));
  return { found: tally.leaks(items), groups: index.groups.size };
}

Deno.test("the check with templates finds what comparing each item alone does", none, () => {
  const prng = new Prng(2026);
  const kinds = new Map<string, number>();
  let grouped = 0;
  for (let round = 0; round < 400; round++) {
    const { items, lines } = templatedFile(prng);
    const withGroups = leaks(items, lines, true);
    const alone = leaks(items, lines, false);
    assert.equal(alone.groups, 0);
    assert.deepEqual(withGroups.found, alone.found, lines.join("\n"));
    grouped += withGroups.groups;
    for (const leak of withGroups.found.leaks) {
      kinds.set(leak.kind, (kinds.get(leak.kind) ?? 0) + leak.matches);
    }
  }
  // Every kind is found, and many items are in groups.
  for (const kind of ["exact", "near", "sibling", "answer"]) {
    assert((kinds.get(kind) ?? 0) > 50, `${kind}: ${kinds.get(kind)}`);
  }
  assert(grouped > 400, `${grouped}`);
});
