/**
 * The leak check: which held-out items a training file holds, as the same query, as a near
 * duplicate of it, or as its answer. `reference/leak.md` says every rule.
 *
 * @module
 */

import type { AnswerCall, Item } from "../dataset/item.ts";
import { parseJson } from "../json/strict_json.ts";
import type { Ordering, ReplyCall, Scorer } from "../score/scorer.ts";
import { type Turn, turnsOf } from "./_examples.ts";
import { answerKey, HeldOutIndex } from "./_held_out_index.ts";
import { eachShingleNumber } from "./_fingerprint.ts";
import { RecordReader } from "./_record_reader.ts";
import { eachShingle, nearDuplicate, normalizeQuery } from "./normalize.ts";
import type { LeakReport } from "./leak_report.ts";
import { LeakTally } from "./_tally.ts";
import { TrainingFileError } from "./training_file_error.ts";

export type { TrainingFormat } from "./_record_reader.ts";
export { LEAK_KINDS } from "./leak_report.ts";
export type { Leak, LeakKind, LeakMatch, LeakReport } from "./leak_report.ts";

/** The most bytes one line (or array element) of a training file may hold: 16 MiB. */
export const MAX_TRAINING_LINE_BYTES: number = 16 << 20;

/** How many matching lines a leak keeps, by default; the rest are counted. */
export const KEPT_LINES = 20;

/**
 * How many distinct shingles of a user text are counted, at least: past them (and past 5/4 of the
 * largest held-out query's count, where no near duplicate can be) counting stops, so that a line of
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

/** A text's distinct shingles, or undefined when it has more than `limit` of them. */
function shingleSet(normal: string, limit: number): Set<string> | undefined {
  const set = new Set<string>();
  for (const s of eachShingle(normal)) {
    set.add(s);
    if (set.size > limit) return undefined;
  }
  return set;
}

/**
 * Checks a training file against the held-out items, reading it part by part: memory holds the
 * held-out items' indexes and one line, whatever the file's size. The file is JSON Lines (a chat
 * example or a dataset row a line) or one JSON array of either. For each user message (a row's
 * query) and the calls answering it, a held-out item leaks:
 *
 * - `exact` when the two queries have the same normal form (Unicode NFC, case folded, white space
 *   collapsed: {@linkcode normalizeQuery});
 * - else `near` when the Jaccard index of their sets of word 5-grams ({@linkcode shingles}) is at
 *   least 0.8, computed exactly over every held-out query sharing a shingle;
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
 * import { parseJson, xlamToolCall } from "@assess/assess";
 * import { checkLeaks } from "./leak.ts";
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
  const keep = options.keepLines ?? KEPT_LINES;
  const index = new HeldOutIndex(heldOut);
  const limit = Math.max(COUNTED_SHINGLES, index.nearLimit);
  for (const answers of options.otherAnswers ?? []) index.exclude(answers);
  const tally = new LeakTally(keep);
  // The held-out items a turn may match: 1 when chosen, 2 when found exact or near.
  const marks = new Uint8Array(heldOut.length);
  const touched: number[] = [];
  const touch = (p: number) => {
    if (marks[p] === 0) {
      marks[p] = 1;
      touched.push(p);
    }
  };
  let examples = 0;

  // The line being read, and what is read of it only when an answer is compared: its calls with
  // their numbers as written (null when the strict reader refuses the line: no answer equals it),
  // and each turn's answer key (null until asked).
  let text = "";
  let line = 0;
  let turns: readonly Turn[] = [];
  let exact: readonly Turn[] | null | undefined;
  const keys: (string | undefined | null)[] = [];
  const keyOf = (t: number): string | undefined => {
    if (keys[t] === null) keys[t] = answerKey(turns[t]!.calls);
    return keys[t] as string | undefined;
  };
  const same = (position: number, t: number): boolean => {
    // Answers whose keys differ are not the same: only equal keys are read exactly and scored.
    const key = keyOf(t);
    if (key === undefined || key !== index.answerKeys[position]) return false;
    if (exact === undefined) {
      try {
        exact = turnsOf(parseJson(text), line, "exact");
      } catch {
        exact = null;
      }
    }
    const calls = exact?.[t]?.calls.map((c): ReplyCall => ({
      name: c.name,
      arguments: c.arguments as string,
    }));
    if (calls === undefined) return false;
    try {
      return options.scorer.score(
        heldOut[position]!,
        { text: "", calls, truncated: false },
        { ordering: options.ordering },
      ).correct;
    } catch {
      return false; // the scorer cannot judge: not the same answer
    }
  };

  const take = (lineText: string, at: number) => {
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch (e) {
      throw new TrainingFileError(at, `the text is not JSON (${(e as Error).message})`);
    }
    text = lineText;
    line = at;
    turns = turnsOf(value, line, "loose");
    exact = undefined;
    keys.length = turns.length;
    keys.fill(null);
    examples++;
    for (let t = 0; t < turns.length; t++) {
      const turn = turns[t]!;
      const normal = normalizeQuery(turn.user);
      // The held-out items that may have the query or share a shingle, chosen by their numbers
      // (a shingle's at a time: a long text's are never held at once); their strings decide.
      const print = eachShingleNumber(normal, (h) => {
        for (const p of index.postings.get(h) ?? []) touch(p);
      });
      for (const p of index.exact.get(print) ?? []) touch(p);
      const answers = turn.calls.length > 0
        ? index.answerCandidates(turn.calls, () => keyOf(t))
        : [];
      if (touched.length > 0 || answers.length > 0) {
        const own = shingleSet(normal, limit);
        if (own === undefined) {
          // Too many shingles to be near (or the same as) any held-out query; only an answer may
          // leak, and its union is counted up to the limit.
          for (const p of answers) {
            if (!same(p, t)) continue;
            const other = index.shingleSets[p]!;
            const seen = new Set<string>();
            for (const s of eachShingle(normal)) if (other.has(s)) seen.add(s);
            const shared = seen.size;
            const union = limit + 1 + other.size - shared;
            tally.record("answer", p, {
              line,
              shared,
              union,
              sameAnswer: true,
              unionAtLeast: true,
            });
          }
        } else {
          const overlap = (p: number) => {
            const other = index.shingleSets[p]!;
            const [small, large] = own.size <= other.size ? [own, other] : [other, own];
            let shared = 0;
            for (const s of small) if (large.has(s)) shared++;
            return { shared, union: own.size + other.size - shared };
          };
          for (const p of touched) {
            const { shared, union } = overlap(p);
            const kind = index.normals[p] === normal
              ? "exact"
              : nearDuplicate(shared, union)
              ? "near"
              : undefined;
            if (kind === undefined) continue;
            marks[p] = 2;
            tally.record(kind, p, { line, shared, union, sameAnswer: same(p, t) });
          }
          for (const p of answers) {
            if (marks[p] === 2 || !same(p, t)) continue;
            tally.record("answer", p, { line, ...overlap(p), sameAnswer: true });
          }
        }
      }
      for (const p of touched) marks[p] = 0;
      touched.length = 0;
    }
    // Let the line go before the next is read: two lines of 16 MiB are never held at once.
    text = "";
    turns = [];
    exact = undefined;
  };

  const reader = new RecordReader(options.maxLineBytes ?? MAX_TRAINING_LINE_BYTES, take);
  if (source instanceof Uint8Array) reader.push(source);
  else for await (const chunk of source) reader.push(chunk);
  reader.end();

  const { leaks, leaking } = tally.leaks(heldOut);
  return {
    format: reader.format ?? "empty",
    lines: reader.lines,
    examples,
    heldOut: heldOut.length,
    leaking,
    leaks,
  };
}
