import assert from "node:assert/strict";
import { writeAsWritten } from "../python_json.ts";
import { checkFamily } from "./_family_checks.ts";
import { kimiK2 } from "./kimi_k2.ts";

const none = { permissions: "none" } as const;

const S = "<|tool_calls_section_begin|>";
const SE = "<|tool_calls_section_end|>";

Deno.test("kimi_k2: vLLM's text, the name from the id, slips dropped", none, async (t) => {
  await t.step("two calls, ids with and without functions.", () => {
    const text =
      `I'll check.${S}<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|>` +
      `<|tool_call_begin|> get_time:1 <|tool_call_argument_begin|> {"zone": "UTC"} <|tool_call_end|>${SE}`;
    assert.deepEqual(kimiK2.extract(text), {
      toolsCalled: true,
      calls: [
        { name: "get_weather", arguments: '{"city": "Beijing"}' },
        { name: "get_time", arguments: '{"zone": "UTC"}' },
      ],
      content: "I'll check.",
    });
  });
  await t.step("arguments over several lines are read (DOTALL)", () => {
    const text =
      `${S}<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{\n  "a": 1\n}<|tool_call_end|>${SE}`;
    assert.deepEqual(kimiK2.extract(text).calls, [{ name: "f", arguments: '{\n  "a": 1\n}' }]);
  });
  await t.step("an id without its index is dropped", () => {
    const text =
      `${S}<|tool_call_begin|>functions.f<|tool_call_argument_begin|>{}<|tool_call_end|>${SE}`;
    assert.deepEqual(kimiK2.extract(text), { toolsCalled: true, calls: [], content: null });
  });
  await checkFamily(t, kimiK2, {
    content: true,
    slipKept: false,
    args: (c) => writeAsWritten(c.args),
    hermes: (text, p) => assert.deepEqual(p, { toolsCalled: false, calls: [], content: text }),
  });
});
