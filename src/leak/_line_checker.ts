/**
 * The leak check of one training line: each of its turns against the held-out items chosen by the
 * index, as the same query, a near duplicate of it, or its answer, into the tally.
 *
 * @module
 */

import type { Ordering, Scorer } from "../score/scorer.ts";
import { scanText } from "./_fingerprint.ts";
import type { HeldOutIndex } from "./_held_out_index.ts";
import { isSibling } from "./_sibling.ts";
import type { LeakTally } from "./_tally.ts";
import type { TrainingLine } from "./_training_line.ts";
import { mayBeNear, nearEdits, type WordEdits } from "./_word_edits.ts";
import type { LeakKind } from "./leak_report.ts";
import { eachShingle, normalizeQuery, queryWords } from "./normalize.ts";

/** How a {@linkcode LineChecker} checks. */
export interface LineCheckOptions {
  /** The scorer whose equality decides whether two answers are the same. */
  readonly scorer: Scorer;
  /** The scorer's ordering. */
  readonly ordering: Ordering;
  /** How many distinct shingles of a user text are counted (`COUNTED_SHINGLES`, or more). */
  readonly limit: number;
}

/** A text's distinct shingles, or undefined when it has more than `limit` of them. */
function shingleSet(normal: string, limit: number): Set<string> | undefined {
  const set = new Set<string>();
  for (const s of eachShingle(normal)) {
    set.add(s);
    if (set.size > limit) return undefined;
  }
  return set;
}

/** How many shingles two sets share, and hold together. */
function overlap(own: Set<string>, other: Set<string>): { shared: number; union: number } {
  const [small, large] = own.size <= other.size ? [own, other] : [other, own];
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return { shared, union: own.size + other.size - shared };
}

const CHOSEN = 1;
const FOUND = 2;

/** A held-out item a turn matches by its query: how, and by how many word edits. */
interface Found {
  readonly position: number;
  readonly kind: LeakKind;
  readonly edits: number;
  readonly added: number;
  readonly sameAnswer: boolean;
}

/** The held-out items a turn may match, each listed once: chosen, then found exact or near. */
class Candidates {
  readonly #marks: Uint8Array;
  /** The positions chosen, in the order they were. */
  readonly chosen: number[] = [];

  constructor(size: number) {
    this.#marks = new Uint8Array(size);
  }

  choose(position: number): void {
    if (this.#marks[position] === 0) {
      this.#marks[position] = CHOSEN;
      this.chosen.push(position);
    }
  }

  find(position: number): void {
    this.#marks[position] = FOUND;
  }

  isFound(position: number): boolean {
    return this.#marks[position] === FOUND;
  }

  /** Forgets every choice, for the next turn. */
  clear(): void {
    for (const p of this.chosen) this.#marks[p] = 0;
    this.chosen.length = 0;
  }
}

/** Checks training lines, one at a time, against the held-out items, into a tally. */
export class LineChecker {
  readonly #index: HeldOutIndex;
  readonly #tally: LeakTally;
  readonly #options: LineCheckOptions;
  readonly #candidates: Candidates;

  constructor(index: HeldOutIndex, tally: LeakTally, options: LineCheckOptions) {
    this.#index = index;
    this.#tally = tally;
    this.#options = options;
    this.#candidates = new Candidates(index.items.length);
  }

  /** Checks each of the line's turns. */
  check(line: TrainingLine): void {
    for (let t = 0; t < line.turns.length; t++) this.#checkTurn(line, t);
  }

