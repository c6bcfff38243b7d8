/**
 * The last server check: one chat request with tools, the first held-out item to the baseline,
 * before the probe and before any item is counted. It catches the refusals of a deployment that
 * cannot serve this evaluation, which vLLM gives on every request alike: auto tool choice not
 * enabled, a context length too small for the prompt plus `sampling.maxTokens`, a model not
 * served for chat. Its answer is not recorded; any other outcome lets the run go on.
 *
 * @module
 */

import { exchange } from "./http.ts";
import { ServerError } from "./run_errors.ts";
import type { Timers } from "./timers.ts";
import { TOOL_CHAT_TEMPLATES } from "./tool_chat_templates.ts";

/** What a refusal is taken to mean, and what to change. */
export interface Refusal {
  /** What the server's message means, in plain words. */
  readonly meaning: string;
  /** What to change, one line each. */
  readonly fix: readonly string[];
}

/** What {@linkcode refusalOf} needs to word its fix. */
export interface RefusalContext {
  /** The model the refused request named. */
  readonly model: string;
  /** Whether that model is the baseline (else an adapter). */
  readonly baseline: boolean;
  /** The tool-call parser the run is configured with, or `null` (then `hermes` is shown). */
  readonly toolCallParser: string | null;
  /** `sampling.maxTokens`. */
  readonly maxTokens: number;
}

const AUTO_TOOLS = /"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser/;
const PARSER_NEEDED = /requires --tool-call-parser to be set/;
const CONTEXT = /context length/i;
// "… your request has N input tokens. Please reduce the length of the input messages."
const PROMPT_ALONE = /your request has \d+ input tokens\. Please reduce the length of the input/;
// "You passed N input tokens and requested M output tokens. However, the model's context length
// is only L tokens …" (newer vLLM).
const PASSED =
  /You passed (\d+) input tokens and requested \d+ output tokens\. However, the model's context length is only (\d+) tokens/;
const NOT_SERVED = /^The model `.*` does not exist\.?$/;

/**
 * Reads a chat request's refusal by vLLM: one that every request of the run would get alike,
 * because the deployment cannot serve this evaluation. Matches vLLM's own wording.
 *
 * @param status The HTTP status.
 * @param message The server's message (its error envelope's text).
 * @param context The model and the settings the fix names.
 * @returns What it means and what to change, or `null` for a refusal not recognised.
 *
 * @example
 * ```ts
 * import { refusalOf } from "./chat_check.ts";
 * import assert from "node:assert/strict";
 *
 * const refusal = refusalOf(
 *   400,
 *   '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
 *   { model: "base", baseline: true, toolCallParser: "hermes", maxTokens: 512 },
 * );
 * assert.match(refusal!.fix[0]!, /--enable-auto-tool-choice --tool-call-parser hermes/);
 * ```
 */
export function refusalOf(
  status: number,
  message: string,
  context: RefusalContext,
): Refusal | null {
  const parser = context.toolCallParser ?? "hermes";
  if (status === 400 && (AUTO_TOOLS.test(message) || PARSER_NEEDED.test(message))) {
    // The family's chat template, where vLLM gives one for tool calling with its models.
    const template = TOOL_CHAT_TEMPLATES.get(parser);
    return {
      meaning:
        "the server was started without tool calling, so it refuses every request with tools",
      fix: [
        `start vLLM with --enable-auto-tool-choice --tool-call-parser ${parser}${
          template === undefined ? "" : " and the chat template vLLM gives for its models"
        }, e.g.`,
        `  vllm serve MODEL --enable-auto-tool-choice --tool-call-parser ${parser}${
          template === undefined ? "" : ` --chat-template ${template}`
        } --enable-lora --lora-modules NAME=PATH …`,
      ],
    };
  }
  if (status === 400 && CONTEXT.test(message)) {
    const passed = PASSED.exec(message);
    const promptAlone = PROMPT_ALONE.test(message) ||
      (passed !== null && Number(passed[1]) >= Number(passed[2]));
    return promptAlone
      ? {
        meaning: "the prompt alone is longer than the server's context length",
        fix: ["start vLLM with a larger --max-model-len"],
      }
      : {
        meaning:
          `the prompt plus sampling.maxTokens (${context.maxTokens}) is over the server's context length`,
        fix: ["lower sampling.maxTokens, or start vLLM with a larger --max-model-len"],
      };
  }
  if (status === 404 && NOT_SERVED.test(message)) {
    return context.baseline
      ? {
        meaning: `the server does not serve the baseline ${JSON.stringify(context.model)} for chat`,
        fix: ["set models.baseline to a served name"],
      }
      : {
        meaning: `the LoRA adapter ${JSON.stringify(context.model)} is not loaded`,
        fix: [
          `serve it: vllm serve MODEL --enable-lora --lora-modules ${context.model}=PATH …, or give models.adapters[].path`,
        ],
      };
  }
  return null;
}

