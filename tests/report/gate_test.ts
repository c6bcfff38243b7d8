/**
 * The gate (`src/report/gate.ts`): which comparisons it reads, its order of outcomes, and the
 * items that would decide an inconclusive comparison, checked against the Python reference's
 * power (scipy).
 */

import assert from "node:assert/strict";
import { decidedComparisons, gateReport } from "../../src/report/gate.ts";
import { itemsToDecide } from "../../src/report/items_to_decide.ts";
import type { ComparisonReport, Report, SweepReport } from "../../src/report/report.ts";
import {
  agreedOutcome,
  type ComparisonOutcome,
} from "../../src/report/stats/comparison_outcome.ts";
import { reference, skipReason } from "./_python.ts";
import { buildReport } from "../../src/report/build_report.ts";
import { decisionInterval } from "../../src/report/stats/decision_interval.ts";
import { block, pairedInput, rule } from "./_paired_input.ts";

/**
 * A comparison with these fields; an inconclusive one has the items that would decide it at
 * margin 0, as `buildReport` gives them.
 */
function comparison(adapter: string, fields: Partial<ComparisonReport> = {}): ComparisonReport {
  const c = {
    adapter,
    baseline: "base",
    items: 400,
    difference: 0.01,
    outcome: "better",
    errorSensitivity: null,
    guardWorse: [],
    minimumDetectableDifference: {
      difference: 0.05,
      notWorseMargin: 0.04,
      discordance: 0.1,
      level: 0.045,
      power: 0.8,
    },
    ...fields,
  } as ComparisonReport;
  if ("itemsToDecide" in fields) return c;
  return { ...c, itemsToDecide: c.outcome === "inconclusive" ? itemsToDecide(c, 0) : null };
}

/** A report of these comparisons: every pair asked, the self-tests passed, strict scoring. */
function report(
  comparisons: readonly ComparisonReport[],
  more: Partial<Report> & { notAsked?: number; selftest?: boolean } = {},
): Report {
  const { notAsked = 0, selftest = true, ...rest } = more;
  return {
    run: { complete: notAsked === 0 },
    decision: { margin: 0 },
    scoring: { decides: "strict", selftest: null },
    trust: {
      scorer: {
        name: "xlam-tool-call",
        version: "2",
        selftest: { passed: selftest, by: "report" },
      },
      completeness: { pairs: 800, notAsked },
    },
    comparisons,
    ...rest,
  } as unknown as Report;
}

/** Errors whose readings (left out, against the adapter, in its favour) have these outcomes. */
function errors(ways: readonly ComparisonOutcome[]): ComparisonReport["errorSensitivity"] {
  return {
    errors: 3,
    against: { outcome: ways[1] },
    favour: { outcome: ways[2] },
    couldChange: ways.some((o) => o !== ways[0]),
    outcome: agreedOutcome(ways),
  } as ComparisonReport["errorSensitivity"];
}

/** A report of one comparison with errored items, its outcome the one every reading agrees on. */
function erring(ways: readonly ComparisonOutcome[]): Report {
  return report([
    comparison("a", { outcome: agreedOutcome(ways), errorSensitivity: errors(ways) }),
  ]);
}

Deno.test({
  name: "gateReport: undecided, then worse, then inconclusive, then pass",
  permissions: "none",
  fn: async (t) => {
    const cases: [string, Report, string][] = [
      [
        "every comparison better or not worse",
        report([
          comparison("a"),
          comparison("b", { outcome: "not-worse" }),
        ]),
        "pass",
      ],
      [
        "one worse, one inconclusive",
        report([
          comparison("a", { outcome: "inconclusive" }),
          comparison("b", { outcome: "worse" }),
        ]),
        "worse",
      ],
      ["a guarded category worse", report([comparison("a", { guardWorse: ["no-call"] })]), "worse"],
      [
        "one inconclusive",
        report([comparison("a"), comparison("b", { outcome: "inconclusive" })]),
        "inconclusive",
      ],
      [
        "pairs never asked",
        report([comparison("a", { outcome: "worse" })], { notAsked: 1 }),
        "undecided",
      ],
      [
        "errors that could make it inconclusive",
        erring(["better", "inconclusive", "better"]),
        "undecided",
      ],
      // Both readings pass: the errors cannot change the exit code.
      [
        "errors that could only make it not worse",
        erring(["better", "not-worse", "better"]),
        "pass",
      ],
      ["errors, and worse every way", erring(["worse", "worse", "worse"]), "worse"],
      [
        "the re-scoring's self-test failed",
        report([comparison("a")], { selftest: false }),
        "undecided",
      ],
      [
        "the lenient reading decides and failed its self-test",
        report([comparison("a")], {
          scoring: { decides: "lenient", selftest: { passed: false, items: 3 } },
        } as Partial<Report>),
        "undecided",
      ],
      [
        "the lenient reading failed its self-test, and strict scoring decides",
        report([comparison("a")], {
          scoring: { decides: "strict", selftest: { passed: false, items: 3 } },
        } as Partial<Report>),
        "pass",
      ],
      ["no comparison", report([]), "undecided"],
    ];
    for (const [name, r, expected] of cases) {
      await t.step(name, () => assert.equal(gateReport(r).outcome, expected));
    }
    await t.step("the lines say why", () => {
      const gate = gateReport(report([comparison("a", { outcome: "inconclusive" })]));
      assert.equal(gate.summary, "inconclusive: a inconclusive");
      assert.match(gate.details[0]!, /^a: about \d+ paired items would decide it at the observed /);
      assert.equal(
        gateReport(report([comparison("a")], { selftest: false })).summary,
        "undecided: the scorer xlam-tool-call 2 failed its self-test (run now, for the " +
          "re-scoring), so its verdicts are not to be trusted",
      );
      assert.equal(
        gateReport(report([comparison("a")], { notAsked: 2 })).summary,
        "undecided: the run is not finished: 2 of 800 (model, item) pairs were never asked " +
          "(resume it)",
      );
    });
  },
});

