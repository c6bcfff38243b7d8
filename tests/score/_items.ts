// Items and replies for the scorer tests, written as the dataset writes them.

import type { AnswerCall, Item } from "../../src/dataset/item.ts";
import { isJsonObject, type JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import type { Reply } from "../../src/score/scorer.ts";

/** An item whose answer is the JSON text of a list of calls, as a dataset row's `answers`. */
export function itemOf(answers: string, id = 1): Item {
  const list = parseJson(answers) as JsonValue[];
  const calls: AnswerCall[] = list.map((c) => {
    if (!isJsonObject(c)) throw new Error("not a call");
    return { name: c.get("name") as string, arguments: c.get("arguments")! };
  });
  return { id, index: id, query: "", tools: [], answers: calls };
}

/** A reply with calls given as [name, arguments text] pairs. */
export function replyOf(
  calls: readonly (readonly [string, string])[],
  text = "",
  truncated = false,
): Reply {
  return { text, calls: calls.map(([name, args]) => ({ name, arguments: args })), truncated };
}
