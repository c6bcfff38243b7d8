/**
 * The comparisons a line near many held-out items of one template makes (issue 42), against the
 * full comparisons they replace, on random templated inputs: a template's words with a slot, the
 * held-out items and the texts each filling it, changed by a word, a swap or a sentence. The edit
 * distance by the words' numbers, after the words shared at both ends are set aside
 * (`nearEdits`), against the full alignment of the strings; the sibling check with the words'
 * numbers and its quick refusals (`isSibling`), against the check that counts every word; each
 * also with the ends shared read as a template's group reads them (`TemplateEnds`).
 */

import assert from "node:assert/strict";
import { isSibling, type SiblingCall, siblingCalls } from "../../src/leak/_sibling.ts";
import { allowedEdits, mayBeNear, nearEdits, type WordEdits } from "../../src/leak/_word_edits.ts";
import { ADDED_WORDS } from "../../src/leak/_word_edits.ts";
import { eachWord, normalizeQuery } from "../../src/leak/normalize.ts";
import { Prng } from "../reference/_prng.ts";
import { type SharedEnds, TemplateEnds, TemplateGroups } from "../../src/leak/_template_groups.ts";

const none = { permissions: "none" } as const;
const FAR = 1 << 20;

/** The full alignment (the code before): every word compared as a string, nothing set aside. */
function fullAlign(a: readonly string[], b: readonly string[], bound: number): number | undefined {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > bound) return undefined;
  let before = new Int32Array(m + 1).fill(FAR);
  let last = new Int32Array(m + 1);
  let row = new Int32Array(m + 1).fill(FAR);
  for (let j = 0; j <= m; j++) last[j] = j <= bound ? j : FAR;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - bound);
    const hi = Math.min(m, i + bound);
    row[lo - 1] = lo === 1 ? i : FAR;
    if (hi < m) row[hi + 1] = FAR;
    let least = FAR;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, before[j - 2]! + 1);
      }
      row[j] = v;
      if (v < least) least = v;
    }
    if (least > bound) return undefined;
    [before, last, row] = [last, row, before];
  }
  const distance = last[m]!;
  return distance > bound ? undefined : distance;
}

/** The edit rule as it was computed before: slices of the strings, each aligned in full. */
function fullNearEdits(held: readonly string[], turn: readonly string[]): WordEdits | undefined {
  const allowed = allowedEdits(held.length);
  if (allowed === 0) {
    if (held.length === 0 || held.length !== turn.length) return undefined;
    return held.every((word, k) => word === turn[k]) ? { edits: 0, added: 0 } : undefined;
  }
  const n = held.length;
  const m = turn.length;
  if (!mayBeNear(n, m)) return undefined;
  const plain = fullAlign(held, turn, allowed);
  if (plain !== undefined && plain <= 1) return { edits: plain, added: 0 };
  let best: WordEdits | undefined = plain === undefined ? undefined : { edits: plain, added: 0 };
  for (let added = 1; added <= ADDED_WORDS; added++) {
    if (Math.abs(m - added - n) > allowed - 1) continue;
    for (const rest of [turn.slice(added), turn.slice(0, m - added)]) {
      const found = fullAlign(held, rest, allowed - 1);
      if (found !== undefined && (best === undefined || 1 + found < best.edits)) {
        best = { edits: 1 + found, added };
      }
    }
  }
  return best;
}

/** The words of `a` that `b` holds fewer times, every word counted (the code before). */
function fullFewer(a: readonly string[], b: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const word of b) counts.set(word, (counts.get(word) ?? 0) + 1);
  const out = new Set<string>();
  for (const word of a) {
    const left = counts.get(word) ?? 0;
    if (left === 0) out.add(word);
    else counts.set(word, left - 1);
  }
  return out;
}

function fullHolds(value: unknown, edited: ReadonlySet<string>, depth = 0): boolean {
  if (depth > 64 || value === null || value === undefined) return false;
  if (typeof value === "object") {
    for (const v of Object.values(value)) if (fullHolds(v, edited, depth + 1)) return true;
    return false;
  }
  for (const word of eachWord(normalizeQuery(String(value)))) if (edited.has(word)) return true;
  return false;
}

/** The sibling check as it was before: every word counted, every value walked each time. */
function fullIsSibling(
  held: { words: readonly string[]; calls: readonly SiblingCall[] | undefined },
  turn: { words: readonly string[]; calls: readonly SiblingCall[] | undefined },
): boolean {
  const all = held.calls;
  const other = turn.calls;
  if (all === undefined || other === undefined) return false;
  if (all.length === 0 || all.length !== other.length) return false;
  const b = [...other];
  const a = all.filter((x) => {
    const k = b.findIndex((y) => y.name === x.name && y.text === x.text);
    if (k < 0) return true;
    b.splice(k, 1);
    return false;
  });
  if (a.length === 0) return false;
  const heldWords = fullFewer(held.words, turn.words);
  const turnWords = fullFewer(turn.words, held.words);
  if (heldWords.size === 0 || turnWords.size === 0) return false;
  let differing = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x.name !== y.name || x.args.size !== y.args.size) return false;
    for (const [key, u] of x.args) {
      const v = y.args.get(key);
      if (v === undefined) return false;
      if (u.text === v.text) continue;
      differing++;
      if (!fullHolds(u.value, heldWords)) return false;
      if (!fullHolds(v.value, turnWords)) return false;
    }
  }
  return differing > 0;
}

