import assert from "node:assert/strict";
import fc from "fast-check";
import { chatPromptTexts, readChatLine } from "../../src/dataset/_chat_line.ts";
import type { JsonObject, JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { quickChatLine } from "../../src/dataset/_quick_chat_line.ts";
import { Prng } from "../reference/_prng.ts";
import { genChatDataset } from "../reference/_chat_datasets.ts";

const EXAMPLE = new URL("../../reference/testdata/chat/tickets.jsonl", import.meta.url);

/** The quick reading agrees with the full one: it says no, or reads the same. */
function agrees(line: string): boolean {
  const quick = quickChatLine(line);
  if (quick === undefined) return true;
  assert.deepEqual(quick, readChatLine(line), line);
  return true;
}

Deno.test("quickChatLine reads every line of the example as the full reading does", async () => {
  const lines = (await Deno.readTextFile(EXAMPLE)).trimEnd().split("\n");
  for (const line of lines) {
    const quick = quickChatLine(line);
    assert.notEqual(quick, undefined, line);
    assert.deepEqual(quick, readChatLine(line));
  }
});

Deno.test("quickChatLine on generated lines: a yes only where the full reading accepts, reading the same", () => {
  const rng = new Prng(7);
  let accepted = 0;
  let quick = 0;
  let refused = 0;
  for (let d = 0; d < 400; d++) {
    for (const line of genChatDataset(rng).lines) {
      const full = readChatLine(line);
      const fast = quickChatLine(line);
      if ("reason" in full) {
        refused++;
        assert.equal(fast, undefined, `the quick reading accepts a refused line: ${line}`);
      } else {
        accepted++;
        if (fast !== undefined) quick++;
        agrees(line);
      }
    }
  }
  assert.ok(refused > 30, `only ${refused} refused lines`);
  assert.ok(quick > 0.95 * accepted, `the quick reading took ${quick} of ${accepted} lines`);
});

Deno.test("quickChatLine on lines mutated byte by byte: never a yes the full reading would not give", () => {
  const base = Deno.readTextFileSync(EXAMPLE).trimEnd().split("\n");
  const alphabet = [
    '"',
    ":",
    ",",
    "{",
    "}",
    "[",
    "]",
    " ",
    "\\",
    "0",
    "1",
    "e",
    ".",
    "-",
    "n",
    "u",
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...base),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet), fc.boolean()), { maxLength: 3 }),
      (line, edits) => {
        let text = line;
        for (const [at, c, insert] of edits) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + c + text.slice(insert ? i : i + 1);
        }
        const full = readChatLine(text);
        const fast = quickChatLine(text);
        if ("reason" in full) assert.equal(fast, undefined, text);
        else if (fast !== undefined) assert.deepEqual(fast, full, text);
      },
    ),
    { numRuns: 20_000 },
  );
});

