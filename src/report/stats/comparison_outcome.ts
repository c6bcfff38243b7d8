/**
 * The outcome of a comparison from its interval and the team's margin: better, not worse, worse,
 * or inconclusive.
 *
 * @module
 */

import type { Interval } from "./interval.ts";

/**
 * What a comparison lets a team conclude about the first model (an adapter) against the second
 * (the baseline).
 *
 * - `better`: the interval is above 0;
 * - `worse`: the interval is below 0;
 * - `not-worse`: neither, and the interval's lower end is above −margin: any loss is smaller than
 *   the margin the team accepts;
 * - `inconclusive`: anything else: the interval holds 0 and reaches −margin or below.
 */
export type ComparisonOutcome = "better" | "not-worse" | "worse" | "inconclusive";

/**
 * The outcome of a comparison, read from an interval for the difference (first minus second) that
 * excludes 0 exactly when the test rejects, such as {@linkcode coherentIntervals}' intervals, and
 * a margin (a fraction: 0.01 is 1 point) that the team declares an acceptable loss.
 *
 * `worse` is decided before `not-worse`: an interval below 0 but above −margin is a real loss,
 * smaller than the margin; calling it "not worse" would hide it. With margin 0, `not-worse` never
 * occurs (its condition is `better`'s).
 *
 * @param interval The interval for the difference.
 * @param margin The largest loss the team accepts, a fraction ≥ 0: 0 when left out.
 * @returns The outcome.
 * @throws {RangeError} When the interval's limits are not numbers with lower ≤ upper, or the margin
 *   is not a finite number ≥ 0.
 *
 * @example
 * ```ts
 * import { comparisonOutcome } from "./comparison_outcome.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(comparisonOutcome({ lower: 0.004, upper: 0.03 }), "better");
 * assert.equal(comparisonOutcome({ lower: -0.004, upper: 0.03 }, 0.01), "not-worse");
 * assert.equal(comparisonOutcome({ lower: -0.004, upper: 0.03 }), "inconclusive");
 * assert.equal(comparisonOutcome({ lower: -0.008, upper: -0.002 }, 0.01), "worse");
 * ```
 */
export function comparisonOutcome(interval: Interval, margin = 0): ComparisonOutcome {
  const { lower, upper } = interval;
  if (!(lower <= upper)) {
    throw new RangeError(
      `comparisonOutcome: the interval must have lower ≤ upper, not [${lower}, ${upper}]`,
    );
  }
  if (!(margin >= 0 && Number.isFinite(margin))) {
    throw new RangeError(`comparisonOutcome: margin must be a number ≥ 0, not ${margin}`);
  }
  if (lower > 0) return "better";
  if (upper < 0) return "worse";
  if (lower > -margin) return "not-worse";
  return "inconclusive";
}

/**
 * The strongest conclusion that holds in every one of several readings of a comparison (such as
 * its errored items left out, counted against the adapter and counted in its favour): `better`
 * when every reading is better; else `not-worse` when every reading is better or not worse; else
 * `worse` when every reading is worse; else `inconclusive`.
 *
 * @param outcomes The readings' outcomes, at least one.
 * @returns The outcome that holds in all of them.
 * @throws {RangeError} When no outcome is given.
 *
 * @example Errors left out: better; against the adapter: not worse; in its favour: better
 * ```ts
 * import { agreedOutcome } from "./comparison_outcome.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(agreedOutcome(["better", "not-worse", "better"]), "not-worse");
 * assert.equal(agreedOutcome(["worse", "worse", "worse"]), "worse");
 * assert.equal(agreedOutcome(["not-worse", "worse", "better"]), "inconclusive");
 * ```
 */
export function agreedOutcome(outcomes: readonly ComparisonOutcome[]): ComparisonOutcome {
  if (outcomes.length === 0) throw new RangeError("agreedOutcome: no outcome is given");
  if (outcomes.every((o) => o === "better")) return "better";
  if (outcomes.every((o) => o === "better" || o === "not-worse")) return "not-worse";
  if (outcomes.every((o) => o === "worse")) return "worse";
  return "inconclusive";
}
