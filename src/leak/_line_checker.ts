/**
 * The leak check of one training line: each of its turns against the held-out items chosen by the
 * index, as the same query, a near duplicate of it, or its answer, into the tally.
 *
 * @module
 */

import type { Ordering, Scorer } from "../score/scorer.ts";
import type { HeldOutIndex } from "./_held_out_index.ts";
import { isSibling } from "./_sibling.ts";
import type { LeakTally } from "./_tally.ts";
import type { TrainingLine } from "./_training_line.ts";
import { mayBeNear, nearEdits, type WordEdits } from "./_word_edits.ts";
import type { LeakKind } from "./leak_report.ts";
import { type PrefixLimits, PrefixText, ShingleMarks } from "./_prefix_text.ts";

/** How a {@linkcode LineChecker} checks. */
export interface LineCheckOptions {
  /** The scorer whose equality decides whether two answers are the same. */
  readonly scorer: Scorer;
  /** The scorer's ordering. */
  readonly ordering: Ordering;
  /** How many distinct shingles of a user text are counted (`COUNTED_SHINGLES`, or more). */
  readonly limit: number;
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

/**
 * The held-out items a turn may match, each listed once: chosen, then found exact or near. Those
 * chosen by the pairs of a conversation's words are kept for its later turns (whose texts hold
 * those words too); those chosen by a turn's whole text or word list, and what is found, are the
 * turn's.
 */
class Candidates {
  readonly #marks: Uint8Array;
  /** The positions chosen, in the order they were. */
  readonly chosen: number[] = [];
  /** How many of `chosen` are kept for the conversation's later turns. */
  #kept = 0;
  readonly #found: number[] = [];

  constructor(size: number) {
    this.#marks = new Uint8Array(size);
  }

  choose(position: number): void {
    if (this.#marks[position] === 0) {
      this.#marks[position] = CHOSEN;
      this.chosen.push(position);
    }
  }

  /** Keeps the choices so far for the conversation's later turns. */
  keep(): void {
    this.#kept = this.chosen.length;
  }

  find(position: number): void {
    this.#marks[position] = FOUND;
    this.#found.push(position);
  }

  isFound(position: number): boolean {
    return this.#marks[position] === FOUND;
  }

