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
