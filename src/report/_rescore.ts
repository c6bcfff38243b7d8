/**
 * A result judged again by the installed scorer, for a report that re-scores: the same steps for
 * the figures (`from_results.ts`) and the item panels (`item_panels.ts`). Private to `src/report/`.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";
import type { RecordedReply, ResultRecord } from "../results/records.ts";
import { readReply } from "../results/reply.ts";
import type { ScoreOptions, Scorer } from "../score/scorer.ts";

/**
 * The recorded reply, or for a reply the old scorer could not judge, the one its body holds (the
 * record must have been read with its response).
 */
export function replyOf(r: ResultRecord, maxTokens: number): RecordedReply | null {
  if (r.reply !== null) return r.reply;
  if (r.error?.kind !== "scorer" || !r.response || r.response.body === null) return null;
  const read = readReply(r.response.body, maxTokens);
  return read.ok ? read.reply : null;
}

/** A verdict of the installed scorer. */
export interface Rejudged {
  /** The reply judged. */
  readonly reply: RecordedReply;
  /** The verdict, or `null` when the scorer failed on the reply. */
  readonly verdict:
    | { readonly correct: boolean; readonly reason: string; readonly detail: string }
    | null;
  /** Why the scorer failed, when it did. */
  readonly failure: string | null;
}

/**
 * The record's reply judged again, or `null` when it holds none to judge (an error other than the
 * scorer's).
 *
 * @param r The result record.
 * @param item Its item, asked for only when there is a reply to judge.
 * @param scorer The installed scorer.
 * @param scoring The run's scoring options.
 * @param maxTokens The run's `maxTokens` (for a reply read again from its body).
 * @returns The reply with its verdict or the scorer's failure, or `null`.
 */
export function rejudge(
  r: ResultRecord,
  item: () => Item,
  scorer: Scorer,
  scoring: ScoreOptions,
  maxTokens: number,
): Rejudged | null {
  const reply = replyOf(r, maxTokens);
  if (reply === null) return null;
  const judged = item();
  try {
    const v = scorer.score(judged, reply, scoring);
    return {
      reply,
      verdict: { correct: v.correct === true, reason: String(v.reason), detail: String(v.detail) },
      failure: null,
    };
  } catch (e) {
    return { reply, verdict: null, failure: e instanceof Error ? e.message : String(e) };
  }
}
