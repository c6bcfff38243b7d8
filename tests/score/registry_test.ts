import assert from "node:assert/strict";
import { lookupScorer, register, scorerNames } from "../../src/score/registry.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";

const base: Scorer = {
  name: "registry-test",
  version: "1",
  reasons: ["ok"],
  key: () => ({ text: "", calls: [], truncated: false }),
  score: () => ({ correct: true, reason: "ok", detail: "" }),
};

Deno.test("the built-in scorer is registered under its name", () => {
  assert.equal(lookupScorer("xlam-tool-call"), xlamToolCall);
  assert.equal(scorerNames()[0], "xlam-tool-call");
  assert.equal(lookupScorer("XLAM-tool-call"), undefined);
});

Deno.test("register makes a scorer available, once", () => {
  const mine = { ...base, name: "registry-test-once" };
  assert.equal(lookupScorer(mine.name), undefined);
  register(mine);
  assert.equal(lookupScorer(mine.name), mine);
  assert(scorerNames().includes(mine.name));
  assert.throws(
    () => register({ ...mine }),
    (e: unknown) =>
      e instanceof RangeError &&
      e.message === "register: a scorer named registry-test-once is registered already",
  );
});

Deno.test("register refuses what the page refuses, and a scorer without its parts", async (t) => {
  const cases: [string, unknown, ErrorConstructor, string][] = [
    ["no scorer", undefined, TypeError, "register: no scorer given"],
    ["null", null, TypeError, "register: no scorer given"],
    ["an empty name", { ...base, name: "" }, TypeError, "register: the scorer's name is empty"],
    [
      "a name that is not a string",
      { ...base, name: 5 },
      TypeError,
      "register: the scorer's name is empty",
    ],
    [
      "the built-in name",
      { ...base, name: "xlam-tool-call" },
      RangeError,
      "register: xlam-tool-call is the built-in scorer's name",
    ],
    [
      "no version",
      { ...base, name: "v", version: undefined },
      TypeError,
      'register: scorer "v" has no version string',
    ],
    [
      "reasons that are not strings",
      { ...base, name: "r", reasons: [1] },
      TypeError,
      'register: scorer "r" has no list of reasons',
    ],
    [
      "no score function",
      { ...base, name: "s", score: undefined },
      TypeError,
      'register: scorer "s" needs key and score functions',
    ],
    [
      "a lenient reading that is not a scorer",
      { ...base, name: "l", lenient: { ...base, score: undefined } },
      TypeError,
      'register: scorer "l"\'s lenient reading is not a scorer (a version string, reasons, key and score functions)',
    ],
  ];
  for (const [name, scorer, type, message] of cases) {
    await t.step(name, () => {
      assert.throws(
        () => register(scorer as Scorer),
        (e: unknown) => e instanceof type && (e as Error).message === message,
      );
    });
  }
  assert.equal(lookupScorer("v"), undefined);
  assert.equal(lookupScorer("xlam-tool-call"), xlamToolCall);
});
