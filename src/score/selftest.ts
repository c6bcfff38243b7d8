/**
 * The self-test a scorer must pass on every item it will score: its answer key is marked correct,
 * and an empty reply (the null control) is marked wrong unless the key is itself an empty reply.
 *
 * @module
 */

import { type ItemId, itemIdShown } from "../dataset/item_id.ts";
import type { Item } from "../dataset/item.ts";
import { detachedItem } from "../dataset/detached.ts";
import type { Reply, ScoreOptions, Scorer, Verdict } from "./scorer.ts";
import { oneLine } from "../text/one_line.ts";

/** The null control: a reply with no text and no calls, that did not reach the token limit. */
export const EMPTY_REPLY: Reply = Object.freeze({
  text: "",
  calls: Object.freeze([]),
  truncated: false,
});

/** Which check of the self-test: the answer key, or the empty reply (the null control). */
export type SelftestCheck = "key" | "empty";

/** A check the scorer failed: the key marked wrong, or an empty reply marked correct. */
export interface SelftestFailure {
  /** The item's id. */
  readonly itemId: ItemId;
  /** The check. */
  readonly check: SelftestCheck;
  /** The reason the scorer gave. */
  readonly reason: string;
  /** The scorer's detail. */
  readonly detail: string;
}

/**
 * A bug the self-test found in the scorer: `key` or `score` threw, `score` gave a reason the
 * scorer does not declare, or returned something that is not a verdict.
 */
export interface SelftestFault {
  /** The item's id. */
  readonly itemId: ItemId;
  /** The check it was found on (`key` also when making the key threw). */
  readonly check: SelftestCheck;
  /** What went wrong, in plain words, on one line. */
  readonly message: string;
  /** What was thrown, when something was. */
  readonly error?: unknown;
}

/** What the self-test found. */
export interface SelftestResult {
  /** The scorer's name. */
  readonly scorer: string;
  /** The scorer's version. */
  readonly version: string;
  /** How many items were checked. */
  readonly items: number;
  /** How many answer keys were marked correct. */
  readonly keysCorrect: number;
  /** How many empty replies were marked wrong (items whose key is not an empty reply). */
  readonly emptyWrong: number;
  /** How many items have an answer key that is itself an empty reply (left out of the second check). */
  readonly emptyKeys: number;
  /** The failed checks, in the items' order (the key check before the empty reply's). */
  readonly failures: readonly SelftestFailure[];
  /** How many items failed a check. */
  readonly failedItems: number;
  /** The scorer's bugs, in the items' order. */
  readonly faults: readonly SelftestFault[];
  /** How many items showed a bug. */
  readonly faultyItems: number;
}

// What a scorer threw, on one line: its lines joined by spaces, other control characters escaped.
function describeThrown(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error
      ? `${error.name}: ${error.message}`
      : `a non-error value ${String(error)}`;
  } catch {
    return "a value that cannot be shown";
  }
  return oneLine(text.replace(/\s*[\r\n]+\s*/g, " "));
}

/** A wrong argument, named by what it is: `undefined`, `"x"`, `an object`, `a number`. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === "string") return oneLine(JSON.stringify(value));
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The arguments of {@linkcode selftest}, as a caller without type checks may pass them. */
function checkArguments(scorer: unknown, items: unknown, options: unknown): void {
  const s = scorer as Partial<Scorer> | null | undefined;
  if (
    typeof s !== "object" || s === null || typeof s.key !== "function" ||
    typeof s.score !== "function" || !Array.isArray(s.reasons)
  ) {
    throw new TypeError(
      "selftest: scorer must be a scorer (an object with key and score functions and a reasons " +
        `list), not ${shown(scorer)}`,
    );
  }
  if (!Array.isArray(items)) {
    throw new TypeError(`selftest: items must be an array of items, not ${shown(items)}`);
  }
  const ordering = (options as Partial<ScoreOptions> | null | undefined)?.ordering;
  if (ordering !== "any" && ordering !== "strict") {
    throw new TypeError(
      `selftest: options.ordering must be "any" or "strict", not ${shown(ordering)}`,
    );
  }
}

function isEmptyReply(reply: Reply): boolean {
  return reply.text === "" && reply.calls.length === 0;
}

