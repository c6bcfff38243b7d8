/**
 * Reading the dataset a config names and taking its split: what `split`, `selftest` and `run`
 * share.
 *
 * @module
 */

import type { Config } from "../config/config.ts";
import { type Dataset, datasetTooLarge } from "../dataset/dataset.ts";
import { PackedItems } from "../dataset/packed_items.ts";
import { type Shard, shardItems } from "../results/shard.ts";
import { datasetKind } from "../dataset/dataset_kinds.ts";
import { Sha256AsRead } from "../dataset/sha256.ts";
import { DatasetError } from "../dataset/dataset_error.ts";
import { type Split, takeHeldOut, takeSplit } from "../split/split.ts";
import type { ItemId } from "../dataset/item_id.ts";
import { FileTooLargeError, type Io } from "./io.ts";
import { readFailure } from "./file_failure.ts";

/** A dataset and the split taken from it. */
export interface LoadedSplit {
  /** The dataset, every row. */
  readonly dataset: Dataset;
  /** The split `config.split` asks for. */
  readonly split: Split;
}

/**
 * Reads `config.dataset.path` (relative to the working directory), checks it against
 * `config.dataset.sha256`, reads its rows as the registry's reader of `config.dataset.kind` does
 * (`src/dataset/dataset_kinds.ts`: an xlam JSON array, or chat-jsonl lines) and takes the split `config.split` asks for. Use
 * `heldOutItems(dataset, split)` for the held-out items themselves.
 *
 * @param config An accepted config.
 * @param io Where the file is read from.
 * @returns The dataset and its split.
 * @throws {DatasetError} When the file cannot be read, is more than `config.dataset.maxBytes`
 *   (refused from its size, before it is read, naming the setting) or is refused (exit 65).
 * @throws {SplitSizeError} When `split.size` is more than the dataset's eligible items (exit 64).
 *
 * @example
 * ```ts
 * import { heldOutItems, sha256Hex } from "@assess/assess";
 * import { denoIo } from "./deno_io.ts";
 * import { readConfig } from "./read_config.ts";
 * import { loadSplit } from "./load_split.ts";
 * import assert from "node:assert/strict";
 *
 * const enc = new TextEncoder();
 * const rows = enc.encode(JSON.stringify([1, 2, 3].map((id) => ({
 *   id, query: `question ${id}`, tools: "[]", answers: "[]",
 * }))));
 * const yaml = `version: 1
 * dataset: {kind: xlam-function-calling, path: rows.json, sha256: ${sha256Hex(rows)},
 *   source: {repo: example, revision: "1"}}
 * split: {seed: example, size: 2}
 * scorer: {name: xlam-tool-call}
 * models: {baseline: base}
 * sampling: {temperature: 0, topP: 1, seed: 0, maxTokens: 512}
 * thinking: {mode: "off", templateKey: enable_thinking}
 * serving: {probe: 2, concurrency: 1}
 * `;
 * const files = new Map([["assess.yaml", enc.encode(yaml)], ["rows.json", rows]]);
 * const io = { ...denoIo(), readFile: async (path: string) => files.get(path)! };
 * const { dataset, split } = await loadSplit(await readConfig("assess.yaml", io), io);
 * assert.equal(split.heldOut.length, 2);
 * assert.equal(heldOutItems(dataset, split).length, 2);
 * ```
 */
export async function loadSplit(config: Config, io: Io): Promise<LoadedSplit> {
  const dataset = await loadConfigured(config, io);
  return { dataset, split: takeSplit(dataset, config.split) };
}

/** Reads and checks the dataset `config.dataset` names, as {@linkcode loadSplit} does. */
async function loadConfigured(config: Config, io: Io): Promise<Dataset> {
  const { path, maxBytes } = config.dataset;
  let bytes: Uint8Array;
  // The file is hashed part by part as it is read, unless the Io reads it whole.
  const hashedAsRead = new Sha256AsRead();
  try {
    // A file over the limit is refused from its size, before a byte of it is read.
    bytes = await io.readFile(path, { maxBytes, onPart: hashedAsRead.onPart });
  } catch (e) {
    if (e instanceof FileTooLargeError) throw datasetTooLarge(e.size, maxBytes);
    throw new DatasetError(`cannot read the dataset file ${path}: ${readFailure(e, path)}`);
  }
  const options = { sha256: (read: Uint8Array) => hashedAsRead.digestOf(read), maxBytes };
  return datasetKind(config.dataset.kind).load(bytes, config.dataset.sha256, options);
}

/**
 * What a run needs of the dataset and the split: the held-out items, kept as bytes
 * ({@linkcode PackedItems}: each built again when asked, so that the run's heap holds no object
 * per item), those of a shard, the split's digest and its confirmation ids. Only these are taken
 * of the split (`takeHeldOut`: no complement, no entry and content hash kept for each held-out
 * item), and the dataset's rows are let go when it returns, rather than held for the whole run.
 *
 * @param config The configuration.
 * @param io The world.
 * @param shard With `-shard i/N`: the shard, whose items (those whose content hash falls in it,
 *   `shardItems`, in the split's order) are given apart.
 * @returns The held-out items, in the split's order, the shard's, the digest and the
 *   confirmation ids.
 * @throws As {@linkcode loadSplit} does.
 */
export async function loadHeldOut(config: Config, io: Io, shard?: Shard): Promise<{
  readonly items: PackedItems;
  readonly shardItems: PackedItems | undefined;
  readonly digest: string;
  readonly confirmItems: readonly ItemId[] | undefined;
}> {
  const held = takeHeldOut(await loadConfigured(config, io), config.split);
  return {
    items: PackedItems.of(held.items),
    shardItems: shard === undefined ? undefined : PackedItems.of(shardItems(held.items, shard)),
    digest: held.digest,
    confirmItems: held.confirm?.items,
  };
}