Deno.test("quickChatLine: members the full reading accepts or refuses, one at a time", () => {
  const m = '"messages": [{"role": "user", "content": "a"}, {"role": "assistant"}]';
  const cases = [
    `{"id": 1, ${m}}`,
    `{"id": 1, ${m}, "tools": null}`,
    `{"id": 1, ${m}, "tools": []}`,
    `{"id": 1, ${m}, "cluster": "api-7"}`,
    `{"id": 1, ${m}, "cluster": "caf\\u00e9"}`,
    `{"id": 1, ${m}, "cluster": 7}`,
    `{"id": 1, ${m}, "cluster": null}`,
    `{"id": 1, ${m}, "cluster": ["a"]}`,
    `{"id": -0, ${m}}`,
    `{"id": 1e0, ${m}}`,
    `{"id": 1.5, ${m}}`,
    `{"id": 9007199254740992, ${m}}`,
    `{"id": "x", "id": "y", ${m}}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a", "name": "n", "name": "m"}, {"role": "assistant"}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a", "tool_calls": null}, {"role": "assistant"}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": null}, {"role": "assistant"}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": null, "tool_calls": null}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": 1}]}`,
    `{"id": 1, "messages": [{"role": "robot", "content": "a"}, {"role": "assistant"}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "tool_calls": [{"type": 1, "function": {"name": "f", "arguments": {}}}]}], "tools": [{"type": "function", "function": {"name": "f"}}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": " {} "}}]}], "tools": [{"type": "function", "function": {"name": "f"}}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "{} x"}}]}], "tools": [{"type": "function", "function": {"name": "f"}}]}`,
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "[]"}}]}], "tools": [{"type": "function", "function": {"name": "f"}}]}`,
    `{"id": 1, ${m}, "tools": [{"type": "function", "function": {"name": "f", "strict": 1}}]}`,
    `{"id": 1, ${m}, "tools": [{"type": "function", "function": {"name": ""}}]}`,
    `{"id": 1, ${m}, "tools": [{"type": "function", "function": {"name": "f", "parameters": []}}]}`,
    `{"id": 1, ${m}, "tools": [{"function": {"name": "f"}}]}`,
    `{"id": 1, ${m}, "tools": [{"type": "function", "function": {"name": "f"}}, {"type": "function", "function": {"name": "f"}}]}`,
  ];
  for (const line of cases) {
    const full = readChatLine(line);
    const fast = quickChatLine(line);
    if ("reason" in full) assert.equal(fast, undefined, line);
    else assert.deepEqual(fast, full, line);
  }
});

Deno.test("chatPromptTexts writes, through the cursor, what stringifyJson writes of the values read", () => {
  const rng = new Prng(11);
  let lines = 0;
  for (let d = 0; d < 300; d++) {
    for (const line of genChatDataset(rng).lines) {
      if ("reason" in readChatLine(line)) continue;
      const value = parseJson(line) as JsonObject;
      const messages = value.get("messages") as readonly JsonValue[];
      const tools = (value.get("tools") ?? []) as readonly JsonValue[];
      assert.deepEqual(chatPromptTexts(line), {
        prompt: messages.slice(0, -1).map(stringifyJson).join(","),
        tools: tools.length === 0 ? "" : stringifyJson(tools),
      }, line);
      lines++;
    }
  }
  assert.ok(lines > 2000, `only ${lines} lines`);
});

Deno.test("quickChatLine: earlier calls without id, type or arguments as text, and tool messages, as the full reading", () => {
  const tools = `"tools": [{"type": "function", "function": {"name": "f"}}]`;
  const call = (c: string) =>
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "tool_calls": [${c}]}, {"role": "tool", "tool_call_id": "c1", "content": "r"}, {"role": "assistant", "content": "b"}], ${tools}}`;
  const good = call(
    `{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}`,
  );
  assert.notEqual(quickChatLine(good), undefined);
  assert.deepEqual(quickChatLine(good), readChatLine(good));
  for (
    const bad of [
      call(`{"type": "function", "function": {"name": "f", "arguments": "{}"}}`),
      call(`{"id": "c1", "function": {"name": "f", "arguments": "{}"}}`),
      call(`{"id": "c1", "type": "function", "function": {"name": "f", "arguments": {}}}`),
      call(`{"id": "c2", "type": "function", "function": {"name": "f", "arguments": "{}"}}`),
      call(`{"id": 1, "type": "function", "function": {"name": "f", "arguments": "{}"}}`),
      good.replace(`"tool_call_id": "c1", `, ""),
    ]
  ) {
    assert.ok("reason" in readChatLine(bad), bad);
    assert.equal(quickChatLine(bad), undefined, bad);
  }
});

Deno.test("quickChatLine: a top-level parallel_tool_calls read as the full reading reads it", () => {
  const base =
    `{"id": 1, "messages": [{"role": "user", "content": "a"}, {"role": "assistant"}], "parallel_tool_calls": `;
  for (
    const [value, ok] of [["true", true], ["false", true], ['"yes"', false], ["{}", false]] as const
  ) {
    const text = `${base}${value}}`;
    assert.equal("reason" in readChatLine(text), !ok, text);
    if (ok) assert.deepEqual(quickChatLine(text), readChatLine(text));
    else assert.equal(quickChatLine(text), undefined);
  }
});

