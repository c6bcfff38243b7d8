/**
 * What a results file tells a run that resumes it: how each (model, item) pair stands, how many
 * each model has answered and got right, each answer's reply as a fingerprint, the probe's sends
 * answered (see `EarlierProbes`), and the next session's number. Read line by line: memory holds
 * one line, a state and a fingerprint per pair, whatever the file's size, and the replies of the
 * probe's sends (two per probe item, model and replica at most).
 *
 * @module
 */

import { replyFingerprint } from "../results/fingerprint.ts";
import { supersedes } from "../results/latest.ts";
import { sampleName, sampleWatched } from "./samples.ts";
import { readResults, type ResultsSource, type SplitItem } from "../results/read_results.ts";
import type { HeaderRecord } from "../results/records.ts";
import { ItemHosts } from "../results/item_hosts.ts";
import { EarlierProbes } from "./probe.ts";
import { PairStates } from "./pair_states.ts";

export type { PairState } from "./pair_states.ts";

/** A model's answers in earlier sessions. */
export interface ModelTally {
  /** Pairs answered. */
  readonly answered: number;
  /** Of those, how many were correct. */
  readonly correct: number;
}

/** An answer an earlier session recorded, as its reply's fingerprint. */
export interface EarlierReply {
  /** The model. */
  readonly model: string;
  /** The item's position. */
  readonly itemIndex: number;
  /** `replyFingerprint` of the reply: its text, calls and finish reason, byte for byte. */
  readonly fingerprint: number;
  /** The `host:port` of the replica that answered, when the record names it (format 2). */
  readonly host?: string;
}

/** A results file, as a run that resumes it reads it. */
export interface Resume {
  /** The file's header. */
  readonly header: HeaderRecord;
  /** How many bytes hold complete records: where the run appends (a torn last line is cut). */
  readonly validBytes: number;
  /** The number of the session that resumes it: one more than the file records. */
  readonly session: number;
  /** How each pair that has a result stands (an answer in any session wins). */
  readonly pairs: PairStates;
  /** Each model's answers so far, by name (models with none are left out). */
  readonly tallies: ReadonlyMap<string, ModelTally>;
  /**
   * Which replica holds each pair's answer so far (format 2 records name it): a resumed session
   * keeps an item it has answers of on that replica.
   */
  readonly hosts: ItemHosts;
  /**
   * Each pair's answer (its first result without an error), in file order: what the run's watch
   * for identical replies saw of them, so that a resumed run compares an adapter's new replies
   * with the baseline's earlier ones (see `IdenticalRepliesWatch`).
   */
  readonly replies: readonly EarlierReply[];
  /**
   * The probe's sends answered in earlier sessions, by model, item and replica: a resumed session
   * does not send them again (see `EarlierProbes`).
   */
  readonly probes: EarlierProbes;
}

/**
 * Reads a results file for resuming it. Given the run's split, a file of that split (its header's
 * split digest) must hold records of its held-out items only; a file of another split is left to
 * the header's comparison, which says what changed.
 *
 * @param source The file's bytes, whole or as a stream of parts.
 * @param split The run's split: its digest and its held-out items (each one's index and id): an
 *   array, or a list that builds each when asked (each is then built once, when the file's header
 *   names this split, and only its index and id are kept while the file is read).
 * @returns What the run needs of it.
 * @throws {ResultsFileError} As `readResults` does (`empty` for a file that holds no complete
 *   line yet, which a run starts afresh), a record for an item the split does not hold included.
 *
 * @example
 * ```ts
 * import { readResume } from "./resume.ts";
 * import { formatRecord } from "../results/record_writer.ts";
 * import assert from "node:assert/strict";
 *
 * const header = {
 *   kind: "header", format: "assess-results", formatVersion: 1, assessVersion: "0.1.0",
 *   startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c".repeat(64),
 *   dataset: { path: "d", sha256: "d".repeat(64) },
 *   split: { seed: "x", size: 1, digest: "e".repeat(64) },
 *   scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: null },
 *   selftest: { passed: true, items: 1 }, server: { url: "http://127.0.0.1:8000/v1", models: ["m"] },
 *   models: { baseline: "m", adapters: [] },
 *   sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
 *   thinking: { mode: "off", templateKey: "enable_thinking" },
 *   probe: { batchInvariant: "not-required", items: 0 }, system: "",
 * } as const;
 * const error = {
 *   kind: "result", model: "m", itemId: 1, itemIndex: 1, session: 1, requestDigest: "f".repeat(64),
 *   attempts: 1, latencyMs: null, response: null, usage: null, reply: null, verdict: null,
 *   error: { kind: "timeout", message: "t", status: null, transient: true },
 * } as const;
 * const text = formatRecord(header) + formatRecord(error);
 * const resume = await readResume(new TextEncoder().encode(text));
 * assert.equal(resume.pairs.state("m", 1), "error");
 * assert.equal(resume.session, 1);
 * ```
 */
