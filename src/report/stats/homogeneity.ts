/**
 * A test that a proportion is the same across groups: Pearson's chi-square test on a 2×k table.
 *
 * @module
 */

import { regularizedGammaQ } from "./_gamma.ts";

/** One group's count of successes in its trials. */
export interface ProportionGroup {
  /** The successes, an integer in [0, trials]. */
  readonly successes: number;
  /** The trials, an integer ≥ 0. */
  readonly trials: number;
}

/** The outcome of {@linkcode homogeneityTest}. */
export interface Homogeneity {
  /** Pearson's X² statistic (0 when nothing varies). */
  readonly statistic: number;
  /** The degrees of freedom: the groups with at least one trial, less 1 (0 with fewer than 2). */
  readonly degreesOfFreedom: number;
  /** P(χ² ≥ X²) with that many degrees of freedom (1 when there are none). */
  readonly pValue: number;
  /**
   * The smallest expected count of a cell, n_i·p̂ or n_i·(1 − p̂), over the groups with a trial:
   * the chi-square approximation is trusted when it is at least 5 (Cochran 1954).
   */
  readonly minimumExpected: number;
}

/**
 * Pearson's chi-square test of homogeneity: is the proportion of successes the same in every
 * group? For k groups with x_i successes in n_i trials, X = Σx_i, N = Σn_i and p̂ = X/N,
 *
 * X² = Σ_i (x_i − n_i·p̂)² / (n_i·p̂·(1 − p̂)) = Σ_i (x_i·N − n_i·X)² / (n_i·X·(N − X))
 *
 * the sum over the 2×k table's cells of (observed − expected)²/expected, and under the hypothesis
 * of one common proportion X² is approximately χ² with k − 1 degrees of freedom, so
 *
 * p = Q((k − 1)/2, X²/2)
 *
 * Q the upper regularized incomplete gamma function (series or continued fraction, relative error
 * near 1e-13). No continuity correction is applied (scipy's `chi2_contingency` applies Yates' to a
 * 2×2 table unless told `correction=False`; Yates' correction is conservative and not recommended
 * for a test, Agresti 2013 §3.5.5). The approximation is good when every expected count is at
 * least 5 (`minimumExpected`); below that, say so rather than trust a small p-value.
 *
 * Groups with no trial are left out (they say nothing about the proportion). With fewer than two
 * groups left there is nothing to compare: X² = 0, no degree of freedom, p = 1. When every trial
 * succeeded, or none did, the groups cannot differ: X² = 0, p = 1.
 *
 * @param groups The groups, each with its successes and trials.
 * @returns X², its degrees of freedom, the p-value, and the smallest expected count.
 * @throws {RangeError} When a group's trials is not a non-negative integer or its successes not an
 *   integer from 0 to its trials.
 *
 * @example A baseline's accuracy on three server replicas
 * ```ts
 * import { homogeneityTest } from "./homogeneity.ts";
 * import assert from "node:assert/strict";
 *
 * const t = homogeneityTest([
 *   { successes: 812, trials: 1000 },
 *   { successes: 790, trials: 1000 },
 *   { successes: 761, trials: 1000 },
 * ]);
 * assert.equal(t.degreesOfFreedom, 2);
 * assert.equal(t.statistic.toFixed(3), "7.825"); // scipy: chi2_contingency(…, correction=False)
 * assert.equal(t.pValue.toFixed(4), "0.0200");
 * ```
 */
export function homogeneityTest(groups: readonly ProportionGroup[]): Homogeneity {
  groups.forEach(({ successes, trials }, i) => {
    if (!Number.isSafeInteger(trials) || trials < 0) {
      throw new RangeError(
        `homogeneityTest: group ${i}: trials must be a non-negative integer, not ${trials}`,
      );
    }
    if (!Number.isSafeInteger(successes) || successes < 0 || successes > trials) {
      throw new RangeError(
        `homogeneityTest: group ${i}: successes must be an integer from 0 to ${trials}, not ${successes}`,
      );
    }
  });
  const used = groups.filter((g) => g.trials > 0);
  const N = used.reduce((s, g) => s + g.trials, 0);
  const X = used.reduce((s, g) => s + g.successes, 0);
  let minimumExpected = used.length === 0 ? 0 : Infinity;
  for (const g of used) {
    minimumExpected = Math.min(minimumExpected, (g.trials * Math.min(X, N - X)) / N);
  }
  const degreesOfFreedom = Math.max(0, used.length - 1);
  if (degreesOfFreedom === 0 || X === 0 || X === N) {
    return { statistic: 0, degreesOfFreedom, pValue: 1, minimumExpected };
  }
  let statistic = 0;
  for (const { successes: x, trials: n } of used) {
    const gap = x * N - n * X;
    statistic += (gap * gap) / (n * X * (N - X));
  }
  return {
    statistic,
    degreesOfFreedom,
    pValue: regularizedGammaQ(degreesOfFreedom / 2, statistic / 2),
    minimumExpected,
  };
}
