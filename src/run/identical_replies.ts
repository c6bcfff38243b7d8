/**
 * The trap of an adapter that was not applied: vLLM has served the base model under an adapter's
 * name more than once, and then every reply of the adapter is the baseline's. On several replicas
 * one of them may be the one misconfigured, its share drowned in the others'. A run watches each
 * adapter's first replies on each replica against the baseline's on the same items (earlier
 * sessions' included when it resumes) and warns as soon as the first
 * {@linkcode IDENTICAL_WATCH_ITEMS} on one replica are all identical.
 *
 * @module
 */

import { withRoom } from "../results/by_index.ts";
import { replyFingerprint } from "../results/fingerprint.ts";
import type { ResultRecord } from "../results/records.ts";
import { sampleWatched } from "./samples.ts";

/** How many of an adapter's first replies (on one replica), all the baseline's, make a run warn. */
export const IDENTICAL_WATCH_ITEMS = 50;

/** An adapter on a replica still watched: its replies waiting for the baseline's, and how far. */
interface Watched {
  /** Fingerprints of its replies to items the baseline has not answered yet, by item index. */
  readonly waiting: Map<number, number>;
  /** Items compared so far (all identical: the first difference ends the watch). */
  compared: number;
}

/** The options of an {@linkcode IdenticalRepliesWatch}. */
export interface IdenticalWatchOptions {
  /** How many identical replies make the warning. Default {@linkcode IDENTICAL_WATCH_ITEMS}. */
  readonly items?: number;
  /**
   * How a warning names the replica that answered (its `host:port` given), as `replica 1
   * (10.0.0.1:8001)`; `""` names none. Default: none (one server).
   */
  readonly where?: (host: string) => string;
}

/**
 * Watches a run's results, in the order they come (any interleaving of models, items and
 * replicas), and says when an adapter's first `items` replies on one replica that can be compared
 * with the baseline's (both answered the item) are all byte for byte the baseline's: text, calls
 * and finish reason (see `replyFingerprint`). Each adapter's replies are watched all together (as
 * on one server), and on each replica apart, the replica being the one that answered the adapter,
 * as `where` names it (a reply whose replica is not named, or named `""`, is watched together
 * only), each until its first difference or its warning; errors are skipped. A warning for all
 * replicas together ends the adapter's watch on each: it says it for every one. A resumed
 * run hands in the earlier sessions' answers first (`addReply`), so the comparison goes on across
 * sessions. Memory holds a number per item the baseline answered, and per adapter (and replica)
 * still watched a number per item it answered that the baseline has not yet.
 *
 * @example
 * ```ts
 * import { IdenticalRepliesWatch } from "./identical_replies.ts";
 * import type { ResultRecord } from "../results/records.ts";
 * import assert from "node:assert/strict";
 *
 * const result = (model: string, itemIndex: number, text: string, host: string): ResultRecord => ({
 *   kind: "result", model, itemId: itemIndex, itemIndex, session: 1, requestDigest: "d",
 *   attempts: 1, latencyMs: 1, response: null, usage: null, error: null,
 *   reply: { text, calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   verdict: { correct: false, reason: "no-call", detail: "" }, replica: { index: 0, host },
 * });
 * const watch = new IdenticalRepliesWatch("base", ["tuned"], {
 *   items: 2,
 *   where: (host) => `replica (${host})`,
 * });
 * assert.equal(watch.add(result("tuned", 0, "hi", "a:1")), null);
 * assert.equal(watch.add(result("base", 0, "hi", "a:1")), null);
 * assert.equal(watch.add(result("base", 1, "yes", "b:1")), null);
 * assert.equal(watch.add(result("tuned", 1, "no", "b:1")), null); // b:1 differs: no longer watched
 * assert.equal(watch.add(result("base", 2, "ok", "a:1")), null);
 * assert.match(
 *   watch.add(result("tuned", 2, "ok", "a:1"))!,
 *   /^WARNING: tuned's first 2 replies on replica \(a:1\) are /,
 * );
 * assert.deepEqual(watch.warnings.length, 1);
 * ```
 */
export class IdenticalRepliesWatch {
  readonly #baseline: string;
  readonly #adapters: ReadonlySet<string>;
  readonly #items: number;
  readonly #where: (host: string) => string;
  /** The (adapter, replica) watched, by `adapter NUL host`. */
  readonly #watched = new Map<string, Watched>();
  /** The (adapter, replica) decided: a difference found, or the warning given. */
  readonly #decided = new Set<string>();
  /**
   * The baseline's fingerprints by item index, `NaN` for none yet (a fingerprint is a whole
   * number): eight bytes an item, no entry per item.
   */
  #base = new Float64Array(0);
  /** Items whose baseline reply failed: no adapter reply to them can be compared. */
  readonly #baseFailed = new Set<number>();
  readonly #warnings: string[] = [];

