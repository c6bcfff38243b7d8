/**
 * The phi4_mini_json port on the texts of vLLM's own tests
 * (`tests/tool_parsers/test_phi4mini_tool_parser.py` at
 * `dabb9d37ab4d41111237c2adb9d8936faf964b7c`), and the family's markup read back.
 */

import assert from "node:assert/strict";
import { extractPhi4Mini, phi4MiniJson } from "./phi4_mini_json.ts";
import { TOOL_FAMILIES } from "./mod.ts";
import { checkFamily } from "./_family_checks.ts";

const TOKYO = '{"name": "get_weather", "arguments": {"city": "Tokyo"}}';

Deno.test("phi4_mini_json port: vLLM's test texts", async (t) => {
  await t.step("no calls: the text as content", () => {
    const text = "This is a regular response without any tool calls.";
    assert.deepEqual(extractPhi4Mini(text), { toolsCalled: false, calls: [], content: text });
  });
  await t.step("single, parallel, empty arguments, surrounding text (dropped)", () => {
    assert.deepEqual(extractPhi4Mini(`functools[${TOKYO}]`), {
      toolsCalled: true,
      calls: [{ name: "get_weather", arguments: '{"city": "Tokyo"}' }],
      content: null,
    });
    assert.deepEqual(
      extractPhi4Mini(
        `functools[\n  ${TOKYO},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]`,
      ).calls.map((c) => c.name),
      ["get_weather", "get_time"],
    );
    assert.deepEqual(extractPhi4Mini('functools[{"name": "refresh", "arguments": {}}]').calls, [
      { name: "refresh", arguments: "{}" },
    ]);
    const around = extractPhi4Mini(
      `Let me check the weather for you.\nfunctools[${TOKYO}]\nWould you like to know more?`,
    );
    assert.deepEqual([around.calls.length, around.content], [1, null]);
  });
  await t.step(
    "a list in the arguments: the match ends early, nothing returned (vLLM's test fails on it too)",
    () => {
      assert.deepEqual(
        extractPhi4Mini('functools[{"name": "t", "arguments": {"array_field": ["a", "b", "c"]}}]'),
        { toolsCalled: true, calls: [], content: null },
      );
    },
  );
  await t.step("malformed inputs", () => {
    // Cut: no "]" to end the match: no calls, the text.
    const cut = 'functools[{"name": "func", "arguments": {';
    assert.deepEqual(extractPhi4Mini(cut), { toolsCalled: false, calls: [], content: cut });
    assert.deepEqual(
      extractPhi4Mini('functools[{"name": "func", "arguments": "not a dict"}]').calls,
      [{ name: "func", arguments: '"not a dict"' }],
    );
    const noBracket = 'functools{"name": "func"}';
    assert.deepEqual(extractPhi4Mini(noBracket).content, noBracket);
    const noArgs = 'functools[{"name": "func"}]';
    assert.deepEqual(extractPhi4Mini(noArgs), { toolsCalled: false, calls: [], content: noArgs });
    // An empty list: tools_called true with no calls (vLLM's test marks it).
    assert.deepEqual(extractPhi4Mini("functools[] This is just text"), {
      toolsCalled: true,
      calls: [],
      content: null,
    });
    assert.deepEqual(extractPhi4Mini("functools[ This is just text ]"), {
      toolsCalled: true,
      calls: [],
      content: null,
    });
  });
  await t.step("parameters instead of arguments", () => {
    assert.deepEqual(extractPhi4Mini('functools[{"name": "f", "parameters": {"x": 1}}]').calls, [
      { name: "f", arguments: '{"x": 1}' },
    ]);
  });
});

Deno.test("phi4_mini_json: registered, the family's checks", async (t) => {
  assert.equal(TOOL_FAMILIES.get("phi4_mini_json"), phi4MiniJson);
  await checkFamily(t, phi4MiniJson, {
    // Text before functools[ is dropped.
    content: false,
    listsLost: true,
    // A list that is not JSON: tools_called, no calls, no content (an empty reply).
    slipLost: (content) => content === "",
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});
