/**
 * Numbers that stand for a normalized query and its shingles, so that a training line is looked
 * up in the held-out indexes without making a string per shingle (a fresh string costs V8 about
 * 2 µs to hash on its first lookup in a `Map`; a small integer, nothing). The numbers only choose
 * which held-out items to compare: every comparison that decides is made on the strings, so a
 * collision costs a comparison, never a wrong or a missed finding (equal strings always have equal
 * numbers).
 *
 * @module
 */

import { queryWords, SHINGLE_WORDS } from "./normalize.ts";

/** A normalized query's numbers: its text's, and its shingles' (in order, repeats kept). */
export interface Fingerprint {
  /** The whole text's. */
  readonly text: number;
  /** Each shingle's, as {@linkcode shingles} lists them. */
  readonly shingles: readonly number[];
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A 30-bit number of a text (FNV-1a over its UTF-16 code units, folded to 30 bits so that V8 keeps
 * it as a small integer in a `Map`).
 */
export function hashText(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return (h ^ (h >>> 30)) & 0x3fffffff;
}

/** A 32-bit mix (murmur3's finalizer). */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The number of a run of words, from the words' numbers. */
function combine(words: ArrayLike<number>, from: number, count: number): number {
  let h = mix(count);
  for (let k = 0; k < count; k++) h = mix(h + Math.imul(words[from + k]!, 0x9e3779b1));
  return (h ^ (h >>> 30)) & 0x3fffffff;
}

function shingleNumbers(words: ArrayLike<number>, n: number): number[] {
  if (n <= SHINGLE_WORDS) return n === 0 ? [] : [combine(words, 0, n)];
  const out: number[] = new Array(n - SHINGLE_WORDS + 1);
  for (let i = 0; i + SHINGLE_WORDS <= n; i++) out[i] = combine(words, i, SHINGLE_WORDS);
  return out;
}

const NOT_ASCII = /[\u0080-\uffff]/;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Turns words' numbers, given one at a time, into shingles' numbers, holding the last five. */
class Shingler {
  readonly #visit: (shingle: number) => void;
  readonly #window = new Int32Array(SHINGLE_WORDS);
  #n = 0;

  constructor(visit: (shingle: number) => void) {
    this.#visit = visit;
  }

  word(hash: number): void {
    const w = this.#window;
    if (this.#n < SHINGLE_WORDS) {
      w[this.#n] = hash;
    } else {
      w.copyWithin(0, 1);
      w[SHINGLE_WORDS - 1] = hash;
    }
    if (++this.#n >= SHINGLE_WORDS) this.#visit(combine(w, 0, SHINGLE_WORDS));
  }

  /** After the last word: a text of 1 to 4 words has one shingle, of its words. */
  end(): void {
    if (this.#n > 0 && this.#n < SHINGLE_WORDS) this.#visit(combine(this.#window, 0, this.#n));
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
  const shingles: number[] = [];
  const text = eachShingleNumber(normal, (h) => shingles.push(h));
  return { text, shingles };
}

/**
 * The numbers of {@linkcode fingerprint}, its shingles' given one at a time, holding neither the
 * words nor the shingles at once: what a text of millions of words is read with.
 *
 * @param normal A query in `normalizeQuery`'s form.
 * @param visit Called with each shingle's number, in order, repeats kept.
 * @returns The whole text's number.
 */
export function eachShingleNumber(normal: string, visit: (shingle: number) => void): number {
  const shingler = new Shingler(visit);
  if (NOT_ASCII.test(normal)) {
    for (const [word] of normal.matchAll(WORD)) shingler.word(hashText(word));
    shingler.end();
    return hashText(normal);
  }
  let text = FNV_OFFSET;
  let h = FNV_OFFSET;
  let inWord = false;
  for (let i = 0; i < normal.length; i++) {
    const c = normal.charCodeAt(i);
    text = Math.imul(text ^ c, FNV_PRIME);
    // Normalized text has no upper-case ASCII letter.
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      h = Math.imul(h ^ c, FNV_PRIME);
      inWord = true;
    } else if (inWord) {
      shingler.word((h ^ (h >>> 30)) & 0x3fffffff);
      h = FNV_OFFSET;
      inWord = false;
    }
  }
  if (inWord) shingler.word((h ^ (h >>> 30)) & 0x3fffffff);
  shingler.end();
  return (text ^ (text >>> 30)) & 0x3fffffff;
}

/**
 * The fingerprint the full way, for any text: what {@linkcode fingerprint} must give (a test holds
 * the two together).
 *
 * @param normal A query in `normalizeQuery`'s form.
 * @returns Its numbers.
 */
export function fullFingerprint(normal: string): Fingerprint {
  const words = queryWords(normal).map((w) => hashText(w));
  return { text: hashText(normal), shingles: shingleNumbers(words, words.length) };
}
