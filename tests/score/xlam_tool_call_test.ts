import assert from "node:assert/strict";
import type { Ordering } from "../../src/score/scorer.ts";
import { JsonNumber } from "../../src/json/json_value.ts";
import type { Reply } from "../../src/score/scorer.ts";
import { XLAM_TOOL_CALL_REASONS, xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { itemOf, replyOf } from "./_items.ts";
import { selftest } from "../../src/score/selftest.ts";

interface Case {
  /** What the case shows. */
  readonly name: string;
  /** The answer, as a dataset row's `answers` text. */
  readonly answers: string;
  readonly reply: Reply;
  /** Default: both orderings give the same verdict. */
  readonly ordering?: Ordering;
  readonly parser?: string;
  readonly reason: string;
  /** The exact detail, where the case pins it. */
  readonly detail?: string;
}

const WEATHER = '[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}]';
const TWO = '[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}, ' +
  '{"name": "get_time", "arguments": {"zone": "CET"}}]';
const SAME_TOOL_TWICE =
  '[{"name": "f", "arguments": {"x": 1}}, {"name": "f", "arguments": {"x": 2}}]';
const paris = (days: string) => ["get_weather", `{"city": "Paris", "days": ${days}}`] as const;
const cet = ["get_time", '{"zone": "CET"}'] as const;

/** One case a reason, at least; and one an equality rule. */
const CASES: readonly Case[] = [
  // truncated
  {
    name: "truncated: the reply reached the token limit, even with the right calls",
    answers: WEATHER,
    reply: replyOf([paris("3")], "", true),
    reason: "truncated",
    detail: "the reply reached the token limit",
  },
  {
    name: "truncated: before an unparsed call",
    answers: WEATHER,
    reply: replyOf([], "<tool_call>{", true),
    reason: "truncated",
  },
  {
    name: "truncated: an empty answer does not excuse it",
    answers: "[]",
    reply: replyOf([], "No tool fits.", true),
    reason: "truncated",
  },
  // unparsed-call
  {
    name: "unparsed-call: no calls, and the text holds <tool_call>",
    answers: WEATHER,
    reply: replyOf(
      [],
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", days: 3}}',
    ),
    parser: "hermes",
    reason: "unparsed-call",
    detail: "the reply has no calls, and its text holds <tool_call>, the hermes tool-call marker",
  },
  {
    name: "unparsed-call: the parser is hermes when none is named",
    answers: WEATHER,
    reply: replyOf([], "Let me check. <tool_call>"),
    reason: "unparsed-call",
  },
  {
    name: "unparsed-call: an empty answer does not excuse it",
    answers: "[]",
    reply: replyOf([], "<tool_call>"),
    reason: "unparsed-call",
  },
  {
    name: "unparsed-call: not when the reply has calls",
    answers: WEATHER,
    reply: replyOf([paris("3")], "<tool_call>"),
    reason: "match",
  },
  {
    name: "unparsed-call: the marker is case-sensitive",
    answers: WEATHER,
    reply: replyOf([], "<TOOL_CALL>"),
    reason: "no-call",
  },
  // malformed-arguments
  ...([
    ["a duplicate key", '{"city": "Paris", "city": "Paris", "days": 3}'],
    ["a duplicate key deep inside", '{"city": "Paris", "days": 3, "o": {"a": [{"k": 1, "k": 1}]}}'],
    ["NaN", '{"city": "Paris", "days": NaN}'],
    ["Infinity", '{"city": "Paris", "days": Infinity}'],
    ["-Infinity", '{"city": "Paris", "days": -Infinity}'],
    ["an escaped lone surrogate", '{"city": "Par\\ud800is", "days": 3}'],
    ["a raw lone surrogate", '{"city": "Par\ud800is", "days": 3}'],
    ["text after the object", '{"city": "Paris", "days": 3} {}'],
    ["two objects", '{"city": "Paris"}{"days": 3}'],
    ["an array", '[{"city": "Paris", "days": 3}]'],
    ["a string holding an object", '"{\\"city\\": \\"Paris\\", \\"days\\": 3}"'],
    ["null", "null"],
    ["nothing", ""],
    ["single quotes", "{'city': 'Paris', 'days': 3}"],
    ["a trailing comma", '{"city": "Paris", "days": 3,}'],
  ] as const).map(([what, args]): Case => ({
    name: `malformed-arguments: ${what}`,
    answers: WEATHER,
    reply: replyOf([["get_weather", args]]),
    reason: "malformed-arguments",
  })),
  {
    name: "malformed-arguments: the detail names the call and why",
    answers: TWO,
    reply: replyOf([paris("3"), ["get_time", '{"zone": "CET", "zone": "UTC"}']]),
    reason: "malformed-arguments",
    detail:
      'call 2 get_time: the arguments are not strict JSON (duplicate key "zone" at offset 16)',
  },
  {
    name: "malformed-arguments: an array, named as such",
    answers: WEATHER,
    reply: replyOf([["get_weather", "[]"]]),
    reason: "malformed-arguments",
    detail: "call 1 get_weather: the arguments are an array, not an object",
  },
  {
    name: "malformed-arguments: before call-count",
    answers: WEATHER,
    reply: replyOf([paris("3"), ["get_weather", "{"]]),
    reason: "malformed-arguments",
  },
  {
    name: "malformed-arguments: leading and trailing whitespace is fine",
    answers: WEATHER,
    reply: replyOf([["get_weather", ' \n{"city": "Paris", "days": 3}\t ']]),
    reason: "match",
  },
  // no-call
  {
    name: "no-call: text but no calls",
    answers: TWO,
    reply: replyOf([], "It is sunny in Paris."),
    reason: "no-call",
    detail: "the reply has no calls, the answer has 2",
  },
  {
    name: "no-call: the empty reply",
    answers: WEATHER,
    reply: replyOf([]),
    reason: "no-call",
  },
  // the empty-answer rule
  {
    name: "empty answer: a reply with no calls matches, whatever its text",
    answers: "[]",
    reply: replyOf([], "None of the tools can do that."),
    reason: "match",
    detail: "no calls, as the answer has none",
  },
  {
    name: "empty answer: the empty reply matches",
    answers: "[]",
    reply: replyOf([]),
    reason: "match",
  },
  {
    name: "empty answer: a reply with a call is call-count",
    answers: "[]",
    reply: replyOf([paris("3")]),
    reason: "call-count",
    detail: "the reply has 1 call, the answer has 0",
  },
  // call-count
  {
    name: "call-count: one call too many",
    answers: WEATHER,
    reply: replyOf([paris("3"), paris("3")]),
    reason: "call-count",
    detail: "the reply has 2 calls, the answer has 1",
  },
  {
    name: "call-count: one call too few",
    answers: TWO,
    reply: replyOf([paris("3")]),
    reason: "call-count",
  },
  {
    name: "call-count: before name",
    answers: TWO,
    reply: replyOf([["nope", "{}"]]),
    reason: "call-count",
  },
  // name
  {
    name: "name: a tool the answer does not call",
    answers: TWO,
    reply: replyOf([paris("3"), ["get_date", '{"zone": "CET"}']]),
    reason: "name",
    detail: "call 2 is get_date, which the answer does not call",
  },
  {
    name: "name: names are compared exactly (case)",
    answers: WEATHER,
    reply: replyOf([["Get_Weather", '{"city": "Paris", "days": 3}']]),
    reason: "name",
  },
  {
    name: "name: strict, the right tools in another order",
    answers: TWO,
    reply: replyOf([cet, paris("3")]),
    ordering: "strict",
    reason: "name",
    detail: "call 1 is get_time, the answer's call 1 is get_weather",
  },
  {
    name: "name: any, the right tools in another order match",
    answers: TWO,
    reply: replyOf([cet, paris("3")]),
    ordering: "any",
    reason: "match",
    detail: "the 2 calls are the answer's",
  },
  {
    name: "name: any, a tool called more often than the answer calls it",
    answers: TWO,
    reply: replyOf([paris("3"), paris("4")]),
    ordering: "any",
    reason: "name",
    detail: "call 2 is get_weather, which the answer calls only once",
  },
  {
    name: "name: strict, a tool called twice where the answer calls another",
    answers: TWO,
    reply: replyOf([paris("3"), paris("4")]),
    ordering: "strict",
    reason: "name",
    detail: "call 2 is get_weather, the answer's call 2 is get_time",
  },
  {
    name: "name: before arguments (call 1's arguments are wrong too)",
    answers: TWO,
    reply: replyOf([paris("4"), ["get_date", "{}"]]),
    reason: "name",
  },
  {
    name: "name: a name with a line break is shown quoted, on one line",
    answers: WEATHER,
    reply: replyOf([["get\nweather", "{}"]]),
    reason: "name",
    detail: 'call 1 is "get\\nweather", which the answer does not call',
  },
  // arguments
  {
    name: "arguments: the page's example",
    answers: TWO,
    reply: replyOf([cet, paris("3.5")]),
    ordering: "any",
    reason: "arguments",
    detail: "call 2 get_weather: argument days is 3.5, the answer's call 1 has 3",
  },
  {
    name: "arguments: a value differs, at the answer's position",
    answers: TWO,
    reply: replyOf([paris("3.5"), cet]),
    reason: "arguments",
    detail: "call 1 get_weather: argument days is 3.5, the answer's is 3",
  },
  {
    name: "arguments: one the answer has and the reply leaves out",
    answers: WEATHER,
    reply: replyOf([["get_weather", '{"city": "Paris"}']]),
    reason: "arguments",
    detail: "call 1 get_weather: argument days is missing, the answer's is 3",
  },
  {
    name: "arguments: one the reply supplies and the answer leaves out",
    answers: WEATHER,
    reply: replyOf([["get_weather", '{"city": "Paris", "days": 3, "units": "metric"}']]),
    reason: "arguments",
    detail: 'call 1 get_weather: argument units is "metric", which the answer leaves out',
  },
  {
    name: "arguments: an argument set to null is not one left out",
    answers: WEATHER,
    reply: replyOf([["get_weather", '{"city": "Paris", "days": 3, "units": null}']]),
    reason: "arguments",
  },
  {
    name: "arguments: strict, one tool twice with its arguments swapped",
    answers: SAME_TOOL_TWICE,
    reply: replyOf([["f", '{"x": 2}'], ["f", '{"x": 1}']]),
    ordering: "strict",
    reason: "arguments",
    detail: "call 1 f: argument x is 2, the answer's is 1",
  },
  {
    name: "arguments: any, one tool twice with its arguments swapped matches",
    answers: SAME_TOOL_TWICE,
    reply: replyOf([["f", '{"x": 2}'], ["f", '{"x": 1}']]),
    ordering: "any",
    reason: "match",
  },
  {
    name: "arguments: any, one answer call cannot match two reply calls",
    answers: SAME_TOOL_TWICE,
    reply: replyOf([["f", '{"x": 1}'], ["f", '{"x": 1.0}']]),
    ordering: "any",
    reason: "arguments",
    detail: "call 2 f: argument x is 1.0, the answer's is 2",
  },
  {
    name: "arguments: any, the unmatched call is compared with an unmatched answer call",
    answers: SAME_TOOL_TWICE,
    reply: replyOf([["f", '{"x": 2}'], ["f", '{"x": 3}']]),
    ordering: "any",
    reason: "arguments",
    detail: "call 2 f: argument x is 3, the answer's call 1 has 1",
  },
  {
    name: "arguments: any, three calls to two tools, all shuffled, match",
    answers: '[{"name": "f", "arguments": {"x": 1}}, {"name": "g", "arguments": {"y": [1, 2]}}, ' +
      '{"name": "f", "arguments": {"x": 2}}]',
    reply: replyOf([["f", '{"x": 2e0}'], ["g", '{"y": [1, 2.0]}'], ["f", '{"x": 10E-1}']]),
    ordering: "any",
    reason: "match",
  },
  {
    name: "arguments: a long value is clipped, and the detail stays on one line",
    answers: '[{"name": "note", "arguments": {"text": "short"}}]',
    reply: replyOf([["note", JSON.stringify({ text: "line one\nline two ".repeat(10) })]]),
    reason: "arguments",
    detail:
      'call 1 note: argument text is "line one\\nline two line one\\nline two line one\\nline two l…, ' +
      'the answer\'s is "short"',
  },
  // equality rules, through the scorer
  ...([
    ["5 equals 5.0", "5", "5.0", "match"],
    ["5 equals 5e0", "5", "5e0", "match"],
    ["5 equals 0.5e1", "5", "0.5e1", "match"],
    ["-0 equals 0", "0", "-0", "match"],
    ["1e400 is not 1e401", "1e400", "1e401", "arguments"],
    ["1e400 equals 10e399", "1e400", "10e399", "match"],
    ["past 2^53, one apart", "9007199254740993", "9007199254740992", "arguments"],
    ["past 2^53, equal", "12345678901234567890", "12345678901234567890.0", "match"],
    ["0.1 is not a double's neighbour", "0.1", "0.1000000000000000055511151231257827", "arguments"],
    ["a string never equals a number", "5", '"5"', "arguments"],
    ["true is not 1", "true", "1", "arguments"],
    ["null is not false", "null", "false", "arguments"],
    ["null equals null", "null", "null", "match"],
    ["strings: no normalisation", '"caf\\u00e9"', '"cafe\\u0301"', "arguments"],
    ["strings: an escape equals the character", '"caf\\u00e9"', '"café"', "match"],
    ["strings: case matters", '"Paris"', '"paris"', "arguments"],
    ["arrays: in order", "[1, 2]", "[1.0, 2e0]", "match"],
    ["arrays: not in another order", "[1, 2]", "[2, 1]", "arguments"],
    ["objects: keys in any order", '{"a": 1, "b": 2}', '{"b": 2, "a": 1}', "match"],
    ["objects: a missing key", '{"a": 1, "b": 2}', '{"a": 1}', "arguments"],
    ["objects: an object is not an array", "{}", "[]", "arguments"],
  ] as const).map(([what, answer, reply, reason]): Case => ({
    name: `equality: ${what}`,
    answers: `[{"name": "f", "arguments": {"v": ${answer}}}]`,
    reply: replyOf([["f", `{"v": ${reply}}`]]),
    reason,
  })),
];

Deno.test("xlam-tool-call gives each case its reason", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, () => {
      const item = itemOf(c.answers);
      const orderings: Ordering[] = c.ordering === undefined ? ["any", "strict"] : [c.ordering];
      for (const ordering of orderings) {
        const options = c.parser === undefined
          ? { ordering }
          : { ordering, toolCallParser: c.parser };
        const v = xlamToolCall.score(item, c.reply, options);
        assert.equal(v.reason, c.reason, `${ordering}: ${v.detail}`);
        assert.equal(v.correct, c.reason === "match");
        if (c.detail !== undefined) assert.equal(v.detail, c.detail, ordering);
        assert(!/[\r\n]/.test(v.detail), `the detail is on one line: ${v.detail}`);
      }
    });
  }
});

