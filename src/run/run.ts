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

import { type Config, modelNames } from "../config/config.ts";
import type { Item } from "../dataset/item.ts";
import type { RecordSink } from "../results/record_writer.ts";
import { RecordWriter } from "../results/record_writer.ts";
import type { EndRecord, ProbeCheckRecord, SessionRecord } from "../results/records.ts";
import { buildRequestBody, requestSettings } from "../request/request.ts";
import { scoreOptions, type Scorer } from "../score/scorer.ts";
import { selftest, selftestLines } from "../score/selftest.ts";
import { configDigest, headerChanges, makeHeader } from "./header.ts";
import { shortApiKeyWarning } from "./api_key.ts";
import { checkChat, messageOf, refusalOf } from "./chat_check.ts";
import { exchange } from "./http.ts";
import { Deadlines } from "./deadlines.ts";
import { IdenticalRepliesWatch } from "./identical_replies.ts";
import type { AlikeRefusal } from "./refusal_watch.ts";
import type { Resume } from "./resume.ts";
import { RunSetupError } from "./run_errors.ts";
import { checkReplica, checkReplicas } from "./replica_check.ts";
import { replicaName, replicasOf } from "./replicas.ts";
import type { ServerSettings } from "./server_settings.ts";
import { DEFAULT_RETRY } from "./retry.ts";
import { requestIdPrefix } from "./request_id.ts";
import { RECHECK_MS, runSession, type SessionOutcome } from "./session.ts";
import type { Timers } from "./timers.ts";

