import assert from "node:assert/strict";
import type { PyValue } from "../python_json.ts";
import { extractQwen3Engine } from "./qwen3_engine.ts";
import { qwen3Coder } from "./qwen3_coder.ts";
import { familyExtract } from "./family.ts";
import { TOOL_FAMILIES } from "./mod.ts";

const none = { permissions: "none" } as const;

const TOOLS = [{
  type: "function",
  function: {
    name: "get_weather",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string" },
        days: { type: "integer" },
        hot: { type: "boolean" },
        temp: { type: "number" },
        tags: { type: "array" },
        when: { type: ["null", "string"] },
      },
    },
  },
}];

// Texts in qwen3's markup, with what they give as vllm/parser/qwen3.py and parser_engine.py
// (extract_tool_calls_from_content) were read; no vLLM test of this class was read.
Deno.test(
  "qwen3 engine (main-2026): right calls, typed by coerce_to_schema_type",
  none,
  async (t) => {
    await t.step("content before, stripped; parameters on one line", () => {
      const text = "Sure, checking now. <tool_call>\n<function=get_weather>\n" +
        "<parameter=city>Tokyo</parameter>\n<parameter=unit>celsius</parameter>\n" +
        "</function>\n</tool_call>";
      assert.deepEqual(extractQwen3Engine(text, TOOLS), {
        toolsCalled: true,
        calls: [{ name: "get_weather", arguments: '{"city": "Tokyo", "unit": "celsius"}' }],
        content: "Sure, checking now.",
      });
    });
    await t.step("two calls; text after them is not content; none before: None", () => {
      const text = "<tool_call>\n<function=alpha>\n<parameter=x>1</parameter>\n</function>\n" +
        "</tool_call><tool_call>\n<function=beta>\n<parameter=y>2</parameter>\n</function>\n" +
        "</tool_call>\nDone.";
      assert.deepEqual(extractQwen3Engine(text, TOOLS), {
        toolsCalled: true,
        calls: [
          { name: "alpha", arguments: '{"x": "1"}' },
          { name: "beta", arguments: '{"y": "2"}' },
        ],
        content: null,
      });
    });
    await t.step("an unfinished call is still a call, its unclosed parameter left out", () => {
      const text = "<tool_call>\n<function=get_weather>\n<parameter=city>Tokyo";
      assert.deepEqual(extractQwen3Engine(text, TOOLS).calls, [
        { name: "get_weather", arguments: "{}" },
      ]);
    });
    await t.step(
      "values: one wrapping newline off, then the schema's types in priority order",
      () => {
        const p = (k: string, v: string) =>
          `<tool_call>\n<function=get_weather>\n<parameter=${k}>\n${v}\n</parameter>\n</function>\n</tool_call>`;
        const args = (k: string, v: string) =>
          extractQwen3Engine(p(k, v), TOOLS).calls[0]!.arguments;
        assert.equal(args("city", "\n3\n"), '{"city": "\\n3\\n"}');
        assert.equal(args("days", " 1_000 "), '{"days": 1000}');
        assert.equal(args("days", "x"), '{"days": "x"}');
        assert.equal(args("temp", "2.0"), '{"temp": 2}');
        assert.equal(args("temp", "inf"), '{"temp": "inf"}');
        assert.equal(args("hot", "1"), '{"hot": true}');
        assert.equal(args("hot", "yes"), '{"hot": "yes"}');
        assert.equal(args("tags", "[1, 2]"), '{"tags": [1, 2]}');
        assert.equal(args("when", "NULL"), '{"when": null}');
        assert.equal(args("other", "3"), '{"other": "3"}');
      },
    );
  },
);

Deno.test("qwen3 engine (main-2026): slips, plain text, hermes markup", none, async (t) => {
  const calls = [{
    name: "get_weather",
    args: new Map<string, PyValue>([["city", "Paris"], ["days", {
      kind: "int",
      value: 3n,
      text: "3",
    }]]),
  }];
  await t.step("a parameter tag without `>`: the call, the parameter under a wrong key", () => {
    const slip = qwen3Coder.undecodable(calls, 0.25);
    assert.equal(qwen3Coder.extract(slip, TOOLS).toolsCalled, false);
    assert.deepEqual(extractQwen3Engine(slip, TOOLS), {
      toolsCalled: true,
      calls: [{ name: "get_weather", arguments: '{"city\\nParis\\n</parameter": "", "days": 3}' }],
      content: null,
    });
  });
  await t.step("the last parameter's tag without `>`: the call without it", () => {
    assert.deepEqual(extractQwen3Engine(qwen3Coder.undecodable(calls, 0.75), TOOLS).calls, [
      { name: "get_weather", arguments: '{"city": "Paris"}' },
    ]);
  });
  await t.step("a function tag without `>`, no parameter: the call itself", () => {
    const slip = qwen3Coder.undecodable([{ name: "get_weather", args: new Map() }], 0.5);
    assert.deepEqual(extractQwen3Engine(slip, TOOLS).calls, [
      { name: "get_weather", arguments: "{}" },
    ]);
  });
  await t.step("plain text: no call, the text", () => {
    assert.deepEqual(extractQwen3Engine("plain words", TOOLS), {
      toolsCalled: false,
      calls: [],
      content: "plain words",
    });
  });
  await t.step("hermes markup: no call (what the serving then sends is the text)", () => {
    const text =
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    assert.equal(extractQwen3Engine(text, TOOLS).toolsCalled, false);
  });
  await t.step("served for main-2026 under both names, the older port before", () => {
    for (const name of ["qwen3_coder", "qwen3_xml"]) {
      const f = TOOL_FAMILIES.get(name)!;
      assert.equal(familyExtract(f, "main-2026"), extractQwen3Engine);
      assert.equal(familyExtract(f, "mid"), qwen3Coder.extract);
    }
  });
});
