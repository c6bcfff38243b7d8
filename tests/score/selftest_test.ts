import assert from "node:assert/strict";
import fc from "fast-check";
import type { Item } from "../../src/dataset/item.ts";
import type { Reply, Scorer, Verdict } from "../../src/score/scorer.ts";
import { EMPTY_REPLY, MAX_FAULT_LINES, selftest, selftestLines } from "../../src/score/selftest.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { itemOf } from "./_items.ts";

const CALL = '[{"name": "f", "arguments": {"x": 1}}]';
const ITEMS: readonly Item[] = [itemOf(CALL, 8), itemOf("[]", 5), itemOf(CALL, 4)];

/** A scorer built from xlam-tool-call with some parts replaced. */
function scorer(parts: Partial<Scorer>): Scorer {
  return { ...xlamToolCall, name: "test", ...parts };
}

const always = (correct: boolean, reason = "same"): Scorer["score"] => (): Verdict => ({
  correct,
  reason,
  detail: "",
});

Deno.test("xlam-tool-call passes its self-test, an empty key counted apart", () => {
  const result = selftest(xlamToolCall, ITEMS, { ordering: "any" });
  assert.deepEqual(result, {
    scorer: "xlam-tool-call",
    version: "1",
    items: 3,
    keysCorrect: 3,
    emptyWrong: 2,
    emptyKeys: 1,
    failures: [],
    failedItems: 0,
    faults: [],
    faultyItems: 0,
  });
  assert.deepEqual(selftestLines(result), {
    outcome: "passed",
    lines: [
      "scorer xlam-tool-call 1 passed its self-test on 3 items",
      "  answer keys marked correct: 3",
      "  empty replies marked wrong: 2",
      "  answer keys that are an empty reply: 1",
    ],
  });
});

Deno.test("a lenient scorer fails on every item whose key is not empty", () => {
  const lenient = scorer({ name: "lenient", reasons: ["same"], score: always(true) });
  const result = selftest(lenient, ITEMS, { ordering: "any" });
  assert.equal(result.keysCorrect, 3);
  assert.equal(result.emptyWrong, 0);
  assert.equal(result.failedItems, 2);
  assert.deepEqual(selftestLines(result), {
    outcome: "failed",
    lines: [
      "assess selftest: scorer lenient failed its self-test on 2 of 3 items:",
      "  item 8: an empty reply was marked correct, with the reason same",
      "  item 4: an empty reply was marked correct, with the reason same",
    ],
  });
});

Deno.test("a scorer that marks everything wrong fails the key check, in the items' order", () => {
  const harsh = scorer({ name: "harsh", reasons: ["nope"], score: always(false, "nope") });
  const result = selftest(harsh, ITEMS, { ordering: "any" });
  assert.equal(result.keysCorrect, 0);
  assert.equal(result.emptyWrong, 2);
  assert.deepEqual(result.failures.map((f) => [f.itemId, f.check, f.reason]), [
    [8, "key", "nope"],
    [5, "key", "nope"],
    [4, "key", "nope"],
  ]);
  assert.deepEqual(selftestLines(result).lines.slice(0, 2), [
    "assess selftest: scorer harsh failed its self-test on 3 of 3 items:",
    "  item 8: the answer key was marked wrong, with the reason nope",
  ]);
});

Deno.test("one item failing both checks is one failing item with two lines", () => {
  const backwards = scorer({
    name: "backwards",
    score: (_item, reply) => ({
      correct: reply.calls.length === 0,
      reason: reply.calls.length === 0 ? "match" : "arguments",
      detail: "",
    }),
  });
  const result = selftest(backwards, [ITEMS[0]!], { ordering: "strict" });
  assert.equal(result.failedItems, 1);
  assert.deepEqual(selftestLines(result).lines, [
    "assess selftest: scorer backwards failed its self-test on 1 of 1 items:",
    "  item 8: the answer key was marked wrong, with the reason arguments",
    "  item 8: an empty reply was marked correct, with the reason match",
  ]);
});

