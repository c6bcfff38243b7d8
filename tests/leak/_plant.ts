/**
 * What the recall tests (tests/leak/edits_test.ts) and the measurement of reference/leak.md's
 * figures (tests/bench/leak_counts.ts) plant into a training file: chat lines, each kind of edit the
 * near-duplicate rule promises, and template siblings of a held-out item.
 *
 * @module
 */

import type { Item } from "../../src/dataset/item.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { normalizeQuery, queryWords } from "../../src/leak/normalize.ts";

/** A call as a chat line writes it. */
export type Call = { readonly name: string; readonly arguments: string };

/** A chat line asking `query` and answering with `calls` (no assistant message when none). */
export function chat(query: string, calls: readonly Call[]): string {
  const assistant = calls.length === 0 ? [] : [{
    role: "assistant",
    tool_calls: calls.map((c) => ({ type: "function", function: c })),
  }];
  return JSON.stringify({ messages: [{ role: "user", content: query }, ...assistant] });
}

/** An item's answer as calls, arguments as JSON text. */
export function callsOf(item: Item): Call[] {
  return item.answers.map((a) => ({ name: a.name, arguments: stringifyJson(a.arguments) }));
}

/** The held-out answer with an argument added to its first call. */
export function withArgumentAdded(item: Item): Call[] {
  return callsOf(item).map((c, k) =>
    k > 0 ? c : { ...c, arguments: JSON.stringify({ ...JSON.parse(c.arguments), verbose: true }) }
  );
}

/** A query's words, as the rule reads them (`queryWords` of its normal form). */
export function words(query: string): string[] {
  return queryWords(normalizeQuery(query));
}

/** Where two neighbouring words differ, near the middle (where the query's words do). */
function swapPlace(words: readonly string[]): number {
  for (let k = words.length >> 1; k + 1 < words.length; k++) {
    if (words[k] !== words[k + 1]) return k;
  }
  return 0;
}

/** A kind of edit: how it changes a query, and the edits the rule counts. */
export interface Edit {
  readonly name: string;
  readonly edit: (query: string) => string;
  readonly edits: number;
  readonly added: number;
  /** Whether it takes two edits, which only a query of 16 words or more allows. */
  readonly two?: true;
}

/** An edit of the query's words (as the rule reads them), joined by spaces. */
function onWords(edit: (w: string[]) => string[]): (query: string) => string {
  return (query) => edit(words(query)).join(" ");
}

/** Each kind of edit of the words. */
export const WORD_EDITS: readonly Edit[] = [
  {
    name: "one word replaced",
    edit: onWords((w) => w.with(w.length >> 1, "zebra")),
    edits: 1,
    added: 0,
  },
  {
    name: "one word inserted",
    edit: onWords((w) => w.toSpliced(w.length >> 1, 0, "really")),
    edits: 1,
    added: 0,
  },
  {
    name: "one word deleted",
    edit: onWords((w) => w.toSpliced(w.length >> 1, 1)),
    edits: 1,
    added: 0,
  },
  {
    name: "two neighbouring words swapped",
    edit: onWords((w) => {
      const k = swapPlace(w);
      return w.with(k, w[k + 1]!).with(k + 1, w[k]!);
    }),
    edits: 1,
    added: 0,
  },
  {
    name: "case, spacing and punctuation between words changed",
    edit: onWords((w) => [w.map((x) => x.toUpperCase() + ",").join("  ") + " ?!"]),
    edits: 0,
    added: 0,
  },
  {
    name: "a short sentence added at the start",
    edit: (q) => `Quick question for you. ${q}`,
    edits: 1,
    added: 4,
  },
  {
    name: "a short sentence added at the end",
    edit: (q) => `${q} Thanks a lot in advance!`,
    edits: 1,
    added: 5,
  },
  {
    name: "two edits: a word replaced, another inserted",
    edit: onWords((w) => w.with(1, "zebra").toSpliced(w.length - 1, 0, "really")),
    edits: 2,
    added: 0,
    two: true,
  },
  {
    name: "a sentence added and a word replaced",
    edit: onWords((w) => [...w.with(2, "zebra"), "Thanks a lot!"]),
    edits: 2,
    added: 3,
    two: true,
  },
];

/**
 * Each kind of punctuation change inside the words of the original query text (not of the rule's
 * words): none is an edit.
 */
export const PUNCTUATION_EDITS: readonly Edit[] = [
  {
    name: "apostrophes dropped",
    edit: (q) => q.replace(/(?<=\p{L})['’](?=\p{L})/gu, ""),
    edits: 0,
    added: 0,
  },
  {
    name: "apostrophes typeset",
    edit: (q) => q.replace(/(?<=\p{L})'(?=\p{L})/gu, "’"),
    edits: 0,
    added: 0,
  },
  {
    name: "hyphens dropped",
    edit: (q) => q.replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, ""),
    edits: 0,
    added: 0,
  },
  {
    name: "every ' ’ - . , / between letters or digits dropped",
    edit: (q) => q.replace(/(?<=[\p{L}\p{N}])['’\-.,/](?=[\p{L}\p{N}])/gu, ""),
    edits: 0,
    added: 0,
  },
  {
    // lm-evaluation-harness's decontamination normalisation (it lower-cases too, which is no
    // edit): `f(x) = x^2` is `fx  x2`.
    name: "every character but letters, digits and spaces deleted",
    edit: (q) => q.replace(/[^\p{L}\p{M}\p{N}\s]/gu, ""),
    edits: 0,
    added: 0,
  },
];

/**
 * A template sibling of a held-out item: a word of its query that is, alone, the string value of
 * an argument, replaced in both by `word`. Undefined when the item has no such value.
 */
export function sibling(item: Item, word: string): { query: string; calls: Call[] } | undefined {
  const query = item.query.split(" ");
  const calls = callsOf(item).map((c) => ({ ...c, arguments: JSON.parse(c.arguments) }));
  for (const call of calls) {
    for (const [key, value] of Object.entries(call.arguments as Record<string, unknown>)) {
      if (typeof value !== "string" || !/^\p{L}+$/u.test(value)) continue;
      const at = query.findIndex((w) => w.replace(/[?.!,]$/, "") === value);
      if (at < 0) continue;
      call.arguments[key] = word;
      query[at] = query[at]!.replace(value, word);
      return {
        query: query.join(" "),
        calls: calls.map((c) => ({ name: c.name, arguments: JSON.stringify(c.arguments) })),
      };
    }
  }
  return undefined;
}
