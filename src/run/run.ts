/**
 * A whole `assess run`, from what the shell read to what came of it: the scorer's self-test, the
 * server checks, the results file's header (a new one, or the same run resumed), one session over
 * the pairs not answered yet, and a tagged outcome. Every decision is made here; the shell hands
 * in what it read (the configuration, the items, the results file as resumed, the server settings
 * and the key) and the effects (the network, the results file opened for appending, the clock, the
 * random source, the timers and the stop signal), prints what it is told and maps the outcome's
 * kind to an exit code.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import { type Config, modelNames } from "../config/config.ts";
import type { Item, ItemList } from "../dataset/item.ts";
import { detachedItem } from "../dataset/detached.ts";
import type { RecordSink } from "../results/record_writer.ts";
import { RecordWriter } from "../results/record_writer.ts";
import type { EndRecord, ProbeCheckRecord, SessionRecord } from "../results/records.ts";
import { buildRequestBody, requestSettings } from "../request/request.ts";
import { type ScoreOptions, scoreOptions, type Scorer } from "../score/scorer.ts";
import { selftestLines, selftestOf } from "../score/selftest.ts";
import { configDigest, headerChanges, makeHeader } from "./header.ts";
import type { Shard } from "../results/shard.ts";
import { routingKey } from "./routing_key.ts";
import { shortApiKeyWarning } from "./api_key.ts";
import { checkChat } from "./chat_check.ts";
import { exchange, type HttpOptions } from "./http.ts";
import { Deadlines } from "./deadlines.ts";
import { IdenticalRepliesWatch } from "./identical_replies.ts";
import type { Resume } from "./resume.ts";
import { RunSetupError } from "./run_errors.ts";
import {
  adapterLoaded,
  anotherRun,
  type EndContext,
  incompleteLines,
  notWritten,
  PROBE_ALONE_NOTE,
  probeDifferent,
  probeLines,
  refusalLines,
  replicaNotice,
  SELFTEST_FAILED,
  stopNotice,
  summaryLine,
} from "./run_messages.ts";
import { checkReplica, checkReplicas, type ReplicaCheckOptions } from "./replica_check.ts";
import { type Replica, replicaName, replicasOf } from "./replicas.ts";
import type { ServerSettings } from "./server_settings.ts";
import { DEFAULT_RETRY } from "./retry.ts";
import { PairStates } from "./pair_states.ts";
import { requestIdPrefix } from "./request_id.ts";
import { runSession, type SessionEffects, type SessionOutcome } from "./session.ts";
import type { Timers } from "./timers.ts";

/** How long a stop waits for the requests in flight, in milliseconds. */
export const STOP_GRACE_MS = 5_000;

/**
 * The most characters of records queued for the results file before the session's workers wait
 * for the disk: 1 Mi (a few thousand records without their response bodies).
 */
export const RECORD_BACKLOG_CHARS = 1 << 20;

/** The limits of every request. */
export interface RunLimits {
  /** The most one request may take, headers and body, in milliseconds. */
  readonly timeoutMs: number;
  /** The largest response body accepted, in bytes. */
  readonly maxResponseBytes: number;
  /** How many times a request that failed transiently is sent again. */
  readonly retries: number;
}

/** What a run is given: everything the shell read. */
export interface RunInput {
  /** The accepted configuration. */
  readonly config: Config;
  /**
   * The split's held-out items, in order: an array, or a list that builds each item when asked
   * (`PackedItems`: then the run holds no object per item, each built when its request is
   * written and when its reply is scored, and dropped after).
   */
  readonly items: ItemList & Iterable<Item>;
  /** The split's digest. */
  readonly splitDigest: string;
  /**
   * With `split.confirm`: the held-out ids kept for confirmation, ascending (the split's
   * `confirm.items`), recorded in the header for the report. Default none.
   */
  readonly confirmItems?: readonly ItemId[] | undefined;
  /** The configured scorer. */
  readonly scorer: Scorer;
  /** The server's URL (or its replicas' URLs) and parsers, resolved. */
  readonly server: ServerSettings;
  /** The API key (`VLLM_API_KEY`), when set. */
  readonly apiKey?: string;
  /** The limits of every request. */
  readonly limits: RunLimits;
  /** The results file as read, or `null` when there is none yet (or it holds no complete line). */
  readonly resume: Resume | null;
  /** The assess version recorded, or `null`. */
  readonly assessVersion: string | null;
  /** The results file's name, for messages. */
  readonly out: string;
  /**
   * With `-shard i/N`: the shard and its items (those of `items` whose content hash falls in it,
   * `shardItems`, in the split's order). The self-test runs on every item of the split; only the
   * shard's items are asked, and the header records the shard.
   */
  readonly shard?: { readonly shard: Shard; readonly items: ItemList & Iterable<Item> };
}

