/**
 * The kind of an item, read from its answer: whether a correct reply calls no tool, one, the same
 * tool several times, or several tools.
 *
 * @module
 */

import type { AnswerCall } from "./item.ts";

/**
 * An item's category, from its answer's calls:
 *
 * - `no-call`: the answer has no call (a correct reply abstains);
 * - `single`: one call;
 * - `parallel`: two or more calls, all to one tool;
 * - `multiple`: two or more calls, to two or more tools.
 */
export type AnswerCategory = typeof ANSWER_CATEGORIES[number];

/**
 * Every category, in the order reports list them.
 *
 * @example
 * ```ts
 * import { ANSWER_CATEGORIES } from "./category.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(ANSWER_CATEGORIES, ["no-call", "single", "parallel", "multiple"]);
 * ```
 */
export const ANSWER_CATEGORIES = ["no-call", "single", "parallel", "multiple"] as const;

/**
 * The category of an item whose answer makes these calls.
 *
 * @param answers The answer's calls (an item's `answers`).
 * @returns `no-call`, `single`, `parallel` or `multiple`.
 *
 * @example
 * ```ts
 * import { answerCategory } from "./category.ts";
 * import assert from "node:assert/strict";
 *
 * const call = (name: string) => ({ name, arguments: null });
 * assert.equal(answerCategory([]), "no-call");
 * assert.equal(answerCategory([call("a")]), "single");
 * assert.equal(answerCategory([call("a"), call("a")]), "parallel");
 * assert.equal(answerCategory([call("a"), call("b"), call("a")]), "multiple");
 * ```
 */
export function answerCategory(answers: readonly Pick<AnswerCall, "name">[]): AnswerCategory {
  if (answers.length === 0) return "no-call";
  if (answers.length === 1) return "single";
  const first = answers[0]!.name;
  return answers.every((call) => call.name === first) ? "parallel" : "multiple";
}
