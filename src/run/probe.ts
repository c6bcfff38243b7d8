/**
 * The batch-invariance probe's comparison: two replies to the same request, one sent alone and one
 * sent inside the full load, compared exactly; and what a resumed run keeps of earlier sessions'
 * probes.
 *
 * @module
 */

import type { ProbeCheckRecord, ProbeRecord, RecordedReply } from "../results/records.ts";

function show(text: string, at: number): string {
  const start = Math.max(0, at - 20);
  const piece = text.slice(start, at + 40);
  return (start > 0 ? "…" : "") + JSON.stringify(piece) + (at + 40 < text.length ? "…" : "");
}

function textDifference(what: string, alone: string, loaded: string): string | null {
  if (alone === loaded) return null;
  let at = 0;
  while (at < alone.length && at < loaded.length && alone[at] === loaded[at]) at++;
  return `${what} differs at character ${at}: alone ${show(alone, at)}, loaded ${show(loaded, at)}`;
}

/**
 * The first difference between two replies, in plain words, or `null` when they are identical:
 * the same calls (names and arguments text, in order), the same text, the same reasoning, the
 * same finish reason and the same truncation.
 *
 * @param alone The reply sent with nothing else in flight.
 * @param loaded The reply sent inside the full load.
 * @returns The first difference, or `null`.
 *
 * @example
 * ```ts
 * import { firstDifference } from "./probe.ts";
 * import assert from "node:assert/strict";
 *
 * const reply = { text: "", calls: [{ name: "f", arguments: '{"a": 1}' }], truncated: false,
 *   reasoning: null, finishReason: "tool_calls" };
 * assert.equal(firstDifference(reply, reply), null);
 * assert.match(
 *   firstDifference(reply, { ...reply, calls: [{ name: "f", arguments: '{"a": 2}' }] }) ?? "",
 *   /^calls\[0\]\.arguments differs at character 6/,
 * );
 * ```
 */
export function firstDifference(alone: RecordedReply, loaded: RecordedReply): string | null {
  const count = Math.max(alone.calls.length, loaded.calls.length);
  for (let i = 0; i < count; i++) {
    const a = alone.calls[i];
    const b = loaded.calls[i];
    if (a === undefined || b === undefined) {
      return `the number of calls differs: alone ${alone.calls.length}, loaded ${loaded.calls.length}`;
    }
    const difference = textDifference(`calls[${i}].name`, a.name, b.name) ??
      textDifference(`calls[${i}].arguments`, a.arguments, b.arguments);
    if (difference !== null) return difference;
  }
  const text = textDifference("the text", alone.text, loaded.text);
  if (text !== null) return text;
  const reasoning = textDifference("the reasoning", alone.reasoning ?? "", loaded.reasoning ?? "");
  if (reasoning !== null) return reasoning;
  if ((alone.reasoning === null) !== (loaded.reasoning === null)) {
    return `the reasoning is present in one reply only`;
  }
  if (alone.finishReason !== loaded.finishReason) {
    return `the finish reason differs: alone ${JSON.stringify(alone.finishReason)}, loaded ${
      JSON.stringify(loaded.finishReason)
    }`;
  }
  if (alone.truncated !== loaded.truncated) {
    return `the reply is truncated in one send only`;
  }
  return null;
}

/** A send as the probe compares it: its reply, or the error it ended in. */
export interface ProbeSend {
  /** The reply, or `null` when the send failed. */
  readonly reply: RecordedReply | null;
  /** Why it failed, or `null`. */
  readonly error: { readonly message: string } | null;
}

/**
 * What a probe item's two sends come to: `same`, `different` (with the first difference), or
 * `inconclusive` when a send failed (with its error).
 *
 * @param alone The send with nothing else in flight.
 * @param loaded The send inside the full load.
 * @returns The outcome and its detail (`null` for `same`).
 *
 * @example
 * ```ts
 * import { probeOutcome } from "./probe.ts";
 * import assert from "node:assert/strict";
 *
 * const reply = { text: "hi", calls: [], truncated: false, reasoning: null, finishReason: "stop" };
 * assert.deepEqual(probeOutcome({ reply, error: null }, { reply, error: null }), {
 *   outcome: "same", detail: null,
 * });
 * assert.deepEqual(
 *   probeOutcome({ reply, error: null }, { reply: null, error: { message: "no complete response" } }),
 *   { outcome: "inconclusive", detail: "the loaded send failed: no complete response" },
 * );
 * ```
 */
export function probeOutcome(
  alone: ProbeSend,
  loaded: ProbeSend,
): { readonly outcome: "same" | "different" | "inconclusive"; readonly detail: string | null } {
  if (alone.reply === null || loaded.reply === null) {
    const error = (alone.error ?? loaded.error)!;
    return {
      outcome: "inconclusive",
      detail: `the ${alone.reply === null ? "lone" : "loaded"} send failed: ${error.message}`,
    };
  }
  const detail = firstDifference(alone.reply, loaded.reply);
  return { outcome: detail === null ? "same" : "different", detail };
}

/**
 * One server's probe, from its lone sends to their comparisons: it keeps each probe item's lone
 * send until its loaded send comes, and counts, model by model, the comparisons left and those that
 * could be made, for `required`'s rule (a difference fails the probe, and so does a model whose
 * every comparison was inconclusive).
 *
 * @example
 * ```ts
 * import { ProbeRound } from "./probe.ts";
 * import assert from "node:assert/strict";
 *
 * const reply = { text: "hi", calls: [], truncated: false, reasoning: null, finishReason: "stop" };
 * const round = new ProbeRound();
 * round.alone("base", 3, { reply, error: null });
 * const check = round.loaded("base", 3, { reply: { ...reply, text: "ho" }, error: null });
 * assert.equal(check.outcome, "different");
 * assert.equal(check.fails, true);
 * ```
 */
