/**
 * The kimi_k2 family (Kimi K2): calls in a section of Kimi's special tokens, each named by an id
 * `functions.NAME:INDEX`, read by vLLM's `kimi_k2` parser
 * (`vllm/entrypoints/openai/tool_parsers/kimi_k2_tool_parser.py` at
 * `03d5dc96097e1c7c76e004250a57c24cb4365d35`):
 *
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>ARGS<|tool_call_end|><|tool_calls_section_end|>`
 *
 * The regex (`re.DOTALL`) takes the id (`[^<]+:\d+`) and the arguments, returned as written
 * (whitespace around them trimmed by the regex); the name is the id before `:`, after its last
 * `.`. See `_marked_calls.ts` for the rest: an undecodable call is dropped, and the reply is
 * `no-call`.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { writeAsWritten } from "../python_json.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { extractMarked } from "./_marked_calls.ts";
import { PY_SPACE } from "./_markup.ts";

const T = {
  sectionBegin: "<|tool_calls_section_begin|>",
  sectionEnd: "<|tool_calls_section_end|>",
  callBegin: "<|tool_call_begin|>",
  argBegin: "<|tool_call_argument_begin|>",
  callEnd: "<|tool_call_end|>",
} as const;

/** vLLM's call regex, its `\s` Python's ({@linkcode PY_SPACE}). */
const CALL = new RegExp(
  String
    .raw`<\|tool_call_begin\|>${PY_SPACE}*([^<]+:\p{Nd}+)${PY_SPACE}*<\|tool_call_argument_begin\|>` +
    String.raw`${PY_SPACE}*((?:(?!<\|tool_call_begin\|>)[\s\S])*?)${PY_SPACE}*<\|tool_call_end\|>`,
  "gu",
);

function write(calls: readonly Call[], id: (c: Call, i: number) => string, end: string): string {
  return T.sectionBegin +
    calls.map((c, i) => `${T.callBegin}${id(c, i)}${T.argBegin}${writeAsWritten(c.args)}${end}`)
      .join("") +
    T.sectionEnd;
}

/** The kimi_k2 family. */
export const kimiK2: ToolFamily = {
  parser: "kimi_k2",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content ?? "") + write(calls, (c, i) => `functions.${c.name}:${i}`, T.callEnd),
  undecodable: (calls: readonly Call[], u: number): string =>
    u < 0.5
      ? write(calls, (c) => `functions.${c.name}`, T.callEnd)
      : write(calls, (c, i) => `functions.${c.name}:${i}`, ""),
  extract: (text: string): FamilyParse =>
    extractMarked(text, T.sectionBegin, CALL, (m) => ({
      name: m[1]!.split(":")[0]!.split(".").at(-1)!,
      arguments: m[2]!,
    })),
};
