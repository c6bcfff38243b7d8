/**
 * What the run does with `sampling.samples` above 1: every (model, item) pair is asked that many
 * times, each ask a (model, item, sample) triple with its own seed (`sampleSeed`). With one sample
 * no ask has a sample number, and the run is the one it was before samples existed.
 *
 * @module
 */

/** One ask of an item: a model, and the sample's number when the run asks several. */
export interface SampleAsk {
  /** The model's served name. */
  readonly model: string;
  /** The sample, from 0 to `sampling.samples` − 1; absent with one sample. */
  readonly sample?: number;
}

/**
 * Every ask of an item, model by model (the order of `models`), each model's samples in order:
 * `models` themselves, sample-less, with one sample.
 *
 * @param models The models' served names, baseline first.
 * @param samples `sampling.samples`.
 * @returns The asks.
 *
 * @example
 * ```ts
 * import { sampleAsks } from "./samples.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(sampleAsks(["b", "t"], 1), [{ model: "b" }, { model: "t" }]);
 * assert.deepEqual(sampleAsks(["b"], 2), [{ model: "b", sample: 0 }, { model: "b", sample: 1 }]);
 * ```
 */
export function sampleAsks(models: readonly string[], samples: number): SampleAsk[] {
  if (samples <= 1) return models.map((model) => ({ model }));
  return models.flatMap((model) =>
    Array.from({ length: samples }, (_, sample) => ({ model, sample }))
  );
}

/**
 * The name an ask is counted under where a (model, item) pair was counted before: the model's
 * name, with the sample after a NUL when there is one (a NUL is in no served name).
 *
 * @param model The model.
 * @param sample The sample, or `undefined`.
 * @returns The name.
 *
 * @example
 * ```ts
 * import { sampleName } from "./samples.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sampleName("m", undefined), "m");
 * assert.equal(sampleName("m", 2), "m\u00002");
 * ```
 */
export function sampleName(model: string, sample: number | undefined): string {
  return sample === undefined ? model : `${model}\u0000${sample}`;
}

/**
 * Whether the watch for identical replies sees a record of this sample: with several samples, the
 * first only. Sample `s` of the baseline and of an adapter go with the same seed, so an adapter
 * that was not applied answers its first sample as the baseline does, as it answers its one
 * sample without samples; watching one sample per item keeps the watch's count of items.
 *
 * @param sample The record's sample, or `undefined`.
 * @returns Whether the watch sees it.
 *
 * @example
 * ```ts
 * import { sampleWatched } from "./samples.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sampleWatched(undefined), true);
 * assert.equal(sampleWatched(0), true);
 * assert.equal(sampleWatched(1), false);
 * ```
 */
export function sampleWatched(sample: number | undefined): boolean {
  return sample === undefined || sample === 0;
}