Deno.test({
  name: "gateReport: errors make it undecided exactly when their readings' exit codes differ",
  permissions: "none",
  fn: () => {
    const OUTCOMES: ComparisonOutcome[] = ["better", "not-worse", "worse", "inconclusive"];
    const exit = (o: ComparisonOutcome) =>
      o === "better" || o === "not-worse" ? "pass" : o === "worse" ? "worse" : "inconclusive";
    for (const left of OUTCOMES) {
      for (const against of OUTCOMES) {
        for (const favour of OUTCOMES) {
          const ways = [left, against, favour];
          const codes = new Set(ways.map(exit));
          const got = gateReport(erring(ways)).outcome;
          assert.equal(got, codes.size > 1 ? "undecided" : [...codes][0], ways.join(", "));
        }
      }
    }
  },
});

Deno.test({
  name: "decidedComparisons: a sweep's confirmation stands for its checkpoints",
  permissions: "none",
  fn: () => {
    const confirmation = comparison("step-3", { outcome: "inconclusive" });
    const r = report([comparison("other"), comparison("step-1"), comparison("step-3")], {
      sweep: {
        points: [{ adapter: "step-1" }, { adapter: "step-3" }],
        confirmation,
        confirmShare: 0.25,
        choiceErrors: null,
      } as unknown as SweepReport,
    });
    assert.deepEqual(decidedComparisons(r).map((c) => c.adapter), ["other", "step-3"]);
    assert.equal(decidedComparisons(r)[1], confirmation);
    assert.equal(gateReport(r).outcome, "inconclusive");
    assert.equal(
      gateReport(r).summary,
      "inconclusive: other better, step-3 (confirmation) inconclusive",
    );
    // The items that would decide it are confirmation items, a quarter of the held-out items.
    const line = gateReport(r).details[0]!;
    const [, n, held] = line.match(
      /^step-3 \(confirmation\): about (\d+) paired confirmation items would decide it .*; it has 400; split\.confirm keeps 0\.25 of the held-out items apart to confirm on, so split\.size must grow by 1\/0\.25 to give them: about (\d+) held-out items$/,
    )!;
    assert.equal(Number(held), 4 * Number(n));
    const noConfirmation = report(r.comparisons, {
      sweep: { ...r.sweep!, confirmation: null },
    });
    assert.equal(decidedComparisons(noConfirmation).length, 3);
  },
});

Deno.test({
  name: "itemsToDecide: nothing to decide with no discordance or no difference",
  permissions: "none",
  fn: () => {
    const none = comparison("a", { difference: 0 });
    assert.equal(itemsToDecide(none, 0), null);
    // With a margin, a difference of 0 is a distance of one margin from its boundary.
    assert.ok(itemsToDecide(none, 0.02)! > 400);
    const flat = comparison("a", {
      minimumDetectableDifference: {
        ...comparison("a").minimumDetectableDifference!,
        discordance: 0,
      },
    });
    assert.equal(itemsToDecide(flat, 0), null);
  },
});

const skip = await skipReason("the items to decide against Python");

