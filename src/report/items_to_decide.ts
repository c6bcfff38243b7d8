/**
 * About how many paired items would decide an inconclusive comparison: the figure the report
 * gives with each inconclusive comparison (`ComparisonReport.itemsToDecide`) and the gate reads,
 * and its sentence, written once for both.
 *
 * @module
 */

import type { ComparisonReport } from "./report.ts";
import { mcnemarPower } from "./stats/detectable_difference.ts";
import { decisionInterval } from "./stats/decision_interval.ts";

/** The largest number of paired items {@linkcode itemsToDecide} looks at. */
export const MAX_ITEMS_TO_DECIDE = 1_000_000;

/** What {@linkcode itemsToDecide} reads of a comparison. */
export type ToDecideFigures =
  & Pick<ComparisonReport, "items" | "difference" | "minimumDetectableDifference">
  & Partial<Pick<ComparisonReport, "interval" | "identical">>;

/**
 * About how many paired items would decide an inconclusive comparison at its observed discordance:
 * the fewest n at which the exact McNemar test, at the comparison's test level and with the same
 * share of discordant items, would detect with 80% power a true difference as large as the one
 * observed (or, with a margin, as far from −margin as the observed one is, when that is larger):
 * the model of `minimumDetectableDifference`, read the other way.
 *
 * @param comparison An inconclusive comparison (its paired items, difference and detectable
 *   difference).
 * @param margin The decision's margin, a fraction (0.01 is one point).
 * @returns The number of items, or `null` when no number would (no discordant item, a difference
 *   of 0 observed, or more than {@linkcode MAX_ITEMS_TO_DECIDE} needed).
 *
 * @example 10% discordant, +1 point observed on 400 items: 8,279 would decide it
 * ```ts
 * import { itemsToDecide } from "./items_to_decide.ts";
 * import type { ComparisonReport } from "./report.ts";
 * import assert from "node:assert/strict";
 *
 * const comparison = {
 *   items: 400, difference: 0.01,
 *   minimumDetectableDifference: { discordance: 0.1, level: 0.045, power: 0.8 },
 * } as unknown as ComparisonReport;
 * assert.equal(itemsToDecide(comparison, 0), 8279);
 * ```
 */
export function itemsToDecide(comparison: ToDecideFigures, margin: number): number | null {
  const detectable = comparison.minimumDetectableDifference;
  const d = comparison.difference;
  if (detectable === null || d === null) return null;
  if (detectable.discordance === 0) return concordantToDecide(comparison, margin);
  const psi = detectable.discordance;
  const target = Math.min(psi, Math.max(Math.abs(d), margin > 0 ? d + margin : 0));
  if (!(target > 0)) return null;
  // The minimum detectable difference is at most the target exactly when the power at the target
  // reaches the power asked for (power grows with the difference): one power a try, no root.
  const decides = (n: number) =>
    mcnemarPower(n, psi, target, { alpha: detectable.level }) >= detectable.power;
  return fewestDeciding(decides, comparison.items);
}

/**
 * With no discordant item, a difference of 0 whatever the items: with a margin, the fewest items,
 * all concordant, whose decision interval (at the comparison's level) lies above −margin, so that
 * the comparison is `not-worse`; `null` without a margin (nothing decides a difference of 0),
 * when the replies are identical on so many items that it stays inconclusive, or without the
 * interval's level.
 */
function concordantToDecide(comparison: ToDecideFigures, margin: number): number | null {
  const alpha = comparison.interval?.level;
  // Replies identical on most items keep it inconclusive whatever the items (the adapter may not
  // have been applied).
  if (!(margin > 0) || alpha === undefined || comparison.identical?.suspect === true) return null;
  const decides = (n: number) =>
    decisionInterval({ bothRight: n, onlyFirst: 0, onlySecond: 0, bothWrong: 0 }, { alpha })
      .lower > -margin;
  return fewestDeciding(decides, comparison.items);
}

/**
 * What would decide an inconclusive comparison, in words, from its figure
 * ({@linkcode ComparisonReport.itemsToDecide}): `about 145 paired items would decide it at the
 * observed discordance (2.0% of items), with 80% power; it has 26`, or `no number of items would
 * decide it at the observed discordance (0.0% of items)`. The gate's line and every format of the
 * report say it so.
 *
 * @param comparison An inconclusive comparison.
 * @param items What the items are called: `paired items`, or `paired confirmation items` for a
 *   sweep's confirmation.
 * @returns The sentence, without a capital or a full stop.
 *
 * @example
 * ```ts
 * import { toDecideSentence } from "./items_to_decide.ts";
 * import type { ComparisonReport } from "./report.ts";
 * import assert from "node:assert/strict";
 *
 * const comparison = {
 *   items: 26, itemsToDecide: 145,
 *   minimumDetectableDifference: { discordance: 0.3, level: 0.045, power: 0.8 },
 * } as unknown as ComparisonReport;
 * assert.equal(
 *   toDecideSentence(comparison),
 *   "about 145 paired items would decide it at the observed discordance (30.0% of items), with 80% power; it has 26",
 * );
 * ```
 */
export function toDecideSentence(
  comparison: Pick<ComparisonReport, "items" | "itemsToDecide" | "minimumDetectableDifference">,
  items = "paired items",
): string {
  const n = comparison.itemsToDecide;
  const at = comparison.minimumDetectableDifference;
  const share = at === null ? "" : ` (${(at.discordance * 100).toFixed(1)}% of items)`;
  return n === null
    ? `no number of items would decide it at the observed discordance${share}`
    : `about ${n} ${items} would decide it at the observed discordance${share}, with 80% ` +
      `power; it has ${comparison.items}`;
}

/**
 * What would decide a sweep's inconclusive confirmation, in words: {@linkcode toDecideSentence}
 * for its paired confirmation items and, since they are a share of the held-out items, how many
 * held-out items would give them (`n / share`). The gate's line and every format of the report say
 * it so.
 *
 * @param comparison The sweep's inconclusive confirmation.
 * @param share `split.confirm`: the share of the held-out items kept apart to confirm on.
 * @returns The sentence, without a capital or a full stop.
 */
export function confirmationToDecideSentence(
  comparison: Pick<ComparisonReport, "items" | "itemsToDecide" | "minimumDetectableDifference">,
  share: number,
): string {
  const n = comparison.itemsToDecide;
  return toDecideSentence(comparison, "paired confirmation items") +
    (n === null
      ? ""
      : `; split.confirm keeps ${share} of the held-out items apart to confirm on, ` +
        `so split.size must grow by 1/${share} to give them: about ${
          Math.ceil(n / share)
        } held-out items`);
}

/**
 * The fewest items at which `decides` holds (it holds from some number on), searched from `items`
 * doubling up to {@linkcode MAX_ITEMS_TO_DECIDE}, then by halves; `null` when even that many do
 * not decide. A single item is taken as never deciding.
 */
function fewestDeciding(decides: (n: number) => boolean, items: number): number | null {
  let hi = Math.max(2, items);
  while (!decides(hi)) {
    if (hi >= MAX_ITEMS_TO_DECIDE) return null;
    hi = Math.min(MAX_ITEMS_TO_DECIDE, hi * 2);
  }
  let lo = 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (decides(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
