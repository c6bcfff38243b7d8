import assert from "node:assert/strict";
import { readReply } from "../../src/results/reply.ts";

function body(message: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
    ...extra,
  });
}

Deno.test("content becomes the text; null or absent content is empty text", async (t) => {
  for (
    const [name, message, text] of [
      ["string", { content: "hello" }, "hello"],
      ["null", { content: null }, ""],
      ["absent", {}, ""],
    ] as const
  ) {
    await t.step(name, () => {
      const read = readReply(body(message), 100);
      assert(read.ok);
      assert.equal(read.reply.text, text);
      assert.deepEqual(read.reply.calls, []);
    });
  }
});

Deno.test("tool calls become name and arguments text, as sent", () => {
  const read = readReply(
    body({
      content: "\n\n",
      tool_calls: [
        { id: "a", type: "function", function: { name: "f", arguments: '{"a": 1.0}' } },
        { id: "b", type: "function", function: { name: "g", arguments: "{}" } },
      ],
    }),
    100,
  );
  assert(read.ok);
  assert.deepEqual(read.reply.calls, [
    { name: "f", arguments: '{"a": 1.0}' },
    { name: "g", arguments: "{}" },
  ]);
  assert.equal(read.reply.text, "\n\n");
});

Deno.test("truncated when the finish reason is length, or all maxTokens were used", async (t) => {
  const cases = [
    ["length", 3, false, true],
    ["tool_calls", 100, true, true],
    ["tool_calls", 101, true, true],
    ["tool_calls", 99, true, false],
    ["stop", null, false, false],
  ] as const;
  for (const [finish, used, withCall, truncated] of cases) {
    await t.step(`${finish} with ${used} tokens`, () => {
      const text = JSON.stringify({
        choices: [{
          message: {
            content: null,
            tool_calls: withCall ? [{ function: { name: "f", arguments: "{}" } }] : [],
          },
          finish_reason: finish,
        }],
        ...(used === null ? {} : { usage: { completion_tokens: used } }),
      });
      const read = readReply(text, 100);
      assert(read.ok);
      assert.equal(read.reply.truncated, truncated);
      assert.equal(read.reply.finishReason, finish);
    });
  }
});

Deno.test("reasoning comes from reasoning, else reasoning_content", () => {
  const both = readReply(body({ reasoning: "new", reasoning_content: "old" }), 10);
  const old = readReply(body({ reasoning_content: "old" }), 10);
  const none = readReply(body({ reasoning: null }), 10);
  assert(both.ok && old.ok && none.ok);
  assert.equal(both.reply.reasoning, "new");
  assert.equal(old.reply.reasoning, "old");
  assert.equal(none.reply.reasoning, null);
});

Deno.test("usage is read, reasoning tokens included when given", () => {
  const read = readReply(
    body({ content: "x" }, {
      usage: {
        prompt_tokens: 5,
        completion_tokens: 7,
        total_tokens: 12,
        completion_tokens_details: { reasoning_tokens: 4 },
      },
    }),
    100,
  );
  assert(read.ok);
  assert.deepEqual(read.usage, {
    promptTokens: 5,
    completionTokens: 7,
    totalTokens: 12,
    reasoningTokens: 4,
  });
});

Deno.test("what vLLM never sends is a malformed error that says what is wrong", async (t) => {
  const cases: [string, string][] = [
    ["<html>oops</html>", 'the response is not JSON (it starts "<html>oops</html>")'],
    ["[1]", "the response is not a JSON object"],
    ["{}", "the response has no choices"],
    ['{"choices": []}', "the response has no choices"],
    ['{"choices": [{}]}', "the response's choices[0] has no message object"],
    [
      '{"choices": [{"message": {"content": 5}}]}',
      "choices[0].message.content is neither a string nor null",
    ],
    [
      '{"choices": [{"message": {"tool_calls": {}}}]}',
      "choices[0].message.tool_calls is not a list",
    ],
    [
      '{"choices": [{"message": {"tool_calls": [1]}}]}',
      "choices[0].message.tool_calls[0] has no function object",
    ],
    [
      '{"choices": [{"message": {"tool_calls": [{"function": {"name": 1, "arguments": "{}"}}]}}]}',
      "choices[0].message.tool_calls[0].function.name is not a string",
    ],
    [
      '{"choices": [{"message": {"tool_calls": [{"function": {"name": "f", "arguments": {}}}]}}]}',
      "choices[0].message.tool_calls[0].function.arguments is not a string",
    ],
    [
      '{"choices": [{"message": {}, "finish_reason": 3}]}',
      "choices[0].finish_reason is neither a string nor null",
    ],
  ];
  for (const [text, message] of cases) {
    await t.step(message, () => {
      const read = readReply(text, 10);
      assert.equal(read.ok, false);
      if (!read.ok) {
        assert.deepEqual(read.error, { kind: "malformed", message, status: 200, transient: false });
      }
    });
  }
});