Deno.test({
  name: "itemsToDecide: the power there is 80% or more, and below it one item fewer (Python)",
  ignore: skip !== null,
  fn: async () => {
    const cases = [
      { d: 0.01, psi: 0.1, level: 0.045 },
      { d: -0.02, psi: 0.05, level: 0.045 },
      { d: 0.05, psi: 0.3, level: 0.0225 },
    ];
    for (const { d, psi, level } of cases) {
      const c = comparison("a", {
        difference: d,
        minimumDetectableDifference: {
          difference: null,
          notWorseMargin: 0,
          discordance: psi,
          level,
          power: 0.8,
        },
      });
      const n = itemsToDecide(c, 0)!;
      const [at, before] = (await reference(
        "power",
        [n, n - 1].map((items) => ({
          n: items,
          psi,
          d: Math.abs(d),
          alpha: level,
          model: "binomial",
        })),
      )) as number[];
      assert.ok(at! >= 0.8 - 1e-9, `n ${n}: power ${at}`);
      assert.ok(before! < 0.8, `n ${n - 1}: power ${before}`);
    }
  },
});

Deno.test({
  name:
    "the report's itemsToDecide is the gate's figure: power 80% or more there, below it one item fewer (Python); none when decided",
  ignore: skip !== null,
  fn: async () => {
    // Inconclusive: 26 items, 5 fixed and 3 broken; with a margin of 2 points, 1 fixed and 1
    // broken of 60. Decided: 150 fixed and 30 broken.
    const cases = [
      { blocks: [block(18, true, [true]), block(5, false, [true]), block(3, true, [false])], m: 0 },
      { blocks: [block(58, true, [true]), block(1, false, [true]), block(1, true, [false])], m: 2 },
    ];
    for (const { blocks, m } of cases) {
      const built = buildReport(pairedInput(blocks, rule(m)));
      const c = built.comparisons[0]!;
      assert.equal(c.outcome, "inconclusive");
      const n = c.itemsToDecide!;
      assert.ok(n > c.items, `${n} items`);
      // The gate's line says the report's figure.
      assert.match(gateReport(built).details[0]!, new RegExp(`: about ${n} paired items would `));
      const mdd = c.minimumDetectableDifference!;
      const d = Math.max(Math.abs(c.difference!), m > 0 ? c.difference! + m / 100 : 0);
      const [at, before] = (await reference(
        "power",
        [n, n - 1].map((items) => ({
          n: items,
          psi: mdd.discordance,
          d,
          alpha: mdd.level,
          model: "binomial",
        })),
      )) as number[];
      assert.ok(at! >= 0.8 - 1e-9, `n ${n}: power ${at}`);
      assert.ok(before! < 0.8, `n ${n - 1}: power ${before}`);
    }
    const decided = buildReport(
      pairedInput([block(150, true, [true]), block(40, false, [true]), block(10, true, [false])]),
    );
    assert.equal(decided.comparisons[0]!.outcome, "better");
    assert.equal(decided.comparisons[0]!.itemsToDecide, null);
  },
});

Deno.test({
  name: "itemsToDecide: with a margin and no discordant item, the items whose interval would lie " +
    "above -margin (a number, not 'no number of items would decide it')",
  permissions: "none",
  fn: () => {
    // 60 items both models get right, with replies of their own: 0.0 points, inconclusive at a
    // margin of 3 points; about 200 such items give an interval above -3 points.
    const report = buildReport(pairedInput([block(60, true, [true])], rule(3)));
    const c = report.comparisons[0]!;
    assert.equal(c.outcome, "inconclusive");
    assert.equal(c.minimumDetectableDifference!.discordance, 0);
    const n = c.itemsToDecide!;
    assert.ok(n !== null, "a number of items");
    const lowerAt = (items: number) =>
      decisionInterval(
        { bothRight: items, onlyFirst: 0, onlySecond: 0, bothWrong: 0 },
        { alpha: c.interval!.level },
      ).lower;
    assert.ok(lowerAt(n) > -0.03 && lowerAt(n - 1) <= -0.03, `${n}`);
    // Built with those items, the comparison is not-worse.
    const more = buildReport(pairedInput([block(n, true, [true])], rule(3)));
    assert.equal(more.comparisons[0]!.outcome, "not-worse");
    const fewer = buildReport(pairedInput([block(n - 1, true, [true])], rule(3)));
    assert.equal(fewer.comparisons[0]!.outcome, "inconclusive");
    assert.match(gateReport(report).details[0]!, new RegExp(`^tuned-0: about ${n} paired items`));
    // Replies identical to the baseline's keep it inconclusive whatever the items.
    const same = buildReport(pairedInput([block(60, true, [true], { identical: true })], rule(3)));
    assert.equal(same.comparisons[0]!.outcome, "inconclusive");
    assert.equal(same.comparisons[0]!.itemsToDecide, null);
    // Without a margin, nothing decides a difference of 0.
    assert.equal(
      buildReport(pairedInput([block(60, true, [true])], rule(0))).comparisons[0]!
        .itemsToDecide,
      null,
    );
  },
});