/**
 * The server's message in a failed outcome (or a recorded error): its `HTTP NNN: ` prefix taken
 * off, on one line.
 *
 * @param out The failed outcome, or anything with its `error`.
 * @returns The message.
 *
 * @example
 * ```ts
 * import { messageOf } from "./chat_check.ts";
 * import assert from "node:assert/strict";
 *
 * const out = {
 *   ok: false as const, response: null, aborted: false,
 *   error: { kind: "http" as const, message: "HTTP 400: no", status: 400, transient: false },
 * };
 * assert.equal(messageOf(out), "no");
 * ```
 */
export function messageOf(out: { readonly error: { readonly message: string } }): string {
  return out.error.message.replace(/^HTTP \d+(: )?/, "");
}

/** What the chat check needs. */
export interface ChatCheckOptions {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  /** The request's body: the first held-out item, to the baseline, as the run sends it. */
  readonly body: string;
  /** More headers, as the run sends them (the routing header), if any. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The context of a refusal's fix (the baseline, the parser, `sampling.maxTokens`). */
  readonly context: RefusalContext;
  /** The API key, or absent to send none. */
  readonly apiKey?: string;
  /** The per-request timeout, in milliseconds. */
  readonly timeoutMs: number;
  /** The response-size cap, in bytes. */
  readonly maxResponseBytes: number;
  /** The timers that time the exchange out. */
  readonly timers: Timers;
  /** Aborts the check. */
  readonly signal?: AbortSignal;
  /** How messages name the server. Default `the server`. */
  readonly server?: string;
}

/**
 * Sends one chat request with tools and throws when the server refuses it as it would refuse
 * every request of the run (see {@linkcode refusalOf}). Any other outcome (an answer, a transient
 * error, a refusal not recognised) returns: the run's own requests deal with it.
 *
 * @param fetchFn The `fetch` to use.
 * @param options The URL, the body, the key and the limits.
 * @throws {ServerError} With vLLM's message quoted on one line, what it means and the fix.
 *
 * @example
 * ```ts
 * import { checkChat } from "./chat_check.ts";
 * import assert from "node:assert/strict";
 *
 * const fetchFn = (() =>
 *   Promise.resolve(Response.json({
 *     error: { message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', code: 400 },
 *   }, { status: 400 }))) as typeof fetch;
 * await assert.rejects(checkChat(fetchFn, {
 *   url: "http://127.0.0.1:8000/v1", body: "{}", timeoutMs: 1000, maxResponseBytes: 1 << 20,
 *   timers: globalThis,
 *   context: { model: "base", baseline: true, toolCallParser: "hermes", maxTokens: 512 },
 * }), /refused a chat request with tools/);
 * ```
 */
export async function checkChat(fetchFn: typeof fetch, options: ChatCheckOptions): Promise<void> {
  const out = await exchange(fetchFn, `${options.url}/chat/completions`, {
    body: options.body,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  }, options);
  if (out.ok || out.error.kind !== "http" || out.error.status === null) return;
  const message = messageOf(out);
  const refusal = refusalOf(out.error.status, message, options.context);
  if (refusal === null) return;
  throw new ServerError(
    `${
      options.server ?? "the server"
    } refused a chat request with tools (the first held-out item, to the baseline ${
      JSON.stringify(options.context.model)
    }): HTTP ${out.error.status} ${JSON.stringify(message)}`,
    [`  ${refusal.meaning}`, ...refusal.fix.map((l) => `  ${l}`)],
  );
}