Deno.test("a scorer whose keys are all empty replies is held to the first check alone", () => {
  const empty = scorer({
    name: "empty",
    reasons: ["ok"],
    key: (): Reply => EMPTY_REPLY,
    score: always(true, "ok"),
  });
  const result = selftest(empty, ITEMS, { ordering: "any" });
  assert.equal(result.keysCorrect, 3);
  assert.equal(result.emptyKeys, 3);
  assert.equal(result.emptyWrong, 0);
  assert.equal(selftestLines(result).outcome, "passed");
});

Deno.test("a scorer's bugs are faults, whichever check they are on", async (t) => {
  await t.step("score throws", () => {
    const boom = new TypeError("boom");
    const throwing = scorer({
      name: "throwing",
      score: () => {
        throw boom;
      },
    });
    const result = selftest(throwing, ITEMS, { ordering: "any" });
    assert.equal(result.faultyItems, 3);
    assert.deepEqual(result.faults[0], {
      itemId: 8,
      check: "key",
      message: "scoring the answer key threw TypeError: boom",
      error: boom,
    });
    assert.deepEqual(selftestLines(result).lines, [
      "assess selftest: scorer throwing has a bug, found on 3 of 3 items:",
      "  item 8: scoring the answer key threw TypeError: boom",
      "  item 8: scoring an empty reply threw TypeError: boom",
      "  item 5: scoring the answer key threw TypeError: boom",
      "  item 4: scoring the answer key threw TypeError: boom",
      "  item 4: scoring an empty reply threw TypeError: boom",
    ]);
  });
  await t.step("score throws on the empty reply only", () => {
    const result = selftest(
      scorer({
        name: "picky",
        score: (item, reply, options) => {
          if (reply.calls.length === 0) throw new Error("no calls?\nreally \u001b[31m");
          return xlamToolCall.score(item, reply, options);
        },
      }),
      ITEMS,
      { ordering: "any" },
    );
    assert.deepEqual(result.faults.map((f) => [f.itemId, f.check, f.message]), [
      [8, "empty", "scoring an empty reply threw Error: no calls? really \\u001b[31m"],
      [5, "key", "scoring the answer key threw Error: no calls? really \\u001b[31m"],
      [4, "empty", "scoring an empty reply threw Error: no calls? really \\u001b[31m"],
    ]);
  });
  await t.step("key throws", () => {
    const result = selftest(
      scorer({
        key: () => {
          throw "a string";
        },
      }),
      [ITEMS[0]!],
      { ordering: "any" },
    );
    assert.deepEqual(result.faults.map((f) => f.message), [
      "making the answer key threw a non-error value a string",
    ]);
    assert.equal(result.keysCorrect, 0);
  });
  await t.step("a reason not declared", () => {
    const result = selftest(
      scorer({ name: "sloppy", reasons: ["same"], score: always(false, "different") }),
      [ITEMS[0]!],
      { ordering: "any" },
    );
    assert.deepEqual(selftestLines(result).lines, [
      "assess selftest: scorer sloppy has a bug, found on 1 of 1 items:",
      '  item 8: scoring the answer key gave the reason "different", which the scorer does not declare',
      '  item 8: scoring an empty reply gave the reason "different", which the scorer does not declare',
    ]);
  });
  await t.step("a reason not declared, on the empty reply only", () => {
    const result = selftest(
      scorer({
        score: (item, reply, options) =>
          reply.calls.length === 0
            ? { correct: false, reason: "silence", detail: "" }
            : xlamToolCall.score(item, reply, options),
      }),
      [ITEMS[0]!],
      { ordering: "any" },
    );
    assert.deepEqual(result.faults.map((f) => [f.check, f.message]), [
      [
        "empty",
        'scoring an empty reply gave the reason "silence", which the scorer does not declare',
      ],
    ]);
    assert.equal(selftestLines(result).outcome, "faulty");
  });
  await t.step("no verdict", () => {
    const result = selftest(
      scorer({ score: () => ({ correct: "yes" }) as unknown as Verdict }),
      [ITEMS[1]!],
      { ordering: "any" },
    );
    assert.deepEqual(result.faults.map((f) => f.message), [
      "scoring the answer key gave no verdict",
    ]);
  });
  await t.step("faults come before failures, and at most a few lines are shown", () => {
    const items = Array.from({ length: 30 }, (_, i) => itemOf(CALL, i));
    const result = selftest(
      scorer({ name: "flaky", reasons: ["same"], score: always(true, "other") }),
      items,
      { ordering: "any" },
    );
    const { outcome, lines } = selftestLines(result);
    assert.equal(outcome, "faulty");
    assert.equal(lines.length, 1 + MAX_FAULT_LINES + 1);
    assert.equal(lines.at(-1), `  … and ${60 - MAX_FAULT_LINES} more`);
  });
});

