/**
 * The report's two readings put side by side: the lenient reading's input made from the
 * observations, and one report made of the strict and the lenient figures, the one `-scoring`
 * names deciding. `build_report.ts` builds each reading; this file only makes the second input and
 * joins the two.
 *
 * @module
 */

import { LENIENT_RULES, type LenientRule } from "../score/lenient.ts";
import type { ComparisonReport, ModelReport, Report } from "./report.ts";
import type { Observation, ReportInput } from "./report_input.ts";
import type { LenientAccuracy, ReadingOutcome, ScoringReport } from "./scoring.ts";
import type { ComparisonOutcome } from "./stats/comparison_outcome.ts";
import { conclusionWords } from "./verdict.ts";

/** A comparison as one reading makes it, before the readings are joined. */
export type ReadingComparison = Omit<ComparisonReport, "strict" | "lenient" | "scoringSentence">;

/** A model as one reading makes it, before the readings are joined. */
export type ReadingModel = Omit<ModelReport, "strict" | "lenient">;

/** A report as one reading makes it, before the readings are joined. */
export interface ReadingReport extends Omit<Report, "scoring" | "models" | "comparisons"> {
  /** The models. */
  readonly models: readonly ReadingModel[];
  /** The comparisons. */
  readonly comparisons: readonly ReadingComparison[];
}

/**
 * The input with each verdict replaced by the lenient reading's: a rescued wrong answer becomes a
 * right one (`match`, its calls no longer a candidate for a disputed key). Observations with no
 * lenient verdict keep their own.
 *
 * @param input The report's input, its lenient verdicts made.
 * @returns The lenient reading's input.
 */
export function lenientInput(input: ReportInput): ReportInput {
  const observations = new Map<string, readonly Observation[]>();
  for (const [model, list] of input.observations) {
    observations.set(
      model,
      list.map((o): Observation => {
        if (o.verdict === null || o.verdict.correct || o.lenient?.correct !== true) return o;
        const { callsHash: _wrongCalls, ...rest } = o;
        return { ...rest, verdict: { correct: true, reason: "match" } };
      }),
    );
  }
  return { ...input, observations };
}

/** The items each rule rescued, over a model's observations. */
function rescuedCounts(list: readonly Observation[]): Record<LenientRule, number> {
  const counts = Object.fromEntries(LENIENT_RULES.map((r) => [r, 0])) as Record<
    LenientRule,
    number
  >;
  for (const o of list) {
    if (o.verdict === null || o.verdict.correct || o.lenient?.correct !== true) continue;
    for (const rule of o.lenient.rescued) counts[rule]++;
  }
  return counts;
}

const BETTER = (o: ComparisonOutcome) => o === "better";
const WORSE = (o: ComparisonOutcome) => o === "worse";

/**
 * What it means when the two readings decide differently: `tuned is better only under lenient
 * scoring (strict: no conclusion): the gain is in formatting`.
 */
export function scoringSentence(
  adapter: string,
  strict: ComparisonOutcome,
  lenient: ComparisonOutcome,
): string | null {
  if (strict === lenient) return null;
  const both = `${adapter} is ${conclusionWords(strict)} under strict scoring and ${
    conclusionWords(lenient)
  } under lenient scoring`;
  if (BETTER(lenient) && !BETTER(strict)) {
    return `${adapter} is better only under lenient scoring (strict: ${
      conclusionWords(strict)
    }): the gain is in formatting`;
  }
  if (WORSE(strict) && !WORSE(lenient)) {
    return `${adapter} is worse only under strict scoring (lenient: ${
      conclusionWords(lenient)
    }): the loss is in formatting`;
  }
  if (BETTER(strict) && !BETTER(lenient)) {
    return `${adapter} is better only under strict scoring (lenient: ${
      conclusionWords(lenient)
    }): lenient scoring forgives more of the baseline's answers, so part of the gain is the baseline's formatting`;
  }
  if (WORSE(lenient) && !WORSE(strict)) {
    return `${adapter} is worse only under lenient scoring (strict: ${
      conclusionWords(strict)
    }): lenient scoring forgives more of the baseline's answers, so the baseline's losses were in formatting`;
  }
  return both;
}

/**
 * One report of both readings: the figures and outcomes of the deciding one, each model's and
 * comparison's strict and lenient figures beside them, and a sentence where the outcomes differ.
 *
 * @param input The report's input (its `scoring` and `lenient` facts, its observations).
 * @param strict The strict reading's report.
 * @param lenient The lenient reading's report, or `null` when it was not made.
 * @returns The report.
 * @throws {TypeError} When `input.scoring` is `lenient` and the lenient reading was not made.
 */
export function joinReadings(
  input: ReportInput,
  strict: ReadingReport,
  lenient: ReadingReport | null,
): Report {
  const decides = input.scoring ?? "strict";
  if (decides === "lenient" && lenient === null) {
    throw new TypeError(
      "buildReport: lenient scoring is to decide, and the lenient reading was not made",
    );
  }
  const base = decides === "lenient" ? lenient! : strict;
  const facts = input.lenient;
  const scoring: ScoringReport = facts?.made === true
    ? { decides, rules: LENIENT_RULES, lenient: true, selftest: facts.selftest, note: null }
    : {
      decides,
      rules: [],
      lenient: false,
      selftest: null,
      note: facts?.made === false ? facts.why : null,
    };
  const models: ModelReport[] = base.models.map((m, i) => {
    const s = strict.models[i]!;
    const l = lenient?.models[i];
    const figures: LenientAccuracy | null = l === undefined ? null : {
      correct: l.correct,
      accuracy: l.accuracy,
      rescued: rescuedCounts(input.observations.get(m.name) ?? []),
    };
    return { ...m, strict: { correct: s.correct, accuracy: s.accuracy }, lenient: figures };
  });
  const comparisons: ComparisonReport[] = base.comparisons.map((c, i) => {
    const s = strict.comparisons[i]!;
    const l = lenient?.comparisons[i];
    const reading = (r: ReadingComparison): ReadingOutcome => ({
      difference: r.difference,
      outcome: r.outcome,
    });
    return {
      ...c,
      strict: reading(s),
      lenient: l === undefined ? null : reading(l),
      scoringSentence: l === undefined ? null : scoringSentence(c.adapter, s.outcome, l.outcome),
    };
  });
  return { ...base, models, comparisons, scoring };
}
