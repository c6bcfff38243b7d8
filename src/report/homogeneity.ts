/**
 * Pearson's chi-square test of homogeneity of one proportion across groups: are the groups' rates
 * of success the same? The report runs it on the baseline's accuracy across replicas, whose items
 * the hash assigns at random, so a replica that serves another base model, chat template or
 * adapter set shows as a difference no sampling explains.
 *
 * @module
 */

/** A group's successes out of its trials. */
export interface Proportion {
  /** Successes, from 0 to `trials`. */
  readonly successes: number;
  /** Trials. */
  readonly trials: number;
}

/** What the test found. */
export interface Homogeneity {
  /** Pearson's X² over the groups × {success, failure} table. */
  readonly statistic: number;
  /** Degrees of freedom: the groups with trials, less one. */
  readonly df: number;
  /** P(χ²(df) ≥ statistic): the chance of a spread this large when every group has one rate. */
  readonly pValue: number;
}

/**
 * Pearson's chi-square test of homogeneity (no continuity correction): X² = Σ (O − E)² / E over
 * the k × 2 table of successes and failures, E from the pooled rate, df = k − 1, and the p-value
 * from the chi-square distribution's upper tail. Groups without trials are left out. When the
 * pooled rate is 0 or 1 every group agrees: X² is 0 and p is 1.
 *
 * @param groups Each group's successes and trials.
 * @returns X², its degrees of freedom and the p-value.
 * @throws {RangeError} With fewer than two groups that have trials, or counts that are not whole
 *   numbers with 0 ≤ successes ≤ trials.
 *
 * @example
 * ```ts
 * import { homogeneity } from "./homogeneity.ts";
 * import assert from "node:assert/strict";
 *
 * const same = homogeneity([{ successes: 30, trials: 50 }, { successes: 60, trials: 100 }]);
 * assert.equal(same.statistic, 0);
 * assert.equal(same.pValue, 1);
 * const apart = homogeneity([{ successes: 80, trials: 100 }, { successes: 50, trials: 100 }]);
 * assert.equal(apart.df, 1);
 * assert.ok(apart.pValue < 0.001);
 * ```
 */
export function homogeneity(groups: readonly Proportion[]): Homogeneity {
  for (const g of groups) {
    if (
      !Number.isSafeInteger(g.successes) || !Number.isSafeInteger(g.trials) ||
      g.successes < 0 || g.successes > g.trials
    ) {
      throw new RangeError(
        `homogeneity: ${g.successes} successes of ${g.trials} trials is not a proportion`,
      );
    }
  }
  const used = groups.filter((g) => g.trials > 0);
  if (used.length < 2) {
    throw new RangeError("homogeneity: it needs at least two groups with trials");
  }
  const df = used.length - 1;
  let successes = 0;
  let trials = 0;
  for (const g of used) {
    successes += g.successes;
    trials += g.trials;
  }
  if (successes === 0 || successes === trials) return { statistic: 0, df, pValue: 1 };
  const rate = successes / trials;
  let statistic = 0;
  for (const g of used) {
    const expectedSuccesses = g.trials * rate;
    const expectedFailures = g.trials - expectedSuccesses;
    const d = g.successes - expectedSuccesses;
    // (O − E)² / E for successes, and the same d² for failures (their difference is −d).
    statistic += d * d / expectedSuccesses + d * d / expectedFailures;
  }
  return { statistic, df, pValue: chiSquareTail(statistic, df) };
}

/**
 * The chi-square distribution's upper tail, P(χ²(df) ≥ x): the regularised upper incomplete gamma
 * function Q(df/2, x/2), by its series below a + 1 and its continued fraction above (Numerical
 * Recipes, §6.2), to about 15 significant digits.
 */
function chiSquareTail(x: number, df: number): number {
  if (x <= 0) return 1;
  const a = df / 2;
  const z = x / 2;
  return z < a + 1 ? 1 - lowerSeries(a, z) : upperFraction(a, z);
}

const EPSILON = 1e-16;
const TINY = 1e-300;

/** P(a, z) by its series. */
function lowerSeries(a: number, z: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < 10_000; n++) {
    term *= z / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-z + a * Math.log(z) - logGamma(a));
}

/** Q(a, z) by its continued fraction (modified Lentz). */
function upperFraction(a: number, z: number): number {
  let b = z + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return Math.exp(-z + a * Math.log(z) - logGamma(a)) * h;
}

// Lanczos's approximation (g = 7, 9 coefficients), good to about 15 digits for positive arguments.
const LANCZOS = [
  0.99999999999980993,
  676.5203681218851,
  -1259.1392167224028,
  771.32342877765313,
  -176.61502916214059,
  12.507343278686905,
  -0.13857109526572012,
  9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(a) for a > 0. */
function logGamma(a: number): number {
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const x = a - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}
