/**
 * The error families of `assess run`, each with its exit code in the CLI's funnel.
 *
 * @module
 */

/**
 * The server cannot be used: unreachable, the key refused, a model not served, an adapter that
 * could not be loaded, a required probe that failed, items left without an answer. Exit 69. The
 * message says what to fix; `lines` add details. Never holds the API key.
 *
 * @example
 * ```ts
 * import { ServerError } from "./run_errors.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new ServerError("the server does not serve the baseline base", ["it serves: x"]);
 * assert.equal(error.lines.length, 1);
 * ```
 */
export class ServerError extends Error {
  /** Lines printed under the message. */
  readonly lines: readonly string[];

  /**
   * @param message What is wrong and what to fix, on one line.
   * @param lines Further lines.
   */
  constructor(message: string, lines: readonly string[] = []) {
    super(message);
    this.name = "ServerError";
    this.lines = lines;
  }
}

/**
 * The run's settings or its results file were refused: a server setting missing or invalid, a
 * manifest that cannot be read, a results file from another configuration, dataset, split or
 * scorer. Exit 64.
 *
 * @example
 * ```ts
 * import { RunSetupError } from "./run_errors.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(new RunSetupError("no server.url").name, "RunSetupError");
 * ```
 */
export class RunSetupError extends Error {
  /** Lines printed under the message. */
  readonly lines: readonly string[];

  /**
   * @param message What is wrong, on one line.
   * @param lines Further lines.
   */
  constructor(message: string, lines: readonly string[] = []) {
    super(message);
    this.name = "RunSetupError";
    this.lines = lines;
  }
}
