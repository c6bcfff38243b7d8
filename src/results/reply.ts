/**
 * Reading a chat-completion response body into a {@linkcode RecordedReply}, or into a per-item
 * error that says what was wrong with it.
 *
 * @module
 */

import type { ReplyCall } from "../score/scorer.ts";
import type { RecordedReply, RequestError, Usage } from "./records.ts";

/** A response read: the reply and the token counts, or why the body is not a reply. */
export type ReadReply =
  | {
    readonly ok: true;
    readonly reply: RecordedReply;
    readonly usage: Usage | null;
    /** The response's `id` (vLLM's `chatcmpl-<request id>`), or `null` when it is not a string. */
    readonly id: string | null;
  }
  | { readonly ok: false; readonly error: RequestError };

function malformed(message: string): ReadReply {
  return { ok: false, error: { kind: "malformed", message, status: 200, transient: false } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A token count as the results file holds it: a whole number, 0 or more; anything else none. */
function count(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function readUsage(value: unknown): Usage | null {
  if (!isRecord(value)) return null;
  const details = value.completion_tokens_details;
  return {
    promptTokens: count(value.prompt_tokens),
    completionTokens: count(value.completion_tokens),
    totalTokens: count(value.total_tokens),
    reasoningTokens: isRecord(details) ? count(details.reasoning_tokens) : null,
  };
}

/**
 * Reads the body of a 200 response to a chat completion, as vLLM sends it:
 * `choices[0].message.content` becomes the text (`""` when null or absent),
 * `choices[0].message.tool_calls[*].function` the calls (name and arguments text), `reasoning`
 * (or the older `reasoning_content`) the reasoning. The reply is truncated when the finish reason
 * is `length` or the completion used `maxTokens` tokens or more (vLLM says `tool_calls` even when
 * the limit cut the reply).
 *
 * @param body The response body's text.
 * @param maxTokens `sampling.maxTokens`, the limit the request sent.
 * @returns The reply, usage and id, or a `malformed` error saying what is not as vLLM sends it.
 *
 * @example
 * ```ts
 * import { readReply } from "./reply.ts";
 * import assert from "node:assert/strict";
 *
 * const read = readReply(JSON.stringify({
 *   choices: [{
 *     message: {
 *       content: null,
 *       tool_calls: [{ type: "function", function: { name: "f", arguments: '{"a": 1}' } }],
 *     },
 *     finish_reason: "tool_calls",
 *   }],
 *   usage: { prompt_tokens: 10, completion_tokens: 64, total_tokens: 74 },
 * }), 64);
 * assert.equal(read.ok, true);
 * if (read.ok) {
 *   assert.deepEqual(read.reply.calls, [{ name: "f", arguments: '{"a": 1}' }]);
 *   assert.equal(read.reply.truncated, true);
 * }
 * assert.equal(readReply("<html>", 64).ok, false);
 * ```
 */
export function readReply(body: string, maxTokens: number): ReadReply {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return malformed(`the response is not JSON (it starts ${JSON.stringify(body.slice(0, 40))})`);
  }
  if (!isRecord(value)) return malformed("the response is not a JSON object");
  const choices = value.choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    return malformed("the response has no choices");
  }
  const choice: unknown = choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) {
    return malformed("the response's choices[0] has no message object");
  }
  const message = choice.message;
  const content = message.content;
  if (content !== undefined && content !== null && typeof content !== "string") {
    return malformed("choices[0].message.content is neither a string nor null");
  }
  const calls: ReplyCall[] = [];
  const toolCalls = message.tool_calls;
  if (toolCalls !== undefined && toolCalls !== null) {
    if (!Array.isArray(toolCalls)) {
      return malformed("choices[0].message.tool_calls is not a list");
    }
    for (let i = 0; i < toolCalls.length; i++) {
      const call: unknown = toolCalls[i];
      const fn = isRecord(call) ? call.function : undefined;
      if (!isRecord(fn)) {
        return malformed(`choices[0].message.tool_calls[${i}] has no function object`);
      }
      if (typeof fn.name !== "string") {
        return malformed(`choices[0].message.tool_calls[${i}].function.name is not a string`);
      }
      if (typeof fn.arguments !== "string") {
        return malformed(
          `choices[0].message.tool_calls[${i}].function.arguments is not a string`,
        );
      }
      calls.push({ name: fn.name, arguments: fn.arguments });
    }
  }
  const finish = choice.finish_reason;
  if (finish !== undefined && finish !== null && typeof finish !== "string") {
    return malformed("choices[0].finish_reason is neither a string nor null");
  }
  const reasoningValue = message.reasoning ?? message.reasoning_content;
  const reasoning = typeof reasoningValue === "string" ? reasoningValue : null;
  const usage = readUsage(value.usage);
  const used = usage?.completionTokens ?? null;
  const finishReason = typeof finish === "string" ? finish : null;
  return {
    ok: true,
    reply: {
      text: typeof content === "string" ? content : "",
      calls,
      truncated: finishReason === "length" || (used !== null && used >= maxTokens),
      reasoning,
      finishReason,
    },
    usage,
    id: typeof value.id === "string" ? value.id : null,
  };
}
