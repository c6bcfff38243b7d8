// deno-lint-ignore-file no-explicit-any -- response bodies are JSON read by the test; their shape is what the assertions check.
/**
 * What the emulator's tests send it, in process and as a process of its own: three dataset rows,
 * the chat request assess sends for one, a chat-jsonl dataset whose items share their last user
 * message, and a POST that reads the reply whole.
 *
 * @module
 */

import type { Emulator } from "./vllm_emulator.ts";

/** A dataset row, as the emulator reads it. */
export interface Row {
  id: number;
  query: string;
  tools: string;
  answers: string;
}

/** Three rows: one call with numbers to re-serialise, two calls with a big integer, no call. */
export const ROWS: Row[] = [
  {
    id: 1,
    query: "What is the weather in Paris for 3 days?",
    tools:
      '[{"name": "weather", "description": "Forecast.", "parameters": {"city": {"type": "str"}}}, {"name": "news", "description": "News.", "parameters": {}}]',
    answers: '[{"name": "weather", "arguments": {"city": "Paris", "days": 3, "ratio": 1.0}}]',
  },
  {
    id: 2,
    query: "Two calls please",
    tools: '[{"name": "a", "description": "", "parameters": {}}]',
    answers:
      '[{"name": "a", "arguments": {"n": 12345678901234567890, "s": "é\\n"}}, {"name": "a", "arguments": {"n": 2}}]',
  },
  { id: 3, query: "Nothing to call", tools: "[]", answers: "[]" },
];

const REFUND_TOOLS = [
  { type: "function", function: { name: "lookup_order", parameters: { type: "object" } } },
  { type: "function", function: { name: "refund_order", parameters: { type: "object" } } },
];
const ASK = { role: "user", content: "Refund order A1, please." };
const LOOKUP = {
  role: "assistant",
  tool_calls: [{
    id: "c1",
    type: "function",
    function: { name: "lookup_order", arguments: '{"order_id": "A1"}' },
  }],
};
const call = (name: string, args: string) => ({
  role: "assistant",
  tool_calls: [{ id: "c2", type: "function", function: { name, arguments: args } }],
});

/**
 * A chat-jsonl dataset (its lines, parsed) of three items with the same last user message and the
 * same tools, told apart only by the turns after it: the question (the answer: look the order up),
 * then the lookup's result "delivered" (the answer: refund it), then "lost" (the answer: no call,
 * a text). `line.messages.slice(0, -1)` is an item's prompt, the last message its answer.
 */
export const SAME_QUERY_LINES: readonly {
  readonly id: string;
  readonly messages: readonly Record<string, unknown>[];
  readonly tools: readonly unknown[];
}[] = [
  { id: "ask", messages: [ASK, LOOKUP], tools: REFUND_TOOLS },
  {
    id: "delivered",
    messages: [
      ASK,
      LOOKUP,
      { role: "tool", tool_call_id: "c1", content: '{"status": "delivered", "total": 10.50}' },
      call("refund_order", '{"order_id": "A1", "amount": 10.50}'),
    ],
    tools: REFUND_TOOLS,
  },
  {
    id: "lost",
    messages: [
      ASK,
      LOOKUP,
      { role: "tool", tool_call_id: "c1", content: '{"status": "lost"}' },
      { role: "assistant", content: "The order was lost: I have opened a claim instead." },
    ],
    tools: REFUND_TOOLS,
  },
];

/** A row's tools, as a request gives them. */
export function toolsOf(row: Row): unknown[] {
  return (JSON.parse(row.tools) as { name: string; description: string }[]).map((t) => ({
    type: "function",
    function: { name: t.name, description: t.description, parameters: { type: "object" } },
  }));
}

/** The chat request assess sends for a row, with `extra` members. */
export function body(row: Row, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "base",
    messages: [{ role: "system", content: "Be brief." }, { role: "user", content: row.query }],
    tools: toolsOf(row),
    temperature: 0,
    top_p: 1,
    seed: 0,
    max_tokens: 512,
    chat_template_kwargs: { enable_thinking: false },
    ...extra,
  };
}

/** POSTs `payload` to the emulator at `path`, and reads the reply whole (its JSON, if it is). */
export async function post(
  emu: Emulator,
  payload: unknown,
  headers: Record<string, string> = {},
  path = "/chat/completions",
): Promise<{ status: number; json: any; text: string; headers: Headers }> {
  const r = await fetch(emu.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  const text = await r.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, json, text, headers: r.headers };
}