/**
 * Holds a scorer to its self-test on items: for each, `score(item, key(item))` must be correct,
 * and `score(item, EMPTY_REPLY)` must be wrong unless the key is itself an empty reply (no text
 * and no calls). A reason the scorer does not declare, a verdict that is not one, or a throw from
 * `key` or `score` is a fault (a bug in the scorer), whichever check it was on. Never throws:
 * everything found is in the result.
 *
 * @param scorer The scorer.
 * @param items The items, in the split's order.
 * @param options What the scorer is told besides the item and the reply (no parser: there is no
 *   server): `{ ordering: "any" }` when left out, as in assess.yaml.
 * @returns The counts, the failures and the faults.
 * @throws {TypeError} When `scorer` is not a scorer (an object with `key` and `score` functions and
 *   a `reasons` list), `items` is not an array, or `options.ordering` is neither `any` nor
 *   `strict`: a caller's mistake, never counted as the scorer's fault.
 *
 * @example
 * ```ts
 * import { parseJson, xlamToolCall } from "@assess/assess";
 * import { selftest } from "./selftest.ts";
 * import assert from "node:assert/strict";
 *
 * const items = [
 *   { id: 1, index: 0, query: "", tools: [], answers: [{ name: "f", arguments: parseJson('{"x": 1}') }] },
 *   { id: 2, index: 1, query: "", tools: [], answers: [] },
 * ];
 * const result = selftest(xlamToolCall, items, { ordering: "any" });
 * assert.equal(result.keysCorrect, 2);
 * assert.equal(result.emptyWrong, 1);
 * assert.equal(result.emptyKeys, 1);
 * assert.deepEqual(result.failures, []);
 * assert.deepEqual(result.faults, []);
 * ```
 */
export function selftest(
  scorer: Scorer,
  items: readonly Item[],
  options: ScoreOptions = { ordering: "any" },
): SelftestResult {
  checkArguments(scorer, items, options);
  return selftestOf(scorer, items, options);
}

/**
 * {@linkcode selftest} on items given one at a time, each dropped after its checks (what
 * `assess run` does with its held-out items, kept as bytes: `PackedItems`), its arguments not
 * checked.
 *
 * @param scorer The scorer.
 * @param items The items, in the split's order.
 * @param options What the scorer is told besides the item and the reply.
 * @returns The counts, the failures and the faults.
 */
export function selftestOf(
  scorer: Scorer,
  items: Iterable<Item>,
  options: ScoreOptions,
): SelftestResult {
  const declared = new Set(scorer.reasons);
  const failures: SelftestFailure[] = [];
  const faults: SelftestFault[] = [];
  let keysCorrect = 0;
  let emptyWrong = 0;
  let emptyKeys = 0;
  let failedItems = 0;
  let faultyItems = 0;

  const judge = (item: Item, reply: Reply, check: SelftestCheck) =>
    judged(scorer, declared, options, faults, item, reply, check);

  let count = 0;
  for (const each of items) {
    count++;
    // Built for this item's checks and dropped after: nothing is kept on the split's items.
    const item = detachedItem(each);
    const faultsBefore = faults.length;
    const failuresBefore = failures.length;
    let key: Reply | undefined;
    try {
      key = scorer.key(item);
      if (key === null || typeof key !== "object" || !Array.isArray(key.calls)) {
        faults.push({ itemId: item.id, check: "key", message: "the answer key is not a reply" });
        key = undefined;
      }
    } catch (error) {
      faults.push({
        itemId: item.id,
        check: "key",
        message: `making the answer key threw ${describeThrown(error)}`,
        error,
      });
    }
    if (key !== undefined) {
      const onKey = judge(item, key, "key");
      if (onKey?.correct === true) keysCorrect++;
      else if (onKey !== undefined) {
        failures.push({
          itemId: item.id,
          check: "key",
          reason: onKey.reason,
          detail: String(onKey.detail),
        });
      }
      if (isEmptyReply(key)) {
        emptyKeys++;
      } else {
        const onEmpty = judge(item, EMPTY_REPLY, "empty");
        if (onEmpty?.correct === false) emptyWrong++;
        else if (onEmpty !== undefined) {
          failures.push({
            itemId: item.id,
            check: "empty",
            reason: onEmpty.reason,
            detail: String(onEmpty.detail),
          });
        }
      }
    }
    if (faults.length > faultsBefore) faultyItems++;
    if (failures.length > failuresBefore) failedItems++;
  }
  return {
    scorer: scorer.name,
    version: scorer.version,
    items: count,
    keysCorrect,
    emptyWrong,
    emptyKeys,
    failures,
    failedItems,
    faults,
    faultyItems,
  };
}

