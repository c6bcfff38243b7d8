/**
 * An emulator of vLLM's OpenAI-compatible HTTP API (as reference/emulator.md describes it), serving
 * scripted models, for the tests of `assess run` and the README's quick start.
 *
 * The scripted model "writes" raw text in the markup of the family its tool-call parser reads
 * (`toolCallParser`, default hermes: `<tool_call>` blocks), maybe after a `<think>` block, and the
 * emulator runs vLLM's parsers on it (qwen3 reasoning, then the tool-call parser's port), so what
 * the client receives is what vLLM would send for that text. See `reference/emulator.md`.
 *
 * Library: {@linkcode startEmulator}. Standalone:
 * `deno run --allow-net=127.0.0.1 --allow-read tests/support/vllm_emulator.ts --port 0 --dataset FILE`
 * prints its URL (`http://127.0.0.1:PORT/v1`) on the first line of stdout.
 *
 * @module
 */

import type { ItemId } from "../../src/dataset/item_id.ts";
import { setImmediate } from "node:timers";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";
import type { Item } from "../../src/dataset/item.ts";
import { type RawAction, type RawRequest, type RawServer, startRawServer } from "./http1_server.ts";
import { atDefaults, lowerCased, optionalDefaultsOf } from "./formatting_model.ts";
import {
  batchPerturb,
  breakText,
  type Call,
  CALL_CONTENT_TEXT,
  type Entry,
  indexDataset,
  NO_CALL_TEXT,
  promptKey,
  tokens,
  unit,
  UNKNOWN_TEXT,
  writeCalls,
  type Written,
  wrongArgument,
} from "./scripted_model.ts";
import {
  type HermesArgs,
  type HermesResult,
  parseDeepSeekR1Reasoning,
  parseHermes,
  parseQwen3Reasoning,
  type Qwen3ParserMode,
} from "./vllm_parsers.ts";
import {
  familyExtract,
  type FamilyParse,
  ParserRaised,
  TOOL_FAMILIES,
  type ToolFamily,
} from "./tool_families/mod.ts";
import { parseGptOssReasoning } from "./tool_families/openai.ts";
import { servedParse, type VllmVersion } from "./tool_families/serving.ts";

export type { VllmVersion } from "./tool_families/serving.ts";

/** The ways a scripted model answers wrongly. */
export type WrongKind = "wrongArgument" | "wrongName" | "noCall" | "extraCall";

/**
 * How a scripted model behaves. Everything is off by default: the model answers with the answer
 * key. Rates are fractions of items, decided by a hash of (model, emulator seed, query, request
 * seed), so the same request always gets the same reply.
 */
export interface ModelScript {
  /** Fraction of items answered wrongly. Default 0. */
  readonly errorRate?: number;
  /**
   * A sampled model: each item has its own probability of a right answer ({@linkcode sampledShare}
   * of the model and the query), and each request is right with that probability, drawn from its
   * seed ({@linkcode sampledRight}): a test that knows the seeds knows the truth. Its wrong answers
   * are of `errorMix`'s kinds. `errorRate` is not used. Default off.
   */
  readonly sampled?: boolean;
  /** Weights of the wrong-answer kinds. Default 1 each. */
  readonly errorMix?: Readonly<Partial<Record<WrongKind, number>>>;
  /**
   * Fraction of items whose calls the parser cannot decode: the last `<tool_call>` block broken
   * (hermes), or the family's own slip ({@linkcode ToolFamily.undecodable}).
   */
  readonly brokenRate?: number;
  /**
   * The parser name of a family whose markup the model writes instead of the server's (a model
   * served under another family's parser). Default the server's.
   */
  readonly markup?: string;
  /**
   * Fraction of items whose calls come after a sentence of content ({@linkcode CALL_CONTENT_TEXT}),
   * written where the family's markup puts text beside calls. Default 0.
   */
  readonly contentRate?: number;
  /** Fraction of items cut mid-call: finish_reason `length`, completion_tokens = max_tokens. */
  readonly truncateRate?: number;
  /**
   * Fraction of items cut after complete calls: vLLM reports `tool_calls` with completion_tokens =
   * max_tokens.
   */
  readonly truncateAfterCallsRate?: number;
  /** Delay before answering, in milliseconds. Default 0. */
  readonly delayMs?: number;
  /**
   * The reply depends on the load: when another chat request was in flight at any time during this
   * one (which waits `batchWindowMs`), a number argument changes (or one is added).
   */
  readonly batchVariant?: boolean;
  /** How long a batch-variant request waits to see other requests. Default 50 ms: long enough that
   * requests a client sends together overlap even on a loaded machine. */
  readonly batchWindowMs?: number;
  /** Writes a `<think>` block when thinking is enabled (the template key true or not sent). */
  readonly thinking?: boolean;
  /**
   * Fraction of items whose answer is written with every string argument lower-cased (items with
   * no capital in their strings are answered with the key): right in substance, wrong in form.
   */
  readonly lowerCaseRate?: number;
  /**
   * Fraction of items (other than those lower-cased) whose answer leaves out each argument at its
   * tool's optional default, or, with none to leave out, gives each optional parameter the answer
   * leaves out at its declared default (`formatting_model.ts`).
   */
  readonly atDefaultsRate?: number;
  /**
   * An adapter that was not applied: it answers exactly as the base model does (the base's script
   * and its decisions), as vLLM does when it serves the base under an adapter's name. The rest of
   * this script is not used.
   */
  readonly notApplied?: boolean;
}

/**
 * A sampled model's probability of answering an item right: a number in [0, 1) drawn from the
 * model's name and the item's query (and the emulator's seed), the same for every request.
 *
 * @param model The model's served name.
 * @param query The item's query.
 * @param emulatorSeed The emulator's `seed` option (default 0).
 * @returns The probability.
 */
export function sampledShare(model: string, query: string, emulatorSeed = 0): number {
  return unit(`share\u0000${model}\u0000${query}`, emulatorSeed);
}

/**
 * Whether a sampled model answers a request right: a draw from the request's seed (its exact
 * decimal text, `""` for none), the model and the query, below the item's
 * {@linkcode sampledShare}.
 *
 * @param model The model's served name.
 * @param query The item's query.
 * @param requestSeed The request's `seed`, as decimal text.
 * @param emulatorSeed The emulator's `seed` option (default 0).
 * @returns Whether it is right.
 */
export function sampledRight(
  model: string,
  query: string,
  requestSeed: string,
  emulatorSeed = 0,
): boolean {
  const draw = unit(`sampled\u0000${model}\u0000${query}\u0000${requestSeed}`, emulatorSeed);
  return draw < sampledShare(model, query, emulatorSeed);
}

/**
 * A request's `seed` as its exact decimal text, as vLLM (Python) reads it: a seed beyond 2^53 is
 * not rounded through a double (`""` for none).
 */
function exactSeed(bodyText: string, parsed: unknown): string {
  if (typeof parsed !== "number") return String(parsed ?? "");
  return /"seed"\s*:\s*(-?[0-9]+)\s*[,}]/.exec(bodyText)?.[1] ?? String(parsed);
}

/** Every fault kind, in the order the page lists them. */
export const FAULT_KINDS = [
  "drop",
  "500",
  "429",
  "503",
  "hang",
  "endless",
  "huge",
  "cut",
  "not-json",
  "no-choices",
  "args-not-string",
  "gzip-bomb",
  "deflate-bomb",
  "br-bomb",
  "redirect",
  "echo-key",
  "echo-key-200",
  "not-utf8",
  "custom",
  "raw",
  "stray",
  "tiny-chunks",
  "bad-chunk",
  "big-trailer",
  "bad-gzip",
  "bad-br",
] as const;

/** Faults the emulator can inject into chat completions (and, with `route`, `GET /models`). */
export type FaultKind = typeof FAULT_KINDS[number];

/**
 * When to inject a fault. A rule with none of `requests`, `attempts`, `rate` applies to every chat
 * request (of its `models`). The first rule that applies wins.
 */
export interface FaultRule {
  /** What happens. */
  readonly kind: FaultKind;
  /** Chat request numbers (1-based, counted over the whole server) it hits. */
  readonly requests?: readonly number[];
  /** Per (model, item) attempt numbers it hits: `[1]` fails every item's first request. */
  readonly attempts?: readonly number[];
  /** A fraction of requests, decided by a hash of (seed, request number). */
  readonly rate?: number;
  /** Only these models. Default all. */
  readonly models?: readonly string[];
  /** The `Retry-After` seconds of a 429. Default 1. */
  readonly retryAfter?: number;
  /**
   * The route it hits: `chat` (default: `POST /v1/chat/completions`, numbered by chat request)
   * or `models` (`GET /v1/models`, numbered by models request; the kinds that rewrite a
   * completion do nothing there).
   */
  readonly route?: "chat" | "models";
  /** `custom`: the status. Default 200. */
  readonly status?: number;
  /** `custom`: the headers (Content-Length is set from the body). Default none. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `custom`: the body. Default empty. */
  readonly body?: Uint8Array | string;
  /** `raw`: the whole response, status line and headers included, sent as is. Default none. */
  readonly bytes?: Uint8Array;
}

