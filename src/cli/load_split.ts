/**
 * Reading the dataset a config names and taking its split: what `split`, `selftest` and `run`
 * share.
 *
 * @module
 */

import type { Config } from "../config/config.ts";
import { type Dataset, loadDataset } from "../dataset/dataset.ts";
import { DatasetError } from "../dataset/dataset_error.ts";
import { type Split, takeSplit } from "../split/split.ts";
import type { Io } from "./io.ts";

/** A dataset and the split taken from it. */
export interface LoadedSplit {
  /** The dataset, every row. */
  readonly dataset: Dataset;
  /** The split `config.split` asks for. */
  readonly split: Split;
}

/**
 * Reads `config.dataset.path` (relative to the working directory), checks it against
 * `config.dataset.sha256`, reads its rows and takes the split `config.split` asks for. Use
 * `heldOutItems(dataset, split)` for the held-out items themselves.
 *
 * @param config An accepted config.
 * @param io Where the file is read from.
 * @returns The dataset and its split.
 * @throws {DatasetError} When the file cannot be read, or is refused (exit 65).
 * @throws {SplitSizeError} When `split.size` is more than the dataset's eligible items (exit 64).
 *
 * @example
 * ```ts ignore
 * import { loadSplit } from "./load_split.ts";
 *
 * const { dataset, split } = await loadSplit(config, io);
 * ```
 */
export async function loadSplit(config: Config, io: Io): Promise<LoadedSplit> {
  const path = config.dataset.path;
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(path);
  } catch (e) {
    throw new DatasetError(`cannot read the dataset file ${path}: ${readFailure(e, path)}`);
  }
  const dataset = loadDataset(bytes, config.dataset.sha256);
  return { dataset, split: takeSplit(dataset, config.split) };
}

function readFailure(error: unknown, path: string): string {
  switch (error instanceof Error ? error.name : "") {
    case "NotFound":
      return "there is no such file";
    case "IsADirectory":
      return "it is a directory, not a file";
    case "NotCapable":
      return `assess was not allowed to read it (give deno --allow-read=${path})`;
    case "PermissionDenied":
      return "permission denied";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
