/**
 * The near-duplicate rule over words: how many word edits turn a held-out query into a training
 * line's user text.
 *
 * @module
 */

import type { SharedEnds } from "./_template_groups.ts";

/** The most word edits a near duplicate may hold (of a held-out query of 16 words or more). */
export const NEAR_EDITS = 2;

/** The fewest words a held-out query needs for one edit; a shorter one needs the same words. */
export const NEAR_MIN_WORDS = 8;

/** The fewest words a held-out query needs for two edits; a shorter one (from 8 words) allows one. */
export const TWO_EDITS_MIN_WORDS = 16;

/**
 * How many word edits a near duplicate of a held-out query of `words` words may hold: none under
 * {@linkcode NEAR_MIN_WORDS}, one under {@linkcode TWO_EDITS_MIN_WORDS}, else
 * {@linkcode NEAR_EDITS}. (Two edits in a query of 8 to 15 words leave too few words in place: in
 * a file of a million lines, queries made of common words meet that by chance.)
 *
 * @param words How many words the held-out query has.
 * @returns The edits allowed.
 */
export function allowedEdits(words: number): number {
  return words < NEAR_MIN_WORDS ? 0 : words < TWO_EDITS_MIN_WORDS ? 1 : NEAR_EDITS;
}

/** The most words of a short sentence added at the start or the end, which counts as one edit. */
export const ADDED_WORDS = 8;

/** How a user text is a near duplicate of a held-out query. */
export interface WordEdits {
  /** The edits, as the rule counts them (a short sentence added counts as one). */
  readonly edits: number;
  /** How many words were added at the start or the end as one edit; 0 when none were. */
  readonly added: number;
}

/** What a cell outside the band holds: more edits than any bound. */
const FAR = 1 << 20;

/** A list of words, or of their numbers (equal words, equal numbers: `_held_out_index.ts`). */
export type WordList = ArrayLike<string> | ArrayLike<number>;

/** Rows of the band, kept for the next alignment of a short text (a longer one makes its own). */
const KEPT_CELLS = 256;
const kept = [0, 1, 2].map(() => new Int32Array(KEPT_CELLS + 1));

/**
 * The optimal-string-alignment distance between two word lists (each word replaced, inserted or
 * deleted, or two neighbouring words swapped, counts 1), `b` read from `from` to `to`; undefined
 * when it is more than `bound`. The words the two share at the start and at the end are set aside
 * first: they change no distance (`tests/leak/word_edits_test.ts` holds this against the full
 * alignment), and a near duplicate of a query is mostly those. Then only the band of cells at most
 * `bound` off the diagonal is filled: a path through any other costs more than `bound`. A row
 * reads only the two before it, so three rows of `m + 1` cells are held, whatever `n`.
 */
function align(
  a: WordList,
  b: WordList,
  from: number,
  to: number,
  bound: number,
  shared?: SharedEnds,
): number | undefined {
  let lo = 0;
  let n = a.length;
  let start = from;
  let end = to;
  if (Math.abs(n - (end - start)) > bound) return undefined;
  if (shared !== undefined) {
    // Known (`TemplateEnds`): the words shared at the start, then at the end of what is left.
    lo = start = shared.start;
    const last = Math.min(shared.end, n - lo, end - start);
    n -= last;
    end -= last;
  } else {
    while (lo < n && start < end && a[lo] === b[start]) {
      lo++;
      start++;
    }
    while (lo < n && start < end && a[n - 1] === b[end - 1]) {
      n--;
      end--;
    }
  }
  n -= lo;
  const m = end - start;
  if (n === 0 || m === 0) return n + m > bound ? undefined : n + m;
  // Both differ at their first word and at their last: a word each is one edit.
  if (n === 1 && m === 1) return bound >= 1 ? 1 : undefined;
  const size = m + 1;
  const [r0, r1, r2] = size <= KEPT_CELLS + 1
    ? kept as [Int32Array, Int32Array, Int32Array]
    : [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  // Rows i − 2, i − 1 and i, in turn.
  let before = r0.fill(FAR, 0, size);
  let last = r1;
  let row = r2.fill(FAR, 0, size);
  for (let j = 0; j <= m; j++) last[j] = j <= bound ? j : FAR;
  for (let i = 1; i <= n; i++) {
    const low = Math.max(1, i - bound);
    const high = Math.min(m, i + bound);
    // The cells just outside the band, which the band's first and last cells read.
    row[low - 1] = low === 1 ? i : FAR;
    if (high < m) row[high + 1] = FAR;
    let least = FAR;
    const x = a[lo + i - 1];
    for (let j = low; j <= high; j++) {
      const cost = x === b[start + j - 1] ? 0 : 1;
      let v = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && x === b[start + j - 2] && a[lo + i - 2] === b[start + j - 1]) {
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

/**
 * Whether a text of `m` words may be near a held-out query of `n` words, by their lengths alone:
 * the edit rule never holds when this does not (so the words need not be read).
 *
 * @param n How many words the held-out query has.
 * @param m How many words the text has.
 * @returns Whether {@linkcode nearEdits} may find them near.
 */
export function mayBeNear(n: number, m: number): boolean {
  const allowed = allowedEdits(n);
  if (allowed === 0) return n === m && n > 0;
  return m >= n - allowed && m <= n + ADDED_WORDS + allowed - 1;
}

/**
 * Whether a user text is a near duplicate of a held-out query, by their words, and how: the
 * word edit distance (a word replaced, inserted or deleted, two neighbouring words swapped: one
 * edit each) is at most {@linkcode allowedEdits} of the query's length (2 from 16 words, 1 from 8),
 * where a run of 1 to {@linkcode ADDED_WORDS} words added at the start or at the end of the user
 * text counts as one edit. A held-out query of fewer than {@linkcode NEAR_MIN_WORDS} words must
 * have the same words (0 edits); one without a word is near nothing.
 *
 * @param held The held-out query's words, or their numbers.
 * @param turn The user text's words, or their numbers (then a word no held-out query holds has a
 *   number no held-out word has).
 * @param shared How many words the two share at the start and at the end, when the caller knows
 *   (`TemplateEnds`): then they are not compared again.
 * @returns The edits, or undefined when the two are not near duplicates.
 */
export function nearEdits(
  held: WordList,
  turn: WordList,
  shared?: SharedEnds,
): WordEdits | undefined {
  const allowed = allowedEdits(held.length);
  const n = held.length;
  const m = turn.length;
  if (allowed === 0) {
    if (n === 0 || n !== m) return undefined;
    for (let k = 0; k < n; k++) if (held[k] !== turn[k]) return undefined;
    return { edits: 0, added: 0 };
  }
  if (!mayBeNear(n, m)) return undefined;
  const plain = align(held, turn, 0, m, allowed, shared);
  if (plain !== undefined && plain <= 1) return { edits: plain, added: 0 };
  // A short sentence added at the start or the end, as one edit, and the edits left.
  let best: WordEdits | undefined = plain === undefined ? undefined : { edits: plain, added: 0 };
  for (let added = 1; added <= ADDED_WORDS; added++) {
    if (Math.abs(m - added - n) > allowed - 1) continue;
    for (const [from, to] of [[added, m], [0, m - added]] as const) {
      const found = align(held, turn, from, to, allowed - 1);
      if (found !== undefined && (best === undefined || 1 + found < best.edits)) {
        best = { edits: 1 + found, added };
      }
    }
  }
  return best;
}
