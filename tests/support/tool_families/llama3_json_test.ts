/**
 * The llama3_json port on the texts of vLLM's own tests
 * (`tests/tool_parsers/test_llama3_json_tool_parser.py` at
 * `e761a18556be6e7e80a81c8bc4b443ac52b2ba69`), and the family's markup read back.
 */

import assert from "node:assert/strict";
import { extractLlamaJson, llama3Json, llama4Json } from "./llama3_json.ts";
import { TOOL_FAMILIES } from "./mod.ts";
import { checkFamily } from "./_family_checks.ts";

const names = (text: string) => extractLlamaJson(text).calls.map((c) => c.name);

Deno.test("llama3_json port: vLLM's test texts", async (t) => {
  const cases: [string, string, string[] | null, string | null][] = [
    // name, text, the call names (null: no calls, the whole text as content), the content.
    [
      "simple, text around it dropped",
      'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?',
      ["getOpenIncidentsTool"],
      null,
    ],
    ["no json", "This is just some text without any tool calls", null, "same"],
    ["invalid json", '{"name": "invalidTool", "parameters": {invalid json}', null, "same"],
    [
      "arguments key",
      '{"name": "searchTool", "arguments": {"query": "test"}}',
      ["searchTool"],
      null,
    ],
    [
      "three separated by semicolons",
      '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}',
      ["searchTool", "getOpenIncidentsTool", "searchTool"],
      null,
    ],
    [
      "with whitespace",
      '{"name": "searchTool", "parameters": {"query": "test1"}} ; {"name": "getOpenIncidentsTool", "parameters": {}} ; {"name": "searchTool", "parameters": {"query": "test2"}}',
      ["searchTool", "getOpenIncidentsTool", "searchTool"],
      null,
    ],
    [
      "deeply nested",
      '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}',
      ["complexTool"],
      null,
    ],
    [
      "brackets in strings",
      '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
      ["searchTool"],
      null,
    ],
    ["missing name", '{"parameters": {}}', null, "same"],
    ["missing parameters and arguments", '{"name": "toolWithoutParams"}', null, "same"],
  ];
  for (const [name, text, calls, content] of cases) {
    await t.step(name, () => {
      const r = extractLlamaJson(text);
      if (calls === null) {
        assert.deepEqual(r, { toolsCalled: false, calls: [], content: text });
      } else {
        assert.deepEqual(names(text), calls);
        assert.equal(r.toolsCalled, true);
        assert.equal(r.content, content);
      }
    });
  }
  await t.step("arguments as json.dumps writes them", () => {
    assert.deepEqual(
      extractLlamaJson('{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}')
        .calls,
      [{ name: "searchTool", arguments: '{"query": "test query", "limit": 10}' }],
    );
    assert.deepEqual(
      extractLlamaJson(
        '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}',
      )
        .calls,
      [{ name: "parserTool", arguments: '{"text": "He said \\"Hello {world}\\""}' }],
    );
  });
  await t.step("a name that is not a string: no calls (FunctionCall wants a str)", () => {
    assert.equal(extractLlamaJson('{"name": 3, "parameters": {}}').toolsCalled, false);
  });
});

Deno.test("llama3_json and llama4_json: registered, the family's checks", async (t) => {
  assert.equal(TOOL_FAMILIES.get("llama3_json"), llama3Json);
  assert.equal(TOOL_FAMILIES.get("llama4_json"), llama4Json);
  assert.equal(llama3Json.parallel, false);
  assert.equal(llama4Json.parallel, true);
  for (const family of [llama3Json, llama4Json]) {
    await t.step(family.parser, async (t) => {
      await checkFamily(t, family, {
        // Text around calls is dropped.
        content: false,
        // The JSON object inside hermes' block is a call: read, the tags dropped.
        hermes: (_text, p) =>
          assert.deepEqual(p, {
            toolsCalled: true,
            calls: [{ name: "get_time", arguments: '{"zone": "UTC"}' }],
            content: null,
          }),
      });
    });
  }
});
