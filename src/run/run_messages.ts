/**
 * Every sentence `assess run` says to the operator, in one place: the notices while it goes, the
 * refusals of its setup, and the summary and lines of its outcome. Each takes the figures and
 * names it needs as values and decides nothing but its wording.
 *
 * @module
 */

import { itemIdShown } from "../dataset/item_id.ts";
import type { Config } from "../config/config.ts";
import type { EndRecord, ProbeCheckRecord, ReplicaRecord, ReplicaRef } from "../results/records.ts";
import { messageOf, refusalOf } from "./chat_check.ts";
import type { AlikeRefusal } from "./refusal_watch.ts";
import { replicaName } from "./replicas.ts";
import { RECHECK_MS } from "./session.ts";

/**
 * The first line of a failed self-test, before the self-test's own lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SELFTEST_FAILED } from "./run_messages.ts";
 * assert(SELFTEST_FAILED.endsWith("no request was sent"));
 * ```
 */
export const SELFTEST_FAILED: string =
  "assess run: the scorer failed its self-test on the split; no request was sent";

/**
 * The note that a probe cannot find a difference when only one request goes out at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROBE_ALONE_NOTE } from "./run_messages.ts";
 * assert(PROBE_ALONE_NOTE.startsWith("assess run: note:"));
 * ```
 */
export const PROBE_ALONE_NOTE: string =
  "assess run: note: serving.concurrency is 1, so the probe's loaded sends go out alone too and it cannot find a difference";

/**
 * How a replica is named at the end of a sentence: ` on replica …` with several, nothing with one.
 *
 * @param several Whether the run has several replicas.
 * @param replica The replica, or absent.
 * @returns The words, with their leading space, or `""`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { onReplica } from "./run_messages.ts";
 * assert.equal(onReplica(false, { index: 1, host: "a:8000" }), "");
 * ```
 */
export function onReplica(several: boolean, replica: ReplicaRef | undefined): string {
  return several && replica !== undefined ? ` on ${replicaName(replica)}` : "";
}

/**
 * What a stop says while the requests in flight are waited for.
 *
 * @param reason The stop signal's reason (`SIGINT`, `SIGTERM`).
 * @param graceMs How long the requests in flight are waited for, in milliseconds.
 * @returns The line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stopNotice } from "./run_messages.ts";
 * assert.equal(
 *   stopNotice("SIGINT", 5000),
 *   "assess run: SIGINT: sending nothing more; waiting up to 5 s for the requests in flight",
 * );
 * ```
 */
export function stopNotice(reason: unknown, graceMs: number): string {
  return `assess run: ${String(reason)}: sending nothing more; waiting up to ${
    graceMs / 1000
  } s for the requests in flight`;
}

/**
 * What is said when a replica checked again had an adapter loaded.
 *
 * @param name The adapter's name.
 * @param replica The replica.
 * @returns The line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { adapterLoaded } from "./run_messages.ts";
 * assert(adapterLoaded("a", { index: 1, host: "h:1" }).includes("loaded the adapter a"));
 * ```
 */
export function adapterLoaded(name: string, replica: ReplicaRef): string {
  return `assess run: loaded the adapter ${name} on ${replicaName(replica)}`;
}

/**
 * The warning for a probe item answered differently alone and under load, when batch invariance
 * is asserted.
 *
 * @param check The probe's comparison.
 * @param several Whether the run has several replicas (the replica is then named).
 * @returns The line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { probeDifferent } from "./run_messages.ts";
 * const check = {
 *   kind: "probe-check",
 *   session: 1,
 *   model: "m",
 *   itemId: 3,
 *   itemIndex: 0,
 *   outcome: "different",
 *   detail: "d",
 * } as const;
 * assert(probeDifferent(check, false).startsWith("WARNING: the model m answered item 3"));
 * ```
 */
export function probeDifferent(check: ProbeCheckRecord, several: boolean): string {
  return `WARNING: the model ${check.model} answered item ${
    itemIdShown(check.itemId)
  } differently alone and under load${
    several ? ` on ${replicaName(check.replica!)}` : ""
  }: ${check.detail}`;
}

/**
 * What is said when a replica is taken out or comes back.
 *
 * @param record The replica's record.
 * @returns The line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replicaNotice } from "./run_messages.ts";
 * const back = {
 *   kind: "replica",
 *   session: 1,
 *   index: 1,
 *   host: "h:1",
 *   state: "up",
 *   reason: "r",
 * } as const;
 * assert(replicaNotice(back).endsWith("it takes its items again"));
 * ```
 */
