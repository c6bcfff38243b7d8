/**
 * The tests' one way to wait for something the code under test does on its own: look again every
 * few milliseconds, and give up with an error after a deadline, so that a regression fails the
 * test instead of hanging CI.
 *
 * @module
 */

/** Options of {@linkcode until}. */
export interface UntilOptions {
  /** What is waited for, for the error: "5 requests in flight". */
  readonly what?: string;
  /** How long to wait at the most, in ms: 30,000 when left out (far past any wait that passes). */
  readonly deadlineMs?: number;
}

/**
 * Waits until `ready` holds.
 *
 * @param ready What must hold; it may be async.
 * @param options What is waited for, and the deadline.
 * @throws {Error} When `ready` still does not hold at the deadline.
 */
export async function until(
  ready: () => boolean | Promise<boolean>,
  options: UntilOptions = {},
): Promise<void> {
  const deadlineMs = options.deadlineMs ?? 30_000;
  const start = performance.now();
  while (!(await ready())) {
    if (performance.now() - start > deadlineMs) {
      throw new Error(
        `gave up waiting${options.what === undefined ? "" : ` for ${options.what}`} after ` +
          `${deadlineMs} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, 2));
  }
}
