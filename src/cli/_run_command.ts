/**
 * The work of `assess run`: the shell around `src/run/`. It reads the config, the dataset and the
 * results file, the environment and the clock, opens the network and the signals, and hands them
 * to the pure core. Private to `src/cli/`; `verb_run.ts` loads it when the verb runs.
 *
 * @module
 */

import type { Config } from "../config/config.ts";
import { sha256Hex } from "../dataset/sha256.ts";
import type { Item } from "../dataset/item.ts";
import { heldOutItems } from "../split/split.ts";
import { selftest, selftestLines } from "../score/selftest.ts";
import { scoreOptions } from "../score/scorer.ts";
import { configDigest, headerChanges, makeHeader } from "../run/header.ts";
import { exchange } from "../run/http.ts";
import { type ModelStart, Progress } from "../run/progress.ts";
import { RecordWriter } from "../results/record_writer.ts";
import { buildRequestBody, requestSettings } from "../request/request.ts";
import type { SessionRecord } from "../results/records.ts";
import { ResultsFileError } from "../results/results_file_error.ts";
import { readResume, type Resume } from "../run/resume.ts";
import { RunSetupError, ServerError } from "../run/run_errors.ts";
import { checkServer } from "../run/server_check.ts";
import {
  API_KEY_ENV,
  type ManifestSettings,
  MAX_MANIFEST_BYTES,
  parseManifest,
  resolveServerSettings,
  RUN_ENV,
  SERVER_ENV,
} from "../run/server_settings.ts";
import { checkApiKey } from "../run/api_key.ts";
import { envRefusal, netRefusal } from "./permission_hint.ts";
import { DEFAULT_RETRY, runSession } from "../run/session.ts";
import { ExitCode } from "./exit_codes.ts";
import { type Io, ResultsFileHeldError } from "./io.ts";
import { loadSplit } from "./load_split.ts";
import { configuredScorer, readConfig } from "./read_config.ts";
import { ASSESS_VERSION } from "./verb_version.ts";
import { readFailure } from "./file_failure.ts";
import { oneLine } from "../text/one_line.ts";

/** What `assess run` is told besides the config: the flags, read. */
export interface RunFlags {
  /** `-config`. */
  readonly config: string;
  /** `-out`. */
  readonly out: string;
  /** `-timeout`, in milliseconds. */
  readonly timeoutMs: number;
  /** `-max-response`, in bytes. */
  readonly maxResponseBytes: number;
  /** `-retries`: sends after the first. */
  readonly retries: number;
}

/** How long a stop waits for the requests in flight, in milliseconds. */
export const STOP_GRACE_MS = 5_000;
/** How often a progress line is printed when stderr is not a terminal, in milliseconds. */
export const PLAIN_PROGRESS_MS = 5_000;

function safeEnv(io: Io, name: string): string | undefined {
  try {
    const value = io.env(name);
    return value === "" ? undefined : value;
  } catch (error) {
    // Not allowed to read it: refused, never taken as unset (the setting would be ignored).
    if (error instanceof Error && error.name === "NotCapable") throw envRefusal(name, RUN_ENV);
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === "NotFound";
}

/** The results file as read: its size (`null` when it is not there) and what it holds. */
interface ReadExisting {
  readonly size: number | null;
  readonly resume: Resume | null;
}

async function readExisting(path: string, io: Io): Promise<ReadExisting> {
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await io.openRead(path);
  } catch (error) {
    if (isNotFound(error)) return { size: null, resume: null };
    throw new RunSetupError(`the results file ${path} cannot be read: ${readFailure(error, path)}`);
  }
  let size = 0;
  async function* counted() {
    for await (const part of stream) {
      size += part.length;
      yield part;
    }
  }
  try {
    const resume = await readResume(counted());
    return { size, resume };
  } catch (error) {
    // An empty file, or one whose header line was torn by a crash, holds nothing yet.
    if (error instanceof ResultsFileError && error.empty) return { size, resume: null };
    if (!(error instanceof ResultsFileError)) {
      throw new RunSetupError(
        `the results file ${path} cannot be read: ${readFailure(error, path)}`,
      );
    }
    throw new RunSetupError(
      `${path} is not a results file this run can resume: ${error.message}`,
      ["  give -out a new file, or remove this one if it is not needed"],
    );
  }
}

