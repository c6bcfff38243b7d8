/**
 * The error funnel: every error a verb throws becomes one exit code and a clear message. Each
 * error family of `src/` has its branch here, and nowhere else maps errors to exit codes.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { DatasetError } from "../dataset/dataset_error.ts";
import { SplitSizeError } from "../split/split_size_error.ts";
import { ResultsFileError } from "../results/results_file_error.ts";
import { RunSetupError, ServerError } from "../run/run_errors.ts";
import { UsageError } from "./usage_error.ts";
import { SplitFileError } from "../split/split_file.ts";
import { TrainingFileError } from "../leak/training_file_error.ts";

/** How an error is reported: its exit code and the lines to print on stderr. */
export interface Reported {
  /** The exit code. */
  readonly code: number;
  /** The lines, without newlines. */
  readonly lines: readonly string[];
}

/**
 * Reports an error: its family decides the exit code; anything unknown is a bug (exit 70).
 *
 * @param verb The verb that failed, for the message.
 * @param error What was thrown.
 * @returns The exit code and the lines to print.
 *
 * @example
 * ```ts
 * import { reportError } from "./funnel.ts";
 * import { UsageError } from "./usage_error.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(reportError("split", new UsageError("bad flag")).code, 64);
 * assert.equal(reportError("split", new Error("oops")).code, 70);
 * ```
 */
export function reportError(verb: string, error: unknown): Reported {
  if (error instanceof UsageError) {
    return { code: ExitCode.usage, lines: [error.message, ...error.lines] };
  }
  if (error instanceof DatasetError) {
    return {
      code: ExitCode.data,
      lines: [error.message, ...error.lines].map((line) => `assess ${verb}: ${line}`),
    };
  }
  if (error instanceof TrainingFileError) {
    return {
      code: ExitCode.data,
      lines: [`assess ${verb}: training file refused: ${error.message}`],
    };
  }
  if (error instanceof SplitFileError) {
    return { code: ExitCode.usage, lines: [`assess ${verb}: ${error.message}`] };
  }
  if (error instanceof SplitSizeError) {
    return { code: ExitCode.usage, lines: [`assess ${verb}: ${error.message}`] };
  }
  if (error instanceof ServerError) {
    return {
      code: ExitCode.unavailable,
      lines: [`assess ${verb}: ${error.message}`, ...error.lines],
    };
  }
  if (error instanceof RunSetupError) {
    return { code: ExitCode.usage, lines: [`assess ${verb}: ${error.message}`, ...error.lines] };
  }
  if (error instanceof ResultsFileError) {
    // A results file that is not one, or has a broken line or record, is data refused.
    return { code: ExitCode.data, lines: [`assess ${verb}: ${error.message}`] };
  }
  const detail = error instanceof Error
    ? (error.stack ?? `${error.name}: ${error.message}`)
    : String(error);
  return {
    code: ExitCode.software,
    lines: [
      `assess ${verb}: internal error (a bug in assess or a scorer; please report it with what follows)`,
      ...detail.split("\n"),
    ],
  };
}
