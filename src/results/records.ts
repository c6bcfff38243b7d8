/**
 * The results file of `assess run` as a format: versioned records, one JSON object per line,
 * appended as the run goes and never rewritten. The first line is the {@linkcode HeaderRecord}:
 * what the run is. Then, in the order they happened ({@linkcode BodyRecord}): a session record
 * each time `assess run` starts or resumes, a result record per (model, item) answer or error,
 * probe and probe-check records for the batch-invariance probe, a replica record when one of
 * several replicas goes down or comes back, and an end record when a session stops in order. A line is complete or it is the torn last
 * line of a crash, which `readResults` ignores (and the next `assess run` overwrites).
 *
 * A (model, item) may have several result records: errors from earlier sessions, then at most one
 * answer. The latest answer wins; `latestResults` gives the effective one per pair.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import type { Ordering, Reply, Verdict } from "../score/scorer.ts";

/** The format's name, the `format` member of every header. */
export const RESULTS_FORMAT = "assess-results";

/**
 * The format's version that `assess run` writes, the `formatVersion` member of every header.
 * Bumped on any change. Version 2 added the replicas: `replica` in result, probe and probe-check
 * records, `replicas` in session records (required in a version 2 file), and the replica record;
 * and each result's `category` and the header's `decision` (both optional). A file of version 1
 * has none of them, and is read too.
 */
export const RESULTS_FORMAT_VERSION = 2;

/** The first record: what the run is. Resuming compares it with what the new run would write. */
export interface HeaderRecord {
  /** `"header"`. */
  readonly kind: "header";
  /** The format's name, `assess-results`. */
  readonly format: "assess-results";
  /**
   * The format's version: 2 (`RESULTS_FORMAT_VERSION`) for a file `assess run` starts; 1 for an
   * older file (no replica members, categories or decision).
   */
  readonly formatVersion: 1 | 2;
  /** The assess version that started the run, or `null` for a build that recorded none. */
  readonly assessVersion: string | null;
  /** When the first session started, ISO 8601 UTC. */
  readonly startedAt: string;
  /**
   * SHA-256 (hex) of the configuration's values that decide the replies and their verdicts
   * (everything but `server` and `serving.concurrency`): see `reference/run.md`.
   */
  readonly configDigest: string;
  /** The dataset: its path as configured and its SHA-256 (lowercase hex). */
  readonly dataset: { readonly path: string; readonly sha256: string };
  /**
   * The split: its seed and size, the SHA-256 (hex) of its items in order, and, with
   * `split.confirm`, the share and the held-out ids kept for confirmation (ascending).
   */
  readonly split: {
    readonly seed: string;
    readonly size: number;
    readonly digest: string;
    readonly confirm?: { readonly share: number; readonly items: readonly ItemId[] };
  };
  /** The scorer that judged the replies, and how it was asked to. */
  readonly scorer: {
    /** The scorer's name. */
    readonly name: string;
    /** The scorer's version. */
    readonly version: string;
    /** `scorer.ordering`. */
    readonly ordering: Ordering;
    /** `server.toolCallParser` as the run used it, or `null` when none was known. */
    readonly toolCallParser: string | null;
  };
  /** The scorer's self-test on the split, run before any request. */
  readonly selftest: {
    /** Whether the self-test passed (a run never starts otherwise, so always `true` in a file). */
    readonly passed: boolean;
    /** How many items it checked. */
    readonly items: number;
  };
  /**
   * The server's base URL (never with credentials) and the models it served at the start; with
   * several replicas, the first replica used, and the models every replica used serves.
   */
  readonly server: { readonly url: string; readonly models: readonly string[] };
  /** What the run compares: the baseline and the adapters, as `assess.yaml` names them. */
  readonly models: {
    /** The base model's served name. */
    readonly baseline: string;
    /** The adapters' served names, in the file's order. */
    readonly adapters: readonly string[];
    /**
     * Each adapter's training step (`models.adapters[].step`), `null` for one without, in the
     * same order; written only when some adapter has one (a checkpoint sweep).
     */
    readonly steps?: readonly (number | null)[];
  };
  /** The sampling, the seed as its exact decimal text. */
  readonly sampling: {
    readonly temperature: number;
    readonly topP: number;
    readonly seed: string;
    readonly maxTokens: number;
    /** How many times every model was asked every item; absent for 1. */
    readonly samples?: number;
  };
  /** The thinking switch. */
  readonly thinking: { readonly mode: "off" | "on"; readonly templateKey: string };
  /**
   * `serving.batchInvariant` (what it asked of the server: `required`, `asserted` or
   * `not-required`, the configuration's own values restated: the format does not depend on the
   * configuration) and `serving.probe`.
   */
  readonly probe: {
    readonly batchInvariant: "required" | "asserted" | "not-required";
    readonly items: number;
  };
  /** The system prompt sent, `""` for none. */
  readonly system: string;
  /**
   * How the team reads the figures, as `assess.yaml`'s `decision` said when the run started: the
   * margin (the loss accepted as "not worse", in percentage points, 0 or more: 1 is one point)
   * and the guarded categories (those that must not be worse). It decides nothing about the
   * replies, so a resumed run may change it in `assess.yaml`; the header keeps the one declared
   * before the first reply. Absent in a file of format version 1.
   */
  readonly decision?: {
    readonly margin: number;
    readonly guard: readonly ("no-call" | "single" | "parallel" | "multiple")[];
  };
  /**
   * `probes` of `assess.yaml`, as the file writes them, in its order: the seeded variants of the
   * held-out items. Absent when there are none.
   */
  readonly probes?: readonly (
    | "irrelevance"
    | "shuffled-tools"
    | { readonly distractors: number }
    | { readonly system: readonly (string | null)[] }
  )[];
  /**
   * With `assess run -shard i/N`: the shard this file holds, `index` (from 0 to `count` − 1, as a
   * Kubernetes `JOB_COMPLETION_INDEX` counts) of `count` (at least 1); absent for a run of every
   * item.
   */
  readonly shard?: { readonly index: number; readonly count: number };
}

