/**
 * The one check every family's test runs on its port: the calls its model writes (one, several,
 * with a sentence before them) are read back as written; a slip gives no calls, and what vLLM's
 * serving then sends still shows the attempt (its marker or call start, which `unparsed-call`
 * reads) unless the family's documented loss; plain text is no call, its text the content; and
 * hermes markup is what the parser makes of it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { toolCallParserMarks, unparsedCallSign } from "../../../src/score/tool_call_parsers.ts";
import { pyJsonDumps, type PyValue } from "../python_json.ts";
import { type Call, NO_CALL_TEXT } from "../scripted_model.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { servedParse } from "./serving.ts";

const int = (n: number): PyValue => ({ kind: "int", value: BigInt(n), text: String(n) });
const float = (text: string): PyValue => ({ kind: "float", value: Number(text), text });

/**
 * A call to a weather tool: a non-ASCII string, an integer, a float written `1.0`, a boolean, a
 * list and an object.
 */
export const WEATHER: Call = {
  name: "get_weather",
  args: new Map<string, PyValue>([
    ["city", "Zürich"],
    ["days", int(3)],
    ["ratio", float("1.0")],
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

/** What a family's checks need to know of how its parser treats a reply. */
export interface FamilyExpectations {
  /**
   * The content the parser returns beside calls written after a sentence: `true` the sentence,
   * `false` none ({@linkcode noContent}), or the text itself.
   */
  readonly content: boolean | string;
  /** The arguments text vLLM returns for a call (default: `json.dumps`, ensure_ascii off). */
  readonly args?: (call: Call) => string;
  /** The content when calls come first (default `null`; GLM's parser gives `""`). */
  readonly noContent?: string | null;
  /**
   * Whether the parser loses calls whose arguments hold a list (phi4_mini_json: its pattern ends
   * at the first `]`, the JSON fails, and it returns `tools_called` with no calls, no content).
   * Default false.
   */
  readonly listsLost?: boolean;
  /**
   * Whether vLLM's reply to a slip (before main-2026) loses the attempt, from the reply's content:
   * then it holds no sign `unparsed-call` reads; otherwise it holds one. Default: never lost. The
   * e2e test's `LOST` table says the same through `assess run`.
   */
  readonly slipLost?: (content: string) => boolean;
  /** What the parser makes of hermes markup. */
  readonly hermes: (text: string, parse: FamilyParse) => void;
}

const HERMES = '<tool_call>\n{"name": "get_time", "arguments": {"zone": "UTC"}}\n</tool_call>';

/** Whether a value is or holds a list. */
function holdsList(v: PyValue): boolean {
  if (Array.isArray(v)) return true;
  return v instanceof Map && [...v.values()].some(holdsList);
}

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
  const noContent = expect.noContent ?? null;
  const sentence = "Let me look.";
  const withContent = expect.content === true
    ? sentence
    : expect.content === false
    ? noContent
    : expect.content;
  /** The calls read back as written, or the documented loss of a list. */
  const readBack = (
    calls: readonly Call[],
    before: string | undefined,
    content: string | null,
    what: string,
  ) => {
    const p = extract(family.write(calls, before));
    if (expect.listsLost === true && calls.some((c) => holdsList(c.args))) {
      assert.deepEqual(p, { toolsCalled: true, calls: [], content: null }, `${what}: lost`);
      return;
    }
    assert.equal(p.toolsCalled, true, what);
    assert.deepEqual(p.calls, calls.map((c) => ({ name: c.name, arguments: args(c) })), what);
    assert.equal(p.content, content, `${what}: content`);
  };

  const sets: [string, readonly Call[]][] = [
    ["one call", [WEATHER]],
    ["one call without arguments", [BARE]],
    ["one call without a list", [TIME]],
  ];
  if (family.parallel) {
    sets.push(["parallel calls, in order", [WEATHER, TIME]], ["parallel, no list", [TIME, BARE]]);
  }
  await t.step("calls are read back as written", () => {
    for (const [what, calls] of sets) readBack(calls, undefined, noContent, what);
  });
  await t.step("calls after a sentence: read back, the content as the parser returns it", () => {
    for (const [what, calls] of sets) readBack(calls, sentence, withContent, what);
  });
  await t.step("plain text is no call, the text its content", () => {
    const text = family.plain?.(NO_CALL_TEXT) ?? NO_CALL_TEXT;
    const p = extract(text);
    assert.deepEqual(p, { toolsCalled: false, calls: [], content: NO_CALL_TEXT });
    assert.equal(unparsedCallSign(marks, p.content ?? ""), null);
  });
  await t.step("a slip: no call; vLLM's reply shows it, or loses it as documented", () => {
    for (const calls of [[WEATHER], [TIME], [BARE], family.parallel ? [WEATHER, TIME] : [TIME]]) {
      for (const u of [0.1, 0.4, 0.5, 0.6, 0.9]) {
        const text = family.undecodable(calls, u);
        const p = extract(text);
        const what = `u ${u}, ${calls.length} call(s): ${JSON.stringify(text)}`;
        assert.deepEqual(p.calls, [], what);
        const served = servedParse(p, text, "mid");
        const content = served.content ?? "";
        const sign = unparsedCallSign(marks, content);
        if (expect.slipLost?.(content) === true) assert.equal(sign, null, what);
        else assert.notEqual(sign, null, `${what}: served ${JSON.stringify(content)}`);
      }
    }
  });
  await t.step("hermes markup", () => expect.hermes(HERMES, extract(HERMES)));
}
