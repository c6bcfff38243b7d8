import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import type { LeakKind, LeakReport } from "../../src/leak/leak.ts";
import { type LeakContext, leakJson, leakText } from "../../src/leak/render.ts";

const none = { permissions: "none" } as const;

const CLEAN: LeakReport = {
  format: "jsonl",
  lines: 54,
  examples: 53,
  heldOut: 150,
  leaking: 0,
  siblings: 0,
  leaks: [],
};

const LEAKY: LeakReport = {
  format: "array",
  lines: 900,
  examples: 60,
  heldOut: 150,
  leaking: 4,
  siblings: 1,
  leaks: [
    {
      kind: "exact",
      id: 7,
      matches: 2,
      lines: [
        { line: 12, shared: 9, union: 9, sameAnswer: true, edits: 0, addedWords: 0 },
        { line: 40, shared: 9, union: 9, sameAnswer: false, edits: 0, addedWords: 0 },
      ],
    },
    {
      kind: "exact",
      id: 1234,
      matches: 23,
      lines: Array.from({ length: 20 }, (_, i) => ({
        line: 100 + i,
        shared: 0,
        union: 0,
        sameAnswer: false,
        edits: 0,
        addedWords: 0,
      })),
    },
    {
      kind: "near",
      id: 21,
      matches: 1,
      lines: [{ line: 9, shared: 4, union: 5, sameAnswer: true, edits: 2, addedWords: 5 }],
    },
    {
      kind: "near",
      id: 7,
      matches: 1,
      lines: [{ line: 13, shared: 14, union: 17, sameAnswer: false, edits: 1, addedWords: 0 }],
    },
    {
      kind: "answer",
      id: 88,
      matches: 1,
      lines: [{ line: 3, shared: 1, union: 30, sameAnswer: true }],
    },
    {
      kind: "sibling",
      id: 30,
      matches: 2,
      lines: [
        { line: 5, shared: 8, union: 18, sameAnswer: false, edits: 1, addedWords: 0 },
        { line: 6, shared: 8, union: 18, sameAnswer: false, edits: 2, addedWords: 0 },
      ],
    },
  ],
};

const CONTEXT: LeakContext = {
  file: "train.jsonl",
  splitDigest: "d".repeat(64),
  datasetSha256: "a".repeat(64),
  scorer: { name: "xlam-tool-call", version: "1" },
  ordering: "any",
};

Deno.test("leakText: one line when nothing leaks", none, () => {
  assert.equal(
    leakText(CLEAN, "train.jsonl"),
    "train.jsonl: no held-out item leaks into its 53 examples (150 held-out items checked)\n",
  );
  assert.equal(
    leakText({ ...CLEAN, examples: 1, heldOut: 1 }, "t"),
    "t: no held-out item leaks into its 1 example (1 held-out item checked)\n",
  );
});

Deno.test("leakText: siblings alone: nothing leaks, and the siblings are listed", none, () => {
  const sibling = LEAKY.leaks[5]!;
  assert.equal(
    leakText({ ...CLEAN, siblings: 1, leaks: [sibling] }, "train.jsonl"),
    "train.jsonl: no held-out item leaks into its 53 examples (150 held-out items checked); " +
      "1 has a template sibling there (not a leak)\n" +
      "  sibling  id 30  lines 5 (1 word edit), 6 (2 word edits)\n",
  );
});

Deno.test(
  "leakText: a line per item and kind, lines kept and counted, edits said, Jaccard rounded down",
  none,
  () => {
    assert.equal(
      leakText(LEAKY, "data.json"),
      [
        "data.json: 4 of the 150 held-out items leak into its 60 examples: 2 exact, 1 near, 1 by answer (1 of them also leaks another way); 1 has a template sibling there (not a leak)",
        "  exact   id 7     lines 12 (with its answer), 40",
        `  exact   id 1234  lines ${
          Array.from({ length: 20 }, (_, i) => 100 + i).join(", ")
        }, and 3 more`,
        "  near    id 21    line 9 (2 word edits: 5 words added at an end, with its answer)",
        "  near    id 7     line 13 (1 word edit)",
        "  answer  id 88    line 3 (query Jaccard 0.033)",
        "  sibling  id 30    lines 5 (1 word edit), 6 (2 word edits)",
        "",
      ].join("\n"),
    );
  },
);

