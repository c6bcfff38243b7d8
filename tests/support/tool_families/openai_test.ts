import assert from "node:assert/strict";
import { checkFamily } from "./_family_checks.ts";
import { openai, parseGptOssReasoning, parseHarmony } from "./openai.ts";
import { pyJsonDumps } from "../python_json.ts";

const none = { permissions: "none" } as const;

const ANALYSIS = '<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?"<|end|>';
const CALL = (recipient: string, args: string, ct = " <|constrain|>json") =>
  `<|start|>assistant<|channel|>commentary to=${recipient}${ct}<|message|>${args}<|call|>`;

// The conversations of vLLM's tests/tool_parsers/test_openai_tool_parser.py, as harmony renders
// the assistant's part of them.
Deno.test("openai: vLLM's test conversations", none, async (t) => {
  await t.step("no tools: the final text", () => {
    assert.deepEqual(openai.extract("<|channel|>final<|message|>This is a test<|return|>"), {
      toolsCalled: false,
      calls: [],
      content: "This is a test",
    });
  });
  await t.step("one call; its JSON loaded and dumped again", () => {
    for (const args of ['{"location": "Tokyo"}', '{\n"location": "Tokyo"\n}']) {
      assert.deepEqual(openai.extract(ANALYSIS + CALL("functions.get_current_weather", args)), {
        toolsCalled: true,
        calls: [{ name: "get_current_weather", arguments: '{"location": "Tokyo"}' }],
        content: null,
      });
    }
  });
  await t.step("content types: none, not JSON, empty", () => {
    const text = ANALYSIS + CALL("functions.no_content_type", '{"location": "Tokyo"}', "") +
      CALL("functions.not_json", "foo", "") + CALL("functions.empty_args", "{}") +
      CALL("functions.no_args", "");
    assert.deepEqual(openai.extract(text).calls, [
      { name: "no_content_type", arguments: '{"location": "Tokyo"}' },
      { name: "not_json", arguments: "foo" },
      { name: "empty_args", arguments: "{}" },
      { name: "no_args", arguments: "" },
    ]);
  });
  await t.step("a call and a final text", () => {
    const text = ANALYSIS + CALL("functions.get_current_weather", '{"location": "Tokyo"}') +
      "<|start|>assistant<|channel|>final<|message|>This tool call will get the weather.<|return|>";
    assert.equal(openai.extract(text).content, "This tool call will get the weather.");
  });
  await t.step("the recipient in the role's header", () => {
    const text =
      "<|channel|>analysis<|message|>x<|end|><|start|>assistant to=functions.f<|channel|>commentary json<|message|>{}<|call|>";
    assert.deepEqual(openai.extract(text).calls, [{ name: "f", arguments: "{}" }]);
  });
});

Deno.test("openai: the reasoning as parse_chat_output reads it", none, () => {
  assert.deepEqual(parseGptOssReasoning("<|channel|>analysis<|message|>thinking"), {
    reasoning: "thinking",
    content: null,
  });
  assert.deepEqual(
    parseGptOssReasoning(
      "<|channel|>analysis<|message|>a<|end|><|start|>assistant<|channel|>final<|message|>b",
    ),
    { reasoning: "a", content: "b" },
  );
  assert.deepEqual(
    parseGptOssReasoning(
      "<|channel|>analysis<|message|>a<|end|><|start|>assistant<|channel|>analysis<|message|>b<|end|>" +
        "<|start|>assistant<|channel|>final<|message|>c<|return|>",
    ),
    { reasoning: "a\nb", content: "c" },
  );
  // A token out of place ends the reading: what came before stands.
  assert.equal(
    parseHarmony("<|channel|>final<|message|>a<|end|>junk<|start|>x").messages.length,
    1,
  );
});

Deno.test("openai: the family's checks", none, async (t) => {
  await checkFamily(t, openai, {
    content: false,
    slipLost: () => true,
    args: (c) => pyJsonDumps(c.args, { ensureAscii: true }),
    // Hermes markup is no harmony: no message at all, no content.
    hermes: (_text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: null }),
  });
});
