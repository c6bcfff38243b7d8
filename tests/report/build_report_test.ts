import assert from "node:assert/strict";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { holmAdjust } from "../../src/report/holm.ts";
import { mcnemarExactP } from "../../src/report/mcnemar.ts";
import { pairedDifferenceInterval } from "../../src/report/paired_difference.ts";
import type { Report } from "../../src/report/report.ts";
import { wilsonInterval } from "../../src/report/wilson.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { type Plan, resultsFor, times } from "./_results.ts";

async function reportOf(plan: Plan): Promise<Report> {
  return buildReport(
    await reportInputFromResults(resultsFor(plan).bytes, { scorer: xlamToolCall }),
  );
}

// 200 items. base: 120 right; tuned-a fixes 30 no-calls, one timeout, one never asked;
// tuned-b breaks two.
const BASE = [
  ...times(120, "match"),
  ...times(40, "no-call"),
  ...times(30, "arguments"),
  ...times(10, "name"),
];
const TUNED_A = [
  ...times(150, "match"),
  ...times(20, "no-call"),
  ...times(25, "arguments"),
  ...times(3, "truncated"),
  "error:timeout",
  null,
] as const;
const TUNED_B = [
  ...times(118, "match"),
  "no-call",
  "arguments",
  ...times(40, "no-call"),
  ...times(30, "arguments"),
  ...times(10, "name"),
] as const;
const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned-a", "tuned-b"],
  outcomes: { base: BASE, "tuned-a": [...TUNED_A], "tuned-b": [...TUNED_B] },
};

Deno.test({
  name: "buildReport: per-model figures, errors apart and never counted wrong",
  permissions: "none",
  fn: async () => {
    const report = await reportOf(PLAN);
    const [base, a, b] = report.models;
    assert.equal(report.schema, "assess.report.v2");
    assert.deepEqual(report.models.map((m) => [m.name, m.role]), [
      ["base", "baseline"],
      ["tuned-a", "adapter"],
      ["tuned-b", "adapter"],
    ]);
    assert.equal(base!.scored, 200);
    assert.equal(base!.correct, 120);
    assert.equal(base!.accuracy, 0.6);
    assert.deepEqual(base!.interval, wilsonInterval(120, 200));
    // tuned-a: the timeout is an error (not wrong), the last item was never asked.
    assert.equal(a!.scored, 198);
    assert.equal(a!.correct, 150);
    assert.equal(a!.accuracy, 150 / 198);
    assert.equal(a!.errors, 1);
    assert.deepEqual(a!.errorKinds, [{ name: "timeout", count: 1 }]);
    assert.equal(a!.notAsked, 1);
    assert.deepEqual(
      a!.reasons.map((r) => `${r.name}=${r.count}`),
      [
        "truncated=3",
        "unparsed-call=0",
        "malformed-arguments=0",
        "no-call=20",
        "call-count=0",
        "name=0",
        "arguments=25",
        "match=150",
      ],
    );
    assert.deepEqual(a!.tokens, { items: 198, prompt: 19800, completion: 3960, reasoning: null });
    // Latencies are 100 + index % 50 over the scored items.
    const lat = Array.from({ length: 200 }, (_, i) => 100 + (i % 50)).slice(0, 198).sort((x, y) =>
      x - y
    );
    assert.deepEqual(a!.latencyMs, {
      median: (lat[98]! + lat[99]!) / 2,
      p95: lat[Math.ceil(0.95 * 198) - 1],
    });
    assert.equal(b!.correct, 118);
    assert.equal(report.run.complete, false);
    assert.deepEqual(report.trust.completeness, {
      complete: false,
      pairs: 600,
      scored: 598,
      missing: 2,
      errors: 1,
      notAsked: 1,
    });
  },
});

