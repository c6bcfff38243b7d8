/**
 * The Llama 3.1/3.2 JSON family (`--tool-call-parser llama3_json`) and Llama 4's JSON form
 * (`llama4_json`, the same parser class): a call is a JSON object `{"name": …, "parameters": …}`
 * (the format of vLLM's `examples/tool_chat_template_llama3.1_json.jinja`), maybe after the
 * special token `<|python_tag|>`, which vLLM drops from the text unless the request keeps special
 * tokens (the parser does not ask to).
 *
 * `extract` ports `Llama3JsonToolParser.extract_tool_calls` of
 * `vllm/tool_parsers/llama_tool_parser.py` (vllm-project/vllm at
 * `13e48c2bd449aafc4b60d0783d30e072f3201805`): every `{` not inside an object already read starts
 * a `json.JSONDecoder().raw_decode`; each object gives a call from its `name` and its `arguments`
 * (else `parameters`), dumped by `json.dumps(…, ensure_ascii=False)`. Any failure (a value that
 * is not JSON, a missing key, a name that is not a string) gives no calls and the whole text as
 * content; calls give no content (text around them is dropped).
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonRawDecode } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { jsonCall, jsonObjectCall } from "./_markup.ts";

const PYTHON_TAG = "<|python_tag|>";

/** One call as the Llama JSON template teaches it: `{"name": …, "parameters": …}`. */
function callJson(c: Call, argsKey = "parameters"): string {
  return jsonCall(c, argsKey);
}

/**
 * A port of vLLM's `Llama3JsonToolParser.extract_tool_calls` (non-streaming).
 *
 * @param text The model's text, as vLLM detokenized it.
 * @returns What the parser returns.
 *
 * @example
 * ```ts
 * import { extractLlamaJson } from "./llama3_json.ts";
 * import assert from "node:assert/strict";
 *
 * const r = extractLlamaJson('{"name": "f", "parameters": {"x": 1.0}}');
 * assert.deepEqual(r.calls, [{ name: "f", arguments: '{"x": 1.0}' }]);
 * assert.equal(r.content, null);
 * assert.equal(extractLlamaJson("use {x}").content, "use {x}");
 * ```
 */
export function extractLlamaJson(text: string): FamilyParse {
  const none: FamilyParse = { toolsCalled: false, calls: [], content: text };
  if (!(text.includes(PYTHON_TAG) || text.includes("{"))) return none;
  let end = -1;
  const calls: ParsedCall[] = [];
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    if (start <= end) continue;
    try {
      const { value, end: length } = pyJsonRawDecode(text.slice(start));
      end = start + length;
      const call = jsonObjectCall(value, ["arguments", "parameters"]);
      if (call === undefined) return none;
      calls.push(call);
    } catch {
      return none;
    }
  }
  if (calls.length > 0) return { toolsCalled: true, calls, content: null };
  return none;
}

/**
 * The Llama JSON family under a parser name: Llama 3 writes one call, Llama 4 several (separated
 * by `; `).
 */
function llamaJson(parser: string, parallel: boolean): ToolFamily {
  return {
    parser,
    parallel,
    specialTokens: [PYTHON_TAG],
    write: (calls: readonly Call[], content?: string): string =>
      (content === undefined ? "" : `${content}\n\n`) + calls.map((c) => callJson(c)).join("; "),
    undecodable: (calls: readonly Call[], u: number): string => {
      const text = calls.map((c) => callJson(c)).join("; ");
      // The closing brace of the last call missing.
      if (u < 1 / 3) return text.slice(0, -1);
      // The arguments under a key the parser does not read.
      if (u < 2 / 3) return calls.map((c) => callJson(c, "params")).join("; ");
      // The Python tag (dropped by vLLM), then the last call cut mid-way.
      return PYTHON_TAG + text.slice(0, Math.max(10, text.length - 3));
    },
    extract: extractLlamaJson,
  };
}

/** The Llama 3.1/3.2 JSON family: one call per reply (vLLM's docs: no parallel calls). */
export const llama3Json: ToolFamily = llamaJson("llama3_json", false);

/** Llama 4's JSON form, read by the same parser: parallel calls allowed. */
export const llama4Json: ToolFamily = llamaJson("llama4_json", true);
