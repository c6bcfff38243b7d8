/**
 * The scorer registry: the built-in scorer and the ones a program registers, by name.
 *
 * @module
 */

import type { Scorer } from "./scorer.ts";
import { xlamToolCall } from "./xlam_tool_call.ts";

const BUILT_IN: ReadonlyMap<string, Scorer> = new Map([[xlamToolCall.name, xlamToolCall]]);
const registered = new Map<string, Scorer>();

/**
 * Makes a scorer available under its name, for `scorer.name` in `assess.yaml`. Register before
 * calling `run`; a program's scorers last as long as the program.
 *
 * @param scorer The scorer.
 * @throws {TypeError} When the scorer is missing, its name is empty, or it lacks a part of the
 *   {@linkcode Scorer} interface (a string `version`, a list of string `reasons`, `key` and
 *   `score` functions), or its `lenient` reading, when given, is not a scorer.
 * @throws {RangeError} When the name is the built-in scorer's or is registered already.
 *
 * @example
 * ```ts
 * import { lookupScorer, register, type Scorer } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const anyCall: Scorer = {
 *   name: "any-call-example",
 *   version: "1",
 *   reasons: ["called", "silent"],
 *   key: (item) => ({ text: "", calls: item.answers.map((c) => ({ name: c.name, arguments: "{}" })), truncated: false }),
 *   score: (_item, reply) =>
 *     reply.calls.length > 0
 *       ? { correct: true, reason: "called", detail: "the reply calls a tool" }
 *       : { correct: false, reason: "silent", detail: "the reply calls no tool" },
 * };
 * register(anyCall);
 * assert.equal(lookupScorer("any-call-example"), anyCall);
 * assert.throws(() => register(anyCall), RangeError);
 * assert.throws(() => register({ ...anyCall, name: "xlam-tool-call" }), RangeError);
 * ```
 */
export function register(scorer: Scorer): void {
  // deno-lint-ignore no-explicit-any
  if ((scorer as any) == null || typeof scorer !== "object") {
    throw new TypeError("register: no scorer given");
  }
  if (typeof scorer.name !== "string" || scorer.name === "") {
    throw new TypeError("register: the scorer's name is empty");
  }
  const name = JSON.stringify(scorer.name);
  if (typeof scorer.version !== "string") {
    throw new TypeError(`register: scorer ${name} has no version string`);
  }
  if (!Array.isArray(scorer.reasons) || !scorer.reasons.every((r) => typeof r === "string")) {
    throw new TypeError(`register: scorer ${name} has no list of reasons`);
  }
  if (typeof scorer.key !== "function" || typeof scorer.score !== "function") {
    throw new TypeError(`register: scorer ${name} needs key and score functions`);
  }
  const lenient = scorer.lenient;
  if (
    lenient !== undefined && (
      // deno-lint-ignore no-explicit-any
      (lenient as any) === null || typeof lenient !== "object" ||
      typeof lenient.version !== "string" || !Array.isArray(lenient.reasons) ||
      typeof lenient.key !== "function" || typeof lenient.score !== "function"
    )
  ) {
    throw new TypeError(
      `register: scorer ${name}'s lenient reading is not a scorer (a version string, reasons, ` +
        "key and score functions)",
    );
  }
  if (BUILT_IN.has(scorer.name)) {
    throw new RangeError(`register: ${scorer.name} is the built-in scorer's name`);
  }
  if (registered.has(scorer.name)) {
    throw new RangeError(`register: a scorer named ${scorer.name} is registered already`);
  }
  registered.set(scorer.name, scorer);
}

/**
 * Finds a scorer by name, built-in or registered.
 *
 * @param name The scorer's name.
 * @returns The scorer, or `undefined` when nothing has that name.
 *
 * @example
 * ```ts
 * import { lookupScorer } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.equal(lookupScorer("no-such-scorer"), undefined);
 * ```
 */
export function lookupScorer(name: string): Scorer | undefined {
  return BUILT_IN.get(name) ?? registered.get(name);
}

/**
 * The names a configuration may select: the built-in scorer's first, then the registered ones in
 * the order they were registered. For messages such as "nothing registered foo (known: …)".
 *
 * @returns The names.
 *
 * @example
 * ```ts
 * import { scorerNames } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(scorerNames()[0], "xlam-tool-call");
 * ```
 */
export function scorerNames(): readonly string[] {
  return [...BUILT_IN.keys(), ...registered.keys()];
}
