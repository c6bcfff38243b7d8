/**
 * The shell of `assess run`: it reads what the run needs (the configuration, the dataset and its
 * split, the results file as resumed, the serve manifest, the environment), opens the world (the
 * network, the results file, the clock, the timers, the signals, the terminal) and hands both to
 * the run's core (`runAssessment`, which decides everything), then prints what it is told and maps
 * the outcome to an exit code. Private to `src/cli/`; `verb_run.ts` loads it when the verb runs.
 *
 * @module
 */

import { Progress, progressStarts } from "../run/progress.ts";
import { ResultsFileError } from "../results/results_file_error.ts";
import { readResume, type Resume } from "../run/resume.ts";
import { type ResultsFileSink, runAssessment } from "../run/run.ts";
import { RunSetupError } from "../run/run_errors.ts";
import {
  API_KEY_ENV,
  type ManifestSettings,
  MAX_MANIFEST_BYTES,
  parseManifest,
  resolveServerSettings,
  RUN_ENV,
  SERVER_ENV,
  type ServerSettings,
} from "../run/server_settings.ts";
import { sleepWith } from "../run/timers.ts";
import { type Config, modelNames } from "../config/config.ts";
import type { ItemList } from "../dataset/item.ts";
import { checkApiKey } from "../run/api_key.ts";
import { envRefusal, netRefusal } from "./permission_hint.ts";
import { ExitCode } from "./exit_codes.ts";
import { type Io, ResultsFileHeldError } from "./io.ts";
import { loadHeldOut } from "./load_split.ts";
import { showProgress } from "./progress_display.ts";
import { configuredScorer, readConfig } from "./read_config.ts";
import { ASSESS_VERSION } from "./verb_version.ts";
import { readFailure } from "./file_failure.ts";
import { refuseSameFile } from "./same_file.ts";
import { oneLine } from "../text/one_line.ts";
import type { Shard } from "../results/shard.ts";

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
  /** `-shard i/N`, when given. */
  readonly shard?: Shard;
}

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

/** The results file as read: its size (`null` when it is not there) and what it holds. */
interface ReadExisting {
  readonly size: number | null;
  readonly resume: Resume | null;
}

async function readExisting(
  path: string,
  io: Io,
  split: { readonly digest: string; readonly items: ItemList },
): Promise<ReadExisting> {
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await io.openRead(path);
  } catch (error) {
    if (error instanceof Error && error.name === "NotFound") return { size: null, resume: null };
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
    const resume = await readResume(counted(), split);
    return { size, resume };
  } catch (error) {
    // An empty file, or one whose header line was torn by a crash, holds nothing yet.
    if (error instanceof ResultsFileError && error.empty) return { size, resume: null };
    if (!(error instanceof ResultsFileError)) {
      throw new RunSetupError(
        `the results file ${path} cannot be read: ${readFailure(error, path)}`,
      );
    }
    // A line after the header that is broken, or names an item the split does not hold, is bad
    // data in a results file (65); a file whose line 1 is no header of this format is not one (64).
    if (error.line !== null && error.line > 1) {
      throw new ResultsFileError(`${path}: ${error.message}`, error.line);
    }
    throw new RunSetupError(
      `${path} is not a results file this run can resume: ${error.message}`,
      ["  give -out a new file, or remove this one if it is not needed"],
    );
  }
}

async function serverSettings(config: Config, io: Io): Promise<ServerSettings> {
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
    manifest = parseManifest(bytes, manifestPath);
  }
  return resolveServerSettings(config.server, { manifest, env: (name) => safeEnv(io, name) });
}

/** The results file opened for appending and held, or the run's refusal. */
async function openResults(
  io: Io,
  out: string,
  readSize: number | null,
  truncateTo: number,
): Promise<ResultsFileSink> {
  if (io.openAppend === undefined) throw new TypeError("assess run needs an Io with openAppend");
  try {
    return await io.openAppend(out, { readSize, truncateTo });
  } catch (error) {
    if (error instanceof ResultsFileHeldError) {
      throw new RunSetupError(
        `another assess run is writing ${out} (or wrote to it since this one read it)`,
        ["  let it end, then run the same command again to resume, or give -out another file"],
      );
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new RunSetupError(`the results file ${out} cannot be written: ${why}`);
  }
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
  // The results file is read and written; it must be none of the files the run only reads.
  const manifest = config.server.manifest ?? safeEnv(io, SERVER_ENV.manifest);
  await refuseSameFile("run", [
    { name: "-config", path: flags.config, output: false },
    { name: "the dataset", path: config.dataset.path, output: false },
    ...(manifest === undefined
      ? []
      : [{ name: "the serve manifest", path: manifest, output: false }]),
    { name: "-out", path: flags.out, output: true },
  ], io);
  const held = await loadHeldOut(config, io, flags.shard);
  const { items, digest, confirmItems } = held;
  const read = await readExisting(flags.out, io, { digest, items });
  const scorer = configuredScorer("run", config);
  const server = await serverSettings(config, io);
  // Deno's refusal to connect is said as such, before any request could take it for a dead server.
  const refused = netRefusal(server.urls);
  if (refused !== null) throw refused;
  const models = modelNames(config.models);

  // A shard asks its own items (the self-test covers the whole split), each model once per sample.
  const shard = flags.shard && held.shardItems && { shard: flags.shard, items: held.shardItems };
  const asks = (shard?.items ?? items).length * config.sampling.samples;
  const progress = new Progress(progressStarts(read.resume, models, asks), io.now());
  const display = showProgress(progress, io.stderr, () => io.now());
  const stop = new AbortController();
  const unlisten = io.onStopSignal?.((signal) => {
    if (!stop.signal.aborted) stop.abort(signal);
  });
  let outcome;
  try {
    outcome = await runAssessment(
      {
        config,
        items,
        splitDigest: digest,
        confirmItems,
        scorer,
        server,
        ...(apiKey === undefined ? {} : { apiKey }),
        limits: flags,
        resume: read.resume,
        assessVersion: ASSESS_VERSION ?? null,
        out: flags.out,
        ...(shard === undefined ? {} : { shard }),
      },
      {
        fetch: io.fetch,
        open: (truncateTo) => openResults(io, flags.out, read.size, truncateTo),
        now: () => io.now(),
        random: Math.random,
        sleep: (ms, signal) => sleepWith(globalThis, ms, signal),
        timers: globalThis,
        stop: stop.signal,
        progress: {
          begin: () => display.begin(),
          result: (model, correct) => progress.result(model, correct),
          retry: (model) => progress.retry(model),
          probePlanned: (sends) => progress.probePlanned(sends),
          probeSent: () => progress.probeSent(),
          probeChecked: (outcome) => progress.probeChecked(outcome),
        },
        notice: (line) => display.notice(line),
        dropConnections: () => io.closeConnections?.(),
      },
    );
  } finally {
    unlisten?.();
    io.closeConnections?.();
    await display.finish();
  }
  if (outcome.kind === "selftest-failed") {
    await io.stderr.write(outcome.lines.map((l) => `${oneLine(l)}\n`).join(""));
    return outcome.faulty ? ExitCode.software : ExitCode.data;
  }
  await io.stdout.write(`${oneLine(outcome.summary)}\n`);
  await io.stderr.write(outcome.lines.map((l) => `${oneLine(l)}\n`).join(""));
  return outcome.kind === "complete" ? ExitCode.ok : ExitCode.unavailable;
}
