import assert from "node:assert/strict";
import { refusalOf } from "../../src/run/chat_check.ts";

const AUTO =
  '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set';

Deno.test("the fix for a server without tool calling names the parser, and the chat template vLLM gives its family", async (t) => {
  const fixOf = (parser: string | null) =>
    refusalOf(400, AUTO, { model: "base", baseline: true, toolCallParser: parser, maxTokens: 512 })!
      .fix;
  await t.step("llama3_json: vLLM's Llama 3.1 JSON template", () => {
    assert.deepEqual(fixOf("llama3_json"), [
      "start vLLM with --enable-auto-tool-choice --tool-call-parser llama3_json and the chat template vLLM gives for its models, e.g.",
      "  vllm serve MODEL --enable-auto-tool-choice --tool-call-parser llama3_json --chat-template examples/tool_chat_template_llama3.1_json.jinja --enable-lora --lora-modules NAME=PATH …",
    ]);
  });
  await t.step("hermes (and no parser configured): no template", () => {
    const hermes = [
      "start vLLM with --enable-auto-tool-choice --tool-call-parser hermes, e.g.",
      "  vllm serve MODEL --enable-auto-tool-choice --tool-call-parser hermes --enable-lora --lora-modules NAME=PATH …",
    ];
    assert.deepEqual(fixOf("hermes"), hermes);
    assert.deepEqual(fixOf(null), hermes);
  });
  await t.step("granite-20b-fc and phi4_mini_json: theirs", () => {
    assert.match(
      fixOf("granite-20b-fc")[1]!,
      / --chat-template examples\/tool_chat_template_granite_20b_fc\.jinja /,
    );
    assert.match(
      fixOf("phi4_mini_json")[1]!,
      / --chat-template examples\/tool_chat_template_phi4_mini\.jinja /,
    );
    assert.doesNotMatch(fixOf("mistral")[1]!, /--chat-template/);
  });
});
