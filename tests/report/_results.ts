/**
 * Results files for the report tests, built from the run's record types: each (model, item) is
 * given an intended reason (or an error, or nothing), a reply that earns it is made, and the real
 * xlam-tool-call scorer judges it, so the verdicts are the ones a run would record.
 *
 * @module
 */

import type { Item } from "../../src/dataset/item.ts";
import type { JsonObject } from "../../src/json/json_value.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import type {
  BodyRecord,
  HeaderRecord,
  ProbeCheckRecord,
  RecordedReply,
  ReplicaRef,
  RequestErrorKind,
  ResultRecord,
  SessionRecord,
} from "../../src/results/records.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { syntheticItems } from "../run/_fixtures.ts";

/** What a model did on an item: a reason to earn, an error, or nothing (never asked). */
export type Planned =
  | "match"
  | "no-call"
  | "arguments"
  | "name"
  | "truncated"
  | "call-count"
  | "malformed-arguments"
  | "string-form"
  | `error:${RequestErrorKind}`
  | null;

/** The reply that earns a reason on an item. */
export function replyFor(item: Item, reason: string): RecordedReply {
  const answer = item.answers[0]!;
  const args = stringifyJson(answer.arguments);
  const call = { name: answer.name, arguments: args };
  const base = { text: "", truncated: false, reasoning: null, finishReason: "tool_calls" };
  switch (reason) {
    case "match":
      return { ...base, calls: [call] };
    case "no-call":
      return { ...base, text: "I would rather not.", calls: [], finishReason: "stop" };
    case "arguments":
      return { ...base, calls: [{ name: answer.name, arguments: '{"x": -1}' }] };
    case "name":
      return { ...base, calls: [{ name: "some_other_tool", arguments: args }] };
    case "truncated":
      return { ...base, calls: [call], truncated: true, finishReason: "length" };
    case "call-count":
      return { ...base, calls: [call, call] };
    case "malformed-arguments":
      return { ...base, calls: [{ name: answer.name, arguments: "{x:" }] };
    case "string-form": {
      // The answer's string arguments upper-cased: wrong by its arguments, which the lenient
      // reading's string-form rule forgives.
      const upper = new Map(
        [...answer.arguments as JsonObject].map(([k, v]) => [
          k,
          typeof v === "string" ? v.toUpperCase() : v,
        ]),
      );
      return { ...base, calls: [{ name: answer.name, arguments: stringifyJson(upper) }] };
    }
    default:
      throw new Error(`no reply earns ${reason}`);
  }
}

/** A vLLM-shaped response body for a reply. */
export function bodyFor(model: string, reply: RecordedReply): string {
  return JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        content: reply.text === "" ? null : reply.text,
        tool_calls: reply.calls.map((c, i) => ({
          id: `chatcmpl-tool-${i}`,
          type: "function",
          function: c,
        })),
        reasoning_content: reply.reasoning,
      },
      logprobs: null,
      finish_reason: reply.finishReason,
      stop_reason: null,
    }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });
}

/** A header for a run of these models on `items` items. */
export function headerFor(
  baseline: string,
  adapters: readonly string[],
  items: number,
  overrides: Partial<HeaderRecord> = {},
): HeaderRecord {
  return {
    kind: "header",
    format: "assess-results",
    formatVersion: 1,
    assessVersion: "0.1.0",
    startedAt: "2026-11-30T04:00:00.000Z",
    configDigest: "c".repeat(64),
    dataset: { path: "data.json", sha256: "a".repeat(64) },
    split: { seed: "test-seed", size: items, digest: "b".repeat(64) },
    scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
    selftest: { passed: true, items },
    server: { url: "http://127.0.0.1:8000/v1", models: [baseline, ...adapters] },
    models: { baseline, adapters },
    sampling: { temperature: 0, topP: 1, seed: "0", maxTokens: 512 },
    thinking: { mode: "off", templateKey: "enable_thinking" },
    probe: { batchInvariant: "not-required", items: 0 },
    system: "",
    ...overrides,
  };
}

/** One result record, judged by the real scorer. */
export function resultRecord(
  model: string,
  item: Item,
  planned: Exclude<Planned, null>,
  extra: { latencyMs?: number; session?: number; tokens?: [number, number, number | null] } = {},
): ResultRecord {
  const common = {
    kind: "result" as const,
    model,
    itemId: item.id,
    itemIndex: item.index,
    session: extra.session ?? 1,
    requestDigest: "d".repeat(64),
    attempts: 1,
    latencyMs: extra.latencyMs ?? 100 + (item.index % 50),
  };
  if (planned.startsWith("error:")) {
    const kind = planned.slice(6) as RequestErrorKind;
    return {
      ...common,
      latencyMs: null,
      response: kind === "http" ? { status: 500, body: "oops" } : null,
      reply: null,
      usage: null,
      error: {
        kind,
        message: `a ${kind} error`,
        status: kind === "http" ? 500 : null,
        transient: true,
      },
      verdict: null,
    };
  }
  const reply = replyFor(item, planned);
  const verdict = xlamToolCall.score(item, reply, { ordering: "any", toolCallParser: "hermes" });
  if (verdict.reason !== (planned === "string-form" ? "arguments" : planned)) {
    throw new Error(`fixture: ${planned} reply for item ${item.id} was judged ${verdict.reason}`);
  }
  const [prompt, completion, reasoning] = extra.tokens ?? [100, 20, null];
  return {
    ...common,
    response: { status: 200, body: bodyFor(model, reply) },
    reply,
    usage: {
      promptTokens: prompt,
      completionTokens: completion,
      totalTokens: prompt + completion,
      reasoningTokens: reasoning,
    },
    error: null,
    verdict,
  };
}

