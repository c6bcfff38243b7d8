/**
 * Reading a split file back (`assess.split.v1`, as `assess split` writes it): what a check of a
 * training file needs to know which split it is. Its own module, free of `node:crypto`, so that
 * the command line's error funnel can know its error at start-up.
 *
 * @module
 */

import { isItemId, type ItemId } from "../dataset/item_id.ts";

/**
 * A split file that cannot be read as one (the command line exits 64): not JSON, or not of the
 * `assess.split.v1` shape.
 *
 * @example
 * ```ts
 * import { readSplitFile, SplitFileError } from "./split_file.ts";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => readSplitFile(new TextEncoder().encode("[]")), SplitFileError);
 * ```
 */
export class SplitFileError extends Error {
  /**
   * Makes the error for a split file that cannot be read.
   *
   * @param reason What is wrong, in plain words.
   */
  constructor(reason: string) {
    super(reason);
    this.name = "SplitFileError";
  }
}

/** What a split file says of its split. */
export interface SplitFileSummary {
  /** The seed it was taken with. */
  readonly seed: string;
  /** How many items it holds out. */
  readonly size: number;
  /** The dataset file's SHA-256, lowercase. */
  readonly datasetSha256: string;
  /** The split's digest (the held-out ids and content hashes, in order). */
  readonly digest: string;
  /** The held-out ids, in order. */
  readonly heldOut: readonly ItemId[];
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Reads a split file: a JSON object with `schema` `"assess.split.v1"`, a string `seed`, a whole
 * `size`, `datasetSha256` and `digest` as 64 lowercase hex digits, and `heldOut` as an array of
 * `{id, hash}`. Other members are not looked at.
 *
 * @param bytes The file's bytes.
 * @returns What it says of its split.
 * @throws {SplitFileError} When it is not JSON or not of that shape, naming the first member
 *   that is wrong.
 *
 * @example
 * ```ts
 * import { readSplitFile } from "./split_file.ts";
 * import assert from "node:assert/strict";
 *
 * const text = JSON.stringify({
 *   schema: "assess.split.v1", algorithm: "split.v1", seed: "s", size: 1,
 *   datasetSha256: "a".repeat(64), digest: "b".repeat(64), heldOut: [{ id: 4, hash: "c".repeat(64) }],
 * });
 * assert.deepEqual(readSplitFile(new TextEncoder().encode(text)).heldOut, [4]);
 * ```
 */
export function readSplitFile(bytes: Uint8Array): SplitFileSummary {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (e) {
    throw new SplitFileError(`it is not JSON (${e instanceof Error ? e.message : e})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SplitFileError("it is not a JSON object");
  }
  const file = value as Record<string, unknown>;
  if (file.schema !== "assess.split.v1") {
    throw new SplitFileError(
      `its schema is ${JSON.stringify(file.schema) ?? "missing"}, not "assess.split.v1"`,
    );
  }
  const { seed, size, datasetSha256, digest, heldOut } = file;
  if (typeof seed !== "string") throw new SplitFileError("its seed is not a string");
  if (!Number.isSafeInteger(size)) throw new SplitFileError("its size is not a whole number");
  for (const [name, hex] of [["datasetSha256", datasetSha256], ["digest", digest]] as const) {
    if (typeof hex !== "string" || !HEX64.test(hex)) {
      throw new SplitFileError(`its ${name} is not 64 lowercase hex digits`);
    }
  }
  if (!Array.isArray(heldOut)) throw new SplitFileError("its heldOut is not an array");
  const ids = heldOut.map((entry: unknown, k) => {
    const id = (entry as { id?: unknown } | null)?.id;
    if (!isItemId(id)) {
      throw new SplitFileError(`its heldOut[${k}] has no id (a whole number or a string)`);
    }
    return id;
  });
  return {
    seed,
    size: size as number,
    datasetSha256: datasetSha256 as string,
    digest: digest as string,
    heldOut: ids,
  };
}

/**
 * Refuses a split file that is not of the dataset `assess.yaml` pins: checked before the dataset
 * is read, so that a file of another dataset is named as such.
 *
 * @param file What the split file says.
 * @param name The split file's name, for the message.
 * @param sha256 `dataset.sha256`, in either case.
 * @throws {SplitFileError} When its `datasetSha256` differs, naming both.
 *
 * @example
 * ```ts
 * import { checkSplitDataset, SplitFileError } from "./split_file.ts";
 * import assert from "node:assert/strict";
 *
 * const file = { seed: "s", size: 1, datasetSha256: "a".repeat(64), digest: "b".repeat(64), heldOut: [4] };
 * checkSplitDataset(file, "split.json", "A".repeat(64));
 * assert.throws(() => checkSplitDataset(file, "split.json", "c".repeat(64)), SplitFileError);
 * ```
 */
export function checkSplitDataset(file: SplitFileSummary, name: string, sha256: string): void {
  const pinned = sha256.toLowerCase();
  if (file.datasetSha256 !== pinned) {
    throw new SplitFileError(
      `${name} is a split of another dataset: its datasetSha256 is ${file.datasetSha256}, and ` +
        `dataset.sha256 is ${pinned}`,
    );
  }
}

/**
 * Refuses a split file that is not the split `assess.yaml` takes (another seed or size): its
 * digest must be the split's.
 *
 * @param file What the split file says.
 * @param name The split file's name, for the message.
 * @param split The split the configuration takes: its digest, seed and size.
 * @throws {SplitFileError} When the digests differ, naming both with their seeds and sizes.
 *
 * @example
 * ```ts
 * import { checkSplitDigest, SplitFileError } from "./split_file.ts";
 * import assert from "node:assert/strict";
 *
 * const file = { seed: "s", size: 1, datasetSha256: "a".repeat(64), digest: "b".repeat(64), heldOut: [4] };
 * checkSplitDigest(file, "split.json", { seed: "s", size: 1, digest: "b".repeat(64) });
 * assert.throws(
 *   () => checkSplitDigest(file, "split.json", { seed: "t", size: 1, digest: "c".repeat(64) }),
 *   SplitFileError,
 * );
 * ```
 */
export function checkSplitDigest(
  file: SplitFileSummary,
  name: string,
  split: { readonly seed: string; readonly size: number; readonly digest: string },
): void {
  if (file.digest !== split.digest) {
    throw new SplitFileError(
      `${name} is not the split the config takes: its digest is ${file.digest} (seed ` +
        `${JSON.stringify(file.seed)}, size ${file.size}), and the config's is ${split.digest} ` +
        `(seed ${JSON.stringify(split.seed)}, size ${split.size})`,
    );
  }
}
