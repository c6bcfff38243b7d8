/**
 * The scorer interface: what every scorer, built in or registered, implements.
 *
 * @module
 */

import type { Item } from "../dataset/item.ts";

/**
 * How a reply's calls must be ordered to match the answer's: `any` order, or the answer's
 * (`strict`). `scorer.ordering` in `assess.yaml`.
 */
export type Ordering = "any" | "strict";

/** A call in a model's reply: the tool's name and its arguments as the server sent them (text). */
export interface ReplyCall {
  /** The tool called. */
  readonly name: string;
  /** The arguments text; a correct one is one JSON object. */
  readonly arguments: string;
}

/** A model's reply to an item, as a scorer sees it. */
export interface Reply {
  /** The reply's text (`""` when the server sent none). */
  readonly text: string;
  /** The calls the server parsed out of the reply. */
  readonly calls: readonly ReplyCall[];
  /** Whether the reply reached the token limit. */
  readonly truncated: boolean;
}

/** A scorer's judgement of a reply. */
export interface Verdict {
  /** Whether the reply is correct. */
  readonly correct: boolean;
  /** One of the scorer's declared reasons. */
  readonly reason: string;
  /** The reason in plain words, on one line. */
  readonly detail: string;
}

/** What a scorer is told besides the item and the reply. */
export interface ScoreOptions {
  /** Whether a reply's calls must come in the answer's order. */
  readonly ordering: Ordering;
  /** The server's tool-call parser, when known (`hermes`). */
  readonly toolCallParser?: string;
}

/**
 * The options a scorer is called with, from the recorded ordering and tool-call parser (`null`
 * when the server's parser is not known, and then left out).
 *
 * @param ordering Whether a reply's calls must come in the answer's order.
 * @param toolCallParser The server's tool-call parser, or `null`.
 * @returns The options.
 *
 * @example
 * ```ts
 * import { scoreOptions } from "./scorer.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(scoreOptions("any", null), { ordering: "any" });
 * assert.deepEqual(scoreOptions("strict", "hermes"), {
 *   ordering: "strict",
 *   toolCallParser: "hermes",
 * });
 * ```
 */
export function scoreOptions(ordering: Ordering, toolCallParser: string | null): ScoreOptions {
  return toolCallParser === null ? { ordering } : { ordering, toolCallParser };
}

/**
 * A scorer decides whether a reply to an item is correct, and gives one declared reason.
 *
 * `score` throwing means the scorer could not judge the item at all: never a wrong answer.
 */
export interface Scorer {
  /** The name a configuration selects the scorer by. */
  readonly name: string;
  /** Recorded with every result, so a change to the scoring is visible. */
  readonly version: string;
  /** Every reason `score` can give. */
  readonly reasons: readonly string[];
  /**
   * The tool-call parsers the scorer knows. When present, `validate` refuses a
   * `server.toolCallParser` outside it.
   */
  readonly toolCallParsers?: readonly string[];
  /**
   * Its lenient reading, when it has one: a scorer of the same replies (the same key and reasons)
   * that forgives a difference of form, and marks right every reply this scorer does. `assess
   * report` shows it beside the strict reading when it reads the items, `-scoring lenient` makes
   * it decide (refused, exit 64, for a scorer without one), and `assess selftest` holds it to the
   * self-test. Its `score` throwing on an item this scorer cannot judge either (on the item's own
   * key) leaves the item unjudged; anything else it throws is a bug.
   */
  readonly lenient?: Scorer;
  /** The item's answer as a reply: what a model that got it right would return. */
  key(item: Item): Reply;
  /** The verdict on a reply to an item. */
  score(item: Item, reply: Reply, options: ScoreOptions): Verdict;
}
