/**
 * The tool-call parsers of vLLM (`vllm serve --tool-call-parser NAME`) that `xlam-tool-call` knows,
 * each with how a reply with no calls shows that the model tried a call the parser could not
 * decode. Taken from each parser's non-streaming `extract_tool_calls` in vLLM's source;
 * `reference/scorers.md` cites the file and commit of each.
 *
 * @module
 */

/** How a parser's undecodable call shows in a reply's content. */
export interface ToolCallParserMarks {
  /** The parser's name, as `--tool-call-parser` takes it. */
  readonly name: string;
  /**
   * Texts that, anywhere in the content (matched exactly, case included), show a call attempt:
   * the start tokens the parser looks for.
   */
  readonly markers: readonly string[];
  /**
   * For a family whose calls may come without a start token (a bare JSON object or list, a Python
   * list of calls): what the content starts with, after whitespace, when it is such a call, and
   * how the detail shows it.
   */
  readonly start?: { readonly pattern: RegExp; readonly shown: string };
}

/** Content that starts, after whitespace, with a JSON object whose first key is `"name"`. */
const JSON_CALL = { pattern: /^\s*\{\s*"name"\s*:/, shown: '{"name":' };
/** Content that starts, after whitespace, with a JSON list whose first object's first key is `"name"`. */
const JSON_CALL_LIST = {
  pattern: /^\s*\[\s*\{\s*"name"\s*:/,
  shown: '[{"name":',
};
/** Content that starts, after whitespace, with a Python list whose first element is a call. */
const PYTHONIC_CALL_LIST = {
  pattern: /^\s*\[\s*[A-Za-z_][A-Za-z0-9_]*\(/,
  shown: "[name(",
};

/**
 * Every tool-call parser `xlam-tool-call` knows, in the order `validate` lists them. `hermes`
 * comes first: it is assumed when the options name no parser.
 */
export const TOOL_CALL_PARSERS: readonly ToolCallParserMarks[] = [
  { name: "hermes", markers: ["<tool_call>"] },
  { name: "llama3_json", markers: ["<|python_tag|>"], start: JSON_CALL },
  { name: "llama4_json", markers: ["<|python_tag|>"], start: JSON_CALL },
  { name: "llama4_pythonic", markers: ["<|python_start|>"], start: PYTHONIC_CALL_LIST },
  { name: "pythonic", markers: [], start: PYTHONIC_CALL_LIST },
  { name: "mistral", markers: ["[TOOL_CALLS]"] },
  { name: "qwen3_coder", markers: ["<function="] },
  { name: "qwen3_xml", markers: ["<function="] },
  { name: "xlam", markers: ["[TOOL_CALLS]", "<tool_call>"], start: JSON_CALL_LIST },
  { name: "granite", markers: ["<|tool_call|>", "<tool_call>"], start: JSON_CALL_LIST },
  { name: "granite-20b-fc", markers: ["<function_call>"] },
  { name: "phi4_mini_json", markers: ["functools["] },
  { name: "deepseek_v3", markers: ["<｜tool▁calls▁begin｜>"] },
  { name: "deepseek_v31", markers: ["<｜tool▁calls▁begin｜>"] },
  { name: "glm45", markers: ["<tool_call>"] },
  { name: "kimi_k2", markers: ["<|tool_calls_section_begin|>"] },
  { name: "openai", markers: [] },
];

const BY_NAME: ReadonlyMap<string, ToolCallParserMarks> = new Map(
  TOOL_CALL_PARSERS.map((p) => [p.name, p]),
);

/**
 * The marks of a tool-call parser, or `undefined` for one `xlam-tool-call` does not know.
 *
 * @param name The parser's name.
 * @returns Its marks, or `undefined`.
 *
 * @example
 * ```ts
 * import { toolCallParserMarks } from "./tool_call_parsers.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(toolCallParserMarks("hermes"), { name: "hermes", markers: ["<tool_call>"] });
 * assert.equal(toolCallParserMarks("jamba"), undefined);
 * ```
 */
export function toolCallParserMarks(name: string): ToolCallParserMarks | undefined {
  return BY_NAME.get(name);
}

/**
 * What in a reply's content shows a call the parser could not decode, as the detail says it (the
 * words after "its text"), or
 * `null` when nothing does: the first of the parser's markers the content holds, else the start
 * of a call for a family without one.
 *
 * @param parser The parser's marks.
 * @param content The reply's content.
 * @returns The sign, e.g. `holds <tool_call>, the hermes tool-call marker`, or `null`.
 *
 * @example
 * ```ts
 * import { toolCallParserMarks, unparsedCallSign } from "./tool_call_parsers.ts";
 * import assert from "node:assert/strict";
 *
 * const llama = toolCallParserMarks("llama3_json")!;
 * assert.equal(
 *   unparsedCallSign(llama, ' {"name": "f", "parameters": {'),
 *   'starts with {"name":, as a llama3_json tool call does',
 * );
 * assert.equal(unparsedCallSign(llama, "It is sunny."), null);
 * ```
 */
export function unparsedCallSign(parser: ToolCallParserMarks, content: string): string | null {
  for (const marker of parser.markers) {
    if (content.includes(marker)) return `holds ${marker}, the ${parser.name} tool-call marker`;
  }
  if (parser.start !== undefined && parser.start.pattern.test(content)) {
    return `starts with ${parser.start.shown}, as a ${parser.name} tool call does`;
  }
  return null;
}
