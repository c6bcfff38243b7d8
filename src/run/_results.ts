/**
 * A session's results: each pair's reply scored into its record, and how every pair stands, with
 * the streak of pairs ending in transient errors. Private to `src/run/`.
 *
 * @module
 */

import { answerCategory } from "../dataset/category.ts";
import { itemCluster } from "../dataset/cluster.ts";
import { detachedItem } from "../dataset/detached.ts";
import type { Item } from "../dataset/item.ts";
import { ItemHosts } from "../results/item_hosts.ts";
import type { EndRecord, ReplicaRef, ResultRecord } from "../results/records.ts";
import type { ScoreOptions, Scorer, Verdict } from "../score/scorer.ts";
import type { PairStates } from "./pair_states.ts";
import { fail, type Sent } from "./_send.ts";
import { sampleName } from "./samples.ts";

/**
 * A pair's record: its reply scored (a scorer that throws makes it an error), on `replica`.
 *
 * @param item The item.
 * @param model The model.
 * @param sent Its exchange.
 * @param how The sample (with several per item), the session, the scorer and what it is told,
 *   and the replica.
 * @returns The record and the verdict (`null` for an error).
 */
export function resultRecord(
  item: Item,
  model: string,
  sent: Sent,
  how: {
    readonly sample?: number | undefined;
    readonly session: number;
    readonly scorer: Scorer;
    readonly scoring: ScoreOptions;
    readonly replica: ReplicaRef;
  },
): { readonly record: ResultRecord; readonly verdict: Verdict | null } {
  let exchange = sent;
  let verdict: Verdict | null = null;
  // What the scorer reads of the item is built for this reply and dropped with it.
  const scored = detachedItem(item);
  if (exchange.reply !== null) {
    try {
      verdict = how.scorer.score(scored, exchange.reply, how.scoring);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      exchange = fail(exchange, exchange.response, {
        kind: "scorer",
        message: `the scorer could not judge the reply: ${message.split("\n")[0]}`,
        status: null,
        transient: false,
      });
    }
  }
  // One literal, its members written out (the order of the spreads it replaces): an object
  // built by spreading is slower to build and to write as JSON, once per result.
  const record: ResultRecord = {
    kind: "result",
    model,
    itemId: item.id,
    itemIndex: item.index,
    session: how.session,
    requestDigest: exchange.requestDigest,
    attempts: exchange.attempts,
    latencyMs: exchange.latencyMs,
    response: exchange.response,
    reply: exchange.reply,
    usage: exchange.usage,
    error: exchange.error,
    verdict,
    category: answerCategory(scored.answers),
    cluster: itemCluster(scored),
    replica: how.replica,
  };
  if (how.sample !== undefined) return { record: withSample(record, how.sample), verdict };
  return { record, verdict };
}

/**
 * How every pair stands (only that, never its record: memory does not grow with replies), which
 * replica answered each item's models, and the pairs in a row that ended in transient errors.
 */
export class Tally {
  /** Which replica answered each item's models, this session and earlier ones. */
  readonly hosts: ItemHosts;
  readonly #latest: PairStates;
  readonly #failAfter: number;
  #transientRun = 0;

  /**
   * @param previous How each pair stands after earlier sessions (copied).
   * @param hosts Which replica answered each item's models in earlier sessions (copied).
   * @param failAfter The pairs in a row ending in transient errors that stop the session.
   */
  constructor(
    previous: PairStates,
    hosts: ItemHosts | undefined,
    failAfter: number,
  ) {
    this.#latest = previous.copy();
    this.hosts = hosts?.copy() ?? new ItemHosts();
    this.#failAfter = failAfter;
  }

  /** Whether a pair is answered. */
  answered(model: string, index: number, sample?: number): boolean {
    return this.#latest.state(model, index, sample) === "answered";
  }

  /**
   * Counts a pair's record, answered on `host`.
   *
   * @returns Whether the pairs in a row ending in transient errors reached `failAfter`.
   */
  add(record: ResultRecord, host: string): boolean {
    const { model, itemIndex, sample } = record;
    // An error never hides an earlier answer (an item asked again whole keeps it).
    if (record.error === null) {
      this.#latest.set(model, itemIndex, sample, record.verdict?.correct === true ? 3 : 2);
      this.hosts.answered(record.itemIndex, sampleName(record.model, record.sample), host);
    } else if (this.#latest.get(model, itemIndex, sample) < 2) {
      this.#latest.set(model, itemIndex, sample, 1);
    }
    if (record.error !== null && record.error.transient) {
      this.#transientRun++;
      return this.#transientRun >= this.#failAfter;
    }
    this.#transientRun = 0;
    return false;
  }

  /** The pairs answered, in error and missing, of `total`. */
  counts(total: number): Pick<EndRecord, "answered" | "errors" | "missing"> {
    const { answered, errors } = this.#latest.counts();
    return { answered, errors, missing: total - answered - errors };
  }
}

/** A result record with its sample, written right after `itemIndex` (its place in the key). */
function withSample(record: ResultRecord, sample: number): ResultRecord {
  const { kind, model, itemId, itemIndex, ...rest } = record;
  return { kind, model, itemId, itemIndex, sample, ...rest };
}