  #checkTurn(line: TrainingLine, t: number): void {
    const index = this.#index;
    const turn = line.turns[t]!;
    const normal = normalizeQuery(turn.user);
    // The held-out items that may have the query, its words, or one of their signature pairs,
    // chosen by their numbers (a pair's at a time: a long text's are never held at once); their
    // strings decide.
    const scan = scanText(normal, (h) => {
      const list = index.pairs.get(h);
      if (list !== undefined) { for (const p of list) this.#candidates.choose(p); }
    }, index.wordLimit);
    for (const p of index.exact.get(scan.text) ?? []) this.#candidates.choose(p);
    for (const p of index.byWords.get(scan.words) ?? []) this.#candidates.choose(p);
    const answers = turn.calls.length > 0
      ? index.answerCandidates(turn.calls, () => line.answerKey(t))
      : [];
    if (this.#candidates.chosen.length > 0 || answers.length > 0) {
      const found = scan.count <= index.wordLimit
        ? this.#matches(line, t, { normal, count: scan.count })
        : [];
      if (found.length > 0 || answers.length > 0) {
        const own = shingleSet(normal, this.#options.limit);
        if (own === undefined) this.#checkUncounted(line, t, normal, answers);
        else this.#checkCounted(line, t, { own, found }, answers);
      }
    }
    this.#candidates.clear();
  }

  /** The chosen held-out items the turn's query matches: the same query, near, or a sibling. */
  #matches(
    line: TrainingLine,
    t: number,
    query: { readonly normal: string; readonly count: number },
  ): Found[] {
    const index = this.#index;
    const found: Found[] = [];
    // The words are read only for a held-out query whose length allows them to be near.
    let words: string[] | undefined;
    for (const p of this.#candidates.chosen) {
      let edits: WordEdits | undefined;
      let kind: LeakKind;
      if (index.normals[p] === query.normal) {
        kind = "exact";
      } else {
        if (!mayBeNear(index.words[p]!.length, query.count)) continue;
        edits = nearEdits(index.words[p]!, words ??= queryWords(query.normal));
        if (edits === undefined) continue;
        kind = "near";
      }
      this.#candidates.find(p);
      const sameAnswer = this.#sameAnswer(line, p, t);
      const calls = line.turns[t]!.calls;
      if (
        edits !== undefined && !sameAnswer && calls.length > 0 &&
        isSibling(
          { words: index.words[p]!, calls: index.siblingCalls[p] },
          { words: words!, calls: line.siblingCalls(t) },
        )
      ) {
        kind = "sibling";
      }
      found.push({
        position: p,
        kind,
        edits: edits?.edits ?? 0,
        added: edits?.added ?? 0,
        sameAnswer,
      });
    }
    return found;
  }

  /** A user text with its shingles counted: what its query matches, then the answers. */
  #checkCounted(
    line: TrainingLine,
    t: number,
    query: { readonly own: Set<string>; readonly found: readonly Found[] },
    answers: readonly number[],
  ): void {
    const index = this.#index;
    for (const f of query.found) {
      const { shared, union } = overlap(query.own, index.shingleSets[f.position]!);
      this.#tally.record(f.kind, f.position, {
        line: line.line,
        shared,
        union,
        sameAnswer: f.sameAnswer,
        edits: f.edits,
        addedWords: f.added,
      });
    }
    for (const p of answers) {
      if (this.#candidates.isFound(p) || !this.#sameAnswer(line, p, t)) continue;
      const { shared, union } = overlap(query.own, index.shingleSets[p]!);
      this.#tally.record("answer", p, { line: line.line, shared, union, sameAnswer: true });
    }
  }

  /**
   * A user text with too many shingles to be near (or the same as) any held-out query: only an
   * answer may leak, and its union is counted up to the limit.
   */
  #checkUncounted(
    line: TrainingLine,
    t: number,
    normal: string,
    answers: readonly number[],
  ): void {
    for (const p of answers) {
      if (!this.#sameAnswer(line, p, t)) continue;
      const other = this.#index.shingleSets[p]!;
      const seen = new Set<string>();
      for (const s of eachShingle(normal)) if (other.has(s)) seen.add(s);
      const shared = seen.size;
      const union = this.#options.limit + 1 + other.size - shared;
      this.#tally.record("answer", p, {
        line: line.line,
        shared,
        union,
        sameAnswer: true,
        unionAtLeast: true,
      });
    }
  }

  /** Whether turn `t`'s calls are the answer of the held-out item at `position`, by the scorer. */
  #sameAnswer(line: TrainingLine, position: number, t: number): boolean {
    // Answers whose keys differ are not the same: only equal keys are read exactly and scored.
    const key = line.answerKey(t);
    if (key === undefined || key !== this.#index.answerKeys[position]) return false;
    const calls = line.exactCalls(t);
    if (calls === undefined) return false;
    try {
      return this.#options.scorer.score(
        this.#index.items[position]!,
        { text: "", calls, truncated: false },
        { ordering: this.#options.ordering },
      ).correct;
    } catch {
      return false; // the scorer cannot judge: not the same answer
    }
  }
}
