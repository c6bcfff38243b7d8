/**
 * The progress of a run as state, and that state as text: while the batch-invariance probe has
 * sends in this session, a line for it (sends made of those planned, and its comparisons so far);
 * then one line per model with done/total, requests per second, ETA, errors, retries and accuracy
 * so far.
 *
 * @module
 */

import type { Resume } from "./resume.ts";
import { oneLine } from "../text/one_line.ts";

interface ModelProgress {
  total: number;
  correct: number;
  answered: number;
  errors: number;
  retries: number;
  doneThisSession: number;
}

/** Where a model stands when a session starts. */
export interface ModelStart {
  /** The model's name. */
  readonly model: string;
  /** Its (model, item) pairs. */
  readonly total: number;
  /** Pairs answered in earlier sessions. */
  readonly answered: number;
  /** Of those, how many were correct. */
  readonly correct: number;
}

/**
 * Where each model stands when a session starts: its pairs, and those answered and right in the
 * earlier sessions of a resumed file.
 *
 * @param resume The results file as resumed, or `null` for a new one.
 * @param models The models, in display order.
 * @param items The answers each model gives: the split's items, times `sampling.samples`.
 * @returns One start per model.
 *
 * @example
 * ```ts
 * import { progressStarts } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(progressStarts(null, ["base"], 4), [
 *   { model: "base", total: 4, answered: 0, correct: 0 },
 * ]);
 * ```
 */
export function progressStarts(
  resume: Pick<Resume, "tallies"> | null,
  models: readonly string[],
  items: number,
): ModelStart[] {
  return models.map((model) => ({
    model,
    total: items,
    answered: resume?.tallies.get(model)?.answered ?? 0,
    correct: resume?.tallies.get(model)?.correct ?? 0,
  }));
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0
    ? `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`
    : `${m}:${String(sec).padStart(2, "0")}`;
}

/**
 * A run's progress, updated as records are written, shown as lines.
 *
 * @example
 * ```ts
 * import { Progress } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * const progress = new Progress([{ model: "base", total: 4, answered: 0, correct: 0 }], 0);
 * progress.result("base", true);
 * progress.result("base", null);
 * assert.deepEqual(progress.lines(2000), [
 *   "base  2/4  1.0 req/s  ETA 0:02  errors 1  retries 0  accuracy 100.0%",
 * ]);
 * progress.probePlanned(2);
 * progress.probeSent();
 * assert.equal(progress.lines(2000)[0], "probe  1/2 sends  same 0  different 0  inconclusive 0");
 * ```
 */
export class Progress {
  #models = new Map<string, ModelProgress>();
  #startedAt: number;
  #width: number;
  #probe = { planned: 0, sent: 0, same: 0, different: 0, inconclusive: 0 };

  /**
   * @param starts Each model's totals when the session starts, in display order.
   * @param startedAt The session's start, in milliseconds.
   */
  constructor(starts: readonly ModelStart[], startedAt: number) {
    for (const start of starts) {
      this.#models.set(start.model, {
        total: start.total,
        correct: start.correct,
        answered: start.answered,
        errors: 0,
        retries: 0,
        doneThisSession: 0,
      });
    }
    this.#startedAt = startedAt;
    this.#width = Math.max(0, ...starts.map((s) => s.model.length));
  }

  /**
   * Counts a (model, item) pair's record.
   *
   * @param model The model.
   * @param correct The verdict's `correct`, or `null` for an error.
   */
  result(model: string, correct: boolean | null): void {
    const p = this.#models.get(model);
    if (p === undefined) return;
    p.doneThisSession++;
    if (correct === null) {
      p.errors++;
    } else {
      p.answered++;
      if (correct) p.correct++;
    }
  }

  /**
   * Counts a request sent again.
   *
   * @param model The model.
   */
  retry(model: string): void {
    const p = this.#models.get(model);
    if (p !== undefined) p.retries++;
  }

  /**
   * Counts probe sends planned (a negative count: planned sends that will not be made).
   *
   * @param sends How many.
   */
  probePlanned(sends: number): void {
    this.#probe.planned += sends;
  }

  /** Counts a probe send that ended. */
  probeSent(): void {
    this.#probe.sent++;
  }

  /**
   * Counts a probe comparison.
   *
   * @param outcome What it came to.
   */
  probeChecked(outcome: "same" | "different" | "inconclusive"): void {
    this.#probe[outcome]++;
  }

  /**
   * The progress lines, each fit to print (see `oneLine`): the probe's, once it has planned sends
   * in this session (`probe  3/8 sends  same 1  different 0  inconclusive 0`), then one per model.
   *
   * @param now The clock, in milliseconds.
   * @returns The lines, without newlines.
   */
  lines(now: number): string[] {
    const elapsed = Math.max(0.001, (now - this.#startedAt) / 1000);
    const lines: string[] = [];
    const probe = this.#probe;
    if (probe.planned > 0 || probe.sent > 0) {
      lines.push(oneLine(
        `${"probe".padEnd(this.#width)}  ${probe.sent}/${
          Math.max(probe.planned, probe.sent)
        } sends  same ${probe.same}  different ${probe.different}  inconclusive ${probe.inconclusive}`,
      ));
    }
    for (const [model, p] of this.#models) {
      // Answered before or now, and errors of this session (errors start at 0 each session).
      const done = p.answered + p.errors;
      const rate = p.doneThisSession / elapsed;
      const eta = done >= p.total ? 0 : rate > 0 ? (p.total - done) / rate : Infinity;
      const accuracy = p.answered === 0 ? "-" : `${(100 * p.correct / p.answered).toFixed(1)}%`;
      lines.push(oneLine(
        `${model.padEnd(this.#width)}  ${done}/${p.total}  ${rate.toFixed(1)} req/s  ETA ${
          duration(eta)
        }  errors ${p.errors}  retries ${p.retries}  accuracy ${accuracy}`,
      ));
    }
    return lines;
  }
}
