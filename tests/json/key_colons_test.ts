import assert from "node:assert/strict";
import fc from "fast-check";
import { keyColons } from "../../src/json/key_colons.ts";

/** The keys a value holds, and its strings (keys too) that begin with spaces and a colon. */
function counted(value: unknown): { keys: number; colonFirst: number } {
  const out = { keys: 0, colonFirst: 0 };
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (/^ *:/.test(v)) out.colonFirst++;
    } else if (Array.isArray(v)) {
      v.forEach(walk);
    } else if (typeof v === "object" && v !== null) {
      for (const [key, member] of Object.entries(v)) {
        out.keys++;
        walk(key);
        walk(member);
      }
    }
  };
  walk(value);
  return out;
}

Deno.test("keyColons: every key written, and only the strings that begin with a colon besides", () => {
  const text = fc.oneof(fc.string(), fc.constantFrom(":", " :x", '":', "\\", '\\":', "a: b"));
  const value = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      fc.integer(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(text, tie("value"), { maxKeys: 4 }),
    ),
  })).value;
  fc.assert(
    fc.property(value, fc.constantFrom(0, 2, "\t"), (v, indent) => {
      const { keys, colonFirst } = counted(v);
      assert.equal(keyColons(JSON.stringify(v, null, indent)), keys + colonFirst);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("keyColons: a key written twice is counted twice, once held", () => {
  for (
    const text of [
      '{"a": 1, "a": 2}',
      '{"a": {"b": "x", "b": "y:z"}}',
      '[{"a" : 1,\n "a"\t: 2}]',
      '{"a\\\\": 1, "a\\\\": 2}',
    ]
  ) {
    const parsed = JSON.parse(text);
    assert.ok(keyColons(text) > counted(parsed).keys, text);
  }
});
