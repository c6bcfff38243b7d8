/**
 * The report's replicas: each replica's share of the outcomes (items, every model's accuracy,
 * errors, median latency), the chi-square test of homogeneity of the baseline's accuracy across
 * them, and the items whose models were answered on more than one.
 *
 * @module
 */

import { homogeneityTest } from "./homogeneity.ts";
import { spread } from "./quantile.ts";
import type { ReplicaReport, ReplicasReport } from "./report.ts";
import type { Observation } from "./report_input.ts";
import { ItemHosts } from "../results/item_hosts.ts";

/** Below this p-value the baseline's accuracy is flagged as differing across replicas. */
export const HOMOGENEITY_ALPHA = 0.05;

/**
 * Below this smallest expected count (`minimumExpected`) the chi-square approximation behind the
 * replicas' test is unreliable (Cochran 1954), and the report says so beside the test: 5.
 */
export const HOMOGENEITY_MIN_EXPECTED = 5;

/** `host:port` in order: the host as text, then the port as a number. */
function byHost(a: string, b: string): number {
  const at = (h: string) => h.lastIndexOf(":");
  const ha = a.slice(0, at(a));
  const hb = b.slice(0, at(b));
  if (ha !== hb) return ha < hb ? -1 : 1;
  return Number(a.slice(at(a) + 1)) - Number(b.slice(at(b) + 1));
}

/**
 * The replicas' part of a report.
 *
 * @param names The models, baseline first.
 * @param byModel Each model's outcomes.
 * @returns One row per replica, the test, and the counts of mixed and unnamed outcomes.
 *
 * @example
 * ```ts
 * import { replicasReport } from "./by_replica.ts";
 * import assert from "node:assert/strict";
 *
 * const o = (itemIndex: number, replica: string, correct: boolean) => ({
 *   itemIndex, itemId: itemIndex, verdict: { correct, reason: "r" }, error: null,
 *   latencyMs: 10, usage: null, replica,
 * });
 * const report = replicasReport(["base"], new Map([["base", [
 *   o(0, "a:1", true), o(1, "a:1", true), o(2, "b:1", false), o(3, "b:1", false),
 * ]]]));
 * assert.deepEqual(report.replicas.map((r) => [r.host, r.models[0]!.accuracy]), [
 *   ["a:1", 1], ["b:1", 0],
 * ]);
 * assert.equal(report.homogeneity?.degreesOfFreedom, 1);
 * ```
 */
export function replicasReport(
  names: readonly string[],
  byModel: ReadonlyMap<string, readonly Observation[]>,
): ReplicasReport {
  interface Tally {
    readonly items: Set<number>;
    readonly scored: number[];
    readonly correct: number[];
    errors: number;
    readonly latencies: number[];
  }
  const tallies = new Map<string, Tally>();
  const hosts = new ItemHosts();
  let unnamed = 0;
  names.forEach((name, m) => {
    for (const o of byModel.get(name) ?? []) {
      if (o.replica === undefined) {
        unnamed++;
        continue;
      }
      let t = tallies.get(o.replica);
      if (t === undefined) {
        t = {
          items: new Set(),
          scored: names.map(() => 0),
          correct: names.map(() => 0),
          errors: 0,
          latencies: [],
        };
        tallies.set(o.replica, t);
      }
      t.items.add(o.itemIndex);
      hosts.answered(o.itemIndex, name, o.replica);
      if (o.verdict === null) {
        t.errors++;
        continue;
      }
      t.scored[m]!++;
      if (o.verdict.correct) t.correct[m]!++;
      if (o.latencyMs !== null) t.latencies.push(o.latencyMs);
    }
  });
  const replicas: ReplicaReport[] = [...tallies.keys()].sort(byHost).map((host) => {
    const t = tallies.get(host)!;
    return {
      host,
      items: t.items.size,
      models: names.map((name, m) => ({
        name,
        scored: t.scored[m]!,
        correct: t.correct[m]!,
        accuracy: t.scored[m] === 0 ? null : t.correct[m]! / t.scored[m]!,
      })),
      errors: t.errors,
      latencyMedianMs: spread(t.latencies)?.median ?? null,
    };
  });
  const groups = replicas.map((r) => ({
    successes: r.models[0]!.correct,
    trials: r.models[0]!.scored,
  }));
  const test = groups.filter((g) => g.trials > 0).length < 2 ? null : homogeneityTest(groups);
  return {
    replicas,
    homogeneity: test === null ? null : { ...test, flagged: test.pValue < HOMOGENEITY_ALPHA },
    mixedItems: hosts.mixed,
    unnamed,
  };
}