/** Fields shared by result and probe records: one request and what came of it. */
export interface Exchange {
  /** The model asked (baseline or adapter name). */
  readonly model: string;
  /** The item's `id`. */
  readonly itemId: ItemId;
  /** The item's position in the dataset; with `model`, the key of a result. */
  readonly itemIndex: number;
  /** The session that sent it. */
  readonly session: number;
  /** SHA-256 (hex) of the request body's exact bytes. */
  readonly requestDigest: string;
  /** How many times it was sent (1 when the first try answered). */
  readonly attempts: number;
  /** Milliseconds from sending the last attempt to its body read whole, or `null` if none was. */
  readonly latencyMs: number | null;
  /** The last attempt's raw HTTP response, as received, or `null` when none arrived. */
  readonly response: {
    /** The HTTP status. */
    readonly status: number;
    /** The body as text (UTF-8, invalid bytes replaced), or `null` when none was read whole. */
    readonly body: string | null;
  } | null;
  /**
   * The reply read from it (what the scorer sees, plus what the server said around it), or
   * `null` for an error.
   */
  readonly reply:
    | (Reply & {
      /** The reasoning text (`reasoning` ?? `reasoning_content`), or `null`. */
      readonly reasoning: string | null;
      /** `choices[0].finish_reason`, or `null` when absent. */
      readonly finishReason: string | null;
    })
    | null;
  /** The token counts the server reported, or `null` when it gave none. */
  readonly usage: {
    /** `usage.prompt_tokens`. */
    readonly promptTokens: number | null;
    /** `usage.completion_tokens`. */
    readonly completionTokens: number | null;
    /** `usage.total_tokens`. */
    readonly totalTokens: number | null;
    /** `usage.completion_tokens_details.reasoning_tokens`, when the server gave it. */
    readonly reasoningTokens: number | null;
  } | null;
  /** Why the request ended without a reply (never a wrong answer), or `null` when there is one. */
  readonly error: {
    /**
     * The family of failure: `network` (connection refused, reset or dropped); `timeout` (no
     * complete response within the per-request timeout); `http` (an HTTP status other than 200);
     * `malformed` (a 200 whose body is not what vLLM sends: not JSON, no choices, arguments not
     * a string…); `too-large` (a body larger than the response-size cap); `broken-body` (a body
     * the server broke: a gzip or br body that does not decode, or a chunked body that broke
     * off; sent again, a fault of the server's); `mismatch` (a reply naming another request's id,
     * `X-Request-Id`: a response the server sent unasked, or one meant for another request; sent
     * again, on a new connection, never scored); `scorer` (the scorer threw on the reply: it
     * could not judge it).
     */
    readonly kind:
      | "network"
      | "timeout"
      | "http"
      | "malformed"
      | "too-large"
      | "broken-body"
      | "mismatch"
      | "scorer";
    /** What happened, in plain words, on one line. */
    readonly message: string;
    /** The HTTP status for `http` (and any status that came with the failure), else `null`. */
    readonly status: number | null;
    /** Whether it was a failure that retrying might cure (the run retried it until it gave up). */
    readonly transient: boolean;
  } | null;
  /**
   * The replica that answered the last attempt (format 2; absent in format 1): one of the run's
   * servers, as records name it: its position in the list of URLs the session was given (0 for a
   * single `server.url`) and its `host:port`, the port always written (`vllm.example:443`,
   * `[::1]:8000`; never the scheme, the path or any credential). The host and port are what a
   * replica is known by across sessions.
   */
  readonly replica?: { readonly index: number; readonly host: string };
}