const VOCABULARY = ["the", "weather", "in", "for", "days", "case", "book", "a", "room", "paris"];

/** A template's words, and a text made from it: its slot filled, then changed at random. */
function templated(prng: Prng): { held: string[]; turn: string[]; slot: number } {
  const length = prng.pick([3, 7, 8, 9, 12, 15, 16, 17, 24]);
  const template = Array.from({ length }, () => prng.pick(VOCABULARY));
  const slot = prng.int(length);
  const fill = () => prng.pick([`${prng.int(6)}`, prng.pick(VOCABULARY), "tokyo"]);
  const held = template.with(slot, fill());
  let turn = template.with(slot, fill());
  for (let edits = prng.int(3); edits > 0; edits--) {
    const k = prng.int(turn.length);
    const change = prng.int(6);
    if (change === 0) turn[k] = prng.pick(VOCABULARY);
    if (change === 1) turn.splice(k, 0, prng.pick(VOCABULARY));
    if (change === 2 && turn.length > 1) turn.splice(k, 1);
    if (change === 3 && k + 1 < turn.length) [turn[k], turn[k + 1]] = [turn[k + 1]!, turn[k]!];
    if (change === 4) turn = [...Array.from({ length: prng.range(1, 9) }, fill), ...turn];
    if (change === 5) turn = [...turn, ...Array.from({ length: prng.range(1, 9) }, fill)];
  }
  return { held, turn, slot };
}

/** Numbers for the held-out words, -1 for a word no held-out query holds, as the check reads. */
function numbered(held: readonly string[], turn: readonly string[]) {
  const numbers = new Map<string, number>();
  for (const w of held) if (!numbers.has(w)) numbers.set(w, numbers.size);
  return {
    held: Int32Array.from(held, (w) => numbers.get(w)!),
    turn: turn.map((w) => numbers.get(w) ?? -1),
  };
}

/**
 * What a text shares at both ends with a held-out query of a template, as the check reads it: the
 * group's ends read once (`TemplateEnds`), the query's slot then compared; the group is the query
 * and the template's words with another word in the slot.
 */
function templateEnds(held: Int32Array, turn: readonly number[], slot: number): SharedEnds {
  const other = Int32Array.from(held.with(slot, -7));
  const groups = new TemplateGroups([other, held], () => true);
  assert.equal(groups.groupOf[1], 0);
  const ends = new TemplateEnds(groups);
  ends.next();
  return { ...ends.of(0, held, turn) };
}

Deno.test("nearEdits: by numbers, after the shared ends, as the full alignment", none, () => {
  const prng = new Prng(42);
  let near = 0;
  for (let k = 0; k < 20_000; k++) {
    const { held, turn, slot } = templated(prng);
    const expected = fullNearEdits(held, turn);
    const codes = numbered(held, turn);
    assert.deepEqual(nearEdits(held, turn), expected, `${held.join(" ")} | ${turn.join(" ")}`);
    assert.deepEqual(nearEdits(codes.held, codes.turn), expected, `${held} | ${turn}`);
    // With the ends shared as a template's group reads them (`TemplateEnds`).
    const shared = templateEnds(codes.held, codes.turn, slot);
    assert.deepEqual(nearEdits(codes.held, codes.turn, shared), expected, `${held} | ${turn}`);
    if (expected !== undefined) near++;
  }
  // Most are near duplicates, by every count of edits.
  assert(near > 8_000, `${near}`);
});

Deno.test("isSibling: with numbers and quick refusals, as the check of every word", none, () => {
  const prng = new Prng(7);
  const call = (args: Record<string, unknown>) => [{
    name: "book",
    arguments: JSON.stringify(args),
  }];
  let siblings = 0;
  let refused = 0;
  for (let k = 0; k < 20_000; k++) {
    const { held, turn, slot } = templated(prng);
    // The answer holds the slot's word (a template's value), a number, or a word of neither.
    const value = (words: readonly string[]) =>
      prng.pick([words[slot] ?? "x", words.join(" "), "far", prng.int(4)]);
    const heldArgs = { city: value(held), n: prng.int(3), ...(prng.chance(0.2) ? { x: 1 } : {}) };
    const turnArgs = prng.chance(0.2) ? heldArgs : { ...heldArgs, city: value(turn) };
    const heldCalls = call(heldArgs);
    const turnCalls = prng.chance(0.1) ? [...call(turnArgs), ...call({ n: 1 })] : call(turnArgs);
    const expected = fullIsSibling(
      { words: held, calls: siblingCalls(heldCalls)?.list },
      { words: turn, calls: siblingCalls(turnCalls)?.list },
    );
    const codes = numbered(held, turn);
    const h = { words: held, calls: siblingCalls(heldCalls) };
    const t = { words: turn, calls: siblingCalls(turnCalls) };
    assert.equal(isSibling(h, t), expected, `${held} | ${turn}`);
    assert.equal(isSibling(h, t, (i, j) => codes.held[i] === codes.turn[j]), expected);
    const shared = templateEnds(codes.held, codes.turn, slot);
    assert.equal(isSibling(h, t, () => false, shared), expected, `${held} | ${turn}`);
    if (expected) siblings++;
    else if (!h.calls!.mayHold(held)) refused++;
  }
  assert(siblings > 2_000, `${siblings}`);
  assert(refused > 1_000, `${refused}`);
});