/** A response on the wire: the status line and headers, then the body as is. */
function wire(head: string, ...body: (string | Uint8Array)[]): Uint8Array {
  const parts = [
    enc.encode(`HTTP/1.1 ${head}\r\n\r\n`),
    ...body.map((b) => typeof b === "string" ? enc.encode(b) : b),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A body as chunks of `size` bytes each (the last maybe shorter), without the last chunk. */
function chunked(body: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < body.length; at += size) {
    const part = body.subarray(at, at + size);
    out.push(enc.encode(`${part.length.toString(16)}\r\n`), part, enc.encode("\r\n"));
  }
  return out;
}

/** A LoRA adapter served from the start (`--lora-modules`). */
export interface AdapterSpec {
  /** Its served name. */
  readonly name: string;
  /** Its path (the card's `root`). Default `/adapters/<name>`. */
  readonly path?: string;
  /** Its base model name (the card's `parent`). Default the base model. */
  readonly parent?: string;
}

/** Settings of {@linkcode startEmulator}. */
export interface EmulatorOptions {
  /** Port, 0 (default) for a free one. */
  readonly port?: number;
  /** The API key (`--api-key`); none by default. */
  readonly apiKey?: string;
  /** The generation emulated; default `mid`. */
  readonly version?: VllmVersion;
  /** Error envelope: `flat` (legacy) or `nested` (mid, main-2026). */
  readonly errorFormat?: "flat" | "nested";
  /** Reasoning field(s): `reasoning_content` (legacy), `both` (mid), `reasoning` (main-2026). */
  readonly reasoningField?: "reasoning_content" | "both" | "reasoning";
  /** Omit `tool_calls` when empty (main-2026) instead of `[]`. */
  readonly omitEmptyToolCalls?: boolean;
  /** Hermes arguments: `pythonJsonDumps` (default) or `verbatim`. */
  readonly hermesArgs?: HermesArgs;
  /** Whether a reasoning parser is on (`--reasoning-parser`). Default true. */
  readonly reasoningParser?: boolean;
  /**
   * Which reasoning parser, when on: `qwen3` (the default) or `deepseek_r1` (DeepSeek-R1, V3.1
   * thinking). gpt-oss (`toolCallParser: "openai"`) ignores it: vLLM reads its reasoning from the
   * harmony stream (`analysis` channel), as `parse_chat_output` does.
   */
  readonly reasoningParserName?: "qwen3" | "deepseek_r1";
  /** The qwen3 parser generation: `strict` (legacy, mid), `main2026` (main-2026). */
  readonly qwen3ParserMode?: Qwen3ParserMode;
  /** `--enable-auto-tool-choice --tool-call-parser NAME`. Default true. */
  readonly autoToolChoice?: boolean;
  /**
   * `--tool-call-parser NAME`: the family the scripted models write in and whose parser's port
   * reads their text (a name of `TOOL_FAMILIES`, `tool_families/mod.ts`). Default `hermes`.
   */
  readonly toolCallParser?: string;
  /** `VLLM_ALLOW_RUNTIME_LORA_UPDATING`: the load/unload routes exist. Default true. */
  readonly dynamicLora?: boolean;
  /** The served base model name. Default `base`. */
  readonly baseModel?: string;
  /** The base card's `root` (`--model`). Default `Qwen/Qwen3-8B`. */
  readonly root?: string;
  /** Adapters served from the start. */
  readonly adapters?: readonly (string | AdapterSpec)[];
  /** Paths where an adapter can be loaded from. Default: any path. */
  readonly adapterPaths?: readonly string[];
  /**
   * Scripts by model name (an object or a spec string, see {@linkcode parseScript}). A model with
   * no entry gets the script its name spells (`broken`, `errors-20`, …), else the answer key.
   */
  readonly scripts?: Readonly<Record<string, ModelScript | string>>;
  /** The dataset's items (answers with exact numbers). */
  readonly items?: readonly Item[];
  /** Or raw dataset rows (`{id, query, tools, answers}` with `answers` a JSON string). */
  readonly rows?: readonly unknown[];
  /** The emulator's seed, mixed into every scripted decision. Default 0. */
  readonly seed?: number;
  /** `max_model_len`. Default 32768. */
  readonly maxModelLen?: number;
  /** The chat template key that switches thinking. Default `enable_thinking`. */
  readonly templateKey?: string;
  /** Faults to inject. */
  readonly faults?: readonly FaultRule[];
  /** The server dies on chat request number `dieAfter + 1`: it and everything in flight dropped. */
  readonly dieAfter?: number;
  /** Called once when the server has died (the standalone process exits). */
  readonly onDie?: () => void;
  /** Keep every chat request's body, parsed and as sent, in `requests`. Default false. */
  readonly record?: boolean;
  /** Size of a `huge` body, and of a bomb once inflated. Default 64 MiB. */
  readonly hugeBytes?: number;
  /** Milliseconds between the bytes of an `endless` body. Default 100. */
  readonly endlessIntervalMs?: number;
  /**
   * Listen only after this many milliseconds: until then connections to the (already chosen) port
   * are refused, as while vLLM loads a model. Default 0.
   */
  readonly readyAfterMs?: number;
  /**
   * Write and parse every item's answer key at start (about 1 s for 60,000 rows), so that requests
   * cost nothing but HTTP and JSON. Default false (done on each item's first request).
   */
  readonly precompute?: boolean;
  /**
   * `--max-num-seqs`: at most this many chat requests are served at once; the rest wait, first
   * come first served, as vLLM's scheduler keeps them waiting. Default none (no limit).
   */
  readonly maxNumSeqs?: number;
  /**
   * Milliseconds each chat request takes once it is served (after waiting for a place), added to
   * its script's delay: with `maxNumSeqs`, a server's throughput is at most
   * `maxNumSeqs / serviceMs` requests per millisecond. Default 0.
   */
  readonly serviceMs?: number;
}

/** Counters, live (they change as requests arrive). */
export interface EmulatorStats {
  /** Every HTTP request. */
  httpRequests: number;
  /** Chat completion requests. */
  chatRequests: number;
  /** Chat completions answered normally (200 with a completion). */
  answered: number;
  /** Faults injected. */
  faults: number;
  /** Chat requests in flight now (served or waiting). */
  inFlight: number;
  /** The most chat requests seen in flight at once. */
  maxInFlight: number;
  /** Chat requests being served now (at most `maxNumSeqs`). */
  running: number;
  /** The most chat requests served at once. */
  maxRunning: number;
  /** Chat requests by model name (as the request named it, base when empty). */
  readonly perModel: Map<string, number>;
  /** Chat requests by {@linkcode itemKey}(model, item id); item id `?` when the query matched none. */
  readonly perItem: Map<string, number>;
  /** Normal answers by {@linkcode itemKey}(model, item id). */
  readonly answeredPerItem: Map<string, number>;
  /**
   * The answers written in another form by {@linkcode itemKey}(model, item id): `lower-case` or
   * `at-defaults` (see `lowerCaseRate`, `atDefaultsRate`).
   */
  readonly formatted: Map<string, "lower-case" | "at-defaults">;
  /** Successful `load_lora_adapter` calls. */
  loads: number;
  /** `GET /v1/models` requests. */
  modelsRequests: number;
  /** Requests that followed a `redirect` fault's `Location` (a client should send none). */
  redirectsFollowed: number;
}

/** A chat request as recorded with `record: true`. */
export interface RecordedRequest {
  /** Its number, from 1. */
  readonly n: number;
  /** The model it named. */
  readonly model: string;
  /** The matched item's id, or null. */
  readonly itemId: ItemId | null;
  /** The parsed body. */
  readonly body: unknown;
  /** The body as it was sent, decoded as UTF-8. */
  readonly text: string;
  /** Its headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A running emulator. */
export interface Emulator {
  /** The base URL, `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  /** The port. */
  readonly port: number;
  /** Live counters. */
  readonly stats: EmulatorStats;
  /** Recorded chat requests (with `record: true`). */
  readonly requests: RecordedRequest[];
  /** Whether the server died (`dieAfter`) or was killed. */
  readonly dead: boolean;
  /** Resolves when the server listens (at once, or after `readyAfterMs`). */
  readonly ready: Promise<void>;
  /** How many chat requests named (model, item id); item id `?` for prompts no item has. */
  asked(model: string, itemId: ItemId | "?"): number;
  /** How many normal answers (model, item id) got. */
  answeredCount(model: string, itemId: ItemId | "?"): number;
  /** Dies now, as a crash: the listener and every connection closed, nothing answered. */
  kill(): Promise<void>;
  /** Stops the server (same as kill, for a test's cleanup). */
  close(): Promise<void>;
}

/**
 * The key of `perItem` and `answeredPerItem`.
 *
 * @param model The model name.
 * @param itemId The item id, or `?`.
 * @returns The key.
 *
 * @example
 * ```ts
 * import { itemKey } from "./vllm_emulator.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(itemKey("base", 3), "base\u00003");
 * ```
 */
export function itemKey(model: string, itemId: ItemId | "?"): string {
  return `${model}\u0000${itemId}`;
}

const PRESETS: Record<string, ModelScript> = {
  "answer-key": {},
  broken: { brokenRate: 1 },
  truncate: { truncateRate: 1 },
  "truncate-after": { truncateAfterCallsRate: 1 },
  slow: { delayMs: 100 },
  "batch-variant": { batchVariant: true },
  thinking: { thinking: true },
  "not-applied": { notApplied: true },
  errors: { errorRate: 0.2 },
  "wrong-argument": { errorRate: 1, errorMix: { wrongArgument: 1 } },
  "wrong-name": { errorRate: 1, errorMix: { wrongName: 1 } },
  "no-call": { errorRate: 1, errorMix: { noCall: 1 } },
  "extra-call": { errorRate: 1, errorMix: { extraCall: 1 } },
  "lower-case": { lowerCaseRate: 1 },
  "at-defaults": { atDefaultsRate: 1 },
  content: { contentRate: 1 },
  "hermes-markup": { markup: "hermes" },
};

/**
 * Reads a script spec: comma-separated words, each a preset with an optional `:value` (a rate for
 * rates, milliseconds for `slow`): `answer-key`, `errors:0.2`, `wrong-argument:0.5`,
 * `wrong-name`, `no-call`, `extra-call`, `broken:0.3`, `truncate`, `truncate-after`, `slow:50`,
 * `batch-variant`, `thinking`, `content:0.5`. Words combine: `errors:0.1,slow:20,thinking`.
 *
 * @param spec The spec.
 * @returns The script.
 * @throws {RangeError} On an unknown word or a bad value.
 *
 * @example
 * ```ts
 * import { parseScript } from "./vllm_emulator.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseScript("errors:0.3,slow:20"), { errorRate: 0.3, delayMs: 20 });
 * ```
 */
export function parseScript(spec: string): ModelScript {
  let out: ModelScript = {};
  for (const word of spec.split(",").map((w) => w.trim()).filter((w) => w !== "")) {
    const [name = "", valueText] = word.split(":");
    const preset = PRESETS[name];
    if (preset === undefined) throw new RangeError(`unknown script word "${name}"`);
    out = { ...out, ...preset };
    if (valueText === undefined) continue;
    const v = Number(valueText);
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`bad value in script word "${word}"`);
    if (name === "slow") out = { ...out, delayMs: v };
    else if (name === "batch-variant") out = { ...out, batchWindowMs: v };
    else if (name === "broken") out = { ...out, brokenRate: v };
    else if (name === "truncate") out = { ...out, truncateRate: v };
    else if (name === "truncate-after") out = { ...out, truncateAfterCallsRate: v };
    else if (name === "lower-case") out = { ...out, lowerCaseRate: v };
    else if (name === "at-defaults") out = { ...out, atDefaultsRate: v };
    else if (name === "content") out = { ...out, contentRate: v };
    else if (
      name === "answer-key" || name === "thinking" || name === "not-applied" ||
      name === "hermes-markup"
    ) {
      throw new RangeError(`"${name}" takes no value`);
    } else out = { ...out, errorRate: v };
  }
  return out;
}

/**
 * The script a model name spells: a preset name (`broken`, `slow`, …), or `errors-N`,
 * `wrong-argument-N`, … with N a percentage; anything else answers with the answer key.
 *
 * @param name The model name.
 * @returns The script.
 *
 * @example
 * ```ts
 * import { scriptForName } from "./vllm_emulator.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(scriptForName("errors-25"), { errorRate: 0.25 });
 * assert.deepEqual(scriptForName("tuned-a"), {});
 * ```
 */
export function scriptForName(name: string): ModelScript {
  const preset = PRESETS[name];
  if (preset !== undefined) return preset;
  const m = /^(errors|wrong-argument|wrong-name|no-call|extra-call|broken|truncate)-(\d+)$/.exec(
    name,
  );
  if (m === null) return {};
  return parseScript(`${m[1]}:${Number(m[2]) / 100}`);
}

/**
 * Reads a fault spec: `KIND[@N,N…][#A,A…][:RATE][^ROUTE][/MODEL]`, e.g. `500@3,7` (requests 3
 * and 7), `429:0.1` (a tenth of requests), `drop#1` (every item's first attempt),
 * `hang@5/tuned-a`, `echo-key@1^models` (the first `GET /models`).
 *
 * @param spec The spec.
 * @returns The rule.
 * @throws {RangeError} On an unknown kind or a bad number.
 *
 * @example
 * ```ts
 * import { parseFault } from "./vllm_emulator.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseFault("500@3,7"), { kind: "500", requests: [3, 7] });
 * assert.deepEqual(parseFault("drop#1/tuned-a"), { kind: "drop", attempts: [1], models: ["tuned-a"] });
 * assert.deepEqual(parseFault("redirect@1^models"), { kind: "redirect", requests: [1], route: "models" });
 * ```
 */
export function parseFault(spec: string): FaultRule {
  const m =
    /^([a-z0-9-]+)(?:@([0-9,]+))?(?:#([0-9,]+))?(?::([0-9.]+))?(?:\^(chat|models))?(?:\/(.+))?$/
      .exec(spec);
  const kinds: readonly string[] = FAULT_KINDS;
  if (m === null || !kinds.includes(m[1]!)) throw new RangeError(`bad fault spec "${spec}"`);
  const nums = (t: string): number[] => t.split(",").filter((x) => x !== "").map(Number);
  let rule: FaultRule = { kind: m[1] as FaultKind };
  if (m[2] !== undefined) rule = { ...rule, requests: nums(m[2]) };
  if (m[3] !== undefined) rule = { ...rule, attempts: nums(m[3]) };
  if (m[4] !== undefined) {
    const rate = Number(m[4]);
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`bad fault rate in "${spec}"`);
    rule = { ...rule, rate };
  }
  if (m[5] !== undefined) rule = { ...rule, route: m[5] as "chat" | "models" };
  if (m[6] !== undefined) rule = { ...rule, models: [m[6]] };
  return rule;
}

// ---------------------------------------------------------------------------------------------
// The server.

interface ServedAdapter {
  readonly name: string;
  readonly path: string;
  readonly parent: string;
}

interface Generated {
  readonly text: string;
  readonly parsed: HermesResult | undefined;
  readonly engineFinish: "stop" | "length";
  readonly completionTokens: number;
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const JSON_HEADERS = { "content-type": "application/json" } as const;

/** What a `stray` fault sends unasked when no completion was sent before: one naming no request. */
const STRAY_REPLY = {
  id: "chatcmpl-stray",
  object: "chat.completion",
  model: "stray",
  choices: [{ index: 0, message: { role: "assistant", content: "stray" }, finish_reason: "stop" }],
};

/**
 * Starts an emulator on 127.0.0.1.
 *
 * @param options The settings; see {@linkcode EmulatorOptions}.
 * @returns The running emulator.
 *
 * @example
 * ```ts
 * import { startEmulator } from "./vllm_emulator.ts";
 * import assert from "node:assert/strict";
 *
 * const emu = await startEmulator({
 *   rows: [{ id: 7, query: "Weather in Paris?", tools: "[]",
 *            answers: '[{"name": "weather", "arguments": {"city": "Paris", "days": 1.0}}]' }],
 * });
 * const r = await fetch(`${emu.url}/chat/completions`, {
 *   method: "POST",
 *   headers: { "content-type": "application/json" },
 *   body: JSON.stringify({ model: "base", messages: [{ role: "user", content: "Weather in Paris?" }],
 *     tools: [{ type: "function", function: { name: "weather", parameters: {} } }],
 *     chat_template_kwargs: { enable_thinking: false } }),
 * });
 * const body = await r.json();
 * assert.equal(body.choices[0].finish_reason, "tool_calls");
 * assert.equal(body.choices[0].message.tool_calls[0].function.arguments, '{"city": "Paris", "days": 1.0}');
 * assert.equal(emu.asked("base", 7), 1);
 * await emu.close();
 * ```
 */
export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const version = options.version ?? "mid";
  const errorFormat = options.errorFormat ?? (version === "legacy" ? "flat" : "nested");
  const reasoningField = options.reasoningField ??
    (version === "legacy" ? "reasoning_content" : version === "mid" ? "both" : "reasoning");
  const omitEmpty = options.omitEmptyToolCalls ?? version === "main-2026";
  const hermesArgs = options.hermesArgs ?? "pythonJsonDumps";
  const reasoningParser = options.reasoningParser ?? true;
  const reasoningParserName = options.reasoningParserName ?? "qwen3";
  const qwen3Mode = options.qwen3ParserMode ?? (version === "main-2026" ? "main2026" : "strict");
  const autoTools = options.autoToolChoice ?? true;
  const parserName = options.toolCallParser ?? "hermes";
  const found = TOOL_FAMILIES.get(parserName);
  if (found === undefined) {
    throw new RangeError(
      `unknown tool-call parser "${parserName}": the emulator speaks ${
        [...TOOL_FAMILIES.keys()].join(", ")
      }`,
    );
  }
  const family: ToolFamily = found;
  // hermes keeps the parse it has always had (a precomputed answer key, `hermesArgs`).
  const isHermes = family.parser === "hermes";
  // gpt-oss: vLLM reads the harmony stream for calls, content and reasoning alike.
  const harmony = family.parser === "openai";
  const plain = (text: string): string => family.plain?.(text) ?? text;
  const dynamicLora = options.dynamicLora ?? true;
  const baseModel = options.baseModel ?? "base";
  const root = options.root ?? "Qwen/Qwen3-8B";
  const seed = options.seed ?? 0;
  const maxModelLen = options.maxModelLen ?? 32768;
  const templateKey = options.templateKey ?? "enable_thinking";
  const faults = options.faults ?? [];
  const hugeBytes = options.hugeBytes ?? 64 * 1024 * 1024;
  const endlessIntervalMs = options.endlessIntervalMs ?? 100;
  const record = options.record ?? false;

  const adapters = new Map<string, ServedAdapter>();
  for (const a of options.adapters ?? []) {
    const spec: AdapterSpec = typeof a === "string" ? { name: a } : a;
    adapters.set(spec.name, {
      name: spec.name,
      path: spec.path ?? `/adapters/${spec.name}`,
      parent: spec.parent ?? baseModel,
    });
  }
  const scriptCache = new Map<string, ModelScript>();
  const scriptOf = (model: string): ModelScript => {
    let s = scriptCache.get(model);
    if (s === undefined) {
      const given = options.scripts?.[model];
      s = given === undefined
        ? scriptForName(model)
        : typeof given === "string"
        ? parseScript(given)
        : given;
      if (s.markup !== undefined && !TOOL_FAMILIES.has(s.markup)) {
        throw new RangeError(`the script of ${model} writes an unknown family "${s.markup}"`);
      }
      scriptCache.set(model, s);
    }
    return s;
  };
  // Fail early on a bad script spec.
  for (const name of Object.keys(options.scripts ?? {})) scriptOf(name);
  // A model that writes its tools' defaults reads the rows' tools, which are kept only then.
  const readsTools = [baseModel, ...adapters.keys(), ...Object.keys(options.scripts ?? {})].some(
    (name) => (scriptOf(name).atDefaultsRate ?? 0) > 0,
  );
  const byPrompt = indexDataset(options.items ?? [], options.rows ?? [], { keepTools: readsTools });
  if (options.precompute === true) {
    for (const list of byPrompt.values()) for (const e of list) e.answerKey();
  }

  // The last completion sent: what a `stray` fault sends unasked.
  let lastReply: Uint8Array | undefined;
  const stats: EmulatorStats = {
    httpRequests: 0,
    chatRequests: 0,
    answered: 0,
    faults: 0,
    inFlight: 0,
    maxInFlight: 0,
    running: 0,
    maxRunning: 0,
    perModel: new Map(),
    perItem: new Map(),
    answeredPerItem: new Map(),
    formatted: new Map(),
    loads: 0,
    modelsRequests: 0,
    redirectsFollowed: 0,
  };
  const requests: RecordedRequest[] = [];
  let batch: Promise<void> | undefined;
  const nextBatch = (): Promise<void> => {
    if (batch === undefined) {
      // setImmediate runs after the event loop's I/O phase (setTimeout(0) costs a millisecond).
      batch = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batch = undefined;
      });
    }
    return batch;
  };
  let arrivals = 0;
  let promptTokensTotal = 0;
  let generationTokensTotal = 0;
  let dead = false;
  let markDead = (): void => {};
  const whenDead = new Promise<void>((resolve) => markDead = resolve);
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const sleep = (ms: number): Promise<void> =>
    Promise.race([
      new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, ms);
        timers.add(t);
      }),
      whenDead,
    ]);

  // --max-num-seqs: the places where a request is served, and the requests waiting for one. A
  // place that frees up is handed to the request that waited longest, so that `running` never
  // passes the limit.
  const maxNumSeqs = options.maxNumSeqs ?? Infinity;
  const serviceMs = options.serviceMs ?? 0;
  const waiting: (() => void)[] = [];
  const seat = async (): Promise<boolean> => {
    if (stats.running < maxNumSeqs) {
      stats.running++;
      if (stats.running > stats.maxRunning) stats.maxRunning = stats.running;
      return true;
    }
    let handed = false;
    await Promise.race([
      new Promise<void>((resolve) =>
        waiting.push(() => {
          handed = true;
          resolve();
        })
      ),
      whenDead,
    ]);
    return handed;
  };
  const unseat = (): void => {
    const next = waiting.shift();
    if (next !== undefined) next();
    else stats.running--;
  };

  const bump = (map: Map<string, number>, key: string): number => {
    const n = (map.get(key) ?? 0) + 1;
    map.set(key, n);
    return n;
  };

  function errorResponse(
    status: number,
    type: string,
    message: string,
    param: string | null = null,
    headers: Record<string, string> = {},
  ): RawAction {
    const info = { message, type, param, code: status };
    const body = errorFormat === "flat" ? { object: "error", ...info } : { error: info };
    return {
      kind: "respond",
      status,
      headers: { ...JSON_HEADERS, ...headers },
      body: JSON.stringify(body),
    };
  }

  const notFoundRoute = (): RawAction => ({
    kind: "respond",
    status: 404,
    headers: JSON_HEADERS,
    body: '{"detail":"Not Found"}',
  });

  function validationError(message: string): RawAction {
    return errorResponse(400, version === "main-2026" ? "Bad Request" : "BadRequestError", message);
  }

  function isJsonRequest(req: RawRequest): boolean {
    const ct = (req.headers.get("content-type") ?? "").toLowerCase().split(";")[0]!.trim();
    return ct === "application/json";
  }

  function authorized(req: RawRequest): boolean {
    if (options.apiKey === undefined) return true;
    const h = req.headers.get("authorization") ?? "";
    const space = h.indexOf(" ");
    if (space < 0) return false;
    if (version === "legacy") return h === `Bearer ${options.apiKey}`;
    return h.slice(0, space).toLowerCase() === "bearer" && h.slice(space + 1) === options.apiKey;
  }

  function modelsList(): RawAction {
    const created = Math.floor(Date.now() / 1000);
    const permission = () => [{
      id: `modelperm-${created.toString(16)}`,
      object: "model_permission",
      created,
      allow_create_engine: false,
      allow_sampling: true,
      allow_logprobs: true,
      allow_search_indices: false,
      allow_view: true,
      allow_fine_tuning: false,
      organization: "*",
      group: null,
      is_blocking: false,
    }];
    const data = [{
      id: baseModel,
      object: "model",
      created,
      owned_by: "vllm",
      root,
      parent: null,
      max_model_len: maxModelLen,
      permission: permission(),
    }];
    for (const a of adapters.values()) {
      data.push({
        id: a.name,
        object: "model",
        created,
        owned_by: "vllm",
        root: a.path,
        parent: a.parent as unknown as null,
        max_model_len: null as unknown as number,
        permission: permission(),
      });
    }
    return {
      kind: "respond",
      status: 200,
      headers: JSON_HEADERS,
      body: JSON.stringify({ object: "list", data }),
    };
  }

  function loraRoute(req: RawRequest, load: boolean): RawAction {
    if (!dynamicLora) return notFoundRoute();
    if (req.method !== "POST") return methodNotAllowed();
    if (!isJsonRequest(req)) {
      return validationError("Unsupported Media Type: Only 'application/json' is allowed");
    }
    let body: Record<string, unknown>;
    try {
      const v = JSON.parse(dec.decode(req.body));
      if (v === null || typeof v !== "object" || Array.isArray(v)) throw new TypeError();
      body = v;
    } catch {
      return validationError("JSON decode error");
    }
    const name = typeof body.lora_name === "string" ? body.lora_name : "";
    if (load) {
      const path = typeof body.lora_path === "string" ? body.lora_path : "";
      if (name === "" || path === "") {
        return errorResponse(
          400,
          "InvalidUserInput",
          "Both 'lora_name' and 'lora_path' must be provided.",
        );
      }
      if (adapters.has(name) && !(version !== "legacy" && body.load_inplace === true)) {
        return errorResponse(
          400,
          "InvalidUserInput",
          version === "legacy"
            ? `The lora adapter '${name}' has already been loaded.`
            : `The lora adapter '${name}' has already been loaded. If you want to load the adapter in place, set 'load_inplace' to True.`,
        );
      }
      if (options.adapterPaths !== undefined && !options.adapterPaths.includes(path)) {
        return errorResponse(
          404,
          "NotFoundError",
          `Loading lora ${name} failed: No adapter found for ${path}`,
        );
      }
      adapters.set(name, { name, path, parent: baseModel });
      stats.loads++;
      return {
        kind: "respond",
        status: 200,
        body: `Success: LoRA adapter '${name}' added successfully.`,
      };
    }
    if (name === "") {
      return errorResponse(
        400,
        "InvalidUserInput",
        version === "legacy"
          ? "either 'lora_name' and 'lora_int_id' needs to be provided."
          : "'lora_name' needs to be provided to unload a LoRA adapter.",
      );
    }
    if (!adapters.delete(name)) {
      return errorResponse(404, "NotFoundError", `The lora adapter '${name}' cannot be found.`);
    }
    return {
      kind: "respond",
      status: 200,
      body: `Success: LoRA adapter '${name}' removed successfully.`,
    };
  }

  function metrics(): RawAction {
    const labels = `engine="0",model_name="${baseModel}"`;
    const lines = [
      "# HELP vllm:num_requests_running Number of requests in model execution batches.",
      "# TYPE vllm:num_requests_running gauge",
      `vllm:num_requests_running{${labels}} ${stats.running}.0`,
      "# HELP vllm:num_requests_waiting Number of requests waiting to be processed.",
      "# TYPE vllm:num_requests_waiting gauge",
      `vllm:num_requests_waiting{${labels}} ${stats.inFlight - stats.running}.0`,
      "# TYPE vllm:prompt_tokens_total counter",
      `vllm:prompt_tokens_total{${labels}} ${promptTokensTotal}.0`,
      "# TYPE vllm:generation_tokens_total counter",
      `vllm:generation_tokens_total{${labels}} ${generationTokensTotal}.0`,
      "",
    ];
    return {
      kind: "respond",
      status: 200,
      headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" },
      body: lines.join("\n"),
    };
  }

  function methodNotAllowed(): RawAction {
    return {
      kind: "respond",
      status: 405,
      headers: JSON_HEADERS,
      body: '{"detail":"Method Not Allowed"}',
    };
  }

  function die(): void {
    if (dead) return;
    dead = true;
    markDead();
    for (const t of timers) clearTimeout(t);
    timers.clear();
    queueMicrotask(() => {
      void stopServer().then(() => options.onDie?.());
    });
  }

  function userQuery(messages: readonly unknown[]): string | undefined {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i] as { role?: unknown; content?: unknown } | null;
      if (m === null || typeof m !== "object" || m.role !== "user") continue;
      if (typeof m.content === "string") return m.content;
      if (Array.isArray(m.content)) {
        return m.content.map((p: { text?: unknown }) => typeof p?.text === "string" ? p.text : "")
          .join("");
      }
      return undefined;
    }
    return undefined;
  }

  /**
   * The item a request asks: the one whose prompt is the request's messages (by
   * {@linkcode promptKey}), else the request's messages without a first system or developer
   * message (the `prompt.system` a run adds to an item without one of its own). Among items with
   * that prompt, the first whose tool names are the request's, else the first.
   */
  function findEntry(
    messages: readonly unknown[],
    toolNames: readonly string[],
  ): Entry | undefined {
    let list = byPrompt.get(promptKey(messages));
    if (list === undefined) {
      const first = messages[0] as { role?: unknown } | null | undefined;
      const role = first !== null && typeof first === "object" ? first.role : undefined;
      if (role !== "system" && role !== "developer") return undefined;
      list = byPrompt.get(promptKey(messages.slice(1)));
      if (list === undefined) return undefined;
    }
    if (list.length === 1) return list[0];
    const key = toolNames.join("\u0000");
    return list.find((e) => e.toolNames().join("\u0000") === key) ?? list[0];
  }

  const bombs = new Map<string, Uint8Array>();
  /** A `hugeBytes` completion-like body, compressed (once per encoding: it is the same). */
  function bomb(encoding: "gzip" | "deflate" | "br"): Uint8Array {
    let body = bombs.get(encoding);
    if (body === undefined) {
      const prefix = '{"id": "chatcmpl-bomb", "object": "chat.completion", "padding": "';
      const plain = new Uint8Array(Math.max(hugeBytes, prefix.length + 2)).fill(0x78);
      plain.set(enc.encode(prefix));
      plain.set(enc.encode('"}'), plain.length - 2);
      body = encoding === "gzip"
        ? gzipSync(plain)
        : encoding === "deflate"
        ? deflateSync(plain)
        : brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
      bombs.set(encoding, body);
    }
    return body;
  }

  /**
   * The faults that replace a response whatever the route: what the client gets instead of
   * the answer. Undefined for the kinds that rewrite a completion.
   */
  function responseFault(fault: FaultRule, req: RawRequest): RawAction | undefined {
    switch (fault.kind) {
      case "drop":
        return { kind: "drop" };
      case "hang":
        return { kind: "hang" };
      case "endless":
        return { kind: "endless", intervalMs: endlessIntervalMs };
      case "huge":
        return { kind: "huge", bytes: hugeBytes };
      case "500":
        return errorResponse(500, "InternalServerError", "Internal server error");
      case "503":
        return errorResponse(503, "ServiceUnavailableError", "Service Unavailable");
      case "429":
        return errorResponse(429, "TooManyRequests", "Too many requests", null, {
          "retry-after": String(fault.retryAfter ?? 1),
        });
      case "not-json":
        return {
          kind: "respond",
          status: 200,
          headers: { "content-type": "text/html" },
          body: "<html><body>502 Bad Gateway</body></html>",
        };
      case "gzip-bomb":
      case "deflate-bomb":
      case "br-bomb": {
        const encoding = fault.kind.slice(0, -"-bomb".length) as "gzip" | "deflate" | "br";
        return {
          kind: "respond",
          status: 200,
          headers: { ...JSON_HEADERS, "content-encoding": encoding },
          body: bomb(encoding),
        };
      }
      case "redirect":
        return {
          kind: "respond",
          status: 302,
          headers: { location: `http://127.0.0.1:${port}/_emulator/redirected` },
          body: "",
        };
      case "echo-key":
        // A gateway that quotes the request's headers in its refusal.
        return errorResponse(
          400,
          "BadRequestError",
          `Invalid request headers: {'authorization': '${
            req.headers.get("authorization") ?? ""
          }', 'content-type': '${req.headers.get("content-type") ?? ""}'}`,
        );
      case "custom":
        return {
          kind: "respond",
          status: fault.status ?? 200,
          headers: fault.headers ?? {},
          body: fault.body ?? "",
        };
      case "raw":
        return { kind: "raw", bytes: fault.bytes ?? new Uint8Array(0) };
      default:
        return undefined;
    }
  }

  /**
   * The faults that send the completion, or something in its place, framed or encoded wrong (or
   * after a response not asked for). Undefined for the other kinds.
   */
  function bodyFault(fault: FaultRule, reply: Uint8Array, req: RawRequest): RawAction | undefined {
    const json = "content-type: application/json";
    switch (fault.kind) {
      case "stray": {
        // Only after a reply on the same connection: its first response answers its request.
        if (req.earlier === 0) return undefined;
        // The previous reply (another request's), or a reply naming no request of the client's.
        const stray = fault.body === undefined
          ? lastReply ?? enc.encode(JSON.stringify(STRAY_REPLY))
          : typeof fault.body === "string"
          ? enc.encode(fault.body)
          : fault.body;
        return {
          kind: "respond",
          status: 200,
          headers: JSON_HEADERS,
          body: reply,
          before: wire(`200 OK\r\n${json}\r\ncontent-length: ${stray.length}`, stray),
        };
      }
      case "tiny-chunks":
        return {
          kind: "raw",
          bytes: wire(
            `200 OK\r\n${json}\r\ntransfer-encoding: chunked`,
            ...chunked(reply, 1),
            "0\r\n\r\n",
          ),
        };
      case "bad-chunk":
        return {
          kind: "raw",
          bytes: wire(
            `200 OK\r\n${json}\r\ntransfer-encoding: chunked`,
            ...chunked(reply.subarray(0, reply.length >> 1), 64),
            "zz\r\n",
          ),
        };
      case "big-trailer":
        return {
          kind: "raw",
          bytes: wire(
            `200 OK\r\n${json}\r\ntransfer-encoding: chunked\r\ntrailer: x-padding`,
            ...chunked(reply, 4096),
            `0\r\nx-padding: ${"p".repeat(80 * 1024)}\r\n\r\n`,
          ),
        };
      case "bad-gzip":
      case "bad-br": {
        const encoding = fault.kind === "bad-gzip" ? "gzip" : "br";
        const garbage = reply.subarray(0, Math.min(64, reply.length));
        return {
          kind: "raw",
          bytes: wire(
            `200 OK\r\n${json}\r\ncontent-encoding: ${encoding}\r\ncontent-length: ${garbage.length}`,
            garbage,
          ),
        };
      }
      default:
        return undefined;
    }
  }

  function pickFault(
    n: number,
    model: string,
    attempt: number,
    route: "chat" | "models" = "chat",
  ): FaultRule | undefined {
    for (const f of faults) {
      if ((f.route ?? "chat") !== route) continue;
      if (f.models !== undefined && !f.models.includes(model)) continue;
      const unconditional = f.requests === undefined && f.attempts === undefined &&
        f.rate === undefined;
      if (
        unconditional || f.requests?.includes(n) || f.attempts?.includes(attempt) ||
        (f.rate !== undefined && unit(`fault:${f.kind}:${n}`, seed) < f.rate)
      ) return f;
    }
    return undefined;
  }

  function formatted(model: string, itemId: ItemId, how: "lower-case" | "at-defaults"): void {
    stats.formatted.set(itemKey(model, itemId), how);
  }

  function generate(
    model: string,
    script: ModelScript,
    entry: Entry | undefined,
    query: string,
    toolNames: readonly string[],
    requestSeed: string,
    thinkingOn: boolean,
    maxTokens: number,
    concurrent: boolean,
    // The seed's exact text (the other decisions keep the double's text they have always used).
    exactRequestSeed: string,
  ): Generated {
    const salt = `${model}\u0000${query}\u0000${requestSeed}`;
    let written: Written;
    if (entry === undefined) {
      written = { text: plain(UNKNOWN_TEXT), parsed: undefined };
    } else {
      let calls: readonly Call[] | undefined = entry.answers();
      let modified = false;
      const wrong = script.sampled === true
        ? !sampledRight(model, query, exactRequestSeed, seed)
        : (script.errorRate ?? 0) > 0 && unit(`err\u0000${salt}`, seed) < script.errorRate!;
      if (wrong) {
        const mix = script.errorMix ?? {};
        const kinds: WrongKind[] = ["wrongArgument", "wrongName", "noCall", "extraCall"];
        const weights = kinds.map((k) => mix[k] ?? (script.errorMix === undefined ? 1 : 0));
        const total = weights.reduce((a, b) => a + b, 0);
        let r = unit(`kind\u0000${salt}`, seed) * total;
        let kind: WrongKind = "noCall";
        for (let i = 0; i < kinds.length; i++) {
          r -= weights[i]!;
          if (r < 0) {
            kind = kinds[i]!;
            break;
          }
        }
        calls = wrongCalls(kind, calls, toolNames);
        modified = true;
      }
      if (
        !modified && (script.lowerCaseRate ?? 0) > 0 &&
        unit(`lower\u0000${salt}`, seed) < script.lowerCaseRate!
      ) {
        const lower = lowerCased(calls ?? []);
        if (lower !== undefined) {
          calls = lower;
          modified = true;
          formatted(model, entry.id, "lower-case");
        }
      }
      if (
        !modified && (script.atDefaultsRate ?? 0) > 0 &&
        unit(`defaults\u0000${salt}`, seed) < script.atDefaultsRate!
      ) {
        const changed = atDefaults(calls ?? [], optionalDefaultsOf(entry));
        if (changed !== undefined) {
          calls = changed;
          modified = true;
          formatted(model, entry.id, "at-defaults");
        }
      }
      const batched = script.batchVariant === true && concurrent;
      if (batched && calls !== undefined && calls.length > 0) {
        calls = batchPerturb(calls) ?? calls;
        modified = true;
      }
      // The family whose markup the model writes: the server's, unless the script says another.
      const speaker = script.markup === undefined ? family : TOOL_FAMILIES.get(script.markup)!;
      const speaksHermes = speaker.parser === "hermes";
      // The calls the model writes: one only in a family that cannot call in parallel.
      if (calls !== undefined && calls.length > 1 && !speaker.parallel) calls = calls.slice(0, 1);
      const content = calls !== undefined && calls.length > 0 && (script.contentRate ?? 0) > 0 &&
          unit(`content\u0000${salt}`, seed) < script.contentRate!
        ? CALL_CONTENT_TEXT
        : undefined;
      if (content !== undefined) {
        written = { text: speaker.write(calls!, content), parsed: undefined };
      } else if (speaksHermes) {
        written = modified ? writeCalls(calls) : entry.answerKey();
      } else {
        written = {
          text: calls === undefined || calls.length === 0
            ? speaker.plain?.(NO_CALL_TEXT) ?? NO_CALL_TEXT
            : speaker.write(calls),
          parsed: undefined,
        };
      }
      if (batched && (calls === undefined || calls.length === 0)) {
        written = { text: `${written.text} (batched)`, parsed: undefined };
      }
      if ((script.brokenRate ?? 0) > 0 && unit(`broken\u0000${salt}`, seed) < script.brokenRate!) {
        const how = unit(`how\u0000${salt}`, seed);
        // A model that meant no call slips on a call to the first offered tool.
        const tried = calls !== undefined && calls.length > 0
          ? calls
          : [{ name: toolNames[0] ?? "f", args: new Map() }];
        written = {
          text: speaksHermes ? breakText(written.text, how) : speaker.undecodable(tried, how),
          parsed: undefined,
        };
      }
    }
    let text = written.text;
    let parsed = written.parsed;
    if (script.thinking === true && thinkingOn && !harmony) {
      text = `<think>\nThe user asks: ${
        query.slice(0, 120)
      }\nI should pick the right tool and fill its arguments.\n</think>\n\n${text}`;
      parsed = undefined;
    }
    if (
      (script.truncateRate ?? 0) > 0 && unit(`trunc\u0000${salt}`, seed) < script.truncateRate!
    ) {
      return {
        text: text.slice(0, Math.max(1, text.length >> 1)),
        parsed: undefined,
        engineFinish: "length",
        completionTokens: maxTokens,
      };
    }
    if (
      (script.truncateAfterCallsRate ?? 0) > 0 &&
      unit(`truncafter\u0000${salt}`, seed) < script.truncateAfterCallsRate!
    ) {
      return {
        text: `${text}\nI will also check`,
        parsed: undefined,
        engineFinish: "length",
        completionTokens: maxTokens,
      };
    }
    const t = tokens(text);
    if (t > maxTokens) {
      return {
        text: text.slice(0, maxTokens * 4),
        parsed: undefined,
        engineFinish: "length",
        completionTokens: maxTokens,
      };
    }
    return { text, parsed, engineFinish: "stop", completionTokens: t };
  }

  function wrongCalls(
    kind: WrongKind,
    calls: readonly Call[],
    toolNames: readonly string[],
  ): readonly Call[] | undefined {
    const extra = (): readonly Call[] => {
      const first = calls[0];
      if (first !== undefined) return [...calls, first];
      return [{ name: toolNames[0] ?? "extra_call", args: new Map() }];
    };
    switch (kind) {
      case "noCall":
        return calls.length === 0 ? extra() : undefined;
      case "extraCall":
        return extra();
      case "wrongArgument":
        return wrongArgument(calls) ?? extra();
      case "wrongName": {
        const first = calls[0];
        if (first === undefined) return extra();
        const other = toolNames.find((n) => n !== first.name) ?? `${first.name}_v2`;
        return [{ name: other, args: first.args }, ...calls.slice(1)];
      }
    }
  }

  async function chat(req: RawRequest): Promise<RawAction> {
    const n = ++stats.chatRequests;
    if (options.dieAfter !== undefined && n > options.dieAfter) {
      die();
      return { kind: "drop" };
    }
    if (!isJsonRequest(req)) {
      return validationError("Unsupported Media Type: Only 'application/json' is allowed");
    }
    let body: Record<string, unknown>;
    const bodyText = dec.decode(req.body);
    try {
      const v = JSON.parse(bodyText);
      if (v === null || typeof v !== "object" || Array.isArray(v)) {
        return validationError("1 validation error:\n  Input should be a valid dictionary");
      }
      body = v;
    } catch {
      return validationError("JSON decode error");
    }
    const messages = body.messages;
    if (!Array.isArray(messages)) {
      return validationError("1 validation error:\n  ('body', 'messages'): Field required");
    }
    const requested = typeof body.model === "string" ? body.model : "";
    const model = requested === "" ? baseModel : requested;
    bump(stats.perModel, model);
    if (model !== baseModel && !adapters.has(model)) {
      return errorResponse(
        404,
        "NotFoundError",
        `The model \`${model}\` does not exist.`,
        version === "legacy" ? null : "model",
      );
    }
    const tools = Array.isArray(body.tools) ? body.tools : undefined;
    const toolChoice = body.tool_choice;
    if (toolChoice !== undefined && toolChoice !== null && tools === undefined) {
      return validationError("When using `tool_choice`, `tools` must be set.");
    }
    if (version === "main-2026" && tools !== undefined && tools.length === 0) {
      return validationError("`tools` must not be an empty array.");
    }
    const auto = tools !== undefined && tools.length > 0 &&
      (toolChoice === undefined || toolChoice === null || toolChoice === "auto");
    if (auto && !autoTools) {
      return validationError(
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      );
    }
    const promptTokens = Math.max(1, Math.ceil(req.body.length / 4));
    const maxParam = typeof body.max_completion_tokens === "number"
      ? body.max_completion_tokens
      : typeof body.max_tokens === "number"
      ? body.max_tokens
      : undefined;
    if (
      promptTokens >= maxModelLen ||
      (maxParam !== undefined && promptTokens + maxParam > maxModelLen)
    ) {
      const m = maxParam ?? 0;
      return validationError(
        version === "main-2026"
          ? `You passed ${promptTokens} input tokens and requested ${m} output tokens. However, the model's context length is only ${maxModelLen} tokens, resulting in a maximum input length of ${
            maxModelLen - m
          } tokens. Please reduce the length of the input prompt.`
          : promptTokens >= maxModelLen
          ? `This model's maximum context length is ${maxModelLen} tokens. However, your request has ${promptTokens} input tokens. Please reduce the length of the input messages. None`
          : `'max_tokens' or 'max_completion_tokens' is too large: ${m}. This model's maximum context length is ${maxModelLen} tokens and your request has ${promptTokens} input tokens (${m} > ${maxModelLen} - ${promptTokens}). None`,
      );
    }
    const maxTokens = maxParam ?? maxModelLen - promptTokens;

    const query = userQuery(messages);
    const toolNames: string[] = [];
    for (const t of tools ?? []) {
      const name = (t as { function?: { name?: unknown } })?.function?.name;
      toolNames.push(typeof name === "string" ? name : "");
    }
    const entry = findEntry(messages, toolNames);
    const key = itemKey(model, entry === undefined ? "?" : entry.id);
    const attempt = bump(stats.perItem, key);
    if (record) {
      const headers = Object.fromEntries(req.headers);
      requests.push({ n, model, itemId: entry?.id ?? null, body, text: bodyText, headers });
    }

    // In flight from here on, until the response is handed to the socket (so a client can never
    // see more in flight than it sent). Requests read in the same turn of the event loop are
    // answered together in the next one, as a batch, so that concurrent requests overlap here even
    // though answering one is synchronous.
    stats.inFlight++;
    arrivals++;
    if (stats.inFlight > stats.maxInFlight) stats.maxInFlight = stats.inFlight;
    const arrivalsAtStart = arrivals;
    let seated = false;
    try {
      await nextBatch();
      if (dead) return { kind: "drop" };
      const fault = pickFault(n, model, attempt);
      if (fault !== undefined) {
        stats.faults++;
        // The faults that replace the response; the others rewrite the completion below.
        const action = responseFault(fault, req);
        if (action !== undefined) return action;
      }
      // An adapter that was not applied is the base model under another name.
      const writer = scriptOf(model).notApplied === true ? baseModel : model;
      const script = scriptOf(writer);
      seated = await seat();
      if (dead) return { kind: "drop" };
      const delay = (script.delayMs ?? 0) + serviceMs;
      if (delay > 0) await sleep(delay);
      if (script.batchVariant === true) await sleep(script.batchWindowMs ?? 50);
      if (dead) return { kind: "drop" };
      const concurrent = stats.inFlight > 1 || arrivals !== arrivalsAtStart;
      const kwargs = body.chat_template_kwargs as Record<string, unknown> | undefined;
      const thinkingFlag = kwargs?.[templateKey];
      const thinking = typeof thinkingFlag === "boolean" ? thinkingFlag : undefined;
      const gen = generate(
        writer,
        script,
        entry,
        query ?? "",
        toolNames,
        String(body.seed ?? ""),
        thinking !== false,
        maxTokens,
        concurrent,
        exactSeed(bodyText, body.seed),
      );
      // The text as vLLM detokenizes it: special tokens dropped unless the request keeps them
      // (`skip_special_tokens: false`) or the tool parser's adjust_request does.
      const keepSpecial = body.skip_special_tokens === false ||
        (family.keepsSpecialTokens === true && autoTools && tools !== undefined &&
          tools.length > 0 &&
          toolChoice !== "none");
      const output = keepSpecial ? gen.text : dropTokens(gen.text, family.specialTokens ?? []);
      let reasoning: string | null = null;
      let content: string | null = output;
      if (harmony) {
        reasoning = parseGptOssReasoning(output).reasoning;
      } else if (reasoningParser) {
        const split = reasoningParserName === "deepseek_r1"
          ? parseDeepSeekR1Reasoning(output)
          : parseQwen3Reasoning(output, qwen3Mode, thinking);
        reasoning = split.reasoning;
        content = split.content;
      }
      let calls: { name: string; arguments: unknown }[] = [];
      let toolsCalled = false;
      if (auto && content !== null && isHermes) {
        const h =
          content === gen.text && gen.parsed !== undefined && hermesArgs === "pythonJsonDumps"
            ? gen.parsed
            : parseHermes(content, hermesArgs);
        toolsCalled = h.toolsCalled;
        calls = h.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
        content = h.content;
      } else if (harmony) {
        // The chat serving's harmony branch: the tool parser's calls and final-channel text
        // whenever the server runs the parser (whatever the request's tool_choice), else
        // parse_chat_output's final text; never the raw stream.
        if (autoTools) {
          const p = family.extract(output, tools);
          toolsCalled = p.toolsCalled;
          calls = p.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
          content = p.content;
        } else content = parseGptOssReasoning(output).content;
      } else if (auto && content !== null) {
        let parsed: FamilyParse;
        try {
          parsed = familyExtract(family, version)(content, tools);
        } catch (e) {
          // The parser raised where vLLM does not catch it: the request fails, as
          // create_error_response maps the exception.
          if (!(e instanceof ParserRaised)) throw e;
          return e.status === 500
            ? errorResponse(500, "InternalServerError", e.message)
            : validationError(e.message);
        }
        const served = servedParse(parsed, content, version);
        toolsCalled = served.toolCallsFinish;
        calls = served.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
        content = served.content;
      }
      if (body.parallel_tool_calls === false && calls.length > 1) calls = calls.slice(0, 1);
      if (body.include_reasoning === false) reasoning = null;
      if (fault?.kind === "args-not-string") {
        if (calls.length === 0) calls = [{ name: toolNames[0] ?? "f", arguments: {} }];
        calls = calls.map((c) => ({
          name: c.name,
          arguments: (() => {
            try {
              return JSON.parse(c.arguments as string);
            } catch {
              return {};
            }
          })(),
        }));
      }
      const requestId = req.headers.get("x-request-id");
      const id = `chatcmpl-${requestId ?? n.toString(16).padStart(32, "0")}`;
      const message: Record<string, unknown> = { role: "assistant" };
      if (version === "legacy") message.reasoning_content = reasoning;
      message.content = content;
      if (version !== "legacy") {
        message.refusal = null;
        message.annotations = null;
        message.audio = null;
        message.function_call = null;
      }
      if (!(omitEmpty && calls.length === 0)) {
        message.tool_calls = calls.map((c, i) => ({
          id: `chatcmpl-tool-${(n * 64 + i).toString(16).padStart(32, "0")}`,
          type: "function",
          function: { name: c.name, arguments: c.arguments },
        }));
      }
      if (version !== "legacy") {
        if (reasoningField === "reasoning" || reasoningField === "both") {
          message.reasoning = reasoning;
        }
        if (reasoningField === "reasoning_content" || reasoningField === "both") {
          message.reasoning_content = reasoning;
        }
      }
      const response = {
        id,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: fault?.kind === "no-choices" ? [] : [{
          index: 0,
          message,
          logprobs: null,
          finish_reason: toolsCalled ? "tool_calls" : gen.engineFinish,
          stop_reason: null,
        }],
        usage: {
          prompt_tokens: promptTokens,
          total_tokens: promptTokens + gen.completionTokens,
          completion_tokens: gen.completionTokens,
          prompt_tokens_details: null,
        },
        prompt_logprobs: null,
        kv_transfer_params: null,
      };
      let text = JSON.stringify(response);
      if (fault?.kind === "cut") return { kind: "cut", body: text };
      if (fault?.kind === "echo-key-200") {
        // The content quotes the request's Authorization header, the token's first character
        // as a JSON escape, as a chat template echoing its input might.
        const auth = req.headers.get("authorization") ?? "";
        const space = auth.indexOf(" ") + 1;
        const escaped = space === 0 || space === auth.length
          ? JSON.stringify(auth).slice(1, -1)
          : `${auth.slice(0, space)}\\u${auth.charCodeAt(space).toString(16).padStart(4, "0")}${
            JSON.stringify(auth.slice(space + 1)).slice(1, -1)
          }`;
        text = text.replace(
          /"content":(null|"(?:[^"\\]|\\.)*")/,
          `"content":"You sent ${escaped}"`,
        );
      }
      if (fault?.kind === "not-utf8") {
        // A completion whose content holds a byte that is not UTF-8.
        const marked = text.replace(/"content":(null|"(?:[^"\\]|\\.)*")/, '"content":"caf@"');
        const bytes = enc.encode(marked);
        bytes[marked.indexOf("caf@") + 3] = 0xff;
        return { kind: "respond", status: 200, headers: JSON_HEADERS, body: bytes };
      }
      if (fault === undefined || fault.kind === "stray") {
        stats.answered++;
        bump(stats.answeredPerItem, key);
      }
      const reply = enc.encode(text);
      const served = fault === undefined ? undefined : bodyFault(fault, reply, req);
      if (fault?.kind !== "stray") lastReply = reply;
      promptTokensTotal += promptTokens;
      generationTokensTotal += gen.completionTokens;
      if (served !== undefined) return served;
      return { kind: "respond", status: 200, headers: JSON_HEADERS, body: reply };
    } finally {
      stats.inFlight--;
      if (seated) unseat();
    }
  }

  function handle(req: RawRequest): RawAction | Promise<RawAction> {
    stats.httpRequests++;
    if (dead) return { kind: "drop" };
    const q = req.path.indexOf("?");
    const path = q < 0 ? req.path : req.path.slice(0, q);
    if (path.startsWith("/v1") && !authorized(req)) {
      return {
        kind: "respond",
        status: 401,
        headers: JSON_HEADERS,
        body: '{"error":"Unauthorized"}',
      };
    }
    switch (path) {
      case "/health":
        return { kind: "respond", status: 200, body: "" };
      case "/version":
        return {
          kind: "respond",
          status: 200,
          headers: JSON_HEADERS,
          body: JSON.stringify({
            version: version === "legacy" ? "0.9.2" : version === "mid" ? "0.11.0" : "0.17.0",
          }),
        };
      case "/metrics":
        return metrics();
      case "/_emulator/requests":
        // The recorded chat requests (`record: true`, `--record`): the process's log.
        return {
          kind: "respond",
          status: 200,
          headers: JSON_HEADERS,
          body: JSON.stringify(requests),
        };
      case "/_emulator/stats":
        return {
          kind: "respond",
          status: 200,
          headers: JSON_HEADERS,
          body: JSON.stringify({
            ...stats,
            perModel: Object.fromEntries(stats.perModel),
            perItem: Object.fromEntries(stats.perItem),
            answeredPerItem: Object.fromEntries(stats.answeredPerItem),
          }),
        };
      case "/v1/models": {
        if (req.method !== "GET") return methodNotAllowed();
        const fault = pickFault(++stats.modelsRequests, baseModel, 0, "models");
        if (fault === undefined) return modelsList();
        stats.faults++;
        if (fault.kind === "cut") {
          const list = modelsList();
          return { kind: "cut", body: list.kind === "respond" ? String(list.body) : "" };
        }
        if (fault.kind === "not-utf8") {
          const bytes = enc.encode('{"object": "list", "data": [{"id": "base@"}]}');
          bytes[bytes.indexOf(0x40)] = 0xff;
          return { kind: "respond", status: 200, headers: JSON_HEADERS, body: bytes };
        }
        return responseFault(fault, req) ?? modelsList();
      }
      case "/_emulator/redirected":
        stats.redirectsFollowed++;
        return { kind: "respond", status: 200, headers: JSON_HEADERS, body: "{}" };
      case "/v1/chat/completions":
        return req.method === "POST" ? chat(req) : methodNotAllowed();
      case "/v1/load_lora_adapter":
        return loraRoute(req, true);
      case "/v1/unload_lora_adapter":
        return loraRoute(req, false);
      default:
        return notFoundRoute();
    }
  }

  // Readiness: with readyAfterMs, the port is chosen now but nothing listens on it until then
  // (vLLM refuses connections while the model loads).
  let server: RawServer | undefined;
  let port: number;
  let markReady = (): void => {};
  const ready = new Promise<void>((resolve) => markReady = resolve);
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  const readyAfter = options.readyAfterMs ?? 0;
  if (readyAfter > 0) {
    const probe = Deno.listen({ hostname: "127.0.0.1", port: options.port ?? 0 });
    port = (probe.addr as Deno.NetAddr).port;
    probe.close();
    readyTimer = setTimeout(() => {
      readyTimer = undefined;
      if (dead) return;
      server = startRawServer(port, handle);
      markReady();
    }, readyAfter);
  } else {
    server = startRawServer(options.port ?? 0, handle);
    port = server.port;
    markReady();
  }
  async function stopServer(): Promise<void> {
    if (readyTimer !== undefined) clearTimeout(readyTimer);
    readyTimer = undefined;
    markReady();
    await server?.close();
  }
  const emulator: Emulator = {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    stats,
    requests,
    get dead() {
      return dead;
    },
    ready,
    asked: (model, itemId) => stats.perItem.get(itemKey(model, itemId)) ?? 0,
    answeredCount: (model, itemId) => stats.answeredPerItem.get(itemKey(model, itemId)) ?? 0,
    async kill() {
      dead = true;
      markDead();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await stopServer();
    },
    close() {
      return emulator.kill();
    },
  };
  return Promise.resolve(emulator);
}

