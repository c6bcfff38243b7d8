/**
 * The power of the exact McNemar test, and the smallest true difference it would detect: what "no
 * detectable difference" can and cannot rule out.
 *
 * @module
 */

import { binomialAtLeast, logBinomialPmf } from "./_binomial.ts";
import { increasingRoot } from "./_root.ts";
import { decisionInterval, testLevelOf } from "./decision_interval.ts";
import { mcnemarExactP } from "./mcnemar.ts";

/**
 * How the number of discordant items is modelled under the alternative: drawn afresh
 * (`"binomial"`: Binomial(n, ψ), as in a new run of the same size) or held at ψ·n rounded
 * (`"fixed"`: the test's own conditioning).
 */
export type DiscordantModel = "binomial" | "fixed";

/** Options of {@linkcode mcnemarPower} and {@linkcode minimumDetectableDifference}. */
export interface PowerOptions {
  /** The test's level: a verdict needs p < alpha. 0.05 when left out. */
  readonly alpha?: number;
  /** How the number of discordant items varies: `"binomial"` when left out. */
  readonly discordant?: DiscordantModel;
}

/** Options of {@linkcode minimumDetectableDifference}. */
export interface DetectableDifferenceOptions extends PowerOptions {
  /** The power wanted, in (0, 1): 0.8 when left out. */
  readonly power?: number;
}

/** The smallest true difference a comparison would detect, and the power there. */
export interface DetectableDifference {
  /**
   * The smallest true difference |d| (a fraction: 0.021 is 2.1 points) that the test detects with
   * the power asked for, in either direction; `null` when no difference possible at this
   * discordance (|d| ≤ ψ) reaches that power.
   */
  readonly difference: number | null;
  /**
   * The power at `difference` (the power asked for, to about 1e-9), or, when `difference` is
   * `null`, the most the test can reach: its power at |d| = ψ (0 when ψ is 0).
   */
  readonly power: number;
}

/** The discordant counts N the model puts weight on, each with its weight and critical value. */
interface Plan {
  readonly counts: readonly number[];
  readonly weights: readonly number[];
  /** For each N: the largest k with mcnemarExactP(k, N − k) < alpha, or −1 when there is none. */
  readonly critical: readonly number[];
}

/** Weights below this fraction of the largest are left out (their total is below 1e-13). */
const NEGLIGIBLE = 1e-17;

/**
 * The probability that the exact two-sided McNemar test (p < `alpha`, as
 * {@linkcode mcnemarExactP} computes p) calls the first model better when it is truly better by
 * `difference`, or worse when it is truly worse by −`difference`.
 *
 * The model: each of `items` paired items is discordant with probability ψ = `discordance`, and a
 * discordant item favours the first model with probability π = (1 + d/ψ)/2, so that the true
 * difference of accuracies is ψ·(2π − 1) = d (and |d| ≤ ψ). With N discordant items and X of them
 * favouring the first model, X ~ Binomial(N, π) given N, and
 *
 * power(d) = Σ_N P(N) · P(X ≥ N − k_N | N, π)        for d > 0
 *
 * where k_N is the largest k with mcnemarExactP(k, N − k) < alpha (no term when there is none), and
 * N ~ Binomial(items, ψ) (`discordant: "binomial"`) or N = round(ψ·items) (`"fixed"`). The test's
 * rejection region is symmetric in X ↔ N − X, so power(−d) = power(d): the figure holds for either
 * direction. At d = 0 it is the chance of a verdict either way: the test's size, at most alpha.
 *
 * @param items The paired items n, a positive integer.
 * @param discordance ψ, the share of discordant items, in [0, 1].
 * @param difference d, the true difference of the first model's accuracy over the second's, a
 *   fraction with |d| ≤ ψ.
 * @param options `alpha` (default 0.05); `discordant`: `"binomial"` (default) or `"fixed"`.
 * @returns The power, in [0, 1].
 * @throws {RangeError} When `items` is not a positive integer, `discordance` is not in [0, 1],
 *   |`difference`| exceeds it, or `alpha` is not in (0, 1).
 *
 * @example A 2-point improvement, 2,000 items, 10% of them discordant: found 79% of the time
 * ```ts
 * import { mcnemarPower } from "./detectable_difference.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(mcnemarPower(2000, 0.1, 0.02).toFixed(3), "0.791");
 * assert.equal(mcnemarPower(2000, 0.1, -0.02).toFixed(3), "0.791");
 * ```
 */
