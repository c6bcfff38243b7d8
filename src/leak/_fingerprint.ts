/**
 * Numbers that stand for a normalized query, its word list and its pairs of neighbouring words, so
 * that a training line is looked up in the held-out indexes without making a string per word pair
 * (a fresh string costs V8 about 2 µs to hash on its first lookup in a `Map`; a small integer,
 * nothing). The numbers only choose
 * which held-out items to compare: every comparison that decides is made on the strings, so a
 * collision costs a comparison, never a wrong or a missed finding (equal strings always have equal
 * numbers).
 *
 * @module
 */

import { isAsciiJoiner, NOT_ASCII, queryWords } from "./normalize.ts";

/** A normalized query's numbers: its text's, its words' (as one list), and its word pairs'. */
export interface Fingerprint {
  /** The whole text's. */
  readonly text: number;
  /**
   * The list of its words' (equal word lists, equal numbers, whatever separates the words), made
   * of its first 8 words and its count.
   */
  readonly words: number;
  /** How many words it has. */
  readonly count: number;
  /** Each pair of neighbouring words', in order, repeats kept. */
  readonly pairs: readonly number[];
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A 30-bit number of a text (FNV-1a over its UTF-16 code units, folded to 30 bits so that V8 keeps
 * it as a small integer in a `Map`).
 */
export function hashText(text: string): number {
  const h = fnv(FNV_OFFSET, text);
  return (h ^ (h >>> 30)) & 0x3fffffff;
}

/** A 32-bit mix (murmur3's finalizer). */
export function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The number of two neighbouring words, from theirs. */
export function pairNumber(first: number, second: number): number {
  const h = mix(Math.imul(first, 0x9e3779b1) ^ second);
  return (h ^ (h >>> 30)) & 0x3fffffff;
}

/**
 * How many first words a word list's number is made of: only lists shorter than the leak check's
 * 8 words are looked up by it (`_held_out_index.ts`), and a longer one stays distinct by its count.
 */
const LISTED_WORDS = 8;

/** The next value of a word list's number, from the words before and the next word's. */
function nextWords(h: number, word: number): number {
  return mix(h + Math.imul(word, 0x9e3779b1));
}

/** The number of a word list, from its running value and its length. */
function wordsNumber(h: number, count: number): number {
  const x = mix(h ^ count);
  return (x ^ (x >>> 30)) & 0x3fffffff;
}

/** Turns words' numbers, given one at a time, into pairs' numbers and the list's number. */
class Pairer {
  readonly #visit: (pair: number) => void;
  readonly #limit: number;
  #last = 0;
  #list = 0;
  count = 0;

  constructor(visit: (pair: number) => void, limit: number) {
    this.#visit = visit;
    this.#limit = limit;
  }

  /** Reads the next word; its pair with the one before is visited when `visit` says so. */
  word(hash: number, visit = true): void {
    if (visit && this.count > 0 && this.count < this.#limit) {
      this.#visit(pairNumber(this.#last, hash));
    }
    this.#last = hash;
    if (this.count < LISTED_WORDS) this.#list = nextWords(this.#list, hash);
    this.count++;
  }

  get words(): number {
    return wordsNumber(this.#list, this.count);
  }
}

/**
 * The fingerprint of a normalized query: the same numbers as {@linkcode fullFingerprint}, without
 * making a string per word (one pass over an ASCII text; a match per word of any other).
 *
 * @param normal A query in `normalizeQuery`'s form.
 * @returns Its numbers.
 */
export function fingerprint(normal: string): Fingerprint {
  const pairs: number[] = [];
  const scan = scanText(normal, (h) => pairs.push(h));
  return { ...scan, pairs };
}

/** What {@linkcode scanText} gives: a text's numbers, but its pairs'. */
export interface Scan {
  /** The whole text's. */
  readonly text: number;
  /** Its word list's. */
  readonly words: number;
  /** How many words it has. */
  readonly count: number;
}

/**
 * The numbers of {@linkcode fingerprint}, its pairs' given one at a time, holding neither the
 * words nor the pairs at once: what a text of millions of words is read with.
 *
 * @param normal A query in `normalizeQuery`'s form.
 * @param visit Called with each pair's number, in order, repeats kept.
 * @param limit The pairs of the words past this many are not visited (default: all are).
 * @returns The text's and the word list's numbers, and how many words it has.
 */
export function scanText(
  normal: string,
  visit: (pair: number) => void,
  limit: number = Infinity,
): Scan {
  const scanner = new TextScanner(visit, limit);
  scanner.add(normal);
  return { text: scanner.text, words: scanner.words, count: scanner.count };
}

/** The FNV-1a state after `text`'s UTF-16 code units, from `h`. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * {@linkcode scanText} of a text given in parts, one after another: the text is the parts joined
 * by one space, the empty ones left out (so a conversation in normal form, a message's at a time:
 * the normal form of texts joined by a newline is theirs joined so). Each part is read once, and
 * the numbers are the text's so far at any time: what the turns of a conversation, each its text
 * up to a message, are read with.
 */
export class TextScanner {
  readonly #pairer: Pairer;
  /** The words with punctuation deleted (`joinedWords`): each run between spaces, one word. */
  readonly #joined: Pairer;
  readonly #limit: number;
  #text = FNV_OFFSET;
  #parts = 0;
  #lastMerged = false;
  #differs = false;

