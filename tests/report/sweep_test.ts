/**
 * `withSweep` (`src/report/sweep.ts`): the curve counted again by hand on the selection items, the
 * choice and its ties, the confirmation as a family of one on the other items, the warning, and a
 * report without a sweep left as it is.
 */

import assert from "node:assert/strict";
import { buildReport } from "../../src/report/build_report.ts";
import type { Observation, ReportInput } from "../../src/report/report_input.ts";
import { withSweep } from "../../src/report/sweep.ts";
import { decisionInterval } from "../../src/report/stats/decision_interval.ts";
import { modelsInput } from "./_paired_input.ts";
import { gateReport } from "../../src/report/gate.ts";
import { renderHtml } from "../../src/report/render/html.ts";
import { renderMarkdown } from "../../src/report/render/markdown.ts";
import { renderText } from "../../src/report/render/text.ts";

const N = 40;

/** A model's outcomes: right where `right(i)`, an error where `error(i)`. */
function obs(right: (i: number) => boolean, error: (i: number) => boolean = () => false) {
  return Array.from({ length: N }, (_, i): Observation => ({
    itemIndex: i,
    itemId: 1000 + i,
    latencyMs: 1,
    usage: null,
    error: error(i) ? "timeout" : null,
    verdict: error(i) ? null : { correct: right(i), reason: right(i) ? "match" : "no-call" },
  }));
}

function input(
  models: Record<string, Observation[]>,
  sweep: ReportInput["sweep"],
  more: Partial<ReportInput> = {},
): ReportInput {
  return modelsInput(models, N, { ...(sweep === undefined ? {} : { sweep }), ...more });
}

// Items 1000..1019 are selection items, 1020..1039 confirmation items.
const CONFIRM = { share: 0.5, items: Array.from({ length: 20 }, (_, k) => 1020 + k) };

Deno.test({
  name: "withSweep: each point counted on the selection items, errors left out",
  permissions: "none",
  fn: () => {
    const models = {
      base: obs((i) => i % 3 === 0),
      early: obs((i) => i % 2 === 0, (i) => i === 4),
      late: obs((i) => i % 5 !== 0),
    };
    const given = input(models, {
      steps: [{ adapter: "late", step: 20 }, { adapter: "early", step: 10 }],
      confirm: CONFIRM,
    });
    const { sweep } = withSweep(buildReport(given), given);
    assert.deepEqual(sweep!.points.map((p) => p.step), [10, 20]);
    for (const p of sweep!.points) {
      const own = models[p.adapter as "early" | "late"].slice(0, 20);
      const base = models.base.slice(0, 20);
      const scored = own.filter((o) => o.verdict !== null);
      assert.equal(p.accuracy, scored.filter((o) => o.verdict!.correct).length / scored.length);
      let b = 0;
      let c = 0;
      let n = 0;
      own.forEach((o, i) => {
        if (o.verdict === null) return;
        n++;
        if (o.verdict.correct && !base[i]!.verdict!.correct) b++;
        if (!o.verdict.correct && base[i]!.verdict!.correct) c++;
      });
      assert.equal(p.items, n);
      assert.equal(p.difference, (b - c) / n);
      const expected = decisionInterval({
        bothRight: 0,
        onlyFirst: b,
        onlySecond: c,
        bothWrong: n - b - c,
      }, { alpha: 0.05 });
      assert.equal(p.interval!.lower, expected.lower);
      assert.equal(p.interval!.upper, expected.upper);
      assert.equal(p.interval!.level, 0.05);
    }
    assert.equal(sweep!.selectItems, 20);
    assert.equal(sweep!.confirmItems, 20);
    assert.equal(sweep!.baseline.items, 20);
    assert.equal(sweep!.baseline.accuracy, 7 / 20);
  },
});

Deno.test({
  name: "withSweep: the largest difference is chosen, the earlier step of two equal",
  permissions: "none",
  fn: () => {
    const same = obs((i) => i % 2 === 0);
    const given = input({ base: obs(() => false), a: same, b: same, c: obs((i) => i < 5) }, {
      steps: [{ adapter: "b", step: 300 }, { adapter: "a", step: 200 }, {
        adapter: "c",
        step: 100,
      }],
      confirm: CONFIRM,
    });
    const { sweep } = withSweep(buildReport(given), given);
    assert.equal(sweep!.chosen, "a");
    assert.match(
      sweep!.how,
      /^a \(step 200\) is the checkpoint with the largest paired difference/,
    );
  },
});

Deno.test({
  name: "withSweep: the confirmation is the chosen checkpoint on the confirmation items alone",
  permissions: "none",
  fn: () => {
    const models = {
      base: obs((i) => i % 4 === 0),
      s1: obs((i) => i < 10 || i % 4 === 0),
      s2: obs((i) => i < 20 || i % 2 === 0),
    };
    const given = input(models, {
      steps: [{ adapter: "s1", step: 1 }, { adapter: "s2", step: 2 }],
      confirm: CONFIRM,
    });
    const report = buildReport(given);
    const { sweep } = withSweep(report, given);
    const c = sweep!.confirmation!;
    assert.equal(c.adapter, "s2");
    assert.equal(c.items, 20);
    // Items 20..39: s2 right on the even ones, base on those divisible by 4.
    assert.deepEqual(c.table, { bothRight: 5, onlyAdapter: 5, onlyBaseline: 0, bothWrong: 10 });
    assert.equal(c.difference, 5 / 20);
    assert.equal(c.interval!.level, 0.05, "a family of one");
    const alone = decisionInterval({ bothRight: 5, onlyFirst: 5, onlySecond: 0, bothWrong: 10 }, {
      alpha: 0.05,
    });
    assert.equal(c.interval!.lower, alone.lower);
    assert.deepEqual(c.discordant.fixed, [1022, 1026, 1030, 1034, 1038]);
    assert.deepEqual(sweep!.optimism, {
      selection: sweep!.points[1]!.difference,
      confirmation: 5 / 20,
    });
    assert.equal(sweep!.warning, null);
    // The report's own comparisons are left as buildReport made them.
    assert.deepEqual(withSweep(report, given).comparisons, report.comparisons);
  },
});

