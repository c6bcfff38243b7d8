import assert from "node:assert/strict";
import fc from "fast-check";
import type { Item } from "../../src/dataset/item.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { callsKey } from "../../src/score/same_calls.ts";
import type { Ordering, ReplyCall } from "../../src/score/scorer.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { rewriteNumbers, smallJsonValue } from "../json/_arbitraries.ts";

/** Calls over a small domain, so that equal lists come up often; arguments objects or not. */
const call: fc.Arbitrary<ReplyCall> = fc.record({
  name: fc.constantFrom("f", "g"),
  arguments: fc.oneof(
    {
      weight: 8,
      arbitrary: fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b"), smallJsonValue), {
        maxLength: 2,
        selector: ([k]) => k,
      }).map((e) => stringifyJson(new Map(e))),
    },
    { weight: 1, arbitrary: fc.constantFrom("[]", "{x:", "5", '{"a": 1} x') },
  ),
});
const calls = fc.array(call, { maxLength: 3 });

/** A list of calls written another way: shuffled (by `order`), numbers rewritten, keys reversed. */
function rewritten(list: readonly ReplyCall[], order: readonly number[], c: readonly number[]) {
  const out = list.map((x, i) => {
    let value: JsonValue;
    try {
      value = parseJson(x.arguments);
    } catch {
      return x;
    }
    if (!(value instanceof Map)) return x;
    const entries = [...(rewriteNumbers(value, c.map((v) => v + i)) as Map<string, JsonValue>)];
    return { name: x.name, arguments: stringifyJson(new Map(entries.reverse())) };
  });
  return out.map((x, i) => [x, order[i] ?? 0, i] as const)
    .sort((p, q) => p[1] - q[1] || p[2] - q[2]).map(([x]) => x);
}

/** The scorer's verdict on a reply with `b` against an item whose answer is `a`. */
function scoredEqual(a: readonly ReplyCall[], b: readonly ReplyCall[], ordering: Ordering) {
  const item: Item = {
    id: 1,
    index: 0,
    query: "",
    tools: [],
    answers: a.map((x) => ({ name: x.name, arguments: parseJson(x.arguments) })),
  };
  return xlamToolCall.score(item, { text: "", calls: b, truncated: false }, { ordering }).correct;
}

const parsesAsObjects = (list: readonly ReplyCall[]) =>
  list.every((x) => {
    try {
      return parseJson(x.arguments) instanceof Map;
    } catch {
      return false;
    }
  });

Deno.test("callsKey: equal keys exactly when xlam-tool-call scores one list match against the other", () => {
  for (const ordering of ["any", "strict"] as const) {
    fc.assert(
      fc.property(calls, calls, (a, b) => {
        const [ka, kb] = [callsKey(a, ordering), callsKey(b, ordering)];
        if (!parsesAsObjects(a) || !parsesAsObjects(b)) {
          assert.ok(ka === null || kb === null);
          return;
        }
        assert.equal(ka === kb, scoredEqual(a, b, ordering), `${ordering}: ${ka} vs ${kb}`);
      }),
      { numRuns: 3000 },
    );
    // A list against itself written another way: equal under any; under strict, when unshuffled.
    fc.assert(
      fc.property(
        calls,
        fc.array(fc.nat(3)),
        fc.array(fc.nat(40), { minLength: 5, maxLength: 5 }),
        (a, order, c) => {
          if (!parsesAsObjects(a)) return;
          const b = rewritten(a, ordering === "strict" ? [] : order, c);
          assert.equal(callsKey(b, ordering), callsKey(a, ordering));
          assert.equal(scoredEqual(a, b, ordering), true);
        },
      ),
      { numRuns: 1000 },
    );
  }
});

Deno.test("callsKey: no calls are equal to no calls, and to nothing else", () => {
  assert.equal(callsKey([], "any"), "");
  assert.notEqual(callsKey([{ name: "f", arguments: "{}" }], "any"), "");
  // A name with the separator in it cannot pass for two calls.
  assert.notEqual(
    callsKey([{ name: 'f":{}\n"g', arguments: "{}" }], "any"),
    callsKey([{ name: "f", arguments: "{}" }, { name: "g", arguments: "{}" }], "any"),
  );
});