export function mcnemarPower(
  items: number,
  discordance: number,
  difference: number,
  options: PowerOptions = {},
): number {
  check("mcnemarPower", items, discordance, options.alpha);
  if (!(Math.abs(difference) <= discordance)) {
    throw new RangeError(
      `mcnemarPower: the difference must be a number from -${discordance} to ${discordance} ` +
        `(at most the discordance), not ${difference}`,
    );
  }
  const plan = makePlan(items, discordance, options);
  if (difference === 0) return 2 * powerAt(plan, 0.5);
  return powerAt(plan, (1 + Math.abs(difference) / discordance) / 2);
}

/**
 * The minimum detectable difference: the smallest true difference (in either direction) that the
 * exact McNemar test at level `alpha` detects with probability `power` (80% by default), for a
 * comparison of `items` paired items of which a share `discordance` are discordant, under the
 * model of {@linkcode mcnemarPower}. The true difference d = ψ·(2π − 1) moves with π, the share
 * of the discordant items that favour the first model, while ψ stays at the given discordance.
 *
 * Power grows with π, so the figure is found by bracketing π in [½, 1] (regula falsi with the
 * Illinois step), to about 1e-12 in π. It takes a few milliseconds at 60,000 items.
 *
 * - With no discordant item (ψ = 0) the model allows no difference at all (|d| ≤ ψ), so none is
 *   detectable: `difference` is `null` with power 0. This is not evidence that the two models are
 *   equal, only that this run cannot say how they differ; {@linkcode detectableDifferenceTable}
 *   gives what the split could detect at plausible discordances.
 * - When even d = ψ (every discordant item favouring one model) does not reach the power, as with
 *   too few discordant items (the exact test at 0.05 needs at least 6), `difference` is `null`.
 *
 * @param items The paired items n, a positive integer.
 * @param discordance ψ, the share of discordant items, (b + c)/n, in [0, 1].
 * @param options `alpha` (default 0.05), `power` (default 0.8), `discordant`: `"binomial"`
 *   (default: the count of discordant items varies as in a new run) or `"fixed"`.
 * @returns The smallest difference, as a fraction, and the power there.
 * @throws {RangeError} When `items` is not a positive integer, `discordance` is not in [0, 1],
 *   or `alpha` or `power` is not in (0, 1).
 *
 * @example 2,000 items, 10% discordant: about 2 points
 * ```ts
 * import { minimumDetectableDifference } from "./detectable_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const { difference } = minimumDetectableDifference(2000, 0.1);
 * assert.equal((difference! * 100).toFixed(2), "2.02");
 * assert.equal(minimumDetectableDifference(2000, 0).difference, null);
 * ```
 */
export function minimumDetectableDifference(
  items: number,
  discordance: number,
  options: DetectableDifferenceOptions = {},
): DetectableDifference {
  check("minimumDetectableDifference", items, discordance, options.alpha);
  const target = options.power ?? 0.8;
  if (!(target > 0 && target < 1)) {
    throw new RangeError(
      `minimumDetectableDifference: power must be a number between 0 and 1, not ${target}`,
    );
  }
  if (discordance === 0) return { difference: null, power: 0 };
  const plan = makePlan(items, discordance, options);
  const most = powerAt(plan, 1);
  if (most < target) return { difference: null, power: most };
  const atHalf = powerAt(plan, 0.5) - target;
  if (atHalf >= 0) return { difference: 0, power: atHalf + target }; // asked for at most alpha/2
  const f = (pi: number) => powerAt(plan, pi) - target;
  const pi = increasingRoot(f, [0.5, 1], [atHalf, most - target], 1e-12);
  return { difference: discordance * (2 * pi - 1), power: powerAt(plan, pi) };
}

/** Options of {@linkcode detectableDifferenceTable}. */
export interface DetectableDifferenceTableOptions {
  /** The comparisons in the family (the adapters): 1 when left out. */
  readonly comparisons?: number;
  /** The family-wise level: 0.05 when left out. */
  readonly alpha?: number;
  /** The power wanted: 0.8 when left out. */
  readonly power?: number;
  /** The discordances to give: [0.05, 0.1, 0.2] when left out. */
  readonly discordances?: readonly number[];
}

/** One row of {@linkcode detectableDifferenceTable}. */
export interface DetectableDifferenceRow {
  /** The share of discordant items assumed. */
  readonly discordance: number;
  /** The level each comparison is tested at: 9/10 of alpha (the test's share), / comparisons. */
  readonly level: number;
  /** The minimum detectable difference (a fraction), or `null` when none is detectable. */
  readonly difference: number | null;
}

