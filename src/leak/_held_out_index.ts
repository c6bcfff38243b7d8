/**
 * The held-out items, indexed for the leak check: by normal form, by shingle, and by answer. All
 * of it is what memory holds besides one line of the training file.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import { stringifyJson } from "../json/stringify.ts";
import type { ExampleCall } from "./_examples.ts";
import { normalizeQuery, shingles } from "./normalize.ts";

/** A value as text in which objects' keys are sorted: equal for values `JSON.parse` made equal. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const record = value as Record<string, unknown>;
  return `{${
    Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(",")
  }}`;
}

/**
 * The key of a list of calls under which equal answers meet: each call's name and arguments, read
 * by `JSON.parse`, objects' keys sorted, the calls sorted. Calls the scorer finds equal (the same
 * tools, arguments equal as exact decimals, in any order) have equal keys; calls with equal keys
 * may still differ (numbers past double precision), so the scorer decides. Undefined when an
 * argument text is not JSON (no answer equals it).
 */
export function answerKey(calls: readonly ExampleCall[]): string | undefined {
  const parts: string[] = [];
  for (const call of calls) {
    let args = call.arguments;
    if (typeof args === "string") {
      try {
        args = JSON.parse(args);
      } catch {
        return undefined;
      }
    }
    parts.push(`${JSON.stringify(call.name)}${canonical(args)}`);
  }
  return parts.sort().join("\n");
}

/** The names of a list of calls, sorted: equal answers have equal name keys. */
export function namesKey(calls: readonly { readonly name: string }[]): string {
  return calls.length === 1 ? calls[0]!.name : calls.map((c) => c.name).sort().join("\u0000");
}

function add<K>(map: Map<K, number[]>, key: K, position: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/** The held-out items and their indexes; a position is an item's place in `items`. */
export class HeldOutIndex {
  /** The held-out items. */
  readonly items: readonly Item[];
  /** Normal form of the query → positions. */
  readonly exact: Map<string, number[]> = new Map();
  /** Shingle → positions of the items whose query holds it. */
  readonly postings: Map<string, number[]> = new Map();
  /** Each item's shingles, as a set. */
  readonly shingleSets: readonly Set<string>[];
  /** Names key → positions of the items whose answer has at least one call. */
  readonly byNames: Map<string, number[]> = new Map();
  /** Each item's answer key (`""` for an answer without a call). */
  readonly answerKeys: readonly (string | undefined)[];

  constructor(items: readonly Item[]) {
    this.items = items;
    const sets: Set<string>[] = [];
    const keys: (string | undefined)[] = [];
    for (let p = 0; p < items.length; p++) {
      const item = items[p]!;
      const normal = normalizeQuery(item.query);
      add(this.exact, normal, p);
      const set = new Set(shingles(normal));
      sets.push(set);
      for (const s of set) add(this.postings, s, p);
      const calls = item.answers.map((a) => ({
        name: a.name,
        arguments: stringifyJson(a.arguments),
      }));
      keys.push(answerKey(calls));
      if (calls.length > 0) add(this.byNames, namesKey(calls), p);
    }
    this.shingleSets = sets;
    this.answerKeys = keys;
  }
}