/** The results file, opened for appending and held by this run. */
export interface ResultsFileSink extends RecordSink {
  /** Closes the file (and lets it go). */
  close(): Promise<void>;
}

/** Where a run's progress goes, pair by pair. */
export interface ProgressSink {
  /** The session starts: the results file is held and requests are about to be sent. */
  begin?(): void;
  /** A pair got its record: `correct` is `null` for an error. */
  result(model: string, correct: boolean | null): void;
  /** A request is sent again. */
  retry(model: string): void;
  /**
   * Probe sends are to come (a negative count: planned sends that will not be made). Absent: the
   * probe is not shown.
   */
  probePlanned?(sends: number): void;
  /** A probe send ended. */
  probeSent?(): void;
  /** A probe item's two replies were compared. */
  probeChecked?(outcome: ProbeCheckRecord["outcome"]): void;
}

/** What a run needs from the world. */
export interface RunEffects {
  /** The network. */
  readonly fetch: typeof fetch;
  /**
   * Opens the results file for appending, cut to `truncateTo` bytes, and holds it.
   *
   * @throws {RunSetupError} When it cannot be opened, or another run holds it.
   */
  open(truncateTo: number): Promise<ResultsFileSink>;
  /** The clock, in milliseconds since the epoch. */
  now(): number;
  /** A number in [0, 1): the backoff's jitter. */
  random(): number;
  /** Waits `ms` milliseconds, or less when `signal` aborts (the backoff between retries). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** The timers: each request's timeout, and the grace a stop gives the requests in flight. */
  readonly timers: Timers;
  /** Aborted to stop the run, with the signal's name as its reason (`SIGINT`, `SIGTERM`). */
  readonly stop: AbortSignal;
  /** The run's progress. */
  readonly progress?: ProgressSink;
  /** A line for the operator while the run goes: a note or a warning, already worded. */
  notice(line: string): void;
  /**
   * Ends the use of the connections `fetch` keeps for reuse, letting requests in flight finish:
   * the next requests go on new connections. Absent: nothing is done.
   */
  dropConnections?(): void;
}

/** What came of a run. */
export type RunOutcome =
  | {
    /** The scorer failed its self-test on the split (`faulty`: it has a bug); nothing was sent. */
    readonly kind: "selftest-failed";
    /** Whether the scorer showed a bug (exit 70) rather than failing a check (exit 65). */
    readonly faulty: boolean;
    /** What to print on stderr. */
    readonly lines: readonly string[];
  }
  | {
    /** How the session ended (see {@linkcode EndRecord}'s `outcome`). */
    readonly kind: EndRecord["outcome"];
    /** The line for stdout: how many answers the file holds. */
    readonly summary: string;
    /** What to print on stderr after it: notes, warnings, why the run is not complete. */
    readonly lines: readonly string[];
    /** The end record written. */
    readonly end: EndRecord;
    /** The probe's comparisons in this session. */
    readonly checks: readonly ProbeCheckRecord[];
  };

/**
 * Runs `assess run`: the self-test (nothing is sent when it fails), the server checks (loading an
 * adapter that has a `path`; on every replica when `server.urls` gives several), the header (a
 * resumed file must be the same run), then one session, its records appended as they come, and
 * the outcome.
 *
 * @param input What the shell read.
 * @param effects The world.
 * @returns The outcome.
 * @throws {ServerError} When the server cannot be used (unreachable, the key refused, a model not
 *   served, an adapter that could not be loaded, a chat request with tools refused as every one
 *   would be: see `checkChat`); with several replicas, when none can be (each
 *   one that fails its checks is left out with a notice, and the run goes on with the others).
 * @throws {RunSetupError} When the results file holds another run, or cannot be opened or written.
 */
