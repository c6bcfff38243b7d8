/**
 * The run's effects in memory, for the in-process run tests: the results file is a string, the
 * clock stands still, the backoff does not wait, and the operator's notices are kept.
 *
 * @module
 */

import type { RunEffects } from "../../src/run/run.ts";

/** A run's effects and what they saw. */
export interface World {
  /** The effects to give `runAssessment`. */
  readonly effects: RunEffects;
  /** The notices the run gave, in order. */
  readonly notices: string[];
  /** The results file's text as it stands. */
  readonly written: () => string;
  /** The `truncateTo` of each opening of the results file. */
  readonly opened: number[];
  /** Aborting it stops the run. */
  readonly stop: AbortController;
}

/**
 * Effects over `fetchFn` that write the results file to memory; after `stopAfter` results the
 * run is stopped as by a SIGTERM.
 */
export function world(fetchFn: typeof fetch, stopAfter = Infinity): World {
  let text = "";
  let results = 0;
  const notices: string[] = [];
  const opened: number[] = [];
  const stop = new AbortController();
  const effects: RunEffects = {
    fetch: fetchFn,
    open(truncateTo) {
      opened.push(truncateTo);
      text = text.slice(0, truncateTo);
      return Promise.resolve({
        write: (bytes: Uint8Array) =>
          Promise.resolve(void (text += new TextDecoder().decode(bytes))),
        close: () => Promise.resolve(),
      });
    },
    now: () => Date.UTC(2026, 0, 1),
    random: () => 0.5,
    sleep: () => Promise.resolve(),
    timers: globalThis,
    stop: stop.signal,
    notice: (line) => notices.push(line),
    progress: {
      result: () => {
        if (++results === stopAfter) stop.abort("SIGTERM");
      },
      retry: () => {},
    },
  };
  return { effects, notices, written: () => text, opened, stop };
}
