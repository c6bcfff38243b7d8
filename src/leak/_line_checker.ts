/**
 * The leak check of one training line: each of its turns against the held-out items chosen by the
 * index, as the same query, a near duplicate of it, or its answer, into the tally.
 *
 * @module
 */

import type { Ordering, ReplyCall, Scorer } from "../score/scorer.ts";
import type { HeldOutIndex, WordNumbers } from "./_held_out_index.ts";
import { isSibling } from "./_sibling.ts";
import type { LeakTally } from "./_tally.ts";
import type { TrainingLine } from "./_training_line.ts";
import { mayBeNear, nearEdits, type WordEdits } from "./_word_edits.ts";
import type { LeakKind } from "./leak_report.ts";
import { hashText } from "./_fingerprint.ts";
import { type PrefixLimits, PrefixText, ShingleMarks } from "./_prefix_text.ts";
import { sharedEnd, type SharedEnds, sharedStart, TemplateEnds } from "./_template_groups.ts";

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

/**
 * The held-out items a turn may match, each listed once: chosen, then found exact or near. Those
 * chosen by the pairs of a conversation's words are kept for its later turns (whose texts hold
 * those words too); those chosen by a turn's whole text or word list, and what is found, are the
 * turn's.
 */
class Candidates {
  readonly #marks: Uint8Array;
  /**
   * The positions chosen, in the order they were; a template's items are chosen at once, by the
   * template's number past the items' positions (`HeldOutIndex.pairs`).
   */
  readonly chosen: number[] = [];
  /** How many of `chosen` are kept for the conversation's later turns. */
  #kept = 0;
  readonly #found: number[] = [];
  /** The mark each found position had before (an item of a template is found unchosen). */
  readonly #was: number[] = [];

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
    const mark = this.#marks[position]!;
    if (mark === FOUND) return;
    this.#marks[position] = FOUND;
    this.#found.push(position);
    this.#was.push(mark);
  }

  isFound(position: number): boolean {
    return this.#marks[position] === FOUND;
  }

  /** Forgets what the turn chose and found, for the conversation's next turn. */
  endTurn(): void {
    for (let k = 0; k < this.#found.length; k++) this.#marks[this.#found[k]!] = this.#was[k]!;
    this.#found.length = 0;
    this.#was.length = 0;
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
  /** The words they share at both ends, when the query's template told them. */
  readonly shared: SharedEnds | undefined;
}

/**
 * The numbers (`HeldOutIndex.wordNumbers`) of a text's words, read as the list grows (a
 * conversation's words are its turns' in turn): -1 for a word no held-out query holds.
 */
class WordCodes {
  readonly #numbers: WordNumbers;
  #words: readonly string[] | undefined;
  readonly #codes: number[] = [];

  constructor(numbers: WordNumbers) {
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
      codes.push(this.#numbers.of(words[k]!));
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
  /** The turn's answer key's `hashText` (-2 when it has none), once read. */
  #turnKeyNumber: number | undefined;
  /** A number for each turn, and the last turn each template was compared with. */
  #turnStamp = 0;
  readonly #groupStamps: Int32Array;
  /** The items of a template to compare alone, for the turn. */
  readonly #later: number[] = [];
  /**
   * The last calls scored against each held-out item (their names and argument texts, as
   * `#callsText` writes them) and the verdict: lines that repeat an item's answer as written are
   * scored once.
   */
  readonly #scoredCalls: (string | undefined)[] = [];
  readonly #scoredSame: Uint8Array;
  /** What the turn's words, and its words with punctuation deleted, share with each template. */
  readonly #ends: TemplateEnds;
  readonly #joinedEnds: TemplateEnds;

  constructor(index: HeldOutIndex, tally: LeakTally, options: LineCheckOptions) {
    this.#index = index;
    this.#tally = tally;
    this.#options = options;
    this.#candidates = new Candidates(index.items.length + index.groups.size);
    this.#limits = {
      wordLimit: index.wordLimit,
      shingleLimit: options.limit,
      heldShingles: index.allShingles,
      marks: new ShingleMarks(index.allShingles),
    };
    this.#codes = new WordCodes(index.wordNumbers);
    this.#joinedCodes = new WordCodes(index.wordNumbers);
    this.#groupStamps = new Int32Array(index.groups.size);
    this.#scoredSame = new Uint8Array(index.items.length);
    this.#ends = new TemplateEnds(index.groups);
    this.#joinedEnds = new TemplateEnds(index.groups, true);
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
    if (text.joinedCount <= index.wordLimit) this.#matches(line, t, text);
    for (const p of answers) {
      if (this.#candidates.isFound(p) || !this.#sameAnswer(line, p, t)) continue;
      const kept = this.#tally.count("answer", p, line.line);
      if (kept === undefined) continue;
      const { shared, union, atLeast } = text.overlap(index.shingleSet(p), index.shingleCodes[p]);
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

  /**
   * Counts a match of the turn's query with the held-out item at `position`; its shingles are
   * counted only for the lines the report keeps (the first of each held-out item and kind).
   */
  #record(
    line: TrainingLine,
    text: PrefixText,
    position: number,
    kind: LeakKind,
    edits: number,
    added: number,
    sameAnswer: boolean,
  ): void {
    const kept = this.#tally.count(kind, position, line.line);
    if (kept === undefined) return;
    const index = this.#index;
    const { shared, union } = text.overlap(
      index.shingleSet(position),
      index.shingleCodes[position],
    );
    kept.push({ line: line.line, shared, union, sameAnswer, edits, addedWords: added });
  }

  /** Counts the chosen held-out items the turn's query matches: the same query, near, or a sibling. */
  #matches(line: TrainingLine, t: number, text: PrefixText): void {
    const groups = this.#index.groups;
    const groupOf = groups.groupOf;
    const size = this.#index.items.length;
    this.#turnCodes = undefined;
    this.#turnJoinedCodes = undefined;
    this.#turnKeyNumber = undefined;
    this.#ends.next();
    this.#joinedEnds.next();
    const stamp = ++this.#turnStamp;
    const later = this.#later;
    later.length = 0;
    for (const p of this.#candidates.chosen) {
      const group = p >= size ? p - size : groupOf[p]!;
      if (group >= 0) {
        // The items of a template, chosen at once (or one of them chosen alone): all are compared
        // the first time, with the template.
        if (this.#groupStamps[group] !== stamp) {
          this.#groupStamps[group] = stamp;
          this.#template(line, t, text, group, later);
        }
        continue;
      }
      this.#alone(line, t, text, p);
    }
    for (const p of later) this.#alone(line, t, text, p);
  }

  /** Counts the held-out item at `position` if the turn's query matches it, compared alone. */
  #alone(line: TrainingLine, t: number, text: PrefixText, p: number): void {
    const index = this.#index;
    let near: Near | undefined;
    let kind: LeakKind;
    const normal = index.normals[p]!;
    if (normal.length === text.length && normal === text.normal()) {
      kind = "exact";
    } else {
      near = this.#near(p, text);
      if (near === undefined) return;
      kind = "near";
    }
    const edits = near?.edits;
    this.#candidates.find(p);
    const sameAnswer = this.#sameAnswer(line, p, t);
    const heldCalls = index.siblingCalls[p];
    if (
      near !== undefined && !sameAnswer && heldCalls !== undefined &&
      line.turns[t]!.calls.length > 0 &&
      isSibling(
        { words: near.held, calls: heldCalls },
        { words: near.own, calls: line.siblingCalls(t) },
        (i, j) => near.heldCodes[i] === near.ownCodes[j],
        near.shared,
      )
    ) {
      kind = "sibling";
    }
    this.#record(line, text, p, kind, edits?.edits ?? 0, edits?.added ?? 0, sameAnswer);
  }

  /**
   * Compares the turn's text with the held-out items of the template `group` at once: what
   * it shares with the template at both ends is read once, and then each item's slot word alone is
   * compared. When that leaves one word of each (the text has the template's words but at one
   * place, and its punctuation joins no words), the text is not the item's query and is near it by
   * one edit (a word replaced), and only the item's answer and, when a value of it holds the word
   * replaced, the sibling check are left. A text whose length rules out a near one is neither near
   * nor the same (the same query has the same words). The items it cannot decide so (the text
   * differs from the template elsewhere) are put in `later`, to be compared alone.
   */
  #template(
    line: TrainingLine,
    t: number,
    text: PrefixText,
    group: number,
    later: number[],
  ): void {
    const index = this.#index;
    const groups = index.groups;
    const words = groups.words[group]!;
    const members = groups.members[group]!;
    const n = words.length;
    // Whether the words with punctuation deleted are compared too (`#near`).
    const joins = groups.joins[group] === 1 || text.differs;
    if (!mayBeNear(n, text.count)) {
      // Neither the same (that has the same words) nor near by the words; by the words with
      // punctuation deleted, each is compared alone.
      if (joins) later.push(...members);
      return;
    }
    const own = text.words()!;
    const ownCodes = this.#turnCodes ??= this.#codes.of(own);
    const m = ownCodes.length;
    const slot = groups.slot[group]!;
    // The words shared at the start and at the end, the slot counted as shared.
    const first = sharedStart(words, slot, ownCodes);
    const last = sharedEnd(words, slot, ownCodes);
    const fromEnd = n - 1 - slot;
    const atStart = slot < first ? ownCodes[slot] : undefined;
    const atEnd = fromEnd < last ? ownCodes[m - 1 - fromEnd] : undefined;
    const slotWords = groups.slotWords[group]!;
    // The same of the words with punctuation deleted, when they may be near.
    const heldJoined = groups.joinedWords[group]!;
    const jn = heldJoined.length;
    let joined: readonly number[] | undefined;
    let jFirst = 0;
    let jLast = 0;
    let jAtStart: number | undefined;
    let jAtEnd: number | undefined;
    const jSlot = groups.joinedSlot[group]!;
    const jFromEnd = jn - 1 - jSlot;
    if (joins && mayBeNear(jn, text.joinedCount)) {
      joined = this.#turnJoinedCodes ??= this.#joinedCodes.of(text.joinedWords()!);
      jFirst = sharedStart(heldJoined, jSlot, joined);
      jLast = sharedEnd(heldJoined, jSlot, joined);
      jAtStart = jSlot < jFirst ? joined[jSlot] : undefined;
      jAtEnd = jFromEnd < jLast ? joined[joined.length - 1 - jFromEnd] : undefined;
    }
    const jSlotWords = groups.joinedSlotWords[group]!;
    const candidates = this.#candidates;
    for (let i = 0; i < members.length; i++) {
      const p = members[i]!;
      const word = slotWords[i]!;
      const start = atStart !== undefined && word !== atStart ? slot : first;
      const end = Math.min(
        atEnd !== undefined && word !== atEnd ? fromEnd : last,
        n - start,
        m - start,
      );
      if (n - start - end !== 1 || m - start - end !== 1) {
        later.push(p);
        continue;
      }
      if (joined !== undefined) {
        // By the words with punctuation deleted, one edit too (not fewer, which would decide), or
        // each is compared alone.
        const jm = joined.length;
        const jWord = jSlotWords[i]!;
        const js = jAtStart !== undefined && jWord !== jAtStart ? jSlot : jFirst;
        const je = Math.min(
          jAtEnd !== undefined && jWord !== jAtEnd ? jFromEnd : jLast,
          jn - js,
          jm - js,
        );
        if (jn - js - je !== 1 || jm - js - je !== 1) {
          later.push(p);
          continue;
        }
      }
      candidates.find(p);
      const sameAnswer = this.#mayBeSameAnswer(line, p, t) && this.#sameAnswer(line, p, t);
      // The edited held-out word is the one at `start`: a sibling's held-out value holds it.
      const sibling = !sameAnswer && index.valueHolds[p]?.[start] === 1 &&
        line.turns[t]!.calls.length > 0 &&
        isSibling(
          { words: index.words[p]!, calls: index.siblingCalls[p] },
          { words: own, calls: line.siblingCalls(t) },
          undefined,
          { start, end },
        );
      this.#record(line, text, p, sibling ? "sibling" : "near", 1, 0, sameAnswer);
    }
  }

  /**
   * Whether the text is near the held-out query at `position` by the edit rule: by their words, or
   * by their words with punctuation deleted (`joinedWords`: `f(x)` and `fx` are one word), the
   * fewer edits (the words on a tie); and the words that were compared.
   */
  #near(position: number, text: PrefixText): Near | undefined {
    const index = this.#index;
    const held = index.words[position]!;
    // The query's template, when it has one: what the text shares with it at both ends is read
    // once, and then only the query's slot is compared.
    const group = index.groups.groupOf[position]!;
    let near: Near | undefined;
    // The words are read only for a held-out query whose length allows them to be near; they are
    // compared by their numbers.
    if (mayBeNear(held.length, text.count)) {
      const own = text.words()!;
      const heldCodes = index.wordCodes[position]!;
      const ownCodes = this.#turnCodes ??= this.#codes.of(own);
      const shared = group < 0 ? undefined : this.#ends.of(group, heldCodes, ownCodes);
      const edits = nearEdits(heldCodes, ownCodes, shared);
      if (edits !== undefined) near = { edits, held, own, heldCodes, ownCodes, shared };
    }
    const joined = index.joinedWords[position];
    if (joined === undefined && !text.differs) return near;
    const heldJoined = joined ?? held;
    if (!mayBeNear(heldJoined.length, text.joinedCount)) return near;
    const own = text.joinedWords()!;
    const heldCodes = index.joinedCodes[position] ?? index.wordCodes[position]!;
    const ownCodes = this.#turnJoinedCodes ??= this.#joinedCodes.of(own);
    // A query in a template: the template's words with punctuation deleted (`joinedWords`).
    const shared = group < 0 ? undefined : this.#joinedEnds.of(group, heldCodes, ownCodes);
    const edits = nearEdits(heldCodes, ownCodes, shared);
    return edits !== undefined && (near === undefined || edits.edits < near.edits.edits)
      ? { edits, held: heldJoined, own, heldCodes, ownCodes, shared }
      : near;
  }

  /**
   * Whether turn `t`'s calls may be the answer of the held-out item at `position`: their answer
   * keys' numbers are the same (keys whose numbers differ differ).
   */
  #mayBeSameAnswer(line: TrainingLine, position: number, t: number): boolean {
    if (this.#turnKeyNumber === undefined) {
      const key = line.answerKey(t);
      this.#turnKeyNumber = key === undefined ? -2 : hashText(key);
    }
    return this.#index.answerKeyNumbers[position] === this.#turnKeyNumber;
  }

  /** Whether turn `t`'s calls are the answer of the held-out item at `position`, by the scorer. */
  #sameAnswer(line: TrainingLine, position: number, t: number): boolean {
    // Answers whose keys differ are not the same: only equal keys are read exactly and scored.
    const key = line.answerKey(t);
    if (key === undefined || key !== this.#index.answerKeys[position]) return false;
    const calls = line.exactCalls(t);
    if (calls === undefined) return false;
    // The verdict is the scorer's on the item and the calls alone: the same calls, the same one.
    const written = callsText(calls);
    if (this.#scoredCalls[position] === written) return this.#scoredSame[position] === 1;
    let same: boolean;
    try {
      same = this.#options.scorer.score(
        this.#index.items[position]!,
        { text: "", calls, truncated: false },
        { ordering: this.#options.ordering },
      ).correct;
    } catch {
      same = false; // the scorer cannot judge: not the same answer
    }
    this.#scoredCalls[position] = written;
    this.#scoredSame[position] = same ? 1 : 0;
    return same;
  }
}

/** The calls' names and argument texts, one text: calls with the same one are the same calls. */
function callsText(calls: readonly ReplyCall[]): string {
  return JSON.stringify(calls.map((c) => [c.name, c.arguments]));
}
