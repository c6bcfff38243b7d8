/**
 * What `assess split` adds for `sampling.samples` above 1: the bounds the detectable differences of
 * one sample per item give for K samples, before any answer is seen.
 *
 * @module
 */

import { points } from "./numbers.ts";
import { detectableDifferenceTable } from "./stats/detectable_difference.ts";

/**
 * The lines for K samples per item under the split's one-sample lines: each detectable difference
 * d of one sample (the same rows, same level) becomes a range from d/√K to d. A per-item difference
 * has variance σ²between + σ²within/K (Miller 2024): K samples divide the within part only, so the
 * difference shrinks to d/√K when all of it is within items (every item's answers vary as much as
 * items differ) and not at all when all of it is between items (an item's answers never vary, as
 * at temperature 0). `assess report` measures both parts on the run, and says what more samples
 * or items would buy. Nothing for K = 1: the split's output is the one it was.
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
  const rows = detectableDifferenceTable(items, { comparisons: Math.max(1, adapters) });
  const lines = [
    `with ${samples} samples per item (sampling.samples), each becomes between 1/√${samples} ` +
    `of it (an item's answers vary as much as items differ) and all of it (they never vary); ` +
    `assess report measures which:`,
    ...rows.map((r) => {
      const d = r.difference;
      if (d === null) return `  ${Math.round(r.discordance * 100)}% of items discordant: none`;
      const low = d / Math.sqrt(samples);
      // As the one-sample lines: one decimal, or two below 1 point.
      return `  ${Math.round(r.discordance * 100)}% of items discordant: ` +
        `${points(low, low < 0.01 ? 2 : 1)} to ${points(d, d < 0.01 ? 2 : 1)} points`;
    }),
  ];
  return lines.join("\n") + "\n";
}
