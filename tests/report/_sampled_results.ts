/**
 * The results file of the sampled golden report (`tests/report/golden/sampled/`): a baseline and
 * two adapters on 40 items asked 4 times each (`sampling.samples: 4` at temperature 0.7), the
 * items' categories recorded in turn (no-call, single, parallel, multiple), a decision of margin 2
 * with `parallel` guarded, `tuned-a` better than the baseline, `tuned-b` worse on the parallel
 * items, one errored sample and one sample never asked.
 *
 * @module
 */

import { ANSWER_CATEGORIES } from "../../src/dataset/category.ts";
import type { BodyRecord, HeaderRecord } from "../../src/results/records.ts";
import { syntheticItems } from "../run/_fixtures.ts";
import { headerFor, type Planned, resultRecord, resultsFile } from "./_results.ts";

/** Items in the file. */
export const SAMPLED_ITEMS = 40;

/** Samples per item. */
export const SAMPLED_K = 4;

/** What each model did on item i, sample s. */
const PLAN: Readonly<Record<string, (i: number, s: number) => Planned>> = {
  base: (i, s) => ((i * 7 + s * 3) % 10 < 5 ? "match" : "arguments"),
  "tuned-a": (i, s) =>
    i === 5 && s === 2 ? "error:timeout" : (i * 7 + s * 3) % 10 < 8 ? "match" : "arguments",
  "tuned-b": (i, s) =>
    i === 39 && s === 3
      ? null
      : i % 4 === 2
      ? ((i + s) % 10 < 1 ? "match" : "arguments")
      : (i * 7 + s * 3) % 10 < 6
      ? "match"
      : "arguments",
};

/**
 * The sampled golden results: the header and the file's bytes.
 *
 * @param overrides Header overrides (a test's own decision, scorer version).
 * @param plan What each model did, the golden plan by default.
 */
export function sampledGoldenResults(
  overrides: Partial<HeaderRecord> = {},
  plan: Readonly<Record<string, (i: number, s: number) => Planned>> = PLAN,
): { readonly header: HeaderRecord; readonly bytes: Uint8Array } {
  const items = syntheticItems(SAMPLED_ITEMS);
  const [baseline, ...adapters] = Object.keys(plan) as [string, ...string[]];
  const header = headerFor(baseline, adapters, items.length, {
    formatVersion: 2,
    startedAt: "2026-12-02T09:00:00.000Z",
    sampling: { temperature: 0.7, topP: 1, seed: "7", maxTokens: 512, samples: SAMPLED_K },
    decision: { margin: 2, guard: ["parallel"] },
    ...overrides,
  });
  const records: BodyRecord[] = [];
  for (const model of [baseline, ...adapters]) {
    for (const item of items) {
      for (let s = 0; s < SAMPLED_K; s++) {
        const planned = plan[model]!(item.index, s);
        if (planned === null) continue;
        records.push({
          ...resultRecord(model, item, planned),
          sample: s,
          category: ANSWER_CATEGORIES[item.index % 4]!,
        });
      }
    }
  }
  return { header, bytes: resultsFile(header, records) };
}
