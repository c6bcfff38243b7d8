/**
 * The near-duplicate rule over words: how many word edits turn a held-out query into a training
 * line's user text.
 *
 * @module
 */

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

/**
 * The optimal-string-alignment distance between two word lists (each word replaced, inserted or
 * deleted, or two neighbouring words swapped, counts 1); undefined when it is more than `bound`.
 * Only the band of cells at most `bound` off the diagonal is filled: a path through any other
 * costs more than `bound`. A row reads only the two before it, so three rows of `m + 1` cells are
 * held, whatever `n`.
 */
function align(a: readonly string[], b: readonly string[], bound: number): number | undefined {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > bound) return undefined;
  // Rows i − 2, i − 1 and i, in turn.
  let before = new Int32Array(m + 1).fill(FAR);
  let last = new Int32Array(m + 1);
  let row = new Int32Array(m + 1).fill(FAR);
  for (let j = 0; j <= m; j++) last[j] = j <= bound ? j : FAR;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - bound);
    const hi = Math.min(m, i + bound);
    // The cells just outside the band, which the band's first and last cells read.
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
 * @param held The held-out query's words.
 * @param turn The user text's words.
 * @returns The edits, or undefined when the two are not near duplicates.
 */
export function nearEdits(held: readonly string[], turn: readonly string[]): WordEdits | undefined {
  const allowed = allowedEdits(held.length);
  if (allowed === 0) {
    if (held.length === 0 || held.length !== turn.length) return undefined;
    return held.every((word, k) => word === turn[k]) ? { edits: 0, added: 0 } : undefined;
  }
  const n = held.length;
  const m = turn.length;
  if (!mayBeNear(n, m)) return undefined;
  const plain = align(held, turn, allowed);
  if (plain !== undefined && plain <= 1) return { edits: plain, added: 0 };
  // A short sentence added at the start or the end, as one edit, and the edits left.
  let best: WordEdits | undefined = plain === undefined ? undefined : { edits: plain, added: 0 };
  for (let added = 1; added <= ADDED_WORDS; added++) {
    if (Math.abs(m - added - n) > allowed - 1) continue;
    for (const rest of [turn.slice(added), turn.slice(0, m - added)]) {
      const found = align(held, rest, allowed - 1);
      if (found !== undefined && (best === undefined || 1 + found < best.edits)) {
        best = { edits: 1 + found, added };
      }
    }
  }
  return best;
}
