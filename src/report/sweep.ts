/**
 * A checkpoint sweep: the checkpoints of one training run (adapters with a `step`), their
 * learning curve on the selection items, the one chosen there, and, with `split.confirm`, that one
 * against the baseline on the confirmation items alone, which is the decision.
 *
 * @module
 */

import { buildReport } from "./build_report.ts";
import type { Report, SweepPoint, SweepReport } from "./report.ts";
import type { Observation, ReportInput } from "./report_input.ts";
import { coherentIntervals } from "./stats/decision_interval.ts";
import { wilsonInterval } from "./stats/wilson.ts";

/**
 * The report with its sweep (`Report.sweep`), when the input declares one (`ReportInput.sweep`
 * with at least one checkpoint); else the report as it is.
 *
 * - The curve: each checkpoint, in step order, on the selection items (every item without
 *   `split.confirm`): its accuracy on the items it scored, with a Wilson 95% interval, and its
 *   paired difference with the baseline on the items both scored, with the exact 95% decision
 *   interval of that one comparison.
 * - The choice: the checkpoint with the largest paired difference on the selection items (ties:
 *   the earlier step).
 * - The decision, with `split.confirm`: the chosen checkpoint against the baseline on the
 *   confirmation items alone, built as a report of that one comparison (`buildReport`: the same
 *   interval, outcome rule, margin, guard and error sensitivity; no multiplicity adjustment, since
 *   nothing else is decided on those items), with its selection difference next to its
 *   confirmation difference. Without `split.confirm`, the comparisons stand as `buildReport`
 *   decided them (Holm-adjusted across the adapters) and `warning` says that the best of several
 *   chosen on the items it is reported on is overstated.
 *
 * @param report The report `buildReport` built from `input`.
 * @param input The report's input.
 * @returns The report, with `sweep` when there is one.
 * @throws {RangeError} As `buildReport` does, for the confirmation's input.
 *
 * @example Three checkpoints of rising accuracy, half the items kept to confirm
 * ```ts
 * import { buildReport, type Observation, type ReportInput, withSweep } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const obs = (right: (i: number) => boolean): Observation[] =>
 *   Array.from({ length: 40 }, (_, i) => ({
 *     itemIndex: i, itemId: i, error: null, latencyMs: 1, usage: null,
 *     verdict: { correct: right(i), reason: right(i) ? "match" : "no-call" },
 *   }));
 * const input: ReportInput = {
 *   run: { assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", sessions: 1, splitSeed: "s", items: 40 },
 *   baseline: "base", adapters: ["s1", "s2", "s3"], reasons: ["no-call", "match"],
 *   observations: new Map([
 *     ["base", obs((i) => i < 10)], ["s1", obs((i) => i < 20)],
 *     ["s2", obs((i) => i < 30)], ["s3", obs(() => true)],
 *   ]),
 *   scorer: { name: "x", version: "1", recordedVersion: "1", ordering: "any", toolCallParser: null,
 *     verdicts: "recorded", note: null, selftest: { passed: true, items: 40, by: "run" } },
 *   digests: { config: "c", dataset: "d", split: "s" },
 *   probe: { batchInvariant: "not-required", items: 0, checks: [] },
 *   sweep: {
 *     steps: [{ adapter: "s1", step: 100 }, { adapter: "s2", step: 200 }, { adapter: "s3", step: 300 }],
 *     confirm: { share: 0.5, items: Array.from({ length: 20 }, (_, k) => 2 * k + 1) },
 *   },
 * };
 * const { sweep } = withSweep(buildReport(input), input);
 * assert.equal(sweep!.chosen, "s3");
 * assert.equal(sweep!.selectItems, 20);
 * assert.equal(sweep!.confirmation!.items, 20);
 * assert.equal(sweep!.confirmation!.outcome, "better");
 * ```
 */
