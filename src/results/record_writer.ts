/**
 * Appending records to the results file as the run goes, without making each answer wait for the
 * disk: lines are queued and written in order, as many at once as have queued up.
 *
 * @module
 */

import type { ResultsRecord } from "./records.ts";

/**
 * Writes a record as one line of the results file: compact JSON and a newline.
 *
 * @param record The record.
 * @returns The line, ending in `\n`.
 *
 * @example
 * ```ts
 * import { formatRecord } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * const line = formatRecord({
 *   kind: "probe-check", session: 1, model: "base", itemId: 7, itemIndex: 7,
 *   outcome: "same", detail: null,
 * });
 * assert.equal(line.endsWith("\n"), true);
 * assert.equal(JSON.parse(line).outcome, "same");
 * ```
 */
export function formatRecord(record: ResultsRecord): string {
  return JSON.stringify(record) + "\n";
}

/** Where the lines go: an append-only file opened by the shell. */
export interface RecordSink {
  /** Appends the bytes whole (retrying short writes). */
  write(bytes: Uint8Array): Promise<void>;
}

/**
 * Queues records and appends them to a sink in the order they were queued, one write per batch
 * that queued up while the previous write ran. A failed write is thrown by the next
 * {@linkcode RecordWriter.flush}.
 *
 * @example
 * ```ts
 * import { RecordWriter } from "./record_writer.ts";
 * import assert from "node:assert/strict";
 *
 * let text = "";
 * const writer = new RecordWriter({ write: async (b) => { text += new TextDecoder().decode(b); } });
 * writer.append({ kind: "probe-check", session: 1, model: "m", itemId: 1, itemIndex: 1, outcome: "same", detail: null });
 * await writer.flush();
 * assert.equal(text.split("\n").length, 2);
 * ```
 */
export class RecordWriter {
  #sink: RecordSink;
  #queue: string[] = [];
  /** The characters `#queue` holds. */
  #queued = 0;
  #writing: Promise<void> | null = null;
  /** The write the sink is doing, settled when it ends. */
  #write: Promise<void> | null = null;
  #failure: unknown = null;
  #encoder = new TextEncoder();

  /**
   * @param sink Where the lines go.
   */
  constructor(sink: RecordSink) {
    this.#sink = sink;
  }

  /**
   * Queues a record; it is written soon, after every record queued before it.
   *
   * @param record The record.
   */
  append(record: ResultsRecord): void {
    const line = formatRecord(record);
    this.#queue.push(line);
    this.#queued += line.length;
    if (this.#writing === null) this.#writing = this.#drain();
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0 && this.#failure === null) {
        const bytes = this.#encoder.encode(this.#queue.join(""));
        this.#queue = [];
        this.#queued = 0;
        const write = this.#sink.write(bytes);
        this.#write = write.then(() => {}, () => {});
        await write;
      }
    } catch (error) {
      this.#failure = error;
    } finally {
      this.#writing = null;
      this.#write = null;
    }
  }

  /**
   * When the records queued hold more than `chars` characters while a write is under way: a
   * promise settled when that write ends (the queue then goes in the next one). Otherwise `null`:
   * there is room. What lets a caller that makes records faster than the disk takes them wait,
   * rather than hold them all.
   *
   * @param chars The most characters queued without waiting.
   * @returns The promise to wait for, or `null`.
   */
  backlog(chars: number): Promise<void> | null {
    return this.#queued > chars ? this.#write : null;
  }

  /**
   * Waits until every queued record is written.
   *
   * @throws What a write threw, if one failed.
   */
  async flush(): Promise<void> {
    while (this.#writing !== null) await this.#writing;
    if (this.#failure !== null) throw this.#failure;
  }
}
