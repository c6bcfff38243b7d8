/**
 * vLLM's output parsers as the emulator runs them on a scripted model's raw text: the hermes tool
 * parser (`--tool-call-parser hermes`, non-streaming), the qwen3 reasoning parser
 * (`--reasoning-parser qwen3`), in the variants reference/emulator.md describes, and the
 * deepseek_r1 reasoning parser (`--reasoning-parser deepseek_r1`). gpt-oss's reasoning is read
 * from the harmony stream (`tool_families/openai.ts`).
 *
 * @module
 */

import { loadsWithSpan, pyJsonDumps, type PyValue } from "./python_json.ts";

/** A tool call as vLLM returns it, before the id is given. */
export interface ParsedCall {
  /** The function's name, any string. */
  readonly name: string;
  /** The arguments text. */
  readonly arguments: string;
}

/** What the hermes parser makes of a text. */
export interface HermesResult {
  /** Whether calls were parsed (all blocks valid). */
  readonly toolsCalled: boolean;
  /** The calls, empty when none. */
  readonly calls: readonly ParsedCall[];
  /** The content: the text before the first `<tool_call>` (null if empty), or the whole text. */
  readonly content: string | null;
}

/** How `arguments` is written: re-serialised by Python `json.dumps` (legacy/mid) or verbatim. */
export type HermesArgs = "pythonJsonDumps" | "verbatim";

const START = "<tool_call>";
const END = "</tool_call>";

/**
 * The bodies Python's `re.findall(r"<tool_call>(.*?)</tool_call>|<tool_call>(.*)", text,
 * re.DOTALL)` finds (`m[0] or m[1]`), by `indexOf` (the regex is several times slower here).
 */
function blockBodies(text: string, first: number): string[] {
  const out: string[] = [];
  let i = first;
  while (i >= 0) {
    const from = i + START.length;
    const j = text.indexOf(END, from);
    if (j < 0) {
      out.push(text.slice(from));
      break;
    }
    out.push(text.slice(from, j));
    i = text.indexOf(START, j + END.length);
  }
  return out;
}

/**
 * Runs vLLM's hermes tool parser on a model's output, all or nothing.
 *
 * @param text The raw output.
 * @param mode How arguments are written; default `pythonJsonDumps`.
 * @returns The calls and the content.
 *
 * @example
 * ```ts
 * import { parseHermes } from "./vllm_parsers.ts";
 * import assert from "node:assert/strict";
 *
 * const r = parseHermes('<tool_call>\n{"name": "f", "arguments": {"x":1.0}}\n</tool_call>');
 * assert.deepEqual(r.calls, [{ name: "f", arguments: '{"x": 1.0}' }]);
 * assert.equal(r.content, null);
 * assert.equal(parseHermes("<tool_call>{oops</tool_call>").content, "<tool_call>{oops</tool_call>");
 * ```
 */
export function parseHermes(text: string, mode: HermesArgs = "pythonJsonDumps"): HermesResult {
  const first = text.indexOf(START);
  if (first < 0) return { toolsCalled: false, calls: [], content: text };
  try {
    const calls: ParsedCall[] = [];
    for (const body of blockBodies(text, first)) {
      const { value, argumentsSpan } = loadsWithSpan(body);
      if (!(value instanceof Map)) throw new TypeError("not a dict");
      if (!value.has("name")) throw new TypeError("KeyError: 'name'");
      if (!value.has("arguments")) throw new TypeError("KeyError: 'arguments'");
      const name = value.get("name");
      if (typeof name !== "string") throw new TypeError("name is not a str");
      const args = value.get("arguments") as PyValue;
      let argText: string;
      if (mode === "verbatim") {
        if (!(args instanceof Map) || argumentsSpan === undefined) {
          throw new TypeError("arguments is not an object");
        }
        argText = body.slice(argumentsSpan.start, argumentsSpan.end);
      } else {
        argText = pyJsonDumps(args);
      }
      calls.push({ name, arguments: argText });
    }
    let content: string | null = text.slice(0, first);
    if (content === "" || (mode === "verbatim" && content.trim() === "")) content = null;
    return { toolsCalled: true, calls, content };
  } catch {
    return { toolsCalled: false, calls: [], content: text };
  }
}