export function withSweep(report: Report, input: ReportInput): Report {
  const declared = input.sweep;
  if (declared === undefined || declared.steps.length === 0) return report;
  const confirmIds = new Set(declared.confirm?.items ?? []);
  const selection = (list: readonly Observation[]) => list.filter((o) => !confirmIds.has(o.itemId));
  const base = selection(input.observations.get(input.baseline) ?? []);
  const baseByIndex = new Map(base.map((o) => [o.itemIndex, o]));
  const ordered = [...declared.steps].sort((a, b) => a.step - b.step);
  const points = ordered.map(({ adapter, step }) =>
    point(adapter, step, selection(input.observations.get(adapter) ?? []), baseByIndex)
  );
  let chosen: SweepPoint | null = null;
  for (const p of points) {
    if (p.difference !== null && (chosen === null || p.difference > chosen.difference!)) chosen = p;
  }
  const confirmItems = declared.confirm === null ? 0 : confirmIds.size;
  const selectItems = input.run.items - confirmItems;
  const baseScored = base.filter((o) => o.verdict !== null);
  const baseRight = baseScored.filter((o) => o.verdict!.correct).length;
  const confirmation = chosen === null || declared.confirm === null
    ? null
    : confirmationOf(input, chosen.adapter, confirmIds);
  const sweep: SweepReport = {
    points,
    baseline: {
      name: input.baseline,
      items: baseScored.length,
      accuracy: baseScored.length === 0 ? null : baseRight / baseScored.length,
      interval: baseScored.length === 0 ? null : wilsonInterval(baseRight, baseScored.length),
    },
    chosen: chosen?.adapter ?? null,
    how: howChosen(chosen, input.baseline, selectItems, declared.confirm !== null, confirmItems),
    confirmShare: declared.confirm?.share ?? null,
    selectItems,
    confirmItems,
    confirmation,
    optimism: confirmation === null
      ? null
      : { selection: chosen!.difference, confirmation: confirmation.difference },
    warning: declared.confirm !== null || points.length < 2
      ? null
      : `the best of ${points.length} checkpoints is chosen on the same ${selectItems} items it ` +
        `is reported on, which overstates it (the winner's curse); split.confirm keeps items ` +
        `apart to confirm the choice on`,
  };
  return { ...report, sweep };
}

/** A checkpoint's figures on the selection items. */
function point(
  adapter: string,
  step: number,
  list: readonly Observation[],
  base: ReadonlyMap<number, Observation>,
): SweepPoint {
  let scored = 0;
  let right = 0;
  const t = { bothRight: 0, onlyFirst: 0, onlySecond: 0, bothWrong: 0 };
  for (const o of list) {
    if (o.verdict === null) continue;
    scored++;
    if (o.verdict.correct) right++;
    const b = base.get(o.itemIndex);
    if (b === undefined || b.verdict === null) continue;
    if (o.verdict.correct) b.verdict.correct ? t.bothRight++ : t.onlyFirst++;
    else b.verdict.correct ? t.onlySecond++ : t.bothWrong++;
  }
  const paired = t.bothRight + t.onlyFirst + t.onlySecond + t.bothWrong;
  const decided = coherentIntervals([t])[0] ?? null;
  return {
    adapter,
    step,
    items: paired,
    accuracy: scored === 0 ? null : right / scored,
    accuracyInterval: scored === 0 ? null : wilsonInterval(right, scored),
    difference: decided === null ? null : decided.difference,
    interval: decided === null ? null : {
      lower: decided.lower,
      upper: decided.upper,
      level: decided.level,
      testLevel: decided.testLevel,
    },
  };
}

/** The chosen checkpoint against the baseline on the confirmation items alone. */
function confirmationOf(
  input: ReportInput,
  adapter: string,
  confirmIds: ReadonlySet<number>,
): Report["comparisons"][number] {
  const only = (name: string) =>
    (input.observations.get(name) ?? []).filter((o) => confirmIds.has(o.itemId));
  const { sweep: _sweep, ...rest } = input;
  const report = buildReport({
    ...rest,
    run: { ...input.run, items: confirmIds.size },
    adapters: [adapter],
    observations: new Map([[input.baseline, only(input.baseline)], [adapter, only(adapter)]]),
  });
  return report.comparisons[0]!;
}

/** How the checkpoint was chosen, in a sentence. */
function howChosen(
  chosen: SweepPoint | null,
  baseline: string,
  selectItems: number,
  confirmed: boolean,
  confirmItems: number,
): string {
  if (chosen === null) return `no checkpoint has an item paired with ${baseline} to choose on`;
  const which = `${chosen.adapter} (step ${chosen.step}) is the checkpoint with the largest ` +
    `paired difference from ${baseline} on the ${selectItems} selection items (ties: the earlier ` +
    `step)`;
  return confirmed
    ? `${which}; it is decided on the ${confirmItems} confirmation items alone, which took no ` +
      `part in the choice`
    : `${which}, the items it is reported on`;
}
