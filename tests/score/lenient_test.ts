// The lenient reading of xlam-tool-call: each rule, its attribution, and the examples of
// reference/scorers.md ("Lenient scoring").

import assert from "node:assert/strict";
import { toolsFromJson } from "../../src/dataset/tools.ts";
import type { Item } from "../../src/dataset/item.ts";
import { JsonNumber } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { lenientVerdictIfJudged } from "../../src/score/lenient.ts";
import { lenientScore, xlamToolCall, xlamToolCallLenient } from "../../src/score/xlam_tool_call.ts";
import { typedDefault } from "../../src/score/optional_default.ts";
import type { Ordering, Reply } from "../../src/score/scorer.ts";
import { selftest } from "../../src/score/selftest.ts";
import { stringForm, stringFormEqual } from "../../src/score/string_form.ts";
import { itemOf, replyOf } from "./_items.ts";

const TOOLS = toolsFromJson(parseJson(JSON.stringify([{
  name: "get_weather",
  description: "",
  parameters: {
    city: { type: "str", description: "the city" },
    units: { type: "str, optional", default: "metric" },
    days: { type: "int, optional", default: "3" },
    detailed: { type: "bool, optional", default: "false" },
    lang: { type: "str", default: "en" },
    note: { type: "str, optional" },
  },
}])));

function weather(answer: string): Item {
  return { ...itemOf(`[{"name": "get_weather", "arguments": ${answer}}]`), tools: TOOLS };
}

Deno.test("stringForm: BFCL's standardize_string", () => {
  const cases: [string, string][] = [
    ["April 1, 2024", "april12024"],
    ["a.b/c-d_e*f^g", "abcdefg"],
    ["Tab\there", "tab\there"], // only U+0020 is removed
    ["O'Brien", 'o"brien'],
    ["ΑΣ", "ας"], // Unicode's default lower case, final sigma included
    ["", ""],
  ];
  for (const [input, expected] of cases) assert.equal(stringForm(input), expected, input);
});

Deno.test("stringFormEqual: strings at any depth, nothing else loosened", () => {
  const yes: [string, string][] = [
    ['"New York"', '"new-york"'],
    ['["A B", {"k": "X"}]', '["ab", {"k": "x"}]'],
    ['{"a": 5}', '{"a": 5.0}'],
  ];
  const no: [string, string][] = [
    ['"5"', "5"],
    ['{"K": 1}', '{"k": 1}'], // keys are not normalised
    ['["a"]', '["a", "b"]'],
    ['"a b"', '"a  c"'],
    ["null", '""'],
  ];
  for (const [a, b] of yes) assert(stringFormEqual(parseJson(a), parseJson(b)), `${a} ${b}`);
  for (const [a, b] of no) assert(!stringFormEqual(parseJson(a), parseJson(b)), `${a} ${b}`);
});

Deno.test("typedDefault reads a default by its parameter's type", () => {
  assert.deepEqual(typedDefault("0", "integer"), new JsonNumber("0"));
  assert.deepEqual(typedDefault("0.5", "number"), new JsonNumber("0.5"));
  assert.equal(typedDefault("abc", "integer"), "abc");
  assert.equal(typedDefault("True", "boolean"), true);
  assert.equal(typedDefault("false", "boolean"), false);
  assert.equal(typedDefault("yes", "boolean"), "yes");
  assert.deepEqual(typedDefault("[1]", "array"), [new JsonNumber("1")]);
  assert.equal(typedDefault("{}", "array"), "{}");
  assert.equal(typedDefault("7", "string"), "7");
  assert.equal(typedDefault(null, "integer"), null);
});

interface Case {
  readonly name: string;
  readonly answer: string;
  readonly reply: string;
  readonly correct: boolean;
  readonly rescued: readonly string[];
  readonly detail?: string;
}

