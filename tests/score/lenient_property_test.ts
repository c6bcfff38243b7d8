// Laws of the lenient reading over random replies: a reply right under strict scoring is right
// under lenient scoring, with no rescue; a verdict lenient scoring changes was wrong only by its
// arguments, and is counted under at least one rule.

import assert from "node:assert/strict";
import fc from "fast-check";
import type { AnswerCall, Item, ToolSpec } from "../../src/dataset/item.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { lenientScore } from "../../src/score/lenient.ts";
import type { Ordering, Reply } from "../../src/score/scorer.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { smallJsonValue } from "../json/_arbitraries.ts";

const names = ["a", "b", "c"] as const;
/** Values where strings differing only in form come up often. */
const value: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>("New York", "new york", "new_york", "X", "x", "metric", ""),
  smallJsonValue,
);
const args = fc.uniqueArray(fc.tuple(fc.constantFrom(...names), value), {
  maxLength: 3,
  selector: ([k]) => k,
}).map((e) => new Map(e));

/** Tool f with parameters a, b, c, some optional with a default. */
const tool: fc.Arbitrary<ToolSpec> = fc.record({
  optional: fc.subarray([...names]),
  defaults: fc.tuple(value, value, value),
}).map(({ optional, defaults }) => ({
  name: "f",
  description: "",
  parameters: new Map<string, JsonValue>([
    ["type", "object"],
    [
      "properties",
      new Map(names.map((n, i) => [n, new Map([["type", "string"], ["default", defaults[i]!]])])),
    ],
    ["required", []],
  ]),
  optional,
}));

const item: fc.Arbitrary<Item> = fc.record({
  tool,
  answers: fc.array(args.map((a): AnswerCall => ({ name: "f", arguments: a })), { maxLength: 3 }),
}).map(({ tool, answers }) => ({ id: 1, index: 0, query: "", tools: [tool], answers }));

const randomReply: fc.Arbitrary<Reply> = fc.array(args, { maxLength: 3 }).map((list) => ({
  text: "",
  truncated: false,
  calls: list.map((a) => ({ name: "f", arguments: stringifyJson(a) })),
}));

/** The answer's calls changed in form: strings re-cased, arguments dropped or added. */
function nearReply(it: Item, changes: readonly number[], extra: JsonValue): Reply {
  const calls = it.answers.map((call, i) => {
    const m = new Map(call.arguments as ReadonlyMap<string, JsonValue>);
    const c = changes[i % changes.length] ?? 0;
    const key = names[c % 3]!;
    const now = m.get(key);
    if (c % 4 === 0 && typeof now === "string") m.set(key, now.toUpperCase());
    else if (c % 4 === 1) m.delete(key);
    else if (c % 4 === 2) m.set(key, extra);
    return { name: "f", arguments: stringifyJson(m) };
  });
  return { text: "", truncated: false, calls };
}

const itemAndReply: fc.Arbitrary<[Item, Reply]> = item.chain((it) =>
  fc.oneof(
    randomReply,
    fc.tuple(fc.array(fc.nat(11), { minLength: 1, maxLength: 3 }), value).map(([c, v]) =>
      nearReply(it, c, v)
    ),
  ).map((r): [Item, Reply] => [it, r])
);

Deno.test("strict right implies lenient right, and a changed verdict names its rules", () => {
  let rescues = 0;
  fc.assert(
    fc.property(itemAndReply, fc.constantFrom<Ordering>("any", "strict"), ([it, r], ordering) => {
      const strict = xlamToolCall.score(it, r, { ordering });
      const lenient = lenientScore(it, r, { ordering });
      if (strict.correct) {
        assert.deepEqual(lenient, { ...strict, rescued: [], matches: [] });
        return;
      }
      if (!lenient.correct) {
        assert.deepEqual(lenient, { ...strict, rescued: [], matches: [] });
        return;
      }
      assert.equal(strict.reason, "arguments");
      assert(lenient.rescued.length > 0);
      assert(lenient.matches.length > 0);
      rescues++;
    }),
    { numRuns: 2000 },
  );
  assert(rescues > 20, `only ${rescues} rescues were generated`);
});
