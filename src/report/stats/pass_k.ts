/**
 * pass@k and pass^k of a model whose items were asked several times: the share of items on which
 * at least one of k answers is right (the unbiased estimator of Chen et al. 2021), and on which all
 * k are (τ-bench's pass^k), each averaged over items with an interval from the per-item values.
 *
 * @module
 */

import { bettingInterval } from "./_betting.ts";
import type { Interval } from "./interval.ts";
import type { SampledItem } from "./sampled_accuracy.ts";

/** pass@k and pass^k for one k. */
export interface PassAtK {
  /** How many answers of an item are drawn. */
  readonly k: number;
  /** Items counted: those with at least k answers. */
  readonly items: number;
  /** The mean over items of 1 − C(n − c, k)/C(n, k): at least one of k right. */
  readonly passAt: number;
  /** Its betting interval from the per-item values, in [0, 1]. */
  readonly passAtInterval: Interval;
  /** The mean over items of C(c, k)/C(n, k): all k right. */
  readonly passAll: number;
  /** Its betting interval from the per-item values, in [0, 1]. */
  readonly passAllInterval: Interval;
}

/** Options of {@linkcode passK}. */
export interface PassKOptions {
  /** The intervals' level: 1 − level is their coverage. Default 0.05. */
  readonly level?: number;
}

/** C(a, k)/C(n, k), the chance that k of n drawn without replacement all fall among a. */
function allAmong(a: number, n: number, k: number): number {
  let ratio = 1;
  for (let j = 0; j < k; j++) {
    if (a - j <= 0) return 0;
    ratio *= (a - j) / (n - j);
  }
  return ratio;
}

/**
 * pass@k and pass^k for k = 1 to `samples`: for an item with n answers of which c are right,
 * pass@k is 1 − C(n − c, k)/C(n, k) and pass^k is C(c, k)/C(n, k) (k answers drawn from its n
 * without replacement); each is averaged over the items with at least k answers, with the
 * betting interval of a mean on [0, 1] from the per-item values, as for the accuracy: each item's
 * value is an unbiased estimate of its chance, in [0, 1], so the interval covers the population's
 * pass@k (pass^k) at its level whatever the items, and never has no width. pass@1 = pass^1 = the
 * accuracy.
 *
 * @param items Each item's answered and right samples.
 * @param samples `sampling.samples`: the largest k.
 * @param options The level.
 * @returns One entry per k, k ascending.
 * @throws {RangeError} When `samples` is not a whole number from 1 to 64.
 *
 * @example
 * ```ts
 * import { passK } from "./pass_k.ts";
 * import assert from "node:assert/strict";
 *
 * const [one, two] = passK([{ asked: 2, right: 1 }, { asked: 2, right: 2 }], 2);
 * assert.equal(one!.passAt, 0.75);
 * assert.equal(two!.passAt, 1);
 * assert.equal(two!.passAll, 0.5);
 * ```
 */
export function passK(
  items: readonly SampledItem[],
  samples: number,
  options: PassKOptions = {},
): PassAtK[] {
  if (!(Number.isInteger(samples) && samples >= 1 && samples <= 64)) {
    throw new RangeError(`passK: samples must be a whole number from 1 to 64, not ${samples}`);
  }
  const level = options.level ?? 0.05;
  const out: PassAtK[] = [];
  for (let k = 1; k <= samples; k++) {
    const at: number[] = [];
    const all: number[] = [];
    for (const { asked, right } of items) {
      if (asked < k) continue;
      at.push(1 - allAmong(asked - right, asked, k));
      all.push(allAmong(right, asked, k));
    }
    const a = bettingInterval(at, level, [0, 1], null);
    const b = bettingInterval(all, level, [0, 1], null);
    out.push({
      k,
      items: at.length,
      passAt: a.mean,
      passAtInterval: { lower: a.lower, upper: a.upper },
      passAll: b.mean,
      passAllInterval: { lower: b.lower, upper: b.upper },
    });
  }
  return out;
}
