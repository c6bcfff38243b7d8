/**
 * The ports against an independent reading in Python (`reference_parsers.py`), which uses
 * Python's own `ast`, `json`, `re`, `int` and `float` where vLLM's parsers do: the texts each
 * family writes, its slips, and those texts with a character taken out or put in, thousands of
 * them, must be read the same.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { PyValue } from "../python_json.ts";
import { pythonSkip, runScript } from "../python.ts";
import type { Call } from "../scripted_model.ts";
import { TOOLS } from "./_family_checks.ts";
import { TOOL_FAMILIES } from "./mod.ts";

const PARSERS = [
  "pythonic",
  "llama4_pythonic",
  "qwen3_coder",
  "deepseek_v3",
  "deepseek_v31",
  "kimi_k2",
  "glm45",
];
const SCRIPT = new URL("./reference_parsers.py", import.meta.url).pathname;

const str = fc.string({
  unit: fc.constantFrom(
    "a",
    "Z",
    " ",
    "'",
    '"',
    "\\",
    "\n",
    "é",
    "中",
    "1",
    "-",
    ",",
    "=",
    "(",
    ")",
    "{",
    "}",
    "n",
    "x",
  ),
  maxLength: 8,
});
const num = fc.constantFrom(
  "0",
  "3",
  "-7",
  "12345678901234567890",
  "1.5",
  "-0.0",
  "1e5",
  "2.50",
  "1E-3",
  "10.0",
);
const scalar: fc.Arbitrary<PyValue> = fc.oneof(
  str,
  fc.boolean(),
  fc.constant(null),
  num.map((text): PyValue =>
    /^-?[0-9]+$/.test(text)
      ? { kind: "int", value: BigInt(text), text }
      : { kind: "float", value: Number(text), text }
  ),
);
const value: fc.Arbitrary<PyValue> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  fc.array(scalar, { maxLength: 3 }),
  fc.array(fc.tuple(fc.constantFrom("k", "x y", "é"), scalar), { maxLength: 2 }).map((es) =>
    new Map(es)
  ),
);
const key = fc.constantFrom(
  "city",
  "days",
  "ratio",
  "metric",
  "hours",
  "where",
  "zone",
  "other",
  "a_1",
);
const callArb: fc.Arbitrary<Call> = fc.record({
  name: fc.constantFrom("get_weather", "get_time", "f"),
  args: fc.array(fc.tuple(key, value), { maxLength: 4 }).map((es) => new Map(es)),
});
const TRICKY = [
  "'",
  '"',
  "\\",
  "(",
  ")",
  ",",
  "=",
  "-",
  " ",
  "\n",
  "#",
  "[",
  "]",
  "{",
  "}",
  ":",
  "<",
  ">",
  "/",
  "j",
  ".",
];

const skip = await pythonSkip("tool-family ports against Python", "stdlib");

Deno.test({
  name: "tool families: the ports read texts as the Python reference reads them",
  ignore: skip !== null,
  fn: async () => {
    const cases: { parser: string; text: string; tools: readonly unknown[] | null }[] = [];
    const samples = fc.sample(
      fc.tuple(
        fc.constantFrom(...PARSERS),
        fc.array(callArb, { minLength: 1, maxLength: 2 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.nat(),
        fc.constantFrom(...TRICKY),
        fc.constantFrom("write", "slip", "delete", "insert"),
        fc.boolean(),
      ),
      { numRuns: 4000, seed: 37 },
    );
    for (const [parser, calls, u, at, ch, how, withTools] of samples) {
      const family = TOOL_FAMILIES.get(parser)!;
      const written = family.parallel ? calls : calls.slice(0, 1);
      let text = how === "slip" ? family.undecodable(written, u) : family.write(written);
      const i = text.length === 0 ? 0 : at % text.length;
      if (how === "delete") text = text.slice(0, i) + text.slice(i + 1);
      if (how === "insert") text = text.slice(0, i) + ch + text.slice(i);
      cases.push({ parser, text, tools: withTools ? TOOLS : null });
    }
    const out = await runScript(SCRIPT, {
      input: cases.map((c) => JSON.stringify(c)).join("\n") + "\n",
      need: "stdlib",
    });
    const expected = out.trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(expected.length, cases.length);
    let called = 0;
    cases.forEach((c, k) => {
      const family = TOOL_FAMILIES.get(c.parser)!;
      const got = family.extract(c.text, c.tools ?? undefined);
      if (got.calls.length > 0) called++;
      assert.deepEqual(
        { toolsCalled: got.toolsCalled, calls: got.calls, content: got.content },
        expected[k],
        `${c.parser} ${JSON.stringify(c.text)} tools ${c.tools !== null}`,
      );
    });
    // The cases are not all one kind: many read as calls, many not.
    assert.ok(called > cases.length / 4 && called < cases.length * 0.9, `${called} with calls`);
  },
});
