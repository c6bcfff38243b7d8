/**
 * The scorer registry: the built-in scorer and the ones a program registers, by name.
 *
 * @module
 */

import type { Scorer } from "./scorer.ts";

const BUILT_IN: ReadonlyMap<string, Scorer> = new Map();
const registered = new Map<string, Scorer>();

/**
 * Makes a scorer available under its name, for `scorer.name` in `assess.yaml`.
 *
 * @param scorer The scorer.
 * @throws {TypeError} When the scorer is missing or its name is empty.
 * @throws {RangeError} When the name is the built-in scorer's or is registered already.
 *
 * @example
 * ```ts ignore
 * import { register } from "@assess/assess";
 * register(myScorer);
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
