/**
 * The decision of a family of paired comparisons (the adapters against the baseline, or a
 * comparison's categories) when some have clustered items: each comparison whose clusters are
 * material is decided by the clustered test, the others by the exact McNemar test, Holm's
 * procedure across all of them.
 *
 * @module
 */

import {
  type ClusterCounts,
  type ClusterDesign,
  clusterDesign,
  clusteredDifference,
  clustersMaterial,
} from "./clustered_difference.ts";
import {
  type CoherentInterval,
  coherentIntervals,
  decisionInterval,
  testLevelOf,
} from "./decision_interval.ts";
import { holmAdjust, holmLevels } from "./holm.ts";
import type { PairedTable } from "./paired_table.ts";

/** A comparison of the family: its table, and its clusters when they are known. */
export interface FamilyMember {
  /** The paired table, the first model the one compared. */
  readonly table: PairedTable;
  /**
   * Its paired items' clusters (every paired item in one), in the order of their first items;
   * `null` when the clusters are not known.
   */
  readonly clusters: readonly ClusterCounts[] | null;
}

/** A comparison decided: its interval at its Holm level, the test that decided, the design. */
export interface FamilyDecision extends CoherentInterval {
  /** `exact`: the exact McNemar test and its interval; `clustered-betting`: the clustered one. */
  readonly method: "exact" | "clustered-betting";
  /** What its clusters cost, or `null` when they are not known. */
  readonly design: ClusterDesign | null;
}

/**
 * Decides a family: each comparison with items gets a p-value, from the clustered test
 * (`clusteredDifference`) when its clusters are material (`clustersMaterial`) and from the exact
 * McNemar test otherwise; Holm's procedure runs on them at the family's test level
 * (`testLevelOf(alpha)`, 0.045 for 0.05), and each comparison gets its interval at the level it is
 * decided at: the decision interval (`coherentIntervals`) for an exact one, the clustered
 * betting interval at its test level for a clustered one (a 1 − testLevel interval, which
 * excludes 0 exactly when its p-value is below the test level). When no comparison is clustered
 * the intervals are `coherentIntervals`'s, unchanged.
 *
 * @param members The family's comparisons.
 * @param alpha The family-wise level (0.05 in the report).
 * @returns For each comparison, in order, its decision, or `null` when it has no item.
 * @throws {RangeError} As `coherentIntervals` and `clusteredDifference`, or when a comparison's
 *   clusters do not add up to its table.
 *
 * @example Two adapters: one whose 40 items came in 4 clusters that moved together, one alone
 * ```ts
 * import { decideFamily } from "./clustered_family.ts";
 * import assert from "node:assert/strict";
 *
 * const table = { bothRight: 20, onlyFirst: 20, onlySecond: 0, bothWrong: 0 };
 * const together = Array.from({ length: 4 }, (_, j) => ({
 *   items: 10, onlyFirst: j < 2 ? 10 : 0, onlySecond: 0,
 * }));
 * const [a, b] = decideFamily([{ table, clusters: together }, { table, clusters: null }], 0.05);
 * assert.equal(a!.method, "clustered-betting");
 * assert.equal(a!.lower < 0, true); // four clusters decide nothing
 * assert.equal(b!.method, "exact");
 * assert.equal(b!.lower > 0, true); // 20 against 0 of 40 items alone
 * ```
 */
export function decideFamily(
  members: readonly FamilyMember[],
  alpha: number,
): (FamilyDecision | null)[] {
  const designs = members.map((m) => {
    if (m.clusters === null) return null;
    const design = clusterDesign(m.clusters);
    const t = m.table;
    let b = 0;
    let c = 0;
    for (const k of m.clusters) {
      b += k.onlyFirst;
      c += k.onlySecond;
    }
    const n = t.bothRight + t.onlyFirst + t.onlySecond + t.bothWrong;
    if (design.items !== n || b !== t.onlyFirst || c !== t.onlySecond) {
      throw new RangeError("decideFamily: a comparison's clusters do not add up to its table");
    }
    return design;
  });
  const clustered = designs.map((d) => d !== null && d.items > 0 && clustersMaterial(d));
  const exact = coherentIntervals(members.map((m) => m.table), { alpha });
  if (!clustered.some(Boolean)) {
    return exact.map((e, i) => e === null ? null : { ...e, method: "exact", design: designs[i]! });
  }
  const family = members.map((_, i) => i).filter((i) => exact[i] !== null);
  const pValues = family.map((i) => {
    if (!clustered[i]) return exact[i]!.pValue;
    return clusteredDifference(members[i]!.clusters!, { level: 0.5 }).pValue;
  });
  const adjusted = holmAdjust(pValues);
  const testAlpha = testLevelOf(alpha);
  const levels = holmLevels(pValues, testAlpha);
  const out: (FamilyDecision | null)[] = members.map(() => null);
  family.forEach((i, f) => {
    const { level: testLevel, rejected } = levels[f]!;
    const decided = { pValue: pValues[f]!, pAdjusted: adjusted[f]!, testLevel, rejected };
    if (clustered[i]) {
      const c = clusteredDifference(members[i]!.clusters!, { level: testLevel });
      out[i] = {
        difference: c.difference,
        lower: c.lower,
        upper: c.upper,
        ...decided,
        level: testLevel,
        method: "clustered-betting",
        design: designs[i]!,
      };
      return;
    }
    const t = members[i]!.table;
    const level = alpha / Math.round(testAlpha / testLevel);
    const { lower, upper } = decisionInterval(t, { alpha: level });
    out[i] = {
      difference: exact[i]!.difference,
      lower,
      upper,
      ...decided,
      level,
      method: "exact",
      design: designs[i]!,
    };
  });
  return out;
}
