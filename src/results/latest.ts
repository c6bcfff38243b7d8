/**
 * Which record of a (model, item) pair counts: the one rule that resuming a run and reporting on
 * it both follow.
 *
 * @module
 */

import type { BodyRecord, ResultRecord } from "./records.ts";

/**
 * The key of a (model, item) pair in maps of results, or of a (model, item, sample) triple when
 * the run asks every item several times (`sampling.samples` above 1: every record carries its
 * `sample`). A pair's key is the one it had before samples existed.
 *
 * @param model The model's name.
 * @param itemIndex The item's position.
 * @param sample The sample's number, when the record has one. Default none.
 * @returns A string key.
 *
 * @example
 * ```ts
 * import { resultKey } from "./latest.ts";
 * import assert from "node:assert/strict";
 *
 * assert.notEqual(resultKey("a", 1), resultKey("a", 10));
 * assert.notEqual(resultKey("a", 1, 0), resultKey("a", 1, 1));
 * assert.notEqual(resultKey("a", 1, 0), resultKey("a", 1));
 * ```
 */
export function resultKey(model: string, itemIndex: number, sample?: number): string {
  return sample === undefined
    ? `${itemIndex}\u0000${model}`
    : `${itemIndex}\u0000${model}\u0000${sample}`;
}

/**
 * Whether a pair's next result takes the place of the one kept so far: an answer always does (the
 * latest answer wins), an error only replaces an error (an error never hides an answer).
 *
 * @param kept The result kept so far for the pair (anything with its `error`), or `undefined`.
 * @param next The pair's next result, in file order.
 * @returns Whether `next` is now the pair's effective result.
 *
 * @example
 * ```ts
 * import { supersedes } from "./latest.ts";
 * import assert from "node:assert/strict";
 *
 * const answer = { error: null };
 * const error = { error: { kind: "timeout" } };
 * assert.equal(supersedes(undefined, error), true);
 * assert.equal(supersedes(error, answer), true);
 * assert.equal(supersedes(answer, error), false);
 * ```
 */
export function supersedes(
  kept: { readonly error: unknown } | undefined,
  next: { readonly error: unknown },
): boolean {
  return kept === undefined || next.error === null || kept.error !== null;
}

/**
 * The effective result of every (model, item) pair (or (model, item, sample) triple): the latest answer, or the latest error when
 * the pair was never answered ({@linkcode supersedes}). For records held in memory; a reader of a
 * whole file folds `supersedes` over `readResults`' records instead, keeping only what it needs.
 *
 * @param records Records, in file order.
 * @returns The results by {@linkcode resultKey}.
 *
 * @example
 * ```ts
 * import { latestResults } from "./latest.ts";
 * import type { ResultRecord } from "./records.ts";
 * import assert from "node:assert/strict";
 *
 * const base = {
 *   kind: "result", model: "m", itemId: 1, itemIndex: 1, session: 1, requestDigest: "d",
 *   attempts: 1, latencyMs: 5, response: null, usage: null,
 * } as const;
 * const error: ResultRecord = {
 *   ...base, reply: null, verdict: null,
 *   error: { kind: "timeout", message: "no answer in 60 s", status: null, transient: true },
 * };
 * const answer: ResultRecord = {
 *   ...base, session: 2, error: null,
 *   reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
 *   verdict: { correct: false, reason: "no-call", detail: "no call" },
 * };
 * const latest = latestResults([error, answer]);
 * assert.equal(latest.size, 1);
 * assert.equal([...latest.values()][0]?.session, 2);
 * ```
 */
export function latestResults(records: Iterable<BodyRecord>): Map<string, ResultRecord> {
  const latest = new Map<string, ResultRecord>();
  for (const record of records) {
    if (record.kind !== "result") continue;
    const key = resultKey(record.model, record.itemIndex, record.sample);
    if (supersedes(latest.get(key), record)) latest.set(key, record);
  }
  return latest;
}
