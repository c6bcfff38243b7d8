import assert from "node:assert/strict";
import { pyJsonDumps } from "../python_json.ts";
import { checkFamily } from "./_family_checks.ts";
import { extractGlm47, glm45 } from "./glm45.ts";
import { familyExtract } from "./family.ts";

const none = { permissions: "none" } as const;

const TOOLS = [{
  type: "function",
  function: {
    name: "get_weather",
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, date: { type: "string" } },
    },
  },
}];

// Texts of vLLM's tests/tool_parsers/test_glm4_moe_tool_parser.py.
Deno.test("glm45: vLLM's test texts", none, async (t) => {
  await t.step("calls with content before them", () => {
    const text = "I will help you get the weather info.\n\n<tool_call>get_weather\n" +
      "<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n" +
      "<arg_value>2025-08-01</arg_value>\n</tool_call>\n\nmeanwhile\n\n<tool_call>get_weather\n" +
      "<arg_key>city</arg_key>\n<arg_value>Shanghai</arg_value>\n</tool_call>";
    assert.deepEqual(glm45.extract(text, TOOLS), {
      toolsCalled: true,
      calls: [
        { name: "get_weather", arguments: '{"city": "Beijing", "date": "2025-08-01"}' },
        { name: "get_weather", arguments: '{"city": "Shanghai"}' },
      ],
      content: "I will help you get the weather info.\n\n",
    });
  });
  await t.step("no arguments", () => {
    const p = glm45.extract("<tool_call>get_current_time\n</tool_call>", TOOLS);
    assert.deepEqual(p.calls, [{ name: "get_current_time", arguments: "{}" }]);
    assert.equal(p.content, "");
  });
  await t.step("a call never closed: no call, the whole text", () => {
    const text = "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>";
    assert.deepEqual(glm45.extract(text, TOOLS), { toolsCalled: false, calls: [], content: text });
  });
  await t.step("values not typed string are deserialised; json.dumps escapes non-ASCII", () => {
    const text =
      "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Zürich</arg_value>\n" +
      "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n<arg_key>hours</arg_key>\n" +
      "<arg_value>[6, 18]</arg_value>\n<arg_key>q</arg_key>\n<arg_value>{'a': True}</arg_value>\n" +
      "<arg_key>word</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>";
    assert.equal(
      glm45.extract(text, TOOLS).calls[0]!.arguments,
      '{"city": "Z\\u00fcrich", "days": 3, "hours": [6, 18], "q": {"a": true}, "word": "Paris"}',
    );
  });
  await t.step("keys and values stripped of Python's whitespace only (U+FEFF kept)", () => {
    // CPython: str.strip() and the pattern's \s take \x1c and \x85, never U+FEFF.
    const text = "<tool_call>get_weather\n<arg_key>\u001ccity\ufeff</arg_key>\u0085" +
      "<arg_value>\ufeffParis\u001c</arg_value>\n</tool_call>";
    assert.deepEqual(glm45.extract(text, TOOLS).calls, [
      { name: "get_weather", arguments: '{"city\\ufeff": "\\ufeffParis"}' },
    ]);
    const between = "<tool_call>get_weather\n<arg_key>city</arg_key>\ufeff" +
      "<arg_value>Paris</arg_value>\n</tool_call>";
    assert.deepEqual(glm45.extract(between, TOOLS).calls, [
      { name: "get_weather", arguments: "{}" },
    ]);
  });
  await t.step("a block without a newline raises: no call, the whole text", () => {
    const text =
      "<tool_call>get_weather<arg_key>city</arg_key><arg_value>X</arg_value></tool_call>";
    assert.deepEqual(glm45.extract(text, TOOLS), { toolsCalled: false, calls: [], content: text });
  });
});

Deno.test("glm45: the family's checks", none, async (t) => {
  await checkFamily(t, glm45, {
    content: true,
    noContent: "",
    args: (c) => pyJsonDumps(c.args, { ensureAscii: true }),
    // Hermes' block opens with a newline: a call named "" with no arguments.
    hermes: (_text, p) =>
      assert.deepEqual(p, {
        toolsCalled: true,
        calls: [{ name: "", arguments: "{}" }],
        content: "",
      }),
  });
});

