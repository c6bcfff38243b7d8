/**
 * How the leak check reads queries: the normal form two texts must share to be the same query, their
 * words (which near duplicates are compared by), and the word 5-grams whose overlap a report gives.
 *
 * @module
 */

/** How many words a shingle holds. */
export const SHINGLE_WORDS = 5;

// Text that is NFC whatever it holds: no code point below U+0300 changes under NFC (the first
// combining mark is U+0300), so only text with a code unit from there on is normalized.
const MAY_CHANGE_UNDER_NFC = /[\u0300-\uffff]/;
/** Whether a text has a code unit past ASCII (then its words are read by the Unicode pattern). */
export const NOT_ASCII: RegExp = /[\u0080-\uffff]/;
const WHITESPACE_RUN = /\s+/g;
// White space other than one space between two words: only then is the text rewritten.
const UNEVEN_SPACE = /[^\S ]| {2}|^ | $/;

/**
 * The normal form of a query, in which two texts that differ only in Unicode form, case or spacing
 * are equal: Unicode NFC; case folded, as JavaScript's `toLowerCase`, `toUpperCase` and
 * `toLowerCase` in turn do it (which folds as Unicode's full case folding does, `ß`, `ẞ` and `SS`
 * to `ss`, `ς` to `σ`, except that `ı`, dotless i, folds with `i`), then NFC again; every run of
 * white space (JavaScript's `\s`: Unicode White_Space and U+FEFF) made one space, none at either
 * end.
 *
 * @param text A query.
 * @returns Its normal form.
 *
 * @example
 * ```ts
 * import { normalizeQuery } from "./normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizeQuery("  Wie   ist das Wetter in\tZU\u0308RICH?\n"), "wie ist das wetter in zürich?");
 * assert.equal(normalizeQuery("STRASSE"), normalizeQuery("Straße"));
 * ```
 */
export function normalizeQuery(text: string): string {
  let folded: string;
  if (!NOT_ASCII.test(text)) {
    folded = text.toLowerCase();
  } else {
    const nfc = MAY_CHANGE_UNDER_NFC.test(text) ? text.normalize("NFC") : text;
    folded = nfc.toLowerCase().toUpperCase().toLowerCase();
    if (MAY_CHANGE_UNDER_NFC.test(folded)) folded = folded.normalize("NFC");
  }
  return UNEVEN_SPACE.test(folded) ? folded.replace(WHITESPACE_RUN, " ").trim() : folded;
}