async function serverSettings(config: Config, io: Io) {
  const manifestPath = config.server.manifest ?? safeEnv(io, SERVER_ENV.manifest);
  let manifest: ManifestSettings | null = null;
  if (manifestPath !== undefined) {
    let bytes: Uint8Array;
    try {
      bytes = await io.readFile(manifestPath, { maxBytes: MAX_MANIFEST_BYTES });
    } catch (error) {
      throw new RunSetupError(
        `the serve manifest ${manifestPath} cannot be read: ${readFailure(error, manifestPath)}`,
      );
    }
    if (bytes.length > MAX_MANIFEST_BYTES) {
      throw new RunSetupError(`the serve manifest ${manifestPath} is over 1 MiB, the most read`);
    }
    manifest = parseManifest(new TextDecoder().decode(bytes), manifestPath);
  }
  return resolveServerSettings(config.server, { manifest, env: (name) => safeEnv(io, name) });
}

/** Where each model stands when this session starts. */
function starts(resume: Resume | null, models: readonly string[], items: number): ModelStart[] {
  return models.map((model) => ({
    model,
    total: items,
    answered: resume?.tallies.get(model)?.answered ?? 0,
    correct: resume?.tallies.get(model)?.correct ?? 0,
  }));
}

/**
 * Runs `assess run` with its flags read.
 *
 * @param flags The flags.
 * @param io The world.
 * @returns The exit code; throws the run's error families for the funnel.
 */
