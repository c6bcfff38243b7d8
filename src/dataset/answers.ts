/**
 * A row's answers: the calls it expects, read from its parsed `answers` string.
 *
 * @module
 */

import { isJsonObject, type JsonValue } from "../json/json_value.ts";
import type { AnswerCall } from "./item.ts";

/**
 * Reads a row's parsed `answers`: an array of objects, each with exactly a `name` string and an
 * `arguments` object.
 *
 * @param value The row's `answers`, parsed with the strict reader.
 * @param refuse Called with the reason when the value is not in that shape; it throws.
 * @returns The calls, in the row's order.
 *
 * @example
 * ```ts
 * import { readAnswers } from "./answers.ts";
 * import { parseJson } from "../json/strict_json.ts";
 * import assert from "node:assert/strict";
 *
 * const refuse = (reason: string): never => {
 *   throw new Error(reason);
 * };
 * const [call] = readAnswers(parseJson('[{"name": "f", "arguments": {"x": 1}}]'), refuse);
 * assert.equal(call!.name, "f");
 * assert.throws(() => readAnswers(parseJson('[{"name": "f"}]'), refuse), /no arguments object/);
 * ```
 */
export function readAnswers(value: JsonValue, refuse: (reason: string) => never): AnswerCall[] {
  if (!Array.isArray(value)) refuse("answers is not a JSON array");
  const out: AnswerCall[] = [];
  const list = value as readonly JsonValue[];
  for (let i = 0; i < list.length; i++) {
    const call = list[i]!;
    if (!isJsonObject(call)) refuse(`answer ${i} is not a JSON object`);
    const c = call as ReadonlyMap<string, JsonValue>;
    const name = c.get("name");
    const args = c.get("arguments");
    if (typeof name !== "string") refuse(`answer ${i} has no name string`);
    if (args === undefined || !isJsonObject(args)) refuse(`answer ${i} has no arguments object`);
    for (const key of c.keys()) {
      if (key !== "name" && key !== "arguments") {
        refuse(`answer ${i} has an unknown member ${JSON.stringify(key)}`);
      }
    }
    out.push({ name: name as string, arguments: args! });
  }
  return out;
}
