/**
 * The leak check: which held-out items a training file holds, as the same query, as a near
 * duplicate of it, or as its answer, and which have template siblings there. `reference/leak.md`
 * says every rule.
 *
 * @module
 */

import type { AnswerCall, Item } from "../dataset/item.ts";
import type { Ordering, Scorer } from "../score/scorer.ts";
import { HeldOutIndex } from "./_held_out_index.ts";
import { LineChecker } from "./_line_checker.ts";
import { RecordReader } from "./_record_reader.ts";
import { LeakTally } from "./_tally.ts";
import { TrainingLine } from "./_training_line.ts";
import type { LeakReport } from "./leak_report.ts";

export type { TrainingFormat } from "./_record_reader.ts";
export { LEAK_KINDS } from "./leak_report.ts";
export type { Leak, LeakKind, LeakMatch, LeakReport } from "./leak_report.ts";

/** The most bytes one line (or array element) of a training file may hold: 16 MiB. */
export const MAX_TRAINING_LINE_BYTES: number = 16 << 20;

/** How many matching lines a leak keeps, by default; the rest are counted. */
export const KEPT_LINES = 20;

/**
 * How many distinct shingles of a user text are counted, at least: past them (and past the most
 * words a near duplicate of a held-out query can hold) counting stops, so that a line of
 * 16 MiB does not hold millions of shingles at once. Such a text is compared exactly all the same:
 * it is near no held-out query and the same as none; only the `union` of an answer leak in it is
 * then a lower bound ({@linkcode LeakMatch.unionAtLeast}).
 */
export const COUNTED_SHINGLES: number = 1 << 16;

/** How {@linkcode checkLeaks} checks. */
export interface LeakOptions {
  /** The scorer whose equality decides whether two answers are the same. */
  readonly scorer: Scorer;
  /** The scorer's ordering (`scorer.ordering`). */
  readonly ordering: Ordering;
  /** The most bytes a line may hold. Default {@linkcode MAX_TRAINING_LINE_BYTES}. */
  readonly maxLineBytes?: number;
  /** How many matching lines each leak keeps. Default {@linkcode KEPT_LINES}. */
  readonly keepLines?: number;
  /**
   * The answers of the dataset's other rows (the complement): a held-out answer that one of them
   * also gives is no answer leak, since training may hold that row. Default none.
   */
  readonly otherAnswers?: Iterable<readonly AnswerCall[]>;
}

/**
 * Checks a training file against the held-out items, reading it part by part: memory holds the
 * held-out items' indexes and one line, whatever the file's size. The file is JSON Lines (a chat
 * example or a dataset row a line) or one JSON array of either. For each user message (a row's
 * query) and the calls answering it, a held-out item leaks:
 *
 * - `exact` when the two queries have the same normal form (Unicode NFC, case folded, white space
 *   collapsed: `normalizeQuery`);
 * - else `near` when their words are at most 1 edit apart, 2 for a held-out query of 16 words or
 *   more (a word replaced, inserted, deleted, two neighbours swapped; a sentence of up to 8 words
 *   added at an end counts as one; a held-out query of fewer than 8 words needs the same words),
 *   found over every held-out query through an index of their rarest word pairs; but `sibling`,
 *   which is no leak, when the calls are not the held-out answer and differ from it only in values
 *   that hold the words the two queries do not share;
 * - else `answer` when the calls are the held-out answer (at least one call), as the scorer judges
 *   a reply made of them, and no row of `otherAnswers` gives that answer.
 *
 * Nothing random plays a part: the same file and items always give the same report.
 *
 * @param source The file's bytes, whole or as a stream of parts.
 * @param heldOut The held-out items.
 * @param options The scorer and the limits.
 * @returns What leaks, and where.
 * @throws {TrainingFileError} When the file is neither JSON Lines nor a JSON array, or a line is
 *   not JSON, not an object, has no user message, is not UTF-8 or is larger than `maxLineBytes`.
 *
 * @example
 * ```ts
 * import { checkLeaks, parseJson, xlamToolCall } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const heldOut = [{
 *   id: 7, index: 0, query: "What is the weather in Paris for the next three days?", tools: [],
 *   answers: [{ name: "weather", arguments: parseJson('{"city": "Paris", "days": 3}') }],
 * }];
 * const file = [
 *   { messages: [{ role: "user", content: "what is the WEATHER in Paris  for the next three days?" }] },
 *   { query: "Paris, three days: the weather?", answers: '[{"name": "weather", "arguments": {"days": 3.0, "city": "Paris"}}]' },
 * ].map((line) => JSON.stringify(line) + "\n").join("");
 * const report = await checkLeaks(new TextEncoder().encode(file), heldOut, {
 *   scorer: xlamToolCall,
 *   ordering: "any",
 * });
 * assert.deepEqual(report.leaks.map((leak) => [leak.kind, leak.id, leak.lines[0]!.line]), [
 *   ["exact", 7, 1],
 *   ["answer", 7, 2],
 * ]);
 * ```
 */
export async function checkLeaks(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  heldOut: readonly Item[],
  options: LeakOptions,
): Promise<LeakReport> {
  const index = new HeldOutIndex(heldOut);
  for (const answers of options.otherAnswers ?? []) index.exclude(answers);
  const tally = new LeakTally(options.keepLines ?? KEPT_LINES);
  const checker = new LineChecker(index, tally, {
    scorer: options.scorer,
    ordering: options.ordering,
    limit: Math.max(COUNTED_SHINGLES, index.wordLimit),
  });
  let examples = 0;
  // Items with their own messages are compared by their conversations; dataset rows, as before,
  // by their query against each user message alone.
  const turnText = heldOut.some((item) => item.chat !== undefined) ? "conversation" : "message";
  const reader = new RecordReader(options.maxLineBytes ?? MAX_TRAINING_LINE_BYTES, (text, at) => {
    // The line is let go once checked, before the next is read: two lines of 16 MiB are never
    // held at once.
    const line = new TrainingLine(text, at, turnText);
    examples++;
    checker.check(line);
  });
  if (source instanceof Uint8Array) reader.push(source);
  else for await (const chunk of source) reader.push(chunk);
  reader.end();

  const { leaks, leaking, siblings } = tally.leaks(heldOut);
  return {
    format: reader.format ?? "empty",
    lines: reader.lines,
    examples,
    heldOut: heldOut.length,
    leaking,
    siblings,
    leaks,
  };
}
