/**
 * The shards of one run read as one results file (`assess report -in a.jsonl -in b.jsonl …`): the
 * check that the files are every shard of one run, once each, and the merged stream of records.
 *
 * @module
 */

import type { HeaderRecord } from "./records.ts";
import { shardText } from "./shard.ts";

/** A results file given to be merged: its name (for messages) and its header. */
export interface ShardFile {
  /** The file's name, as given. */
  readonly name: string;
  /** Its header, line 1. */
  readonly header: HeaderRecord;
}

/** The members of a header that make one run: the shards of a run agree on every one. */
const SAME_RUN: readonly (readonly [string, (h: HeaderRecord) => unknown])[] = [
  ["its format version", (h) => h.formatVersion],
  ["its configuration (config digest)", (h) => h.configDigest],
  ["its dataset (SHA-256)", (h) => h.dataset.sha256],
  ["its split (digest)", (h) => h.split.digest],
  ["its scorer's version", (h) => h.scorer.version],
  ["its tool-call parser", (h) => h.scorer.toolCallParser],
];

/**
 * Checks that the files are the shards of one run, each once, none missing: the order of the
 * files to read (by shard), or the reason they cannot be read as one. One file without a shard is
 * a whole run, read as it always was. Refused, each naming the files: a file of another run
 * (another configuration, dataset, split, scorer version or tool-call parser than the first
 * file's), a whole run given with others, shards of different counts, two files of one shard
 * (overlapping), and the shards missing.
 *
 * @param files The files, in the order given.
 * @returns The files in shard order.
 * @throws {RangeError} When the files are not every shard of one run, once each; the message
 *   names the files and the shards.
 *
 * @example
 * ```ts
 * import { orderShards } from "./shard_set.ts";
 * import type { HeaderRecord } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * const header = (index: number) => ({
 *   formatVersion: 2, configDigest: "c", dataset: { sha256: "d" }, split: { digest: "s" },
 *   scorer: { version: "1", toolCallParser: "hermes" }, shard: { index, count: 2 },
 * }) as unknown as HeaderRecord;
 * const files = [{ name: "b", header: header(1) }, { name: "a", header: header(0) }];
 * assert.deepEqual(orderShards(files).map((f) => f.name), ["a", "b"]);
 * assert.throws(() => orderShards([files[0]!]), /shard 0\/2 is missing/);
 * ```
 */
export function orderShards(files: readonly ShardFile[]): ShardFile[] {
  const first = files[0];
  if (first === undefined) throw new RangeError("no results file given");
  if (files.length === 1 && first.header.shard === undefined) return [first];
  for (const file of files) {
    if (file.header.shard === undefined) {
      throw new RangeError(
        `${file.name} holds a whole run (it was not run with -shard): report it alone`,
      );
    }
  }
  for (const file of files.slice(1)) {
    for (const [what, of] of SAME_RUN) {
      if (JSON.stringify(of(file.header)) !== JSON.stringify(of(first.header))) {
        throw new RangeError(
          `${file.name} is a shard of another run than ${first.name}: ${what} differs`,
        );
      }
    }
  }
  const count = first.header.shard!.count;
  for (const file of files) {
    if (file.header.shard!.count !== count) {
      throw new RangeError(
        `${file.name} is shard ${shardText(file.header.shard!)} and ${first.name} shard ${
          shardText(first.header.shard!)
        }: the shards of one run have one count`,
      );
    }
  }
  const byIndex = new Map<number, ShardFile>();
  for (const file of files) {
    const index = file.header.shard!.index;
    const earlier = byIndex.get(index);
    if (earlier !== undefined) {
      throw new RangeError(
        `${earlier.name} and ${file.name} both hold shard ${index}/${count}: give each shard once`,
      );
    }
    byIndex.set(index, file);
  }
  const missing: string[] = [];
  for (let i = 0; i < count; i++) if (!byIndex.has(i)) missing.push(`${i}/${count}`);
  if (missing.length > 0) {
    const shown = missing.length > 10
      ? `${missing.slice(0, 10).join(", ")} and ${missing.length - 10} more`
      : missing.join(", ");
    throw new RangeError(
      `${missing.length === 1 ? "shard" : "shards"} ${shown} ${
        missing.length === 1 ? "is" : "are"
      } missing: give every shard's results file of the run`,
    );
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, file]) => file);
}

