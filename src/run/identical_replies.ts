/**
 * The trap of an adapter that was not applied: vLLM has served the base model under an adapter's
 * name more than once, and then every reply of the adapter is the baseline's. A run watches each
 * adapter's first replies against the baseline's on the same items (earlier sessions' included
 * when it resumes) and warns as soon as the first {@linkcode IDENTICAL_WATCH_ITEMS} are all
 * identical.
 *
 * @module
 */

import { replyFingerprint } from "../results/fingerprint.ts";
import type { ResultRecord } from "../results/records.ts";

/** How many of an adapter's first replies, all the baseline's, make a run warn. */
export const IDENTICAL_WATCH_ITEMS = 50;

/** An adapter still watched: its replies waiting for the baseline's, and how far it has come. */
interface Watched {
  /** Fingerprints of its replies to items the baseline has not answered yet, by item index. */
  readonly waiting: Map<number, number>;
  /** Items compared so far (all identical: the first difference ends the watch). */
  compared: number;
}

/**
 * Watches a session's results, in the order they come (any interleaving of models and items), and
 * says when an adapter's first `items` replies that can be compared with the baseline's (both
 * answered the item) are all byte for byte the baseline's: text, calls and finish reason (see
 * `replyFingerprint`). An adapter is watched until its first difference or the warning; errors are
 * skipped. A resumed run hands in the earlier sessions' answers first (`addReply`), so the
 * comparison goes on across sessions. Memory holds a number per item answered by one side and not
 * yet by the other, and nothing once every adapter is decided.
 *
 * @example
 * ```ts
 * import { IdenticalRepliesWatch } from "./identical_replies.ts";
 * import type { ResultRecord } from "../results/records.ts";
 * import assert from "node:assert/strict";
 *
 * const result = (model: string, itemIndex: number, text: string): ResultRecord => ({
 *   kind: "result", model, itemId: itemIndex, itemIndex, session: 1, requestDigest: "d",
 *   attempts: 1, latencyMs: 1, response: null, usage: null, error: null,
 *   reply: { text, calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   verdict: { correct: false, reason: "no-call", detail: "" },
 * });
 * const watch = new IdenticalRepliesWatch("base", ["tuned"], 2);
 * assert.equal(watch.add(result("tuned", 0, "hi")), null);
 * assert.equal(watch.add(result("base", 0, "hi")), null);
 * assert.equal(watch.add(result("base", 1, "yes")), null);
 * assert.match(watch.add(result("tuned", 1, "yes"))!, /^WARNING: tuned's first 2 replies are /);
 * assert.deepEqual(watch.warnings.length, 1);
 * ```
 */
export class IdenticalRepliesWatch {
  readonly #baseline: string;
  readonly #items: number;
  readonly #watched = new Map<string, Watched>();
  /** The baseline's fingerprints, by item index, while an adapter is watched. */
  readonly #base = new Map<number, number>();
  /** Items whose baseline reply failed: no adapter reply to them can be compared. */
  readonly #baseFailed = new Set<number>();
  readonly #warnings: string[] = [];

  /**
   * @param baseline The baseline's name.
   * @param adapters The adapters' names.
   * @param items How many identical replies make the warning: {@linkcode IDENTICAL_WATCH_ITEMS}.
   */
  constructor(baseline: string, adapters: readonly string[], items = IDENTICAL_WATCH_ITEMS) {
    this.#baseline = baseline;
    this.#items = items;
    for (const adapter of adapters) this.#watched.set(adapter, { waiting: new Map(), compared: 0 });
  }

  /** The warnings given so far, one per adapter at most. */
  get warnings(): readonly string[] {
    return this.#warnings;
  }

  /**
   * Takes a result record.
   *
   * @param record A result of this session.
   * @returns The warning line when this record completes an adapter's identical first replies,
   *   else `null`.
   */
  add(record: ResultRecord): string | null {
    if (this.#watched.size === 0) return null;
    if (record.model !== this.#baseline && !this.#watched.has(record.model)) return null;
    const fingerprint = record.reply === null ? null : replyFingerprint(record.reply);
    return this.addReply(record.model, record.itemIndex, fingerprint);
  }

  /**
   * Takes a reply by its fingerprint: how a resumed run hands in the answers of earlier sessions
   * (`Resume.replies`, in file order) before its own, so that an adapter answering now is compared
   * with the baseline's earlier replies.
   *
   * @param model The model that replied.
   * @param item The item's position (its index).
   * @param fingerprint `replyFingerprint` of the reply, or `null` for an error.
   * @returns The warning line when this reply completes an adapter's identical first replies,
   *   else `null`.
   */
  addReply(model: string, item: number, fingerprint: number | null): string | null {
    if (this.#watched.size === 0) return null;
    if (model === this.#baseline) {
      if (fingerprint === null) {
        this.#baseFailed.add(item);
        for (const w of this.#watched.values()) w.waiting.delete(item);
        return null;
      }
      this.#base.set(item, fingerprint);
      let warning: string | null = null;
      for (const [adapter, w] of [...this.#watched]) {
        const theirs = w.waiting.get(item);
        if (theirs === undefined) continue;
        w.waiting.delete(item);
        warning ??= this.#compare(adapter, w, theirs === fingerprint);
      }
      return warning;
    }
    const w = this.#watched.get(model);
    if (w === undefined || fingerprint === null || this.#baseFailed.has(item)) return null;
    const base = this.#base.get(item);
    if (base === undefined) {
      w.waiting.set(item, fingerprint);
      return null;
    }
    return this.#compare(model, w, fingerprint === base);
  }

  #compare(adapter: string, w: Watched, same: boolean): string | null {
    if (!same) {
      this.#stop(adapter);
      return null;
    }
    if (++w.compared < this.#items) return null;
    this.#stop(adapter);
    const warning = `WARNING: ${adapter}'s first ${this.#items} replies are byte for byte ` +
      `${this.#baseline}'s (text, calls and finish reason): the adapter may not be applied; ` +
      `check that the server loaded it and serves it under that name`;
    this.#warnings.push(warning);
    return warning;
  }

  #stop(adapter: string): void {
    this.#watched.delete(adapter);
    if (this.#watched.size === 0) {
      this.#base.clear();
      this.#baseFailed.clear();
    }
  }
}
