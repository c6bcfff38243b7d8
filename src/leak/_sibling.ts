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
import { eachWord, normalizeQuery } from "./normalize.ts";

/** An argument of a call: its value, read by `JSON.parse`, and its `canonical` text. */
interface Argument {
  readonly value: unknown;
  readonly text: string;
}

/** A call as the sibling check reads it: its name, its arguments by name, and their text. */
export interface SiblingCall {
  /** The tool's name. */
  readonly name: string;
  /** Each argument, by name. */
  readonly args: ReadonlyMap<string, Argument>;
  /** The arguments' `canonical` text. */
  readonly text: string;
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
    args.set(key, { value: record[key], text });
    parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return { name: call.name, args, text: `{${parts.join(",")}}` };
}

/**
 * A list of calls read for {@linkcode isSibling}, once (a held-out answer is compared with many
 * lines, and a line's turn with many held-out answers): sorted by name, then by their arguments'
 * text; undefined when a call's arguments are not a JSON object (then the line is no sibling).
 *
 * @param calls The calls.
 * @returns The calls read, or undefined.
 */
export function siblingCalls(calls: readonly ExampleCall[]): readonly SiblingCall[] | undefined {
  const out: SiblingCall[] = [];
  for (const call of calls) {
    const r = read(call);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return out.sort((x, y) =>
    x.name < y.name ? -1 : x.name > y.name ? 1 : x.text < y.text ? -1 : x.text > y.text ? 1 : 0
  );
}

/**
 * Whether a value's strings, numbers or booleans (object keys are not read) hold one of the words
 * of `edited`: its words are walked one at a time, and the walk stops at the first found (a value of
 * a million words is never held as a set).
 */
function holdsEdited(value: unknown, edited: ReadonlySet<string>, depth = 0): boolean {
  if (depth > 64 || value === null || value === undefined) return false;
  if (typeof value === "object") {
    for (const v of Object.values(value)) if (holdsEdited(v, edited, depth + 1)) return true;
    return false;
  }
  for (const word of eachWord(normalizeQuery(String(value)))) if (edited.has(word)) return true;
  return false;
}

/** The words of `a` that `b` holds fewer times (each word once). */
function fewer(a: readonly string[], b: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const word of b) counts.set(word, (counts.get(word) ?? 0) + 1);
  const out = new Set<string>();
  for (const word of a) {
    const left = counts.get(word) ?? 0;
    if (left === 0) out.add(word);
    else counts.set(word, left - 1);
  }
  return out;
}

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
 * @returns Whether the line is a sibling.
 */
export function isSibling(
  held: { readonly words: readonly string[]; readonly calls: readonly SiblingCall[] | undefined },
  turn: { readonly words: readonly string[]; readonly calls: readonly SiblingCall[] | undefined },
): boolean {
  const all = held.calls;
  const other = turn.calls;
  if (all === undefined || other === undefined) return false;
  if (all.length === 0 || all.length !== other.length) return false;
  // Calls given alike on both sides are set aside; the others are paired in order.
  const b = [...other];
  const a = all.filter((x) => {
    const k = b.findIndex((y) => y.name === x.name && y.text === x.text);
    if (k < 0) return true;
    b.splice(k, 1);
    return false;
  });
  if (a.length === 0) return false;
  const heldWords = fewer(held.words, turn.words);
  const turnWords = fewer(turn.words, held.words);
  // A differing value must hold a word of each: with none on one side, no line is a sibling.
  if (heldWords.size === 0 || turnWords.size === 0) return false;
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
      if (!holdsEdited(u.value, heldWords)) return false;
      if (!holdsEdited(v.value, turnWords)) return false;
    }
  }
  return differing > 0;
}