const CASES: readonly Case[] = [
  {
    name: "a string differing in case and spacing is rescued by string-form",
    answer: '{"city": "New York"}',
    reply: '{"city": "new york"}',
    correct: true,
    rescued: ["string-form"],
    detail:
      'the call is the answer\'s under lenient scoring: call 1 get_weather: argument city is "new york", the answer\'s is "New York" (string-form)',
  },
  {
    name: "an optional argument left out where the answer gives its default",
    answer: '{"city": "Paris", "days": 3}',
    reply: '{"city": "Paris"}',
    correct: true,
    rescued: ["optional-default"],
    detail:
      "the call is the answer's under lenient scoring: call 1 get_weather: argument days is left out, the answer's is 3, its optional default (optional-default)",
  },
  {
    name: "an optional argument given at its default where the answer leaves it out",
    answer: '{"city": "Paris"}',
    reply: '{"city": "Paris", "detailed": false}',
    correct: true,
    rescued: ["optional-default"],
  },
  {
    name: "a default read by type: the string default is not the value",
    answer: '{"city": "Paris"}',
    reply: '{"city": "Paris", "days": "3"}',
    correct: false,
    rescued: [],
  },
  {
    name: "a required parameter's example default does not count",
    answer: '{"city": "Paris", "lang": "en"}',
    reply: '{"city": "Paris"}',
    correct: false,
    rescued: [],
  },
  {
    name: "an optional parameter with no default declared has none",
    answer: '{"city": "Paris"}',
    reply: '{"city": "Paris", "note": ""}',
    correct: false,
    rescued: [],
  },
  {
    name: "an optional argument away from its default is wrong",
    answer: '{"city": "Paris"}',
    reply: '{"city": "Paris", "units": "imperial"}',
    correct: false,
    rescued: [],
  },
  {
    name: "a reply that needs both rules is counted under both",
    answer: '{"city": "New York", "units": "metric"}',
    reply: '{"city": "new_york"}',
    correct: true,
    rescued: ["string-form", "optional-default"],
  },
  {
    name: "a different value stays wrong",
    answer: '{"city": "Paris"}',
    reply: '{"city": "Lyon"}',
    correct: false,
    rescued: [],
  },
  {
    name: "strict right stays right, with no rescue",
    answer: '{"city": "Paris"}',
    reply: '{"city": "Paris"}',
    correct: true,
    rescued: [],
  },
];

Deno.test("lenientScore: each rule", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, () => {
      const v = lenientScore(weather(c.answer), replyOf([["get_weather", c.reply]]), {
        ordering: "any",
      });
      assert.equal(v.correct, c.correct, v.detail);
      assert.deepEqual(v.rescued, c.rescued);
      if (c.detail !== undefined) assert.equal(v.detail, c.detail);
    });
  }
});

Deno.test("lenientScore: a rescue records the rule and the two values it matched", () => {
  const v = lenientScore(
    weather('{"city": "New York", "days": "3"}'),
    replyOf([["get_weather", '{"city": "new york", "days": "3"}']]),
    { ordering: "any" },
  );
  assert.deepEqual(v.matches, [{
    rule: "string-form",
    call: 1,
    tool: "get_weather",
    argument: "city",
    reply: "new york",
    answer: "New York",
  }]);
});

Deno.test("lenientScore: only a reply wrong by its arguments can be rescued", () => {
  const item = weather('{"city": "Paris"}');
  for (const reply of [replyOf([["get_time", '{"city": "paris"}']]), replyOf([])]) {
    const v = lenientScore(item, reply, { ordering: "any" });
    assert.equal(v.correct, false);
    assert.deepEqual(v.rescued, []);
  }
});

Deno.test("lenientScore: calls are paired under the ordering", () => {
  const tools = toolsFromJson(parseJson(
    '[{"name": "f", "description": "", "parameters": {"x": {"type": "str"}}}]',
  ));
  const item = {
    ...itemOf('[{"name": "f", "arguments": {"x": "A"}}, {"name": "f", "arguments": {"x": "B"}}]'),
    tools,
  };
  const reply = replyOf([["f", '{"x": "b"}'], ["f", '{"x": "a"}']]);
  const expect: Record<Ordering, boolean> = { any: true, strict: false };
  for (const ordering of ["any", "strict"] as const) {
    assert.equal(lenientScore(item, reply, { ordering }).correct, expect[ordering], ordering);
  }
});