Deno.test({
  name: "buildReport: each adapter against the baseline, paired on the same items",
  permissions: "none",
  fn: async () => {
    const report = await reportOf(PLAN);
    const [a, b] = report.comparisons;
    // tuned-a: items 198 and 199 are not paired (error, never asked).
    assert.equal(a!.items, 198);
    assert.deepEqual(a!.table, { bothRight: 120, onlyAdapter: 30, onlyBaseline: 0, bothWrong: 48 });
    const stats = pairedDifferenceInterval({
      bothRight: 120,
      onlyFirst: 30,
      onlySecond: 0,
      bothWrong: 48,
    });
    assert.equal(a!.difference, stats.difference);
    assert.deepEqual(a!.interval, { lower: stats.lower, upper: stats.upper });
    assert.equal(a!.pValue, mcnemarExactP(30, 0));
    assert.equal(a!.adapterAccuracy, 150 / 198);
    assert.equal(a!.baselineAccuracy, 120 / 198);
    assert.equal(b!.items, 200);
    assert.deepEqual(b!.table, { bothRight: 118, onlyAdapter: 0, onlyBaseline: 2, bothWrong: 80 });
    assert.equal(b!.pValue, 0.5);
    // Holm across the two adapters.
    assert.deepEqual([a!.pAdjusted, b!.pAdjusted], holmAdjust([a!.pValue!, b!.pValue!]));
    // The verdicts, in words.
    assert.equal(a!.outcome, "better");
    assert.equal(a!.verdict, "tuned-a is better than base: +15.2 points [10.0, 20.2], p < 0.001");
    assert.equal(b!.outcome, "no detectable difference");
    assert.equal(
      b!.verdict,
      "no detectable difference between tuned-b and base: -1.0 points [-2.7, 0.7], p = 0.50",
    );
    // Which reasons were fixed and broken.
    const reason = (c: typeof a, name: string) => c!.reasons.find((r) => r.reason === name)!;
    assert.deepEqual(reason(a, "no-call"), {
      reason: "no-call",
      baseline: 40,
      adapter: 20,
      fixed: 30,
      broke: 0,
    });
    assert.deepEqual(reason(b, "arguments"), {
      reason: "arguments",
      baseline: 30,
      adapter: 31,
      fixed: 0,
      broke: 1,
    });
    assert.deepEqual(a!.transitions, [
      { baseline: "no-call", adapter: "no-call", count: 10 },
      { baseline: "no-call", adapter: "match", count: 30 },
      { baseline: "name", adapter: "truncated", count: 3 },
      { baseline: "name", adapter: "arguments", count: 5 },
      { baseline: "arguments", adapter: "no-call", count: 10 },
      { baseline: "arguments", adapter: "arguments", count: 20 },
      { baseline: "match", adapter: "match", count: 120 },
    ]);
    // The discordant items, by id (synthetic item i has id i).
    assert.deepEqual(a!.discordant.fixed, Array.from({ length: 30 }, (_, i) => 120 + i));
    assert.deepEqual(a!.discordant.broke, []);
    assert.deepEqual(b!.discordant.broke, [118, 119]);
  },
});

Deno.test({
  name: "buildReport: a worse adapter is called worse",
  permissions: "none",
  fn: async () => {
    const report = await reportOf({
      baseline: "base",
      adapters: ["worse"],
      outcomes: {
        base: times(100, "match"),
        worse: [...times(70, "match"), ...times(30, "no-call")],
      },
    });
    const c = report.comparisons[0]!;
    assert.equal(c.outcome, "worse");
    assert.match(
      c.verdict,
      /^worse is worse than base: -30\.0 points \[-[0-9.]+, -[0-9.]+\], p < 0\.001$/,
    );
  },
});

Deno.test({
  name: "buildReport edge cases: no discordant pairs, all right, all wrong, one item, none paired",
  permissions: "none",
  fn: async (t) => {
    await t.step("no discordant pairs: p = 1, no detectable difference", async () => {
      const same = [...times(30, "match"), ...times(10, "arguments")];
      const c = (await reportOf({ baseline: "b", adapters: ["a"], outcomes: { b: same, a: same } }))
        .comparisons[0]!;
      assert.equal(c.pValue, 1);
      assert.equal(c.pAdjusted, 1);
      assert.equal(c.difference, 0);
      assert.ok(c.interval!.lower < 0 && c.interval!.upper > 0);
      assert.equal(c.outcome, "no detectable difference");
      assert.deepEqual(c.discordant, { fixed: [], broke: [] });
    });
    await t.step("all right", async () => {
      const r = await reportOf({
        baseline: "b",
        adapters: ["a"],
        outcomes: { b: times(5, "match"), a: times(5, "match") },
      });
      assert.equal(r.models[0]!.accuracy, 1);
      assert.equal(r.models[0]!.interval!.upper, 1);
      assert.equal(r.comparisons[0]!.outcome, "no detectable difference");
      assert.equal(r.run.complete, true);
    });
    await t.step("all wrong", async () => {
      const r = await reportOf({
        baseline: "b",
        adapters: ["a"],
        outcomes: { b: times(5, "no-call"), a: times(5, "name") },
      });
      assert.equal(r.models[1]!.accuracy, 0);
      assert.equal(r.models[1]!.interval!.lower, 0);
      assert.deepEqual(r.comparisons[0]!.table, {
        bothRight: 0,
        onlyAdapter: 0,
        onlyBaseline: 0,
        bothWrong: 5,
      });
      assert.deepEqual(r.comparisons[0]!.transitions, [{
        baseline: "no-call",
        adapter: "name",
        count: 5,
      }]);
    });
    await t.step("one item", async () => {
      const r = await reportOf({
        baseline: "b",
        adapters: ["a"],
        outcomes: { b: ["no-call"], a: ["match"] },
      });
      const c = r.comparisons[0]!;
      assert.equal(c.difference, 1);
      assert.equal(c.pValue, 1);
      assert.equal(c.outcome, "no detectable difference");
      assert.deepEqual(c.discordant.fixed, [0]);
      assert.deepEqual(r.models[0]!.latencyMs, { median: 100, p95: 100 });
    });
    await t.step("no item paired: nothing to compare, still a report", async () => {
      const r = await reportOf({
        baseline: "b",
        adapters: ["a"],
        outcomes: { b: times(3, "match"), a: times(3, "error:network") },
      });
      const c = r.comparisons[0]!;
      assert.equal(c.items, 0);
      assert.equal(c.outcome, "no paired items");
      assert.equal(c.pValue, null);
      assert.equal(c.interval, null);
      assert.equal(r.models[1]!.accuracy, null);
      assert.equal(r.models[1]!.errors, 3);
    });
    await t.step("no adapter", async () => {
      const r = await reportOf({ baseline: "b", adapters: [], outcomes: { b: times(3, "match") } });
      assert.deepEqual(r.comparisons, []);
    });
  },
});