Deno.test("the case table reaches every reason", () => {
  const reached = new Set(CASES.map((c) => c.reason));
  assert.deepEqual([...XLAM_TOOL_CALL_REASONS].filter((r) => !reached.has(r)), []);
});

Deno.test("xlam-tool-call declares its name, version, reasons and parsers", () => {
  assert.equal(xlamToolCall.name, "xlam-tool-call");
  assert.equal(xlamToolCall.version, "1");
  assert.deepEqual(xlamToolCall.reasons, [
    "truncated",
    "unparsed-call",
    "malformed-arguments",
    "no-call",
    "call-count",
    "name",
    "arguments",
    "match",
  ]);
  assert.deepEqual(xlamToolCall.toolCallParsers, FAMILIES.map((f) => f.parser));
});

Deno.test("xlam-tool-call's key is the answer as a reply, numbers as written", () => {
  const item = itemOf(
    '[{"name": "f", "arguments": {"n": 12345678901234567890, "x": 5.0, "s": "é"}}, ' +
      '{"name": "g", "arguments": {}}]',
  );
  assert.deepEqual(xlamToolCall.key(item), {
    text: "",
    calls: [
      { name: "f", arguments: '{"n":12345678901234567890,"x":5.0,"s":"é"}' },
      { name: "g", arguments: "{}" },
    ],
    truncated: false,
  });
  assert.deepEqual(xlamToolCall.key(itemOf("[]")), { text: "", calls: [], truncated: false });
});