/**
 * What a split of `items` items could detect before any request is sent: the minimum detectable
 * difference ({@linkcode minimumDetectableDifference}, discordant items Binomial(n, ψ)) at each
 * assumed discordance, for a family of `comparisons` adapters tested at family-wise level `alpha`.
 *
 * Each comparison is taken at level 0.9·alpha/m ({@linkcode testLevelOf}), the test level of the
 * first step of Holm's procedure in the report's decision: the one a comparison must pass when
 * nothing else is rejected, and so the guarantee a team can plan on (Holm's later steps test at
 * wider levels, so the real figure can only be smaller).
 *
 * @param items The split's held-out items, a positive integer.
 * @param options `comparisons` m (default 1), `alpha` (default 0.05), `power` (default 0.8),
 *   `discordances` (default 0.05, 0.1, 0.2).
 * @returns One row per discordance, in the order given.
 * @throws {RangeError} When `items` or `comparisons` is not a positive integer, or a discordance,
 *   `alpha` or `power` is out of range.
 *
 * @example 2,000 items, two adapters
 * ```ts
 * import { detectableDifferenceTable } from "./detectable_difference.ts";
 * import assert from "node:assert/strict";
 *
 * const rows = detectableDifferenceTable(2000, { comparisons: 2 });
 * assert.deepEqual(rows.map((r) => r.level), [0.0225, 0.0225, 0.0225]);
 * assert.deepEqual(rows.map((r) => (r.difference! * 100).toFixed(1)), ["1.6", "2.2", "3.2"]);
 * ```
 */
export function detectableDifferenceTable(
  items: number,
  options: DetectableDifferenceTableOptions = {},
): DetectableDifferenceRow[] {
  const m = options.comparisons ?? 1;
  if (!Number.isSafeInteger(m) || m < 1) {
    throw new RangeError(
      `detectableDifferenceTable: comparisons must be a positive integer, not ${m}`,
    );
  }
  const level = testLevelOf(options.alpha ?? 0.05) / m;
  return (options.discordances ?? [0.05, 0.1, 0.2]).map((discordance) => ({
    discordance,
    level,
    difference: minimumDetectableDifference(items, discordance, {
      alpha: level,
      ...(options.power === undefined ? {} : { power: options.power }),
    }).difference,
  }));
}

function check(name: string, items: number, discordance: number, alpha = 0.05): void {
  if (!Number.isSafeInteger(items) || items < 1) {
    throw new RangeError(`${name}: items must be a positive integer, not ${items}`);
  }
  if (!(discordance >= 0 && discordance <= 1)) {
    throw new RangeError(`${name}: discordance must be a number from 0 to 1, not ${discordance}`);
  }
  if (!(alpha > 0 && alpha < 1)) {
    throw new RangeError(`${name}: alpha must be a number between 0 and 1, not ${alpha}`);
  }
}

/** The discordant counts with their weights and critical values. */
function makePlan(items: number, discordance: number, options: PowerOptions): Plan {
  const alpha = options.alpha ?? 0.05;
  const counts: number[] = [];
  const weights: number[] = [];
  if ((options.discordant ?? "binomial") === "fixed") {
    counts.push(Math.round(discordance * items));
    weights.push(1);
  } else {
    // From the mode outward, each weight the next one's times a ratio, until negligible.
    const mode = Math.min(items, Math.floor((items + 1) * discordance));
    const top = Math.exp(logBinomialPmf(mode, items, discordance));
    const odds = discordance / (1 - discordance);
    const below: number[] = [];
    let w = top;
    for (let k = mode; k > 0 && w > NEGLIGIBLE * top; k--) {
      w *= (k / (items - k + 1)) / odds;
      below.push(w);
    }
    for (let i = below.length - 1; i >= 0; i--) {
      counts.push(mode - 1 - i);
      weights.push(below[i]!);
    }
    w = top;
    for (let k = mode; k <= items && w > NEGLIGIBLE * top; k++) {
      counts.push(k);
      weights.push(w);
      w *= ((items - k) / (k + 1)) * odds;
    }
  }
  return { counts, weights, critical: criticalValues(counts, alpha) };
}

/**
 * For each count N (ascending, consecutive), the largest k with mcnemarExactP(k, N − k) < alpha,
 * or −1. It never falls and rises by at most 1 from one N to the next, so each is found from the
 * one before with one call, or two when it rises: a k that rejects at N − 1 rejects at N (b = k
 * stays and c grows by one, so P(X_N ≤ k) ≤ P(X_{N−1} ≤ k), X_N being X_{N−1} plus a fair coin;
 * and 2k < N − 1 < N), so only a rise is looked for. (It saves a quarter of an MDD at 60,000
 * items, most of which is these p-values.)
 */
