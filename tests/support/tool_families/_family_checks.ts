/**
 * The checks every family's test runs on its port: what its model writes is read back as the
 * calls written, one or several; a slip is read as the family's parser reads it (`unparsed-call`
 * where the marker or the call start stays in the content, `no-call` where vLLM drops it); plain
 * text is no call; hermes markup is what the parser makes of it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { toolCallParserMarks, unparsedCallSign } from "../../../src/score/tool_call_parsers.ts";
import { pyJsonDumps, type PyValue } from "../python_json.ts";
import type { Call } from "../scripted_model.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";

const int = (n: number): PyValue => ({ kind: "int", value: BigInt(n), text: String(n) });
const float = (text: string): PyValue => ({ kind: "float", value: Number(text), text });

/** A call to a weather tool: a string, an integer, a float, a boolean, a list and an object. */
export const WEATHER: Call = {
  name: "get_weather",
  args: new Map<string, PyValue>([
    ["city", "San Francisco"],
    ["days", int(3)],
    ["ratio", float("0.5")],
    ["metric", true],
    ["hours", [int(6), int(18)]],
    ["where", new Map<string, PyValue>([["country", "US"]])],
  ]),
};
/** A second call, to another tool, with one string argument. */
export const TIME: Call = { name: "get_time", args: new Map([["zone", "Europe/Paris"]]) };

/** A call without arguments. */
export const BARE: Call = { name: "get_time", args: new Map() };

/** The request's tools for {@linkcode WEATHER} and {@linkcode TIME}, as assess sends them. */
export const TOOLS: readonly unknown[] = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "The weather.",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string" },
          days: { type: "integer" },
          ratio: { type: "number" },
          metric: { type: "boolean" },
          hours: { type: "array", items: { type: "integer" } },
          where: { type: "object" },
        },
        required: ["city"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "get_time",
      description: "The time.",
      parameters: { type: "object", properties: { zone: { type: "string" } }, required: [] },
    },
  },
];

/** The arguments text `json.dumps` gives for a call's arguments. */
export function dumped(call: Call, ensureAscii = false): string {
  return pyJsonDumps(call.args, { ensureAscii });
}

/** What a family's checks need to know of how its parser treats a slip. */
export interface FamilyExpectations {
  /** Whether the parser returns the content beside calls (else `null`). */
  readonly content: boolean;
  /** Whether the parser keeps a slip in the content (`unparsed-call`), else drops it (`no-call`). */
  readonly slipKept: boolean;
  /** The arguments text vLLM returns for a call (default: `json.dumps`, ensure_ascii off). */
  readonly args?: (call: Call) => string;
  /** The content when calls come first (default `null`; GLM's parser gives `""`). */
  readonly noContent?: string | null;
  /** What the parser makes of hermes markup. */
  readonly hermes: (text: string, parse: FamilyParse) => void;
}

const HERMES = '<tool_call>\n{"name": "get_time", "arguments": {"zone": "UTC"}}\n</tool_call>';

/**
 * Runs the checks as steps of a test.
 *
 * @param t The test context.
 * @param family The family.
 * @param expect What its parser does.
 */
export async function checkFamily(
  t: Deno.TestContext,
  family: ToolFamily,
  expect: FamilyExpectations,
): Promise<void> {
  const args = expect.args ?? ((c: Call) => dumped(c));
  const marks = toolCallParserMarks(family.parser);
  assert.ok(marks !== undefined, `${family.parser} is a parser the scorer knows`);
  const extract = (text: string) => family.extract(text, TOOLS);

  await t.step("a call is read back as written", () => {
    const p = extract(family.write([WEATHER]));
    assert.equal(p.toolsCalled, true);
    assert.deepEqual(p.calls, [{ name: "get_weather", arguments: args(WEATHER) }]);
    assert.equal(p.content, expect.noContent ?? null);
  });
  if (family.parallel) {
    await t.step("parallel calls are read back in order", () => {
      const p = extract(family.write([WEATHER, TIME]));
      assert.deepEqual(p.calls.map((c) => c.name), ["get_weather", "get_time"]);
      assert.deepEqual(p.calls.map((c) => c.arguments), [args(WEATHER), args(TIME)]);
    });
  }
  await t.step("content beside calls", () => {
    const p = extract(family.write([TIME], "Let me look."));
    assert.equal(p.calls.length, 1);
    assert.equal(p.content, expect.content ? "Let me look." : expect.noContent ?? null);
  });
  await t.step("plain text is no call, the text its content", () => {
    const text = family.plain?.("It is sunny.") ?? "It is sunny.";
    const p = extract(text);
    assert.equal(p.toolsCalled, false);
    assert.deepEqual(p.calls, []);
    assert.equal(p.content, family.plain === undefined ? text : "It is sunny.");
    assert.equal(unparsedCallSign(marks, p.content ?? ""), null);
  });
  await t.step("a slip: no call; the marker kept or dropped as vLLM does", () => {
    for (const calls of [[WEATHER], [TIME], [BARE], family.parallel ? [WEATHER, TIME] : [TIME]]) {
      for (const u of [0.1, 0.4, 0.6, 0.9]) {
        const text = family.undecodable(calls, u);
        const p = extract(text);
        const what = `u ${u}, ${calls.length} call(s): ${JSON.stringify(text)}`;
        assert.deepEqual(p.calls, [], what);
        const sign = unparsedCallSign(marks, p.content ?? "");
        if (expect.slipKept) assert.notEqual(sign, null, what);
        else assert.equal(sign, null, what);
      }
    }
  });
  await t.step("hermes markup", () => expect.hermes(HERMES, extract(HERMES)));
}
