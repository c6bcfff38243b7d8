// Laws of xlam-tool-call over generated items, and a brute-force oracle for its reasons.

import assert from "node:assert/strict";
import fc from "fast-check";
import type { Ordering } from "../../src/score/scorer.ts";
import type { AnswerCall, Item } from "../../src/dataset/item.ts";
import { jsonEqual } from "../../src/json/equal.ts";
import { isJsonObject, type JsonObject, type JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import type { Reply, ReplyCall } from "../../src/score/scorer.ts";
import { EMPTY_REPLY } from "../../src/score/selftest.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import {
  jsonScalar,
  jsonValueOf,
  rewriteNumbers,
  smallJsonValue,
  wellFormedString,
} from "../json/_arbitraries.ts";

const toolName = fc.constantFrom("f", "g", "get_weather");

/** Arguments: objects of any JSON values, or of a small domain so that equal ones come up. */
const argumentsObject: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.uniqueArray(
    fc.tuple(wellFormedString, jsonValueOf(jsonScalar, wellFormedString, { maxDepth: 2 })),
    { maxLength: 4, selector: ([k]) => k },
  ).map((e) => new Map(e)),
  fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b"), smallJsonValue), {
    maxLength: 2,
    selector: ([k]) => k,
  }).map((e) => new Map(e)),
);

const answerCall: fc.Arbitrary<AnswerCall> = fc.record({
  name: toolName,
  arguments: argumentsObject as fc.Arbitrary<JsonValue>,
});

const item: fc.Arbitrary<Item> = fc.array(answerCall, { maxLength: 4 }).map((answers) => ({
  id: 1,
  index: 0,
  query: "",
  tools: [],
  answers,
}));

const choice = fc.array(fc.nat(40), { minLength: 5, maxLength: 5 });
const orderings: Ordering[] = ["any", "strict"];

function permute<T>(values: readonly T[], order: readonly number[]): T[] {
  return values
    .map((v, i) => [v, order[i % Math.max(order.length, 1)] ?? 0, i] as const)
    .sort((a, b) => a[1] - b[1] || a[2] - b[2])
    .map(([v]) => v);
}

/** A reply call written another way: keys reordered, numbers rewritten, spaces added. */
function rewrite(call: ReplyCall, c: readonly number[]): ReplyCall {
  let parsed: JsonValue;
  try {
    parsed = parseJson(call.arguments);
  } catch {
    return call;
  }
  if (!isJsonObject(parsed)) return call;
  const value = rewriteNumbers(parsed, c) as JsonObject;
  const entries = [...value];
  const reordered = new Map((c[0]! % 2 === 1) ? entries.reverse() : entries);
  const text = stringifyJson(reordered);
  return { name: call.name, arguments: c[1]! % 2 === 1 ? ` ${text}\n` : text };
}

Deno.test("Score(item, Key(item)) is match for every generated item", () => {
  fc.assert(
    fc.property(item, (it) => {
      for (const ordering of orderings) {
        const v = xlamToolCall.score(it, xlamToolCall.key(it), { ordering });
        assert.equal(v.reason, "match", v.detail);
        assert.equal(v.correct, true);
      }
    }),
    { numRuns: 1000 },
  );
});

Deno.test("the empty reply is wrong for every generated item whose answer has calls", () => {
  fc.assert(
    fc.property(item, (it) => {
      for (const ordering of orderings) {
        const v = xlamToolCall.score(it, EMPTY_REPLY, { ordering });
        if (it.answers.length > 0) {
          assert.equal(v.reason, "no-call");
          assert.equal(v.correct, false);
        } else {
          assert.equal(v.reason, "match");
        }
      }
    }),
    { numRuns: 1000 },
  );
});

Deno.test("under any, the key's calls shuffled and rewritten still match", () => {
  fc.assert(
    fc.property(item, fc.array(fc.nat()), choice, (it, order, c) => {
      const key = xlamToolCall.key(it);
      const calls = permute(key.calls, order).map((call, i) => rewrite(call, c.map((x) => x + i)));
      const v = xlamToolCall.score(it, { ...key, calls }, { ordering: "any" });
      assert.equal(v.reason, "match", v.detail);
    }),
    { numRuns: 1000 },
  );
});

// ---- A brute-force oracle, written from the page, independent of the scorer's code ----

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)])
  );
}

