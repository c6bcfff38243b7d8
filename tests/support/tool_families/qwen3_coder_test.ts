import assert from "node:assert/strict";
import { checkFamily, dumped, TOOLS } from "./_family_checks.ts";
import type { Call } from "../scripted_model.ts";
import { qwen3Coder } from "./qwen3_coder.ts";
import { qwen3Xml } from "./qwen3_xml.ts";

const none = { permissions: "none" } as const;

// The markup of vLLM's tests/tool_parsers/test_qwen3coder_tool_parser.py.
const WEATHER_TOOLS = [{
  type: "function",
  function: {
    name: "get_current_weather",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string" },
        state: { type: "string" },
        unit: { type: "string", enum: ["fahrenheit", "celsius"] },
        days: { type: "integer" },
        temperature: { type: "number" },
        flag: { type: "boolean" },
        extra: { type: "object" },
      },
    },
  },
}];

const call = (params: string) =>
  `<tool_call>\n<function=get_current_weather>\n${params}</function>\n</tool_call>`;

Deno.test("qwen3_coder: vLLM's markup, typed by the request's schema", none, async (t) => {
  await t.step("a call with content before it", () => {
    const text = "Sure! Let me check.\n" +
      call(
        "<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n",
      );
    assert.deepEqual(qwen3Coder.extract(text, WEATHER_TOOLS), {
      toolsCalled: true,
      calls: [{
        name: "get_current_weather",
        arguments: '{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}',
      }],
      content: "Sure! Let me check.\n",
    });
  });
  await t.step("types: int, number (an integral float is an int), bool, object, null", () => {
    const text = call(
      "<parameter=days>\n5\n</parameter>\n<parameter=temperature>\n20.0\n</parameter>\n" +
        '<parameter=flag>\nTrue\n</parameter>\n<parameter=extra>\n{"a": [1, 2.5]}\n</parameter>\n' +
        "<parameter=city>\nnull\n</parameter>\n<parameter=other>\n7\n</parameter>\n",
    );
    assert.equal(
      qwen3Coder.extract(text, WEATHER_TOOLS).calls[0]!.arguments,
      '{"days": 5, "temperature": 20, "flag": true, "extra": {"a": [1, 2.5]}, "city": null, "other": "7"}',
    );
  });
  await t.step("values that do not read as their type stay strings", () => {
    const text = call(
      "<parameter=days>\n5.5\n</parameter>\n<parameter=temperature>\nwarm\n</parameter>\n" +
        "<parameter=extra>\n{'a': (1, 2)}\n</parameter>\n",
    );
    assert.equal(
      qwen3Coder.extract(text, WEATHER_TOOLS).calls[0]!.arguments,
      '{"days": "5.5", "temperature": "warm", "extra": {"a": [1, 2]}}',
    );
  });
  await t.step("without the request's tools every value is a string", () => {
    const text = call("<parameter=days>\n5\n</parameter>\n");
    assert.equal(qwen3Coder.extract(text).calls[0]!.arguments, '{"days": "5"}');
  });
  await t.step("no <tool_call> tags: the function parts of the whole text", () => {
    const p = qwen3Coder.extract(
      "Calling <function=get_current_weather>\n<parameter=city>\nParis\n</parameter>\n</function>",
      WEATHER_TOOLS,
    );
    assert.deepEqual(p.calls, [{ name: "get_current_weather", arguments: '{"city": "Paris"}' }]);
    assert.equal(p.content, "Calling ");
  });
  await t.step("a part without '>' raises: no call, the whole text", () => {
    const text = call("<parameter=city\nParis\n</parameter>\n");
    assert.deepEqual(qwen3Coder.extract(text, WEATHER_TOOLS), {
      toolsCalled: false,
      calls: [],
      content: text,
    });
  });
  await t.step("a set json.dumps refuses: no call, the whole text", () => {
    const text = call("<parameter=extra>\n{1, 2}\n</parameter>\n");
    assert.equal(qwen3Coder.extract(text, WEATHER_TOOLS).toolsCalled, false);
  });
  await t.step("no <function=: no call", () => {
    assert.deepEqual(qwen3Coder.extract("Hi <tool_call>"), {
      toolsCalled: false,
      calls: [],
      content: "Hi <tool_call>",
    });
  });
});

Deno.test("qwen3_coder: the texts of vLLM's test_qwen3coder_tool_parser.py", none, async (t) => {
  const tools = [{
    type: "function",
    function: {
      name: "test_types",
      parameters: {
        type: "object",
        properties: {
          int_param: { type: "integer" },
          float_param: { type: "float" },
          bool_param: { type: "boolean" },
          str_param: { type: "string" },
          obj_param: { type: "object" },
        },
      },
    },
  }, {
    type: "function",
    function: {
      name: "calculate_area",
      parameters: {
        type: "object",
        properties: {
          shape: { type: "string" },
          dimensions: { type: "object" },
          precision: { type: "integer" },
        },
      },
    },
  }];
  await t.step("type conversion", () => {
    const text = "<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n" +
      "<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n" +
      "<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n" +
      '{"key": "value"}\n</parameter>\n</function>\n</tool_call>';
    assert.equal(
      qwen3Coder.extract(text, tools).calls[0]!.arguments,
      '{"int_param": 42, "float_param": 3.14, "bool_param": true, "str_param": "hello world", "obj_param": {"key": "value"}}',
    );
  });
  await t.step("a multi-line object parameter", () => {
    const text =
      "<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n" +
      '<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n' +
      "<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>";
    assert.deepEqual(qwen3Coder.extract(text, tools), {
      toolsCalled: true,
      calls: [{
        name: "calculate_area",
        arguments:
          '{"shape": "rectangle", "dimensions": {"width": 10, "height": 20}, "precision": 2}',
      }],
      content: null,
    });
  });
  await t.step("no tool_call tags: the function part read all the same", () => {
    const text = "<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n" +
      "<parameter=state>\nTX\n</parameter>\n</function>";
    assert.deepEqual(qwen3Coder.extract(text).calls, [{
      name: "get_current_weather",
      arguments: '{"city": "Dallas", "state": "TX"}',
    }]);
  });
});

/**
 * The arguments vLLM's qwen3_coder parser returns: as `json.dumps` writes them, but a parameter
 * the schema types `number` read by `float()` and an integral one written as an int (`1.0` → `1`).
 */
const qwenArgs = (c: Call): string => dumped(c).replace('"ratio": 1.0', '"ratio": 1');

Deno.test("qwen3_coder: the family's checks", none, async (t) => {
  await checkFamily(t, qwen3Coder, {
    content: true,
    args: qwenArgs,
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});

Deno.test("qwen3_xml: read as qwen3_coder (one class in vLLM's registry)", none, async (t) => {
  const text = call("<parameter=days>\n5\n</parameter>\n");
  assert.deepEqual(qwen3Xml.extract(text, TOOLS), qwen3Coder.extract(text, TOOLS));
  await checkFamily(t, qwen3Xml, {
    content: true,
    args: qwenArgs,
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});