/**
 * A word, as a match: a run of letters, marks (`\p{M}`) and numbers, in which one of the joiners
 * `'`, `’`, `-`, `.`, `,` and `/` between two such characters is part of the word (`what's`,
 * `e-mail`, `1,500`, `2.5`, `and/or`); any other character, or a joiner elsewhere, separates words.
 * A word is its match without its joiners ({@linkcode eachWord}).
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019\-.,/][\p{L}\p{M}\p{N}]+)*/gu;
/** {@linkcode WORD} for a normalized ASCII text (which has no upper-case letter). */
const ASCII_WORD = /[a-z0-9]+(?:['\-.,/][a-z0-9]+)*/g;
/** The joiners a word's match may hold. */
const JOINER = /['\u2019\-.,/]/g;
/** Whether a word's match holds a joiner (its first character never is one). */
const HAS_JOINER = /['\u2019\-.,/]/;

/**
 * Whether an ASCII code unit is a joiner: part of a word when between two of its letters or digits
 * ({@linkcode queryWords}).
 *
 * @param code A UTF-16 code unit below 0x80.
 * @returns Whether it is `'`, `-`, `.`, `,` or `/`.
 */
export function isAsciiJoiner(code: number): boolean {
  return code === 0x27 || code === 0x2d || code === 0x2e || code === 0x2c || code === 0x2f;
}

/** A word's match without its joiners. */
function wordOf(match: string): string {
  return HAS_JOINER.test(match) ? match.replace(JOINER, "") : match;
}

/**
 * The words of a normalized query, one at a time: what {@linkcode queryWords} lists, without holding
 * them at once (a line of 16 MiB has millions).
 *
 * @param normalized A query in {@linkcode normalizeQuery}'s form.
 * @returns The words, in order.
 *
 * @example
 * ```ts
 * import { eachWord } from "./normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([...eachWord("what's the e-mail?")], ["whats", "the", "email"]);
 * ```
 */
export function* eachWord(normalized: string): Generator<string, void, undefined> {
  for (const [match] of normalized.matchAll(NOT_ASCII.test(normalized) ? WORD : ASCII_WORD)) {
    yield wordOf(match);
  }
}

/**
 * The words of a normalized query, in order: its runs of letters, marks (`\p{M}`) and numbers,
 * joined across one `'`, `\u2019`, `-`, `.`, `,` or `/` between two of them, which is dropped
 * (`what's` is `whats`, `e-mail` is `email`, `1,500` is `1500`); any other punctuation, symbols and
 * spaces separate them.
 *
 * @param normalized A query in {@linkcode normalizeQuery}'s form.
 * @returns The words.
 *
 * @example
 * ```ts
 * import { queryWords } from "./normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(queryWords("what's f(x) = 2.5x, über?"), ["whats", "f", "x", "25x", "über"]);
 * ```
 */
export function queryWords(normalized: string): string[] {
  // Normalized text has no upper-case ASCII letter, so ASCII text needs only a-z and 0-9.
  const matches = normalized.match(NOT_ASCII.test(normalized) ? WORD : ASCII_WORD);
  return matches === null ? [] : matches.map(wordOf);
}

/** A run of characters other than a space: a token of a normalized text. */
const TOKEN = /[^ ]+/g;
/** A character that is not a letter, a mark or a number. */
const NOT_WORD_CHARACTER = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of a normalized query with its punctuation deleted rather than read as a space, as
 * lm-evaluation-harness's decontamination normalises text (`f(x) = x^2` is `fx x2`): each run of
 * characters between spaces is one word, its letters, marks and numbers (the {@linkcode queryWords}
 * it holds, joined); a run without any is none. A query whose every such run holds at most one word
 * has these words and no others.
 *
 * @param normalized A query in {@linkcode normalizeQuery}'s form.
 * @returns The words, in order.
 *
 * @example
 * ```ts
 * import { joinedWords, queryWords } from "./normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(queryWords("f(x) = x^2 + 3x - 4?"), ["f", "x", "x", "2", "3x", "4"]);
 * assert.deepEqual(joinedWords("f(x) = x^2 + 3x - 4?"), ["fx", "x2", "3x", "4"]);
 * assert.deepEqual(joinedWords("fx  x2  3x  4"), ["fx", "x2", "3x", "4"]);
 * ```
 */
export function joinedWords(normalized: string): string[] {
  const words: string[] = [];
  for (const [token] of normalized.matchAll(TOKEN)) {
    const word = token.replace(NOT_WORD_CHARACTER, "");
    if (word !== "") words.push(word);
  }
  return words;
}

/**
 * The shingles of a normalized query, one at a time: what {@linkcode shingles} lists, without
 * holding the words or the shingles of the text at once (a line of 16 MiB has millions of them).
 *
 * @param normalized A query in {@linkcode normalizeQuery}'s form.
 * @returns The shingles, in order, repeats kept.
 *
 * @example
 * ```ts
 * import { eachShingle } from "./normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([...eachShingle("a b c d e f")], ["a b c d e", "b c d e f"]);
 * ```
 */
export function* eachShingle(normalized: string): Generator<string, void, undefined> {
  const window: string[] = [];
  let n = 0;
  for (const word of eachWord(normalized)) {
    if (n++ >= SHINGLE_WORDS) window.shift();
    window.push(word);
    if (n >= SHINGLE_WORDS) yield window.join(" ");
  }
  if (n > 0 && n < SHINGLE_WORDS) yield window.join(" ");
}

/**
 * The shingles of a normalized query: every run of {@linkcode SHINGLE_WORDS} consecutive words,
 * joined by one space, in order (a shingle that occurs twice is listed twice); a query of 1 to 4
 * words has one shingle, its words joined; a query without a word has none.
 *
 * @param normalized A query in {@linkcode normalizeQuery}'s form.
 * @returns The shingles.
 *
 * @example
 * ```ts
 * import { shingles } from "./normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(shingles("a b c d e f"), ["a b c d e", "b c d e f"]);
 * assert.deepEqual(shingles("hello, world"), ["hello world"]);
 * assert.deepEqual(shingles("?!"), []);
 * ```
 */
export function shingles(normalized: string): string[] {
  return [...eachShingle(normalized)];
}
