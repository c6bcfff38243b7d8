/**
 * The granite and granite-20b-fc ports on the texts of vLLM's own tests
 * (`tests/tool_parsers/test_granite_tool_parser.py` at `4ec476587fa43f8694c35bcffb864ff9d5ef2d1d`,
 * `tests/tool_parsers/test_granite_20b_fc_tool_parser.py` at
 * `cd20a5785d36d73795dc3e87088ca370f9efe807`), and the families' markup read back.
 */

import assert from "node:assert/strict";
import { extractGranite, granite } from "./granite.ts";
import { extractGranite20bFc, granite20bFc } from "./granite_20b_fc.ts";
import { TOOL_FAMILIES } from "./mod.ts";
import { checkFamily } from "./_family_checks.ts";
import type { FamilyParse } from "./family.ts";

const TOKYO = '{"name": "get_weather", "arguments": {"city": "Tokyo"}}';
const TIME = '{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}';
const VARIOUS = `{
  "name": "test_function",
  "arguments": {
    "string_field": "hello",
    "int_field": 42,
    "float_field": 3.14,
    "bool_field": true,
    "null_field": null,
    "array_field": ["a", "b", "c"],
    "object_field": {"nested": "value"},
    "empty_array": [],
    "empty_object": {}
  }
}`;

/** The call names, or null for no calls with the whole text as content. */
function names(r: FamilyParse, text: string): string[] | null {
  if (!r.toolsCalled) {
    assert.equal(r.content, text);
    return null;
  }
  return r.calls.map((c) => c.name);
}

Deno.test("granite port: vLLM's test texts", async (t) => {
  const cases: [string, string, string[] | null][] = [
    ["no calls", "This is a regular response without any tool calls.", null],
    ["Granite 3.0 token", `<|tool_call|> [${TOKYO}]`, ["get_weather"]],
    ["Granite 3.1 string", `<tool_call> [${TOKYO}]`, ["get_weather"]],
    ["parallel", `<|tool_call|> [\n  ${TOKYO},\n  ${TIME}\n]`, ["get_weather", "get_time"]],
    ["various types", `<tool_call> [${VARIOUS}]`, ["test_function"]],
    ["empty arguments", '<|tool_call|> [{"name": "refresh", "arguments": {}}]', ["refresh"]],
    // vLLM's test marks surrounding text an expected failure: no calls.
    [
      "surrounding text",
      `Let me check the weather for you.\n<|tool_call|> [${TOKYO}]\nI'll get that information.`,
      null,
    ],
    ["malformed: cut", '<|tool_call|> [{"name": "func", "arguments": {', null],
    ["malformed: not a list", '<|tool_call|> {"name": "func", "arguments": {}}', null],
    ["malformed: no arguments", 'Some text [{"name": "func"}]', null],
  ];
  for (const [name, text, want] of cases) {
    await t.step(name, () => assert.deepEqual(names(extractGranite(text), text), want));
  }
  await t.step("arguments that are a string are dumped as a JSON string", () => {
    assert.deepEqual(extractGranite('[{"name": "func", "arguments": "not a dict"}]').calls, [
      { name: "func", arguments: '"not a dict"' },
    ]);
  });
  await t.step("content is null with calls", () => {
    assert.equal(extractGranite(`<tool_call>[${TOKYO}]`).content, null);
  });
});

Deno.test("granite-20b-fc port: vLLM's test texts", async (t) => {
  const cases: [string, string, string[] | null, string | null][] = [
    ["no calls", "This is a regular response without any tool calls.", null, null],
    ["single", `<function_call> ${TOKYO}`, ["get_weather"], null],
    [
      "parallel",
      `<function_call> ${TOKYO}\n<function_call> ${TIME}`,
      ["get_weather", "get_time"],
      null,
    ],
    ["various types", `<function_call> ${VARIOUS}`, ["test_function"], null],
    [
      "surrounding text: kept as content",
      `Let me check the weather for you.\n<function_call> ${TOKYO}`,
      ["get_weather"],
      "Let me check the weather for you.\n",
    ],
    ["malformed: cut", '<function_call> {"name": "func", "arguments": {', null, null],
    ["malformed: a list", '<function_call> [{"name": "func", "arguments": {}}]', null, null],
    ["malformed: no marker", '{"name": "func", "arguments": {}}', null, null],
    ["malformed: no arguments", '<function_call> {"name": 123}', null, null],
  ];
  for (const [name, text, want, content] of cases) {
    await t.step(name, () => {
      const r = extractGranite20bFc(text);
      assert.deepEqual(names(r, text), want);
      if (want !== null) assert.equal(r.content, content);
    });
  }
});

Deno.test("granite and granite-20b-fc: registered, the families' checks", async (t) => {
  assert.equal(TOOL_FAMILIES.get("granite"), granite);
  assert.equal(TOOL_FAMILIES.get("granite-20b-fc"), granite20bFc);
  await t.step("granite", async (t) => {
    await checkFamily(t, granite, {
      // Its parser reads no calls after text, so its model writes none before them.
      content: false,
      // Not a list after <tool_call>: no calls, the whole text.
      hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
    });
  });
  await t.step("granite-20b-fc", async (t) => {
    await checkFamily(t, granite20bFc, {
      // The text before the first <function_call>, the space after the sentence kept.
      content: "Let me look. ",
      hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
    });
  });
});
