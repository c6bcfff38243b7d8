/**
 * Held-out items of one template: queries of the same words but one, in the same place (`… in
 * Paris …`, `… in Tokyo …`; `… (case 17)`, `… (case 42)`). A training line near one of them is
 * near most of them, so it is compared with the template once, its words shared at both ends
 * (`TemplateEnds`), and then with each item only at its slot: what the edit rule and the sibling
 * check of each item start from (`nearEdits`, `isSibling`).
 *
 * @module
 */

import { mix } from "./_fingerprint.ts";

/**
 * The groups of held-out items whose word lists (by their numbers) are the same but at one place,
 * the group's slot. An item is in at most one group; one that shares no list with another is in
 * none.
 */
export class TemplateGroups {
  /** Each item's group, by its position; -1 when it is in none. */
  readonly groupOf: Int32Array;
  /** Each group's slot: the place at which its items' words differ. */
  readonly slot: Int32Array;
  /** Each group's words: its first item's, whose words but the slot's are every item's. */
  readonly words: readonly Int32Array[];
  /** Each group's items, by their positions, in order. */
  readonly members: readonly Int32Array[];
  /** The word in the slot of each of a group's items, in the order of `members`. */
  readonly slotWords: readonly Int32Array[];
  /**
   * Whether a group's items have words with punctuation deleted that are not their words (all of
   * them, or none): 1 when they do.
   */
  readonly joins: Uint8Array;
  /**
   * Each group's words with punctuation deleted (its words when they join none), the same for its
   * items but at one place, its joined slot; and each item's word there.
   */
  readonly joinedWords: readonly Int32Array[];
  readonly joinedSlot: Int32Array;
  readonly joinedSlotWords: readonly Int32Array[];

  /**
   * @param codes Each item's words, by their numbers (`HeldOutIndex.wordCodes`).
   * @param grouped Whether the item at a position may be in a group (one compared by its words
   *   alone: the edit rule allows it an edit, and its words with punctuation deleted are its words).
   */
  constructor(
    codes: readonly Int32Array[],
    grouped: (position: number) => boolean,
    joined: readonly (Int32Array | undefined)[] = [],
  ) {
    // The number of each item's words but the one at place k, for each k: items that share one
    // share their words but one (or collide, which the check of the words below finds).
    const keys: (Int32Array | undefined)[] = [];
    const holders = new Map<number, number>();
    for (let p = 0; p < codes.length; p++) {
      const list = codes[p]!;
      if (!grouped(p)) {
        keys.push(undefined);
        continue;
      }
      const n = list.length;
      const after = new Int32Array(n + 1);
      after[n] = mix(n);
      for (let k = n - 1; k >= 0; k--) after[k] = mix(after[k + 1]! + Math.imul(list[k]!, 31));
      const own = new Int32Array(n);
      let before = mix(~n);
      for (let k = 0; k < n; k++) {
        own[k] = mix(Math.imul(before, 0x9e3779b1) ^ after[k + 1]! ^ k);
        before = mix(before + Math.imul(list[k]!, 17));
      }
      keys.push(own);
      // Each place's key has the place in it: an item holds each key once (but by a collision).
      for (const key of own) holders.set(key, (holders.get(key) ?? 0) + 1);
    }
    // Each item takes the key the most items share (the first place on a tie); the items that take
    // one key, and have the words of its first item but at its place, are a group.
    const groupOf = new Int32Array(codes.length).fill(-1);
    const slot: number[] = [];
    const words: Int32Array[] = [];
    const members: Int32Array[] = [];
    const slotWords: Int32Array[] = [];
    const taken = new Map<number, { place: number; first: number; members: number[] }>();
    for (let p = 0; p < codes.length; p++) {
      const own = keys[p];
      if (own === undefined) continue;
      let best = 0;
      for (let k = 1; k < own.length; k++) {
        if (holders.get(own[k]!)! > holders.get(own[best]!)!) best = k;
      }
      if (holders.get(own[best]!)! < 2) continue;
      const entry = taken.get(own[best]!);
      if (entry === undefined) taken.set(own[best]!, { place: best, first: p, members: [p] });
      else if (entry.place === best && sameBut(codes[entry.first]!, codes[p]!, best)) {
        entry.members.push(p);
      }
    }
    const joins: number[] = [];
    const joinedWords: Int32Array[] = [];
    const joinedSlot: number[] = [];
    const joinedSlotWords: Int32Array[] = [];
    for (const entry of taken.values()) {
      // The items' words with punctuation deleted must be the same but at one place too (or all
      // the same); those that are not are left out.
      const first = joined[entry.first] ?? codes[entry.first]!;
      const joining = joined[entry.first] !== undefined;
      let place = -1;
      const kept = entry.members.filter((p) => {
        const own = joined[p] ?? codes[p]!;
        if ((joined[p] !== undefined) !== joining || own.length !== first.length) return false;
        const differs = differences(first, own);
        if (differs.length > 1) return false;
        if (differs.length === 0) return true;
        if (place < 0) place = differs[0]!;
        return differs[0] === place;
      });
      if (kept.length < 2) continue;
      if (place < 0) place = 0;
      for (const p of kept) groupOf[p] = slot.length;
      slot.push(entry.place);
      words.push(codes[entry.first]!);
      members.push(Int32Array.from(kept));
      slotWords.push(Int32Array.from(kept, (p) => codes[p]![entry.place]!));
      joins.push(joining ? 1 : 0);
      joinedWords.push(first);
      joinedSlot.push(place);
      joinedSlotWords.push(Int32Array.from(kept, (p) => (joined[p] ?? codes[p]!)[place]!));
    }
    this.joins = Uint8Array.from(joins);
    this.joinedWords = joinedWords;
    this.joinedSlot = Int32Array.from(joinedSlot);
    this.joinedSlotWords = joinedSlotWords;
    this.groupOf = groupOf;
    this.slot = Int32Array.from(slot);
    this.words = words;
    this.members = members;
    this.slotWords = slotWords;
  }

