/**
 * A refusal of an `assess.yaml`, as data: where (a dotted path, and a line and column when the
 * refusal has one place in the text) and why.
 *
 * @module
 */

/**
 * One refusal of a configuration.
 *
 * `path` is dotted, with array indices as numbers (`models.adapters.0.name`); `""` means the file
 * as a whole. `line` and `column` say where in the text, for a refusal found while reading it (a
 * YAML syntax error, a key written twice, an alias, a `${`); a refusal of a value has its path
 * only. The message never repeats the position: {@linkcode issueLine} prints it.
 */
export interface ConfigIssue {
  /** Where, such as `dataset.sha256`; `""` for the file as a whole. */
  readonly path: string;
  /** Why, in plain words, on one line. Never holds a refused URL. */
  readonly message: string;
  /** The line of the text it is on, counted from 1; absent when it has no one place. */
  readonly line?: number;
  /**
   * The column on that line, counted from 1 in UTF-16 code units (a character outside the Basic
   * Multilingual Plane counts 2); present exactly when `line` is.
   */
  readonly column?: number;
}

/**
 * Orders issues by path, segment by segment (numeric segments numerically, a parent before its
 * children, the file as a whole first), then by place in the text (an issue without one first, then
 * by line and column), then by message (numbers in it numerically).
 *
 * @param a One issue.
 * @param b Another.
 * @returns Negative, zero or positive, as for `Array.prototype.sort`.
 *
 * @example
 * ```ts
 * import { compareIssues } from "./config_issue.ts";
 * import assert from "node:assert/strict";
 *
 * const issues = [
 *   { path: "models.adapters.10.name", message: "b" },
 *   { path: "models.adapters.2.name", message: "a" },
 *   { path: "", message: "c" },
 * ].sort(compareIssues);
 * assert.deepEqual(issues.map((i) => i.path), ["", "models.adapters.2.name", "models.adapters.10.name"]);
 * ```
 */
export function compareIssues(a: ConfigIssue, b: ConfigIssue): number {
  const byPath = comparePaths(a.path, b.path);
  if (byPath !== 0) return byPath;
  const byPlace = comparePlaces(a, b);
  return byPlace !== 0 ? byPlace : naturalCompare(a.message, b.message);
}

function comparePlaces(a: ConfigIssue, b: ConfigIssue): number {
  if (a.line === undefined || b.line === undefined) {
    return (a.line === undefined ? 0 : 1) - (b.line === undefined ? 0 : 1);
  }
  return a.line - b.line || (a.column ?? 0) - (b.column ?? 0);
}

function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "") return -1;
  if (b === "") return 1;
  const as = a.split(".");
  const bs = b.split(".");
  const n = Math.min(as.length, bs.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(as[i]!, bs[i]!);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}

const DIGITS = /^[0-9]+$/;

function compareSegments(a: string, b: string): number {
  const an = DIGITS.test(a);
  const bn = DIGITS.test(b);
  if (an && bn) {
    const byLength = a.replace(/^0+/, "").length - b.replace(/^0+/, "").length;
    if (byLength !== 0) return byLength;
  } else if (an !== bn) {
    return an ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function naturalCompare(a: string, b: string): number {
  const as = a.split(/([0-9]+)/);
  const bs = b.split(/([0-9]+)/);
  const n = Math.min(as.length, bs.length);
  for (let i = 0; i < n; i++) {
    // Odd pieces are digit runs.
    const c = i % 2 === 1
      ? compareSegments(as[i]!, bs[i]!)
      : (as[i]! < bs[i]! ? -1 : as[i]! > bs[i]! ? 1 : 0);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}

/**
 * Sorts issues into the documented order ({@linkcode compareIssues}) and drops exact repeats (the
 * same path, place and message).
 *
 * @param issues The issues, in any order.
 * @returns A new sorted array.
 *
 * @example
 * ```ts
 * import { sortIssues } from "./config_issue.ts";
 * import assert from "node:assert/strict";
 *
 * const sorted = sortIssues([{ path: "version", message: "x" }, { path: "", message: "y" }]);
 * assert.deepEqual(sorted.map((i) => i.path), ["", "version"]);
 * ```
 */
export function sortIssues(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const sorted = [...issues].sort(compareIssues);
  return sorted.filter((issue, i) => {
    const before = sorted[i - 1];
    return !before || before.path !== issue.path || before.line !== issue.line ||
      before.column !== issue.column || before.message !== issue.message;
  });
}

/**
 * An issue as the command line prints it: `path: message`, or the message alone for the file as a
 * whole; an issue with a place in the text starts with it as `file:line:column: `, the form
 * compilers print and editors and terminals follow to the place.
 *
 * @param issue The issue.
 * @param file The file's name, for the place; default `assess.yaml`.
 * @returns One line, without indentation or newline.
 *
 * @example
 * ```ts
 * import { issueLine } from "./config_issue.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(issueLine({ path: "version", message: "value must be 1" }), "version: value must be 1");
 * assert.equal(issueLine({ path: "", message: "the file is empty" }), "the file is empty");
 * assert.equal(
 *   issueLine({ path: "split.size", message: "key written twice, first on line 17", line: 18, column: 3 }),
 *   "assess.yaml:18:3: split.size: key written twice, first on line 17",
 * );
 * assert.equal(
 *   issueLine({ path: "", message: "YAML syntax error: x", line: 3, column: 1 }, "conf/a.yaml"),
 *   "conf/a.yaml:3:1: YAML syntax error: x",
 * );
 * ```
 */
export function issueLine(issue: ConfigIssue, file = "assess.yaml"): string {
  const place = issue.line === undefined
    ? ""
    : `${file}:${issue.line}${issue.column === undefined ? "" : `:${issue.column}`}: `;
  return place + (issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`);
}

/**
 * What {@linkcode parseConfig} throws for a refused configuration: every issue, sorted.
 *
 * @example
 * ```ts
 * import { ConfigError } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const error = new ConfigError([{ path: "version", message: "value must be 1" }]);
 * assert.equal(error.message, "the configuration was refused:\n  version: value must be 1");
 * assert.equal(error.issues.length, 1);
 * ```
 */
export class ConfigError extends Error {
  /** Every refusal, sorted by path. */
  readonly issues: readonly ConfigIssue[];

  /**
   * Makes the error from the refusals.
   *
   * @param issues The refusals (sorted and deduplicated here).
   */
  constructor(issues: readonly ConfigIssue[]) {
    const sorted = sortIssues(issues);
    super(
      ["the configuration was refused:", ...sorted.map((i) => `  ${issueLine(i)}`)].join("\n"),
    );
    this.name = "ConfigError";
    this.issues = sorted;
  }
}
