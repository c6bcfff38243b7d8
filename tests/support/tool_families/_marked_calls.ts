/**
 * What the DeepSeek and Kimi parsers share: calls between special tokens, found by one regex
 * (`findall`), each call's name and arguments taken as written. With the section's start token
 * in the text, `tools_called` is true even when the regex finds nothing, and the content is the
 * text before that token (`None` when empty), so a call the regex cannot match is dropped; without
 * it, no call and the whole text.
 *
 * @module
 */

import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse } from "./family.ts";

/**
 * The shared non-streaming extraction.
 *
 * @param text The model's text.
 * @param start The section's start token.
 * @param regex The call regex (global), whose groups `read` turns into a call.
 * @param read A match as a call; a throw is vLLM's exception (no call, the whole text).
 * @returns What the parser returns.
 */
export function extractMarked(
  text: string,
  start: string,
  regex: RegExp,
  read: (m: RegExpMatchArray) => ParsedCall,
): FamilyParse {
  const at = text.indexOf(start);
  if (at < 0) return { toolsCalled: false, calls: [], content: text };
  try {
    const calls = [...text.matchAll(regex)].map(read);
    const content = text.slice(0, at);
    return { toolsCalled: true, calls, content: content === "" ? null : content };
  } catch {
    return { toolsCalled: false, calls: [], content: text };
  }
}

/** A JSON object written over several lines, two spaces a level, as a model may slip into. */
export function prettyJson(oneLine: string): string {
  let pretty: string;
  try {
    pretty = JSON.stringify(JSON.parse(oneLine), null, 2);
  } catch {
    pretty = oneLine;
  }
  // An empty object is one line even so: open it on a line of its own.
  return pretty.includes("\n") ? pretty : pretty.replace("{", "{\n");
}
