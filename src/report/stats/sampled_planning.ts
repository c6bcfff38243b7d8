/**
 * Planning with several samples per item: how the variance of a paired difference splits between
 * items and within them, and the smallest true difference a comparison would detect with K samples
 * of n items, so that a team can see what K' more samples or n' more items would buy.
 *
 * @module
 */

import { BET_LEVEL, TRUNCATION } from "./_betting.ts";
import { studentQuantile } from "./_student_t.ts";
import type { SampledItem } from "./sampled_accuracy.ts";

/** The two parts of the variance of a per-item difference of shares. */
export interface DifferenceVariance {
  /** Items both models answered. */
  readonly items: number;
  /**
   * The within-item variance of a difference of one answer from each model: the mean over items
   * (both answered at least twice) of the two unbiased Bernoulli variances p̂(1 − p̂)·K/(K − 1)
   * added; `null` when no item was.
   */
  readonly within: number | null;
  /**
   * The between-item variance of the true per-item differences: the variance of the observed
   * differences (n − 1 in the denominator) less the mean of each item's within variances over its
   * samples, at least 0; `null` with fewer than two items or no within variance.
   */
  readonly between: number | null;
}

/** Two models' answers on one item. */
export interface SampledPair {
  /** The first model's. */
  readonly first: SampledItem;
  /** The second model's. */
  readonly second: SampledItem;
}

/**
 * The variance of the per-item differences dᵢ = āᵢ − b̄ᵢ split by moments (Miller 2024): Var(dᵢ) =
 * σ²between + (σ²a,i/Ka + σ²b,i/Kb), so σ²between is the variance of the dᵢ less the mean of the
 * items' within parts.
 *
 * @param pairs Each item's answers from both models (items either never answered left out).
 * @returns The parts.
 *
 * @example
 * ```ts
 * import { differenceVariance } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const v = differenceVariance([
 *   { first: { asked: 2, right: 2 }, second: { asked: 2, right: 1 } },
 *   { first: { asked: 2, right: 1 }, second: { asked: 2, right: 1 } },
 * ]);
 * assert.equal(v.within, (0 + 0.5 + 0.5 + 0.5) / 2);
 * ```
 */
export function differenceVariance(pairs: readonly SampledPair[]): DifferenceVariance {
  const d: number[] = [];
  let within = 0;
  let overK = 0;
  let counted = 0;
  for (const { first, second } of pairs) {
    if (first.asked < 1 || second.asked < 1) continue;
    const a = first.right / first.asked;
    const b = second.right / second.asked;
    d.push(a - b);
    if (first.asked >= 2 && second.asked >= 2) {
      const va = (a * (1 - a) * first.asked) / (first.asked - 1);
      const vb = (b * (1 - b) * second.asked) / (second.asked - 1);
      within += va + vb;
      overK += va / first.asked + vb / second.asked;
      counted++;
    }
  }
  if (counted === 0) return { items: d.length, within: null, between: null };
  if (d.length < 2) return { items: d.length, within: within / counted, between: null };
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const variance = d.reduce((s, x) => s + (x - mean) * (x - mean), 0) / (d.length - 1);
  return {
    items: d.length,
    within: within / counted,
    between: Math.max(0, variance - overK / counted),
  };
}

/** What a planned comparison is: its items, samples, level and power. */
export interface SampledPlan {
  /** Items, at least 2. */
  readonly items: number;
  /** Samples per item, at least 1. */
  readonly samples: number;
  /** The two-sided level. Default 0.05. */
  readonly alpha?: number;
  /** The power wanted. Default 0.8. */
  readonly power?: number;
}

/**
 * The smallest true difference of per-item means that the betting interval of
 * `sampledDifference` at `alpha` finds (its lower end above 0) with probability `power`, for
 * `items` items asked `samples` times each: with sd = √(σ²between + σ²within/K), the difference at
 * which the interval's lower end is at 0 on average (see below: 2.72·sd/√n at α = 0.05 when the
 * bets are not truncated, where the t interval's is 1.96·sd/√n; at least about 4.9/n when they are)
 * plus t_power·sd/√n, t_power Student's t quantile on n − 1 degrees of freedom. It holds when the
 * difference is spread over many items; when it rests on a few items changed completely the power
 * at this figure is lower (reference/report.md, "Several samples per item", gives it measured).
 * With the parts measured on a run of K samples and n items, the same formula at K' or n' says
 * what more samples or more items would buy: more samples shrink only the within part, more items
 * both.
 *
 * @param parts The variance's parts ({@linkcode differenceVariance}), each at least 0.
 * @param plan The items, samples, level and power.
 * @returns The detectable difference (a share: 0.05 is 5 points).
 * @throws {RangeError} When `items` is not a whole number ≥ 2, `samples` not a whole number ≥ 1,
 *   a part is negative, or alpha or power is not in (0, 1).
 *
 * @example Four samples buy less than twice the items when items differ a lot
 * ```ts
 * import { sampledDetectable } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const parts = { between: 0.3, within: 0.1 };
 * const now = sampledDetectable(parts, { items: 500, samples: 1 });
 * const moreSamples = sampledDetectable(parts, { items: 500, samples: 4 });
 * const moreItems = sampledDetectable(parts, { items: 1000, samples: 1 });
 * assert.ok(moreSamples < now && moreItems < moreSamples);
 * ```
 */
