/**
 * The openai family (gpt-oss): the harmony format, read by vLLM's `openai` parser
 * (`vllm/entrypoints/openai/tool_parsers/openai_tool_parser.py` at
 * `0558e317a13a64917c563ff574b4b819394e34dc`) and, for the reasoning, by `parse_chat_output`
 * (`vllm/entrypoints/harmony_utils.py`, as read at `04750fc2fdd5343d0fb84be35d4fff1b96c93185`).
 *
 * vLLM reads gpt-oss's output from its token ids with openai_harmony's `StreamableParser`; the
 * emulator's scripted model writes the same stream as text, special tokens spelled out
 * (`<|channel|>`, `<|message|>`, `<|end|>`, `<|start|>`, `<|constrain|>`, `<|call|>`,
 * `<|return|>`), and this port reads it as the parser reads the tokens: the assistant's header
 * first (the prompt ends with `<|start|>assistant`), then messages, each a header up to
 * `<|message|>` (channel after `<|channel|>`, recipient after `to=`, content type after
 * `<|constrain|>` or as a last word) and a body up to `<|end|>`, `<|call|>` or `<|return|>`.
 * Where the real parser would raise on a token out of place, the port stops reading there.
 *
 * The tool parser: every complete message whose recipient starts with `functions.` is a call
 * (the name after `functions.`; arguments `json.dumps(json.loads(body))` when the content type is
 * absent or names json, the body as written when it is not JSON); the content is the last
 * complete `final`-channel message's text, or `None`. A model stops at `<|call|>`, so a reply
 * holds one call (not parallel), and nothing beside it but its reasoning. An undecodable call
 * (a recipient without `functions.`, a call never closed) is no call, and the reply `no-call`.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, pyJsonLoads, writeAsWritten } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";

/** A complete harmony message. */
export interface HarmonyMessage {
  /** The author's role (`assistant`). */
  readonly role: string;
  /** The channel, or null. */
  readonly channel: string | null;
  /** The recipient (`functions.NAME`), or null. */
  readonly recipient: string | null;
  /** The content type (`<|constrain|>json`, `json`), or null. */
  readonly contentType: string | null;
  /** The body. */
  readonly text: string;
}

/** What the harmony reader found: the complete messages and the body of an unfinished one. */
export interface HarmonyParse {
  /** Complete messages, in order. */
  readonly messages: readonly HarmonyMessage[];
  /** The body read so far of a message not closed (`parser.current_content`), else "". */
  readonly currentContent: string;
}

const TOKEN = /<\|(start|end|message|channel|constrain|return|call)\|>/g;

function parseHeader(raw: string, role: string | null): Omit<HarmonyMessage, "text"> {
  let h = raw;
  let contentType: string | null = null;
  const constrain = h.indexOf("<|constrain|>");
  if (constrain >= 0) {
    contentType = h.slice(constrain).trim();
    h = h.slice(0, constrain);
  }
  let channel: string | null = null;
  let recipient: string | null = null;
  const at = h.indexOf("<|channel|>");
  const before = at >= 0 ? h.slice(0, at) : h;
  const after = at >= 0 ? h.slice(at + "<|channel|>".length) : "";
  const words = before.trim().split(/\s+/).filter((w) => w !== "");
  let r = role;
  if (r === null) r = words.shift() ?? "";
  for (const w of words) if (w.startsWith("to=")) recipient = w.slice(3);
  const channelWords = after.trim().split(/\s+/).filter((w) => w !== "");
  if (at >= 0) channel = channelWords.shift() ?? "";
  for (const w of channelWords) {
    if (w.startsWith("to=")) recipient = w.slice(3);
    else if (contentType === null) contentType = w;
  }
  return { role: r, channel, recipient, contentType };
}

/**
 * Reads a harmony stream written as text, as openai_harmony's `StreamableParser` reads its tokens
 * with the assistant's role given.
 *
 * @param text The stream.
 * @returns The messages and the unfinished body.
 *
 * @example
 * ```ts
 * import { parseHarmony } from "./openai.ts";
 * import assert from "node:assert/strict";
 *
 * const p = parseHarmony("<|channel|>analysis<|message|>hm<|end|><|start|>assistant<|channel|>final<|message|>Hi");
 * assert.deepEqual(p.messages.map((m) => [m.channel, m.text]), [["analysis", "hm"]]);
 * assert.equal(p.currentContent, "Hi");
 * ```
 */