/**
 * Any record after the header, by its `kind`: `session` (a start or resumption of `assess run`
 * on the file; session 1 follows the header), `result` (a (model, item) answered or failed),
 * `probe` (one of the two sends of a probe item: alone, or inside the full concurrent load),
 * `probe-check` (the comparison of a probe item's two replies), `replica` (a replica taken out
 * of a session, or back into it: format 2), `end` (how a session ended in order; a crash writes
 * no end record). Each kind's members are documented in its declaration here, in
 * `schema/results.schema.json` and in `reference/run.md` ("The results file").
 */
export type BodyRecord =
  | {
    /** `"session"`. */
    readonly kind: "session";
    /** 1 for the first run, then 2, 3, … for each resumption. */
    readonly session: number;
    /** When it started, ISO 8601 UTC. */
    readonly startedAt: string;
    /** The assess version of this session. */
    readonly assessVersion: string | null;
    /** The models the server served when this session checked it. */
    readonly serverModels: readonly string[];
    /** `serving.concurrency` in this session (per replica). */
    readonly concurrency: number;
    /** The replicas this session used, after the server checks (format 2; absent in format 1). */
    readonly replicas?: readonly NonNullable<Exchange["replica"]>[];
  }
  | (Exchange & {
    /** `"result"`. */
    readonly kind: "result";
    /**
     * Which of the item's samples this is, from 0 to `sampling.samples` − 1: present only when
     * the run asks every item several times, so that a run of one sample writes the records it
     * wrote before samples existed.
     */
    readonly sample?: number;
    /** The scorer's verdict, or `null` for an error (an error is never a wrong answer). */
    readonly verdict: Verdict | null;
    /**
     * The item's category, from its answer (see `answerCategory`); absent in records written
     * before format version 2.
     */
    readonly category?: "no-call" | "single" | "parallel" | "multiple";
    /**
     * The item's cluster (`itemCluster`: a chat-jsonl line's `cluster`, else its tools' names);
     * absent in records written before clusters were recorded (every item then its own cluster).
     */
    readonly cluster?: string;
  })
  | (Exchange & {
    /** `"probe"`. */
    readonly kind: "probe";
    /** `alone`: nothing else in flight; `loaded`: sent while the load was full. */
    readonly phase: "alone" | "loaded";
  })
  | {
    /** `"probe-check"`. */
    readonly kind: "probe-check";
    /** The session that ran the probe. */
    readonly session: number;
    /** The model. */
    readonly model: string;
    /** The item's `id`. */
    readonly itemId: ItemId;
    /** The item's position. */
    readonly itemIndex: number;
    /** `same`: identical replies; `different`; `inconclusive`: a send ended in an error. */
    readonly outcome: "same" | "different" | "inconclusive";
    /**
     * The first difference (or the error) in plain words, or `null` when the replies are the
     * same.
     */
    readonly detail: string | null;
    /** The replica both sends went to (format 2; absent in format 1). */
    readonly replica?: NonNullable<Exchange["replica"]>;
  }
  | {
    /** `"replica"`. */
    readonly kind: "replica";
    /** The session. */
    readonly session: number;
    /** The replica's position in the session's list of server URLs. */
    readonly index: number;
    /** Its `host:port`. */
    readonly host: string;
    /**
     * `down`: it failed on several requests in a row and gets no more; its items moved to the
     * others. `up`: it answered its checks again and is used again.
     */
    readonly state: "down" | "up";
    /** Why, in plain words. */
    readonly reason: string;
  }
  | {
    /** `"end"`. */
    readonly kind: "end";
    /** The session. */
    readonly session: number;
    /** When it ended, ISO 8601 UTC. */
    readonly endedAt: string;
    /**
     * `complete`: every (model, item) answered; `errors`: some ended in errors; `interrupted`: a
     * signal stopped it; `probe-failed`: a `required` probe found a difference; `server-failed`:
     * the server became unusable.
     */
    readonly outcome: "complete" | "errors" | "interrupted" | "probe-failed" | "server-failed";
    /** (model, item) pairs answered, over all sessions. */
    readonly answered: number;
    /** Pairs whose latest record is an error. */
    readonly errors: number;
    /** Pairs not asked yet. */
    readonly missing: number;
  };

