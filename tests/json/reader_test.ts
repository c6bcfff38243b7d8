// The reader's parts that parseJson does not reach: skipping a value without building it must
// accept and refuse exactly as building it does, with the same reason at the same offset.

import assert from "node:assert/strict";
import fc from "fast-check";
import { MAX_JSON_DEPTH, Reader } from "../../src/json/reader.ts";
import { JsonSyntaxError } from "../../src/json/json_syntax_error.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { jsonDocument, mutatedJson, nearJson } from "./_arbitraries.ts";

function outcome(read: () => void): string {
  try {
    read();
    return "accepted";
  } catch (e) {
    assert(e instanceof JsonSyntaxError, `threw ${e}`);
    return `${e.reason} at ${e.offset}`;
  }
}

function skipped(text: string): string {
  return outcome(() => {
    const r = new Reader(text);
    r.skipValue();
    r.end();
  });
}

const built = (text: string) => outcome(() => parseJson(text));

Deno.test("skipValue accepts and refuses as parseJson does, reason and offset alike", () => {
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(jsonDocument, nearJson, mutatedJson), (text) => {
      const expected = built(text);
      assert.equal(skipped(text), expected, JSON.stringify(text));
      if (expected === "accepted") accepted++;
    }),
    { numRuns: 5000 },
  );
  assert(accepted > 500, `only ${accepted} texts were valid: the comparison saw too few`);
});

Deno.test("skipValue refuses a repeated key in small and large objects, and deep nesting", () => {
  const wide = (n: number, repeat: number) =>
    `{${[...Array(n).keys()].map((i) => `"k${i}": ${i}`).join(", ")}, "k${repeat}": 0}`;
  for (const n of [2, 16, 17, 40]) {
    const text = wide(n, n - 1);
    assert.equal(skipped(text), built(text));
    assert.match(skipped(text), /^duplicate key "k\d+" at \d+$/);
    assert.equal(skipped(wide(n, n)), "accepted");
  }
  const deep = "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1);
  assert.match(skipped(deep), /nest deeper/);
  assert.equal(skipped(deep.slice(1, -1)), "accepted");
});

Deno.test("an object or array read member by member leaves the reader after it", () => {
  const r = new Reader(' {"a": [1, 2], "b": {}} ,');
  assert.equal(r.peek(), 0x7b);
  const keys: string[] = [];
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    keys.push(key);
    r.colon();
    r.skipValue();
  }
  assert.deepEqual(keys, ["a", "b"]);
  assert.equal(r.depth, 0);
  assert.equal(r.peek(), 0x2c);
  assert.throws(() => r.end(), /text after the value: "," at offset 24/);
});