export class ProbeRound {
  #alone = new Map<string, ProbeSend>();
  #left = new Map<string, number>();
  #compared = new Map<string, number>();

  /**
   * Keeps a probe item's lone send.
   *
   * @param model The model.
   * @param itemIndex The item's position.
   * @param send What the lone send came to.
   */
  alone(model: string, itemIndex: number, send: ProbeSend): void {
    this.#alone.set(`${itemIndex}\u0000${model}`, send);
    this.#left.set(model, (this.#left.get(model) ?? 0) + 1);
  }

  /**
   * Counts a comparison an earlier session made (`same`, kept across a resume): the model's probe
   * has compared something, so inconclusive comparisons of this round do not fail it.
   *
   * @param model The model.
   */
  earlier(model: string): void {
    this.#compared.set(model, (this.#compared.get(model) ?? 0) + 1);
  }

  /**
   * Compares a probe item's loaded send with its lone one.
   *
   * @param model The model.
   * @param itemIndex The item's position.
   * @param send What the loaded send came to.
   * @returns The outcome and its detail (see {@linkcode probeOutcome}), and whether it fails a
   *   `required` probe: a difference, or the model's last comparison when none could be made.
   * @throws {RangeError} When the item had no lone send in this round.
   */
  loaded(
    model: string,
    itemIndex: number,
    send: ProbeSend,
  ): ReturnType<typeof probeOutcome> & { readonly fails: boolean } {
    const first = this.#alone.get(`${itemIndex}\u0000${model}`);
    if (first === undefined) {
      throw new RangeError(`ProbeRound: item ${itemIndex} of ${model} was not sent alone`);
    }
    const outcome = probeOutcome(first, send);
    if (outcome.outcome !== "inconclusive") {
      this.#compared.set(model, (this.#compared.get(model) ?? 0) + 1);
    }
    const left = this.#left.get(model)! - 1;
    this.#left.set(model, left);
    const fails = outcome.outcome === "different" ||
      (left === 0 && (this.#compared.get(model) ?? 0) === 0);
    return { ...outcome, fails };
  }
}

/** What earlier sessions recorded of a probe item's sends to one model on one replica. */
export interface EarlierProbe {
  /** The lone send's reply, when one was answered (and not compared as `different` since). */
  readonly alone?: RecordedReply;
  /** The loaded send's reply, likewise. */
  readonly loaded?: RecordedReply;
  /** Whether the two were compared `same` (then nothing is sent again). */
  readonly same: boolean;
}

/**
 * The probe sends of earlier sessions, as a resumed session keeps them, by model, item and
 * replica (`host:port`): fed a results file's `probe` and `probe-check` records in file order, it
 * keeps each send answered, and forgets both sends of an item compared `different`, so that a
 * difference is probed again (the server may have been restarted with `VLLM_BATCH_INVARIANT=1`).
 * Records without a replica (a format 1 file's) are not kept: their server is not known.
 *
 * @example
 * ```ts
 * import { EarlierProbes } from "./probe.ts";
 * import assert from "node:assert/strict";
 *
 * const reply = { text: "hi", calls: [], truncated: false, reasoning: null, finishReason: "stop" };
 * const replica = { index: 0, host: "127.0.0.1:8000" };
 * const send = {
 *   kind: "probe", model: "base", itemId: 7, itemIndex: 7, session: 1, requestDigest: "0".repeat(64),
 *   attempts: 1, latencyMs: 5, response: null, reply, usage: null, error: null, replica,
 * } as const;
 * const earlier = new EarlierProbes();
 * earlier.add({ ...send, phase: "alone" });
 * assert.deepEqual(earlier.get("base", 7, replica.host), { alone: reply, same: false });
 * earlier.add({ ...send, phase: "loaded" });
 * earlier.add({ kind: "probe-check", session: 1, model: "base", itemId: 7, itemIndex: 7,
 *   outcome: "same", detail: null, replica });
 * assert.equal(earlier.get("base", 7, replica.host)?.same, true);
 * assert.equal(earlier.get("base", 7, "10.0.0.2:8000"), undefined);
 * ```
 */
export class EarlierProbes {
  readonly #probes = new Map<
    string,
    { alone?: RecordedReply; loaded?: RecordedReply; same: boolean }
  >();

  /**
   * Takes a record, in file order.
   *
   * @param record A `probe` or `probe-check` record.
   */
  add(record: ProbeRecord | ProbeCheckRecord): void {
    if (record.replica === undefined) return;
    const key = probeKey(record.model, record.itemIndex, record.replica.host);
    if (record.kind === "probe-check") {
      if (record.outcome === "different") this.#probes.delete(key);
      else if (record.outcome === "same") {
        const kept = this.#probes.get(key);
        if (kept?.alone !== undefined && kept.loaded !== undefined) kept.same = true;
      }
      return;
    }
    if (record.reply === null) return;
    let kept = this.#probes.get(key);
    if (kept === undefined) this.#probes.set(key, kept = { same: false });
    kept[record.phase] = record.reply;
    kept.same = false;
  }

  /**
   * What earlier sessions recorded of an item's probe sends to a model on a replica.
   *
   * @param model The model.
   * @param itemIndex The item's position.
   * @param host The replica's `host:port`.
   * @returns The sends answered and whether they compared `same`, or `undefined` for none.
   */
  get(model: string, itemIndex: number, host: string): EarlierProbe | undefined {
    return this.#probes.get(probeKey(model, itemIndex, host));
  }
}

function probeKey(model: string, itemIndex: number, host: string): string {
  return `${model}\u0000${itemIndex}\u0000${host}`;
}
