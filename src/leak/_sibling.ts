/**
 * Template siblings: a training line whose query is a near duplicate of a held-out query, and
 * whose answer differs from the held-out answer only where the queries differ ("… in Paris …"
 * answered `{"city": "Paris"}`, "… in Tokyo …" answered `{"city": "Tokyo"}`). Such a line is
 * another item made from the same template, not the held-out item.
 *
 * @module
 */

import type { ExampleCall } from "./_examples.ts";
import { canonical, readArguments } from "./_held_out_index.ts";
import { normalizeQuery, queryWords } from "./normalize.ts";

/** A call with its arguments read: an object, by key; undefined when they are not an object. */
interface ReadCall {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly text: string;
}

function read(call: ExampleCall): ReadCall | undefined {
  const args = readArguments(call);
  if (args === undefined) return undefined;
  const value = args.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return { name: call.name, args: value as Record<string, unknown>, text: args.text };
}

/** The words of a value's strings, numbers and booleans (object keys are not read). */
function valueWords(value: unknown, into: Set<string>, depth = 0): Set<string> {
  if (depth > 64 || value === null || value === undefined) return into;
  if (typeof value === "object") {
    for (const v of Object.values(value)) valueWords(v, into, depth + 1);
  } else {
    for (const word of queryWords(normalizeQuery(String(value)))) into.add(word);
  }
  return into;
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

function meets(words: ReadonlySet<string>, edited: ReadonlySet<string>): boolean {
  for (const word of words) if (edited.has(word)) return true;
  return false;
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
 * @param held The held-out query's words, and its answer's calls.
 * @param turn The user text's words, and the line's calls for the turn.
 * @returns Whether the line is a sibling.
 */
export function isSibling(
  held: { readonly words: readonly string[]; readonly calls: readonly ExampleCall[] },
  turn: { readonly words: readonly string[]; readonly calls: readonly ExampleCall[] },
): boolean {
  if (held.calls.length === 0 || held.calls.length !== turn.calls.length) return false;
  const order = (calls: readonly ExampleCall[]) => {
    const out: ReadCall[] = [];
    for (const call of calls) {
      const r = read(call);
      if (r === undefined) return undefined;
      out.push(r);
    }
    return out.sort((x, y) =>
      x.name < y.name ? -1 : x.name > y.name ? 1 : x.text < y.text ? -1 : x.text > y.text ? 1 : 0
    );
  };
  const all = order(held.calls);
  const other = order(turn.calls);
  if (all === undefined || other === undefined) return false;
  // Calls given alike on both sides are set aside; the others are paired in order.
  const b = [...other];
  const a = all.filter((x) => {
    const k = b.findIndex((y) => y.name === x.name && y.text === x.text);
    if (k < 0) return true;
    b.splice(k, 1);
    return false;
  });
  const heldWords = fewer(held.words, turn.words);
  const turnWords = fewer(turn.words, held.words);
  let differing = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x.name !== y.name) return false;
    const keys = Object.keys(x.args);
    if (keys.length !== Object.keys(y.args).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y.args, key)) return false;
      const u = x.args[key];
      const v = y.args[key];
      if (canonical(u) === canonical(v)) continue;
      differing++;
      if (!meets(valueWords(u, new Set()), heldWords)) return false;
      if (!meets(valueWords(v, new Set()), turnWords)) return false;
    }
  }
  return differing > 0;
}