Deno.test("quickChatLine: what JSON.parse lets through is refused by the full reading, and never taken", () => {
  const tool = (parameters: string) =>
    `{"type": "function", "function": {"name": "f", "parameters": ${parameters}}}`;
  const withTool = (parameters: string, args = `"{}"`) =>
    `{"id": "a", "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": ${args}}}]}], "tools": [${
      tool(parameters)
    }]}`;
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const cases: [string, string][] = [
    ["a key twice deep in a tool's schema", withTool(`{"type": "object", "type": "object"}`)],
    ["a key twice, its value a string holding colons", withTool(`{"a": ":", "a": "x:y"}`)],
    ["a key twice in the arguments as an object", withTool(`{}`, `{"x": 1, "x": 2}`)],
    ["a key twice in the arguments as JSON text", withTool(`{}`, `"{\\"x\\": 1, \\"x\\": 2}"`)],
    [
      "a key twice in a message",
      `{"id": "a", "messages": [{"role": "user", "content": "q", "content": "r"}, {"role": "assistant"}]}`,
    ],
    [
      "the line's own member twice",
      `{"id": "a", "id": "b", "messages": [{"role": "user", "content": "q"}, {"role": "assistant"}]}`,
    ],
    [
      "a lone surrogate escaped in a content",
      `{"id": "a", "messages": [{"role": "user", "content": "q\\ud800"}, {"role": "assistant"}]}`,
    ],
    ["a lone low surrogate escaped in a key", withTool(`{"\\udc00": 1}`)],
    [
      "a lone surrogate escaped in the arguments' text",
      withTool(`{}`, `"{\\"x\\": \\"\\\\ud800\\"}"`),
    ],
    ["a schema nested past the limit", withTool(`{"a": ${deep(600)}}`)],
    ["arguments nested past the limit", withTool(`{}`, `{"x": ${deep(600)}}`)],
    [
      "an id of 1.5",
      `{"id": 1.5, "messages": [{"role": "user", "content": "q"}, {"role": "assistant"}]}`,
    ],
    [
      "an id past 2^53 last",
      `{"messages": [{"role": "user", "content": "q"}, {"role": "assistant"}], "id": 9007199254740993}`,
    ],
    [
      "an id of 1.0000000000000000001 between",
      `{"messages": [{"role": "user", "content": "q"}, {"role": "assistant"}], "id": 1.0000000000000000001, "tools": []}`,
    ],
  ];
  for (const [what, text] of cases) {
    assert.doesNotThrow(() => JSON.parse(text), what);
    assert.ok("reason" in readChatLine(text), `${what}: the full reading takes it`);
    assert.equal(quickChatLine(text), undefined, what);
    assert.equal(quickChatLine(text, true), undefined, `${what}, told it may hold escapes`);
  }
});

Deno.test("quickChatLine: lines JSON.parse reads differently from the text, read as the full reading reads them", () => {
  const m = `"messages": [{"role": "user", "content": "q"}, {"role": "assistant"}]`;
  const cases = [
    `{"id": 7.0, ${m}}`,
    `{${m}, "id": 7e0}`,
    `{${m}, "id": 7 }  `,
    `{${m}, "id": -0, "tools": []}`,
    `{"tools": [], "id": 12, ${m}}`,
    `{"id": "a", "messages": [{"role": "user", "content": "q\\ud83d\\ude00"}, {"role": "assistant"}]}`,
    `{"id": "a", "messages": [{"role": "user", "content": ": a string that starts with a colon"}, {"role": "assistant"}]}`,
    `{"id": "a", "messages": [{"role": "user", "content": "\\u003a"}, {"role": "assistant", "x\\u003a": 1}]}`,
    `{"id": "a", "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "__proto__": 1}]}`,
  ];
  let taken = 0;
  for (const text of cases) {
    const full = readChatLine(text);
    assert.ok(!("reason" in full), text);
    const quick = quickChatLine(text);
    if (quick !== undefined) {
      taken++;
      assert.deepEqual(quick, full, text);
    }
  }
  // All but the line whose content begins with a colon (its colon counts as a key's).
  assert.equal(taken, cases.length - 1);
});