function oracle(it: Item, reply: Reply, ordering: Ordering): string {
  if (reply.truncated) return "truncated";
  if (reply.calls.length === 0 && reply.text.includes("<tool_call>")) return "unparsed-call";
  const args: JsonObject[] = [];
  for (const call of reply.calls) {
    let value: JsonValue;
    try {
      value = parseJson(call.arguments);
    } catch {
      return "malformed-arguments";
    }
    if (!isJsonObject(value)) return "malformed-arguments";
    args.push(value);
  }
  const answers = it.answers;
  if (reply.calls.length === 0) return answers.length === 0 ? "match" : "no-call";
  if (reply.calls.length !== answers.length) return "call-count";
  const same = (r: number, a: number) =>
    reply.calls[r]!.name === answers[a]!.name && jsonEqual(args[r]!, answers[a]!.arguments);
  if (ordering === "strict") {
    if (reply.calls.some((c, i) => c.name !== answers[i]!.name)) return "name";
    return reply.calls.every((_, i) => same(i, i)) ? "match" : "arguments";
  }
  const names = (list: readonly { name: string }[]) => list.map((c) => c.name).sort().join("\n");
  if (names(reply.calls) !== names(answers)) return "name";
  return permutations(answers.length).some((p) => p.every((a, r) => same(r, a)))
    ? "match"
    : "arguments";
}

/** Replies near an item's key: its calls shuffled, rewritten, changed, renamed, broken. */
function nearReply(it: Item): fc.Arbitrary<Reply> {
  const key = xlamToolCall.key(it);
  const call = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(key.calls.length > 0 ? key.calls : [undefined])) },
    {
      weight: 2,
      arbitrary: answerCall.map((c) => ({ name: c.name, arguments: stringifyJson(c.arguments) })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        name: toolName,
        arguments: fc.constantFrom("", "[]", '{"a": 1, "a": 1}', "{'a': 1}", '{"a": NaN}', "{} x"),
      }),
    },
  ).chain((c) =>
    c === undefined
      ? fc.constant(undefined)
      : fc.tuple(choice, fc.boolean()).map(([ch, again]) => (again ? rewrite(c, ch) : c))
  );
  return fc.record({
    text: fc.constantFrom("", "Sure.", "<tool_call>", "I'd call <tool_call>{...}"),
    calls: fc.oneof(
      fc.array(fc.nat(), { minLength: key.calls.length, maxLength: key.calls.length }).map((o) =>
        permute(key.calls, o)
      ),
      // The key, shuffled, with one call's arguments changed: to another call's of the answer
      // (often to the same tool), to an answer call's with a member added, or to any.
      fc.tuple(
        fc.array(fc.nat(), { minLength: key.calls.length, maxLength: key.calls.length }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("other", "added", "any"),
        argumentsObject,
      ).map(([o, at, from, how, any]) => {
        const calls = permute(key.calls, o);
        if (calls.length === 0) return calls;
        const target = calls[at % calls.length]!;
        const source = key.calls[from % key.calls.length]!;
        const args = how === "other"
          ? source.arguments
          : how === "added"
          ? source.arguments.replace(/}$/, source.arguments === "{}" ? '"zz":1}' : ',"zz":1}')
          : stringifyJson(any);
        calls[at % calls.length] = { name: target.name, arguments: args };
        return calls;
      }),
      fc.array(call, { maxLength: 4 }).map((cs) =>
        cs.filter((c): c is ReplyCall => c !== undefined)
      ),
    ),
    truncated: fc.oneof(
      { weight: 19, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
}

Deno.test("xlam-tool-call gives the oracle's reason on replies near the key", () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(
      item.chain((it) => fc.tuple(fc.constant(it), nearReply(it))),
      fc.constantFrom<Ordering>("any", "strict"),
      ([it, reply], ordering) => {
        const v = xlamToolCall.score(it, reply, { ordering });
        assert.equal(v.reason, oracle(it, reply, ordering), v.detail);
        assert.equal(v.correct, v.reason === "match");
        assert(!/[\r\n]/.test(v.detail));
        seen.add(v.reason);
      },
    ),
    { numRuns: 3000 },
  );
  assert.deepEqual(
    [...xlamToolCall.reasons].filter((r) => !seen.has(r)),
    [],
  );
});
