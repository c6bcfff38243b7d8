import assert from "node:assert/strict";
import fc from "fast-check";
import { withoutMember } from "../../src/results/_without_member.ts";

/** JSON values whose strings hold what a raw response does: quotes, backslashes, escapes. */
const text = fc.string({
  unit: fc.constantFrom("a", '"', "\\", "{", "}", ",", ":", "\n", "é", "🙂"),
});
const value = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("response", "usage", "a", 'b"c'), tie("value"), {
      maxKeys: 3,
      noNullPrototype: true,
    }),
  ),
})).value;

Deno.test({
  name: "withoutMember cuts the top-level member wherever it stands, and only that",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("kind", "model", "usage", "reply", 'x\\"y'), value, {
          maxKeys: 4,
        }),
        value,
        fc.nat(),
        fc.constantFrom("", " ", "\n  "),
        (others, response, at, space) => {
          // The member inserted at any position among the others.
          const entries = Object.entries(others).filter(([k]) => k !== "response");
          const position = at % (entries.length + 1);
          entries.splice(position, 0, ["response", response]);
          const line = space + "{" + entries.map(([k, v]) =>
            `${space}${JSON.stringify(k)}${space}:${space}${JSON.stringify(v)}${space}`
          ).join(",") + "}" + space;
          const cut = withoutMember(line, '"response"');
          assert.notEqual(cut, null, line);
          const { response: _r, ...rest } = Object.fromEntries(entries);
          const json = (v: unknown) =>
            JSON.parse(JSON.stringify(v));
          assert.deepEqual(JSON.parse(cut!.rest), json(rest));
          assert.deepEqual(JSON.parse(cut!.value), json(response));
        },
      ),
      { numRuns: 2000 },
    );
  },
});

Deno.test({
  name: "withoutMember finds nothing where the member is not at the top level, or not there",
  permissions: "none",
  fn: () => {
    assert.equal(withoutMember('{"reply":{"response":1},"a":2}', '"response"'), null);
    assert.equal(withoutMember('{"a":"\\"response\\":1"}', '"response"'), null);
    assert.equal(withoutMember('{"a":1}', '"response"'), null);
    assert.equal(withoutMember("[1]", '"response"'), null);
    assert.equal(withoutMember('{"response"', '"response"'), null);
    assert.deepEqual(withoutMember('{"a":1,"response":null}', '"response"'), {
      rest: '{"a":1}',
      value: "null",
    });
  },
});
