/**
 * Template siblings: a training line whose query is a near duplicate of a held-out query, and
 * whose answer differs from the held-out answer only where the queries differ ("… in Paris …"
 * answered `{"city": "Paris"}`, "… in Tokyo …" answered `{"city": "Tokyo"}`). Such a line is
 * another item made from the same template, not the held-out item.
 *
 * @module
 */

import type { ExampleCall } from "./_examples.ts";
import { argumentsValue, canonical } from "./_arguments.ts";
import { hashText } from "./_fingerprint.ts";
import { eachWord, normalizeQuery } from "./normalize.ts";
import type { SharedEnds } from "./_template_groups.ts";

/**
 * The longest `canonical` text of a value whose words are kept once read (a held-out answer is
 * compared with many lines); a longer value's are read word by word each time, and never held.
 */
const KEPT_VALUE_CHARACTERS = 4096;

/** An argument of a call: its value, read by `JSON.parse`, and its `canonical` text. */
class Argument {
  readonly value: unknown;
  readonly text: string;
  /** The words of its value (`valueWords`), once read; null when it is too long to keep them. */
  #words: ReadonlySet<string> | null | undefined;

  constructor(value: unknown, text: string) {
    this.value = value;
    this.text = text;
  }

  /** Whether its value holds one of the words of `edited` (`holdsEdited`). */
  holds(edited: readonly string[]): boolean {
    if (this.#words === undefined) {
      this.#words = this.text.length <= KEPT_VALUE_CHARACTERS ? valueWords(this.value) : null;
    }
    const words = this.#words;
    if (words === null) return holdsEdited(this.value, edited);
    for (const word of edited) if (words.has(word)) return true;
    return false;
  }
}

/** A call as the sibling check reads it: its name, its arguments by name, and their text. */
export interface SiblingCall {
  /** The tool's name. */
  readonly name: string;
  /** Each argument, by name. */
  readonly args: ReadonlyMap<string, Argument>;
  /** The arguments' `canonical` text. */
  readonly text: string;
  /** A number of the name and the text: calls alike have the same. */
  readonly key: number;
}

/** A call's arguments read, each with its text; undefined when they are not a JSON object. */
function read(call: ExampleCall): SiblingCall | undefined {
  const value = argumentsValue(call);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const args = new Map<string, Argument>();
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    // The object itself is at depth 1, as in `canonical`.
    const text = canonical(record[key], 2);
    if (text === undefined) return undefined;
    args.set(key, new Argument(record[key], text));
    parts.push(`${JSON.stringify(key)}:${text}`);
  }
  const text = `{${parts.join(",")}}`;
  return { name: call.name, args, text, key: hashText(`${call.name}\u0000${text}`) };
}

/** A list of calls read for {@linkcode isSibling} (`siblingCalls`). */
export class SiblingCalls {
  /** The calls, sorted by name, then by their arguments' text. */
  readonly list: readonly SiblingCall[];
  /** The words of all their values, once read; null when one is too long to keep its words. */
  #words: Set<string> | null | undefined;

  constructor(list: readonly SiblingCall[]) {
    this.list = list;
  }

  /**
   * Whether a value of the calls may hold one of the words of `edited`: a sibling's differing
   * values each hold one, so when none does, no pairing of the calls makes a sibling.
   */
  mayHold(edited: readonly string[]): boolean {
    if (this.#words === undefined) {
      let words: Set<string> | null = new Set<string>();
      for (const call of this.list) {
        for (const arg of call.args.values()) {
          if (arg.text.length > KEPT_VALUE_CHARACTERS) words = null;
          if (words === null) break;
          valueWords(arg.value, words);
        }
      }
      this.#words = words;
    }
    const words = this.#words;
    if (words === null) return true;
    for (const word of edited) if (words.has(word)) return true;
    return false;
  }

