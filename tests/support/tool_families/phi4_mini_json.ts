/**
 * The Phi-4-mini family (`--tool-call-parser phi4_mini_json`): the calls as
 * `functools[{"name": …, "arguments": …}, …]`.
 *
 * `extract` ports `Phi4MiniJsonToolParser.extract_tool_calls` of
 * `vllm/tool_parsers/phi4mini_tool_parser.py` (vllm-project/vllm at
 * `9dc4946457fb6963f05e08b04382013a745cad8a`): the first `functools\[(.*?)\]` (across lines, up
 * to the first `]`, even one inside the arguments); none: no calls, the text as content. The
 * match, in brackets, is `json.loads`ed; when that fails the parser logs it and goes on with no
 * calls: `tools_called` true, no calls, no content. Each call takes `name` and `arguments` (else
 * `parameters`), dumped with `ensure_ascii=False`; a key missing: no calls, the whole text. The
 * content is always null when calls are found (text before them is dropped).
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonLoads, type PyValue } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { dropLastBrace, jsonCall, jsonObjectCall } from "./_markup.ts";

const CALLS = /functools\[([\s\S]*?)\]/;

/**
 * A port of vLLM's `Phi4MiniJsonToolParser.extract_tool_calls` (non-streaming).
 *
 * @param text The model's text, as vLLM detokenized it.
 * @returns What the parser returns.
 *
 * @example
 * ```ts
 * import { extractPhi4Mini } from "./phi4_mini_json.ts";
 * import assert from "node:assert/strict";
 *
 * const r = extractPhi4Mini('functools[{"name": "f", "arguments": {"x": 1}}]');
 * assert.deepEqual(r, { toolsCalled: true, calls: [{ name: "f", arguments: '{"x": 1}' }], content: null });
 * // A list in the arguments ends the match early: the JSON fails, and nothing is returned.
 * assert.deepEqual(extractPhi4Mini('functools[{"name": "f", "arguments": {"x": [1]}}]'), { toolsCalled: true, calls: [], content: null });
 * ```
 */
export function extractPhi4Mini(text: string): FamilyParse {
  const whole: FamilyParse = { toolsCalled: false, calls: [], content: text };
  const m = CALLS.exec(text);
  if (m === null) return whole;
  let list: PyValue = [];
  try {
    list = pyJsonLoads(`[${m[1]}]`);
  } catch {
    // json.JSONDecodeError is logged; the calls stay [].
  }
  const calls: ParsedCall[] = [];
  for (const call of list as readonly PyValue[]) {
    // raw_function_call["name"], then ["arguments"] or ["parameters"]: a miss is caught.
    const read = jsonObjectCall(call, ["arguments", "parameters"]);
    if (read === undefined) return whole;
    calls.push(read);
  }
  return { toolsCalled: true, calls, content: null };
}

/** The Phi-4-mini family: `functools[{…}, …]`. */
export const phi4MiniJson: ToolFamily = {
  parser: "phi4_mini_json",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content === undefined ? "" : `${content} `) +
    `functools[${calls.map((c) => jsonCall(c)).join(", ")}]`,
  undecodable: (calls: readonly Call[], u: number): string => {
    const inner = calls.map((c) => jsonCall(c)).join(", ");
    // A brace missing (the JSON fails: vLLM returns nothing); the name's key wrong; the
    // arguments' key wrong (both: the whole text).
    if (u < 1 / 3) return `functools[${dropLastBrace(inner)}]`;
    if (u < 2 / 3) return `functools[${inner.replaceAll('"name"', '"function"')}]`;
    return `functools[${calls.map((c) => jsonCall(c, "args")).join(", ")}]`;
  },
  extract: extractPhi4Mini,
};