export function replicaNotice(record: ReplicaRecord): string {
  return record.state === "down"
    ? `assess run: WARNING: ${replicaName(record)} is down: ${record.reason}; ` +
      `its items go to the other replicas, and it is checked again every ${RECHECK_MS / 1000} s`
    : `assess run: ${replicaName(record)} is back: ${record.reason}; it takes its items again`;
}

/**
 * Why a results file is not resumed: it holds another run.
 *
 * @param out The results file's name.
 * @param changes What changed, one line each.
 * @returns The message and its indented lines.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anotherRun } from "./run_messages.ts";
 * assert.equal(anotherRun("r.jsonl", ["x"]).lines[0], "  x");
 * ```
 */
export function anotherRun(
  out: string,
  changes: readonly string[],
): { message: string; lines: string[] } {
  return {
    message: `${out} holds the results of another run, so it is not resumed; what changed:`,
    lines: [...changes.map((c) => `  ${c}`), "  give -out a new file to start a new run"],
  };
}

/**
 * Why the results file could not be written.
 *
 * @param out The results file's name.
 * @param error What was thrown.
 * @returns The message.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { notWritten } from "./run_messages.ts";
 * assert.equal(
 *   notWritten("r.jsonl", new Error("full")),
 *   "the results file r.jsonl could not be written: full",
 * );
 * ```
 */
export function notWritten(out: string, error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `the results file ${out} could not be written: ${why}`;
}

/** What the outcome's sentences need to know of the run. */
export interface EndContext {
  /** The accepted configuration. */
  readonly config: Config;
  /** The server's tool-call parser, or `null` when none is set. */
  readonly toolCallParser: string | null;
  /** The results file's name. */
  readonly out: string;
  /** How many (model, item) pairs the run has. */
  readonly total: number;
  /** Whether the run has several replicas. */
  readonly several: boolean;
}

/**
 * What to say of a session whose every request was refused alike: the message and the fix.
 *
 * @param context The run.
 * @param end The end record.
 * @param refusal The refusal every request got.
 * @returns The lines.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { refusalLines } from "./run_messages.ts";
 * const config = { models: { baseline: "b" }, sampling: { maxTokens: 64 } } as never;
 * const context = { config, toolCallParser: null, out: "r.jsonl", total: 2, several: false };
 * const end = { outcome: "complete", answered: 0, errors: 2, missing: 0 } as never;
 * const refusal = { status: 400, message: "no", model: "b", count: 2 } as never;
 * assert(refusalLines(context, end, refusal)[0]!.startsWith("assess run: the server refused"));
 * ```
 */
