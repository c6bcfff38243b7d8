// The detectable figures beside a comparison's verdict. Private to src/report: build_report.ts
// reads it, and the clustered simulation (tests/report/_simulate_clustered.ts) measures it.

import { type ClusterCounts, clusteredDetectable } from "./stats/clustered_difference.ts";
import type { FamilyDecision } from "./stats/clustered_family.ts";
import { minimumDetectableDifference, notWorseMargin } from "./stats/detectable_difference.ts";
import type { PairedTable } from "./stats/paired_table.ts";
import type { DetectableDifferenceReport } from "./report.ts";

/** The power the minimum detectable difference is given at: 0.8. */
const POWER = 0.8;

/**
 * The detectable difference and the smallest `not-worse` margin printed beside a decided
 * comparison: the exact test's at the comparison's test level, on its own table. For one the
 * clustered test decides, the detectable difference is the clustered test's own
 * (`clusteredDetectable`, from its clusters), and the margin the exact test's on the same shares
 * at its effective number of items.
 */
export function detectableFigures(
  t: PairedTable,
  decided: FamilyDecision,
  clusters: readonly ClusterCounts[] | null,
): DetectableDifferenceReport {
  const figures = detectable(scaled(t, decided), decided);
  if (decided.method !== "clustered-betting" || clusters === null) return figures;
  return { ...figures, difference: clusteredDetectable(clusters, decided.testLevel) };
}

/**
 * The table the detectable figures are computed on: the comparison's own, or for one the
 * clustered test decides, the same shares at its effective number of items (the exact test's
 * figures at that size: an approximation of what the clustered test can find).
 */
function scaled(t: PairedTable, decided: FamilyDecision): PairedTable {
  const effective = decided.design?.effectiveItems;
  if (decided.method === "exact" || effective === null || effective === undefined) return t;
  const n = t.bothRight + t.onlyFirst + t.onlySecond + t.bothWrong;
  const k = Math.min(1, effective / n);
  const b = Math.round(t.onlyFirst * k);
  const c = Math.round(t.onlySecond * k);
  const size = Math.max(1, Math.round(n * k), b + c);
  const bothRight = Math.round((size - b - c) / 2);
  return { bothRight, onlyFirst: b, onlySecond: c, bothWrong: size - b - c - bothRight };
}

function detectable(
  t: PairedTable,
  decided: { readonly level: number; readonly testLevel: number },
): DetectableDifferenceReport {
  const n = t.bothRight + t.onlyFirst + t.onlySecond + t.bothWrong;
  const discordant = t.onlyFirst + t.onlySecond;
  const discordance = discordant / n;
  const { difference } = minimumDetectableDifference(n, discordance, {
    alpha: decided.testLevel,
    power: POWER,
  });
  return {
    difference,
    notWorseMargin: notWorseMargin(n, discordant, { level: decided.level, power: POWER }),
    discordance,
    level: decided.testLevel,
    power: POWER,
  };
}