Deno.test({
  name:
    "withSweep: without split.confirm, no confirmation and, for two checkpoints or more, a warning",
  permissions: "none",
  fn: () => {
    const models = { base: obs((i) => i < 10), s1: obs((i) => i < 20), s2: obs((i) => i < 30) };
    const two = input(models, {
      steps: [{ adapter: "s1", step: 1 }, { adapter: "s2", step: 2 }],
      confirm: null,
    });
    const { sweep } = withSweep(buildReport(two), two);
    assert.equal(sweep!.selectItems, N);
    assert.equal(sweep!.confirmItems, 0);
    assert.equal(sweep!.confirmation, null);
    assert.equal(sweep!.optimism, null);
    assert.match(sweep!.warning!, /^the best of 2 checkpoints is chosen on the same 40 items/);
    const one = input(models, { steps: [{ adapter: "s1", step: 1 }], confirm: null });
    assert.equal(withSweep(buildReport(one), one).sweep!.warning, null);
  },
});

Deno.test({
  name: "withSweep: a report without a sweep is the same value",
  permissions: "none",
  fn: () => {
    const plain = input({ base: obs((i) => i < 10), s1: obs((i) => i < 20) }, undefined);
    const report = buildReport(plain);
    assert.equal(withSweep(report, plain), report);
    const empty = { ...plain, sweep: { steps: [], confirm: null } };
    assert.equal(withSweep(report, empty), report);
  },
});

Deno.test({
  name: "withSweep: -scoring lenient draws, chooses and confirms on the lenient verdicts",
  permissions: "none",
  fn: () => {
    /** Right where `right(i)`; else wrong, and rescued by the lenient reading where `rescued(i)`. */
    const read = (right: (i: number) => boolean, rescued: (i: number) => boolean = () => false) =>
      obs(right).map((o, i): Observation => {
        const saved = !right(i) && rescued(i);
        return {
          ...o,
          verdict: right(i) ? o.verdict : { correct: false, reason: "arguments" },
          lenient: { correct: right(i) || saved, rescued: saved ? ["string-form"] : [] },
        };
      });
    // Strict: s1 fixes 9 of the 20 selection items, s2 none (it is the baseline); lenient: s2 is
    // right on every item, 15 fixed of 20, s1 as strict.
    const models = {
      base: read((i) => i % 4 === 0),
      s1: read((i) => i < 12 || i % 4 === 0),
      s2: read((i) => i % 4 === 0, () => true),
    };
    const steps = [{ adapter: "s1", step: 1 }, { adapter: "s2", step: 2 }];
    const made = { made: true as const, selftest: { passed: true, items: N } };
    const sweepOf = (scoring: "strict" | "lenient") => {
      const given = input(models, { steps, confirm: CONFIRM }, { lenient: made, scoring });
      return withSweep(buildReport(given), given).sweep!;
    };
    const strict = sweepOf("strict");
    assert.equal(strict.chosen, "s1");
    assert.deepEqual(strict.points.map((p) => p.difference), [9 / 20, 0]);
    assert.equal(strict.baseline.accuracy, 5 / 20);

    const lenient = sweepOf("lenient");
    assert.deepEqual(lenient.points.map((p) => p.difference), [9 / 20, 15 / 20]);
    assert.deepEqual(lenient.points.map((p) => p.accuracy), [14 / 20, 1]);
    assert.equal(lenient.baseline.accuracy, 5 / 20);
    assert.equal(lenient.chosen, "s2");
    const c = lenient.confirmation!;
    assert.equal(c.adapter, "s2");
    // Items 20..39: the lenient reading fixes the 15 the baseline gets wrong; strict, none.
    assert.equal(c.difference, 15 / 20);
    assert.equal(c.outcome, "better");
    assert.deepEqual(c.strict, { difference: 0, outcome: "inconclusive" });
    assert.deepEqual(c.lenient, { difference: 15 / 20, outcome: "better" });
    assert.deepEqual(lenient.optimism, { selection: 15 / 20, confirmation: 15 / 20 });
  },
});

Deno.test({
  name: "a sweep's inconclusive confirmation says, in every format, how many items would decide " +
    "it, as assess report -gate does",
  permissions: "none",
  fn: () => {
    // s1 is right on every item but 3 confirmation items, where the baseline is right: the
    // confirmation is -15 points on 20 items, inconclusive.
    const models = { base: obs(() => true), s1: obs((i) => ![21, 25, 30].includes(i)) };
    const given = input(models, { steps: [{ adapter: "s1", step: 1 }], confirm: CONFIRM });
    const report = withSweep(buildReport(given), given);
    const confirmation = report.sweep!.confirmation!;
    assert.equal(confirmation.outcome, "inconclusive");
    assert.ok(confirmation.itemsToDecide !== null);
    const line = gateReport(report).details.find((d) => d.startsWith("s1 (confirmation): "))!;
    const sentence = line.slice("s1 (confirmation): ".length);
    assert.match(
      sentence,
      /^about \d+ paired confirmation items would decide it .* held-out items$/,
    );
    const flat = (text: string) => text.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    for (
      const [format, rendered] of [
        ["text", renderText(report)],
        ["markdown", renderMarkdown(report)],
        ["html", renderHtml(report)],
      ]
    ) {
      assert.ok(flat(rendered!).includes(`About ${sentence.slice("about ".length)}.`), format);
    }
  },
});