export function sampledDetectable(
  parts: { readonly between: number; readonly within: number },
  plan: SampledPlan,
): number {
  const { items, samples } = plan;
  const alpha = plan.alpha ?? 0.05;
  const power = plan.power ?? 0.8;
  if (!(Number.isInteger(items) && items >= 2)) {
    throw new RangeError(`sampledDetectable: items must be a whole number ≥ 2, not ${items}`);
  }
  if (!(Number.isInteger(samples) && samples >= 1)) {
    throw new RangeError(`sampledDetectable: samples must be a whole number ≥ 1, not ${samples}`);
  }
  if (!(parts.between >= 0 && parts.within >= 0)) {
    throw new RangeError("sampledDetectable: the variance's parts must be at least 0");
  }
  if (!(alpha > 0 && alpha < 1 && power > 0 && power < 1)) {
    throw new RangeError("sampledDetectable: alpha and power must be between 0 and 1");
  }
  const df = items - 1;
  // t_power, one-sided: the two-sided quantile at 2(1 − power); negative below a power of ½.
  const tPower = power === 0.5
    ? 0
    : Math.sign(power - 0.5) * studentQuantile(2 * Math.min(power, 1 - power), df);
  const sd = Math.sqrt(parts.between + parts.within / samples);
  return bettingDetectable(sd, items, alpha) + (tPower * sd) / Math.sqrt(items);
}

/**
 * The true difference at which the betting interval's lower end is at 0 on average, for n items
 * whose differences have standard deviation `sd`: on the scale x = (d + 1)/2 (σ = sd/2), a bet λ
 * per item gains about nλΔ − nλ²σ²/2 in log-capital over n items at a true mean Δ above the
 * candidate, which must pass log(2/α); the plug-in bet is λ = √(2·log(2/α₀)/(nσ²)), α₀ the
 * level the bets are tuned for, at most c/½ (the truncation near a difference of 0). Untruncated
 * this is (log(2/α) + log(2/α₀))/√(2·log(2/α₀))·σ/√n, √(2·log 40) = 2.72 standard errors at α =
 * 0.05 (the t interval's 1.96); truncated, with few items or little spread, it is at least
 * log(2/α)/(n·c/½): no test valid for every distribution on [−1, 1] can rule out a small share of
 * items at −1 that n items have not shown.
 */
function bettingDetectable(sd: number, n: number, alpha: number): number {
  const sigma = sd / 2;
  const tuned = Math.log(2 / BET_LEVEL);
  const largest = TRUNCATION / 0.5;
  const bet = sigma === 0
    ? largest
    : Math.min(Math.sqrt((2 * tuned) / (n * sigma * sigma)), largest);
  const delta = (Math.log(2 / alpha) + (n * bet * bet * sigma * sigma) / 2) / (n * bet);
  return 2 * delta;
}

/**
 * About how many items, each asked `samples` times, would decide a comparison of several samples
 * per item: the fewest n ≥ 2 whose detectable difference ({@linkcode sampledDetectable}, the betting
 * interval's, at n items and K samples, with these variance parts, level and power) is at most
 * `target`, the distance the observed difference must be seen at (its size; with a margin, its
 * distance from −margin when that is larger). The detectable difference shrinks as n grows (both
 * its betting part and its power part), so the fewest such n is found by bisection.
 *
 * @param parts The variance's parts ({@linkcode differenceVariance}), each at least 0.
 * @param plan The samples per item, level and power (`items` is not read).
 * @param target The difference to detect, a share (0.05 is 5 points).
 * @param max The most items looked at. Default 1,000,000.
 * @returns The number of items, or `null` when the target is not above 0 or more than `max`
 *   items would be needed.
 * @throws {RangeError} As {@linkcode sampledDetectable}.
 *
 * @example 2 points between items, 0.2 within, 4 samples: 2 points detected with 2,216 items
 * ```ts
 * import { sampledDetectable, sampledItemsToDecide } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * const parts = { between: 0.02, within: 0.2 };
 * const n = sampledItemsToDecide(parts, { items: 2, samples: 4 }, 0.02)!;
 * assert.equal(n, 2216);
 * assert.ok(sampledDetectable(parts, { items: n, samples: 4 }) <= 0.02);
 * assert.ok(sampledDetectable(parts, { items: n - 1, samples: 4 }) > 0.02);
 * ```
 */
export function sampledItemsToDecide(
  parts: { readonly between: number; readonly within: number },
  plan: SampledPlan,
  target: number,
  max = 1_000_000,
): number | null {
  if (!(target > 0)) return null;
  const decides = (items: number) => sampledDetectable(parts, { ...plan, items }) <= target;
  if (decides(2)) return 2;
  if (!decides(max)) return null;
  let lo = 2; // does not decide
  let hi = max; // decides
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (decides(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