/** The qwen3 reasoning parser's generations (§4): A strict, B `</think>`-only, C main-2026. */
export type Qwen3ParserMode = "strict" | "endOnly" | "main2026";

/** Reasoning and content split from an output. */
export interface ReasoningSplit {
  /** The reasoning text, or null. */
  readonly reasoning: string | null;
  /** The rest, or null. */
  readonly content: string | null;
}

/**
 * Runs the qwen3 reasoning parser on a model's output.
 *
 * @param text The raw output.
 * @param mode Which generation of the parser.
 * @param thinking The request's `enable_thinking` (undefined when not sent).
 * @returns Reasoning and content.
 *
 * @example
 * ```ts
 * import { parseQwen3Reasoning } from "./vllm_parsers.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseQwen3Reasoning("<think>\nhm\n</think>\n\nok", "strict", true), { reasoning: "\nhm\n", content: "\n\nok" });
 * assert.deepEqual(parseQwen3Reasoning("ok", "endOnly", undefined), { reasoning: "ok", content: null });
 * assert.deepEqual(parseQwen3Reasoning("ok", "strict", undefined), { reasoning: null, content: "ok" });
 * ```
 */
export function parseQwen3Reasoning(
  text: string,
  mode: Qwen3ParserMode,
  thinking: boolean | undefined,
): ReasoningSplit {
  const hasStart = text.includes("<think>");
  const hasEnd = text.includes("</think>");
  if (mode === "strict") {
    if (!hasStart || !hasEnd) return { reasoning: null, content: text };
  }
  const rest = hasStart ? text.slice(text.indexOf("<think>") + "<think>".length) : text;
  const end = rest.indexOf("</think>");
  if (end < 0) {
    if (thinking === false) return { reasoning: null, content: text };
    return { reasoning: rest, content: null };
  }
  const reasoning = rest.slice(0, end);
  const content = rest.slice(end + "</think>".length);
  return { reasoning, content: content === "" ? null : content };
}

/**
 * Runs vLLM's deepseek_r1 reasoning parser on a model's output (non-streaming `extract_reasoning`
 * of `BaseThinkingReasoningParser`, `vllm/reasoning/basic_parsers.py`, as read at
 * `00e9cc9f189eb76c45a24f28455cb179a542dab9`; DeepSeek-R1 and V3.1 in thinking mode): the text
 * after the first `<think>` (the whole text when there is none, as R1's template puts `<think>`
 * in the prompt); without `</think>` all of it is reasoning and the content `None`; else the
 * reasoning is what comes before the first `</think>` and the content what follows (`None` when
 * empty).
 *
 * @param text The raw output.
 * @returns Reasoning and content.
 *
 * @example
 * ```ts
 * import { parseDeepSeekR1Reasoning } from "./vllm_parsers.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseDeepSeekR1Reasoning("<think>hm</think>ok"), { reasoning: "hm", content: "ok" });
 * assert.deepEqual(parseDeepSeekR1Reasoning("hm</think>"), { reasoning: "hm", content: null });
 * assert.deepEqual(parseDeepSeekR1Reasoning("ok"), { reasoning: "ok", content: null });
 * ```
 */
export function parseDeepSeekR1Reasoning(text: string): ReasoningSplit {
  const start = text.indexOf("<think>");
  const rest = start < 0 ? text : text.slice(start + "<think>".length);
  const end = rest.indexOf("</think>");
  if (end < 0) return { reasoning: rest, content: null };
  const content = rest.slice(end + "</think>".length);
  return { reasoning: rest.slice(0, end), content: content === "" ? null : content };
}