Deno.test("quickChatLine: many tools, a call to the last, a name given twice among them, as the full reading", () => {
  const tools = (names: string[]) =>
    names.map((name) => ({ type: "function", function: { name } }));
  const names = Array.from({ length: 20 }, (_, i) => `t${i}`);
  const text = (offered: string[]) =>
    JSON.stringify({
      id: "a",
      messages: [
        { role: "user", content: "q" },
        { role: "assistant", tool_calls: [{ function: { name: "t19", arguments: {} } }] },
      ],
      tools: tools(offered),
    });
  for (const offered of [names, [...names, "t3"], ["t19", "t19"], names.slice(5)]) {
    const line = text(offered);
    const quick = quickChatLine(line);
    assert.notEqual(quick, undefined, line);
    assert.deepEqual(quick, readChatLine(line));
  }
  assert.equal(quickChatLine(text(names))!.ineligible, undefined);
  assert.equal(quickChatLine(text([...names, "t3"]))!.ineligible, 'two tools are named "t3"');
  assert.equal(quickChatLine(text(names.slice(0, 19))), undefined);
  assert.ok("reason" in readChatLine(text(names.slice(0, 19))));
});

Deno.test("chatPromptTexts writes keys and strings with escapes as stringifyJson does", () => {
  const line =
    `{"id": "a", "messages": [{"role": "user", "\\u0063ontent": "q\\u00e9 \\"x\\" \\/ \\ud83d\\ude00"}, {"role": "assistant"}], ` +
    `"tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {"ab\\"": {"type": "string"}, "c\\\\": {"enum": ["\\u0041", "d\\""]}}}}}]}`;
  // Written compactly, with one escape stringifyJson writes otherwise (a slash), or none.
  const compact =
    `{"id":"b","messages":[{"role":"user","content":"a\\/b \\"c\\" \\\\"},{"role":"assistant"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"x":-0,"y":1.50}}}]}`;
  for (const text of [line, compact, compact.replace("\\/", "/")]) {
    assert.ok(!("reason" in readChatLine(text)), text);
    const value = parseJson(text) as JsonObject;
    const messages = value.get("messages") as readonly JsonValue[];
    assert.deepEqual(chatPromptTexts(text), {
      prompt: messages.slice(0, -1).map(stringifyJson).join(","),
      tools: stringifyJson(value.get("tools")!),
    }, text);
  }
});

Deno.test("quickChatLine: a long line and a raw lone surrogate go to the full reading", () => {
  const m = `"messages": [{"role": "user", "content": "a"}, {"role": "assistant"}]`;
  // Nested past the limit in a long line: refused at the limit, never parsed whole.
  const deep = `{"id": 1, "x": ${"[".repeat(200_000)}${"]".repeat(200_000)}, ${m}}`;
  assert.equal(quickChatLine(deep), undefined);
  assert.match((readChatLine(deep) as { reason: string }).reason, /nest deeper than 512/);
  const long = `{"id": 1, ${m.replace('"a"', `"${"a".repeat(70_000)}"`)}}`;
  assert.equal(quickChatLine(long), undefined);
  assert.ok(!("reason" in readChatLine(long)));
  const lone = `{"id": "\uD800x", ${m}}`.replace("\\uD800", "\uD800");
  assert.equal(lone.isWellFormed(), false);
  assert.equal(quickChatLine(lone), undefined);
  assert.ok("reason" in readChatLine(lone));
});
