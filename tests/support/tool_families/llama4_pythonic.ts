/**
 * The llama4_pythonic family (Llama 4): the pythonic list of calls, which Llama 4 may wrap in
 * `<|python_start|>` … `<|python_end|>`, read by vLLM's `llama4_pythonic` parser
 * (`vllm/entrypoints/openai/tool_parsers/llama4_pythonic_tool_parser.py` at
 * `243379bdd76d08ed86374a1d7f63f776c0cda287`).
 *
 * The parser's non-streaming `extract_tool_calls` is the pythonic one (see `pythonic.ts`) on the
 * text less a leading `<|python_start|>` (every `<|python_end|>` then removed too), and it writes
 * arguments with `json.dumps`' default `ensure_ascii=True`. The content it returns when it finds
 * no call is that text, the marker taken off. The two tags are special tokens (as Llama 3's
 * `<|python_tag|>` is; not checked against Llama 4's own tokenizer files) and the parser has no
 * `adjust_request` keeping them, so vLLM's detokenizer drops them by default before the parser
 * reads the text.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { breakPythonic, extractPythonic, pythonicList } from "./pythonic.ts";

const START = "<|python_start|>";
const END = "<|python_end|>";

/** The llama4_pythonic family. */
export const llama4Pythonic: ToolFamily = {
  parser: "llama4_pythonic",
  parallel: true,
  specialTokens: [START, END],
  write: (calls: readonly Call[]): string => `${START}${pythonicList(calls)}${END}`,
  undecodable: (calls: readonly Call[], u: number): string =>
    `${START}${breakPythonic(pythonicList(calls), u)}${END}`,
  extract: (text: string): FamilyParse => {
    let t = text;
    if (t.startsWith(START)) t = t.slice(START.length).replaceAll(END, "");
    return extractPythonic(t, true);
  },
};
