/**
 * The report's refusal of a results file holding several samples per item, until it reads them:
 * folding K answers of an item as if each were the pair's one answer would give wrong figures.
 *
 * @module
 */

import type { HeaderRecord } from "../results/records.ts";
import { ResultsFileError } from "../results/results_file_error.ts";

/**
 * Refuses a results file whose header records `sampling.samples` above 1: this report reads one
 * answer per (model, item) pair, and would otherwise keep one of an item's samples and drop the
 * others, or count them as independent answers; either gives a wrong figure.
 *
 * @param header The results file's header.
 * @throws {ResultsFileError} When the header's `sampling.samples` is above 1 (line 1).
 *
 * @example
 * ```ts
 * import { refuseSamples } from "./samples_refusal.ts";
 * import type { HeaderRecord } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * refuseSamples({ sampling: { temperature: 0, topP: 1, seed: "0", maxTokens: 8 } } as HeaderRecord);
 * assert.throws(() =>
 *   refuseSamples({
 *     sampling: { temperature: 0.7, topP: 1, seed: "0", maxTokens: 8, samples: 4 },
 *   } as HeaderRecord)
 * );
 * ```
 */
export function refuseSamples(header: HeaderRecord): void {
  const samples = header.sampling.samples ?? 1;
  if (samples > 1) {
    throw new ResultsFileError(
      `the results file holds ${samples} samples per item (sampling.samples), which this ` +
        "report cannot read yet: it reads one answer per (model, item) pair",
      1,
    );
  }
}
