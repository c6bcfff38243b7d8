// The quick row checks against the full reading (parseJson, then checkTools or the answers'
// shape): a yes must be exact (the same names), and every text the full reading refuses must get
// a no. They must also say yes to ordinary rows, or loading would never take the quick way.

import assert from "node:assert/strict";
import fc from "fast-check";
import { quickAnswersAccepted, quickToolNames } from "../../src/dataset/_quick_row.ts";
import { readAnswers } from "../../src/dataset/answers.ts";
import { checkTools } from "../../src/dataset/tools.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { PIECES } from "../json/_arbitraries.ts";

/** The 204 real rows of the dataset, bundled. */
const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url);
/** The sixteen made-up rows, which use every type word. */
const ROWS = new URL("../../reference/testdata/rows.json", import.meta.url);

/** The tools' names as the full reading gives them, or undefined when it refuses the text. */
function fullToolNames(text: string): string[] | undefined {
  try {
    return checkTools(parseJson(text));
  } catch {
    return undefined;
  }
}

/** Whether the full reading (the strict reader, then the dataset's readAnswers) accepts a text. */
function fullAnswersAccepted(text: string): boolean {
  try {
    readAnswers(parseJson(text), (reason) => {
      throw new Error(reason);
    });
    return true;
  } catch {
    return false;
  }
}

function agreeOnTools(text: string): "yes" | "no" {
  const quick = quickToolNames(text);
  const full = fullToolNames(text);
  if (quick !== undefined) assert.deepEqual(quick, full, `quick said yes to ${text}`);
  return quick === undefined ? "no" : "yes";
}

function agreeOnAnswers(text: string): "yes" | "no" {
  const quick = quickAnswersAccepted(text);
  if (quick) assert(fullAnswersAccepted(text), `quick said yes to ${text}`);
  return quick ? "yes" : "no";
}

Deno.test({
  name: "the quick checks say yes to every real and made-up row, with the full reading's names",
  permissions: { read: [SAMPLE, ROWS] },
  fn() {
    const rows = [
      ...JSON.parse(Deno.readTextFileSync(SAMPLE)),
      ...JSON.parse(Deno.readTextFileSync(ROWS)),
    ] as { tools: string; answers: string }[];
    assert(rows.length >= 220);
    for (const { tools, answers } of rows) {
      assert.deepEqual(quickToolNames(tools), checkTools(parseJson(tools)), tools);
      assert(quickAnswersAccepted(answers), answers);
    }
  },
});

// Tools texts: members in any order, now and then one missing, repeated, unknown or of the
// wrong type; type words in and out of the grammar; defaults that agree and that do not.
const text = (s: string) => JSON.stringify(s);
const WORDS = [
  "str",
  "int",
  "float",
  "bool",
  "List[int]",
  "Tuple[int, int]",
  "Dict",
  "set",
  "Callable[[int], str]",
  "int, optional",
  "int, default=5",
  "str, optional, default='en'",
  "List[Union[int, float]]",
  "Tuple[int, str]",
  "banana",
];
const DEFAULTS = ["5", "5.0", "50e-1", '"5"', '"en"', "null", "true", "[1, 2]", '{"a": 1}', "6"];

/** An object's text from its members, written as given: repeats stay repeats. */
const object = (members: readonly (readonly [string, string])[]) =>
  `{${members.map(([k, v]) => `${text(k)}: ${v}`).join(", ")}}`;

/** Every member a tool, a parameter or a call may have. */
const KEYS = ["name", "description", "parameters", "type", "default", "arguments"];

/**
 * An object's members in any order; one time in three with one glitch: a member left out, one
 * written twice, or one more (known elsewhere, or not at all).
 */
function membersOf(
  wanted: fc.Arbitrary<readonly (readonly [string, string])[]>,
): fc.Arbitrary<(readonly [string, string])[]> {
  return fc.tuple(
    wanted,
    fc.constantFrom("none", "none", "none", "none", "none", "none", "drop", "twice", "extra"),
    fc.nat(),
    fc.nat(),
    fc.tuple(fc.constantFrom("extra", ...KEYS), fc.constantFrom('"x"', "1", "{}")),
  ).map(([members, glitch, at, turn, extra]) => {
    const out = [...members];
    if (out.length > 0) {
      const i = at % out.length;
      if (glitch === "drop") out.splice(i, 1);
      if (glitch === "twice") out.push(out[i]!);
    }
    if (glitch === "extra") out.push(extra);
    const k = out.length === 0 ? 0 : turn % out.length;
    return [...out.slice(k), ...out.slice(0, k)];
  });
}

const parameter = membersOf(
  fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...WORDS).map(text) }, fc.constant("3")),
    fc.option(fc.constantFrom('"the count"', "7")),
    fc.option(fc.constantFrom(...DEFAULTS)),
  ).map(([type, description, dflt]) => {
    const members: [string, string][] = [["type", type]];
    if (description !== null) members.push(["description", description]);
    if (dflt !== null) members.push(["default", dflt]);
    return members;
  }),
).map(object);