/** The text with every occurrence of the tokens removed. */
function dropTokens(text: string, tokens: readonly string[]): string {
  let out = text;
  for (const t of tokens) out = out.replaceAll(t, "");
  return out;
}

// ---------------------------------------------------------------------------------------------
// Standalone.

const USAGE =
  `usage: deno run --allow-net=127.0.0.1 --allow-read tests/support/vllm_emulator.ts [flags]
  --port N              port (default 0: a free one)
  --dataset FILE        the dataset: a JSON array of xlam rows, or chat-jsonl lines
  --api-key KEY         require this API key
  --version V           legacy | mid | main-2026 (default mid)
  --base NAME           the base model's served name (default base)
  --lora NAME[=SCRIPT]  an adapter served from the start, with its script
  --script NAME=SCRIPT  the script of a model (base, an adapter, or one loaded later)
  --adapter-path PATH   a path load_lora_adapter accepts (repeatable; default any)
  --no-dynamic-lora     no load/unload routes
  --no-auto-tool-choice refuse tool_choice auto (400)
  --no-reasoning-parser no reasoning parser
  --reasoning-parser P  qwen3 (default) or deepseek_r1
  --tool-call-parser P  the family the models write and the parser run on it (default hermes)
  --seed N              the emulator's seed (default 0)
  --max-model-len N     (default 32768)
  --fault SPEC          KIND[@N,N][#A,A][:RATE][/MODEL] (repeatable)
  --die-after N         die (exit 1) on chat request N+1
  --ready-after MS      refuse connections for MS milliseconds first
  --precompute          write every answer key at start (for benchmarks)
  --record              keep every chat request (body and headers): GET /_emulator/requests
  --max-num-seqs N      serve at most N chat requests at once; the rest wait (default no limit)
  --service-ms MS       each chat request takes MS milliseconds once served (default 0)
Prints the base URL (http://127.0.0.1:PORT/v1) on the first line of stdout.`;

