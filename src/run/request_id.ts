/**
 * Request ids: every chat request goes with an `X-Request-Id` of its own, and a reply is taken only
 * when it names it. vLLM takes the header as the request's id and answers with
 * `"id": "chatcmpl-<that id>"` (its `_base_request_id`), so that a reply naming another request, a
 * response the server sent unasked on a kept-alive connection, or one meant for another request, is
 * never scored as this request's answer.
 *
 * @module
 */

/** How the id of a reply stands with the request it came to. */
export type ReplyIdCheck =
  /** It names this request. */
  | { readonly kind: "this" }
  /** It names no request of this run: a server that does not echo ids, unless it was seen to. */
  | { readonly kind: "none" }
  /** It names another request of this run. */
  | { readonly kind: "other" };

/**
 * A run's prefix of request ids: `assess-` and ten base-36 characters from the random source
 * (unique enough that two runs on one server do not take each other's replies; the requests of a
 * run are told apart by a counter after it).
 *
 * @param random The random source: numbers in [0, 1).
 * @returns The prefix.
 *
 * @example
 * ```ts
 * import { requestIdPrefix } from "./request_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(requestIdPrefix(() => 0.5), "assess-i0000i0000");
 * ```
 */
export function requestIdPrefix(random: () => number): string {
  const part = () => Math.floor(random() * 36 ** 5).toString(36).padStart(5, "0");
  return `assess-${part()}${part()}`;
}

/**
 * Which request a reply's `id` names: this one (`chatcmpl-<sent>`), another of the run's (its
 * prefix), or none of the run's.
 *
 * @param id The reply's `id`, or `null` when it has none.
 * @param sent The `X-Request-Id` sent.
 * @param prefix The run's prefix of request ids.
 * @returns What it names.
 *
 * @example
 * ```ts
 * import { checkReplyId } from "./request_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(checkReplyId("chatcmpl-assess-x-7", "assess-x-7", "assess-x").kind, "this");
 * assert.equal(checkReplyId("chatcmpl-assess-x-6", "assess-x-7", "assess-x").kind, "other");
 * assert.equal(checkReplyId("chatcmpl-9f2c", "assess-x-7", "assess-x").kind, "none");
 * ```
 */
export function checkReplyId(id: string | null, sent: string, prefix: string): ReplyIdCheck {
  if (id === `chatcmpl-${sent}`) return { kind: "this" };
  if (id !== null && id.startsWith(`chatcmpl-${prefix}-`)) return { kind: "other" };
  return { kind: "none" };
}

/**
 * The one-line message of a reply that does not name its request.
 *
 * @param id The reply's `id`, or `null`.
 * @param sent The `X-Request-Id` sent.
 * @returns The message.
 *
 * @example
 * ```ts
 * import { mismatchMessage } from "./request_id.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   mismatchMessage("chatcmpl-a-1", "a-2"),
 *   'the reply names another request ("chatcmpl-a-1", not "chatcmpl-a-2"): a response the server sent unasked, or one meant for another request; not scored',
 * );
 * ```
 */
export function mismatchMessage(id: string | null, sent: string): string {
  const named = id === null
    ? "no request"
    : `another request (${JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)}, not ${
      JSON.stringify(`chatcmpl-${sent}`)
    })`;
  return `the reply names ${named}: a response the server sent unasked, or one meant for another request; not scored`;
}
