/**
 * The held-out items, indexed for the leak check: by normal form, by word list, by their rarest
 * pairs of neighbouring words, and by answer. All of it is what memory holds besides one line of
 * the training file. The indexes are keyed by numbers (`_fingerprint.ts`); the strings they stand
 * for decide.
 *
 * @module
 */

import type { AnswerCall, Item } from "../dataset/item.ts";
import { stringifyJson } from "../json/stringify.ts";
import type { ExampleCall } from "./_examples.ts";
import { answerKey } from "./_arguments.ts";
import { type SiblingCalls, siblingCalls } from "./_sibling.ts";
import { fingerprint, hashText, wordListNumbers } from "./_fingerprint.ts";
import { ADDED_WORDS, allowedEdits, NEAR_EDITS, NEAR_MIN_WORDS } from "./_word_edits.ts";
import { eachShingle, joinedWords, normalizeQuery, queryWords } from "./normalize.ts";
import { heldOutQuery } from "./_examples.ts";
import { TemplateGroups } from "./_template_groups.ts";
import type { ShingleSet } from "./_prefix_text.ts";

/**
 * How many pair positions of a held-out query of `words` words its signature covers: an edit breaks
 * at most 3 pairs of neighbouring words (a swap of two breaks the pair before, between and after
 * them), and a sentence added at the start or the end none, so a text within `k` edits of the query
 * keeps one of any `3 × k + 1` of its pair positions.
 */
function signaturePositions(words: number): number {
  return 3 * allowedEdits(words) + 1;
}

/** A number for the names of a list of calls, whatever their order: equal answers share it. */
function namesNumber(calls: readonly { readonly name: string }[]): number {
  let sum = calls.length;
  for (const call of calls) sum = (sum + hashText(call.name)) | 0;
  return sum & 0x3fffffff;
}