async function main(args: readonly string[]): Promise<void> {
  const opts: {
    -readonly [K in keyof EmulatorOptions]: EmulatorOptions[K];
  } = {};
  const adapters: AdapterSpec[] = [];
  const scripts: Record<string, string> = {};
  const faults: FaultRule[] = [];
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new RangeError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--port":
        opts.port = Number(value());
        break;
      case "--dataset": {
        // A JSON array is xlam rows; anything else, chat-jsonl lines (read as assess reads them).
        const bytes = await Deno.readFile(value());
        const text = new TextDecoder().decode(bytes);
        if (text.trimStart().startsWith("[")) {
          opts.rows = JSON.parse(text);
        } else {
          const [{ loadChatDataset }, { detachedItem }, { sha256Hex }] = await Promise.all([
            import("../../src/dataset/chat_jsonl.ts"),
            import("../../src/dataset/dataset.ts"),
            import("../../src/dataset/sha256.ts"),
          ]);
          opts.items = loadChatDataset(bytes, sha256Hex(bytes)).items.map(detachedItem);
        }
        break;
      }
      case "--api-key":
        opts.apiKey = value();
        break;
      case "--version": {
        const v = value();
        if (v !== "legacy" && v !== "mid" && v !== "main-2026") {
          throw new RangeError(`bad --version ${v}`);
        }
        opts.version = v;
        break;
      }
      case "--base":
        opts.baseModel = value();
        break;
      case "--lora": {
        const [name = "", script] = value().split("=");
        adapters.push({ name });
        if (script !== undefined) scripts[name] = script;
        break;
      }
      case "--script": {
        const v = value();
        const eq = v.indexOf("=");
        if (eq < 0) throw new RangeError("--script needs NAME=SCRIPT");
        scripts[v.slice(0, eq)] = v.slice(eq + 1);
        break;
      }
      case "--adapter-path":
        paths.push(value());
        break;
      case "--no-dynamic-lora":
        opts.dynamicLora = false;
        break;
      case "--no-auto-tool-choice":
        opts.autoToolChoice = false;
        break;
      case "--no-reasoning-parser":
        opts.reasoningParser = false;
        break;
      case "--reasoning-parser": {
        const name = value();
        if (name !== "qwen3" && name !== "deepseek_r1") {
          throw new RangeError(`unknown reasoning parser "${name}": qwen3 or deepseek_r1`);
        }
        opts.reasoningParserName = name;
        break;
      }
      case "--tool-call-parser":
        opts.toolCallParser = value();
        break;
      case "--seed":
        opts.seed = Number(value());
        break;
      case "--max-model-len":
        opts.maxModelLen = Number(value());
        break;
      case "--fault":
        faults.push(parseFault(value()));
        break;
      case "--ready-after":
        opts.readyAfterMs = Number(value());
        break;
      case "--precompute":
        opts.precompute = true;
        break;
      case "--record":
        opts.record = true;
        break;
      case "--max-num-seqs": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) {
          throw new RangeError("--max-num-seqs needs a whole number of at least 1");
        }
        opts.maxNumSeqs = n;
        break;
      }
      case "--service-ms": {
        const ms = Number(value());
        if (!Number.isFinite(ms) || ms < 0) {
          throw new RangeError("--service-ms needs a number of milliseconds");
        }
        opts.serviceMs = ms;
        break;
      }
      case "--die-after":
        opts.dieAfter = Number(value());
        break;
      case "-h":
      case "--help":
        console.log(USAGE);
        return;
      default:
        throw new RangeError(`unknown flag ${flag}\n${USAGE}`);
    }
  }
  opts.adapters = adapters;
  opts.scripts = scripts;
  opts.faults = faults;
  if (paths.length > 0) opts.adapterPaths = paths;
  opts.onDie = () => Deno.exit(1);
  const emu = await startEmulator(opts);
  delete opts.rows; // the emulator keeps what it needs; let the rest be collected
  console.log(emu.url);
  const stop = (): void => {
    void emu.close().then(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}

if (import.meta.main) {
  try {
    await main(Deno.args);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    Deno.exit(64);
  }
}
