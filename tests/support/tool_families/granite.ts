/**
 * The Granite 3 family (`--tool-call-parser granite`): the calls as one JSON list, after
 * `<|tool_call|>` (Granite 3.0) or the string `<tool_call>` (Granite 3.1), with nothing before
 * them. The emulator writes Granite 3.1's form.
 *
 * `extract` ports `GraniteToolParser.extract_tool_calls` of `vllm/tool_parsers/granite_tool_parser.py`
 * (vllm-project/vllm at `400ffd7655ff746cbcd3b9b3f44d97c02f5f3503`): the text, stripped, less a
 * leading `<|tool_call|>`, then less a leading `<tool_call>`, then less leading whitespace, must
 * start with `[` (else no calls, the text as content); it is `json.loads`ed as a list of
 * `{name, arguments}`, arguments dumped with `ensure_ascii=False`, no content. Any failure: no
 * calls, the whole text. So a reply cannot hold text beside its calls.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonLoads, type PyValue } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { dropLastBrace, jsonCallList, jsonObjectCall, pyLstrip, pyStrip } from "./_markup.ts";

const BOT_TOKEN = "<|tool_call|>";
const BOT_STRING = "<tool_call>";

/** Python's `str.removeprefix`. */
function removePrefix(s: string, prefix: string): string {
  return s.startsWith(prefix) ? s.slice(prefix.length) : s;
}

/**
 * A port of vLLM's `GraniteToolParser.extract_tool_calls` (non-streaming).
 *
 * @param text The model's text, as vLLM detokenized it.
 * @returns What the parser returns.
 *
 * @example
 * ```ts
 * import { extractGranite } from "./granite.ts";
 * import assert from "node:assert/strict";
 *
 * const r = extractGranite('<tool_call>[{"name": "f", "arguments": {"x": 1}}]');
 * assert.deepEqual(r, { toolsCalled: true, calls: [{ name: "f", arguments: '{"x": 1}' }], content: null });
 * assert.equal(extractGranite('Sure. <tool_call>[]').content, "Sure. <tool_call>[]");
 * ```
 */
export function extractGranite(text: string): FamilyParse {
  const whole: FamilyParse = { toolsCalled: false, calls: [], content: text };
  const stripped = pyLstrip(removePrefix(removePrefix(pyStrip(text), BOT_TOKEN), BOT_STRING));
  if (!stripped.startsWith("[")) return whole;
  try {
    const list = pyJsonLoads(stripped);
    if (!Array.isArray(list)) return whole;
    const calls: ParsedCall[] = [];
    for (const call of list as readonly PyValue[]) {
      // function_call["name"] and ["arguments"]: a KeyError or TypeError is caught.
      const read = jsonObjectCall(call);
      if (read === undefined) return whole;
      calls.push(read);
    }
    return { toolsCalled: true, calls, content: null };
  } catch {
    return whole;
  }
}

/** The Granite 3.1 family: `<tool_call>[…]`; content beside calls is not written. */
export const granite: ToolFamily = {
  parser: "granite",
  parallel: true,
  write: (calls: readonly Call[]): string => `${BOT_STRING}${jsonCallList(calls)}`,
  undecodable: (calls: readonly Call[], u: number): string => {
    const list = jsonCallList(calls);
    // The closing bracket missing; a brace missing; the arguments' key wrong.
    if (u < 1 / 3) return `${BOT_STRING}${list.slice(0, -1)}`;
    if (u < 2 / 3) return `${BOT_STRING}${dropLastBrace(list)}`;
    return `${BOT_STRING}${jsonCallList(calls, "parameters")}`;
  },
  extract: extractGranite,
};
