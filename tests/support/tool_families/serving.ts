/**
 * What vLLM's non-streaming chat serving sends for a tool-call parser's result (auto tool choice),
 * by generation: shared by the emulator and the families' checks, so that both hold a slip to what
 * the client receives.
 *
 * @module
 */

import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse } from "./family.ts";

/** Which vLLM generation to emulate (§0 of the reference): sets the defaults of the switches. */
export type VllmVersion = "legacy" | "mid" | "main-2026";

/** What vLLM's chat serving sends for a tool parser's result in auto tool choice. */
export interface Served {
  /** Whether `finish_reason` is `tool_calls`. */
  readonly toolCallsFinish: boolean;
  /** The calls sent. */
  readonly calls: readonly ParsedCall[];
  /** The message's content. */
  readonly content: string | null;
}

/**
 * What vLLM's non-streaming chat serving makes of a tool parser's result, by generation. Before
 * main-2026 (`serving_chat.py`): calls when the parser says `tools_called` (then `finish_reason`
 * `tool_calls`, even with none) and its content; otherwise the parser's content when not empty,
 * else the text. main-2026 (`chat_completion/serving.py`, `_parse_tool_calls_from_content`): the
 * parser's calls and content when it says `tools_called` (a content of whitespace only becomes
 * null), `finish_reason` `tool_calls` only when there are calls; otherwise the text as given.
 *
 * @param p The parser's result.
 * @param text The text the parser was given.
 * @param version The vLLM generation.
 * @returns What the client receives.
 *
 * @example
 * ```ts
 * import { servedParse } from "./serving.ts";
 * import assert from "node:assert/strict";
 *
 * // A parser that found no call and returned no content: the whole text before main-2026.
 * const none = { toolsCalled: false, calls: [], content: null };
 * assert.equal(servedParse(none, "[{oops", "mid").content, "[{oops");
 * ```
 */
export function servedParse(p: FamilyParse, text: string, version: VllmVersion): Served {
  if (version === "main-2026") {
    if (!p.toolsCalled) return { toolCallsFinish: false, calls: [], content: text };
    const blank = p.content !== null && p.content !== "" && p.content.trim() === "";
    return {
      toolCallsFinish: p.calls.length > 0,
      calls: p.calls,
      content: blank ? null : p.content,
    };
  }
  if (p.toolsCalled) return { toolCallsFinish: true, calls: p.calls, content: p.content };
  return {
    toolCallsFinish: false,
    calls: [],
    content: p.content !== null && p.content !== "" ? p.content : text,
  };
}