/** What a fixture run is made of. */
export interface Plan {
  /** The baseline's name. */
  readonly baseline: string;
  /** The adapters' names. */
  readonly adapters: readonly string[];
  /** For each model, what it did on item i (shorter lists: the rest never asked). */
  readonly outcomes: Readonly<Record<string, readonly Planned[]>>;
  /** The items: synthetic ones by default (as many as the longest outcome list). */
  readonly items?: readonly Item[];
  /** Header overrides. */
  readonly header?: Partial<HeaderRecord>;
  /** Probe checks to record. */
  readonly probe?: readonly Omit<ProbeCheckRecord, "kind" | "session" | "itemIndex">[];
  /**
   * Replicas (results format 2): their hosts, and which one answered each (model, item index).
   * Absent: a format 1 file, whose records name no replica.
   */
  readonly replicas?: {
    readonly hosts: readonly string[];
    readonly of: (model: string, itemIndex: number) => number;
  };
}

/** The replica a fixture's format 2 records name when none is given (format 2 records name one). */
const ONE_REPLICA: ReplicaRef = { index: 0, host: "127.0.0.1:8000" };

/**
 * The first session of a run with this header: with `replicas`, or in a format 2 file with
 * {@linkcode ONE_REPLICA}.
 */
export function sessionFor(header: HeaderRecord, replicas?: readonly ReplicaRef[]): SessionRecord {
  const used = replicas ?? (header.formatVersion >= 2 ? [ONE_REPLICA] : undefined);
  return {
    kind: "session",
    session: 1,
    startedAt: header.startedAt,
    assessVersion: "0.1.0",
    serverModels: header.server.models,
    concurrency: 4,
    ...(used === undefined ? {} : { replicas: used }),
  };
}

/**
 * A results file's bytes: the header, its first session, then the records; in a format 2 file,
 * records that name no replica are given {@linkcode ONE_REPLICA}.
 */
export function resultsFile(header: HeaderRecord, records: readonly BodyRecord[]): Uint8Array {
  const named = header.formatVersion < 2
    ? records
    : records.map((r) =>
      (r.kind === "result" || r.kind === "probe" || r.kind === "probe-check") &&
        r.replica === undefined
        ? { ...r, replica: ONE_REPLICA }
        : r
    );
  return new TextEncoder().encode(
    formatRecord(header) + [sessionFor(header), ...named].map(formatRecord).join(""),
  );
}

/** The records and the file's bytes for a plan. */
export function resultsFor(plan: Plan): {
  readonly items: readonly Item[];
  readonly header: HeaderRecord;
  readonly records: BodyRecord[];
  readonly bytes: Uint8Array;
} {
  const n = Math.max(...Object.values(plan.outcomes).map((o) => o.length));
  const items = plan.items ?? syntheticItems(n);
  const replicas = plan.replicas;
  const header = headerFor(plan.baseline, plan.adapters, items.length, {
    ...(replicas === undefined ? {} : { formatVersion: 2 }),
    ...plan.header,
  });
  // A format 2 file's records name their replica: the plan's, or one.
  const refs = replicas?.hosts.map((host, index) => ({ index, host })) ??
    (header.formatVersion >= 2 ? [ONE_REPLICA] : undefined);
  const of = replicas?.of ?? (() => 0);
  const records: BodyRecord[] = [sessionFor(header, refs)];
  for (const p of plan.probe ?? []) {
    records.push({
      kind: "probe-check",
      session: 1,
      itemIndex: p.itemId as number,
      ...(refs === undefined ? {} : { replica: refs[0]! }),
      ...p,
    });
  }
  for (const model of [plan.baseline, ...plan.adapters]) {
    (plan.outcomes[model] ?? []).forEach((planned, i) => {
      if (planned === null) return;
      const record = resultRecord(model, items[i]!, planned);
      records.push(
        refs === undefined ? record : { ...record, replica: refs[of(model, items[i]!.index)]! },
      );
    });
  }
  const text = formatRecord(header) + records.map(formatRecord).join("");
  return { items, header, records, bytes: new TextEncoder().encode(text) };
}

/** A list of `count` copies of a planned outcome. */
export function times(count: number, planned: Planned): Planned[] {
  return new Array<Planned>(count).fill(planned);
}