  /** How many groups there are. */
  get size(): number {
    return this.slot.length;
  }
}

/** The places at which two lists of one length differ, up to two. */
function differences(a: Int32Array, b: Int32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length && out.length < 2; i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

/** Whether two word lists are the same but at place `k`. */
function sameBut(a: Int32Array, b: Int32Array, k: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (i !== k && a[i] !== b[i]) return false;
  return true;
}

/** How many words two lists share at the start and at the end, each counted alone. */
export interface SharedEnds {
  /** How many first words they share. */
  readonly start: number;
  /** How many last words they share (counted from the end, whatever the start shares). */
  readonly end: number;
}

/**
 * What a text shares with each group's words at both ends, its slot counted as shared: read once
 * a text for each group (a stamp tells the texts apart), and then, for each item of the group, only
 * its slot is compared ({@linkcode TemplateEnds.of}).
 */
export class TemplateEnds {
  readonly #groups: TemplateGroups;
  readonly #stamps: Int32Array;
  readonly #start: Int32Array;
  readonly #end: Int32Array;
  #stamp = 0;
  /** What {@linkcode TemplateEnds.of} gives, until it is asked again. */
  readonly #shared = { start: 0, end: 0 };

  readonly #words: readonly Int32Array[];
  readonly #slot: Int32Array;

  /**
   * @param groups The groups.
   * @param joined Whether the texts read are words with punctuation deleted, compared with the
   *   groups' (`TemplateGroups.joinedWords`).
   */
  constructor(groups: TemplateGroups, joined = false) {
    this.#groups = groups;
    this.#words = joined ? groups.joinedWords : groups.words;
    this.#slot = joined ? groups.joinedSlot : groups.slot;
    this.#stamps = new Int32Array(groups.size);
    this.#start = new Int32Array(groups.size);
    this.#end = new Int32Array(groups.size);
  }

  /** Forgets the text read: the next one is another. */
  next(): void {
    this.#stamp++;
  }

  /**
   * The words the item `held` of group `group` shares with the text `own` at the start and at the
   * end: what `nearEdits` and `isSibling` would count word by word. The object is this one's, and
   * holds the answer until the next call.
   */
  of(group: number, held: Int32Array, own: ArrayLike<number>): SharedEnds {
    const slot = this.#slot[group]!;
    if (this.#stamps[group] !== this.#stamp) {
      this.#stamps[group] = this.#stamp;
      const words = this.#words[group]!;
      this.#start[group] = sharedStart(words, slot, own);
      this.#end[group] = sharedEnd(words, slot, own);
    }
    let start = this.#start[group]!;
    if (slot < start && held[slot] !== own[slot]) start = slot;
    let end = this.#end[group]!;
    const fromEnd = held.length - 1 - slot;
    if (fromEnd < end && held[slot] !== own[own.length - 1 - fromEnd]) end = fromEnd;
    const shared = this.#shared;
    shared.start = start;
    shared.end = end;
    return shared;
  }
}

/**
 * How many first words a template's words and a text's share, the slot counted as shared.
 *
 * @param words The template's words.
 * @param slot Its slot.
 * @param own The text's words.
 * @returns How many.
 */
export function sharedStart(words: Int32Array, slot: number, own: ArrayLike<number>): number {
  const most = Math.min(words.length, own.length);
  let start = 0;
  while (start < most && (start === slot || words[start] === own[start])) start++;
  return start;
}

/**
 * How many last words a template's words and a text's share, the slot counted as shared.
 *
 * @param words The template's words.
 * @param slot Its slot.
 * @param own The text's words.
 * @returns How many.
 */
export function sharedEnd(words: Int32Array, slot: number, own: ArrayLike<number>): number {
  const n = words.length;
  const m = own.length;
  const most = Math.min(n, m);
  let end = 0;
  while (end < most && (n - 1 - end === slot || words[n - 1 - end] === own[m - 1 - end])) end++;
  return end;
}