export function refusalLines(
  context: EndContext,
  end: EndRecord,
  refusal: AlikeRefusal,
): string[] {
  const { config, several } = context;
  const server = several ? "the replicas" : "the server";
  const message = messageOf({ error: refusal });
  const quoted = `HTTP ${refusal.status} ${JSON.stringify(message)}`;
  const known = refusalOf(refusal.status, message, {
    model: refusal.model,
    baseline: refusal.model === config.models.baseline,
    toolCallParser: context.toolCallParser,
    maxTokens: config.sampling.maxTokens,
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
    } of ${total} (model, item) pairs have no answer (${end.errors} ended in errors, ${end.missing} not asked); every request sent is recorded in ${context.out}`,
  ];
}

/**
 * The line for stdout: how many answers the results file holds.
 *
 * @param context The run.
 * @param end The end record.
 * @param mixedItems How many items were answered on more than one replica.
 * @returns The line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summaryLine } from "./run_messages.ts";
 * const context = {
 *   config: { serving: { batchInvariant: "not-required" } } as never,
 *   toolCallParser: null,
 *   out: "r.jsonl",
 *   total: 4,
 *   several: false,
 * };
 * const end = {
 *   kind: "end",
 *   session: 1,
 *   endedAt: "",
 *   outcome: "complete",
 *   answered: 3,
 *   errors: 1,
 *   missing: 0,
 * } as never;
 * assert.equal(
 *   summaryLine(context, end, 0),
 *   "r.jsonl: 3 of 4 answers recorded (1 errors, 0 not asked)",
 * );
 * ```
 */
export function summaryLine(context: EndContext, end: EndRecord, mixedItems: number): string {
  const mixed = mixedItems === 0 ? "" : `; ${mixedItems} items answered on more than one replica`;
  return `${context.out}: ${end.answered} of ${context.total} answers recorded (${end.errors} errors, ${end.missing} not asked${mixed})`;
}

/**
 * What to say of the batch-invariance probe: why it failed the run, or the items it found
 * answered differently.
 *
 * @param context The run.
 * @param end The end record.
 * @param checks The probe's comparisons.
 * @returns The lines (none when there is nothing to say).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { probeLines } from "./run_messages.ts";
 * const context = {
 *   config: { serving: { batchInvariant: "not-required" } } as never,
 *   toolCallParser: null,
 *   out: "r.jsonl",
 *   total: 4,
 *   several: false,
 * };
 * const end = {
 *   kind: "end",
 *   session: 1,
 *   endedAt: "",
 *   outcome: "complete",
 *   answered: 3,
 *   errors: 1,
 *   missing: 0,
 * } as never;
 * assert.deepEqual(probeLines(context, end, []), []);
 * ```
 */
export function probeLines(
  context: EndContext,
  end: EndRecord,
  checks: readonly ProbeCheckRecord[],
): string[] {
  const { several } = context;
  const different = checks.filter((c) => c.outcome === "different");
  if (end.outcome === "probe-failed") {
    const shown = different.length > 0
      ? different
      : checks.filter((c) => c.outcome === "inconclusive");
    const where = several
      ? [...new Set(shown.map((c) => replicaName(c.replica!)))].join(", ")
      : "the server";
    return [
      different.length > 0
        ? `assess run: ${where} ${
          several && where.includes(",") ? "are" : "is"
        } not batch invariant (serving.batchInvariant is required): ${different.length} probe item(s) answered differently alone and under load`
        : `assess run: the batch-invariance probe could not compare any reply${
          several ? ` on ${where}` : ""
        } (serving.batchInvariant is required)`,
      ...shown.map((c) =>
        `  ${c.model}, item ${itemIdShown(c.itemId)}${onReplica(several, c.replica)}: ${c.detail}`
      ),
      "  start vLLM with VLLM_BATCH_INVARIANT=1, or set serving.batchInvariant to asserted or not-required",
    ];
  }
  if (different.length === 0) return [];
  return [
    context.config.serving.batchInvariant === "asserted"
      ? `WARNING: serving.batchInvariant is asserted, but ${different.length} probe item(s) were answered differently alone and under load; the report shows them`
      : `assess run: note: ${different.length} probe item(s) were answered differently alone and under load (recorded)`,
  ];
}

/**
 * Why the run is not complete: stopped by a signal, or pairs left without an answer.
 *
 * @param context The run.
 * @param end The end record.
 * @param stop The stop signal (its reason names the signal).
 * @returns The lines (none when every pair has its answer, or the probe failed the run).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { incompleteLines } from "./run_messages.ts";
 * const context = {
 *   config: { serving: { batchInvariant: "not-required" } } as never,
 *   toolCallParser: null,
 *   out: "r.jsonl",
 *   total: 4,
 *   several: false,
 * };
 * const end = {
 *   kind: "end",
 *   session: 1,
 *   endedAt: "",
 *   outcome: "complete",
 *   answered: 3,
 *   errors: 1,
 *   missing: 0,
 * } as never;
 * assert(incompleteLines(context, end, new AbortController().signal)[0]!.includes("1 of 4"));
 * ```
 */
export function incompleteLines(
  context: EndContext,
  end: EndRecord,
  stop: AbortSignal,
): string[] {
  const { total, several } = context;
  const resume = "run the same command again to resume: it asks only what is missing";
  if (end.outcome === "interrupted") {
    return [
      `assess run: stopped by ${
        stop.aborted ? String(stop.reason) : "a signal"
      }; ${end.answered} of ${total} answers are in ${context.out}; ${resume}`,
    ];
  }
  if (end.outcome === "probe-failed" || !(end.errors + end.missing > 0)) return [];
  return [
    `assess run: ${
      end.errors + end.missing
    } of ${total} (model, item) pairs have no answer (${end.errors} ended in errors${
      end.outcome === "server-failed"
        ? `; ${
          several ? "the last replica in use" : "the server"
        } stopped answering, so the run stopped`
        : ""
    }); ${resume}`,
  ];
}