Deno.test(
  "leakText: each leaking item counted once, under its strongest kind: the counts add up",
  none,
  () => {
    const line = { line: 2, shared: 1, union: 1, sameAnswer: false, edits: 0, addedWords: 0 };
    const row = (kind: LeakKind, id: number | string) => ({ kind, id, matches: 1, lines: [line] });
    // Item 1 leaks every way, 2 near and by answer, "2" (not 2) by answer only; 3 is a sibling.
    const report: LeakReport = {
      ...CLEAN,
      leaking: 3,
      siblings: 1,
      leaks: [
        row("exact", 1),
        row("near", 1),
        row("near", 2),
        row("answer", 1),
        row("answer", 2),
        row("answer", "2"),
        row("sibling", 3),
      ],
    };
    const first = leakText(report, "t").split("\n")[0]!;
    assert.equal(
      first,
      "t: 3 of the 150 held-out items leak into its 53 examples: 1 exact, 1 near, 1 by answer " +
        "(2 of them also leak another way); 1 has a template sibling there (not a leak)",
    );
    const counts = [...first.matchAll(/(\d+) (?:exact|near|by answer)/g)].map((m) => Number(m[1]));
    assert.equal(counts.reduce((a, b) => a + b), report.leaking);
  },
);

Deno.test({
  name: "leakJson: valid against schema/leak.schema.json, every figure unrounded",
  permissions: { read: true },
  fn: async () => {
    const schema = JSON.parse(await Deno.readTextFile("schema/leak.schema.json"));
    // deno-lint-ignore no-explicit-any
    const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
    const validate = ajv.compile(schema);
    for (const report of [CLEAN, LEAKY]) {
      const json = JSON.parse(leakJson(report, CONTEXT));
      assert.ok(validate(json), JSON.stringify(validate.errors));
      assert.equal(json.leaking, report.leaking);
      assert.equal(json.examples, report.examples);
    }
    const json = JSON.parse(leakJson(LEAKY, CONTEXT));
    assert.deepEqual(json.split, { digest: "d".repeat(64), datasetSha256: "a".repeat(64) });
    assert.deepEqual(json.rules, {
      kinds: ["exact", "near", "answer", "sibling"],
      shingleWords: 5,
      nearEdits: 2,
      nearMinWords: 8,
      twoEditsMinWords: 16,
      addedWords: 8,
      scorer: { name: "xlam-tool-call", version: "1" },
      ordering: "any",
    });
    assert.deepEqual(json.leaks[3], {
      kind: "near",
      id: 7,
      matches: 1,
      lines: [{
        line: 13,
        shared: 14,
        union: 17,
        jaccard: 14 / 17,
        sameAnswer: false,
        edits: 1,
        addedWords: 0,
      }],
    });
    assert.equal(json.siblings, 1);
    assert.deepEqual(json.leaks[4].lines[0], {
      line: 3,
      shared: 1,
      union: 30,
      jaccard: 1 / 30,
      sameAnswer: true,
    });
    assert.equal(json.leaks[1].lines[0].jaccard, 1);
    assert.equal(validate({ ...json, schema: "assess.leak.v1" }), false);
    assert.equal(validate({ ...json, leaking: -1 }), false);
  },
});

Deno.test("leakText: hostile string ids stay on their row, quoted and escaped", none, () => {
  const ids = ["7", "line\nbreak", "\u001b[2Jwiped", 'say "hi"', "x".repeat(300), "\u202eevil"];
  const report: LeakReport = {
    ...CLEAN,
    leaking: ids.length + 1,
    leaks: [7, ...ids].map((id) => ({
      kind: "exact",
      id,
      matches: 1,
      lines: [{ line: 3, shared: 1, union: 1, sameAnswer: false, edits: 0, addedWords: 0 }],
    })),
  };
  const rows = leakText(report, "train.jsonl").trimEnd().split("\n").slice(1);
  assert.equal(rows.length, ids.length + 1);
  for (const row of rows) {
    // deno-lint-ignore no-control-regex -- the control characters are what must not be there
    assert.doesNotMatch(row, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/);
  }
  assert.match(rows[0]!, /^ {2}exact {3}id 7 +line 3$/);
  assert.match(rows[1]!, /^ {2}exact {3}id "7" +line 3$/);
  assert.match(rows[2]!, /id "line\\nbreak" /);
  assert.match(rows[3]!, /id "\\u001b\[2Jwiped" /);
  assert.match(rows[4]!, /id "say \\"hi\\"" /);
  assert.match(rows[6]!, /id "\\u202eevil" /);
});
