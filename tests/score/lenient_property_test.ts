// Laws of the lenient reading over random replies: a reply right under strict scoring is right
// under lenient scoring, with no rescue; a verdict lenient scoring changes was wrong only by its
// arguments, and is counted under at least one rule. And of its rules: the answer rewritten as
// string-form or optional-default forgives is right under lenient scoring, counted under the rules
// the rewriting used.

import assert from "node:assert/strict";
import fc from "fast-check";
import type { AnswerCall, Item, ToolSpec } from "../../src/dataset/item.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { LENIENT_RULES } from "../../src/score/lenient.ts";
import type { Ordering, Reply } from "../../src/score/scorer.ts";
import { lenientScore, xlamToolCall } from "../../src/score/xlam_tool_call.ts";
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

// The rules themselves: the answer rewritten in a form a rule forgives is right under lenient
// scoring, and counted under that rule.

/** Short strings with letters of both cases, quotes and what string-form removes. */
const text = fc.stringMatching(/^[abcXYZ' ,./_*^-]{0,6}$/);

/** A rewriting of a string that string-form holds equal: letters re-cased, ' and " swapped, punctuation added. */
const reform = (s: string, flips: readonly boolean[], extra: string): string =>
  [...s].map((c, i) => {
    if (!flips[i % flips.length]) return c;
    if (c === "'") return '"';
    return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  }).join("") + extra;

const PARAMS = ["p", "q", "r", "s"] as const;

/** Tool g: each parameter a string, optional or not, with a declared default. */
const ruleTool = fc.record({
  optional: fc.subarray([...PARAMS]),
  defaults: fc.tuple(text, text, text, text),
});

/** How one answer argument is given: left out, at the declared default, or another string. */
const given = fc.oneof(fc.constant<"out" | "default">("out"), fc.constant("default"), text);

/** What is rewritten in each call: strings (string-form), arguments at defaults (optional-default). */
const rewrite = fc.record({
  strings: fc.boolean(),
  defaults: fc.boolean(),
  flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  extra: fc.constantFrom("", " ", ".", "_", "-", ", ", "*^/"),
  drop: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
});

const ruleCase = fc.record({
  tool: ruleTool,
  calls: fc.array(fc.tuple(fc.tuple(given, given, given, given), rewrite), {
    minLength: 1,
    maxLength: 3,
  }),
  ordering: fc.constantFrom<Ordering>("any", "strict"),
});

Deno.test("a reply rewritten as a rule forgives is right under lenient scoring, under that rule", () => {
  const seen = { "string-form": 0, "optional-default": 0, both: 0 };
  fc.assert(
    fc.property(ruleCase, ({ tool: t, calls, ordering }) => {
      const declared = new Map(PARAMS.map((p, i) => [p, t.defaults[i]!]));
      const spec: ToolSpec = {
        name: "g",
        description: "",
        parameters: new Map<string, JsonValue>([
          ["type", "object"],
          [
            "properties",
            new Map(
              PARAMS.map((p) => [p, new Map([["type", "string"], ["default", declared.get(p)!]])]),
            ),
          ],
          ["required", []],
        ]),
        optional: t.optional,
      };
      const answers: AnswerCall[] = [];
      const replyCalls: { name: string; arguments: string }[] = [];
      const applied = new Set<string>();
      for (const [values, w] of calls) {
        const answer = new Map<string, JsonValue>();
        PARAMS.forEach((p, i) => {
          const v = values[i]!;
          if (v !== "out") answer.set(p, v === "default" ? declared.get(p)! : v);
        });
        const reply = new Map<string, JsonValue>();
        PARAMS.forEach((p, i) => {
          const a = answer.get(p) as string | undefined;
          const optional = t.optional.includes(p);
          if (w.defaults && optional && w.drop[i]) {
            // At its default in the answer: left out. Left out of the answer: given at it.
            if (a === declared.get(p)) return void applied.add("optional-default");
            if (a === undefined) {
              reply.set(p, declared.get(p)!);
              return void applied.add("optional-default");
            }
          }
          if (a === undefined) return;
          const b = w.strings ? reform(a, w.flips, w.extra) : a;
          if (b !== a) applied.add("string-form");
          reply.set(p, b);
        });
        answers.push({ name: "g", arguments: answer });
        replyCalls.push({ name: "g", arguments: stringifyJson(reply) });
      }
      const it: Item = { id: 1, index: 0, query: "", tools: [spec], answers };
      const r: Reply = { text: "", truncated: false, calls: replyCalls };
      const strict = xlamToolCall.score(it, r, { ordering });
      const lenient = lenientScore(it, r, { ordering });
      assert.equal(lenient.correct, true, JSON.stringify(replyCalls));
      if (strict.correct) {
        assert.deepEqual(lenient.rescued, []);
        return;
      }
      assert.equal(strict.reason, "arguments");
      // The rules it was rescued under are ones the rewriting used. Under ordering: strict the
      // calls pair as written, so it is each rule used that it cannot do without; under any,
      // another pairing may need fewer (one that either rule alone rescues is string-form's).
      assert(lenient.rescued.length > 0);
      for (const rule of lenient.rescued) {
        if (ordering === "strict") assert(applied.has(rule), `${rule} was not used`);
      }
      if (ordering === "strict" && replyCalls.length === 1) {
        // One call: string-form alone cannot add or drop an argument, and optional-default alone
        // cannot forgive a string's form; the rules used are the rules counted.
        assert.deepEqual(lenient.rescued, LENIENT_RULES.filter((rule) => applied.has(rule)));
      }
      if (lenient.rescued.length === 2) seen.both++;
      else seen[lenient.rescued[0]!]++;
    }),
    { numRuns: 2000 },
  );
  for (const [rule, n] of Object.entries(seen)) assert(n > 20, `only ${n} rescues under ${rule}`);
});
