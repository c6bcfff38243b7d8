/**
 * What a split could detect before any request is sent, in the words `assess split` prints after
 * its lines.
 *
 * @module
 */

import { count, points } from "./numbers.ts";
import { detectableDifferenceTable } from "./stats/detectable_difference.ts";

/**
 * For each assumed share of discordant items, the smallest true difference the exact McNemar test
 * finds 80% of the time on a split of `items` items, each adapter at the test level of Holm's first
 * step in the report's decision (0.9·alpha / adapters), as lines.
 *
 * @param items The held-out items.
 * @param adapters The adapters configured (none is counted as one).
 * @returns The lines, each ending in a newline.
 *
 * @example
 * ```ts
 * import { detectableLines } from "./split_detectable.ts";
 * import assert from "node:assert/strict";
 *
 * const lines = detectableLines(2000, 1).split("\n");
 * assert.equal(lines[0], "smallest true difference found 80% of the time (2,000 items, 1 adapter at level 0.045):");
 * ```
 */
export function detectableLines(items: number, adapters: number): string {
  const rows = detectableDifferenceTable(items, { comparisons: Math.max(1, adapters) });
  const level = Number(rows[0]!.level.toPrecision(4));
  const who = adapters === 0
    ? `no adapter configured: as for one, at level ${level}`
    : adapters === 1
    ? `1 adapter at level ${level}`
    : `${adapters} adapters at level ${level} each`;
  const lines = [
    `smallest true difference found 80% of the time (${count(items)} items, ${who}):`,
    ...rows.map((r) =>
      `  ${Math.round(r.discordance * 100)}% of items discordant: ` +
      (r.difference === null
        ? "none (too few discordant items)"
        // One decimal, or two below 1 point (a 60,000-item split detects 0.28).
        : `${points(r.difference, r.difference < 0.01 ? 2 : 1)} points`)
    ),
  ];
  return lines.join("\n") + "\n";
}
