/**
 * Planning with several samples per item: how the variance of a paired difference splits between
 * items and within them, and the smallest true difference a comparison would detect with K samples
 * of n items, so that a team can see what K' more samples or n' more items would buy.
 *
 * @module
 */

import { BET_LEVEL, TRUNCATION } from "./_betting.ts";
import { binomialAtLeast, logBinomialPmf } from "./_binomial.ts";
import { regularizedGammaQ } from "./_gamma.ts";
import { increasingRoot } from "./_root.ts";
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
 * import { differenceVariance } from "./sampled_planning.ts";
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
 * `items` items asked `samples` times each, when the difference rests on a few items changed
 * completely: a share q of the items goes from always wrong to always right (a per-item difference
 * of +1), the others keep differences of standard deviation sd = √(σ²between + σ²within/K) about 0.
 * This is the hardest way for a difference to spread over the items for this interval (the
 * variance it adds, q(1 − q), is the most a one-way change of mean q can add): at this figure the
 * power is about `power` when the difference rests on such items, and higher when it spreads over
 * more of them (reference/report.md, "Several samples per item", gives both measured). The power
 * at q is computed from the interval's capital at 0 with the plug-in bet at the items' variance
 * (on the scale x = (d + 1)/2, v = sd²/4 + q(1 − q)/4, λ = min(√(2·log 40/(n·v)), 3/2)): D ~
 * Binomial(n, q) items changed, each adding log(1 + λ/2) to the log-capital, the n − D others
 * adding about −λ²·sd²/8 each with variance λ²·sd²/4 (normal), the power the chance that the sum
 * passes log(2/α); the figure is the q where it reaches `power` (a bracketing root finder, to
 * 1e-12 of it). With the parts
 * measured on a run of K samples and n items, the same at K' or n' says what more samples or
 * more items would buy: more samples shrink only the within part, more items both.
 *
 * @param parts The variance's parts ({@linkcode differenceVariance}), each at least 0.
 * @param plan The items, samples, level and power.
 * @returns The detectable difference (a share: 0.05 is 5 points); 1 when no difference up to
 *   every item changed is found with that power.
 * @throws {RangeError} When `items` is not a whole number ≥ 2, `samples` not a whole number ≥ 1,
 *   a part is negative, or alpha or power is not in (0, 1).
 *
 * @example Four samples buy less than twice the items when items differ a lot
 * ```ts
 * import { sampledDetectable } from "./sampled_planning.ts";
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
  const sd = Math.sqrt(parts.between + parts.within / samples);
  const gap = (q: number) => concentratedPower(q, sd, items, alpha) - power;
  const top = 1 - 2 ** -40;
  const atTop = gap(top);
  if (atTop < 0) return 1;
  return increasingRoot(gap, [0, top], [-power, atTop], 1e-12);
}

/** Φ(x), the standard normal distribution function: ½·Q(½, x²/2) below 0. */
function normalBelow(x: number): number {
  const tail = 0.5 * regularizedGammaQ(0.5, (x * x) / 2);
  return x < 0 ? tail : 1 - tail;
}

/**
 * The chance that the betting interval's lower end is above 0 when a share q of n items changed
 * completely (+1) and the others' differences have standard deviation `sd` about 0 (see
 * {@linkcode sampledDetectable}): Σ over D of P(Binomial(n, q) = D)·Φ((D·log(1 + λ/2) − (n − D)·
 * λ²sd²/8 − log(2/α))/(λ·sd·√(n − D)/2)), D within 12 standard deviations of nq (and 10 more)
 * (with no spread, the step at 0 instead of Φ); the terms whose Φ is below 1e-19 are left out,
 * and from the first whose Φ is 1 to double precision (z > 9) the binomial tail is taken whole.
 */
function concentratedPower(q: number, sd: number, n: number, alpha: number): number {
  const within = (sd * sd) / 4;
  const variance = within + (q * (1 - q)) / 4;
  const largest = TRUNCATION / 0.5;
  const bet = variance === 0
    ? largest
    : Math.min(Math.sqrt((2 * Math.log(2 / BET_LEVEL)) / (n * variance)), largest);
  const gain = Math.log1p(bet / 2);
  const bound = Math.log(2 / alpha);
  const reach = 12 * Math.sqrt(n * q * (1 - q)) + 10;
  const from = Math.max(0, Math.floor(n * q - reach));
  const to = Math.min(n, Math.ceil(n * q + reach));
  let p = 0;
  for (let d = from; d <= to; d++) {
    const rest = n - d;
    const x = d * gain - (rest * bet * bet * within) / 2 - bound;
    const spread = bet * Math.sqrt(rest * within);
    const z = spread > 0 ? x / spread : x > 0 ? Infinity : -Infinity;
    if (z < -9) continue; // Φ below 1e-19
    if (z > 9) return p + binomialAtLeast(d, n, q); // Φ is 1 from here on (x grows with d)
    p += Math.exp(logBinomialPmf(d, n, q)) * normalBelow(z);
  }
  return p;
}

/**
 * About how many items, each asked `samples` times, would decide a comparison of several samples
 * per item: the fewest n ≥ 2 whose detectable difference ({@linkcode sampledDetectable}, the betting
 * interval's, at n items and K samples, with these variance parts, level and power) is at most
 * `target`, the distance the observed difference must be seen at (its size; with a margin, its
 * distance from −margin when that is larger). The detectable difference shrinks as n grows, so
 * the fewest such n is found by doubling n from 2 until it decides, then bisection between the
 * last two.
 *
 * @param parts The variance's parts ({@linkcode differenceVariance}), each at least 0.
 * @param plan The samples per item, level and power (`items` is not read).
 * @param target The difference to detect, a share (0.05 is 5 points).
 * @param max The most items looked at. Default 1,000,000.
 * @returns The number of items, or `null` when the target is not above 0 or more than `max`
 *   items would be needed.
 * @throws {RangeError} As {@linkcode sampledDetectable}.
 *
 * @example 2 points between items, 0.2 within, 4 samples: 2 points detected with 2,733 items
 * ```ts
 * import { sampledDetectable, sampledItemsToDecide } from "./sampled_planning.ts";
 * import assert from "node:assert/strict";
 *
 * const parts = { between: 0.02, within: 0.2 };
 * const n = sampledItemsToDecide(parts, { items: 2, samples: 4 }, 0.02)!;
 * assert.equal(n, 2733);
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
  let lo = 2; // does not decide
  let hi = 4;
  while (!decides(hi)) {
    if (hi >= max) return null;
    lo = hi;
    hi = Math.min(2 * hi, max);
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (decides(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
