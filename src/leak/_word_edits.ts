/**
 * The near-duplicate rule over words: how many word edits turn a held-out query into a training
 * line's user text.
 *
 * @module
 */

/** The most word edits a near duplicate may hold. */
export const NEAR_EDITS = 2;

/** The fewest words a held-out query needs for edits to be allowed; a shorter one needs 0 edits. */
export const NEAR_MIN_WORDS = 8;

/** The most words of a short sentence added at the start or the end, which counts as one edit. */
export const ADDED_WORDS = 8;

/** How a user text is a near duplicate of a held-out query. */
export interface WordEdits {
  /** The edits, as the rule counts them (a short sentence added counts as one). */
  readonly edits: number;
  /** How many words were added at the start or the end as one edit; 0 when none were. */
  readonly added: number;
}

/**
 * The optimal-string-alignment distance between two word lists (each word replaced, inserted or
 * deleted, or two neighbouring words swapped, counts 1); undefined when it is more than `bound`.
 */
function align(a: readonly string[], b: readonly string[], bound: number): number | undefined {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > bound) return undefined;
  const w = m + 1;
  const d = new Int32Array((n + 1) * w);
  for (let j = 0; j <= m; j++) d[j] = j;
  for (let i = 1; i <= n; i++) {
    d[i * w] = i;
    let least = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * w + j]! + 1,
        d[i * w + j - 1]! + 1,
        d[(i - 1) * w + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[(i - 2) * w + j - 2]! + 1);
      }
      d[i * w + j] = v;
      if (v < least) least = v;
    }
    if (least > bound) return undefined;
  }
  const distance = d[n * w + m]!;
  return distance > bound ? undefined : distance;
}

/**
 * Whether a user text is a near duplicate of a held-out query, by their words, and how: the
 * word edit distance (a word replaced, inserted or deleted, two neighbouring words swapped: one
 * edit each) is at most {@linkcode NEAR_EDITS}, where a run of 1 to {@linkcode ADDED_WORDS} words
 * added at the start or at the end of the user text counts as one edit. A held-out query of fewer
 * than {@linkcode NEAR_MIN_WORDS} words must have the same words (0 edits); one without a word is
 * near nothing.
 *
 * @param held The held-out query's words.
 * @param turn The user text's words.
 * @returns The edits, or undefined when the two are not near duplicates.
 */
export function nearEdits(held: readonly string[], turn: readonly string[]): WordEdits | undefined {
  if (held.length < NEAR_MIN_WORDS) {
    if (held.length === 0 || held.length !== turn.length) return undefined;
    return held.every((word, k) => word === turn[k]) ? { edits: 0, added: 0 } : undefined;
  }
  const plain = align(held, turn, NEAR_EDITS);
  if (plain !== undefined && plain <= 1) return { edits: plain, added: 0 };
  // A short sentence added at the start or the end, as one edit, and at most one edit more.
  const m = turn.length;
  let best: WordEdits | undefined = plain === undefined ? undefined : { edits: plain, added: 0 };
  for (let added = 1; added <= ADDED_WORDS; added++) {
    for (const rest of [turn.slice(added), turn.slice(0, m - added)]) {
      if (Math.abs(rest.length - held.length) > NEAR_EDITS - 1) continue;
      const found = align(held, rest, NEAR_EDITS - 1);
      if (found !== undefined && (best === undefined || 1 + found < best.edits)) {
        best = { edits: 1 + found, added };
      }
    }
  }
  return best;
}
