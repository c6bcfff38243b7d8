import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import type { LeakReport } from "../../src/leak/leak.ts";
import { type LeakContext, leakJson, leakText } from "../../src/leak/render.ts";

const none = { permissions: "none" } as const;

const CLEAN: LeakReport = {
  format: "jsonl",
  lines: 54,
  examples: 53,
  heldOut: 150,
  leaking: 0,
  leaks: [],
};

const LEAKY: LeakReport = {
  format: "array",
  lines: 900,
  examples: 60,
  heldOut: 150,
  leaking: 4,
  leaks: [
    {
      kind: "exact",
      id: 7,
      matches: 2,
      lines: [
        { line: 12, shared: 9, union: 9, sameAnswer: true },
        { line: 40, shared: 9, union: 9, sameAnswer: false },
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
      })),
    },
    {
      kind: "near",
      id: 21,
      matches: 1,
      lines: [{ line: 9, shared: 4, union: 5, sameAnswer: true }],
    },
    {
      kind: "near",
      id: 7,
      matches: 1,
      lines: [{ line: 13, shared: 14, union: 17, sameAnswer: false }],
    },
    {
      kind: "answer",
      id: 88,
      matches: 1,
      lines: [{ line: 3, shared: 1, union: 30, sameAnswer: true }],
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

Deno.test(
  "leakText: a line per item and kind, lines kept and counted, Jaccard rounded down",
  none,
  () => {
    assert.equal(
      leakText(LEAKY, "data.json"),
      [
        "data.json: 4 of the 150 held-out items leak into its 60 examples: 2 exact, 2 near, 1 by answer",
        "  exact   id 7     lines 12 (with its answer), 40",
        `  exact   id 1234  lines ${
          Array.from({ length: 20 }, (_, i) => 100 + i).join(", ")
        }, and 3 more`,
        "  near    id 21    line 9 (Jaccard 0.800, with its answer)",
        "  near    id 7     line 13 (Jaccard 0.823)",
        "  answer  id 88    line 3 (query Jaccard 0.033)",
        "",
      ].join("\n"),
    );
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
      kinds: ["exact", "near", "answer"],
      shingleWords: 5,
      nearJaccard: 0.8,
      scorer: { name: "xlam-tool-call", version: "1" },
      ordering: "any",
    });
    assert.deepEqual(json.leaks[3], {
      kind: "near",
      id: 7,
      matches: 1,
      lines: [{ line: 13, shared: 14, union: 17, jaccard: 14 / 17, sameAnswer: false }],
    });
    assert.equal(json.leaks[1].lines[0].jaccard, 1);
    assert.equal(validate({ ...json, schema: "assess.leak.v2" }), false);
    assert.equal(validate({ ...json, leaking: -1 }), false);
  },
});
