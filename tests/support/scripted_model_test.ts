import assert from "node:assert/strict";
import fc from "fast-check";
import { pyFloatRepr, type PyValue } from "./python_json.ts";
import {
  batchPerturb,
  breakText,
  type Call,
  indexDataset,
  NO_CALL_TEXT,
  queryPromptKey,
  renderCalls,
  writeCalls,
  wrongArgument,
} from "./scripted_model.ts";
import { parseHermes } from "./vllm_parsers.ts";

const pyValue: fc.Arbitrary<PyValue> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.string({ unit: "binary" }),
    fc.constantFrom("</tool_call>", "<tool_call>", "a<tool_call>b"),
    fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map((value) => ({
      kind: "int" as const,
      value,
      text: value.toString(),
    })),
    fc.double().map((value) => ({
      kind: "float" as const,
      value,
      text: pyFloatRepr(value),
    })),
    fc.constantFrom("1.10", "1E2", "-0.0", "0e0", "1e400").map((text) => ({
      kind: "float" as const,
      value: Number(text),
      text,
    })),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.array(fc.tuple(fc.string(), tie("v")), { maxLength: 3 }).map((kv) => new Map(kv)),
  ),
})).v as fc.Arbitrary<PyValue>;

const calls: fc.Arbitrary<Call[]> = fc.array(
  fc.record({ name: fc.string({ unit: "binary" }), args: pyValue }),
  { maxLength: 3 },
);

Deno.test("writeCalls: the parse it gives without parsing is what the hermes parser makes of the text", () => {
  fc.assert(
    fc.property(calls, (cs) => {
      const w = writeCalls(cs);
      if (w.parsed !== undefined) assert.deepEqual(w.parsed, parseHermes(w.text));
    }),
    { numRuns: 3000 },
  );
  // A tag inside an argument makes the rendering unclean: then the text must be parsed.
  const tagged = writeCalls([{ name: "f", args: "</tool_call>" }]);
  assert.equal(tagged.parsed, undefined);
  assert.equal(parseHermes(tagged.text).toolsCalled, false);
  assert.deepEqual(writeCalls([]).text, NO_CALL_TEXT);
});

Deno.test("scripted model: wrong argument, batch perturbation and broken text", () => {
  const args = new Map<string, PyValue>([["a", { kind: "int", value: 5n, text: "5" }], [
    "b",
    "x",
  ]]);
  const c: Call[] = [{ name: "f", args }];
  assert.equal(
    renderCalls(wrongArgument(c)!),
    '<tool_call>\n{"name": "f", "arguments": {"a": 6, "b": "x"}}\n</tool_call>',
  );
  assert.equal(
    renderCalls(batchPerturb([{ name: "f", args: new Map([["s", "x"]]) }])!),
    '<tool_call>\n{"name": "f", "arguments": {"s": "x", "batch_size_hint": 2}}\n</tool_call>',
  );
  for (const u of [0.1, 0.5, 0.9]) {
    const text = renderCalls([c[0]!, c[0]!]);
    const broken = breakText(text, u);
    assert.notEqual(broken, text);
    assert.equal(parseHermes(broken).toolsCalled, false, `u=${u}: ${broken}`);
  }
});

Deno.test("indexDataset: rows are found by their query as the one user message; repeated queries told apart by their tools", () => {
  const index = indexDataset([], [
    { id: 1, query: "q", tools: '[{"name": "a"}]', answers: "[]" },
    { id: 2, query: "q", tools: '[{"name": "b"}]', answers: "[]" },
    { id: 3, query: "r", tools: "[]", answers: "not json" },
    { id: "bad", query: "s" },
  ]);
  assert.deepEqual(index.get(queryPromptKey("q"))!.map((e) => [e.id, e.toolNames()]), [[1, ["a"]], [
    2,
    ["b"],
  ]]);
  assert.deepEqual(index.get(queryPromptKey("r"))![0]!.answers(), []);
  assert.equal(index.has(queryPromptKey("s")), false);
});
