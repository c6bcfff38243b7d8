import assert from "node:assert/strict";
import { parseHermes, parseQwen3Reasoning } from "./vllm_parsers.ts";

const call = (body: string): string => `<tool_call>\n${body}\n</tool_call>`;

Deno.test("hermes: parses every block, re-serialising arguments like Python", () => {
  const text = `Sure.\n${call('{"name": "a", "arguments": {"x":1.0,"y":1e400,"x":2}}')}\nbetween\n${
    call('{"arguments": "s", "name": "b"}')
  }\nafter`;
  const r = parseHermes(text);
  assert.equal(r.toolsCalled, true);
  assert.deepEqual(r.calls, [
    { name: "a", arguments: '{"x": 2, "y": Infinity}' },
    { name: "b", arguments: '"s"' },
  ]);
  assert.equal(r.content, "Sure.\n");
});

Deno.test("hermes: all or nothing", async (t) => {
  const good = call('{"name": "a", "arguments": {}}');
  const cases: [string, string][] = [
    ["one invalid block", `${good}\n${call('{"name": "b", "arguments": {}')}`],
    ["missing name", call('{"arguments": {}}')],
    ["missing arguments", call('{"name": "a"}')],
    ["not an object", call('[{"name": "a", "arguments": {}}]')],
    ["name not a string", call('{"name": 1, "arguments": {}}')],
    ["truncated", `${good}\n<tool_call>\n{"name": "b", "argu`],
    ["empty block", "<tool_call></tool_call>"],
  ];
  for (const [name, text] of cases) {
    await t.step(name, () => {
      const r = parseHermes(text);
      assert.equal(r.toolsCalled, false);
      assert.deepEqual(r.calls, []);
      assert.equal(r.content, text);
    });
  }
});

Deno.test("hermes: an unclosed last block with complete JSON still parses", () => {
  const r = parseHermes('<tool_call>\n{"name": "a", "arguments": {"k": "é"}}\n');
  assert.deepEqual(r.calls, [{ name: "a", arguments: '{"k": "é"}' }]);
  assert.equal(r.content, null);
});

Deno.test("hermes: no tag means content is the text", () => {
  assert.deepEqual(parseHermes("hello"), { toolsCalled: false, calls: [], content: "hello" });
});

Deno.test("hermes verbatim (main-2026): arguments span as written, objects only", () => {
  const r = parseHermes(`  ${call('{"name": "a", "arguments": {"b":1, "a" : 2.50}}')}`, "verbatim");
  assert.deepEqual(r.calls, [{ name: "a", arguments: '{"b":1, "a" : 2.50}' }]);
  assert.equal(r.content, null, "whitespace-only content is dropped");
  assert.equal(parseHermes(call('{"name": "a", "arguments": "x"}'), "verbatim").toolsCalled, false);
});

Deno.test("qwen3 reasoning parser generations", async (t) => {
  const cases: [string, Parameters<typeof parseQwen3Reasoning>, string | null, string | null][] = [
    ["A with both tags", ["<think>\nr\n</think>\n\nc", "strict", true], "\nr\n", "\n\nc"],
    ["A without tags", ["c", "strict", undefined], null, "c"],
    ["A end only", ["r</think>c", "strict", true], null, "r</think>c"],
    ["A truncated in thinking", ["<think>\nr", "strict", true], null, "<think>\nr"],
    ["B end only", ["r</think>c", "endOnly", true], "r", "c"],
    ["B no tags, thinking unset", ["c", "endOnly", undefined], "c", null],
    ["B no tags, thinking false", ["c", "endOnly", false], null, "c"],
    ["B truncated in thinking", ["<think>\nr", "endOnly", true], "\nr", null],
    ["C like B", ["c", "main2026", true], "c", null],
    ["nothing after think", ["<think>r</think>", "strict", true], "r", null],
  ];
  for (const [name, args, reasoning, content] of cases) {
    await t.step(
      name,
      () => assert.deepEqual(parseQwen3Reasoning(...args), { reasoning, content }),
    );
  }
});
