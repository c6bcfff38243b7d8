import assert from "node:assert/strict";
import { checkFamily, dumped } from "./_family_checks.ts";
import { llama4Pythonic } from "./llama4_pythonic.ts";
import fc from "fast-check";
import { matchesToolCallRegex, pythonic, TOOL_CALL_REGEX } from "./pythonic.ts";

const none = { permissions: "none" } as const;

// Texts and results of vLLM's tests/tool_parsers/test_pythonic_tool_parser.py.
const SIMPLE = "get_weather(city='San Francisco', metric='celsius')";
const SIMPLE_ARGS = '{"city": "San Francisco", "metric": "celsius"}';
const MORE = "register_user(name='John Doe', age=37, address={'city': 'San Francisco', " +
  "'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])";
const MORE_ARGS = '{"name": "John Doe", "age": 37, "address": {"city": "San Francisco", ' +
  '"state": "CA"}, "role": null, "passed_test": true, "aliases": ["John", "Johnny"]}';

Deno.test("pythonic: vLLM's own test texts", none, async (t) => {
  const cases: [string, string, [string, string][]][] = [
    ["simple", `[${SIMPLE}]`, [["get_weather", SIMPLE_ARGS]]],
    ["more types", `[${MORE}]`, [["register_user", MORE_ARGS]]],
    ["parameterless", "[get_weather()]", [["get_weather", "{}"]]],
    ["empty dict", "[do_something_cool(additional_data={})]", [[
      "do_something_cool",
      '{"additional_data": {}}',
    ]]],
    ["empty list", "[do_something_cool(steps=[])]", [["do_something_cool", '{"steps": []}']]],
    [
      "escaped string",
      String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`,
      [["get_weather", '{"city": "Martha\'s Vineyard", "metric": "\\"cool units\\""}']],
    ],
    ["parallel", `[${SIMPLE}, ${MORE}]`, [["get_weather", SIMPLE_ARGS], [
      "register_user",
      MORE_ARGS,
    ]]],
  ];
  for (const [name, text, calls] of cases) {
    await t.step(name, () => {
      const p = pythonic.extract(text);
      assert.equal(p.toolsCalled, true);
      assert.equal(p.content, null);
      assert.deepEqual(p.calls, calls.map(([n, a]) => ({ name: n, arguments: a })));
    });
  }
  await t.step("no call: the text is the content", () => {
    const text = "How can I help you today?";
    assert.deepEqual(pythonic.extract(text), { toolsCalled: false, calls: [], content: text });
  });
  await t.step("a block no string reads is no call", () => {
    const text = "[f(a='x 'y' 'z), g(b='p 'q' 'r)]";
    assert.deepEqual(pythonic.extract(text), { toolsCalled: false, calls: [], content: text });
  });
});

Deno.test("pythonic: what ast.parse and the literal walk refuse is no call", none, () => {
  for (
    const text of [
      "[get_weather(days=-1)]", // a unary minus, not a constant
      "[get_weather(days=(1, 2))]", // a tuple
      "[get_weather('Paris')]", // positional only: the regex needs name=
      "[get_weather(city=f'x')]", // an f-string
      "[get_weather(city=b'x')]", // bytes: json.dumps refuses them
      "[get_weather(city=x.y)]", // an attribute
      "[get_weather(city='Paris')] and more", // an expression, not a list
      "[get_weather(city='Paris')] more", // a syntax error
      " [get_weather(city='Paris')]", // the regex matches at the start only
      "[get_weather(city='Paris')", // the bracket missing
      "[get_weather(a=1, a=2)]", // a keyword repeated
    ]
  ) {
    assert.deepEqual(
      pythonic.extract(text),
      { toolsCalled: false, calls: [], content: text },
      text,
    );
  }
});

Deno.test("pythonic: Python's literals", none, () => {
  const p = pythonic.extract(
    "[f(a=0x1F, b=1_000, c=1e5, d=.5, e='''x\ny''', f=\"a\" 'b', g=r'\\d', h={1: 'one', 2.5: None}, i='é')]",
  );
  assert.deepEqual(p.calls, [{
    name: "f",
    arguments:
      '{"a": 31, "b": 1000, "c": 100000.0, "d": 0.5, "e": "x\\ny", "f": "ab", "g": "\\\\d", "h": {"1": "one", "2.5": null}, "i": "é"}',
  }]);
});

Deno.test("pythonic: the family's checks", none, async (t) => {
  await checkFamily(t, pythonic, {
    content: false,
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});

Deno.test(
  "llama4_pythonic: the python tags, ensure_ascii, and the family's checks",
  none,
  async (t) => {
    await t.step("the tags around the list are taken off", () => {
      const p = llama4Pythonic.extract(`<|python_start|>[${SIMPLE}]<|python_end|>`);
      assert.deepEqual(p.calls, [{ name: "get_weather", arguments: SIMPLE_ARGS }]);
      assert.equal(llama4Pythonic.extract(`[${SIMPLE}]`).calls.length, 1);
    });
    await t.step("arguments are written with ensure_ascii", () => {
      const p = llama4Pythonic.extract("[f(city='Zürich')]");
      assert.equal(p.calls[0]!.arguments, '{"city": "Z\\u00fcrich"}');
    });
    await t.step("no call: the content is the text less a leading tag", () => {
      const p = llama4Pythonic.extract("<|python_start|>[f(a=1)");
      assert.deepEqual(p, { toolsCalled: false, calls: [], content: "[f(a=1)" });
    });
    await checkFamily(t, llama4Pythonic, {
      content: false,
      args: (c) => dumped(c, true),
      hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
    });
  },
);

Deno.test("pythonic: the one-pass regex check agrees with vLLM's regex", none, () => {
  const call = fc.constantFrom("f()", "g(a=1)", "h(1)", "k( )", "m(b=')'", "n(", "1f()");
  const sep = fc.constantFrom(",", ", ", " ", "", "\n", "]");
  const noise = fc.constantFrom("", "]", ")]", ") ]", ")", "x", "[", ",", "=");
  fc.assert(
    fc.property(
      fc.constantFrom("[", "", " [", "[["),
      fc.array(fc.tuple(call, sep), { maxLength: 5 }),
      fc.array(noise, { maxLength: 3 }),
      (open, calls, tail) => {
        const text = open + calls.map(([c, s]) => c + s).join("") + tail.join("");
        assert.equal(matchesToolCallRegex(text), TOOL_CALL_REGEX.test(text), JSON.stringify(text));
      },
    ),
    { numRuns: 20000 },
  );
});