Deno.test("xlam-tool-call cannot judge some items, and says so by throwing", async (t) => {
  await t.step("a parser it does not know", () => {
    assert.throws(
      () =>
        xlamToolCall.score(itemOf(WEATHER), replyOf([]), {
          ordering: "any",
          toolCallParser: "jamba",
        }),
      (e: unknown) =>
        e instanceof RangeError &&
        e.message ===
          "xlam-tool-call knows the tool-call parsers hermes, llama3_json, llama4_json, " +
            "llama4_pythonic, pythonic, mistral, qwen3_coder, qwen3_xml, xlam, granite, " +
            "granite-20b-fc, phi4_mini_json, deepseek_v3, deepseek_v31, glm45, kimi_k2, openai, " +
            'not "jamba"',
    );
  });
  await t.step("an answer whose arguments are not an object", () => {
    const item = {
      ...itemOf(WEATHER, 9),
      answers: [{ name: "f", arguments: [new JsonNumber("1")] }],
    };
    assert.throws(
      () => xlamToolCall.score(item, xlamToolCall.key(item), { ordering: "any" }),
      (e: unknown) =>
        e instanceof TypeError &&
        e.message ===
          "xlam-tool-call cannot judge item 9: the arguments of its answer's call 1 are an array, not an object",
    );
  });
});