function add(map: Map<number, number[]>, key: number, position: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/**
 * A query's signature: its rarest distinct pairs (by how many held-out queries hold each, then by
 * first place), taken until they cover `positions` of its pair positions.
 */
function signature(
  pairs: readonly number[],
  holders: ReadonlyMap<number, number>,
  positions: number,
): number[] {
  const places = new Map<number, number>();
  for (const h of pairs) places.set(h, (places.get(h) ?? 0) + 1);
  const rarest = [...places.keys()].sort((a, b) => holders.get(a)! - holders.get(b)!);
  const out: number[] = [];
  let covered = 0;
  for (const h of rarest) {
    if (covered >= positions) break;
    out.push(h);
    covered += places.get(h)!;
  }
  return out;
}

/** The number of `key` in `numbers`, given the next one when it has none. */
function numberOf(numbers: Map<string, number>, key: string): number {
  let n = numbers.get(key);
  if (n === undefined) numbers.set(key, n = numbers.size);
  return n;
}

function textCalls(answers: readonly AnswerCall[]): ExampleCall[] {
  return answers.map((a) => ({ name: a.name, arguments: stringifyJson(a.arguments) }));
}

/** A hash that two held-out words have: their numbers are found by the words. */
const SHARED_HASH = -2;

/**
 * The numbers of the held-out words, found by a word's `hashText` and then the word compared: a
 * `Map` keyed by a string made for each word read (a training line's) hashes it, which costs V8
 * far more than the hash of its code units does.
 */
export class WordNumbers {
  readonly #numbers: ReadonlyMap<string, number>;
  readonly #byHash = new Map<number, number>();
  readonly #words: string[] = [];

  /** @param numbers Each held-out word, with its number, from 0 up. */
  constructor(numbers: ReadonlyMap<string, number>) {
    this.#numbers = numbers;
    for (const [word, n] of numbers) {
      this.#words[n] = word;
      const h = hashText(word);
      this.#byHash.set(h, this.#byHash.has(h) ? SHARED_HASH : n);
    }
  }

  /** How many words there are. */
  get size(): number {
    return this.#words.length;
  }

  /** The number of a word; -1 when no held-out query holds it. */
  of(word: string): number {
    const n = this.#byHash.get(hashText(word));
    if (n === undefined) return -1;
    if (n === SHARED_HASH) return this.#numbers.get(word) ?? -1;
    return this.#words[n] === word ? n : -1;
  }
}

/** The held-out items and their indexes; a position is an item's place in `items`. */
export class HeldOutIndex {
  /** The held-out items. */
  readonly items: readonly Item[];
  /** Each item's query in normal form. */
  readonly normals: readonly string[];
  /** The number of a normal form → positions of the items whose query may have it. */
  readonly exact: Map<number, number[]> = new Map();
  /**
   * The number of a word pair → positions of the items of {@linkcode NEAR_MIN_WORDS} words or
   * more whose signature holds it: its rarest pairs (the fewest held-out queries hold them), enough
   * of them to cover `3 × k + 1` of its pair positions, so that every text within the `k` edits its
   * length allows (`allowedEdits`) holds one of them. An item of a template (`groups`) is listed by
   * its template, as `items.length` plus the template's number: a text that holds the pair is
   * compared with all its items, which holds more than those whose signature has the pair.
   */
  readonly pairs: Map<number, number[]> = new Map();
  /** The number of a word list → positions of the items of fewer words whose query may have it. */
  readonly byWords: Map<number, number[]> = new Map();
  /** Each item's words. */
  readonly words: readonly (readonly string[])[];
  /**
   * A number for each word of a held-out query (its words, and its words with punctuation
   * deleted), from 0: two held-out words are equal when their numbers are. A text's word that no
   * held-out query holds has none, and is compared as -1 (`codes`).
   */
  readonly wordNumbers: WordNumbers;
  /** Each item's words, by their numbers: what the edit rule compares. */
  readonly wordCodes: readonly Int32Array[];
  /** Each item's words with punctuation deleted, by their numbers, when they are not its words. */
  readonly joinedCodes: readonly (Int32Array | undefined)[];
  /**
   * Each item's words with punctuation deleted (`joinedWords`), when they are not its words;
   * indexed as its words are (by signature pairs, or as a list), so that a text near them is found.
   */
  readonly joinedWords: readonly (readonly string[] | undefined)[];
  /**
   * Each item's answer, read once for the sibling check (`siblingCalls`); undefined when it can
   * have no sibling: its calls are not all read, or no value may hold a word of its query (a
   * sibling's held-out values each hold a word of the query that the line does not).
   */
  readonly siblingCalls: readonly (SiblingCalls | undefined)[];
  /**
   * The most words a text may hold and still be near a held-out query: the longest one's, plus a
   * sentence added and the edits left.
   */
  readonly wordLimit: number;
  /** The shingles of every item, each with a number from 0. */
  readonly allShingles: ReadonlyMap<string, number>;
  /** Each shingle of `allShingles`, at its number. */
  readonly #shingleTexts: string[] = [];
  /** Each item's distinct shingles, by their numbers (`allShingles`). */
  readonly shingleCodes: readonly Int32Array[];
  /** The number of an answer's names → positions of items whose answer has at least one call. */
  readonly byNames: Map<number, number[]> = new Map();
  /** Each item's answer key (`""` for an answer without a call). */
  readonly answerKeys: readonly (string | undefined)[];
  /** Each item's answer key's `hashText`; -1 when it has none: keys that differ here differ. */
  readonly answerKeyNumbers: Int32Array;
  /**
   * For each item that may have a sibling (`siblingCalls`), whether a value of its answer holds
   * each of its words (`SiblingCalls.mayHold`), by the word's place.
   */
  readonly valueHolds: readonly (Uint8Array | undefined)[];
  /**
   * The items of one template (`TemplateGroups`): those the edit rule allows an edit, grouped by
   * their words but one (and their words with punctuation deleted but one).
   */
  readonly groups: TemplateGroups;

  /**
   * @param items The held-out items.
   * @param templates Whether items of one template are grouped (`groups`); without, each is
   *   compared alone, as the templates' comparisons must find (a test holds the two together).
   */
  constructor(items: readonly Item[], templates = true) {
    this.items = items;
    const normals: string[] = [];
    const allShingles = new Map<string, number>();
    const shingleCodes: Int32Array[] = [];
    const distinct: number[] = [];
    const lastItem: number[] = []; // the last item that held each shingle
    const keys: (string | undefined)[] = [];
    const words: string[][] = [];
    const allCalls: (SiblingCalls | undefined)[] = [];
    const pairLists: (readonly number[])[] = [];
    const joined: (readonly string[] | undefined)[] = [];
    const joinedPairs: (readonly number[])[] = [];
    const holders = new Map<number, number>();
    let longest = 0;
    for (let p = 0; p < items.length; p++) {
      const item = items[p]!;
      const normal = normalizeQuery(heldOutQuery(item));
      normals.push(normal);
      const print = fingerprint(normal);
      add(this.exact, print.text, p);
      words.push(queryWords(normal));
      longest = Math.max(longest, print.count);
      const held = new Set<number>();
      if (print.count >= NEAR_MIN_WORDS) {
        pairLists.push(print.pairs);
        for (const h of print.pairs) held.add(h);
      } else {
        pairLists.push([]);
        if (print.count > 0) add(this.byWords, print.words, p);
      }
      const deleted = joinedWords(normal);
      if (deleted.length < print.count) {
        joined.push(deleted);
        const numbers = wordListNumbers(deleted);
        if (deleted.length >= NEAR_MIN_WORDS) {
          joinedPairs.push(numbers.pairs);
          for (const h of numbers.pairs) held.add(h);
        } else {
          joinedPairs.push([]);
          if (deleted.length > 0) add(this.byWords, numbers.words, p);
        }
      } else {
        joined.push(undefined);
        joinedPairs.push([]);
      }
      for (const h of held) holders.set(h, (holders.get(h) ?? 0) + 1);
      // Its distinct shingles' numbers, in the order they first come; their set is made only
      // for an item a kept line is counted against (`shingleSet`).
      distinct.length = 0;
      for (const shingle of eachShingle(normal)) {
        let n = allShingles.get(shingle);
        if (n === undefined) {
          allShingles.set(shingle, n = allShingles.size);
          this.#shingleTexts.push(shingle);
        }
        if (lastItem[n] !== p) distinct.push(n);
        lastItem[n] = p;
      }
      shingleCodes.push(Int32Array.from(distinct));
      const calls = textCalls(item.answers);
      allCalls.push(siblingCalls(calls));
      keys.push(answerKey(calls));
      if (calls.length > 0) add(this.byNames, namesNumber(calls), p);
    }
    for (let p = 0; p < items.length; p++) {
      const positions = signaturePositions(words[p]!.length);
      for (const h of signature(pairLists[p]!, holders, positions)) add(this.pairs, h, p);
      const deleted = joined[p];
      if (deleted === undefined) continue;
      const more = signature(joinedPairs[p]!, holders, signaturePositions(deleted.length));
      for (const h of more) add(this.pairs, h, p);
    }
    this.joinedWords = joined;
    this.normals = normals;
    this.shingleCodes = shingleCodes;
    this.allShingles = allShingles;
    this.words = words;
    const numbers = new Map<string, number>();
    this.wordCodes = words.map((list) => Int32Array.from(list, (w) => numberOf(numbers, w)));
    this.joinedCodes = joined.map((list) =>
      list === undefined ? undefined : Int32Array.from(list, (w) => numberOf(numbers, w))
    );
    this.wordNumbers = new WordNumbers(numbers);
    const groups = new TemplateGroups(
      this.wordCodes,
      (p) => templates && allowedEdits(words[p]!.length) > 0,
      this.joinedCodes,
    );
    this.groups = groups;
    // The items of a template are chosen at once, by the template's number past the positions.
    for (const [pair, list] of this.pairs) {
      const chosen = new Set<number>();
      for (const p of list) {
        const group = groups.groupOf[p]!;
        chosen.add(group < 0 ? p : items.length + group);
      }
      if (chosen.size < list.length) this.pairs.set(pair, [...chosen]);
    }
    this.siblingCalls = allCalls.map((calls, p) =>
      calls !== undefined &&
        (calls.mayHold(words[p]!) || (joined[p] !== undefined && calls.mayHold(joined[p]!)))
        ? calls
        : undefined
    );
    this.wordLimit = longest + ADDED_WORDS + NEAR_EDITS - 1;
    this.answerKeys = keys;
    this.answerKeyNumbers = Int32Array.from(keys, (key) => key === undefined ? -1 : hashText(key));
    this.valueHolds = this.siblingCalls.map((calls, p) =>
      calls === undefined
        ? undefined
        : Uint8Array.from(words[p]!, (_, k) => calls.mayHoldAny(words[p]!, k, k + 1) ? 1 : 0)
    );
  }

  /** The item's distinct shingles, read from their numbers (`shingleCodes`). */
  shingleSet(position: number): ShingleSet {
    const codes = this.shingleCodes[position]!;
    const numbers = this.allShingles;
    const texts = this.#shingleTexts;
    return {
      size: codes.length,
      has: (shingle) => {
        const n = numbers.get(shingle);
        return n !== undefined && codes.includes(n);
      },
      [Symbol.iterator]: () => Array.from(codes, (n) => texts[n]!)[Symbol.iterator](),
    };
  }

  /**
   * The held-out items whose answer may be these calls (the names and the keys agree). The calls'
   * answer key (`answerKey`) is asked of `keyOf` only when some held-out answer has their names,
   * so that the caller computes it once and keeps it.
   */
  answerCandidates(
    calls: readonly ExampleCall[],
    keyOf: () => string | undefined,
  ): readonly number[] {
    const positions = this.byNames.get(namesNumber(calls));
    if (positions === undefined) return [];
    const key = keyOf();
    if (key === undefined) return [];
    // Keys whose numbers differ differ: only the others are compared.
    const number = hashText(key);
    const numbers = this.answerKeyNumbers;
    return positions.filter((p) => numbers[p] === number && this.answerKeys[p] === key);
  }

  /**
   * Takes the held-out items whose answer is this one (by key) out of the answer index: an answer
   * that another row of the dataset also gives is not a held-out item's own.
   */
  exclude(answers: readonly AnswerCall[]): void {
    if (answers.length === 0) return;
    const calls = textCalls(answers);
    const names = namesNumber(calls);
    const positions = this.byNames.get(names);
    if (positions === undefined) return;
    const key = answerKey(calls);
    const kept = positions.filter((p) => this.answerKeys[p] !== key);
    if (kept.length === 0) this.byNames.delete(names);
    else if (kept.length < positions.length) this.byNames.set(names, kept);
  }
}
