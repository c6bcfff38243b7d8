/**
 * When two replies make the same calls by `xlam-tool-call`'s equality, as one text per class: the
 * report uses it to find items where every model gave the same wrong answer.
 *
 * @module
 */

import { canonicalJson } from "../json/canonical.ts";
import { isJsonObject, type JsonValue } from "../json/json_value.ts";
import { JsonSyntaxError, parseJson } from "../json/strict_json.ts";
import type { Ordering, ReplyCall } from "./scorer.ts";

/**
 * A text that two lists of calls share exactly when they are equal by `xlam-tool-call`'s equality:
 * the same tools, each with arguments equal by `jsonEqual`, in any order under `ordering: any`
 * (as multisets) and in the same order under `strict`. `null` when a call's arguments are not one
 * strict JSON object: such calls are equal to nothing (the scorer cannot compare them either).
 *
 * Equal texts mean that a reply with either list is scored `match` against an answer made of the
 * other (a property test holds the two together).
 *
 * @param calls A reply's calls.
 * @param ordering `scorer.ordering`.
 * @returns The text, or `null`.
 *
 * @example
 * ```ts
 * import { callsKey } from "./same_calls.ts";
 * import assert from "node:assert/strict";
 *
 * const a = [{ name: "f", arguments: '{"x": 5, "y": 1}' }, { name: "g", arguments: "{}" }];
 * const b = [{ name: "g", arguments: "{ }" }, { name: "f", arguments: '{"y": 1, "x": 5.0}' }];
 * assert.equal(callsKey(a, "any"), callsKey(b, "any"));
 * assert.notEqual(callsKey(a, "strict"), callsKey(b, "strict"));
 * assert.equal(callsKey([{ name: "f", arguments: "{x:" }], "any"), null);
 * ```
 */
export function callsKey(calls: readonly ReplyCall[], ordering: Ordering): string | null {
  const texts: string[] = [];
  for (const call of calls) {
    let value: JsonValue;
    try {
      value = parseJson(call.arguments);
    } catch (error) {
      if (error instanceof JsonSyntaxError) return null;
      throw error;
    }
    if (!isJsonObject(value)) return null;
    texts.push(JSON.stringify(call.name) + ":" + canonicalJson(value));
  }
  if (ordering === "any") texts.sort();
  return texts.join("\n");
}
