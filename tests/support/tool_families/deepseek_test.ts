import assert from "node:assert/strict";
import { parseDeepSeekR1Reasoning } from "../vllm_parsers.ts";
import { checkFamily } from "./_family_checks.ts";
import { deepseekV3 } from "./deepseek_v3.ts";
import { deepseekV31 } from "./deepseek_v31.ts";
import { writeAsWritten } from "../python_json.ts";

const none = { permissions: "none" } as const;

const B = "<｜tool▁calls▁begin｜>";
const E = "<｜tool▁calls▁end｜>";
const CB = "<｜tool▁call▁begin｜>";
const CE = "<｜tool▁call▁end｜>";
const SEP = "<｜tool▁sep｜>";

// The DeepSeek-V3 text of the parser's docstring and of vLLM's tests.
const V3 =
  `${B}${CB}function${SEP}get_current_weather\n\`\`\`json\n{"location": "Beijing"}\n\`\`\`${CE}\n` +
  `${CB}function${SEP}get_current_weather\n\`\`\`json\n{"location": "Shanghai"}\n\`\`\`${CE}${E}`;

Deno.test("deepseek_v3: vLLM's text, calls as written, slips dropped", none, async (t) => {
  await t.step("two calls, arguments verbatim", () => {
    assert.deepEqual(deepseekV3.extract(`Let me see.${V3}`), {
      toolsCalled: true,
      calls: [
        { name: "get_current_weather", arguments: '{"location": "Beijing"}' },
        { name: "get_current_weather", arguments: '{"location": "Shanghai"}' },
      ],
      content: "Let me see.",
    });
  });
  await t.step("arguments over several lines do not match: dropped, tools_called", () => {
    const text = `${B}${CB}function${SEP}f\n\`\`\`json\n{\n  "a": 1\n}\n\`\`\`${CE}${E}`;
    assert.deepEqual(deepseekV3.extract(text), { toolsCalled: true, calls: [], content: null });
  });
  await t.step("a type other than function fails validation: the whole text", () => {
    const text = `${B}${CB}tool${SEP}f\n\`\`\`json\n{}\n\`\`\`${CE}${E}`;
    assert.deepEqual(deepseekV3.extract(text), { toolsCalled: false, calls: [], content: text });
  });
  await checkFamily(t, deepseekV3, {
    content: true,
    slipLost: () => true,
    args: (c) => writeAsWritten(c.args),
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});

Deno.test("deepseek_v31: vLLM's test texts", none, async (t) => {
  // tests/tool_parsers/test_deepseekv31_tool_parser.py
  await t.step("one call, content before it", () => {
    const text = `normal text${B}${CB}foo${SEP}{"x":1}${CE}${E}`;
    assert.deepEqual(deepseekV31.extract(text), {
      toolsCalled: true,
      calls: [{ name: "foo", arguments: '{"x":1}' }],
      content: "normal text",
    });
  });
  await t.step("two calls, text after them dropped", () => {
    const text =
      `some prefix text${B}${CB}foo${SEP}{"x":1}${CE}${CB}bar${SEP}{"y":2}${CE}${E} some suffix text`;
    assert.deepEqual(deepseekV31.extract(text), {
      toolsCalled: true,
      calls: [{ name: "foo", arguments: '{"x":1}' }, { name: "bar", arguments: '{"y":2}' }],
      content: "some prefix text",
    });
  });
  await t.step("an unparsable block: tools_called, no calls, the text before it", () => {
    // At the commit ported. vLLM's later parser (its test at 100fe7e0c1…) returns no call and
    // the whole text here instead, which assess reads as unparsed-call.
    for (
      const [text, content] of [
        [`Let me look that up.${B}get_weather`, "Let me look that up."],
        [`${B}foo${SEP}{"x":1}${E}`, null],
      ] as const
    ) {
      assert.deepEqual(deepseekV31.extract(text), { toolsCalled: true, calls: [], content });
    }
  });
});

Deno.test("deepseek_v31: vLLM's text, calls as written, slips dropped", none, async (t) => {
  await t.step("two calls, arguments verbatim", () => {
    const text = `${B}${CB}get_weather${SEP}{"city": "Paris"}${CE}${CB}get_time${SEP}{}${CE}${E}`;
    assert.deepEqual(deepseekV31.extract(text), {
      toolsCalled: true,
      calls: [
        { name: "get_weather", arguments: '{"city": "Paris"}' },
        { name: "get_time", arguments: "{}" },
      ],
      content: null,
    });
  });
  await t.step("a call without its end token is dropped", () => {
    const text = `Hm.${B}${CB}get_weather${SEP}{"city": "Paris"}${E}`;
    assert.deepEqual(deepseekV31.extract(text), { toolsCalled: true, calls: [], content: "Hm." });
  });
  await checkFamily(t, deepseekV31, {
    content: true,
    slipLost: () => true,
    args: (c) => writeAsWritten(c.args),
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});

Deno.test("deepseek_r1 reasoning: <think> optional, </think> splits", none, () => {
  const cases: [string, string | null, string | null][] = [
    ["<think>I think.</think>The answer.", "I think.", "The answer."],
    ["I think.</think>The answer.", "I think.", "The answer."],
    ["<think>I think.</think>", "I think.", null],
    ["I think, and never stop.", "I think, and never stop.", null],
    ["<think></think>\n\nHi", "", "\n\nHi"],
    ["a</think>b</think>c", "a", "b</think>c"],
  ];
  for (const [text, reasoning, content] of cases) {
    assert.deepEqual(parseDeepSeekR1Reasoning(text), { reasoning, content }, text);
  }
});
