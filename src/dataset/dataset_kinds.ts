/**
 * The registry of dataset kinds: for each `dataset.kind` of `assess.yaml`, how a file of that
 * kind becomes a dataset. The shell asks it, and switches on no kind itself; a new kind is a
 * reader here (and its name in the configuration's schema).
 *
 * @module
 */

import { type Dataset, loadDataset, type LoadOptions } from "./dataset.ts";
import { loadChatDataset } from "./chat_jsonl.ts";

/** A dataset kind: the name `dataset.kind` selects it by, and how a file of it is read. */
export interface DatasetKindEntry {
  /** The name, as `dataset.kind` writes it. */
  readonly name: string;
  /**
   * The dataset of a file's bytes, read whole.
   *
   * @throws {DatasetError} When the bytes are refused.
   */
  load(bytes: Uint8Array, expectedSha256: string, options: LoadOptions): Dataset;
}

/** The dataset kinds, in the order the configuration's schema lists them. */
export const DATASET_KINDS: readonly DatasetKindEntry[] = [
  // A JSON array of xlam rows.
  { name: "xlam-function-calling", load: loadDataset },
  // JSON Lines, a conversation a line.
  { name: "chat-jsonl", load: loadChatDataset },
];

/**
 * The dataset kind of a name.
 *
 * @param name A `dataset.kind`, as an accepted configuration gives it.
 * @returns Its entry.
 * @throws {RangeError} When no kind has that name (the configuration's schema refuses it first).
 *
 * @example
 * ```ts
 * import { datasetKind } from "./dataset_kinds.ts";
 * import { sha256Hex } from "./sha256.ts";
 * import assert from "node:assert/strict";
 *
 * const line = { id: 1, messages: [
 *   { role: "user", content: "hi" }, { role: "assistant", content: "hello" },
 * ] };
 * const bytes = new TextEncoder().encode(JSON.stringify(line) + "\n");
 * assert.equal(datasetKind("chat-jsonl").load(bytes, sha256Hex(bytes), {}).items.length, 1);
 * assert.throws(() => datasetKind("csv"), RangeError);
 * ```
 */
export function datasetKind(name: string): DatasetKindEntry {
  const kind = DATASET_KINDS.find((k) => k.name === name);
  if (kind === undefined) {
    throw new RangeError(
      `no dataset kind ${JSON.stringify(name)} (known: ${
        DATASET_KINDS.map((k) => k.name).join(", ")
      })`,
    );
  }
  return kind;
}