/** How long a stop waits for the requests in flight, in milliseconds. */
export const STOP_GRACE_MS = 5_000;

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
  /** The split's held-out items, in order. */
  readonly items: readonly Item[];
  /** The split's digest. */
  readonly splitDigest: string;
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
  const { config, items, scorer, server, limits } = input;
  const scoring = scoreOptions(config.scorer.ordering, server.toolCallParser);

  // 1. The self-test, before any request.
  const tested = selftest(scorer, items, scoring);
  const testedLines = selftestLines(tested);
  if (testedLines.outcome !== "passed") {
    return {
      kind: "selftest-failed",
      faulty: testedLines.outcome === "faulty",
      lines: [
        "assess run: the scorer failed its self-test on the split; no request was sent",
        ...testedLines.lines,
      ],
    };
  }

  const shortKey = shortApiKeyWarning(input.apiKey);
  if (shortKey !== null) effects.notice(shortKey);

  // 2. The server: each replica, those that fail a check left out (one URL: the server's checks).
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
  const checked = await checkReplicas(
    effects.fetch,
    replicasOf(server.urls),
    checking,
  );
  for (const line of checked.notices) effects.notice(line);
  const replicas = checked.usable.map((u) => u.replica);
  // Several URLs: messages name the replica (one URL is the server, named as it always was).
  const several = server.urls.length > 1;
  const urlOf = new Map(replicas.map((r) => [r.index, r.url]));
  // Last, one chat request with tools on the first replica in use (not counted, not recorded): a
  // server that refuses it as it would refuse every request (no auto tool choice, too small a
  // context) is named now, with the fix. None when a resumed file holds every answer already.
  const first = items[0];
  const answered = [...(input.resume?.pairs.values() ?? [])].filter((p) => p === "answered");
  if (first !== undefined && answered.length < items.length * modelNames(config.models).length) {
    await checkChat(effects.fetch, {
      ...http,
      url: replicas[0]!.url,
      body: buildRequestBody(first, config.models.baseline, requestSettings(config)),
      context: {
        model: config.models.baseline,
        baseline: true,
        toolCallParser: server.toolCallParser,
        maxTokens: config.sampling.maxTokens,
      },
      server: several ? replicaName(replicas[0]!) : "the server",
    });
  }
  const named = (replica: { index: number; host: string }) =>
    several ? ` on ${replicaName(replica)}` : "";

  // 3. The results file: a new header, or the same run resumed.
  const startedAt = new Date(effects.now()).toISOString();
  const header = makeHeader(config, {
    assessVersion: input.assessVersion,
    startedAt,
    configDigest: configDigest(config),
    splitDigest: input.splitDigest,
    scorerVersion: scorer.version,
    toolCallParser: server.toolCallParser,
    selftest: { passed: true, items: tested.items },
    serverUrl: replicas[0]!.url,
    serverModels: checked.served,
  });
  const resume = input.resume;
  if (resume !== null) {
    const changes = headerChanges(resume.header, header);
    if (changes.length > 0) {
      throw new RunSetupError(
        `${input.out} holds the results of another run, so it is not resumed; what changed:`,
        [...changes.map((c) => `  ${c}`), "  give -out a new file to start a new run"],
      );
    }
  }
  const file = await effects.open(resume?.validBytes ?? 0);
  const writer = new RecordWriter(file);
  const models = modelNames(config.models);
  const sessionNumber = resume?.session ?? 1;
  if (resume === null) writer.append(header);
  const session: SessionRecord = {
    kind: "session",
    session: sessionNumber,
    startedAt,
    assessVersion: input.assessVersion,
    serverModels: checked.served,
    concurrency: config.serving.concurrency,
    replicas: replicas.map((r) => ({ index: r.index, host: r.host })),
  };
  writer.append(session);

  // 4. The session; the file is held from here on, and flushed and closed whatever happens.
  const onStop = () =>
    effects.notice(
      `assess run: ${String(effects.stop.reason)}: sending nothing more; waiting up to ${
        STOP_GRACE_MS / 1000
      } s for the requests in flight`,
    );
  effects.stop.addEventListener("abort", onStop, { once: true });
  effects.progress?.begin?.();
  // An adapter whose first replies (on a replica) are all the baseline's may not be applied
  // there: say so at once, naming the replica when there are several.
  const indexOf = new Map(replicas.map((r) => [r.host, r.index]));
  const identical = new IdenticalRepliesWatch(config.models.baseline, models.slice(1), {
    where: (host) => {
      if (!several) return "";
      const index = indexOf.get(host);
      return index === undefined ? `replica ${host}` : replicaName({ index, host });
    },
  });
  // Resumed: the earlier answers first, so that the baseline's earlier replies are compared too.
  for (const r of resume?.replies ?? []) {
    const warning = identical.addReply(r.model, r.itemIndex, r.fingerprint, r.host);
    if (warning !== null) effects.notice(warning);
  }
  let outcome;
  try {
    if (config.serving.probe > 0 && config.serving.concurrency === 1) {
      effects.notice(
        "assess run: note: serving.concurrency is 1, so the probe's loaded sends go out alone too and it cannot find a difference",
      );
    }
    // The chat requests' timeouts, on one timer.
    const deadlines = new Deadlines(effects.timers, limits.timeoutMs);
    // Each chat request names itself; the first reply on each replica comes on a new connection,
    // so that it can tell whether the replica echoes ids (no answer to the checks is left over).
    const requestIds = requestIdPrefix(effects.random);
    effects.dropConnections?.();
    outcome = await runSession(
      {
        items,
        models,
        previous: resume?.pairs ?? new Map(),
        probeItems: items.slice(0, config.serving.probe),
        batchInvariant: config.serving.batchInvariant,
        concurrency: config.serving.concurrency,
        session: sessionNumber,
        replicas,
        ...(resume === null ? {} : { hosts: resume.hosts }),
        request: requestSettings(config),
        scorer,
        scoring,
        retry: { ...DEFAULT_RETRY, attempts: limits.retries + 1 },
        graceMs: STOP_GRACE_MS,
        // A server that fails this many pairs in a row (after their retries) is taken for gone.
        failAfter: Math.max(16, 2 * config.serving.concurrency),
        requestIds,
      },
      {
        post: (body, signal, replica, requestId) =>
          exchange(
            effects.fetch,
            `${urlOf.get(replica.index)}/chat/completions`,
            requestId === undefined ? { body } : { body, requestId },
            { ...http, signal, deadlines },
          ),
        ...(effects.dropConnections === undefined
          ? {}
          : { dropConnections: effects.dropConnections }),
        // A replica taken out is used again once it passes its checks (loading its adapters).
        check: async (replica, signal) => {
          const full = { ...replica, url: urlOf.get(replica.index)! };
          const again = await checkReplica(effects.fetch, full, { ...checking, signal });
          for (const name of again.loaded) {
            effects.notice(`assess run: loaded the adapter ${name} on ${replicaName(replica)}`);
          }
        },
        write: (record) => writer.append(record),
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
          probe: (check) => {
            if (check.outcome === "different" && config.serving.batchInvariant === "asserted") {
              effects.notice(
                `WARNING: the model ${check.model} answered item ${check.itemId} differently alone and under load${
                  named(check.replica!)
                }: ${check.detail}`,
              );
            }
          },
          replica: (record) =>
            effects.notice(
              record.state === "down"
                ? `assess run: WARNING: ${replicaName(record)} is down: ${record.reason}; ` +
                  `its items go to the other replicas, and it is checked again every ${
                    RECHECK_MS / 1000
                  } s`
                : `assess run: ${
                  replicaName(record)
                } is back: ${record.reason}; it takes its items again`,
            ),
        },
      },
    );
  } finally {
    effects.stop.removeEventListener("abort", onStop);
    try {
      await writer.flush();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      // deno-lint-ignore no-unsafe-finally
      throw new RunSetupError(`the results file ${input.out} could not be written: ${why}`);
    } finally {
      await file.close().catch(() => {});
    }
  }
  const outcomeOf = finished(input, models.length, outcome, several, effects.stop);
  // The warnings stand again at the end, where they are not lost among the progress lines.
  return identical.warnings.length === 0
    ? outcomeOf
    : { ...outcomeOf, lines: [...identical.warnings, ...outcomeOf.lines] };
}