/**
 * Each vLLM parser, with a reply text in its own markup that its parser could not decode (as
 * vLLM returns it in the content: reference/scorers.md), and the detail the scorer gives.
 */
const FAMILIES: readonly { parser: string; text: string; detail: string | null }[] = [
  {
    parser: "hermes",
    text: '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris",</tool_call>',
    detail: "holds <tool_call>, the hermes tool-call marker",
  },
  {
    parser: "llama3_json",
    text: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"',
    detail: "holds <|python_tag|>, the llama3_json tool-call marker",
  },
  {
    parser: "llama4_json",
    text: '\n {"name": "get_weather", "parameters": {"city": "Paris", "days": 3',
    detail: 'starts with {"name":, as a llama4_json tool call does',
  },
  {
    parser: "llama4_pythonic",
    text: "[get_weather(city='Paris', days=3]",
    detail: "starts with [name(, as a llama4_pythonic tool call does",
  },
  {
    parser: "pythonic",
    text: "  [get_weather(city=Paris)]",
    detail: "starts with [name(, as a pythonic tool call does",
  },
  {
    parser: "mistral",
    text: '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"',
    detail: "holds [TOOL_CALLS], the mistral tool-call marker",
  },
  {
    parser: "qwen3_coder",
    text: "<tool_call>\n<function=get_weather\n<parameter=city>\nParis",
    detail: "holds <function=, the qwen3_coder tool-call marker",
  },
  {
    parser: "qwen3_xml",
    text: "Let me look. <function=get_weather",
    detail: "holds <function=, the qwen3_xml tool-call marker",
  },
  {
    parser: "xlam",
    text: '[{"name": "get_weather", "arguments": {"city": "Paris"}',
    detail: 'starts with [{"name":, as a xlam tool call does',
  },
  {
    parser: "granite",
    text: '<|tool_call|>{"name": "get_weather"}',
    detail: "holds <|tool_call|>, the granite tool-call marker",
  },
  {
    parser: "granite-20b-fc",
    text: '<function_call> {"name": "get_weather", "arguments": {"city": "Paris"',
    detail: "holds <function_call>, the granite-20b-fc tool-call marker",
  },
  {
    parser: "phi4_mini_json",
    text: 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    detail: "holds functools[, the phi4_mini_json tool-call marker",
  },
  {
    parser: "deepseek_v3",
    text: "<\uff5ctool\u2581calls\u2581begin\uff5c>function<\uff5ctool\u2581sep\uff5c>get_weather",
    detail: "holds <\uff5ctool\u2581calls\u2581begin\uff5c>, the deepseek_v3 tool-call marker",
  },
  {
    parser: "deepseek_v31",
    text:
      "<\uff5ctool\u2581calls\u2581begin\uff5c><\uff5ctool\u2581call\u2581begin\uff5c>get_weather",
    detail: "holds <\uff5ctool\u2581calls\u2581begin\uff5c>, the deepseek_v31 tool-call marker",
  },
  {
    parser: "glm45",
    text: "<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Paris",
    detail: "holds <tool_call>, the glm45 tool-call marker",
  },
  {
    parser: "kimi_k2",
    text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather",
    detail: "holds <|tool_calls_section_begin|>, the kimi_k2 tool-call marker",
  },
  // gpt-oss: vLLM reads its calls from token ids (harmony), and the content is the final
  // channel's text alone: no marker reaches it, so an undecodable call is a no-call.
  { parser: "openai", text: "<|channel|>commentary to=functions.get_weather", detail: null },
];

