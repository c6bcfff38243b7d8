/**
 * The Mistral family (`--tool-call-parser mistral`): the special token `[TOOL_CALLS]`, then the
 * calls. Models whose tokenizer is older than mistral-common's v11 (Mistral-7B-Instruct-v0.3, the
 * model vLLM's docs confirm, and any model served with a Hugging Face tokenizer) write one JSON
 * list, `[TOOL_CALLS] [{"name": …, "arguments": …}, …]`; v11 and later write
 * `[TOOL_CALLS]name{…}` per call. The registered family is the first; {@linkcode mistralV11} is
 * the second, for its tests. The parser's `adjust_request` keeps special tokens (with a Hugging
 * Face tokenizer; mistral-common's keeps `[TOOL_CALLS]` by itself), so the marker reaches it.
 *
 * `extract` ports `MistralToolParser.extract_tool_calls` of
 * `vllm/tool_parsers/mistral_tool_parser.py` (vllm-project/vllm at
 * `decc268eec08cf0999fd2adae4e77d1842217b53`):
 * - no `[TOOL_CALLS]`: no calls, the text as content;
 * - the content is the text before the first marker (null when empty);
 * - before v11: exactly one marker (else the parser raises, and vLLM answers with an error); the
 *   rest, stripped, `json.loads`ed as a list of `{name, arguments}` (arguments dumped with
 *   `ensure_ascii=False`); if that fails, the first `\[{.*}\]` (greedy, across lines) is
 *   `json.loads`ed and its objects' arguments taken as they are; if that fails too, no calls and
 *   the stripped rest (without the marker) as content;
 * - v11 and later: each part after a marker with a `{` is a call, its name before the first `{`
 *   and its arguments the rest, verbatim (even when not JSON); a part without `{` is dropped.
 *
 * Where the parser raises (a key missing, a name that is not a string, arguments that are not a
 * string in the fallback, two markers before v11), the port throws {@linkcode ParserRaised}: vLLM
 * lets the exception out of the request, which fails.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, pyJsonLoads, type PyValue, writeAsWritten } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import { type FamilyParse, ParserRaised, type ToolFamily } from "./family.ts";
import { dropLastBrace, jsonCallList, pyStrip } from "./_markup.ts";

const BOT = "[TOOL_CALLS]";

/** The raise of the parser where vLLM's code does not catch it. */
function raised(type: "ValueError" | "TypeError" | "KeyError", what: string): never {
  throw new ParserRaised(type, what);
}

/** `tool_call["name"]` of a parsed call, as pydantic's `FunctionCall(name=…)` takes it. */
function nameOf(call: PyValue): string {
  // A str's ["name"] is a TypeError; a name that is not a str fails pydantic (a ValueError).
  if (!(call instanceof Map)) return raised("TypeError", "string indices must be integers");
  if (!call.has("name")) return raised("KeyError", "'name'");
  const name = call.get("name");
  if (typeof name !== "string") return raised("ValueError", "name: Input should be a valid string");
  return name;
}

/**
 * A port of vLLM's `MistralToolParser.extract_tool_calls` (non-streaming).
 *
 * @param text The model's text, as vLLM detokenized it.
 * @param v11 Whether the tokenizer is mistral-common's v11 or later. Default false.
 * @returns What the parser returns.
 * @throws {ParserRaised} Where the parser raises, with the Python exception's class.
 *
 * @example
 * ```ts
 * import { extractMistral } from "./mistral.ts";
 * import assert from "node:assert/strict";
 *
 * const r = extractMistral('Sure.[TOOL_CALLS] [{"name": "f", "arguments": {"x": 1}}]');
 * assert.deepEqual(r, { toolsCalled: true, calls: [{ name: "f", arguments: '{"x": 1}' }], content: "Sure." });
 * assert.deepEqual(extractMistral("[TOOL_CALLS] [{oops}]").content, "[{oops}]");
 * ```
 */
