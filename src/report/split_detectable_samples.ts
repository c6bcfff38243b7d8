/**
 * What `assess split` adds for `sampling.samples` above 1: the bounds the detectable differences of
 * one sample per item give for K samples, before any answer is seen.
 *
 * @module
 */

import { points } from "./numbers.ts";
import { detectableDifferenceTable } from "./stats/detectable_difference.ts";
import { sampledDetectable } from "./stats/sampled_planning.ts";

/**
 * The lines for K samples per item under the split's one-sample lines: for each share δ of items
 * discordant in the one-sample rows (the same rows), the difference the report's comparison of
 * several samples per item (the betting interval, see `sampledDifference`) detects with power 0.8
 * at level 0.05 over the adapters (Holm's first step), as a range. A per-item difference has
 * variance σ²between + σ²within/K (Miller 2024), δ in all at K = 1 and no difference: the low end
 * is all of it within items (every item's answers vary as much as items differ; K samples divide
 * it), the high end all of it between items (an item's answers never vary, as at temperature 0;
 * more samples buy nothing). Both come from `sampledDetectable`, the formula `assess report`
 * prints with the parts it measures on the run. The betting interval holds its level for any
 * spread of the differences, and costs power for it: the high end is above the one-sample exact
 * test's figure. A figure above the share of discordant items is none: with a share δ of answers
 * differing, no mean difference is larger than δ (the one-sample line says none for it too).
 * Nothing for K = 1: the split's output is the one it was.
 *
 * @param items The held-out items.
 * @param adapters The adapters configured.
 * @param samples `sampling.samples`.
 * @returns The lines, each ending in a newline; `""` when `samples` is 1.
 *
 * @example
 * ```ts
 * import { sampledDetectableLines } from "./split_detectable_samples.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sampledDetectableLines(2000, 1, 1), "");
 * assert.match(sampledDetectableLines(2000, 1, 4), /^with 4 samples per item/);
 * ```
 */
export function sampledDetectableLines(items: number, adapters: number, samples: number): string {
  if (samples <= 1) return "";
  const m = Math.max(1, adapters);
  const rows = detectableDifferenceTable(items, { comparisons: m });
  const plan = { items, samples, alpha: 0.05 / m };
  const shown = (d: number) => points(d, d < 0.01 ? 2 : 1); // one decimal, two below 1 point
  const lines = [
    `with ${samples} samples per item (sampling.samples), the comparison (a betting interval of ` +
    `the mean per-item difference) detects with power 0.8 from the first figure (an item's ` +
    `answers vary as much as items differ) to the second (they never vary); assess report ` +
    `measures which:`,
    ...rows.map((r) => {
      const share = `  ${Math.round(r.discordance * 100)}% of items discordant`;
      if (items < 2) return `${share}: none`;
      const low = sampledDetectable({ between: 0, within: r.discordance }, plan);
      const high = sampledDetectable({ between: r.discordance, within: 0 }, plan);
      // With a share δ of answers differing, no mean difference is larger than δ: a figure above
      // it is none, as the one-sample line says.
      if (low > r.discordance) return `${share}: none (too few discordant items)`;
      if (high > r.discordance) return `${share}: ${shown(low)} points to none`;
      return `${share}: ${shown(low)} to ${shown(high)} points`;
    }),
  ];
  return lines.join("\n") + "\n";
}