export function parseHarmony(text: string): HarmonyParse {
  const messages: HarmonyMessage[] = [];
  let state: "header" | "content" | "start" = "header";
  let role: string | null = "assistant";
  let header = "";
  let head: Omit<HarmonyMessage, "text"> | undefined;
  let body = "";
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const between = text.slice(last, m.index);
    last = m.index + m[0].length;
    const token = m[1]!;
    if (state === "header") {
      header += between;
      if (token === "start" && header.trim() === "") {
        // A stream that opens with its own `<|start|>`: the role comes in the header.
        role = null;
        header = "";
      } else if (token === "message") {
        head = parseHeader(header, role);
        state = "content";
        body = "";
      } else if (token === "channel" || token === "constrain") {
        header += m[0];
      } else return { messages, currentContent: "" };
    } else if (state === "content") {
      body += between;
      if (token === "end" || token === "call" || token === "return") {
        messages.push({ ...head!, text: body });
        state = "start";
        body = "";
      } else {
        body += m[0];
      }
    } else {
      if (between !== "" || token !== "start") return { messages, currentContent: "" };
      state = "header";
      role = null;
      header = "";
    }
  }
  const rest = text.slice(last);
  if (state === "content") return { messages, currentContent: body + rest };
  return { messages, currentContent: "" };
}

/**
 * vLLM's openai tool parser on a harmony stream written as text.
 *
 * @param text The stream.
 * @returns What the parser returns.
 */
export function extractOpenai(text: string): FamilyParse {
  const calls: ParsedCall[] = [];
  let content: string | null = null;
  for (const msg of parseHarmony(text).messages) {
    if (msg.recipient !== null && msg.recipient.startsWith("functions.")) {
      let args = msg.text;
      if (msg.contentType === null || msg.contentType === "" || msg.contentType.includes("json")) {
        try {
          args = pyJsonDumps(pyJsonLoads(msg.text), { ensureAscii: true });
        } catch {
          args = msg.text;
        }
      }
      calls.push({ name: msg.recipient.split("functions.")[1]!, arguments: args });
    } else if (msg.channel === "final") {
      content = msg.text;
    }
  }
  return { toolsCalled: calls.length > 0, calls, content };
}

/**
 * vLLM's `parse_chat_output` for gpt-oss: the reasoning and the final text. No complete message:
 * the unfinished body is the reasoning. One: it is the reasoning, the unfinished body the content.
 * More: all but the last, joined by newlines, are the reasoning, the last the content (a call's
 * arguments, when the last message is a call).
 *
 * @param text The stream.
 * @returns The reasoning and the content.
 *
 * @example
 * ```ts
 * import { parseGptOssReasoning } from "./openai.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   parseGptOssReasoning("<|channel|>analysis<|message|>hm<|end|><|start|>assistant<|channel|>final<|message|>Hi<|return|>"),
 *   { reasoning: "hm", content: "Hi" },
 * );
 * ```
 */
export function parseGptOssReasoning(
  text: string,
): { readonly reasoning: string | null; readonly content: string | null } {
  const { messages, currentContent } = parseHarmony(text);
  if (messages.length === 0) return { reasoning: currentContent, content: null };
  if (messages.length === 1) return { reasoning: messages[0]!.text, content: currentContent };
  return {
    reasoning: messages.slice(0, -1).map((m) => m.text).join("\n"),
    content: messages.at(-1)!.text,
  };
}

/** The analysis gpt-oss writes before it acts. */
const ANALYSIS = "<|channel|>analysis<|message|>The user needs a tool; call it.<|end|>";

function callText(c: Call, recipient: string, close: string): string {
  return `${ANALYSIS}<|start|>assistant<|channel|>commentary to=${recipient} <|constrain|>json<|message|>${
    writeAsWritten(c.args)
  }${close}`;
}

/** The openai family (gpt-oss). */
export const openai: ToolFamily = {
  parser: "openai",
  parallel: false,
  write: (calls: readonly Call[]): string =>
    callText(calls[0]!, `functions.${calls[0]!.name}`, "<|call|>"),
  undecodable: (calls: readonly Call[], u: number): string =>
    u < 0.5
      ? callText(calls[0]!, calls[0]!.name, "<|call|>")
      : callText(calls[0]!, `functions.${calls[0]!.name}`, ""),
  plain: (text: string): string =>
    `<|channel|>analysis<|message|>No tool fits; answer.<|end|><|start|>assistant<|channel|>final<|message|>${text}<|return|>`,
  extract: (text: string): FamilyParse => extractOpenai(text),
};
