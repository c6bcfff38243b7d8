import assert from "node:assert/strict";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { holmAdjust } from "../../src/report/stats/holm.ts";
import { decisionInterval } from "../../src/report/stats/decision_interval.ts";
import { minimumDetectableDifference } from "../../src/report/stats/detectable_difference.ts";
import { mcnemarExactP } from "../../src/report/stats/mcnemar.ts";
import { assertClose } from "./_close.ts";
import type { PairedTable } from "../../src/report/stats/paired_table.ts";
import type { PairedCounts, Report } from "../../src/report/report.ts";
import { wilsonInterval } from "../../src/report/stats/wilson.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { type Plan, resultsFor, times } from "./_results.ts";

function paired(t: PairedCounts): PairedTable {
  return {
    bothRight: t.bothRight,
    onlyFirst: t.onlyAdapter,
    onlySecond: t.onlyBaseline,
    bothWrong: t.bothWrong,
  };
}

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
    assert.equal(report.schema, "assess.report.v6");
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
    assert.equal(a!.difference, 30 / 198);
    assert.equal(Object.hasOwn(a!, "newcombeInterval"), false); // one interval per comparison
    assert.equal(a!.pValue, mcnemarExactP(30, 0));
    assert.equal(a!.adapterAccuracy, 150 / 198);
    assert.equal(a!.baselineAccuracy, 120 / 198);
    assert.equal(b!.items, 200);
    assert.deepEqual(b!.table, { bothRight: 118, onlyAdapter: 0, onlyBaseline: 2, bothWrong: 80 });
    assert.equal(b!.pValue, 0.5);
    // Holm across the two adapters.
    assert.deepEqual([a!.pAdjusted, b!.pAdjusted], holmAdjust([a!.pValue!, b!.pValue!]));
    // The interval the verdict reads: exact, at each comparison's Holm level (a: rank 1 of 2,
    // rejected at 0.0225 within a 97.5% interval; b: not rejected, decided at 0.045 within 95%).
    assert.deepEqual(a!.interval, {
      ...decisionInterval(paired(a!.table), { alpha: 0.025 }),
      level: 0.025,
      testLevel: 0.0225,
    });
    assert.deepEqual(b!.interval, {
      ...decisionInterval(paired(b!.table), { alpha: 0.05 }),
      level: 0.05,
      testLevel: 0.045,
    });
    // The verdicts, in words: which, the figures, and why.
    assert.equal(a!.outcome, "better");
    assert.equal(
      a!.verdict,
      // reference/python/decision.py: [8.820, 21.768] points (the box interval gave [6.1, 24.2]):
      // 30 discordant items of 198 leave the discordance itself uncertain, and the interval says so.
      "tuned-a is better than base: +15.2 points [8.8, 21.8], p < 0.001 (the 97.5% interval is " +
        "above 0)",
    );
    // tuned-b's replies are the fixtures' replies for base's reasons on 198 of 200 items: byte for
    // byte the same, 99.0% of 200, so it may not be applied (its interval holds 0 as well).
    assert.equal(b!.outcome, "inconclusive");
    assert.deepEqual(b!.identical, { items: 198, share: 0.99, suspect: true });
    // tuned-a: the same reason gives the same fixture reply: 120 match, 10 no-call and 20
    // arguments items kept their reason (the transitions below).
    assert.deepEqual(a!.identical, { items: 150, share: 150 / 198, suspect: false });
    assert.equal(
      b!.verdict,
      // reference/python/decision.py: [-3.565, 1.145] points (the box interval gave [-5.0, 3.5]).
      "no conclusion between tuned-b and base: -1.0 points [-3.6, 1.1], p = 0.50 (tuned-b's " +
        "replies are identical to base's on 99.0% of the 200 paired items, so the adapter may " +
        "not be applied; the 95% interval holds 0)",
    );
    // The smallest true difference each would find 80% of the time, at its level.
    // The test's level is 0.0225 (9/10 of the interval's 0.025).
    assert.equal(a!.minimumDetectableDifference!.level, 0.0225);
    assert.equal(a!.minimumDetectableDifference!.discordance, 30 / 198);
    assert.equal(
      a!.minimumDetectableDifference!.difference,
      minimumDetectableDifference(198, 30 / 198, { alpha: 0.0225 }).difference,
    );
    // The smallest margin a not-worse claim is made at 80% of the time when the models are equal,
    // by its definition: over every split of the 30 discordant items (b ~ Binomial(30, ½)), the
    // chance that the interval's lower end is above −margin, just above and just below it.
    const margin = a!.minimumDetectableDifference!.notWorseMargin;
    const claimed = (m: number) => {
      let chance = 0;
      for (let k = 0; k <= 30; k++) {
        const t = { bothRight: 168, onlyFirst: k, onlySecond: 30 - k, bothWrong: 0 };
        if (decisionInterval(t, { alpha: 0.025 }).lower > -m) {
          chance += Math.exp(logChoose(30, k) - 30 * Math.LN2);
        }
      }
      return chance;
    };
    assert.ok(claimed(margin * (1 + 1e-9)) >= 0.8, `at ${margin}: ${claimed(margin * 1.000001)}`);
    assert.ok(claimed(margin * (1 - 1e-9)) < 0.8, `below ${margin}`);
    assert.equal(b!.minimumDetectableDifference!.difference, null); // 2 discordant items
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
      // reference/python/decision.py: [-39.981, -19.055] points (the box: [-44.2, -13.8]).
      /^worse is worse than base: -30\.0 points \[-40\.0, -19\.1\], p < 0\.001 \(the 95% interval is below 0\)$/,
    );
  },
});

