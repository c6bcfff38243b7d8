/**
 * `assess run`: its flags and help. The work is in `_run_command.ts`, loaded only when the verb
 * runs, so that the other verbs do not pay for its imports at start-up.
 *
 * @module
 */

import { DEFAULT_RETRY } from "../run/retry.ts";
import { RUN_ENV } from "../run/server_settings.ts";
import type { FlagValues } from "./flags.ts";
import type { RunFlags } from "./_run_command.ts";
import { CONFIG_FLAG } from "./read_config.ts";
import { UsageError } from "./usage_error.ts";
import { parseShard, type Shard } from "../results/shard.ts";
import type { Verb } from "./verb.ts";

/** The default per-request timeout: 10 minutes (a long reply, queued behind a full batch). */
export const DEFAULT_TIMEOUT = "600s";
/** The default response-size cap: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** The smallest `-max-response`: 1 KiB. */
export const MIN_MAX_RESPONSE_BYTES = 1024;
/**
 * The largest `-max-response`: 64 MiB. Each request in flight may hold a body this large, and a
 * record holds it twice (the raw body and the reply read from it), escaped: at this cap a record
 * stays within what a results file's line may hold (`MAX_LINE_BYTES`).
 */
export const MAX_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** The most `-retries`: 100. */
export const MAX_RETRIES = 100;
/**
 * The longest `-timeout`: 24 hours. A longer one is refused (the platform's timers overflow past
 * 2^31 − 1 milliseconds, about 24.8 days, and fire at once).
 */
export const MAX_DURATION_MS = 24 * 3_600_000;

/**
 * Reads a duration flag: a number with a unit (`ms`, `s`, `m`, `h`), or plain seconds, more than
 * 0 and at most {@linkcode MAX_DURATION_MS}.
 *
 * @param flag The flag's name, for messages.
 * @param text The value.
 * @returns Milliseconds.
 * @throws {UsageError} When the text is not a positive duration, or is more than 24 hours.
 *
 * @example
 * ```ts
 * import { parseDuration } from "./verb_run.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseDuration("timeout", "2m"), 120_000);
 * assert.equal(parseDuration("timeout", "90"), 90_000);
 * assert.throws(() => parseDuration("timeout", "597h"), /more than 24h/);
 * ```
 */
export function parseDuration(flag: string, text: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m|h)?$/.exec(text.trim());
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const value = match ? Number(match[1]) * unit[(match[2] ?? "s") as keyof typeof unit] : NaN;
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new UsageError(
      `assess run: -${flag} ${quoted(text)} is not a duration such as 90s, 10m or 500ms`,
    );
  }
  if (value > MAX_DURATION_MS) {
    throw new UsageError(`assess run: -${flag} ${quoted(text)} is more than 24h, the most allowed`);
  }
  return value;
}

function parseCount(flag: string, text: string, min: number, max: number): number {
  const value = /^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `assess run: -${flag} ${quoted(text)} is not a whole number from ${min} to ${max}`,
    );
  }
  return value;
}

/** A flag's value as a message shows it: quoted, and shortened past 60 characters. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function readFlags(flags: FlagValues): RunFlags {
  return {
    config: String(flags.config),
    out: String(flags.out),
    timeoutMs: parseDuration("timeout", String(flags.timeout)),
    maxResponseBytes: parseCount(
      "max-response",
      String(flags["max-response"]),
      MIN_MAX_RESPONSE_BYTES,
      MAX_MAX_RESPONSE_BYTES,
    ),
    retries: parseCount("retries", String(flags.retries), 0, MAX_RETRIES),
    ...(flags.shard === undefined ? {} : { shard: readShard(String(flags.shard)) }),
  };
}

/** `-shard i/N`, or a one-line refusal (exit 64). */
function readShard(text: string): Shard {
  try {
    return parseShard(text);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError(`assess run: -shard ${quoted(text)} ${error.message}`);
  }
}

/**
 * `assess run [-config FILE] -out RESULTS`: self-test, server checks, the probe, then every
 * held-out item for the baseline and each adapter, recorded as it goes; resumes an existing
 * results file of the same run.
 */
export const runVerb: Verb = {
  name: "run",
  permissions: `--allow-read=assess.yaml,DATASET,results.jsonl --allow-write=results.jsonl ` +
    `--allow-net=HOST:PORT --allow-env=${RUN_ENV.join(",")}`,
  summary: "ask the models every held-out item and record every reply (resumable)",
  usage:
    "[-config FILE] -out RESULTS [-timeout DURATION] [-max-response BYTES] [-retries N] [-shard i/N]",
  flags: {
    config: CONFIG_FLAG,
    out: {
      kind: "string",
      help: "the results file: written as the run goes; an existing one of the same run is resumed",
      placeholder: "RESULTS",
      required: true,
    },
    timeout: {
      kind: "string",
      help: "the most one request may take, headers and body (such as 90s, 10m; at most 24h)",
      placeholder: "DURATION",
      default: DEFAULT_TIMEOUT,
    },
    "max-response": {
      kind: "string",
      help:
        "the largest response body accepted, in bytes (1024 to 67108864); a larger one is an error for its item",
      placeholder: "BYTES",
      default: String(DEFAULT_MAX_RESPONSE_BYTES),
    },
    retries: {
      kind: "string",
      help: "how many times a request that failed transiently is sent again (0 to 100)",
      placeholder: "N",
      default: String(DEFAULT_RETRY.attempts - 1),
    },
    shard: {
      kind: "string",
      help: "ask only shard i of N (i from 0 to N-1): the held-out items whose content hash " +
        "falls in it, into its own results file; report -in merges the shards",
      placeholder: "i/N",
    },
  },
  async run(flags, io) {
    const read = readFlags(flags);
    const { runCommand } = await import("./_run_command.ts");
    return runCommand(read, io);
  },
};