export async function runAssessment(input: RunInput, effects: RunEffects): Promise<RunOutcome> {
  const scoring = scoreOptions(input.config.scorer.ordering, input.server.toolCallParser);
  // 1. The self-test, before any request.
  const tested = selftestGate(input, scoring);
  if ("kind" in tested) return tested;
  // A shard asks its own items only; the self-test above covered the whole split.
  if (input.shard !== undefined) input = { ...input, items: input.shard.items };
  const shortKey = shortApiKeyWarning(input.apiKey);
  if (shortKey !== null) effects.notice(shortKey);
  // 2. The server: each replica, those that fail a check left out (one URL: the server's checks).
  const server = await checkServers(input, effects);
  // 3. The results file: a new header, or the same run resumed.
  const results = await openResults(input, effects, server, tested.items);
  // 4. The session; the file is held from here on, and flushed and closed whatever happens.
  const onStop = () => effects.notice(stopNotice(effects.stop.reason, STOP_GRACE_MS));
  effects.stop.addEventListener("abort", onStop, { once: true });
  effects.progress?.begin?.();
  const identical = identicalWatch(input, effects, server);
  let outcome;
  try {
    outcome = await session(input, effects, scoring, { server, results, identical });
  } finally {
    effects.stop.removeEventListener("abort", onStop);
    try {
      await results.writer.flush();
    } catch (error) {
      // deno-lint-ignore no-unsafe-finally
      throw new RunSetupError(notWritten(input.out, error));
    } finally {
      await results.file.close().catch(() => {});
    }
  }
  const outcomeOf = finished(input, server.several, outcome, effects.stop);
  // The warnings stand again at the end, where they are not lost among the progress lines.
  return identical.warnings.length === 0
    ? outcomeOf
    : { ...outcomeOf, lines: [...identical.warnings, ...outcomeOf.lines] };
}

/**
 * The self-test on the split: the outcome that stops the run when the scorer fails it, or what
 * it found.
 */
function selftestGate(
  input: RunInput,
  scoring: ScoreOptions,
): RunOutcome | { readonly items: number } {
  const tested = selftestOf(input.scorer, input.items, scoring);
  const testedLines = selftestLines(tested);
  if (testedLines.outcome === "passed") return { items: tested.items };
  return {
    kind: "selftest-failed",
    faulty: testedLines.outcome === "faulty",
    lines: [SELFTEST_FAILED, ...testedLines.lines],
  };
}

/** The replicas in use after their checks, and what every request to them needs. */
interface ServersChecked {
  /** The replicas that passed their checks, in order. */
  readonly replicas: readonly Replica[];
  /** The models every replica in use serves. */
  readonly served: readonly string[];
  /** Whether the run has several URLs: messages then name the replica. */
  readonly several: boolean;
  /** Each replica's URL, by its index. */
  readonly urlOf: ReadonlyMap<number, string>;
  /** The limits, timers and key of every request. */
  readonly http: HttpOptions;
  /** What a replica's checks need (to check one again). */
  readonly checking: ReplicaCheckOptions;
}

/**
 * Checks every replica (those that fail a check are left out, with a notice), then sends one chat
 * request with tools to the first in use, unless a resumed file holds every answer already.
 */
async function checkServers(input: RunInput, effects: RunEffects): Promise<ServersChecked> {
  const { config, items, server, limits } = input;
  const http = {
    timeoutMs: limits.timeoutMs,
    maxResponseBytes: limits.maxResponseBytes,
    timers: effects.timers,
    ...(input.apiKey === undefined ? {} : { apiKey: input.apiKey }),
  };
  const checking = {
    baseline: config.models.baseline,
    adapters: config.models.adapters,
    ...http,
  };
  const checked = await checkReplicas(effects.fetch, replicasOf(server.urls), checking);
  for (const line of checked.notices) effects.notice(line);
  const replicas = checked.usable.map((u) => u.replica);
  // Several URLs: messages name the replica (one URL is the server, named as it always was).
  const several = server.urls.length > 1;
  const urlOf = new Map(replicas.map((r) => [r.index, r.url]));
  // Last, one chat request with tools on the first replica in use (not counted, not recorded): a
  // server that refuses it as it would refuse every request (no auto tool choice, too small a
  // context) is named now, with the fix. None when a resumed file holds every answer already.
  const first = items.at(0);
  const answered = input.resume?.pairs.counts().answered ?? 0;
  if (first !== undefined && answered < asksOf(config, items.length)) {
    await checkChat(effects.fetch, {
      ...http,
      url: replicas[0]!.url,
      body: buildRequestBody(detachedItem(first), config.models.baseline, requestSettings(config)),
      ...(config.serving.routingHeader === undefined
        ? {}
        : { headers: { [config.serving.routingHeader]: routingKey(first.id) } }),
      context: {
        model: config.models.baseline,
        baseline: true,
        toolCallParser: server.toolCallParser,
        maxTokens: config.sampling.maxTokens,
      },
      server: several ? replicaName(replicas[0]!) : "the server",
    });
  }
  return { replicas, served: checked.served, several, urlOf, http, checking };
}

