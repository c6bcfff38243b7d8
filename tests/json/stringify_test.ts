import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonEqual } from "../../src/json/equal.ts";
import { JsonNumber, type JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { anyJsonValue } from "./_arbitraries.ts";

Deno.test("stringifyJson writes compact JSON, numbers as their text", async (t) => {
  const cases: [string, string, string][] = [
    ["numbers keep their text", "[5.0, 0.5e1, -0, 1E400]", "[5.0,0.5e1,-0,1E400]"],
    ["integers past 2^53", "12345678901234567890", "12345678901234567890"],
    ["object order", '{"b": 1, "a": {"c": []}}', '{"b":1,"a":{"c":[]}}'],
    ["scalars", "[true, false, null]", "[true,false,null]"],
    ["escapes", '"a\\"b\\\\c\\n\\u0001"', '"a\\"b\\\\c\\n\\u0001"'],
    ["non-ASCII stays raw", '"\\u00e9😀"', '"é😀"'],
    ["empty containers", '{"": [], "x": {}}', '{"":[],"x":{}}'],
  ];
  for (const [name, input, output] of cases) {
    await t.step(name, () => assert.equal(stringifyJson(parseJson(input)), output));
  }
});

Deno.test("stringifyJson agrees with JSON.stringify where numbers are plain", () => {
  const value = new Map<string, JsonValue>([["n", new JsonNumber("3")], ["s", "x"]]);
  assert.equal(stringifyJson(value), JSON.stringify({ n: 3, s: "x" }));
});

Deno.test("stringifyJson and parseJson round-trip any value exactly", () => {
  fc.assert(
    fc.property(anyJsonValue, (value) => {
      const text = stringifyJson(value);
      const back = parseJson(text);
      assert.deepEqual(back, value);
      assert(jsonEqual(back, value));
      assert.equal(stringifyJson(back), text);
    }),
    { numRuns: 1000 },
  );
});
