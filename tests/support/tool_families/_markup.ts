/**
 * Pieces the families' markups and ports share: a call as a JSON object (written, and read back
 * as the JSON parsers read it), a JSON object's test, Python's `str.strip`, and the slips a model
 * makes in JSON.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, type PyValue, writeAsWritten } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";

/**
 * A call as the JSON object most families write: `{"name": …, "<argsKey>": …}`, with Python's
 * separators and numbers as written.
 *
 * @param c The call.
 * @param argsKey The key of its arguments; default `arguments`.
 * @returns The JSON text.
 */
export function jsonCall(c: Call, argsKey = "arguments"): string {
  return `{"name": ${JSON.stringify(c.name)}, "${argsKey}": ${writeAsWritten(c.args)}}`;
}

/** The calls as a JSON list of {@linkcode jsonCall} objects. */
export function jsonCallList(calls: readonly Call[], argsKey = "arguments"): string {
  return `[${calls.map((c) => jsonCall(c, argsKey)).join(", ")}]`;
}

/**
 * A decoded JSON object as a call, as the JSON families' parsers read one: its `name`, a string,
 * and the first of `argsKeys` it has (`arguments`, or `arguments` then `parameters`), dumped by
 * `json.dumps(…, ensure_ascii=False)`; `undefined` where the parser fails on it (not an object, a
 * key missing: a `TypeError` or `KeyError`; a name that is no string: `FunctionCall` refuses it),
 * which every such parser catches to return no calls and the whole text.
 *
 * @param value The decoded value.
 * @param argsKeys The keys of the arguments, in the order the parser tries them.
 * @returns The call, or `undefined`.
 *
 * @example
 * ```ts
 * import { jsonObjectCall } from "./_markup.ts";
 * import { pyJsonLoads } from "../python_json.ts";
 * import assert from "node:assert/strict";
 *
 * const read = (text: string) => jsonObjectCall(pyJsonLoads(text), ["arguments", "parameters"]);
 * assert.deepEqual(read('{"name": "f", "parameters": {"x": 1.0}}'), { name: "f", arguments: '{"x": 1.0}' });
 * assert.equal(read('{"name": 3, "arguments": {}}'), undefined);
 * assert.equal(read('{"name": "f", "args": {}}'), undefined);
 * ```
 */
export function jsonObjectCall(
  value: PyValue,
  argsKeys: readonly string[] = ["arguments"],
): ParsedCall | undefined {
  if (!(value instanceof Map) || !value.has("name")) return undefined;
  const key = argsKeys.find((k) => value.has(k));
  const name = value.get("name");
  if (key === undefined || typeof name !== "string") return undefined;
  return { name, arguments: pyJsonDumps(value.get(key)!) };
}

/** Whether a value is a JSON object (not null, not an array). */
export const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A character class of Python's whitespace (`str.isspace`; `\s` in a `str` pattern). */
export const PY_SPACE: string =
  "[\\t\\n\\u000b\\f\\r \\u001c-\\u001f\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const LEADING = new RegExp(`^${PY_SPACE}+`, "u");
const TRAILING = new RegExp(`${PY_SPACE}+$`, "u");

/**
 * Python's `str.strip()` (no argument): whitespace as `str.isspace` has it removed at both ends.
 *
 * @param s The text.
 * @returns The text stripped.
 */
export function pyStrip(s: string): string {
  return s.replace(LEADING, "").replace(TRAILING, "");
}

/** Python's `str.lstrip()`. */
export function pyLstrip(s: string): string {
  return s.replace(LEADING, "");
}

/** The text with its last closing brace removed: the slip of a model that stops one short. */
export function dropLastBrace(text: string): string {
  const i = text.lastIndexOf("}");
  return i < 0 ? text : text.slice(0, i) + text.slice(i + 1);
}
