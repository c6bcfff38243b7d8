/**
 * A checkpoint sweep: the checkpoints of one training run (adapters with a `step`), their
 * learning curve on the selection items, the one chosen there, and, with `split.confirm`, that one
 * against the baseline on the confirmation items alone, which is the decision.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import { buildReport } from "./build_report.ts";
import { plural, signedPoints } from "./numbers.ts";
import type { ChoiceErrors, ComparisonReport, Report, SweepPoint, SweepReport } from "./report.ts";
import type { ReportInput } from "./report_input.ts";

/**
 * The report with its sweep (`Report.sweep`), when the input declares one (`ReportInput.sweep`
 * with at least one checkpoint); else the report as it is.
 *
 * - The curve: each checkpoint, in step order, on the selection items (every item without
 *   `split.confirm`): its accuracy on the items it scored, with a Wilson 95% interval, and its
 *   paired difference with the baseline on the items both scored, with the exact 95% decision
 *   interval of that one comparison, each built as a report of that one comparison
 *   (`buildReport`), so that the reading `input.scoring` names decides them as it decides the
 *   report's figures.
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
 * import { buildReport } from "./build_report.ts";
 * import type { Observation, ReportInput } from "./report_input.ts";
 * import { withSweep } from "./sweep.ts";
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
  const confirmItems = declared.confirm === null ? 0 : confirmIds.size;
  const selectItems = input.run.items - confirmItems;
  const ordered = [...declared.steps].sort((a, b) => a.step - b.step);
  const onSelection = ordered.map(({ adapter }) =>
    oneComparison(input, adapter, (id) => !confirmIds.has(id), selectItems)
  );
  const points = ordered.map(({ adapter, step }, i) => point(adapter, step, onSelection[i]!));
  let chosen: SweepPoint | null = null;
  for (const p of points) {
    if (p.difference !== null && (chosen === null || p.difference > chosen.difference!)) chosen = p;
  }
  const choiceErrors = chosen === null
    ? null
    : errorsOnChoice(points, onSelection.map((r) => r.comparisons[0]!), points.indexOf(chosen));
  const base = onSelection[0]!.models[0]!;
  const confirmation = chosen === null || declared.confirm === null
    ? null
    : oneComparison(input, chosen.adapter, (id) => confirmIds.has(id), confirmIds.size)
      .comparisons[0]!;
  const sweep: SweepReport = {
    points,
    baseline: {
      name: input.baseline,
      items: base.scored,
      accuracy: base.accuracy,
      interval: base.interval,
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
    choiceErrors,
  };
  return { ...report, sweep };
}

/**
 * Whether errored selection items could change the choice ({@linkcode ChoiceErrors}): each
 * checkpoint's range of differences, from its errored items all counted against it to all in its
 * favour (its difference alone without errors; none without a paired or errored item), each on
 * its own, which may say so of errors that no one way of answering them would turn.
 */
function errorsOnChoice(
  points: readonly SweepPoint[],
  comparisons: readonly ComparisonReport[],
  chosen: number,
): ChoiceErrors | null {
  const range = (c: ComparisonReport) => {
    const s = c.errorSensitivity;
    if (s !== null) {
      return { errors: s.errors, against: s.against.difference, favour: s.favour.difference };
    }
    return c.difference === null
      ? null
      : { errors: 0, against: c.difference, favour: c.difference };
  };
  const own = range(comparisons[chosen]!)!;
  const rivals = points.flatMap((p, i) => {
    const r = range(comparisons[i]!);
    // Points are in step order: an earlier one wins a tie.
    const reaches = r !== null && i !== chosen &&
      (r.favour > own.against || (r.favour === own.against && i < chosen));
    return reaches
      ? [{ adapter: p.adapter, step: p.step, errors: r.errors, favour: r.favour }]
      : [];
  });
  return rivals.length === 0 ? null : { errors: own.errors, against: own.against, rivals };
}

/**
 * One checkpoint against the baseline on some of the items alone (those whose id `keep` holds),
 * as a report of that one comparison: the reading `input.scoring` names decides its figures, the
 * other stands beside them, as in the report itself.
 */
function oneComparison(
  input: ReportInput,
  adapter: string,
  keep: (itemId: ItemId) => boolean,
  items: number,
): Report {
  const only = (name: string) => (input.observations.get(name) ?? []).filter((o) => keep(o.itemId));
  const { sweep: _sweep, ...rest } = input;
  return buildReport({
    ...rest,
    run: { ...input.run, items },
    adapters: [adapter],
    observations: new Map([[input.baseline, only(input.baseline)], [adapter, only(adapter)]]),
  });
}

/** A checkpoint's point of the curve, from its comparison on the selection items alone. */
function point(adapter: string, step: number, alone: Report): SweepPoint {
  const model = alone.models[1]!;
  const c = alone.comparisons[0]!;
  return {
    adapter,
    step,
    items: c.items,
    accuracy: model.accuracy,
    accuracyInterval: model.interval,
    difference: c.difference,
    interval: c.interval,
  };
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

/**
 * What errored selection items could do to a sweep's choice, in a sentence without its full stop
 * (`null` when they cannot): the report's warning and the gate's reason.
 *
 * @param sweep The sweep.
 * @returns The sentence, or `null`.
 */
export function choiceErrorsSentence(sweep: SweepReport): string | null {
  const e = sweep.choiceErrors;
  if (e === null) return null;
  const pts = (v: number) => `${signedPoints(v, 1)} points`;
  const rivals = e.rivals.map((r) =>
    `${r.adapter} (step ${r.step}) reaches ${pts(r.favour)} from ${sweep.baseline.name} with its ` +
    `${plural(r.errors, "errored item")} counted in its favour`
  );
  return `errored selection items could change the checkpoint chosen: ${rivals.join(", ")}, ` +
    `against ${sweep.chosen}'s ${pts(e.against)}` +
    (e.errors === 0
      ? " (none errored)"
      : ` with its ${plural(e.errors, "errored item")} counted against it`);
}
