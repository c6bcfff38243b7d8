/**
 * The xLAM family (`--tool-call-parser xlam`; Salesforce's Llama-xLAM-2 and xLAM-fc models): the
 * calls as one JSON list `[{"name": …, "arguments": …}, …]`, alone, or in a code fence, after
 * `[TOOL_CALLS]` or inside `<tool_call>…</tool_call>` (plain text for these tokenizers).
 *
 * `extract` ports `xLAMToolParser.extract_tool_calls` (and its `preprocess_model_output`) of
 * `vllm/tool_parsers/xlam_tool_parser.py` (vllm-project/vllm at
 * `4a550fdbb5cd5f1c254412070cb2d1713268f566`):
 * - after a `</think>`, the rest, stripped, when it is JSON, else the first JSON match of the
 *   patterns below in it, with the text up to `</think>` as content;
 * - else, for each pattern in turn (a code fence, `[TOOL_CALLS]` up to the line's end,
 *   `<tool_call>…</tool_call>`), the first match that is JSON, with the text less every match of
 *   that pattern, stripped, as content;
 * - else a text that starts (after whitespace) with `[` and is JSON, or holds `{`, `name` and
 *   `arguments`, is the calls, with no content;
 * - else no calls and the text as content.
 * The calls text is `json.loads`ed (failure: no calls, the whole text); not a list: no calls; each
 * item without `name` or `arguments` skipped; arguments dumped with `json.dumps` (ASCII-escaped)
 * when a dict, else taken as they are. No call left: no calls, with the content found.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, pyJsonLoads, type PyValue } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { dropLastBrace, jsonCallList, PY_SPACE, pyStrip } from "./_markup.ts";

/** The parser's patterns, in its order (`\s` as Python's; `[\s\S]` is any character). */
const PATTERNS: readonly RegExp[] = [
  new RegExp(`\`\`\`(?:json)?${PY_SPACE}*([\\s\\S]*?)\`\`\``, "g"),
  /\[TOOL_CALLS\]([\s\S]*?)(?=\n|$)/g,
  /<tool_call>([\s\S]*?)<\/tool_call>/g,
];

/** Whether `json.loads` reads the text. */
function isJson(text: string): boolean {
  try {
    pyJsonLoads(text);
    return true;
  } catch {
    return false;
  }
}

/** Python's `re.findall` with one group: each match's group. */
function findAll(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1] ?? "");
}

/** `preprocess_model_output`: the content and the calls' text (either may be null). */
function preprocess(text: string): [string | null, string | null] {
  const think = text.indexOf("</think>");
  if (think >= 0) {
    const content = pyStrip(text.slice(0, think + "</think>".length));
    const thinking = pyStrip(text.slice(think + "</think>".length));
    if (isJson(thinking)) return [content, thinking];
    for (const pattern of PATTERNS) {
      for (const found of findAll(pattern, thinking)) {
        if (isJson(found)) return [content, found];
      }
    }
  }
  for (const pattern of PATTERNS) {
    for (const found of findAll(pattern, text)) {
      if (isJson(found)) return [pyStrip(text.replace(pattern, "")), found];
    }
  }
  if (pyStrip(text).startsWith("[")) {
    if (isJson(text)) return [null, text];
    if (text.includes("{") && text.includes("name") && text.includes("arguments")) {
      return [null, text];
    }
  }
  return [text, null];
}

/**
 * A port of vLLM's `xLAMToolParser.extract_tool_calls` (non-streaming).
 *
 * @param text The model's text, as vLLM detokenized it.
 * @returns What the parser returns.
 *
 * @example
 * ```ts
 * import { extractXlam } from "./xlam.ts";
 * import assert from "node:assert/strict";
 *
 * const r = extractXlam('[{"name": "f", "arguments": {"city": "Zürich"}}]');
 * assert.deepEqual(r.calls, [{ name: "f", arguments: '{"city": "Z\\u00fcrich"}' }]);
 * assert.equal(extractXlam("[1, 2").content, "[1, 2");
 * ```
 */
export function extractXlam(text: string): FamilyParse {
  const whole: FamilyParse = { toolsCalled: false, calls: [], content: text };
  const [content, potential] = preprocess(text);
  if (potential === null || potential === "") {
    return { toolsCalled: false, calls: [], content };
  }
  let data: PyValue;
  try {
    data = pyJsonLoads(potential);
  } catch {
    return whole;
  }
  if (!Array.isArray(data)) {
    return {
      toolsCalled: false,
      calls: [],
      content: content === null || content === "" ? text : content,
    };
  }
  const calls: ParsedCall[] = [];
  for (const call of data as readonly PyValue[]) {
    if (!(call instanceof Map) || !call.has("name") || !call.has("arguments")) continue;
    const name = call.get("name");
    const args = call.get("arguments")!;
    // FunctionCall(name=…, arguments=…) wants two strs: anything else raises, caught.
    if (typeof name !== "string") return whole;
    if (args instanceof Map) {
      calls.push({ name, arguments: pyJsonDumps(args, { ensureAscii: true }) });
    } else if (typeof args === "string") {
      calls.push({ name, arguments: args });
    } else {
      return whole;
    }
  }
  return { toolsCalled: calls.length > 0, calls, content };
}

/** The xLAM family: a bare JSON list of calls; content beside calls goes before a code fence. */
export const xlam: ToolFamily = {
  parser: "xlam",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    content === undefined
      ? jsonCallList(calls)
      : `${content}\n\n\`\`\`json\n${jsonCallList(calls)}\n\`\`\``,
  undecodable: (calls: readonly Call[], u: number): string => {
    const list = jsonCallList(calls);
    // The closing bracket missing; after [TOOL_CALLS], a brace missing; the arguments' key wrong.
    if (u < 1 / 3) return list.slice(0, -1);
    if (u < 2 / 3) return `[TOOL_CALLS]${dropLastBrace(list)}`;
    return jsonCallList(calls, "args");
  },
  extract: extractXlam,
};
