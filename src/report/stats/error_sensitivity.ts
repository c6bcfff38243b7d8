/**
 * How much the items left out for errors could change a comparison: its outcome with every errored
 * item counted against the adapter, and in its favour.
 *
 * @module
 */

import { type ComparisonOutcome, comparisonOutcome } from "./comparison_outcome.ts";
import { decisionInterval } from "./decision_interval.ts";
import type { Interval } from "./interval.ts";
import { mcnemarExactP } from "./mcnemar.ts";
import type { PairedTable } from "./paired_table.ts";

/**
 * The items of a comparison left out of its paired table because one model (or both) has an error
 * instead of a verdict, counted by how the other model did. The first model is the one compared
 * (the adapter), the second the baseline, as in {@linkcode PairedTable}.
 */
export interface ErroredItems {
  /** The first model has an error, the second is right. */
  readonly firstErrorSecondRight: number;
  /** The first model has an error, the second is wrong. */
  readonly firstErrorSecondWrong: number;
  /** The second model has an error, the first is right. */
  readonly secondErrorFirstRight: number;
  /** The second model has an error, the first is wrong. */
  readonly secondErrorFirstWrong: number;
  /** Both have an error. */
  readonly bothError: number;
}

/** A comparison with its errored items counted one way. */
export interface CountedComparison {
  /** The paired table with the errored items in it. */
  readonly table: PairedTable;
  /** The difference of accuracies, first minus second: (b − c)/n. */
  readonly difference: number;
  /** The decision interval for it at the level (see {@linkcode decisionInterval}). */
  readonly interval: Interval;
  /** The exact McNemar p-value. */
  readonly pValue: number;
  /** The outcome at the level and margin. */
  readonly outcome: ComparisonOutcome;
}

/** The outcome of a comparison both ways its errors could go: see {@linkcode errorSensitivity}. */
export interface ErrorSensitivity {
  /** The errored items: the sum of the counts given. */
  readonly errors: number;
  /** Every errored item counted against the first model: it wrong, the second right. */
  readonly against: CountedComparison;
  /** Every errored item counted in the first model's favour: it right, the second wrong. */
  readonly favour: CountedComparison;
  /** Whether the two outcomes differ: then the errors could change the conclusion. */
  readonly differs: boolean;
}

/** Options of {@linkcode errorSensitivity}. */
export interface ErrorSensitivityOptions {
  /** The level the comparison's decision uses (with Holm, its level in the family): 0.05. */
  readonly alpha?: number;
  /** The largest loss the team accepts, a fraction (0.01 is 1 point): 0 when left out. */
  readonly margin?: number;
}

/**
 * A comparison's outcome with the items it leaves out for errors put back, in the two extreme
 * ways: every errored item counted against the first model (an error of the first model counts as
 * wrong, an error of the second as right), and every one in its favour (the reverse). Items where
 * both have an error count too (against: only the second right; in favour: only the first). Each
 * way, the table gets the errored items (so n grows by `errors`), and the outcome is read as the
 * report reads it: the exact McNemar p-value, the decision interval at `alpha`
 * ({@linkcode decisionInterval}), and {@linkcode comparisonOutcome} with the margin.
 *
 * When the two outcomes differ (`differs`), the errors could change the conclusion: the report
 * then concludes only what holds every way (`agreedOutcome`). When both are `better`, every other way
 * of counting the errors gives `better` too (and likewise `worse`): the exact test's p-value falls
 * as b rises or c falls, and the two ways are the largest b with the smallest c and the reverse.
 * `not-worse` has no such guarantee in every corner: adding discordant items raises the bound on
 * the discordance that scales the lower limit, so that limit is not monotone in b; the two extreme ways are the rule, not a
 * bound. The level is held at the one given (with several adapters, the comparison's Holm level),
 * not re-derived from the family with the errors put back.
 *
 * @param table The comparison's paired table: the items both models have a verdict for.
 * @param errored The items left out for errors, by how the other model did.
 * @param options `alpha` (default 0.05), `margin` (default 0).
 * @returns Both ways, and whether their outcomes differ.
 * @throws {RangeError} When a count is not a non-negative integer, the table with its errored
 *   items is empty, or `alpha` or `margin` is out of range.
 *
 * @example An adapter times out on 60 items the baseline gets right
 * ```ts
 * import { errorSensitivity } from "./error_sensitivity.ts";
 * import assert from "node:assert/strict";
 *
 * const s = errorSensitivity(
 *   { bothRight: 1500, onlyFirst: 40, onlySecond: 40, bothWrong: 360 },
 *   {
 *     firstErrorSecondRight: 60,
 *     firstErrorSecondWrong: 0,
 *     secondErrorFirstRight: 0,
 *     secondErrorFirstWrong: 0,
 *     bothError: 0,
 *   },
 * );
 * assert.equal(s.against.difference, -0.03); // -3.0 points
 * assert.ok(s.against.pValue < 0.001);
 * assert.equal(s.against.outcome, "worse");
 * assert.equal(s.favour.outcome, "inconclusive"); // 0.0 points, p = 1
 * assert.equal(s.differs, true);
 * ```
 */
export function errorSensitivity(
  table: PairedTable,
  errored: ErroredItems,
  options: ErrorSensitivityOptions = {},
): ErrorSensitivity {
  const counts = { ...table, ...errored };
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(
        `errorSensitivity: ${name} must be a non-negative integer, not ${value}`,
      );
    }
  }
  const e = errored;
  const against: PairedTable = {
    bothRight: table.bothRight + e.secondErrorFirstRight,
    onlyFirst: table.onlyFirst,
    onlySecond: table.onlySecond + e.firstErrorSecondRight + e.secondErrorFirstWrong +
      e.bothError,
    bothWrong: table.bothWrong + e.firstErrorSecondWrong,
  };
  const favour: PairedTable = {
    bothRight: table.bothRight + e.firstErrorSecondRight,
    onlyFirst: table.onlyFirst + e.firstErrorSecondWrong + e.secondErrorFirstRight + e.bothError,
    onlySecond: table.onlySecond,
    bothWrong: table.bothWrong + e.secondErrorFirstWrong,
  };
  const one = counted(against, options);
  const other = counted(favour, options);
  return {
    errors: e.firstErrorSecondRight + e.firstErrorSecondWrong + e.secondErrorFirstRight +
      e.secondErrorFirstWrong + e.bothError,
    against: one,
    favour: other,
    differs: one.outcome !== other.outcome,
  };
}

function counted(table: PairedTable, options: ErrorSensitivityOptions): CountedComparison {
  const n = table.bothRight + table.onlyFirst + table.onlySecond + table.bothWrong;
  if (n === 0) throw new RangeError("errorSensitivity: the table and its errored items are empty");
  const interval = decisionInterval(table, { alpha: options.alpha ?? 0.05 });
  return {
    table,
    difference: (table.onlyFirst - table.onlySecond) / n,
    interval,
    pValue: mcnemarExactP(table.onlyFirst, table.onlySecond),
    outcome: comparisonOutcome(interval, options.margin ?? 0),
  };
}