export function extractMistral(text: string, v11 = false): FamilyParse {
  if (!text.includes(BOT)) return { toolsCalled: false, calls: [], content: text };
  const parts = text.split(BOT);
  const content = parts[0]!;
  const raw = parts.slice(1);
  const calls: ParsedCall[] = [];
  if (v11) {
    for (const part of raw) {
      const brace = part.indexOf("{");
      if (brace < 0) continue;
      calls.push({ name: part.slice(0, brace), arguments: part.slice(brace) });
    }
  } else {
    if (raw.length !== 1) {
      raised("ValueError", `Only one BOT token should have been outputted, but got ${text}.`);
    }
    const stringified = pyStrip(raw[0]!);
    let list: PyValue;
    try {
      list = pyJsonLoads(stringified);
    } catch {
      // The greedy `\[{.*}\]` with DOTALL: from the first "[{" to the last "}]".
      const start = stringified.indexOf("[{");
      const end = stringified.lastIndexOf("}]");
      try {
        if (start < 0 || end < start) throw new RangeError("IndexError");
        const found = pyJsonLoads(stringified.slice(start, end + 2));
        for (const call of iterate(found)) {
          const name = nameOf(call);
          const args = (call as ReadonlyMap<string, PyValue>).get("arguments");
          if (!(call as ReadonlyMap<string, PyValue>).has("arguments")) {
            raised("KeyError", "'arguments'");
          }
          if (typeof args !== "string") {
            raised("ValueError", "arguments: Input should be a valid string");
          }
          calls.push({ name, arguments: args });
        }
        return { toolsCalled: true, calls, content: content.length > 0 ? content : null };
      } catch (e) {
        if (e instanceof ParserRaised) throw e;
        return { toolsCalled: false, calls: [], content: stringified };
      }
    }
    for (const call of iterate(list)) {
      const name = nameOf(call);
      if (!(call as ReadonlyMap<string, PyValue>).has("arguments")) {
        raised("KeyError", "'arguments'");
      }
      calls.push({
        name,
        arguments: pyJsonDumps((call as ReadonlyMap<string, PyValue>).get("arguments")!),
      });
    }
  }
  return { toolsCalled: true, calls, content: content.length > 0 ? content : null };
}

/** Python's iteration over a parsed JSON value: a list's items, a dict's keys, a str's letters. */
function iterate(v: PyValue): readonly PyValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof Map) return [...v.keys()];
  if (typeof v === "string") return [...v];
  return raised("TypeError", "object is not iterable");
}

/** The Mistral family before v11: `[TOOL_CALLS] [{…}, …]`. */
export const mistral: ToolFamily = {
  parser: "mistral",
  parallel: true,
  specialTokens: [BOT],
  keepsSpecialTokens: true,
  write: (calls: readonly Call[], content?: string): string =>
    `${content ?? ""}${BOT} ${jsonCallList(calls)}`,
  undecodable: (calls: readonly Call[], u: number): string => {
    const list = jsonCallList(calls);
    // The list's closing bracket missing; a brace missing; single quotes.
    if (u < 1 / 3) return `${BOT} ${list.slice(0, -1)}`;
    if (u < 2 / 3) return `${BOT} ${dropLastBrace(list)}`;
    return `${BOT} ${list.replaceAll('"', "'")}`;
  },
  extract: (text: string) => extractMistral(text),
};

/** The Mistral family from v11: `[TOOL_CALLS]name{…}` per call (not registered). */
export const mistralV11: ToolFamily = {
  parser: "mistral",
  parallel: true,
  specialTokens: [BOT],
  keepsSpecialTokens: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content ?? "") + calls.map((c) => `${BOT}${c.name}${writeAsWritten(c.args)}`).join(""),
  undecodable: (calls: readonly Call[], u: number): string =>
    calls.map((c) =>
      `${BOT}${c.name}${u < 0.5 ? dropLastBrace(writeAsWritten(c.args)) : "(" + c.name + ")"}`
    ).join(""),
  extract: (text: string) => extractMistral(text, true),
};