  /**
   * @param visit Called with each pair's number, in order, repeats kept.
   * @param limit The pairs of the words past this many are not visited (default: all are).
   * @param visitJoined Called with the pairs of the words with punctuation deleted
   *   (`joinedWords`), of the first `limit` of them, that are not pairs of words (default: none).
   */
  constructor(
    visit: (pair: number) => void,
    limit: number = Infinity,
    visitJoined: (pair: number) => void = () => {},
  ) {
    this.#pairer = new Pairer(visit, limit);
    this.#joined = new Pairer(visitJoined, limit);
    this.#limit = limit;
  }

  /**
   * Reads the next of the words with punctuation deleted, of `parts` words: its pair with the one
   * before is visited unless both are words alone, whose pair was visited as words.
   */
  #joinedWord(hash: number, parts: number): void {
    const merged = parts > 1;
    this.#joined.word(hash, merged || this.#lastMerged || this.#pairer.count > this.#limit);
    this.#lastMerged = merged;
    if (merged) this.#differs = true;
  }

  /** Reads the next part, in `normalizeQuery`'s form: its words and pairs, after the others'. */
  add(normal: string): void {
    if (normal === "") return;
    let text = this.#parts++ === 0 ? this.#text : Math.imul(this.#text ^ 0x20, FNV_PRIME);
    const pairer = this.#pairer;
    if (NOT_ASCII.test(normal)) {
      for (const [token] of normal.matchAll(TOKEN)) {
        const words = queryWords(token);
        for (const word of words) pairer.word(hashText(word));
        if (words.length > 0) this.#joinedWord(hashText(words.join("")), words.length);
      }
      this.#text = fnv(text, normal);
      return;
    }
    let h = FNV_OFFSET;
    // The word of the run between spaces (its letters and digits), and how many words it holds.
    let joined = FNV_OFFSET;
    let parts = 0;
    let inWord = false;
    for (let i = 0; i < normal.length; i++) {
      const c = normal.charCodeAt(i);
      text = Math.imul(text ^ c, FNV_PRIME);
      if (isWordCode(c)) {
        h = Math.imul(h ^ c, FNV_PRIME);
        joined = Math.imul(joined ^ c, FNV_PRIME);
        inWord = true;
      } else if (inWord && isAsciiJoiner(c) && isWordCode(normal.charCodeAt(i + 1))) {
        // A joiner between two letters or digits is part of the word, and dropped from it.
      } else {
        if (inWord) {
          pairer.word((h ^ (h >>> 30)) & 0x3fffffff);
          h = FNV_OFFSET;
          inWord = false;
          parts++;
        }
        if (c === 0x20 && parts > 0) {
          this.#joinedWord((joined ^ (joined >>> 30)) & 0x3fffffff, parts);
          joined = FNV_OFFSET;
          parts = 0;
        }
      }
    }
    if (inWord) {
      pairer.word((h ^ (h >>> 30)) & 0x3fffffff);
      parts++;
    }
    if (parts > 0) this.#joinedWord((joined ^ (joined >>> 30)) & 0x3fffffff, parts);
    this.#text = text;
  }

  /** The number of the text so far (`hashText` of it). */
  get text(): number {
    return (this.#text ^ (this.#text >>> 30)) & 0x3fffffff;
  }

  /** The number of its word list so far. */
  get words(): number {
    return this.#pairer.words;
  }

  /** How many words it has so far. */
  get count(): number {
    return this.#pairer.count;
  }

  /** The number of its word list with punctuation deleted (`joinedWords`). */
  get joinedWords(): number {
    return this.#joined.words;
  }

  /** How many words it has with punctuation deleted. */
  get joinedCount(): number {
    return this.#joined.count;
  }

  /** Whether its words with punctuation deleted are not its words (a run joins two or more). */
  get differs(): boolean {
    return this.#differs;
  }
}

/** A run of characters other than a space. */
const TOKEN = /[^ ]+/g;

/**
 * The numbers of a list of words (as {@linkcode fullFingerprint} makes them): the list's, and each
 * pair of neighbours'.
 *
 * @param words The words.
 * @returns Their numbers.
 */
export function wordListNumbers(words: readonly string[]): { words: number; pairs: number[] } {
  const hashes = words.map((w) => hashText(w));
  let list = 0;
  for (const w of hashes.slice(0, LISTED_WORDS)) list = nextWords(list, w);
  return {
    words: wordsNumber(list, hashes.length),
    pairs: hashes.slice(1).map((w, k) => pairNumber(hashes[k]!, w)),
  };
}

/** Whether a code unit of normalized ASCII text is a letter or digit (it has no upper case). */
function isWordCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

/**
 * The fingerprint the full way, for any text: what {@linkcode fingerprint} must give (a test holds
 * the two together).
 *
 * @param normal A query in `normalizeQuery`'s form.
 * @returns Its numbers.
 */
export function fullFingerprint(normal: string): Fingerprint {
  const words = queryWords(normal);
  return { text: hashText(normal), count: words.length, ...wordListNumbers(words) };
}
