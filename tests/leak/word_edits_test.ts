import assert from "node:assert/strict";
import { nearEdits } from "../../src/leak/_word_edits.ts";

const none = { permissions: "none" } as const;
const w = (text: string) => text === "" ? [] : text.split(" ");
// 16 words: two edits allowed.
const Q = "what is the weather in paris for the next three days and should i pack an umbrella";
// 11 words: one edit allowed.
const S = "what is the weather in paris for the next three days";

type Expected = { edits: number; added: number } | undefined;

Deno.test("nearEdits: each edit the rule allows, and what it does not", none, async (t) => {
  const cases: [string, string, string, Expected][] = [
    ["the same words", Q, Q, { edits: 0, added: 0 }],
    ["a word replaced", Q, Q.replace("paris", "tokyo"), { edits: 1, added: 0 }],
    ["a word inserted", Q, Q.replace("next", "next few"), { edits: 1, added: 0 }],
    ["a word deleted", Q, Q.replace("the next", "next"), { edits: 1, added: 0 }],
    ["two neighbours swapped", Q, Q.replace("in paris", "paris in"), { edits: 1, added: 0 }],
    ["two words replaced", Q, Q.replace("paris", "rome").replace("three", "two"), {
      edits: 2,
      added: 0,
    }],
    ["three words replaced", Q, Q.replace(/paris|three|weather/g, "x"), undefined],
    ["a sentence of 8 words added at the start", Q, `a b c d e f g h ${Q}`, {
      edits: 1,
      added: 8,
    }],
    ["9 words added at the start: a sentence and a word", Q, `a b c d e f g h i ${Q}`, {
      edits: 2,
      added: 8,
    }],
    ["10 words added at the start", Q, `a b c d e f g h i j ${Q}`, undefined],
    [
      "a sentence added at the end and a word replaced",
      Q,
      `${Q.replace("paris", "rome")} ok thanks`,
      {
        edits: 2,
        added: 2,
      },
    ],
    ["a sentence at each end", Q, `hi there ${Q} thanks a lot`, undefined],
    ["a sentence removed", `${Q} thanks a lot`, Q, undefined],
    ["8 to 15 words: a word replaced", S, S.replace("paris", "tokyo"), { edits: 1, added: 0 }],
    ["8 to 15 words: two neighbours swapped", S, S.replace("in paris", "paris in"), {
      edits: 1,
      added: 0,
    }],
    ["8 to 15 words: a sentence added", S, `quick question ${S}`, { edits: 1, added: 2 }],
    [
      "8 to 15 words: two words replaced",
      S,
      S.replace("paris", "rome").replace("three", "two"),
      undefined,
    ],
    [
      "8 to 15 words: a sentence added and a word replaced",
      S,
      `${S.replace("paris", "rome")} ok`,
      undefined,
    ],
    ["fewer than 8 words: the same words", "weather in oslo", "weather in oslo", {
      edits: 0,
      added: 0,
    }],
    ["fewer than 8 words: one word replaced", "weather in oslo", "weather in bergen", undefined],
    ["no word", "", "", undefined],
  ];
  for (const [name, held, turn, expected] of cases) {
    await t.step(name, () => assert.deepEqual(nearEdits(w(held), w(turn)), expected));
  }
});

Deno.test(
  "nearEdits: a held-out query of 100,000 words and a copy one word off (three rows held)",
  none,
  () => {
    const held = Array.from({ length: 100_000 }, (_, i) => `w${i}`);
    assert.deepEqual(nearEdits(held, held.with(50_000, "zebra")), { edits: 1, added: 0 });
    assert.deepEqual(nearEdits(held, held.toSpliced(7, 1).with(90_000, "x")), {
      edits: 2,
      added: 0,
    });
    assert.equal(nearEdits(held, held.with(1, "x").with(2, "y").with(3, "z")), undefined);
  },
);
