/**
 * The report's two readings of the same replies, side by side: `xlam-tool-call`'s strict verdicts
 * and its lenient reading's (`reference/scorers.md`, "Lenient scoring"), as each model's and each
 * comparison's figures show them. Types only; `readings.ts` fills them in.
 *
 * @module
 */

import type { ComparisonOutcome } from "./stats/comparison_outcome.ts";
import type { LenientRule } from "../score/lenient.ts";
import type { Scoring } from "./report_input.ts";

/** A model's accuracy under one reading. */
export interface ReadingAccuracy {
  /** Scored items right under the reading. */
  readonly correct: number;
  /** correct / scored, or `null` when nothing was scored. */
  readonly accuracy: number | null;
}

/** A model's accuracy under the lenient reading, and the items each rule rescued. */
export interface LenientAccuracy extends ReadingAccuracy {
  /**
   * Per rule, the scored items wrong under strict scoring and right under lenient scoring that
   * were counted under it (an item that needs both rules is counted under both).
   */
  readonly rescued: Readonly<Record<LenientRule, number>>;
}

/** A comparison under one reading: its difference and outcome. */
export interface ReadingOutcome {
  /** The paired difference in accuracy (a fraction), or `null` with no paired item. */
  readonly difference: number | null;
  /** The outcome the reading's verdicts decide. */
  readonly outcome: ComparisonOutcome;
}

/** Which reading decided a report, and whether the lenient one was made. */
export interface ScoringReport {
  /** The reading whose verdicts the figures and outcomes are: `-scoring`, `strict` by default. */
  readonly decides: Scoring;
  /** The lenient reading's rules, in order (`[]` when it was not made). */
  readonly rules: readonly LenientRule[];
  /** Whether the lenient reading was made. */
  readonly lenient: boolean;
  /** The lenient reading's self-test on the split's items, when it was made. */
  readonly selftest: { readonly passed: boolean; readonly items: number } | null;
  /** Why the lenient reading was not made, or `null`. */
  readonly note: string | null;
}