/** Any record of a results file. */
export type ResultsRecord = HeaderRecord | BodyRecord;

// The parts of the records, by name, for the code that reads and writes them.

/** The format versions the reader reads: 1 (no replica members, categories or decision) and 2. */
export type ResultsFormatVersion = HeaderRecord["formatVersion"];

/** One of the run's servers, as records name it (see {@linkcode Exchange.replica}). */
export type ReplicaRef = NonNullable<Exchange["replica"]>;

/** What the run compares: the baseline and the adapters, as `assess.yaml` names them. */
export type ModelsCompared = HeaderRecord["models"];

/** The scorer that judged the replies, and how it was asked to. */
export type ScorerIdentity = HeaderRecord["scorer"];

/** The scorer's self-test on the split, run before any request. */
export type SelftestSummary = HeaderRecord["selftest"];

/** What `serving.batchInvariant` asked of the server. */
export type BatchInvariance = HeaderRecord["probe"]["batchInvariant"];

/** How the team reads the figures, as `assess.yaml`'s `decision` said when the run started. */
export type DecisionRecord = NonNullable<HeaderRecord["decision"]>;

/** The families of per-request failure. */
export type RequestErrorKind = RequestError["kind"];

/** Why a request ended without a reply. Never a wrong answer. */
export type RequestError = NonNullable<Exchange["error"]>;

/** The raw HTTP response to the last attempt, as received. */
export type RawResponse = NonNullable<Exchange["response"]>;

/** The token counts the server reported. */
export type Usage = NonNullable<Exchange["usage"]>;

/** A reply as recorded: what the scorer sees, plus what the server said around it. */
export type RecordedReply = NonNullable<Exchange["reply"]>;

/** A start or resumption of `assess run` on the file. Session 1 follows the header. */
export type SessionRecord = Extract<BodyRecord, { readonly kind: "session" }>;

/** A (model, item) answered or failed. */
export type ResultRecord = Extract<BodyRecord, { readonly kind: "result" }>;

/** One of the two sends of a probe item: alone, or inside the full concurrent load. */
export type ProbeRecord = Extract<BodyRecord, { readonly kind: "probe" }>;

/** The comparison of a probe item's two replies. */
export type ProbeCheckRecord = Extract<BodyRecord, { readonly kind: "probe-check" }>;

/** A replica taken out of a session, or back into it (format 2). */
export type ReplicaRecord = Extract<BodyRecord, { readonly kind: "replica" }>;

/** How a session ended in order (a crash writes no end record). */
export type EndRecord = Extract<BodyRecord, { readonly kind: "end" }>;