/** What to say of a session whose every request was refused alike: the message and the fix. */
function refusalLines(
  input: RunInput,
  end: EndRecord,
  refusal: AlikeRefusal,
  several: boolean,
): string[] {
  const server = several ? "the replicas" : "the server";
  const message = messageOf({ error: refusal });
  const quoted = `HTTP ${refusal.status} ${JSON.stringify(message)}`;
  const known = refusalOf(refusal.status, message, {
    model: refusal.model,
    baseline: refusal.model === input.config.models.baseline,
    toolCallParser: input.server.toolCallParser,
    maxTokens: input.config.sampling.maxTokens,
  });
  const total = end.answered + end.errors + end.missing;
  return [
    end.outcome === "server-failed"
      ? `assess run: ${server} refused the first ${refusal.count} requests alike, so the run stopped: ${quoted}`
      : `assess run: ${server} refused every request alike (${refusal.count}): ${quoted}`,
    ...(known === null
      ? [
        `  every request of this run gets this answer: change what the message names (a server flag, or the configuration) before running it again`,
      ]
      : [`  ${known.meaning}`, ...known.fix.map((l) => `  ${l}`)]),
    `  ${
      end.errors + end.missing
    } of ${total} (model, item) pairs have no answer (${end.errors} ended in errors, ${end.missing} not asked); every request sent is recorded in ${input.out}`,
  ];
}

/** The outcome of a session that ran: its summary line and what to say about it. */
function finished(
  input: RunInput,
  models: number,
  session: SessionOutcome,
  several: boolean,
  stop: AbortSignal,
): RunOutcome {
  const { end, checks } = session;
  const total = input.items.length * models;
  const mixed = session.mixedItems === 0
    ? ""
    : `; ${session.mixedItems} items answered on more than one replica`;
  const summary =
    `${input.out}: ${end.answered} of ${total} answers recorded (${end.errors} errors, ${end.missing} not asked${mixed})`;
  const lines: string[] = [];
  const resume = "run the same command again to resume: it asks only what is missing";
  const different = checks.filter((c) => c.outcome === "different");
  const invariance = input.config.serving.batchInvariant;
  const on = (c: ProbeCheckRecord) =>
    several && c.replica !== undefined ? ` on ${replicaName(c.replica)}` : "";
  // Every request refused alike: the server's message and what to change, never a count alone
  // nor the advice to resume (the same requests would be refused the same way).
  if (session.refusal !== null && end.outcome !== "interrupted") {
    return {
      kind: end.outcome,
      summary,
      lines: refusalLines(input, end, session.refusal, several),
      end,
      checks,
    };
  }
  if (end.outcome === "probe-failed") {
    const shown = different.length > 0
      ? different
      : checks.filter((c) => c.outcome === "inconclusive");
    const where = several
      ? [...new Set(shown.map((c) => replicaName(c.replica!)))].join(", ")
      : "the server";
    lines.push(
      different.length > 0
        ? `assess run: ${where} ${
          several && where.includes(",") ? "are" : "is"
        } not batch invariant (serving.batchInvariant is required): ${different.length} probe item(s) answered differently alone and under load`
        : `assess run: the batch-invariance probe could not compare any reply${
          several ? ` on ${where}` : ""
        } (serving.batchInvariant is required)`,
      ...shown.map((c) => `  ${c.model}, item ${c.itemId}${on(c)}: ${c.detail}`),
      "  start vLLM with VLLM_BATCH_INVARIANT=1, or set serving.batchInvariant to asserted or not-required",
    );
  } else if (different.length > 0) {
    lines.push(
      invariance === "asserted"
        ? `WARNING: serving.batchInvariant is asserted, but ${different.length} probe item(s) were answered differently alone and under load; the report shows them`
        : `assess run: note: ${different.length} probe item(s) were answered differently alone and under load (recorded)`,
    );
  }
  if (end.outcome === "interrupted") {
    lines.push(
      `assess run: stopped by ${
        stop.aborted ? String(stop.reason) : "a signal"
      }; ${end.answered} of ${total} answers are in ${input.out}; ${resume}`,
    );
  } else if (end.outcome !== "probe-failed" && end.errors + end.missing > 0) {
    lines.push(
      `assess run: ${
        end.errors + end.missing
      } of ${total} (model, item) pairs have no answer (${end.errors} ended in errors${
        end.outcome === "server-failed"
          ? `; ${
            several ? "the last replica in use" : "the server"
          } stopped answering, so the run stopped`
          : ""
      }); ${resume}`,
    );
  }
  return { kind: end.outcome, summary, lines, end, checks };
}