Deno.test("the lenient reading passes the self-test on the same items", () => {
  const items = [weather('{"city": "Paris"}'), itemOf("[]", 2)];
  const result = selftest(xlamToolCallLenient, items, { ordering: "any" });
  assert.equal(result.failedItems, 0);
  assert.equal(result.faultyItems, 0);
  assert.equal(result.keysCorrect, 2);
});

Deno.test("lenientVerdictIfJudged: undefined for a documented refusal, a bug still throws", async (t) => {
  const item = weather('{"city": "New York"}');
  const reply = replyOf([["get_weather", '{"city": "new york"}']]);
  await t.step("it judges what the scorer judges", () => {
    assert.deepEqual(
      lenientVerdictIfJudged(xlamToolCall, item, reply, { ordering: "any" }),
      lenientScore(item, reply, { ordering: "any" }),
    );
  });
  await t.step("a tool-call parser the scorer does not know", () => {
    const options = { ordering: "any", toolCallParser: "jamba" } as const;
    assert.throws(() => lenientScore(item, reply, options), RangeError);
    assert.equal(lenientVerdictIfJudged(xlamToolCall, item, reply, options), undefined);
  });
  await t.step("an answer call whose arguments are not an object", () => {
    const odd = { ...item, answers: [{ name: "get_weather", arguments: ["x"] }] };
    assert.throws(() => lenientScore(odd, reply, { ordering: "any" }), TypeError);
    assert.equal(lenientVerdictIfJudged(xlamToolCall, odd, reply, { ordering: "any" }), undefined);
  });
  await t.step("any other TypeError propagates", () => {
    // A reply whose calls are not a list: a bug in the caller, not a refusal.
    const broken = { text: "", truncated: false, calls: null } as unknown as Reply;
    assert.throws(
      () => lenientVerdictIfJudged(xlamToolCall, item, broken, { ordering: "any" }),
      TypeError,
    );
  });
});

Deno.test("lenientVerdictIfJudged: a registered scorer's own reading", async (t) => {
  const item = weather('{"city": "New York"}');
  const reply = replyOf([["get_weather", '{"city": "Boston"}']]);
  const options = { ordering: "any" } as const;
  const refuses = (i: Item) => {
    if (i.answers.length === 0) throw new RangeError("no answer to judge");
  };
  const { lenient: _builtIn, ...xlamStrict } = xlamToolCall;
  const strict = {
    ...xlamStrict,
    name: "own",
    score: (i: Item, r: Reply) => (refuses(i), xlamToolCall.score(i, r, options)),
  };
  const reading = {
    ...strict,
    score: (i: Item, r: Reply) => {
      refuses(i);
      if (r.calls.length > 1) throw new TypeError("a bug of the reading");
      return { correct: r.calls[0]?.name === "get_weather", reason: "match", detail: "names" };
    },
  };
  const own = { ...strict, lenient: reading };
  await t.step("none without the member", () => {
    assert.equal(lenientVerdictIfJudged(strict, item, reply, options), undefined);
  });
  await t.step("its verdict, rescued under no rule", () => {
    assert.deepEqual(lenientVerdictIfJudged(own, item, reply, options), {
      correct: true,
      reason: "match",
      detail: "names",
      rescued: [],
      matches: [],
    });
  });
  await t.step("rules it names are kept only when they are the reading's rules", () => {
    const naming = {
      ...own,
      lenient: {
        ...reading,
        score: () => ({
          correct: true,
          reason: "match",
          detail: "",
          rescued: ["string-form", "made-up"],
          matches: [],
        }),
      },
    };
    assert.deepEqual(lenientVerdictIfJudged(naming, item, reply, options)?.rescued, [
      "string-form",
    ]);
  });
  await t.step("a throw on an item the scorer refuses too: undefined", () => {
    const none = { ...item, answers: [] };
    assert.equal(lenientVerdictIfJudged(own, none, reply, options), undefined);
  });
  await t.step("a throw on an item the scorer judges: propagates", () => {
    const two = replyOf([["get_weather", "{}"], ["get_weather", "{}"]]);
    assert.throws(() => lenientVerdictIfJudged(own, item, two, options), /a bug of the reading/);
  });
});
