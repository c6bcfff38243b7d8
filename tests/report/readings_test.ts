// Strict and lenient scoring side by side (src/report/readings.ts): the lenient figures against a
// report built from verdicts that are the lenient ones, the counts per rule against the
// observations, -scoring lenient, and the sentence when the outcomes differ.

import assert from "node:assert/strict";
import { buildReport } from "../../src/report/build_report.ts";
import { scoringSentence } from "../../src/report/readings.ts";
import type { Observation, ReportInput } from "../../src/report/report_input.ts";
import type { LenientRule } from "../../src/score/lenient.ts";
import { modelsInput } from "./_paired_input.ts";

type Kind = "right" | "wrong" | "string-form" | "optional-default" | "both";

function observations(kinds: readonly Kind[]): Observation[] {
  return kinds.map((k, i) => {
    const strict = k === "right";
    const rescued: LenientRule[] = k === "both"
      ? ["string-form", "optional-default"]
      : k === "string-form" || k === "optional-default"
      ? [k]
      : [];
    return {
      itemIndex: i,
      itemId: 100 + i,
      error: null,
      latencyMs: 10,
      usage: null,
      verdict: { correct: strict, reason: strict ? "match" : "arguments" },
      lenient: { correct: strict || rescued.length > 0, rescued },
    };
  });
}

function input(base: readonly Kind[], tuned: readonly Kind[], extra: Partial<ReportInput> = {}) {
  return modelsInput({ base: observations(base), tuned: observations(tuned) }, base.length, {
    reasons: ["arguments", "match"],
    lenient: { made: true, selftest: { passed: true, items: base.length } },
    ...extra,
  });
}

/** The same input with the lenient verdicts as its own, and no lenient reading. */
function asStrict(i: ReportInput): ReportInput {
  const observations = new Map<string, Observation[]>();
  for (const [model, list] of i.observations) {
    observations.set(
      model,
      list.map(({ lenient, ...o }) => ({
        ...o,
        verdict: lenient!.correct && !o.verdict!.correct
          ? { correct: true, reason: "match" }
          : o.verdict,
      })),
    );
  }
  const { lenient: _made, scoring: _decides, ...rest } = i;
  return { ...rest, observations };
}

const times = (n: number, k: Kind): Kind[] => Array.from({ length: n }, () => k);
// The adapter is right on 60 items, wrong in form on 30 (15 by case, 10 by a default, 5 by both),
// wrong on 10; the baseline right on 70 and wrong on 30.
const TUNED: Kind[] = [
  ...times(60, "right"),
  ...times(15, "string-form"),
  ...times(10, "optional-default"),
  ...times(5, "both"),
  ...times(10, "wrong"),
];
const BASE: Kind[] = [...times(70, "right"), ...times(30, "wrong")];

Deno.test("each model's lenient accuracy and rescues, and each comparison under both readings", () => {
  const i = input(BASE, TUNED);
  const report = buildReport(i);
  const lenientOnly = buildReport(asStrict(i));
  const tuned = report.models[1]!;
  assert.deepEqual(tuned.strict, { correct: 60, accuracy: 0.6 });
  assert.deepEqual(tuned.lenient, {
    correct: 90,
    accuracy: 0.9,
    rescued: { "string-form": 20, "optional-default": 15 },
  });
  assert.equal(tuned.accuracy, 0.6); // strict decides by default
  const c = report.comparisons[0]!;
  assert.deepEqual(c.strict, { difference: c.difference, outcome: c.outcome });
  assert.deepEqual(c.lenient, {
    difference: lenientOnly.comparisons[0]!.difference,
    outcome: lenientOnly.comparisons[0]!.outcome,
  });
  assert.equal(c.strict.outcome, "worse");
  assert.equal(c.lenient!.outcome, "better");
  assert.equal(
    c.scoringSentence,
    "tuned is better only under lenient scoring (strict: worse): the gain is in formatting",
  );
  assert.equal(report.scoring.decides, "strict");
  assert.deepEqual(report.scoring.rules, ["string-form", "optional-default"]);
});

Deno.test("-scoring lenient: every figure is the lenient reading's, the strict beside it", () => {
  const i = input(BASE, TUNED, { scoring: "lenient" });
  const report = buildReport(i);
  const lenientOnly = buildReport(asStrict(i));
  const strip = (r: typeof report) => ({
    models: r.models.map(({ strict: _s, lenient: _l, ...m }) => m),
    comparisons: r.comparisons.map(({ strict: _s, lenient: _l, scoringSentence: _t, ...c }) => c),
  });
  assert.deepEqual(strip(report), strip(lenientOnly as typeof report));
  assert.equal(report.models[1]!.strict.accuracy, 0.6);
  assert.equal(report.scoring.decides, "lenient");
});

Deno.test("-scoring lenient without the lenient reading is refused", () => {
  const i = input(BASE, TUNED, {
    scoring: "lenient",
    lenient: { made: false, why: "not read" },
  });
  assert.throws(() => buildReport(i), TypeError);
  const strict = buildReport({ ...i, scoring: "strict" });
  assert.equal(strict.models[1]!.lenient, null);
  assert.equal(strict.comparisons[0]!.lenient, null);
  assert.equal(strict.comparisons[0]!.scoringSentence, null);
  assert.equal(strict.scoring.note, "not read");
});

Deno.test("-scoring lenient: models wrong only in form are right", () => {
  const i = input(times(4, "string-form"), times(4, "string-form"), { scoring: "lenient" });
  const report = buildReport(i);
  assert.equal(report.models[0]!.accuracy, 1);
  assert.equal(report.models[0]!.strict.accuracy, 0);
});

Deno.test("scoringSentence: what a difference between the readings means", () => {
  const cases: [string, string, string | null][] = [
    ["better", "better", null],
    [
      "inconclusive",
      "better",
      "a is better only under lenient scoring (strict: no conclusion): the gain is in formatting",
    ],
    [
      "worse",
      "inconclusive",
      "a is worse only under strict scoring (lenient: no conclusion): the loss is in formatting",
    ],
    [
      "better",
      "not-worse",
      "a is better only under strict scoring (lenient: not worse): lenient scoring forgives more of the baseline's answers, so part of the gain is the baseline's formatting",
    ],
    [
      "inconclusive",
      "worse",
      "a is worse only under lenient scoring (strict: no conclusion): lenient scoring forgives more of the baseline's answers, so the baseline's losses were in formatting",
    ],
    [
      "not-worse",
      "inconclusive",
      "a is not worse under strict scoring and no conclusion under lenient scoring",
    ],
  ];
  for (const [s, l, expected] of cases) {
    assert.equal(
      scoringSentence("a", s as never, l as never),
      expected,
      `${s} / ${l}`,
    );
  }
});
