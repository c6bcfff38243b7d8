/**
 * The deepseek_v31 family (DeepSeek-V3.1): calls between DeepSeek's special tokens, the name and
 * the arguments split by `<｜tool▁sep｜>`, read by vLLM's `deepseek_v31` parser
 * (`vllm/entrypoints/openai/tool_parsers/deepseekv31_tool_parser.py` at
 * `07b13497a9b52274d334090a9a8e04d5ec9ca7e9`):
 *
 * `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>ARGS<｜tool▁call▁end｜><｜tool▁calls▁end｜>`
 *
 * The regex (`.` not matching a newline, lazy) takes the name and the arguments as written; the
 * arguments must be on one line. See `_marked_calls.ts` for the rest: an undecodable call is
 * dropped, and the reply is `no-call`.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { writeAsWritten } from "../python_json.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { extractMarked, prettyJson } from "./_marked_calls.ts";
import { DS } from "./deepseek_v3.ts";

const CALL = new RegExp(`${DS.callBegin}([^\\n]*?)${DS.sep}([^\\n]*?)${DS.callEnd}`, "g");

const argsOf = (c: Call): string => writeAsWritten(c.args);

function write(calls: readonly Call[], args: (c: Call) => string): string {
  return DS.callsBegin +
    calls.map((c) => `${DS.callBegin}${c.name}${DS.sep}${args(c)}${DS.callEnd}`).join("") +
    DS.callsEnd;
}

/** The deepseek_v31 family. */
export const deepseekV31: ToolFamily = {
  parser: "deepseek_v31",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content ?? "") + write(calls, argsOf),
  undecodable: (calls: readonly Call[], u: number): string =>
    u < 0.5
      ? write(calls, (c) => prettyJson(argsOf(c)))
      : write(calls, argsOf).replaceAll(DS.callEnd, ""),
  extract: (text: string): FamilyParse =>
    extractMarked(text, DS.callsBegin, CALL, (m) => ({ name: m[1]!, arguments: m[2]! })),
};
