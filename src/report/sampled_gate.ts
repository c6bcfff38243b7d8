/**
 * The gate of a report of several samples per item (`assess report -gate` when
 * `sampling.samples` is above 1): its comparisons' outcomes read as one decision, as for one
 * sample (`gate.ts`).
 *
 * @module
 */

import { type Gate, gateOutcome } from "./gate.ts";
import { MAX_ITEMS_TO_DECIDE } from "./items_to_decide.ts";
import { points } from "./numbers.ts";
import type { SampledComparison, SampledReport } from "./sampled_report.ts";

/** The outcomes that pass. */
const PASSING = new Set(["better", "not-worse"]);

/**
 * Why a sampled report cannot be decided, a line each (none when it can): the scorer whose
 * verdicts are counted failed its self-test, or the lenient reading decides and failed its own;
 * samples were never asked; or a comparison's errored samples could change its outcome (counted
 * against the adapter or in its favour it is another one) and the three outcomes do not all pass.
 */
function undecidedBecause(report: SampledReport): string[] {
  const why: string[] = [];
  const scorer = report.scorer;
  if (!scorer.selftest.passed) {
    why.push(
      `the scorer ${scorer.name} ${scorer.version} failed its self-test ` +
        `(${scorer.selftest.by === "report" ? "run now, for the re-scoring" : "by the run"}), ` +
        `so its verdicts are not to be trusted`,
    );
  }
  const lenient = report.scoring.lenient;
  if (report.scoring.decides === "lenient" && lenient.made && !lenient.selftest.passed) {
    why.push("the lenient reading, which decides (-scoring lenient), failed its self-test");
  }
  const notAsked = report.models.reduce((s, m) => s + m.notAsked, 0);
  if (notAsked > 0) {
    const all = report.models.length * report.header.split.size * report.samples;
    why.push(
      `the run is not finished: ${notAsked} of ${all} (model, item, sample) answers were never ` +
        `asked (resume it)`,
    );
  }
  for (const c of report.comparisons) {
    const s = c.errorSensitivity;
    if (s === null || !s.couldChange) continue;
    if ([c.outcome, s.against.outcome, s.favour.outcome].every((o) => PASSING.has(o))) continue;
    why.push(
      `the ${s.errors} errored samples of ${c.adapter} could change its outcome ` +
        `(${s.against.outcome} counted against it, ${s.favour.outcome} in its favour)`,
    );
  }
  return why;
}

/**
/**
 * How many items would decide an inconclusive comparison of several samples per item, from its
 * figure (`SampledComparison.itemsToDecide`): `about 180 items, each asked 4 times, would decide
 * it, with 80% power; it has 40`, or `no number of items up to 1,000,000 would decide it`; when too
 * few items differ to conclude anything (`tooFewDiffer`), no number (the spread it would be read
 * at rests on those few items, and is 0 when none differs): `too few items differ (0 of 20) to say
 * how many items would decide it`. The gate's line and every format of the report say it so.
 *
 * @param c An inconclusive comparison whose variance's parts are known.
 * @param samples The samples per item, K.
 * @returns The sentence, without a capital or a full stop.
 *
 * @example
 * ```ts
 * import { sampledToDecideSentence } from "./sampled_gate.ts";
 * import type { SampledComparison } from "./sampled_figures.ts";
 * import assert from "node:assert/strict";
 *
 * const c = { items: 40, itemsToDecide: 180, differingItems: 12, tooFewDiffer: false };
 * assert.equal(
 *   sampledToDecideSentence(c as unknown as SampledComparison, 4),
 *   "about 180 items, each asked 4 times, would decide it, with 80% power; it has 40",
 * );
 * const few = { items: 20, itemsToDecide: null, differingItems: 0, tooFewDiffer: true };
 * assert.equal(
 *   sampledToDecideSentence(few as unknown as SampledComparison, 4),
 *   "too few items differ (0 of 20) to say how many items would decide it",
 * );
 * ```
 */
export function sampledToDecideSentence(
  c: Pick<SampledComparison, "items" | "itemsToDecide" | "differingItems" | "tooFewDiffer">,
  samples: number,
): string {
  if (c.tooFewDiffer) {
    return `too few items differ (${c.differingItems} of ${c.items}) to say how many items ` +
      `would decide it`;
  }
  return c.itemsToDecide === null
    ? `no number of items up to ${MAX_ITEMS_TO_DECIDE.toLocaleString("en")} would decide it`
    : `about ${c.itemsToDecide} items, each asked ${samples} times, would decide it, with 80% ` +
      `power; it has ${c.items}`;
}

/**
 * A detectable difference of several samples per item, in points with one decimal, or `none` at
 * 100 points or more: no mean difference of shares is larger, so nothing is found.
 *
 * @param difference The detectable difference, a share (0.05 is 5 points).
 * @returns `5.0`, or `none`.
 */
export function detectableText(difference: number): string {
  return difference >= 1 ? "none" : points(difference, 1);
}

/**
 * What more samples or items would detect, and how many items would decide it, for an
 * inconclusive comparison; first, when too few items differ to conclude anything, that it is so.
 */
function toDecide(c: SampledComparison, samples: number): string {
  const few = c.tooFewDiffer
    ? `no conclusion: too few items differ (${c.differingItems} of ${c.items}; even all of them ` +
      `one way would decide nothing at level ${c.interval.level}); `
    : "";
  const mdd = c.minimumDetectableDifference;
  if (mdd === null) {
    return `${c.adapter}: ${few}too few items answered twice to plan more samples`;
  }
  const detects = mdd.difference >= 1 ? "none" : `${points(mdd.difference, 1)} points`;
  const spread = mdd.difference >= 1 ? "" : " if it rests on a few items changed completely";
  return `${c.adapter}: ${few}detects ${detects} with power 0.8 over ` +
    `${c.items} items${spread}; twice the samples would detect ${
      detectableText(mdd.withTwiceTheSamples)
    }, ` +
    `twice the items ${detectableText(mdd.withTwiceTheItems)}; ${
      sampledToDecideSentence(c, samples)
    }`;
}

/**
 * Reads a report of several samples per item as one decision (`GateOutcome`), as
 * `gateReport` reads one of one sample: `undecided` when the verdicts' scorer failed its
 * self-test, samples were never asked, or a comparison's errored samples could change the exit
 * code; then `worse` when a comparison is `worse` or has a guarded category that is; then
 * `inconclusive`, each (first saying so when too few items differ to conclude anything) with what
 * twice the samples or twice the items would detect and how many items would decide it; else
 * `pass`.
 *
 * @param report The report.
 * @returns The outcome, its summary and its details.
 *
 * @example
 * ```ts
 * import { gateSampledReport } from "./sampled_gate.ts";
 * import type { SampledReport } from "./sampled_report.ts";
 * import assert from "node:assert/strict";
 *
 * const report = {
 *   samples: 4, header: { split: { size: 10 } },
 *   scorer: { selftest: { passed: true } }, scoring: { decides: "strict", lenient: { made: false } },
 *   models: [{ notAsked: 0 }, { notAsked: 0 }],
 *   comparisons: [{ adapter: "tuned", outcome: "worse", guardWorse: [], errorSensitivity: null }],
 * } as unknown as SampledReport;
 * assert.equal(gateSampledReport(report).outcome, "worse");
 * ```
 */
export function gateSampledReport(report: SampledReport): Gate {
  return gateOutcome(
    report.comparisons,
    undecidedBecause(report),
    (c) => c.adapter,
    (c) => toDecide(c, report.samples),
  );
}