  /**
   * Whether a value of the calls may hold one of `words` from `from` to `to`: the words
   * {@linkcode isSibling} takes the edited ones from, so that when none is held, no sibling is.
   */
  mayHoldAny(words: readonly string[], from: number, to: number): boolean {
    if (this.#words === undefined) this.mayHold([]);
    const held = this.#words;
    if (held === null) return true;
    for (let k = from; k < to; k++) if (held!.has(words[k]!)) return true;
    return false;
  }
}

/**
 * A list of calls read for {@linkcode isSibling}, once (a held-out answer is compared with many
 * lines, and a line's turn with many held-out answers): sorted by name, then by their arguments'
 * text; undefined when a call's arguments are not a JSON object (then the line is no sibling).
 *
 * @param calls The calls.
 * @returns The calls read, or undefined.
 */
export function siblingCalls(calls: readonly ExampleCall[]): SiblingCalls | undefined {
  const out: SiblingCall[] = [];
  for (const call of calls) {
    const r = read(call);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return new SiblingCalls(
    out.sort((x, y) =>
      x.name < y.name ? -1 : x.name > y.name ? 1 : x.text < y.text ? -1 : x.text > y.text ? 1 : 0
    ),
  );
}

/**
 * Whether a value's strings, numbers or booleans (object keys are not read) hold one of the words
 * of `edited`: its words are walked one at a time, and the walk stops at the first found (a value of
 * a million words is never held as a set).
 */
function holdsEdited(value: unknown, edited: readonly string[], depth = 0): boolean {
  if (depth > 64 || value === null || value === undefined) return false;
  if (typeof value === "object") {
    for (const v of Object.values(value)) if (holdsEdited(v, edited, depth + 1)) return true;
    return false;
  }
  for (const word of eachWord(normalizeQuery(String(value)))) {
    if (edited.includes(word)) return true;
  }
  return false;
}

/**
 * The words of a value's strings, numbers and booleans, as {@linkcode holdsEdited} reads them:
 * the set it finds a word of `edited` in.
 */
function valueWords(value: unknown, words = new Set<string>(), depth = 0): Set<string> {
  if (depth > 64 || value === null || value === undefined) return words;
  if (typeof value === "object") {
    for (const v of Object.values(value)) valueWords(v, words, depth + 1);
    return words;
  }
  for (const word of eachWord(normalizeQuery(String(value)))) words.add(word);
  return words;
}

/**
 * The words of `a` that `b` holds fewer times (each word once), of the two lists' words from
 * `start` (the words they share before it) to `a.length - end` and `b.length - end` (and after).
 * What is left of a near duplicate is a few words: they are counted by comparing each with each.
 */
function fewer(
  a: readonly string[],
  b: readonly string[],
  start: number,
  end: number,
): string[] {
  const out: string[] = [];
  const aEnd = a.length - end;
  const bEnd = b.length - end;
  if (aEnd - start > FEW_WORDS || bEnd - start > FEW_WORDS) {
    const counts = new Map<string, number>();
    for (let k = start; k < bEnd; k++) counts.set(b[k]!, (counts.get(b[k]!) ?? 0) + 1);
    const seen = new Set<string>();
    for (let k = start; k < aEnd; k++) {
      const word = a[k]!;
      const left = counts.get(word) ?? 0;
      if (left > 0) counts.set(word, left - 1);
      else if (!seen.has(word)) {
        seen.add(word);
        out.push(word);
      }
    }
    return out;
  }
  // Word `k` of `a` is held fewer times by `b` when `b` holds it fewer times than `a` up to `k`.
  for (let k = start; k < aEnd; k++) {
    const word = a[k]!;
    let inA = 0;
    for (let i = start; i <= k; i++) if (a[i] === word) inA++;
    let inB = 0;
    for (let i = start; i < bEnd && inB < inA; i++) if (b[i] === word) inB++;
    if (inB < inA && !out.includes(word)) out.push(word);
  }
  return out;
}

/** How many words left on either side {@linkcode fewer} compares each with each. */
const FEW_WORDS = 16;

/**
 * Whether a training line's calls are a template sibling of the held-out answer: the same tools,
 * called the same number of times with the same argument names, and at least one argument value
 * that differs, each differing value holding a word of the held-out query that the user text
 * holds fewer times (the held-out value), and a word of the user text that the held-out query
 * holds fewer times (the line's value). Anything else (an argument added or removed, another
 * tool, a value changed where the queries agree) is not. Calls given alike on both sides are set
 * aside first; the others are paired by name, then by their arguments' text.
 *
 * @param held The held-out query's words, and its answer's calls read by {@linkcode siblingCalls}.
 * @param turn The user text's words, and the line's calls for the turn, read alike.
 * @param same Whether word `i` of the held-out query is word `j` of the user text, when the
 *   caller has a faster way to tell than comparing the strings (their numbers).
 * @param shared How many words the two share at the start and at the end, when the caller knows
 *   (`TemplateEnds`): then they are not compared again.
 * @returns Whether the line is a sibling.
 */
export function isSibling(
  held: { readonly words: readonly string[]; readonly calls: SiblingCalls | undefined },
  turn: { readonly words: readonly string[]; readonly calls: SiblingCalls | undefined },
  same: (i: number, j: number) => boolean = (i, j) => held.words[i] === turn.words[j],
  shared?: SharedEnds,
): boolean {
  if (held.calls === undefined || turn.calls === undefined) return false;
  const all = held.calls.list;
  const other = turn.calls.list;
  const n = all.length;
  if (n === 0 || n !== other.length) return false;
  // The words the two share at the start and at the end are in both counts alike: set aside.
  const h = held.words;
  const w = turn.words;
  let start = 0;
  let end = 0;
  if (shared !== undefined) {
    start = shared.start;
    end = Math.min(shared.end, h.length - start, w.length - start);
  } else {
    while (start < h.length && start < w.length && same(start, start)) start++;
    while (
      end < h.length - start && end < w.length - start &&
      same(h.length - 1 - end, w.length - 1 - end)
    ) end++;
  }
  // A differing value must hold a word of each: with none on one side (no word, or no value that
  // may hold one), no line is a sibling. The held-out words it may hold are among those left
  // between the shared ends: when no value holds one of them, none holds an edited one.
  if (!held.calls.mayHoldAny(h, start, h.length - end)) return false;
  const heldWords = fewer(h, w, start, end);
  if (heldWords.length === 0 || !held.calls.mayHold(heldWords)) return false;
  const turnWords = fewer(w, h, start, end);
  if (turnWords.length === 0 || !turn.calls.mayHold(turnWords)) return false;
  // Calls given alike on both sides are set aside; the others are paired in order.
  let a: readonly SiblingCall[] = all;
  let b: readonly SiblingCall[] = other;
  if (n > 1 || (all[0]!.key === other[0]!.key && all[0]!.text === other[0]!.text)) {
    const left = [...other];
    a = all.filter((x) => {
      const k = left.findIndex((y) => y.key === x.key && y.name === x.name && y.text === x.text);
      if (k < 0) return true;
      left.splice(k, 1);
      return false;
    });
    b = left;
  }
  if (a.length === 0) return false;
  let differing = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x.name !== y.name || x.args.size !== y.args.size) return false;
    for (const [key, u] of x.args) {
      const v = y.args.get(key);
      if (v === undefined) return false;
      if (u.text === v.text) continue;
      differing++;
      if (!u.holds(heldWords)) return false;
      if (!v.holds(turnWords)) return false;
    }
  }
  return differing > 0;
}