/** The results file, opened and held, with its writer. */
interface ResultsOpened {
  /** The file. */
  readonly file: ResultsFileSink;
  /** Its writer: the header (when new) and the session record are queued already. */
  readonly writer: RecordWriter;
  /** The session's number. */
  readonly session: number;
}

/**
 * Opens the results file: a new one gets its header; a resumed one must hold the same run
 * (refused with what changed otherwise). Either gets this session's record.
 */
async function openResults(
  input: RunInput,
  effects: RunEffects,
  server: ServersChecked,
  selftestItems: number,
): Promise<ResultsOpened> {
  const { config, resume } = input;
  const startedAt = new Date(effects.now()).toISOString();
  const header = makeHeader(config, {
    assessVersion: input.assessVersion,
    startedAt,
    configDigest: configDigest(config),
    splitDigest: input.splitDigest,
    ...(input.confirmItems === undefined ? {} : { confirmItems: input.confirmItems }),
    scorerVersion: input.scorer.version,
    toolCallParser: input.server.toolCallParser,
    selftest: { passed: true, items: selftestItems },
    ...(input.shard === undefined ? {} : { shard: input.shard.shard }),
    serverUrl: server.replicas[0]!.url,
    serverModels: server.served,
  });
  if (resume !== null) {
    const changes = headerChanges(resume.header, header);
    if (changes.length > 0) {
      const refused = anotherRun(input.out, changes);
      throw new RunSetupError(refused.message, refused.lines);
    }
  }
  const file = await effects.open(resume?.validBytes ?? 0);
  const writer = new RecordWriter(file);
  const session = resume?.session ?? 1;
  if (resume === null) writer.append(header);
  const record: SessionRecord = {
    kind: "session",
    session,
    startedAt,
    assessVersion: input.assessVersion,
    serverModels: server.served,
    concurrency: config.serving.concurrency,
    replicas: server.replicas.map((r) => ({ index: r.index, host: r.host })),
  };
  writer.append(record);
  return { file, writer, session };
}

/**
 * The watch for adapters whose first replies (on a replica) are all the baseline's, so may not be
 * applied there: fed a resumed file's earlier answers first, so that the baseline's earlier
 * replies are compared too. It names the replica when there are several.
 */
function identicalWatch(
  input: RunInput,
  effects: RunEffects,
  server: ServersChecked,
): IdenticalRepliesWatch {
  const models = modelNames(input.config.models);
  const indexOf = new Map(server.replicas.map((r) => [r.host, r.index]));
  const identical = new IdenticalRepliesWatch(input.config.models.baseline, models.slice(1), {
    where: (host) => {
      if (!server.several) return "";
      const index = indexOf.get(host);
      return index === undefined ? `replica ${host}` : replicaName({ index, host });
    },
  });
  for (const r of input.resume?.replies ?? []) {
    const warning = identical.addReply(r.model, r.itemIndex, r.fingerprint, r.host);
    if (warning !== null) effects.notice(warning);
  }
  return identical;
}

/** What the session stage is handed by the stages before it. */
interface SessionSetup {
  /** The replicas in use. */
  readonly server: ServersChecked;
  /** The results file. */
  readonly results: ResultsOpened;
  /** The watch for adapters that answer as the baseline. */
  readonly identical: IdenticalRepliesWatch;
}