export async function runCommand(flags: RunFlags, io: Io): Promise<number> {
  const apiKey = checkApiKey(safeEnv(io, API_KEY_ENV)); // refused at once if a header cannot carry it
  const config = await readConfig(flags.config, io);
  const read = await readExisting(flags.out, io);
  const existing = read.resume;
  const { dataset, split } = await loadSplit(config, io);
  const items: Item[] = heldOutItems(dataset, split);
  const scorer = configuredScorer("run", config);
  const settings = await serverSettings(config, io);
  const scoring = scoreOptions(config.scorer.ordering, settings.toolCallParser);

  // 1. The self-test, before any request.
  const tested = selftest(scorer, items, scoring);
  const testedLines = selftestLines(tested);
  if (testedLines.outcome !== "passed") {
    await io.stderr.write(
      "assess run: the scorer failed its self-test on the split; no request was sent\n" +
        testedLines.lines.map((l) => `${oneLine(l)}\n`).join(""),
    );
    return testedLines.outcome === "failed" ? ExitCode.data : ExitCode.software;
  }

  // 2. The server.
  const limits = { timeoutMs: flags.timeoutMs, maxResponseBytes: flags.maxResponseBytes };
  const check = await checkServer(io.fetch, {
    url: settings.url,
    ...(apiKey === undefined ? {} : { apiKey }),
    baseline: config.models.baseline,
    adapters: config.models.adapters,
    ...limits,
  }).catch((error) => Promise.reject(netRefusal(error, settings.url)));
  for (const name of check.loaded) {
    await io.stderr.write(`${oneLine(`assess run: loaded the adapter ${name} on the server`)}\n`);
  }

  // 3. The results file: a new header, or the same run resumed.
  const startedAt = new Date(io.now()).toISOString();
  const header = makeHeader(config, {
    assessVersion: ASSESS_VERSION ?? null,
    startedAt,
    configDigest: configDigest(config),
    splitDigest: split.digest,
    scorerVersion: scorer.version,
    toolCallParser: settings.toolCallParser,
    selftest: { passed: true, items: tested.items },
    serverUrl: settings.url,
    serverModels: check.served,
  });
  if (existing !== null) {
    const changes = headerChanges(existing.header, header);
    if (changes.length > 0) {
      throw new RunSetupError(
        `${flags.out} holds the results of another run, so it is not resumed; what changed:`,
        [...changes.map((c) => `  ${c}`), "  give -out a new file to start a new run"],
      );
    }
  }
  if (io.openAppend === undefined) {
    throw new TypeError("assess run needs an Io with openAppend");
  }
  let file;
  try {
    file = await io.openAppend(flags.out, {
      readSize: read.size,
      truncateTo: existing === null ? 0 : existing.validBytes,
    });
  } catch (error) {
    if (error instanceof ResultsFileHeldError) {
      throw new RunSetupError(
        `another assess run is writing ${flags.out} (or wrote to it since this one read it)`,
        ["  let it end, then run the same command again to resume, or give -out another file"],
      );
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new RunSetupError(`the results file ${flags.out} cannot be written: ${why}`);
  }
  const writer = new RecordWriter(file);
  const models = [config.models.baseline, ...config.models.adapters.map((a) => a.name)];
  if (existing === null) writer.append(header);
  const sessionNumber = existing?.session ?? 1;
  const session: SessionRecord = {
    kind: "session",
    session: sessionNumber,
    startedAt,
    assessVersion: ASSESS_VERSION ?? null,
    serverModels: check.served,
    concurrency: config.serving.concurrency,
  };
  writer.append(session);

  // 4. The session, with progress and a clean stop.
  const progress = new Progress(starts(existing, models, items.length), io.now());
  const terminal = io.stderr.isTerminal;
  let drawn = 0;
  let lastPlain = io.now();
  const draw = async (final: boolean) => {
    const lines = progress.lines(io.now());
    if (terminal) {
      const up = drawn > 0 ? `\x1b[${drawn}A` : "";
      await io.stderr.write(up + lines.map((l) => `\x1b[2K${l}\n`).join(""));
      drawn = lines.length;
    } else if (final || io.now() - lastPlain >= PLAIN_PROGRESS_MS) {
      lastPlain = io.now();
      await io.stderr.write(lines.map((l) => `progress ${l}\n`).join(""));
    }
  };
  let drawing = Promise.resolve();
  const ticker = setInterval(() => {
    drawing = drawing.then(() => draw(false)).catch(() => {});
  }, terminal ? 250 : 1000);

  const stop = new AbortController();
  let signalled: string | null = null;
  let unlisten: (() => void) | undefined;
  const reqSettings = requestSettings(config);
  const encoder = new TextEncoder();
  const warnings: string[] = [];
  let outcome;
  // From here on the file is held: whatever happens, the finally flushes and closes it.
  try {
    if (config.serving.probe > 0 && config.serving.concurrency === 1) {
      await io.stderr.write(
        "assess run: note: serving.concurrency is 1, so the probe's loaded sends go out alone too and it cannot find a difference\n",
      );
    }
    unlisten = io.onStopSignal?.((signal) => {
      if (signalled !== null) return;
      signalled = signal;
      stop.abort();
      drawing = drawing.then(() =>
        io.stderr.write(
          `assess run: ${signal}: sending nothing more; waiting up to ${
            STOP_GRACE_MS / 1000
          } s for the requests in flight\n`,
        )
      ).catch(() => {});
    });
    outcome = await runSession(
      {
        items,
        models,
        previous: existing?.pairs ?? new Map(),
        probeItems: items.slice(0, config.serving.probe),
        batchInvariant: config.serving.batchInvariant,
        concurrency: config.serving.concurrency,
        session: sessionNumber,
        maxTokens: config.sampling.maxTokens,
        retry: { ...DEFAULT_RETRY, attempts: flags.retries + 1 },
        graceMs: STOP_GRACE_MS,
        failAfter: Math.max(16, 2 * config.serving.concurrency),
      },
      {
        body: (item, model) => buildRequestBody(item, model, reqSettings),
        digest: (body) => sha256Hex(encoder.encode(body)),
        post: (body, signal) =>
          exchange(io.fetch, `${settings.url}/chat/completions`, { body }, {
            ...limits,
            ...(apiKey === undefined ? {} : { apiKey }),
            signal,
          }),
        score: (item, reply) => scorer.score(item, reply, scoring),
        write: (record) => writer.append(record),
        sleep: (ms, signal) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(done, ms);
            function done() {
              clearTimeout(timer);
              signal.removeEventListener("abort", done);
              resolve();
            }
            signal.addEventListener("abort", done);
          }),
        random: Math.random,
        now: () => io.now(),
        stop: stop.signal,
        events: {
          result: (model, correct) => progress.result(model, correct),
          retry: (model) => progress.retry(model),
          probe: (check) => {
            if (check.outcome !== "different") return;
            const line =
              `the model ${check.model} answered item ${check.itemId} differently alone and under load: ${check.detail}`;
            warnings.push(line);
            if (config.serving.batchInvariant === "asserted") {
              drawing = drawing.then(() => io.stderr.write(`WARNING: ${oneLine(line)}\n`)).catch(
                () => {},
              );
            }
          },
        },
      },
    );
  } finally {
    clearInterval(ticker);
    unlisten?.();
    await drawing;
    try {
      await writer.flush();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      // deno-lint-ignore no-unsafe-finally
      throw new RunSetupError(
        `the results file ${flags.out} could not be written: ${why}`,
      );
    } finally {
      await file.close().catch(() => {});
    }
  }
  await draw(true);

  // 5. What came of it.
  const end = outcome.end;
  const total = items.length * models.length;
  await io.stdout.write(
    `${
      oneLine(flags.out)
    }: ${end.answered} of ${total} answers recorded (${end.errors} errors, ${end.missing} not asked)\n`,
  );
  const resume = `run the same command again to resume: it asks only what is missing`;
  const differentChecks = outcome.checks.filter((c) => c.outcome === "different");
  if (end.outcome === "probe-failed") {
    const lines = differentChecks.map((c) => `  ${c.model}, item ${c.itemId}: ${c.detail}`);
    const inconclusive = outcome.checks.filter((c) => c.outcome === "inconclusive");
    if (differentChecks.length === 0) {
      lines.push(...inconclusive.map((c) => `  ${c.model}, item ${c.itemId}: ${c.detail}`));
    }
    throw new ServerError(
      differentChecks.length > 0
        ? `the server is not batch invariant (serving.batchInvariant is required): ${differentChecks.length} probe item(s) answered differently alone and under load`
        : "the batch-invariance probe could not compare any reply (serving.batchInvariant is required)",
      [
        ...lines,
        "  start vLLM with VLLM_BATCH_INVARIANT=1, or set serving.batchInvariant to asserted or not-required",
      ],
    );
  }
  if (config.serving.batchInvariant === "asserted" && differentChecks.length > 0) {
    await io.stderr.write(
      `WARNING: serving.batchInvariant is asserted, but ${differentChecks.length} probe item(s) were answered differently alone and under load; the report shows them\n`,
    );
  } else if (differentChecks.length > 0) {
    await io.stderr.write(
      `assess run: note: ${differentChecks.length} probe item(s) were answered differently alone and under load (recorded)\n`,
    );
  }
  if (end.outcome === "interrupted") {
    await io.stderr.write(
      `assess run: stopped by ${
        signalled ?? "a signal"
      }; ${end.answered} of ${total} answers are in ${oneLine(flags.out)}; ${resume}\n`,
    );
    return ExitCode.unavailable;
  }
  const missing = end.errors + end.missing;
  if (missing > 0) {
    throw new ServerError(
      `${missing} of ${total} (model, item) pairs have no answer (${end.errors} ended in errors${
        end.outcome === "server-failed" ? "; the server stopped answering, so the run stopped" : ""
      }); ${resume}`,
    );
  }
  return ExitCode.ok;
}