// Texts of vLLM's tests/tool_parsers/test_glm47_moe_tool_parser.py (at
// 0ce879769db6d7503db0ecdfb5b503b080720347), its tools: get_current_date with parameters {},
// get_weather with city and date typed string.
const TOOLS_47 = [
  { type: "function", function: { name: "get_current_date", parameters: {} } },
  ...TOOLS,
];

Deno.test("glm47 (main-2026): vLLM's test texts", none, async (t) => {
  const p = (text: string) => extractGlm47(text, TOOLS_47);
  await t.step("no call: the text", () => {
    const out = "This is a plain response.";
    assert.deepEqual(p(out), { toolsCalled: false, calls: [], content: out });
  });
  await t.step("no argument, inline or after a newline; content None", () => {
    for (
      const out of [
        "<tool_call>get_current_date</tool_call>",
        "<tool_call>get_current_date\n</tool_call>",
      ]
    ) {
      assert.deepEqual(p(out), {
        toolsCalled: true,
        calls: [{ name: "get_current_date", arguments: "{}" }],
        content: null,
      });
    }
  });
  await t.step("arguments on the name's line, or after newlines", () => {
    for (
      const out of [
        "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>",
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>",
      ]
    ) {
      assert.deepEqual(p(out).calls, [{ name: "get_weather", arguments: '{"city": "Beijing"}' }]);
    }
  });
  await t.step("content before the call", () => {
    assert.equal(p("Checking.<tool_call>get_current_date</tool_call>").content, "Checking.");
  });
  await t.step("two calls", () => {
    const out =
      "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>" +
      "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Shanghai</arg_value></tool_call>";
    assert.deepEqual(p(out).calls, [
      { name: "get_weather", arguments: '{"city": "Beijing"}' },
      { name: "get_weather", arguments: '{"city": "Shanghai"}' },
    ]);
  });
  await t.step("content of whitespace only: None", () => {
    assert.equal(p("  \n  <tool_call>get_current_date</tool_call>").content, null);
  });
});

Deno.test("glm47 (main-2026): where it reads otherwise than GLM-4.5's", none, async (t) => {
  await t.step(
    "values: strings kept as written, others by json.loads then literal_eval; non-ASCII as is",
    () => {
      const text =
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value> Zürich </arg_value>\n" +
        "<arg_key>days</arg_key>\n<arg_value> 3 </arg_value>\n<arg_key>q</arg_key>\n" +
        "<arg_value>{'a': True}</arg_value>\n<arg_key>word</arg_key>\n<arg_value>Paris</arg_value>\n" +
        '<arg_key>esc</arg_key>\n<arg_value>[1, \\"x\\"]</arg_value>\n</tool_call>';
      assert.equal(
        extractGlm47(text, TOOLS).calls[0]!.arguments,
        '{"city": " Zürich ", "days": 3, "q": {"a": true}, "word": "Paris", "esc": "[1, \\\\\\"x\\\\\\"]"}',
      );
    },
  );
  await t.step("hermes markup: a call named by the block's text, no arguments", () => {
    const text =
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    assert.deepEqual(extractGlm47(text, TOOLS), {
      toolsCalled: true,
      calls: [{ name: '{"name": "get_weather", "arguments": {"city": "Paris"}}', arguments: "{}" }],
      content: null,
    });
  });
  await t.step("the family's one-line slip is a call here; the unclosed one is still none", () => {
    const calls = [{ name: "get_weather", args: new Map([["city", "Paris"]]) }];
    const oneLine = glm45.undecodable(calls, 0.25);
    assert.equal(glm45.extract(oneLine, TOOLS).toolsCalled, false);
    assert.deepEqual(extractGlm47(oneLine, TOOLS).calls, [
      { name: "get_weather", arguments: '{"city": "Paris"}' },
    ]);
    const open = glm45.undecodable(calls, 0.75);
    assert.deepEqual(extractGlm47(open, TOOLS), { toolsCalled: false, calls: [], content: open });
  });
  await t.step("the family serves it for main-2026 only", () => {
    assert.equal(familyExtract(glm45, "main-2026"), extractGlm47);
    assert.equal(familyExtract(glm45, "mid"), glm45.extract);
    assert.equal(familyExtract(glm45, "legacy"), glm45.extract);
  });
});