  /**
   * @param baseline The baseline's name.
   * @param adapters The adapters' names.
   * @param options How many identical replies make the warning, and how it names a replica.
   */
  constructor(baseline: string, adapters: readonly string[], options: IdenticalWatchOptions = {}) {
    this.#baseline = baseline;
    this.#adapters = new Set(adapters);
    this.#items = options.items ?? IDENTICAL_WATCH_ITEMS;
    this.#where = options.where ?? (() => "");
  }

  /** The warnings given so far: per adapter, one for all replicas, or one per replica at most. */
  get warnings(): readonly string[] {
    return this.#warnings;
  }

  /**
   * Takes a result record.
   *
   * @param record A result of this session.
   * @returns The warning line when this record completes an adapter's identical first replies on
   *   a replica, else `null`.
   */
  add(record: ResultRecord): string | null {
    if (this.#adapters.size === 0) return null;
    if (record.model !== this.#baseline && !this.#adapters.has(record.model)) return null;
    if (!sampleWatched(record.sample)) return null;
    const fingerprint = record.reply === null ? null : replyFingerprint(record.reply);
    return this.addReply(record.model, record.itemIndex, fingerprint, record.replica?.host);
  }

  /**
   * Takes a reply by its fingerprint: how a resumed run hands in the answers of earlier sessions
   * (`Resume.replies`, in file order) before its own, so that an adapter answering now is compared
   * with the baseline's earlier replies.
   *
   * @param model The model that replied.
   * @param item The item's position (its index).
   * @param fingerprint `replyFingerprint` of the reply, or `null` for an error.
   * @param host The `host:port` of the replica that answered, when known.
   * @returns The warning line when this reply completes an adapter's identical first replies on
   *   a replica, else `null`.
   */
  addReply(
    model: string,
    item: number,
    fingerprint: number | null,
    host?: string,
  ): string | null {
    if (this.#adapters.size === 0) return null;
    if (model === this.#baseline) {
      if (fingerprint === null) {
        if (!(this.#base[item]! >= 0)) this.#baseFailed.add(item);
        for (const w of this.#watched.values()) w.waiting.delete(item);
        return null;
      }
      this.#base = withRoom(this.#base, item, NaN);
      this.#base[item] = fingerprint;
      this.#baseFailed.delete(item);
      let warning: string | null = null;
      for (const [key, w] of [...this.#watched]) {
        const theirs = w.waiting.get(item);
        if (theirs === undefined) continue;
        w.waiting.delete(item);
        warning ??= this.#compare(key, w, theirs === fingerprint);
      }
      return warning;
    }
    if (!this.#adapters.has(model) || fingerprint === null || this.#baseFailed.has(item)) {
      return null;
    }
    // Every reply of the adapter together, as on one server; and on its replica, when named.
    const place = host === undefined ? "" : this.#where(host);
    const keys = place === "" ? [`${model}\u0000`] : [`${model}\u0000`, `${model}\u0000${place}`];
    const known = this.#base[item];
    const base = known !== undefined && known >= 0 ? known : undefined;
    let warning: string | null = null;
    for (const key of keys) {
      if (this.#decided.has(key)) continue;
      let w = this.#watched.get(key);
      if (w === undefined) this.#watched.set(key, w = { waiting: new Map(), compared: 0 });
      if (base === undefined) w.waiting.set(item, fingerprint);
      else warning ??= this.#compare(key, w, fingerprint === base);
    }
    return warning;
  }

  #compare(key: string, w: Watched, same: boolean): string | null {
    if (!same) {
      this.#stop(key);
      return null;
    }
    if (++w.compared < this.#items) return null;
    this.#stop(key);
    const [adapter, where] = key.split("\u0000") as [string, string];
    if (where === "") {
      // Every replica serves the baseline's replies: one warning says it for all of them.
      for (const other of [...this.#watched.keys()]) {
        if (other.startsWith(`${adapter}\u0000`)) this.#stop(other);
      }
    }
    const warning = where === ""
      ? `WARNING: ${adapter}'s first ${this.#items} replies are byte for byte ` +
        `${this.#baseline}'s (text, calls and finish reason): the adapter may not be applied; ` +
        `check that the server loaded it and serves it under that name`
      : `WARNING: ${adapter}'s first ${this.#items} replies on ${where} are byte for byte ` +
        `${this.#baseline}'s (text, calls and finish reason): the adapter may not be applied ` +
        `there; check that this replica loaded it and serves it under that name`;
    this.#warnings.push(warning);
    return warning;
  }

  #stop(key: string): void {
    this.#watched.delete(key);
    this.#decided.add(key);
  }
}
