import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonEqual } from "../../src/json/equal.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { anyJsonValue, rewriteNumbers, smallJsonValue } from "./_arbitraries.ts";

/** Each rule of the scorers page's equality, as pairs of JSON texts: equal, or not. */
const RULES: readonly [string, string, string, boolean][] = [
  ["objects: same keys in another order", '{"a": 1, "b": 2}', '{"b": 2, "a": 1}', true],
  ["objects: a key the second leaves out", '{"a": 1, "b": 2}', '{"a": 1}', false],
  ["objects: a key the first leaves out", '{"a": 1}', '{"a": 1, "b": 2}', false],
  ["objects: a key with another value", '{"a": 1}', '{"a": 2}', false],
  ["objects: null is not a missing key", '{"a": null}', "{}", false],
  ["objects: empty", "{}", "{}", true],
  [
    "objects: nested, keys reordered",
    '{"x": {"p": 1, "q": [2]}}',
    '{"x": {"q": [2.0], "p": 1}}',
    true,
  ],
  ["arrays: same order", "[1, 2, 3]", "[1, 2, 3]", true],
  ["arrays: another order", "[1, 2]", "[2, 1]", false],
  ["arrays: a shorter one", "[1, 2]", "[1]", false],
  ["arrays: an array is not an object", "[]", "{}", false],
  ["numbers: 5 and 5.0", "5", "5.0", true],
  ["numbers: 5 and 5e0", "5", "5e0", true],
  ["numbers: 5 and 0.5e1", "5", "0.5e1", true],
  ["numbers: 5.0 and 0.5e1", "5.0", "0.5e1", true],
  ["numbers: 1E2 and 100", "1E2", "100", true],
  ["numbers: 1e400 and 1e401", "1e400", "1e401", false],
  ["numbers: 1e400 and 10e399", "1e400", "10e399", true],
  ["numbers: 1e-400 and 0", "1e-400", "0", false],
  ["numbers: past 2^53, one apart", "9007199254740993", "9007199254740992", false],
  ["numbers: past 2^53, equal", "12345678901234567890", "1234567890123456789e1", true],
  ["numbers: 0.1 and a double's neighbour", "0.1", "0.1000000000000000055511151231257827", false],
  ["numbers: -0 and 0", "-0", "0", true],
  ["numbers: -0.0 and 0e7", "-0.0", "0e7", true],
  ["numbers: 5 and -5", "5", "-5", false],
  ["strings: equal", '"Paris"', '"Paris"', true],
  ["strings: escaped and raw", '"\\u00e9"', '"é"', true],
  ["strings: no normalisation (é composed and decomposed)", '"\\u00e9"', '"e\\u0301"', false],
  ["strings: case matters", '"paris"', '"Paris"', false],
  ["strings: a surrogate pair and its escape", '"😀"', '"\\ud83d\\ude00"', true],
  ["strings: a trailing space matters", '"a "', '"a"', false],
  ["a string never equals a number", '"5"', "5", false],
  ["a string never equals its number's other text", '"5.0"', "5", false],
  ["true equals true", "true", "true", true],
  ["true is not 1", "true", "1", false],
  ['true is not "true"', "true", '"true"', false],
  ["false is not null", "false", "null", false],
  ["null equals null", "null", "null", true],
  ["null is not 0", "null", "0", false],
  ["null is not an empty string", "null", '""', false],
];

Deno.test("jsonEqual follows each rule of the scorers page", async (t) => {
  for (const [name, a, b, equal] of RULES) {
    await t.step(name, () => {
      assert.equal(jsonEqual(parseJson(a), parseJson(b)), equal, `${a} vs ${b}`);
      assert.equal(jsonEqual(parseJson(b), parseJson(a)), equal, `${b} vs ${a}`);
    });
  }
});

Deno.test("jsonEqual is reflexive, also across number rewritings", () => {
  fc.assert(
    fc.property(anyJsonValue, fc.array(fc.nat(40), { minLength: 5, maxLength: 5 }), (v, choice) => {
      assert(jsonEqual(v, v));
      assert(jsonEqual(v, rewriteNumbers(v, choice)));
      assert(jsonEqual(rewriteNumbers(v, choice), v));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("jsonEqual is symmetric", () => {
  fc.assert(
    fc.property(smallJsonValue, smallJsonValue, (a, b) => {
      assert.equal(jsonEqual(a, b), jsonEqual(b, a));
    }),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(anyJsonValue, anyJsonValue, (a, b) => {
      assert.equal(jsonEqual(a, b), jsonEqual(b, a));
    }),
    { numRuns: 500 },
  );
});

Deno.test("jsonEqual is transitive", () => {
  const choice = fc.array(fc.nat(40), { minLength: 5, maxLength: 5 });
  let chains = 0;
  fc.assert(
    fc.property(
      smallJsonValue,
      fc.option(smallJsonValue),
      fc.option(smallJsonValue),
      choice,
      choice,
      (a, maybeB, maybeC, x, y) => {
        // b is a fresh value or a rewriting of a; c likewise of b: equal chains come up often.
        const b = maybeB ?? rewriteNumbers(a, x);
        const c = maybeC ?? rewriteNumbers(b, y);
        if (jsonEqual(a, b) && jsonEqual(b, c)) {
          chains++;
          assert(jsonEqual(a, c));
        }
        if (jsonEqual(a, c) && jsonEqual(c, b)) assert(jsonEqual(a, b));
      },
    ),
    { numRuns: 5000 },
  );
  assert(chains > 100, `only ${chains} chains of equal values were generated`);
});

Deno.test("jsonEqual agrees with text equality on values without numbers or objects", () => {
  const plain: fc.Arbitrary<JsonValue> = fc.oneof(fc.constant(null), fc.boolean(), fc.string());
  fc.assert(
    fc.property(fc.array(plain, { maxLength: 4 }), fc.array(plain, { maxLength: 4 }), (a, b) => {
      assert.equal(jsonEqual(a, b), JSON.stringify(a) === JSON.stringify(b));
    }),
    { numRuns: 1000 },
  );
});
