/**
 * The error for a refused command line.
 *
 * @module
 */

/**
 * A command line or configuration that was refused: exit 64. The message is one line that says
 * what was wrong; `lines` are further lines to print under it (such as a list of refusals).
 */
export class UsageError extends Error {
  /** Lines printed under the message. */
  readonly lines: readonly string[];

  /**
   * @param message What was wrong, on one line.
   * @param lines Further lines, printed under it.
   */
  constructor(message: string, lines: readonly string[] = []) {
    super(message);
    this.name = "UsageError";
    this.lines = lines;
  }
}
