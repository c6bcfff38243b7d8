/**
 * The mistral port on the texts of vLLM's own tests
 * (`tests/tool_parsers/test_mistral_tool_parser.py` at
 * `ff583b3c92c19db2692a77174b104068526b6e07`), before and from tokenizer v11, and the family's
 * markup read back.
 */

import assert from "node:assert/strict";
import { extractMistral, mistral, mistralV11 } from "./mistral.ts";
import { ParserRaised } from "./family.ts";
import { TOOL_FAMILIES } from "./mod.ts";
import { checkFamily } from "./_family_checks.ts";

Deno.test("mistral port before v11: vLLM's test texts", async (t) => {
  await t.step("no tools: the text as content", () => {
    assert.deepEqual(extractMistral("This is a test"), {
      toolsCalled: false,
      calls: [],
      content: "This is a test",
    });
  });
  const cases: [string, string, string, string][] = [
    [
      "add",
      '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]',
      "add",
      '{"a": 3.5, "b": 4}',
    ],
    [
      "weather",
      '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
      "get_current_weather",
      '{"city": "San Francisco", "state": "CA", "unit": "celsius"}',
    ],
    [
      "argument before name",
      '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
      "get_current_weather",
      '{"city": "San Francisco", "state": "CA", "unit": "celsius"}',
    ],
    [
      "name in the arguments",
      '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]',
      "get_age",
      '{"name": "John Doe"}',
    ],
  ];
  for (const [name, text, tool, args] of cases) {
    await t.step(name, () => {
      assert.deepEqual(extractMistral(text), {
        toolsCalled: true,
        calls: [{ name: tool, arguments: args }],
        content: null,
      });
    });
  }
  await t.step("a list that is not JSON: no calls, the text after the marker, stripped", () => {
    assert.deepEqual(extractMistral('Hm [TOOL_CALLS] [{"name": "f", "arguments": {"x": 1}]  '), {
      toolsCalled: false,
      calls: [],
      content: '[{"name": "f", "arguments": {"x": 1}]',
    });
  });
  await t.step("the fallback takes the objects' arguments as they are", () => {
    // Not JSON as a whole (words after the list); the greedy [{…}] is.
    assert.deepEqual(
      extractMistral('[TOOL_CALLS] [{"name": "f", "arguments": "{\\"x\\": 1}"}] done'),
      { toolsCalled: true, calls: [{ name: "f", arguments: '{"x": 1}' }], content: null },
    );
    // Arguments that are a dict there: FunctionCall refuses them, the parser raises.
    assert.throws(
      () => extractMistral('[TOOL_CALLS] [{"name": "f", "arguments": {"x": 1}}] done'),
      /arguments: Input should be a valid string/,
    );
  });
  await t.step(
    "where the parser raises: the Python class, and the status vLLM answers with",
    () => {
      const raise = (text: string) => {
        try {
          extractMistral(text);
        } catch (e) {
          if (e instanceof ParserRaised) return [e.pythonType, e.status];
          throw e;
        }
        return null;
      };
      // Two markers before v11: a ValueError (400).
      assert.deepEqual(
        raise('[TOOL_CALLS] [{"name": "f", "arguments": {}}][TOOL_CALLS] []'),
        ["ValueError", 400],
      );
      // A call without arguments: a KeyError (500).
      assert.deepEqual(raise('[TOOL_CALLS] [{"name": "f"}]'), ["KeyError", 500]);
      // A list of strings: a TypeError (400).
      assert.deepEqual(raise('[TOOL_CALLS] ["f"]'), ["TypeError", 400]);
    },
  );
});

Deno.test("mistral port from v11: vLLM's test texts", async (t) => {
  const cases: [string, string, [string, string][], string | null][] = [
    ["add", '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', [[
      "add_this_and_that",
      '{"a": 3.5, "b": 4}',
    ]], null],
    [
      "two calls",
      '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}',
      [["add", '{"a": 3.5, "b": 4}'], ["multiply", '{"a": 3, "b": 6}']],
      null,
    ],
    [
      "complex: arguments cut, kept as written",
      'hi{hi[TOOL_CALLS]bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')',
      [["bash", '{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')']],
      "hi{hi",
    ],
  ];
  for (const [name, text, calls, content] of cases) {
    await t.step(name, () => {
      assert.deepEqual(extractMistral(text, true), {
        toolsCalled: true,
        calls: calls.map(([n, a]) => ({ name: n, arguments: a })),
        content,
      });
    });
  }
  await t.step("a part with no brace is dropped", () => {
    assert.deepEqual(extractMistral("[TOOL_CALLS]oops", true), {
      toolsCalled: true,
      calls: [],
      content: null,
    });
  });
});

Deno.test("mistral: registered (before v11), special tokens kept, the family's checks", async (t) => {
  assert.equal(TOOL_FAMILIES.get("mistral"), mistral);
  assert.deepEqual([mistral.specialTokens, mistral.keepsSpecialTokens], [["[TOOL_CALLS]"], true]);
  const v11 = mistralV11.write([{ name: "f", args: new Map() }]);
  assert.deepEqual(mistralV11.extract(v11).calls, [{ name: "f", arguments: "{}" }]);
  await checkFamily(t, mistral, {
    content: true,
    // The parser returns the text after [TOOL_CALLS], stripped, without it (before main-2026).
    slipLost: () => true,
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});
