/**
 * The server checks of a run with several replicas: each replica is checked as one server is
 * (reachable, key accepted, the baseline and every adapter served, an adapter with a `path` loaded
 * on that replica), and a replica that fails is left out with a warning naming it by index and
 * host:port, never by URL. One URL is checked exactly as a single server always was.
 *
 * @module
 */

import { type Replica, replicaName } from "./replicas.ts";
import { ServerError } from "./run_errors.ts";
import { checkServer, type ServerCheck, type ServerCheckOptions } from "./server_check.ts";

/** What every replica's checks need besides its URL (see {@linkcode ServerCheckOptions}). */
export type ReplicaCheckOptions = Omit<ServerCheckOptions, "url" | "naming">;

/** A replica that passed its checks. */
export interface UsableReplica {
  /** The replica. */
  readonly replica: Replica;
  /** What its checks found. */
  readonly check: ServerCheck;
}

/** What the checks of every replica found. */
export interface ReplicasChecked {
  /** The replicas that passed, in the order given. */
  readonly usable: readonly UsableReplica[];
  /** The models the first usable replica serves that every usable one serves, in its order. */
  readonly served: readonly string[];
  /** Lines for the operator, in order: adapters loaded, replicas left out. */
  readonly notices: readonly string[];
}

/**
 * Checks one replica, naming it `it` in messages (its URL is never printed).
 *
 * @param fetchFn The `fetch` to use.
 * @param replica The replica.
 * @param options The models, the key, the limits, and maybe a signal.
 * @returns What its checks found.
 * @throws {ServerError} When a check fails.
 *
 * @example
 * ```ts
 * import { checkReplica } from "./replica_check.ts";
 * import { NetworkError } from "./http.ts";
 * import assert from "node:assert/strict";
 *
 * const fetchFn = (() => Promise.reject(new NetworkError("refused"))) as typeof fetch;
 * await assert.rejects(
 *   checkReplica(fetchFn, { index: 1, host: "127.0.0.1:1", url: "http://127.0.0.1:1/v1" }, {
 *     baseline: "base", adapters: [], timeoutMs: 1000, maxResponseBytes: 1024, timers: globalThis,
 *   }),
 *   { message: "cannot reach it: connection refused. Start the server, or fix its URL" },
 * );
 * ```
 */
export function checkReplica(
  fetchFn: typeof fetch,
  replica: Replica,
  options: ReplicaCheckOptions,
): Promise<ServerCheck> {
  return checkServer(fetchFn, {
    ...options,
    url: replica.url,
    naming: { server: "it", setting: "its URL" },
  });
}

/** A refusal as one line: its message and its details. */
function why(error: ServerError): string {
  return [error.message, ...error.lines.map((l) => l.trim())].join("; ");
}

/**
 * Checks every replica. With one, it is the single server's check: a failure throws as it always
 * did. With several, all are checked at once; each that fails a check is left out with one line,
 * `assess run: WARNING: replica I (HOST:PORT) is left out: WHY`, and the run goes on with the
 * rest.
 *
 * @param fetchFn The `fetch` to use.
 * @param replicas The replicas, in the order given.
 * @param options The models, the key and the limits.
 * @returns The usable replicas, the models they all serve, and the lines to show.
 * @throws {ServerError} When the single server fails a check, or no replica is left (naming each
 *   replica's reason).
 *
 * @example
 * ```ts
 * import { checkReplicas } from "./replica_check.ts";
 * import assert from "node:assert/strict";
 *
 * const fetchFn = ((input: string) =>
 *   input.startsWith("http://127.0.0.1:8001/")
 *     ? Promise.resolve(Response.json({ data: [{ id: "other" }] }))
 *     : Promise.resolve(Response.json({ data: [{ id: "base" }] }))) as typeof fetch;
 * const checked = await checkReplicas(fetchFn, [
 *   { index: 0, host: "127.0.0.1:8000", url: "http://127.0.0.1:8000/v1" },
 *   { index: 1, host: "127.0.0.1:8001", url: "http://127.0.0.1:8001/v1" },
 * ], {
 *   baseline: "base", adapters: [], timeoutMs: 1000, maxResponseBytes: 1 << 20, timers: globalThis,
 * });
 * assert.deepEqual(checked.usable.map((u) => u.replica.index), [0]);
 * assert.match(checked.notices[0]!, /^assess run: WARNING: replica 1 \(127\.0\.0\.1:8001\) is left out: the server does not serve the baseline "base"/);
 * ```
 */
export async function checkReplicas(
  fetchFn: typeof fetch,
  replicas: readonly Replica[],
  options: ReplicaCheckOptions,
): Promise<ReplicasChecked> {
  if (replicas.length === 1) {
    const replica = replicas[0]!;
    const check = await checkServer(fetchFn, { ...options, url: replica.url });
    return {
      usable: [{ replica, check }],
      served: check.served,
      notices: check.loaded.map((name) => `assess run: loaded the adapter ${name} on the server`),
    };
  }
  const outcomes = await Promise.all(
    replicas.map(async (replica): Promise<UsableReplica | { replica: Replica; why: string }> => {
      try {
        return { replica, check: await checkReplica(fetchFn, replica, options) };
      } catch (error) {
        if (error instanceof ServerError) return { replica, why: why(error) };
        throw error;
      }
    }),
  );
  const usable: UsableReplica[] = [];
  const notices: string[] = [];
  const reasons: string[] = [];
  for (const outcome of outcomes) {
    const name = replicaName(outcome.replica);
    if ("check" in outcome) {
      usable.push(outcome);
      for (const adapter of outcome.check.loaded) {
        notices.push(`assess run: loaded the adapter ${adapter} on ${name}`);
      }
    } else {
      notices.push(`assess run: WARNING: ${name} is left out: ${outcome.why}`);
      reasons.push(`  ${name}: ${outcome.why}`);
    }
  }
  if (usable.length === 0) {
    throw new ServerError(
      `none of the ${replicas.length} replicas can be used: each failed its checks`,
      reasons,
    );
  }
  const served = usable[0]!.check.served.filter((model) =>
    usable.every((u) => u.check.served.includes(model))
  );
  return { usable, served, notices };
}
