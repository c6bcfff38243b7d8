/**
 * How each (model, item) pair of a run stands, at one byte a pair: what a session needs to know
 * of every pair, kept flat, so that a run's memory does not grow by an object or a key per item.
 *
 * @module
 */

import { withRoom } from "../results/by_index.ts";
import { sampleName } from "./samples.ts";

/** How a (model, item) pair stands: answered, or only errors so far. */
export type PairState = "answered" | "error";

/**
 * What is kept of a pair: 0 nothing, 1 only errors, 2 answered wrong, 3 answered right (the
 * latest answer's verdict).
 */
export type PairMark = 0 | 1 | 2 | 3;

/**
 * Each (model, item) pair's {@linkcode PairMark}, by the model (and sample) and the item's index:
 * one array of a byte an item for each, as long as the largest index met.
 *
 * @example
 * ```ts
 * import { PairStates } from "./pair_states.ts";
 * import assert from "node:assert/strict";
 *
 * const pairs = new PairStates();
 * pairs.set("base", 7, undefined, 3);
 * pairs.set("base", 8, undefined, 1);
 * pairs.set("base", 8, 0, 2); // another sample: another pair
 * assert.equal(pairs.state("base", 7), "answered");
 * assert.equal(pairs.state("base", 8), "error");
 * assert.equal(pairs.state("base", 9), undefined);
 * assert.deepEqual(pairs.counts(), { answered: 2, errors: 1 });
 * ```
 */
export class PairStates {
  #marks = new Map<string, Uint8Array>();

  /** A pair's mark: 0 when it has no result. */
  get(model: string, itemIndex: number, sample?: number): PairMark {
    return (this.#marks.get(sampleName(model, sample))?.[itemIndex] ?? 0) as PairMark;
  }

  /** Sets a pair's mark. */
  set(model: string, itemIndex: number, sample: number | undefined, mark: PairMark): void {
    const name = sampleName(model, sample);
    const marks = withRoom(this.#marks.get(name) ?? new Uint8Array(0), itemIndex);
    marks[itemIndex] = mark;
    this.#marks.set(name, marks);
  }

  /** A pair's state: answered (in any session), only errors, or `undefined` with no result. */
  state(model: string, itemIndex: number, sample?: number): PairState | undefined {
    const mark = this.get(model, itemIndex, sample);
    return mark === 0 ? undefined : mark === 1 ? "error" : "answered";
  }

  /** How many pairs are answered, and how many have only errors. */
  counts(): { readonly answered: number; readonly errors: number } {
    let answered = 0;
    let errors = 0;
    for (const marks of this.#marks.values()) {
      for (const mark of marks) {
        if (mark === 1) errors++;
        else if (mark > 1) answered++;
      }
    }
    return { answered, errors };
  }

  /** A copy that goes on on its own. */
  copy(): PairStates {
    const out = new PairStates();
    for (const [name, marks] of this.#marks) out.#marks.set(name, marks.slice());
    return out;
  }
}