/**
 * The header of the shards read as one: the first shard's, without its `shard`, started when the
 * earliest shard started. It is the header one process would have written for the run (but for the
 * start time and the server it names).
 *
 * @param files The shards, as {@linkcode orderShards} gives them.
 * @returns The header.
 *
 * @example
 * ```ts
 * import { mergedHeader } from "./shard_set.ts";
 * import type { HeaderRecord } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * const header = (index: number, startedAt: string) =>
 *   ({ kind: "header", startedAt, shard: { index, count: 2 } }) as unknown as HeaderRecord;
 * const merged = mergedHeader([
 *   { name: "a", header: header(0, "2026-01-02T00:00:00.000Z") },
 *   { name: "b", header: header(1, "2026-01-01T00:00:00.000Z") },
 * ]);
 * assert.deepEqual(merged, { kind: "header", startedAt: "2026-01-01T00:00:00.000Z" });
 * ```
 */
export function mergedHeader(files: readonly ShardFile[]): HeaderRecord {
  const { shard: _shard, ...header } = files[0]!.header;
  const startedAt = files.map((f) => f.header.startedAt).reduce((a, b) => (b < a ? b : a));
  return { ...header, startedAt };
}

const NEWLINE = 0x0a;
const SESSION_START = new TextEncoder().encode('{"kind":"session"');

function startsWith(line: Uint8Array, prefix: Uint8Array): boolean {
  if (line.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (line[i] !== prefix[i]) return false;
  return true;
}

/** The complete lines of a stream (each with its newline), its torn last line left out. */
async function* completeLines(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  let held: Uint8Array[] = [];
  for await (const chunk of source) {
    let at = 0;
    while (at < chunk.length) {
      const end = chunk.indexOf(NEWLINE, at);
      if (end < 0) {
        held.push(chunk.subarray(at));
        break;
      }
      const part = chunk.subarray(at, end + 1);
      if (held.length === 0) yield part;
      else {
        held.push(part);
        const line = new Uint8Array(held.reduce((n, p) => n + p.length, 0));
        let n = 0;
        for (const p of held) {
          line.set(p, n);
          n += p.length;
        }
        held = [];
        yield line;
      }
      at = end + 1;
    }
  }
}

/**
 * The shards' records as one results file: the merged header's line, then each shard's records
 * after its header, shard by shard, a torn last line of a shard left out (as a reader of that file
 * ignores it). The report counts a run's sessions from its session records: of the shards' session
 * records only those numbered past every one passed before are kept, so the run read as one counts
 * as many sessions as its shard that had the most (each shard is started, and resumed, on its own).
 *
 * @param header The merged header ({@linkcode mergedHeader}).
 * @param sources Each shard's bytes, in shard order.
 * @returns The bytes of the merged file.
 *
 * @example
 * ```ts
 * import { mergedLines } from "./shard_set.ts";
 * import type { HeaderRecord } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * const bytes = (text: string) => [new TextEncoder().encode(text)];
 * let text = "";
 * const header = { kind: "header" } as unknown as HeaderRecord;
 * const shards = [bytes('{"a":0}\n{"r":1}\n'), bytes('{"b":0}\n{"r":2}\n{"torn')];
 * for await (const line of mergedLines(header, shards)) text += new TextDecoder().decode(line);
 * assert.equal(text, '{"kind":"header"}\n{"r":1}\n{"r":2}\n');
 * ```
 */
export async function* mergedLines(
  header: HeaderRecord,
  sources: readonly (AsyncIterable<Uint8Array> | Iterable<Uint8Array>)[],
): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(`${JSON.stringify(header)}\n`);
  let sessions = 0;
  for (const source of sources) {
    let first = true;
    for await (const line of completeLines(source)) {
      if (first) {
        first = false;
        continue;
      }
      if (startsWith(line, SESSION_START)) {
        const number = sessionNumber(line);
        if (number !== null && number <= sessions) continue;
        if (number !== null) sessions = number;
      }
      yield line;
    }
  }
}

/** A session record's number, or `null` when the line is not one (the reader then says why). */
function sessionNumber(line: Uint8Array): number | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(line)) as { session?: unknown };
    return typeof value.session === "number" ? value.session : null;
  } catch {
    return null;
  }
}
