/**
 * The exit codes of the command line, from BSD's sysexits.
 *
 * @module
 */

/** The documented exit codes. */
export const ExitCode = {
  /** The verb did what it was asked. */
  ok: 0,
  /**
   * `assess leak` found a held-out item in the training file; `assess report -gate`: a decided
   * comparison is worse.
   */
  leak: 1,
  /** `assess report -gate` only: a decided comparison is worse (the same code as `leak`). */
  gateWorse: 1,
  /** `assess report -gate` only: a decided comparison is inconclusive, and none is worse. */
  gateInconclusive: 2,
  /**
   * `assess report -gate` only: the run cannot be decided (pairs never asked, a failed
   * self-test of the scorer whose verdicts count, or errors that could change the exit code).
   */
  gateUndecided: 3,
  /** A flag or assess.yaml was refused, or an output file could not be written. */
  usage: 64,
  /**
   * The dataset could not be opened or was refused, a results file is not one or has a broken
   * line or record, or a scorer failed its self-test.
   */
  data: 65,
  /** A server that cannot be used. */
  unavailable: 69,
  /** assess or a scorer failed: a bug. */
  software: 70,
} as const;

/** One of the documented exit codes. */
export type ExitCode = typeof ExitCode[keyof typeof ExitCode];
