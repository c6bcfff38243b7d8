/**
 * The hermes family (Qwen2.5, Qwen3, Hermes): `<tool_call>` blocks of JSON, read by vLLM's
 * `hermes` parser.
 *
 * @module
 */

import { breakText, type Call, renderCalls } from "../scripted_model.ts";
import { parseHermes } from "../vllm_parsers.ts";
import type { ToolFamily } from "./family.ts";

/** The hermes family. */
export const hermes: ToolFamily = {
  parser: "hermes",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content === undefined ? "" : content) + renderCalls(calls),
  undecodable: (calls: readonly Call[], u: number): string => breakText(renderCalls(calls), u),
  extract: (text: string) => parseHermes(text),
};
