/**
 * The xlam port on the texts of vLLM's own tests (`tests/tool_parsers/test_xlam_tool_parser.py`
 * at `91f3c5bd4ebc8efccd2808afc27e04722181f247`), and the family's markup read back.
 */

import assert from "node:assert/strict";
import { extractXlam, xlam } from "./xlam.ts";
import { pyJsonDumps } from "../python_json.ts";
import { TOOL_FAMILIES } from "./mod.ts";
import { checkFamily } from "./_family_checks.ts";

const DALLAS =
  '{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}';
const DALLAS_ARGS = '{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}';

Deno.test("xlam port: vLLM's test texts", async (t) => {
  await t.step("no tools: the text as content", () => {
    assert.deepEqual(extractXlam("This is a test"), {
      toolsCalled: false,
      calls: [],
      content: "This is a test",
    });
  });
  const cases: [string, string, number, string | null][] = [
    [
      "parallel calls",
      `[${DALLAS}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]`,
      2,
      null,
    ],
    [
      "after a think tag",
      `<think>I'll help you with that.</think>[${DALLAS}]`,
      1,
      "<think>I'll help you with that.</think>",
    ],
    [
      "in a code fence",
      `I'll help you with that.\n\`\`\`json\n[${DALLAS}]\n\`\`\``,
      1,
      "I'll help you with that.",
    ],
    [
      "after [TOOL_CALLS]",
      `I'll check the weather for you.[TOOL_CALLS][${DALLAS}]`,
      1,
      "I'll check the weather for you.",
    ],
    [
      "in <tool_call> tags",
      `I'll help you check the weather.<tool_call>[${DALLAS}]</tool_call>`,
      1,
      "I'll help you check the weather.",
    ],
  ];
  for (const [name, text, count, content] of cases) {
    await t.step(name, () => {
      const r = extractXlam(text);
      assert.equal(r.toolsCalled, true);
      assert.equal(r.calls.length, count);
      assert.deepEqual(r.calls[0], { name: "get_current_weather", arguments: DALLAS_ARGS });
      assert.equal(r.content, content);
    });
  }
  await t.step("arguments dumped with ASCII escapes (json.dumps' default)", () => {
    assert.deepEqual(extractXlam('[{"name": "f", "arguments": {"city": "Zürich"}}]').calls, [
      { name: "f", arguments: '{"city": "Z\\u00fcrich"}' },
    ]);
  });
  await t.step("a list that is not JSON: no calls, the whole text", () => {
    const text = `[${DALLAS}`;
    assert.deepEqual(extractXlam(text), { toolsCalled: false, calls: [], content: text });
  });
  await t.step("items without name and arguments are skipped: none left, no content", () => {
    assert.deepEqual(extractXlam('[{"name": "f", "args": {}}]'), {
      toolsCalled: false,
      calls: [],
      content: null,
    });
  });
  await t.step("hermes markup: an object, not a list: no calls, the whole text", () => {
    const text = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>';
    assert.deepEqual(extractXlam(text), { toolsCalled: false, calls: [], content: text });
  });
});

Deno.test("xlam: registered, the family's checks", async (t) => {
  assert.equal(TOOL_FAMILIES.get("xlam"), xlam);
  await checkFamily(t, xlam, {
    content: true,
    args: (c) => pyJsonDumps(c.args, { ensureAscii: true }),
    // An object, not a list: no calls, the whole text (its <tool_call> kept).
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});