  /** Forgets what the turn chose and found, for the conversation's next turn. */
  endTurn(): void {
    for (const p of this.#found) this.#marks[p] = CHOSEN;
    this.#found.length = 0;
    for (let k = this.#kept; k < this.chosen.length; k++) this.#marks[this.chosen[k]!] = 0;
    this.chosen.length = this.#kept;
  }

  /** Forgets every choice, for the next conversation. */
  clear(): void {
    this.endTurn();
    for (const p of this.chosen) this.#marks[p] = 0;
    this.chosen.length = 0;
    this.#kept = 0;
  }
}

/** How a text is near a held-out query, and the two word lists compared. */
interface Near {
  readonly edits: WordEdits;
  readonly held: readonly string[];
  readonly own: readonly string[];
  /** Their numbers (`WordCodes`). */
  readonly heldCodes: ArrayLike<number>;
  readonly ownCodes: ArrayLike<number>;
}

/**
 * The numbers (`HeldOutIndex.wordNumbers`) of a text's words, read as the list grows (a
 * conversation's words are its turns' in turn): -1 for a word no held-out query holds.
 */
class WordCodes {
  readonly #numbers: ReadonlyMap<string, number>;
  #words: readonly string[] | undefined;
  readonly #codes: number[] = [];

  constructor(numbers: ReadonlyMap<string, number>) {
    this.#numbers = numbers;
  }

  /** The numbers of `words`, a list that is the one asked before or a new one. */
  of(words: readonly string[]): readonly number[] {
    const codes = this.#codes;
    if (words !== this.#words) {
      this.#words = words;
      codes.length = 0;
    }
    for (let k = codes.length; k < words.length; k++) {
      codes.push(this.#numbers.get(words[k]!) ?? -1);
    }
    return codes;
  }

  /** Forgets the list, for the next line. */
  clear(): void {
    this.#words = undefined;
    this.#codes.length = 0;
  }
}

/** Checks training lines, one at a time, against the held-out items, into a tally. */
export class LineChecker {
  readonly #index: HeldOutIndex;
  readonly #tally: LeakTally;
  readonly #options: LineCheckOptions;
  readonly #candidates: Candidates;

  readonly #limits: PrefixLimits;
  /** Chooses the held-out items whose signature holds a pair of words, by its number. */
  readonly #choosePair: (pair: number) => void;
  /** The numbers of a text's words, and of its words with punctuation deleted. */
  readonly #codes: WordCodes;
  readonly #joinedCodes: WordCodes;
  /** The turn's words' numbers, and its words' with punctuation deleted, once read. */
  #turnCodes: readonly number[] | undefined;
  #turnJoinedCodes: readonly number[] | undefined;

  constructor(index: HeldOutIndex, tally: LeakTally, options: LineCheckOptions) {
    this.#index = index;
    this.#tally = tally;
    this.#options = options;
    this.#candidates = new Candidates(index.items.length);
    this.#limits = {
      wordLimit: index.wordLimit,
      shingleLimit: options.limit,
      heldShingles: index.allShingles,
      marks: new ShingleMarks(index.allShingles),
    };
    this.#codes = new WordCodes(index.wordNumbers);
    this.#joinedCodes = new WordCodes(index.wordNumbers);
    this.#choosePair = (h) => {
      const list = index.pairs.get(h);
      if (list !== undefined) { for (const p of list) this.#candidates.choose(p); }
    };
  }

  /**
   * Checks each of the line's turns. The turns of a conversation are read as it grows: each
   * message once (`PrefixText`).
   */
  check(line: TrainingLine): void {
    let text: PrefixText | undefined;
    for (let t = 0; t < line.turns.length; t++) {
      const turn = line.turns[t]!;
      if (text?.texts !== turn.texts) {
        this.#candidates.clear();
        text = new PrefixText(turn.texts, this.#choosePair, this.#limits);
      }
      text.advance(turn.end);
      this.#candidates.keep();
      this.#checkTurn(line, t, text);
      this.#candidates.endTurn();
    }
    this.#candidates.clear();
    this.#codes.clear();
    this.#joinedCodes.clear();
  }

  #checkTurn(line: TrainingLine, t: number, text: PrefixText): void {
    const index = this.#index;
    const turn = line.turns[t]!;
    // The held-out items that may have the query, its words, or one of their signature pairs
    // (chosen as the text was read), chosen by their numbers; their strings decide.
    for (const p of index.exact.get(text.textNumber) ?? []) this.#candidates.choose(p);
    for (const p of index.byWords.get(text.wordsNumber) ?? []) this.#candidates.choose(p);
    if (text.differs) {
      for (const p of index.byWords.get(text.joinedNumber) ?? []) this.#candidates.choose(p);
    }
    const answers = turn.calls.length > 0
      ? index.answerCandidates(turn.calls, () => line.answerKey(t))
      : [];
    if (this.#candidates.chosen.length === 0 && answers.length === 0) return;
    const found = text.joinedCount <= index.wordLimit ? this.#matches(line, t, text) : [];
    // A match's shingles are counted only for the lines the report keeps (the first of each
    // held-out item and kind); the others are only counted.
    for (const f of found) {
      const kept = this.#tally.count(f.kind, f.position, line.line);
      if (kept === undefined) continue;
      const { shared, union } = text.overlap(
        index.shingleSets[f.position]!,
        index.shingleCodes[f.position],
      );
      kept.push({
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
      const kept = this.#tally.count("answer", p, line.line);
      if (kept === undefined) continue;
      const { shared, union, atLeast } = text.overlap(index.shingleSets[p]!, index.shingleCodes[p]);
      // A text with too many shingles to count them all: its union is a lower bound.
      kept.push({
        line: line.line,
        shared,
        union,
        sameAnswer: true,
        ...(atLeast ? { unionAtLeast: true } : {}),
      });
    }
  }

  /** The chosen held-out items the turn's query matches: the same query, near, or a sibling. */
  #matches(line: TrainingLine, t: number, text: PrefixText): Found[] {
    const index = this.#index;
    const found: Found[] = [];
    const calls = line.turns[t]!.calls;
    this.#turnCodes = undefined;
    this.#turnJoinedCodes = undefined;
    for (const p of this.#candidates.chosen) {
      let near: Near | undefined;
      let kind: LeakKind;
      const normal = index.normals[p]!;
      if (normal.length === text.length && normal === text.normal()) {
        kind = "exact";
      } else {
        near = this.#near(p, text);
        if (near === undefined) continue;
        kind = "near";
      }
      const edits = near?.edits;
      this.#candidates.find(p);
      const sameAnswer = this.#sameAnswer(line, p, t);
      const heldCalls = index.siblingCalls[p];
      if (
        near !== undefined && !sameAnswer && heldCalls !== undefined && calls.length > 0 &&
        isSibling(
          { words: near.held, calls: heldCalls },
          { words: near.own, calls: line.siblingCalls(t) },
          (i, j) => near.heldCodes[i] === near.ownCodes[j],
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

  /**
   * Whether the text is near the held-out query at `position` by the edit rule: by their words, or
   * by their words with punctuation deleted (`joinedWords`: `f(x)` and `fx` are one word), the
   * fewer edits (the words on a tie); and the words that were compared.
   */
  #near(position: number, text: PrefixText): Near | undefined {
    const index = this.#index;
    const held = index.words[position]!;
    let near: Near | undefined;
    // The words are read only for a held-out query whose length allows them to be near; they are
    // compared by their numbers.
    if (mayBeNear(held.length, text.count)) {
      const own = text.words()!;
      const heldCodes = index.wordCodes[position]!;
      const ownCodes = this.#turnCodes ??= this.#codes.of(own);
      const edits = nearEdits(heldCodes, ownCodes);
      if (edits !== undefined) near = { edits, held, own, heldCodes, ownCodes };
    }
    const joined = index.joinedWords[position];
    if (joined === undefined && !text.differs) return near;
    const heldJoined = joined ?? held;
    if (!mayBeNear(heldJoined.length, text.joinedCount)) return near;
    const own = text.joinedWords()!;
    const heldCodes = index.joinedCodes[position] ?? index.wordCodes[position]!;
    const ownCodes = this.#turnJoinedCodes ??= this.#joinedCodes.of(own);
    const edits = nearEdits(heldCodes, ownCodes);
    return edits !== undefined && (near === undefined || edits.edits < near.edits.edits)
      ? { edits, held: heldJoined, own, heldCodes, ownCodes }
      : near;
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