export async function readResume(
  source: ResultsSource,
  split?: {
    readonly digest: string;
    readonly items: { readonly length: number; at(position: number): SplitItem | undefined };
  },
): Promise<Resume> {
  const pairs = new PairStates();
  const tallies = new Map<string, { answered: number; correct: number }>();
  const hosts = new ItemHosts();
  const replies: EarlierReply[] = [];
  // Each model's name once, not once per record.
  const names = new Map<string, string>();
  const hostNames = new Map<string, string>();
  const probes = new EarlierProbes();
  let sessions = 0;
  const read = await readResults(source, (record) => {
    if (record.kind === "session") sessions++;
    if (record.kind === "probe" || record.kind === "probe-check") probes.add(record);
    if (record.kind !== "result") return;
    // 0 no result, 1 errors only, 2 answered wrong, 3 answered right.
    const kept = pairs.get(record.model, record.itemIndex, record.sample);
    if (!supersedes(kept === 0 ? undefined : { error: kept === 1 || null }, record)) return;
    let tally = tallies.get(record.model);
    if (tally === undefined) tallies.set(record.model, tally = { answered: 0, correct: 0 });
    if (kept > 1) {
      tally.answered--;
      if (kept === 3) tally.correct--;
    }
    const state = record.error !== null ? 1 : record.verdict?.correct === true ? 3 : 2;
    let host: string | undefined;
    if (state > 1 && record.replica !== undefined) {
      host = hostNames.get(record.replica.host);
      if (host === undefined) hostNames.set(record.replica.host, host = record.replica.host);
      hosts.answered(record.itemIndex, sampleName(record.model, record.sample), host);
    }
    // A pair's first answer only: one fingerprint per pair at most (a second answer comes only
    // when an item is asked again whole, its replica gone, and its session's watch saw it).
    // With several samples, the watch sees each item's first sample only (see sampleWatched).
    if (state > 1 && kept < 2 && record.reply !== null && sampleWatched(record.sample)) {
      let model = names.get(record.model);
      if (model === undefined) names.set(record.model, model = record.model);
      replies.push({
        model,
        itemIndex: record.itemIndex,
        fingerprint: replyFingerprint(record.reply),
        ...(host === undefined ? {} : { host }),
      });
    }
    pairs.set(record.model, record.itemIndex, record.sample, state);
    if (state > 1) {
      tally.answered++;
      if (state === 3) tally.correct++;
    }
  }, {
    splitItems: (header) => {
      if (header.split.digest !== split?.digest) return undefined;
      return Array.from({ length: split.items.length }, (_, position) => {
        const { index, id } = split.items.at(position)!;
        return { index, id };
      });
    },
  });
  return {
    header: read.header,
    validBytes: read.validBytes,
    session: sessions + 1,
    pairs,
    tallies,
    hosts,
    replies,
    probes,
  };
}