Deno.test({
  name: "buildReport edge cases: no discordant pairs, all right, all wrong, one item, none paired",
  permissions: "none",
  fn: async (t) => {
    await t.step("no discordant pairs: p = 1, inconclusive", async () => {
      const same = [...times(30, "match"), ...times(10, "arguments")];
      const c = (await reportOf({ baseline: "b", adapters: ["a"], outcomes: { b: same, a: same } }))
        .comparisons[0]!;
      assert.equal(c.pValue, 1);
      assert.equal(c.pAdjusted, 1);
      assert.equal(c.difference, 0);
      // Not [0, 0]: 40 items that all agree still leave room for a difference of 8.8 points
      // either way (1 − 0.025^(1/40), the one-sided 97.5% bound on the discordance).
      const bound = 1 - 0.025 ** (1 / 40);
      assertClose(c.interval!.upper, bound, 1e-12);
      assertClose(c.interval!.lower, -bound, 1e-12);
      assert.equal(c.outcome, "inconclusive");
      assert.equal(c.minimumDetectableDifference!.difference, null);
      assertClose(c.minimumDetectableDifference!.notWorseMargin, bound, 1e-12);
      assert.equal(c.minimumDetectableDifference!.level, 0.045);
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
      assert.equal(r.comparisons[0]!.outcome, "inconclusive");
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
      assert.equal(c.outcome, "inconclusive");
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
      assert.equal(c.outcome, "inconclusive");
      assert.equal(c.pValue, null);
      assert.equal(c.interval, null);
      assert.equal(c.minimumDetectableDifference, null);
      // The three errors are all the comparison has, and neither way decides it: counted against
      // a, 0 vs 3 discordant (p = 0.25); in its favour, none discordant. The outcome is
      // inconclusive either way, so the verdict must not say they could change it (it did).
      assert.equal(c.errorSensitivity!.errors, 3);
      assert.equal(c.errorSensitivity!.against.outcome, "inconclusive");
      assert.equal(c.errorSensitivity!.favour.outcome, "inconclusive");
      assert.equal(c.errorSensitivity!.couldChange, false);
      assert.equal(
        c.verdict,
        "no conclusion between a and b: no item is scored for both (3 errors counted against a: " +
          "inconclusive, -100.0 points, p = 0.25; in its favour: inconclusive, 0.0 points, " +
          "p = 1: the outcome is the same every way)",
      );
      assert.equal(r.models[1]!.accuracy, null);
      assert.equal(r.models[1]!.errors, 3);
    });
    await t.step("no item paired, errors that could decide it: the verdict says so", async () => {
      const r = await reportOf({
        baseline: "b",
        adapters: ["a"],
        outcomes: { b: times(8, "match"), a: times(8, "error:timeout") },
      });
      const c = r.comparisons[0]!;
      assert.equal(c.items, 0);
      assert.equal(c.outcome, "inconclusive");
      // Against a: 0 vs 8 discordant, p = 2/256, worse; in its favour: none discordant.
      assert.equal(c.errorSensitivity!.against.outcome, "worse");
      assert.equal(c.errorSensitivity!.favour.outcome, "inconclusive");
      assert.equal(c.errorSensitivity!.couldChange, true);
      assert.match(
        c.verdict,
        /^no conclusion between a and b: no item is scored for both \(8 errors counted against a: worse, -100\.0 points, p = 0\.0078; in its favour: inconclusive, .*: no conclusion holds every way\)$/,
      );
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

Deno.test({
  name: "buildReport: disputed items are known from the wrong answers' call fingerprints",
  permissions: "none",
  fn: async () => {
    // Every answer right: none disputed (not "not known").
    const right = await reportOf({
      baseline: "b",
      adapters: ["a"],
      outcomes: { b: times(3, "match"), a: times(3, "match") },
    });
    assert.deepEqual(right.disputedItems, []);
    // Wrong answers without fingerprints (a program's own input): not known.
    const input = await reportInputFromResults(
      resultsFor({ baseline: "b", adapters: ["a"], outcomes: { b: ["no-call"], a: ["no-call"] } })
        .bytes,
      { scorer: xlamToolCall },
    );
    assert.deepEqual(buildReport(input).disputedItems!.map((d) => d.itemId), [0]);
    const bare = new Map(
      [...input.observations].map(([k, v]) => [k, v.map(({ callsHash: _, ...o }) => o)]),
    );
    assert.equal(buildReport({ ...input, observations: bare }).disputedItems, null);
  },
});

/** ln C(n, k), summed: for the tests' small n. */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}
