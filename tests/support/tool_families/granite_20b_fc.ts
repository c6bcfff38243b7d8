/**
 * The granite-20b-functioncalling family (`--tool-call-parser granite-20b-fc`): each call is
 * `<function_call> {"name": …, "arguments": …}`, after any text.
 *
 * `extract` ports `Granite20bFCToolParser.extract_tool_calls` of
 * `vllm/tool_parsers/granite_20b_fc_tool_parser.py` (vllm-project/vllm at
 * `443641cd5f219a76c103cc9d923a0b9df0d6e01c`): no `<function_call>`, no calls and the text as
 * content; else after each `<function_call>` and the whitespace after it, up to the next one, a
 * `json.JSONDecoder().raw_decode` (anything may follow the object), each a call from `name` and
 * `arguments` (dumped with `ensure_ascii=False`), the content being the text before the first
 * marker (null when empty). Any failure: no calls, the whole text.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonRawDecode } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { dropLastBrace, jsonCall, jsonObjectCall, PY_SPACE } from "./_markup.ts";

const BOT = "<function_call>";
/** `<function_call>\s*`, with Python's `\s` (what `str.isspace` holds). */
const START = new RegExp(`<function_call>${PY_SPACE}*`, "g");

/**
 * A port of vLLM's `Granite20bFCToolParser.extract_tool_calls` (non-streaming).
 *
 * @param text The model's text, as vLLM detokenized it.
 * @returns What the parser returns.
 *
 * @example
 * ```ts
 * import { extractGranite20bFc } from "./granite_20b_fc.ts";
 * import assert from "node:assert/strict";
 *
 * const r = extractGranite20bFc('Sure. <function_call> {"name": "f", "arguments": {}}');
 * assert.deepEqual(r, { toolsCalled: true, calls: [{ name: "f", arguments: "{}" }], content: "Sure. " });
 * ```
 */
export function extractGranite20bFc(text: string): FamilyParse {
  const whole: FamilyParse = { toolsCalled: false, calls: [], content: text };
  if (!text.includes(BOT)) return whole;
  const matches = [...text.matchAll(START)];
  const calls: ParsedCall[] = [];
  try {
    for (let i = 0; i < matches.length; i++) {
      const m = matches[i]!;
      const next = matches[i + 1];
      const from = m.index + m[0].length;
      const { value } = pyJsonRawDecode(
        text.slice(from, next === undefined ? undefined : next.index),
      );
      const call = jsonObjectCall(value);
      if (call === undefined) return whole;
      calls.push(call);
    }
  } catch {
    return whole;
  }
  const content = text.slice(0, text.indexOf(BOT));
  return { toolsCalled: true, calls, content: content === "" ? null : content };
}

/** The granite-20b-fc family: `<function_call> {…}` per call, one per line. */
export const granite20bFc: ToolFamily = {
  parser: "granite-20b-fc",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content === undefined ? "" : `${content} `) +
    calls.map((c) => `${BOT} ${jsonCall(c)}`).join("\n"),
  undecodable: (calls: readonly Call[], u: number): string => {
    const text = calls.map((c) => `${BOT} ${jsonCall(c)}`).join("\n");
    // A brace missing; single quotes; the arguments' key wrong.
    if (u < 1 / 3) return dropLastBrace(text);
    if (u < 2 / 3) return text.replaceAll('"', "'");
    return calls.map((c) => `${BOT} ${jsonCall(c, "parameters")}`).join("\n");
  },
  extract: extractGranite20bFc,
};
