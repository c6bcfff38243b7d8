import assert from "node:assert/strict";
import fc from "fast-check";
import { canonicalJson } from "../../src/json/canonical.ts";
import { jsonEqual } from "../../src/json/equal.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { anyJsonValue, rewriteNumbers, smallJsonValue } from "./_arbitraries.ts";

Deno.test("canonicalJson: the same text exactly when jsonEqual says equal", () => {
  // Small values, so that equal pairs come up often; then any value against a rewriting of itself.
  fc.assert(
    fc.property(smallJsonValue, smallJsonValue, (a, b) => {
      assert.equal(canonicalJson(a) === canonicalJson(b), jsonEqual(a, b));
    }),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(anyJsonValue, fc.array(fc.nat(40), { minLength: 5, maxLength: 5 }), (v, choice) => {
      assert.equal(canonicalJson(rewriteNumbers(v, choice)), canonicalJson(v));
    }),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(anyJsonValue, anyJsonValue, (a, b) => {
      assert.equal(canonicalJson(a) === canonicalJson(b), jsonEqual(a, b));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("canonicalJson: the rules, case by case", () => {
  const same = (a: string, b: string) =>
    assert.equal(canonicalJson(parseJson(a)), canonicalJson(parseJson(b)), `${a} vs ${b}`);
  const differ = (a: string, b: string) =>
    assert.notEqual(canonicalJson(parseJson(a)), canonicalJson(parseJson(b)), `${a} vs ${b}`);
  same('{"a": 1, "b": 2}', '{"b": 2, "a": 1}');
  same("-0", "0.0e7");
  same('"\\u00e9"', '"é"');
  differ('"\\u00e9"', '"e\\u0301"');
  differ("[1, 2]", "[2, 1]");
  differ('{"a": "1"}', '{"a": 1}');
  differ("1e400", "1e401");
  differ("9007199254740993", "9007199254740992");
  differ('{"a,\\"b": 1}', '{"a": 1, "b": 1}');
  differ("null", '"null"');
});
