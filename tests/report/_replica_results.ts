/**
 * The results file of the replicas' golden report (`tests/report/golden/replicas/`): a baseline
 * and two adapters on 90 items, answered on three replicas by the run's own hashing, the third
 * serving the baseline worse (as a replica with another base model would), two items whose
 * `tuned-b` was answered on another replica, an error and a probe difference on one replica.
 *
 * @module
 */

import { homeReplica } from "../../src/run/replicas.ts";
import { syntheticItems } from "../run/_fixtures.ts";
import { type Planned, resultsFor } from "./_results.ts";

/** The replicas' hosts. */
export const REPLICA_HOSTS: readonly string[] = ["10.0.0.1:8000", "10.0.0.2:8000", "10.0.0.3:8000"];

/** The file's bytes. */
export function replicaGoldenResults(): Uint8Array {
  const refs = REPLICA_HOSTS.map((host, index) => ({ index, host }));
  const items = syntheticItems(90);
  const home = (i: number) => homeReplica(items[i]!.id, refs).index;
  const base: Planned[] = items.map((_, i) =>
    home(i) === 2
      ? (i % 10 < 3 ? "match" : "no-call")
      : (i % 10 < 7 ? "match" : i % 10 < 9 ? "arguments" : "no-call")
  );
  const a: Planned[] = items.map((_, i) =>
    i === 30 ? "error:timeout" : i % 20 < 17 ? "match" : "name"
  );
  const b: Planned[] = items.map((_, i) => i % 10 < 6 ? "match" : "arguments");
  const mixed = new Set([5, 17]);
  return resultsFor({
    baseline: "base",
    adapters: ["tuned-a", "tuned-b"],
    items,
    outcomes: { base, "tuned-a": a, "tuned-b": b },
    header: {
      server: { url: "http://10.0.0.1:8000/v1", models: ["base", "tuned-a", "tuned-b"] },
      startedAt: "2026-12-01T09:00:00.000Z",
    },
    probe: [{
      model: "tuned-a",
      itemId: 3,
      outcome: "different",
      detail: "the text differs at character 0",
      replica: refs[1]!,
    }],
    replicas: {
      hosts: REPLICA_HOSTS,
      of: (model, index) =>
        model === "tuned-b" && mixed.has(index) ? (home(index) + 1) % 3 : home(index),
    },
  }).bytes;
}