/**
 * The scorer's verdict on one reply of an item, or `undefined` with the fault recorded in `faults`
 * when it threw, gave no verdict, or gave a reason it does not declare.
 */
function judged(
  scorer: Scorer,
  declared: ReadonlySet<string>,
  options: ScoreOptions,
  faults: SelftestFault[],
  item: Item,
  reply: Reply,
  check: SelftestCheck,
): Verdict | undefined {
  const what = check === "key" ? "the answer key" : "an empty reply";
  let verdict: Verdict;
  try {
    verdict = scorer.score(item, reply, options);
  } catch (error) {
    faults.push({
      itemId: item.id,
      check,
      message: `scoring ${what} threw ${describeThrown(error)}`,
      error,
    });
    return undefined;
  }
  if (
    verdict === null || typeof verdict !== "object" || typeof verdict.correct !== "boolean" ||
    typeof verdict.reason !== "string"
  ) {
    faults.push({ itemId: item.id, check, message: `scoring ${what} gave no verdict` });
    return undefined;
  }
  if (!declared.has(verdict.reason)) {
    faults.push({
      itemId: item.id,
      check,
      message: `scoring ${what} gave the reason ${
        JSON.stringify(verdict.reason)
      }, which the scorer does not declare`,
    });
    return undefined;
  }
  return verdict;
}

/** The most fault lines {@linkcode selftestLines} prints; the rest are counted. */
export const MAX_FAULT_LINES = 20;

/**
 * The lines `assess selftest` prints for a result: on success the counts block (without the split
 * digest, which the caller adds), else the failures (every one, in the items' order), else, when
 * the scorer has a bug, the faults (the first {@linkcode MAX_FAULT_LINES}). Faults come before
 * failures: a scorer with a bug is not judged on its verdicts.
 *
 * @param result A self-test's result.
 * @returns Whether it passed, whether the scorer has a bug, and the lines, without newlines.
 *
 * @example
 * ```ts
 * import { xlamToolCall } from "@assess/assess";
 * import { selftest } from "./selftest.ts";
 * import { selftestLines } from "./selftest.ts";
 * import assert from "node:assert/strict";
 *
 * const items = [{ id: 4, index: 0, query: "", tools: [], answers: [] }];
 * assert.deepEqual(selftestLines(selftest(xlamToolCall, items, { ordering: "any" })), {
 *   outcome: "passed",
 *   lines: [
 *     "scorer xlam-tool-call 1 passed its self-test on 1 items",
 *     "  answer keys marked correct: 1",
 *     "  empty replies marked wrong: 0",
 *     "  answer keys that are an empty reply: 1",
 *   ],
 * });
 * ```
 */
export function selftestLines(
  result: SelftestResult,
): { readonly outcome: "passed" | "failed" | "faulty"; readonly lines: readonly string[] } {
  if (result.faults.length > 0) {
    const shown = result.faults.slice(0, MAX_FAULT_LINES);
    const lines = [
      `assess selftest: scorer ${result.scorer} has a bug, found on ${result.faultyItems} of ${result.items} items:`,
      ...shown.map((f) => `  item ${itemIdShown(f.itemId)}: ${f.message}`),
    ];
    if (result.faults.length > shown.length) {
      lines.push(`  … and ${result.faults.length - shown.length} more`);
    }
    return { outcome: "faulty", lines };
  }
  if (result.failures.length > 0) {
    return {
      outcome: "failed",
      lines: [
        `assess selftest: scorer ${result.scorer} failed its self-test on ${result.failedItems} of ${result.items} items:`,
        ...result.failures.map((f) =>
          f.check === "key"
            ? `  item ${
              itemIdShown(f.itemId)
            }: the answer key was marked wrong, with the reason ${f.reason}`
            : `  item ${
              itemIdShown(f.itemId)
            }: an empty reply was marked correct, with the reason ${f.reason}`
        ),
      ],
    };
  }
  return {
    outcome: "passed",
    lines: [
      `scorer ${result.scorer} ${result.version} passed its self-test on ${result.items} items`,
      `  answer keys marked correct: ${result.keysCorrect}`,
      `  empty replies marked wrong: ${result.emptyWrong}`,
      `  answer keys that are an empty reply: ${result.emptyKeys}`,
    ],
  };
}