const HERMES_CALL =
  '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';

Deno.test("xlam-tool-call tells an unparsed call from no call under every parser", async (t) => {
  const item = itemOf(WEATHER);
  for (const f of FAMILIES) {
    await t.step(f.parser, () => {
      const options = { ordering: "any", toolCallParser: f.parser } as const;
      const v = xlamToolCall.score(item, replyOf([], f.text), options);
      if (f.detail === null) {
        assert.equal(v.reason, "no-call", v.detail);
      } else {
        assert.deepEqual(v, {
          correct: false,
          reason: "unparsed-call",
          detail: `the reply has no calls, and its text ${f.detail}`,
        });
      }
      // The same text beside a decoded call is not an unparsed call.
      const called = xlamToolCall.score(item, replyOf([paris("3")], f.text), options);
      assert.equal(called.reason, "match", called.detail);
      // Plain text is no call.
      for (const plain of ["It is sunny in Paris.", "", "[1, 2, 3]", "{}", "Call get_weather."]) {
        assert.equal(xlamToolCall.score(item, replyOf([], plain), options).reason, "no-call");
      }
      // Hermes markup is an unparsed call only where the family's own marker is in it.
      const hermes = xlamToolCall.score(item, replyOf([], HERMES_CALL), options).reason;
      const own = ["hermes", "xlam", "granite", "glm45"].includes(f.parser);
      assert.equal(hermes, own ? "unparsed-call" : "no-call", f.parser);
    });
  }
});

