/**
 * Fingerprints of texts and replies: a number that two equal values always share and two
 * different ones share with a chance of about 2⁻⁵³, so that a reader of a large results file can
 * keep a number per reply instead of the reply.
 *
 * @module
 */

import { callsKey } from "../score/same_calls.ts";
import type { Ordering, ReplyCall } from "../score/scorer.ts";
import type { RecordedReply } from "./records.ts";

/**
 * A 53-bit hash of a list of texts: two 32-bit multiplicative lanes over every UTF-16 code unit,
 * each text preceded by its length (so `["ab", "c"]` and `["a", "bc"]` differ), mixed at the end
 * (MurmurHash3's finaliser on each lane, then across). Not cryptographic: it guards against chance,
 * not against someone making collisions on purpose.
 *
 * @param texts The texts, in order.
 * @returns A whole number from 0 to 2⁵³ − 1.
 *
 * @example
 * ```ts
 * import { textHash } from "./fingerprint.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(textHash(["a", "bc"]), textHash(["a", "bc"]));
 * assert.notEqual(textHash(["ab", "c"]), textHash(["a", "bc"]));
 * assert.ok(Number.isSafeInteger(textHash([])));
 * ```
 */
export function textHash(texts: readonly string[]): number {
  let h1 = 0x2d358dcc;
  let h2 = 0x6b1c52e9;
  for (const text of texts) {
    const n = text.length;
    h1 = Math.imul(h1 ^ n, 0x9e3779b1);
    h2 = Math.imul(h2 ^ n, 0x85ebca77);
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x9e3779b1);
      h2 = Math.imul(h2 ^ c, 0x85ebca77);
    }
  }
  h1 = mix(h1 ^ texts.length);
  h2 = mix(h2 ^ Math.imul(h1, 0xc2b2ae35));
  h1 = mix(h1 ^ h2);
  return (h2 & 0x1fffff) * 0x100000000 + (h1 >>> 0);
}

/** MurmurHash3's 32-bit finaliser: every input bit reaches every output bit. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * The fingerprint of a reply as an adapter that was not applied would repeat it: its text, its
 * calls (each tool's name and its arguments as the server sent them, in order) and its finish
 * reason. Two replies that are byte for byte the same in these have the same fingerprint; the
 * reasoning and the token counts are left out.
 *
 * @param reply A recorded reply.
 * @returns Its fingerprint (see {@linkcode textHash}).
 *
 * @example
 * ```ts
 * import { replyFingerprint } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * import type { RecordedReply } from "@assess/assess/results";
 *
 * const reply: RecordedReply = {
 *   text: "", calls: [{ name: "f", arguments: '{"x": 1}' }], truncated: false,
 *   reasoning: null, finishReason: "tool_calls",
 * };
 * const thought: RecordedReply = { ...reply, reasoning: "hm" };
 * assert.equal(replyFingerprint(reply), replyFingerprint(thought));
 * assert.notEqual(
 *   replyFingerprint(reply),
 *   replyFingerprint({ ...reply, calls: [{ name: "f", arguments: '{"x":1}' }] }),
 * );
 * ```
 */
export function replyFingerprint(
  reply: Pick<RecordedReply, "text" | "calls" | "finishReason">,
): number {
  // "-" for no finish reason, "+" before one: a reason can never pass for none.
  const texts = [reply.finishReason === null ? "-" : `+${reply.finishReason}`, reply.text];
  for (const call of reply.calls) texts.push(call.name, call.arguments);
  return textHash(texts);
}

/**
 * The fingerprint of a reply's calls under `xlam-tool-call`'s equality (see `callsKey`): two lists
 * of calls that are equal by it (the same tools, equal arguments, in any order under
 * `ordering: any`) have the same fingerprint. `null` when a call's arguments are not one strict
 * JSON object: such calls are equal to nothing.
 *
 * @param calls A reply's calls.
 * @param ordering `scorer.ordering`.
 * @returns The fingerprint, or `null`.
 *
 * @example
 * ```ts
 * import { callsFingerprint } from "@assess/assess/results";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   callsFingerprint([{ name: "f", arguments: '{"x": 5, "y": 1}' }], "any"),
 *   callsFingerprint([{ name: "f", arguments: '{"y":1,"x":5.0}' }], "any"),
 * );
 * assert.equal(callsFingerprint([{ name: "f", arguments: "[]" }], "any"), null);
 * ```
 */
export function callsFingerprint(calls: readonly ReplyCall[], ordering: Ordering): number | null {
  const key = callsKey(calls, ordering);
  return key === null ? null : textHash([key]);
}