function criticalValues(counts: readonly number[], alpha: number): number[] {
  const rejects = (k: number, n: number) => k >= 0 && 2 * k < n && mcnemarExactP(k, n - k) < alpha;
  const out: number[] = [];
  let k = -1;
  for (const n of counts) {
    if (out.length === 0) k = largestRejecting(n, alpha);
    while (rejects(k + 1, n)) k++;
    out.push(k);
  }
  return out;
}

/** The largest k with mcnemarExactP(k, n − k) < alpha, or −1, by bisection (p grows with k). */
function largestRejecting(n: number, alpha: number): number {
  let lo = -1; // rejects (or −1)
  let hi = Math.ceil(n / 2); // does not reject: p(k, n − k) = 1 once 2k ≥ n
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (mcnemarExactP(mid, n - mid) < alpha) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Tails carried from one count to the next this many times before one is computed afresh. */
const REANCHOR = 64;

/**
 * P(verdict "better") when each discordant item favours the first model with probability pi:
 * Σ_N w_N·P(X_N ≥ t_N), X_N ~ Binomial(N, pi), t_N = N − k_N.
 *
 * The counts are consecutive and t_N rises by 0 or 1 from one to the next, so each tail follows
 * from the one before in a few operations (X_{N+1} = X_N + a Bernoulli(pi)): with f = P(X_N = t),
 *
 * - t stays: P(X_{N+1} ≥ t) = P(X_N ≥ t) + pi·P(X_N = t − 1), P(X_{N+1} = t) = f·(1 − pi)(N + 1)/(N + 1 − t)
 * - t rises: P(X_{N+1} ≥ t + 1) = P(X_N ≥ t) − (1 − pi)·f, P(X_{N+1} = t + 1) = f·pi·(N + 1)/(t + 1)
 *
 * with pi·P(X_N = t − 1) = f·(1 − pi)·t/(N − t + 1). Every REANCHOR counts the tail and f are
 * computed afresh, so the rounding carried stays below 1e-14.
 */
function powerAt(plan: Plan, pi: number): number {
  const { counts, weights, critical } = plan;
  let sum = 0;
  let tail = 0; // P(X_N ≥ t) for the previous count
  let f = 0; // P(X_N = t)
  let t = -1;
  let carried = REANCHOR; // compute afresh at the first count with a critical value
  for (let i = 0; i < counts.length; i++) {
    const k = critical[i]!;
    if (k < 0) continue;
    const n = counts[i]!;
    const next = n - k;
    if (carried >= REANCHOR || i === 0 || critical[i - 1]! < 0) {
      tail = binomialAtLeast(next, n, pi);
      f = Math.exp(logBinomialPmf(next, n, pi));
      carried = 0;
    } else {
      const m = n - 1; // the previous count: X_n = X_m + a Bernoulli(pi)
      if (next === t) {
        tail += f * (1 - pi) * t / (m - t + 1);
        f *= (1 - pi) * n / (n - t);
      } else {
        tail -= (1 - pi) * f;
        f *= pi * n / (t + 1);
      }
      carried++;
    }
    t = next;
    sum += weights[i]! * tail;
  }
  return Math.min(1, Math.max(0, sum));
}

/**
 * The smallest margin a `not-worse` claim would be made at with the given power when the two
 * models are truly equal, with `discordant` of the n items discordant (held at that count): the
 * decision interval's lower limit rises with b, b ~ Binomial(N, ½), so the claim holds with that
 * power exactly when the margin exceeds minus the lower limit at the largest k with
 * P(b ≥ k) ≥ power.
 *
 * @param n The paired items.
 * @param discordant The discordant items among them.
 * @param options The decision interval's level, and the power.
 * @returns The margin, 0 or more.
 */
export function notWorseMargin(
  n: number,
  discordant: number,
  options: { readonly level: number; readonly power: number },
): number {
  const { level, power } = options;
  let lo = 0; // P(b ≥ lo) = 1 ≥ power
  let hi = discordant; // the largest k with P(b ≥ k) ≥ power lies in [lo, hi]
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (binomialAtLeast(mid, discordant, 0.5) >= power) lo = mid;
    else hi = mid - 1;
  }
  const table = {
    bothRight: n - discordant,
    onlyFirst: lo,
    onlySecond: discordant - lo,
    bothWrong: 0,
  };
  return Math.max(0, -decisionInterval(table, { alpha: level }).lower);
}