Deno.test("the call starts of the families without a marker are read at the start only", () => {
  const item = itemOf(WEATHER);
  const reason = (parser: string, text: string) =>
    xlamToolCall.score(item, replyOf([], text), { ordering: "any", toolCallParser: parser })
      .reason;
  assert.equal(reason("llama3_json", '{ "name" : "f"'), "unparsed-call");
  assert.equal(reason("llama3_json", 'The call: {"name": "f"}'), "no-call");
  assert.equal(reason("llama3_json", '{"Name": "f"}'), "no-call");
  assert.equal(reason("llama3_json", '[{"name": "f"}]'), "no-call");
  assert.equal(reason("pythonic", "[get_weather(city='Paris')]"), "unparsed-call");
  assert.equal(reason("pythonic", "See [1](https://x)"), "no-call");
  assert.equal(reason("pythonic", "I would run [get_weather(city='Paris')]"), "no-call");
  assert.equal(reason("xlam", ' [ {"name": "f"'), "unparsed-call");
  assert.equal(reason("xlam", '{"name": "f"}'), "no-call");
  assert.equal(reason("granite", '[{"name": "f", "arguments": {}'), "unparsed-call");
  // Hermes keeps its one marker: a bare JSON call is no call under it.
  assert.equal(reason("hermes", '{"name": "f"}'), "no-call");
});

Deno.test("xlam-tool-call passes its self-test under every parser", () => {
  const items = [itemOf(WEATHER, 1), itemOf(TWO, 2), itemOf("[]", 3)];
  for (const f of FAMILIES) {
    const result = selftest(xlamToolCall, items, { ordering: "any", toolCallParser: f.parser });
    assert.equal(result.keysCorrect, 3, f.parser);
    assert.equal(result.emptyWrong, 2, f.parser);
    assert.deepEqual(result.failures, [], f.parser);
    assert.deepEqual(result.faults, [], f.parser);
  }
});
