/**
 * Showing a run's progress on stderr, as it goes: on a terminal, the lines redrawn in place a few
 * times a second; elsewhere (a log file, CI), the lines every few seconds, each marked `progress`.
 * Notes and warnings go through the same queue, so that they never cut a redraw in two.
 *
 * @module
 */

import type { Progress } from "../run/progress.ts";
import type { Output } from "./io.ts";
import { oneLine } from "../text/one_line.ts";

/** How often progress lines are printed when stderr is not a terminal, in milliseconds. */
export const PLAIN_PROGRESS_MS = 5_000;

/** A run's progress shown on an output, from `begin` until `finish`. */
export interface ProgressDisplay {
  /** Starts drawing the progress lines, again and again. */
  begin(): void;
  /** Prints a line (a note, a warning), between redraws once they have begun. */
  notice(line: string): void;
  /** Stops the redraws, waits for what is queued, and draws the lines a last time if begun. */
  finish(): Promise<void>;
}

/**
 * Shows a run's progress: nothing until `begin`, then its lines, again and again.
 *
 * @param progress The run's progress, updated as it goes.
 * @param output Where to show it (stderr).
 * @param now The clock, in milliseconds.
 * @returns The display.
 */
export function showProgress(
  progress: Progress,
  output: Output,
  now: () => number,
): ProgressDisplay {
  const terminal = output.isTerminal;
  let drawn = 0;
  let lastPlain = now();
  const draw = async (final: boolean) => {
    const lines = progress.lines(now());
    if (terminal) {
      const up = drawn > 0 ? `\x1b[${drawn}A` : "";
      await output.write(up + lines.map((l) => `\x1b[2K${l}\n`).join(""));
      drawn = lines.length;
    } else if (final || now() - lastPlain >= PLAIN_PROGRESS_MS) {
      lastPlain = now();
      await output.write(lines.map((l) => `progress ${l}\n`).join(""));
    }
  };
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(() => {});
  };
  let ticker: ReturnType<typeof setInterval> | undefined;
  return {
    begin() {
      lastPlain = now();
      ticker ??= setInterval(() => enqueue(() => draw(false)), terminal ? 250 : 1000);
    },
    notice(line) {
      enqueue(async () => {
        // On a terminal the progress lines are cleared first, and drawn again under the notice.
        const clear = terminal && drawn > 0 ? `\x1b[${drawn}A\x1b[J` : "";
        await output.write(`${clear}${oneLine(line)}\n`);
        drawn = 0;
      });
    },
    async finish() {
      clearInterval(ticker);
      await queue;
      if (ticker !== undefined) await draw(true);
    },
  };
}
