/**
 * The deepseek_v3 family (DeepSeek-V3, R1-0528): calls between DeepSeek's special tokens, the
 * arguments in a JSON code fence, read by vLLM's `deepseek_v3` parser
 * (`vllm/entrypoints/openai/tool_parsers/deepseekv3_tool_parser.py` at
 * `061b11ddf138d222364bddc0d91933cc62b362d9`):
 *
 * `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\nARGS\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>`
 *
 * The regex (Python `re`, `.` not matching a newline, greedy) takes the type, the name and the
 * arguments, which are returned as written; the arguments must be on one line. A type other than
 * `function` fails `ToolCall`'s validation, and the whole text comes back. See `_marked_calls.ts`
 * for the rest: an undecodable call is dropped, and the reply is `no-call`.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { writeAsWritten } from "../python_json.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { extractMarked, prettyJson } from "./_marked_calls.ts";

/** DeepSeek's tool-call tokens. */
export const DS = {
  callsBegin: "<｜tool▁calls▁begin｜>",
  callsEnd: "<｜tool▁calls▁end｜>",
  callBegin: "<｜tool▁call▁begin｜>",
  callEnd: "<｜tool▁call▁end｜>",
  sep: "<｜tool▁sep｜>",
} as const;

const CALL = new RegExp(
  `${DS.callBegin}([^\\n]*)${DS.sep}([^\\n]*)\\n\`\`\`json\\n([^\\n]*)\\n\`\`\`${DS.callEnd}`,
  "g",
);

const argsOf = (c: Call): string => writeAsWritten(c.args);

function write(calls: readonly Call[], args: (c: Call) => string): string {
  return DS.callsBegin +
    calls.map((c) =>
      `${DS.callBegin}function${DS.sep}${c.name}\n\`\`\`json\n${args(c)}\n\`\`\`${DS.callEnd}`
    )
      .join("\n") +
    DS.callsEnd;
}

/** The deepseek_v3 family. */
export const deepseekV3: ToolFamily = {
  parser: "deepseek_v3",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content ?? "") + write(calls, argsOf),
  undecodable: (calls: readonly Call[], u: number): string =>
    u < 0.5
      ? write(calls, (c) => prettyJson(argsOf(c)))
      : write(calls, argsOf).replaceAll(`\n\`\`\`${DS.callEnd}`, DS.callEnd),
  extract: (text: string): FamilyParse =>
    extractMarked(text, DS.callsBegin, CALL, (m) => {
      if (m[1] !== "function") throw new TypeError("type must be function");
      return { name: m[2]!, arguments: m[3]! };
    }),
};