const parameters = fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d", "\u00e9"), parameter), {
  maxLength: 4,
}).map(object);

const tool = membersOf(
  fc.tuple(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('"f"', '"g"', '"\\u0066"') },
      fc.constant("1"),
    ),
    fc.oneof({ weight: 5, arbitrary: fc.constant('"does f"') }, fc.constant("[]")),
    fc.oneof({ weight: 5, arbitrary: parameters }, fc.constant('"none"')),
  ).map(([name, description, params]) => [
    ["name", name] as const,
    ["description", description] as const,
    ["parameters", params] as const,
  ]),
).map(object);

const toolsText = fc.array(tool, { maxLength: 3 }).map((tools) => `[${tools.join(", ")}]`);

/** A text with one edit: a near-JSON piece inserted or put in place of a character. */
function edited(texts: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(texts, fc.nat(), fc.constantFrom(...PIECES), fc.boolean()).map(
    ([t, at, piece, insert]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + piece + t.slice(insert ? i : i + 1);
    },
  );
}

Deno.test("quickToolNames says yes only with the full reading's names, on generated tools", () => {
  const said = { yes: 0, no: 0 };
  fc.assert(
    fc.property(fc.oneof(toolsText, edited(toolsText)), (t) => {
      said[agreeOnTools(t)]++;
    }),
    { numRuns: 5000 },
  );
  assert(said.yes > 250 && said.no > 250, JSON.stringify(said));
});

Deno.test("quickToolNames: the cases one at a time", () => {
  const p = '{"type": "int", "description": "n"}';
  const ok = `[{"name": "f", "description": "d", "parameters": {"n": ${p}}}]`;
  assert.deepEqual(quickToolNames(ok), ["f"]);
  assert.deepEqual(quickToolNames(` [ ] `), []);
  assert.deepEqual(
    quickToolNames(`[{"parameters": {}, "name": "f", "description": "d"}, ${ok.slice(1, -1)}]`),
    ["f", "f"],
  );
  const no = [
    `${ok} x`, // text after the value
    ok.replace('"d"', '"d\\ud800"'), // a lone surrogate
    ok.replace('"n": ', '"n": {"type": "int"}, "n": '), // a parameter twice
    ok.replace('"name": "f"', '"name": "f", "name": "f"'), // a member twice
    ok.replace('"description": "n"', '"description": "n", "x": 1'), // an unknown member
    ok.replace('"type": "int"', '"type": "int, default=5", "default": 6'), // disagreeing default
    ok.replace('"type": "int"', '"type": "int, default=5"'), // a default only in the words
    ok.replace('"type": "int"', '"type": "integer"'), // words outside the grammar
    ok.replace('"description": "d"', '"description": 1'),
    '{"name": "f"}', // not an array
  ];
  for (const t of no) {
    assert.equal(quickToolNames(t), undefined, t);
    assert.equal(fullToolNames(t), undefined, t);
  }
  const deep = ok.replace(
    '"type": "int"',
    `"type": "int", "default": ${"[".repeat(600)}${"]".repeat(600)}`,
  );
  assert.equal(quickToolNames(deep), undefined);
  assert.equal(fullToolNames(deep), undefined);
  // Accepted by the full reading, and left to it all the same: more parameters than the quick
  // check looks through for a repeated name.
  const many = Object.fromEntries([...Array(65).keys()].map((i) => [`p${i}`, { type: "int" }]));
  const wide = JSON.stringify([{ name: "f", description: "d", parameters: many }]);
  assert.equal(quickToolNames(wide), undefined);
  assert.deepEqual(fullToolNames(wide), ["f"]);
});

// Answers texts: calls with their two members, now and then one missing, repeated, unknown or of
// the wrong type, and arguments of any JSON.
const call = membersOf(
  fc.tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom('"f"', '"\\u0066"') }, fc.constant("{}")),
    fc.oneof(
      { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ v })) },
      fc.constant('{"a": 1, "a": 2}'),
      fc.constant("[]"),
    ),
  ).map(([name, args]) => [["name", name] as const, ["arguments", args] as const]),
).map(object);

const answersText = fc.array(call, { maxLength: 3 }).map((calls) => `[${calls.join(", ")}]`);

Deno.test("quickAnswersAccepted says yes only to what the full reading accepts", () => {
  const said = { yes: 0, no: 0 };
  fc.assert(
    fc.property(fc.oneof(answersText, edited(answersText)), (t) => {
      said[agreeOnAnswers(t)]++;
    }),
    { numRuns: 5000 },
  );
  assert(said.yes > 250 && said.no > 250, JSON.stringify(said));
  assert(quickAnswersAccepted("[]"));
  assert(!quickAnswersAccepted('[{"name": "f", "arguments": {"a": 1, "a": 1}}]'));
  assert(!quickAnswersAccepted('[{"name": "f", "arguments": {}, "x": 1}]'));
  assert(!quickAnswersAccepted('[{"name": "f"}]'));
  assert(!quickAnswersAccepted("{}"));
});
