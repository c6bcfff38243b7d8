import assert from "node:assert/strict";
import { writeAsWritten } from "../python_json.ts";
import { checkFamily } from "./_family_checks.ts";
import { kimiK2 } from "./kimi_k2.ts";

const none = { permissions: "none" } as const;

const S = "<|tool_calls_section_begin|>";
const SE = "<|tool_calls_section_end|>";

// The texts of vLLM's tests/tool_parsers/test_kimi_k2_tool_parser.py that the parser read here
// answers (the later parser's bare counters are not in it).
const tool = (id: string, args: string) =>
  `<|tool_call_begin|>${id} <|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const wrap = (...tools: string[]) => S + tools.join("") + SE;

Deno.test("kimi_k2: vLLM's test texts", none, async (t) => {
  const cases: [string, string, [string, string][], string][] = [
    ["single", "I'll check. " + wrap(tool("functions.get_weather:0", '{"city": "Beijing"}')), [[
      "get_weather",
      '{"city": "Beijing"}',
    ]], "I'll check. "],
    [
      "parallel",
      "Compare weather. " +
      wrap(
        tool("functions.get_weather:0", '{"city": "Beijing"}'),
        tool("functions.get_weather:1", '{"city": "Shanghai"}'),
      ),
      [["get_weather", '{"city": "Beijing"}'], ["get_weather", '{"city": "Shanghai"}']],
      "Compare weather. ",
    ],
    [
      "angle brackets in the JSON",
      "Process HTML. " + wrap(tool("functions.process_html:0", '{"html": "<div>content</div>"}')),
      [["process_html", '{"html": "<div>content</div>"}']],
      "Process HTML. ",
    ],
    [
      "multi-line JSON",
      "Formatted. " +
      wrap(tool("functions.process_data:0", '{\n  "name": "test",\n  "value": 123\n}')),
      [["process_data", '{\n  "name": "test",\n  "value": 123\n}']],
      "Formatted. ",
    ],
    ["no functions. prefix", "No prefix. " + wrap(tool("get_weather:0", '{"city": "Tokyo"}')), [[
      "get_weather",
      '{"city": "Tokyo"}',
    ]], "No prefix. "],
    ["empty arguments", "Empty args. " + wrap(tool("functions.test:0", "{}")), [[
      "test",
      "{}",
    ]], "Empty args. "],
    [
      "invalid JSON still extracted, as written",
      "Help. " +
      wrap(
        tool("functions.bad:0", '{"city": "Beijing"'),
        tool("functions.good:1", '{"city": "Shanghai"}'),
      ),
      [["bad", '{"city": "Beijing"'], ["good", '{"city": "Shanghai"}']],
      "Help. ",
    ],
    [
      "an id without :digits skipped",
      "Help. " +
      wrap(
        tool("functions.invalid.0", '{"city": "Beijing"}'),
        tool("functions.valid:1", '{"city": "Shanghai"}'),
      ),
      [["valid", '{"city": "Shanghai"}']],
      "Help. ",
    ],
  ];
  for (const [name, text, calls, content] of cases) {
    await t.step(name, () => {
      assert.deepEqual(kimiK2.extract(text), {
        toolsCalled: true,
        calls: calls.map(([n, a]) => ({ name: n, arguments: a })),
        content,
      });
    });
  }
  await t.step("no tools", () => {
    assert.deepEqual(kimiK2.extract("This is a test"), {
      toolsCalled: false,
      calls: [],
      content: "This is a test",
    });
  });
});

Deno.test("kimi_k2: the regex's \\s is Python's (U+FEFF kept, \\x1c trimmed)", none, () => {
  // CPython's re: \s in a str pattern is str.isspace: \x1c is one, U+FEFF is not.
  const text = wrap(tool("functions.f:0", '\ufeff{"x": 1}\u001c'));
  assert.deepEqual(kimiK2.extract(text).calls, [{ name: "f", arguments: '\ufeff{"x": 1}' }]);
});

Deno.test("kimi_k2: vLLM's text, the name from the id, slips dropped", none, async (t) => {
  await t.step("two calls, ids with and without functions.", () => {
    const text =
      `I'll check.${S}<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|>` +
      `<|tool_call_begin|> get_time:1 <|tool_call_argument_begin|> {"zone": "UTC"} <|tool_call_end|>${SE}`;
    assert.deepEqual(kimiK2.extract(text), {
      toolsCalled: true,
      calls: [
        { name: "get_weather", arguments: '{"city": "Beijing"}' },
        { name: "get_time", arguments: '{"zone": "UTC"}' },
      ],
      content: "I'll check.",
    });
  });
  await t.step("arguments over several lines are read (DOTALL)", () => {
    const text =
      `${S}<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{\n  "a": 1\n}<|tool_call_end|>${SE}`;
    assert.deepEqual(kimiK2.extract(text).calls, [{ name: "f", arguments: '{\n  "a": 1\n}' }]);
  });
  await t.step("an id without its index is dropped", () => {
    const text =
      `${S}<|tool_call_begin|>functions.f<|tool_call_argument_begin|>{}<|tool_call_end|>${SE}`;
    assert.deepEqual(kimiK2.extract(text), { toolsCalled: true, calls: [], content: null });
  });
  await checkFamily(t, kimiK2, {
    content: true,
    slipLost: () => true,
    args: (c) => writeAsWritten(c.args),
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});
