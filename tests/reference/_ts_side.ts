/**
 * The TypeScript side of the differential test: the same cases, through the project's own scorer,
 * type-word conversion and split.
 *
 * @module
 */

import type { JsonValue } from "../../src/json/json_value.ts";
import { isJsonObject } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import type { AnswerCall, Item } from "../../src/dataset/item.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import type { ScoreCase } from "./_cases.ts";

/** The answer calls of a row's `answers` string, read the way the dataset reads them. */
export function answerCalls(answers: string): AnswerCall[] {
  const value = parseJson(answers);
  if (!Array.isArray(value)) throw new Error("answers is not an array");
  return value.map((call: JsonValue) => {
    if (!isJsonObject(call)) throw new Error("an answer call is not an object");
    const name = call.get("name");
    const args = call.get("arguments");
    if (typeof name !== "string" || args === undefined) throw new Error("not a call");
    return { name, arguments: args };
  });
}

/** The reason the TypeScript scorer gives for a case (`error: …` when it throws). */
export function tsReason(c: ScoreCase): string {
  const scorer = lookupScorer("xlam-tool-call");
  if (scorer === undefined) throw new Error("xlam-tool-call is not registered");
  const item: Item = { id: 0, index: 0, query: "", tools: [], answers: answerCalls(c.answers) };
  try {
    const verdict = scorer.score(item, c.reply, {
      ordering: c.ordering,
      ...(c.toolCallParser === undefined ? {} : { toolCallParser: c.toolCallParser }),
    });
    return verdict.reason;
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
}