Deno.test("xlam-tool-call passes its self-test on any items", () => {
  const call = fc.record({
    name: fc.constantFrom("f", "g"),
    arguments: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })).map((o) =>
      JSON.stringify(o)
    ),
  });
  fc.assert(
    fc.property(fc.array(fc.array(call, { maxLength: 3 }), { maxLength: 8 }), (answers) => {
      const items = answers.map((calls, i) =>
        itemOf(
          `[${calls.map((c) => `{"name": "${c.name}", "arguments": ${c.arguments}}`).join(", ")}]`,
          i,
        )
      );
      const empty = answers.filter((a) => a.length === 0).length;
      for (const ordering of ["any", "strict"] as const) {
        const result = selftest(xlamToolCall, items, { ordering });
        assert.equal(result.keysCorrect, items.length);
        assert.equal(result.emptyKeys, empty);
        assert.equal(result.emptyWrong, items.length - empty);
        assert.equal(selftestLines(result).outcome, "passed");
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("selftest without options takes ordering any; a caller's mistake is a TypeError, never a scorer fault", async (t) => {
  await t.step('no options: the same as { ordering: "any" }, no fault', () => {
    // Found by a user under `deno run` (no type check): 200 faults blamed the scorer.
    const call = selftest as (
      scorer: Scorer,
      items: readonly Item[],
    ) => ReturnType<typeof selftest>;
    const result = call(xlamToolCall, ITEMS);
    assert.deepEqual(result, selftest(xlamToolCall, ITEMS, { ordering: "any" }));
    assert.deepEqual(result.faults, []);
  });
  const loose = selftest as unknown as (...args: unknown[]) => unknown;
  const cases: [string, unknown[], RegExp][] = [
    ["no scorer", [undefined, ITEMS], /^selftest: scorer must be a scorer .*, not undefined$/],
    [
      "a scorer's name",
      ["xlam-tool-call", ITEMS],
      /scorer must be a scorer .*, not "xlam-tool-call"$/,
    ],
    ["a scorer without score", [{ ...xlamToolCall, score: 1 }, ITEMS], /scorer must be a scorer/],
    ["no items", [xlamToolCall], /^selftest: items must be an array of items, not undefined$/],
    [
      "items not an array",
      [xlamToolCall, { length: 1 }],
      /items must be an array of items, not an object$/,
    ],
    [
      "an unknown ordering",
      [xlamToolCall, ITEMS, { ordering: "loose" }],
      /^selftest: options\.ordering must be "any" or "strict", not "loose"$/,
    ],
    [
      "options without ordering",
      [xlamToolCall, ITEMS, {}],
      /options\.ordering must be "any" or "strict", not undefined$/,
    ],
  ];
  for (const [what, args, message] of cases) {
    await t.step(what, () => {
      assert.throws(
        () => loose(...args),
        (e: unknown) => e instanceof TypeError && message.test(e.message),
      );
    });
  }
});

Deno.test("selftestLines: a hostile string id is shown quoted and escaped, on its line", () => {
  const lenient = scorer({ name: "lenient", reasons: ["same"], score: always(true) });
  const items = [{ ...itemOf(CALL, 1), id: "a\nb\u001b[2J" }, { ...itemOf(CALL, 2), id: "8" }];
  const result = selftest(lenient, items, { ordering: "any" });
  assert.deepEqual(selftestLines(result).lines.slice(1), [
    '  item "a\\nb\\u001b[2J": an empty reply was marked correct, with the reason same',
    '  item "8": an empty reply was marked correct, with the reason same',
  ]);
});
