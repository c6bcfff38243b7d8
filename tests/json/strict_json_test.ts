import assert from "node:assert/strict";
import { JsonNumber } from "../../src/json/json_value.ts";
import { JsonSyntaxError, parseJson } from "../../src/json/strict_json.ts";

Deno.test("parseJson keeps numbers exact and objects ordered", () => {
  const value = parseJson('{"b": [1, 5.0, -0, 12345678901234567890, 1e400], "a": "x"}');
  assert.deepEqual(
    value,
    new Map<string, unknown>([
      ["b", [
        new JsonNumber("1"),
        new JsonNumber("5.0"),
        new JsonNumber("-0"),
        new JsonNumber("12345678901234567890"),
        new JsonNumber("1e400"),
      ]],
      ["a", "x"],
    ]),
  );
});

Deno.test("parseJson refuses what the scorers page refuses", async (t) => {
  const cases: [string, string, number][] = [
    ["duplicate key", '{"a": 1, "a": 2}', 9],
    ["duplicate key at depth", '[{"x": {"k": 1, "k": 1}}]', 16],
    ["NaN", "[NaN]", 1],
    ["Infinity", '{"a": Infinity}', 6],
    ["-Infinity", "-Infinity", 0],
    ["escaped lone high surrogate", '"\\ud800"', 1],
    ["escaped lone low surrogate", '"\\udc00"', 1],
    ["raw lone surrogate", '"\ud800"', 1],
    ["text after the value", '{"a": 1} x', 9],
    ["second value", "1 2", 2],
    ["leading zero", "01", 0],
    ["trailing comma", "[1,]", 3],
    ["unclosed string", '"abc', 0],
    ["control character", '"a\nb"', 2],
    ["single quotes", "'a'", 0],
    ["empty", "", 0],
  ];
  for (const [name, text, offset] of cases) {
    await t.step(name, () => {
      assert.throws(() => parseJson(text), (e: unknown) => {
        assert(e instanceof JsonSyntaxError, `${name}: ${e}`);
        assert.equal(e.offset, offset, `${name}: ${e.message}`);
        return true;
      });
    });
  }
});

Deno.test("parseJson accepts surrogate pairs, escaped or raw", () => {
  assert.equal(parseJson('"\\ud83d\\ude00"'), "😀");
  assert.equal(parseJson('"😀"'), "😀");
});
