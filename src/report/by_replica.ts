/**
 * The report's replicas: each replica's share of the outcomes (items, every model's accuracy, each
 * adapter's replies identical to the baseline's, errors, median latency), the chi-square test of
 * homogeneity of every model's accuracy across them (Holm across the models), and the items whose
 * models were answered on more than one.
 *
 * @module
 */

import { holmAdjust } from "./stats/holm.ts";
import { identicalSuspect } from "./identical_rule.ts";
import { homogeneityTest, type ProportionGroup } from "./stats/homogeneity.ts";
import { spread } from "./stats/quantile.ts";
import type {
  ModelHomogeneity,
  ReplicaIdentical,
  ReplicaReport,
  ReplicasReport,
} from "./report.ts";
import type { Observation } from "./report_input.ts";
import { ItemHosts } from "../results/item_hosts.ts";

/**
 * The family-wise level of the homogeneity tests: a model's accuracy is flagged as differing
 * across replicas when its Holm-adjusted p-value (across the models tested) is below it.
 */
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
 * Every model's accuracy is tested across the replicas that scored it (Pearson's chi-square test of
 * homogeneity), and the p-values are adjusted by Holm's procedure across the models tested: a
 * replica serving another base model or chat template moves every model, one serving the base (or
 * another adapter) under an adapter's name moves that adapter only. Each adapter's replies on a
 * replica are compared with the baseline's on the same items (`replyHash`): a replica where they
 * are identical by `identicalSuspect`'s rule may serve the base under the adapter's name.
 *
 * @param names The models, baseline first.
 * @param byModel Each model's outcomes.
 * @returns One row per replica, the tests, and the counts of mixed and unnamed outcomes.
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
 * assert.equal(report.homogeneityByModel[0]!.model, "base");
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
    /** Per model: its scored items whose baseline was scored too, and of those the identical. */
    readonly paired: number[];
    readonly identical: number[];
    /** Per model: whether a reply's fingerprint was missing on a paired item. */
    readonly unknown: boolean[];
    errors: number;
    readonly latencies: number[];
  }
  const tallies = new Map<string, Tally>();
  const hosts = new ItemHosts();
  // The baseline's scored replies by item, for the identical replies.
  const base = new Map<number, number | undefined>();
  for (const o of byModel.get(names[0] ?? "") ?? []) {
    if (o.verdict !== null) base.set(o.itemIndex, o.replyHash);
  }
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
          paired: names.map(() => 0),
          identical: names.map(() => 0),
          unknown: names.map(() => false),
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
      if (m > 0 && base.has(o.itemIndex)) {
        const b = base.get(o.itemIndex);
        t.paired[m]!++;
        if (o.replyHash === undefined || b === undefined) t.unknown[m] = true;
        else if (o.replyHash === b) t.identical[m]!++;
      }
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
        identical: m === 0 || t.unknown[m] ? null : replicaIdentical(t.identical[m]!, t.paired[m]!),
      })),
      errors: t.errors,
      latencyMedianMs: spread(t.latencies)?.median ?? null,
    };
  });
  const homogeneityByModel = modelTests(names, replicas);
  const baseline = homogeneityByModel.find((h) => h.model === names[0]);
  return {
    replicas,
    homogeneity: baseline ?? null,
    homogeneityByModel,
    mixedItems: hosts.mixed,
    unnamed,
  };
}

/** A replica's share of an adapter's identical replies. */
function replicaIdentical(items: number, paired: number): ReplicaIdentical {
  return {
    paired,
    items,
    share: paired === 0 ? null : items / paired,
    suspect: identicalSuspect(items, paired),
  };
}

/**
 * Each model's test across the replicas that scored it (two at least), Holm across them; the
 * replica furthest from the pooled accuracy (the largest Pearson residual) named.
 */
function modelTests(
  names: readonly string[],
  replicas: readonly ReplicaReport[],
): ModelHomogeneity[] {
  const tested = names.flatMap((model, m) => {
    const rows = replicas.filter((r) => r.models[m]!.scored > 0);
    if (rows.length < 2) return [];
    const groups: ProportionGroup[] = rows.map((r) => ({
      successes: r.models[m]!.correct,
      trials: r.models[m]!.scored,
    }));
    return [{ model, test: homogeneityTest(groups), furthest: furthest(rows, groups) }];
  });
  const adjusted = holmAdjust(tested.map((t) => t.test.pValue));
  return tested.map(({ model, test, furthest }, i) => ({
    model,
    ...test,
    adjustedPValue: adjusted[i]!,
    flagged: adjusted[i]! < HOMOGENEITY_ALPHA,
    furthest,
  }));
}

/** The host whose successes are furthest from the pooled rate, in Pearson residuals (the first of ties). */
function furthest(rows: readonly ReplicaReport[], groups: readonly ProportionGroup[]): string {
  const N = groups.reduce((s, g) => s + g.trials, 0);
  const X = groups.reduce((s, g) => s + g.successes, 0);
  let best = 0;
  let score = -1;
  groups.forEach((g, i) => {
    // (x − n·p̂)² / (n·p̂(1 − p̂)), times N²·X(N − X)/N: the same order, in integers.
    const gap = g.successes * N - g.trials * X;
    const residual = (gap * gap) / g.trials;
    if (residual > score) {
      score = residual;
      best = i;
    }
  });
  return rows[best]!.host;
}