Deno.test({
  name: "buildReport: the probe and the trust section",
  permissions: "none",
  fn: async (t) => {
    await t.step("a difference fails the probe and is listed", async () => {
      const r = await reportOf({
        ...PLAN,
        header: { probe: { batchInvariant: "asserted", items: 2 } },
        probe: [
          { model: "base", itemId: 0, outcome: "same", detail: null },
          { model: "tuned-a", itemId: 0, outcome: "different", detail: "the text differs" },
          { model: "tuned-b", itemId: 0, outcome: "inconclusive", detail: "a timeout" },
        ],
      });
      const p = r.trust.probe;
      assert.deepEqual(
        [p.result, p.checks, p.same, p.different, p.inconclusive],
        ["failed", 3, 1, 1, 1],
      );
      assert.deepEqual(p.differences, [{
        model: "tuned-a",
        itemId: 0,
        detail: "the text differs",
      }]);
      assert.equal(p.batchInvariant, "asserted");
    });
    await t.step("all same: passed; none: off or not run", async () => {
      const passed = await reportOf({
        ...PLAN,
        probe: [{ model: "base", itemId: 0, outcome: "same", detail: null }],
      });
      assert.equal(passed.trust.probe.result, "passed");
      assert.equal((await reportOf(PLAN)).trust.probe.result, "off");
      const notRun = await reportOf({
        ...PLAN,
        header: { probe: { batchInvariant: "required", items: 8 } },
      });
      assert.equal(notRun.trust.probe.result, "not-run");
    });
    await t.step("digests and scorer", async () => {
      const r = await reportOf(PLAN);
      assert.deepEqual(r.trust.digests, {
        config: "c".repeat(64),
        dataset: "a".repeat(64),
        split: "b".repeat(64),
      });
      assert.equal(r.trust.scorer.verdicts, "recorded");
      assert.equal(r.trust.scorer.note, null);
      assert.deepEqual(r.trust.scorer.selftest, { passed: true, items: 200, by: "run" });
    });
  },
});

Deno.test({
  name: "buildReport refuses two outcomes for one item",
  permissions: "none",
  fn: () => {
    const o = {
      itemIndex: 0,
      itemId: 0,
      verdict: { correct: true, reason: "match" },
      error: null,
      latencyMs: 1,
      usage: null,
    };
    assert.throws(
      () =>
        buildReport({
          run: { assessVersion: null, startedAt: "", sessions: 1, splitSeed: "s", items: 2 },
          baseline: "b",
          adapters: [],
          reasons: [],
          observations: new Map([["b", [o, o]]]),
          scorer: {
            name: "x",
            version: "1",
            recordedVersion: "1",
            ordering: "any",
            toolCallParser: null,
            verdicts: "recorded",
            note: null,
            selftest: { passed: true, items: 2, by: "run" },
          },
          digests: { config: "", dataset: "", split: "" },
          probe: { batchInvariant: "not-required", items: 0, checks: [] },
        }),
      RangeError,
    );
  },
});