/** Runs the session over the pairs not answered yet, with its plan and its effects. */
function session(
  input: RunInput,
  effects: RunEffects,
  scoring: ScoreOptions,
  setup: SessionSetup,
): Promise<SessionOutcome> {
  const { config, items, limits, resume } = input;
  if (config.serving.probe > 0 && config.serving.concurrency === 1) {
    effects.notice(PROBE_ALONE_NOTE);
  }
  // The chat requests' timeouts, on one timer.
  const deadlines = new Deadlines(effects.timers, limits.timeoutMs);
  // Each chat request names itself; the first reply on each replica comes on a new connection,
  // so that it can tell whether the replica echoes ids (no answer to the checks is left over).
  const requestIds = requestIdPrefix(effects.random);
  effects.dropConnections?.();
  return runSession(
    {
      items,
      models: modelNames(config.models),
      samples: config.sampling.samples,
      previous: resume?.pairs ?? new PairStates(),
      probeItems: Array.from(
        { length: Math.min(config.serving.probe, items.length) },
        (_, position) => items.at(position)!,
      ),
      batchInvariant: config.serving.batchInvariant,
      concurrency: config.serving.concurrency,
      session: setup.results.session,
      replicas: setup.server.replicas,
      ...(resume === null ? {} : { hosts: resume.hosts, earlierProbes: resume.probes }),
      request: requestSettings(config),
      scorer: input.scorer,
      scoring,
      retry: { ...DEFAULT_RETRY, attempts: limits.retries + 1 },
      graceMs: STOP_GRACE_MS,
      // A server that fails this many pairs in a row (after their retries) is taken for gone.
      failAfter: Math.max(16, 2 * config.serving.concurrency),
      requestIds,
    },
    sessionEffects(input, effects, setup, deadlines),
  );
}

/** The session's effects: the run's, with requests to the replicas, records and notices. */
function sessionEffects(
  input: RunInput,
  effects: RunEffects,
  setup: SessionSetup,
  deadlines: Deadlines,
): SessionEffects {
  const { server, results, identical } = setup;
  const { urlOf, several } = server;
  const routing = input.config.serving.routingHeader;
  return {
    post: (body, signal, replica, requestId, itemId) =>
      exchange(
        effects.fetch,
        `${urlOf.get(replica.index)}/chat/completions`,
        {
          body,
          ...(requestId === undefined ? {} : { requestId }),
          ...(routing === undefined || itemId === undefined
            ? {}
            : { headers: { [routing]: routingKey(itemId) } }),
        },
        { ...server.http, signal, deadlines },
      ),
    ...(effects.dropConnections === undefined ? {} : { dropConnections: effects.dropConnections }),
    // A replica taken out is used again once it passes its checks (loading its adapters).
    check: async (replica, signal) => {
      const full = { ...replica, url: urlOf.get(replica.index)! };
      const again = await checkReplica(effects.fetch, full, { ...server.checking, signal });
      for (const name of again.loaded) effects.notice(adapterLoaded(name, replica));
    },
    write: (record) => results.writer.append(record),
    backlog: () => results.writer.backlog(RECORD_BACKLOG_CHARS),
    sleep: effects.sleep,
    random: effects.random,
    now: effects.now,
    timers: effects.timers,
    stop: effects.stop,
    events: {
      result: (model, correct, record) => {
        effects.progress?.result(model, correct);
        const warning = identical.add(record);
        if (warning !== null) effects.notice(warning);
      },
      retry: (model) => effects.progress?.retry(model),
      probePlanned: (sends) => effects.progress?.probePlanned?.(sends),
      probeSent: () => effects.progress?.probeSent?.(),
      probe: (check) => {
        effects.progress?.probeChecked?.(check.outcome);
        if (check.outcome === "different" && input.config.serving.batchInvariant === "asserted") {
          effects.notice(probeDifferent(check, several));
        }
      },
      replica: (record) => effects.notice(replicaNotice(record)),
    },
  };
}

/** The outcome of a session that ran: its summary line and what to say about it. */
function finished(
  input: RunInput,
  several: boolean,
  session: SessionOutcome,
  stop: AbortSignal,
): RunOutcome {
  const { end, checks } = session;
  const context: EndContext = {
    config: input.config,
    toolCallParser: input.server.toolCallParser,
    out: input.out,
    total: asksOf(input.config, input.items.length),
    several,
  };
  const summary = summaryLine(context, end, session.mixedItems);
  // Every request refused alike: the server's message and what to change, never a count alone
  // nor the advice to resume (the same requests would be refused the same way).
  if (session.refusal !== null && end.outcome !== "interrupted") {
    const lines = refusalLines(context, end, session.refusal);
    return { kind: end.outcome, summary, lines, end, checks };
  }
  const lines = [...probeLines(context, end, checks), ...incompleteLines(context, end, stop)];
  return { kind: end.outcome, summary, lines, end, checks };
}

/** How many answers a whole run records: every model, every item, every sample. */
function asksOf(config: Config, items: number): number {
  return items * modelNames(config.models).length * config.sampling.samples;
}
