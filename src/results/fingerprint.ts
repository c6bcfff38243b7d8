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
  begin();
  for (const text of texts) add(text);
  return finish(texts.length);
}

// The two lanes of the hash being computed: module state, so that hashing a reply allocates
// nothing (the report hashes every reply of a results file). Nothing here awaits.
let lane1 = 0;
let lane2 = 0;

function begin(): void {
  lane1 = 0x2d358dcc;
  lane2 = 0x6b1c52e9;
}

/** Adds a text, after its length. */
function add(text: string): void {
  lane1 = Math.imul(lane1 ^ text.length, 0x9e3779b1);
  lane2 = Math.imul(lane2 ^ text.length, 0x85ebca77);
  addChars(text);
}

/** Adds the text of one code unit `c` followed by `text`, without making it. */
function addAfter(c: number, text: string): void {
  lane1 = Math.imul(Math.imul(lane1 ^ (text.length + 1), 0x9e3779b1) ^ c, 0x9e3779b1);
  lane2 = Math.imul(Math.imul(lane2 ^ (text.length + 1), 0x85ebca77) ^ c, 0x85ebca77);
  addChars(text);
}

/** Adds a text's code units. */
function addChars(text: string): void {
  let h1 = lane1;
  let h2 = lane2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x9e3779b1);
    h2 = Math.imul(h2 ^ c, 0x85ebca77);
  }
  lane1 = h1;
  lane2 = h2;
}

/** The hash of the texts added since `begin`, `count` of them. */
function finish(count: number): number {
  let h1 = mix(lane1 ^ count);
  const h2 = mix(lane2 ^ Math.imul(h1, 0xc2b2ae35));
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
 * import { replyFingerprint } from "./fingerprint.ts";
 * import assert from "node:assert/strict";
 *
 * import type { RecordedReply } from "./records.ts";
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
  // The texts [finish, text, name₁, arguments₁, …], the finish reason as "-" for none and "+" and
  // the reason otherwise (a reason can never pass for none), hashed as textHash would.
  begin();
  if (reply.finishReason === null) add("-");
  else addAfter(0x2b, reply.finishReason); // "+" and the reason
  add(reply.text);
  for (const call of reply.calls) {
    add(call.name);
    add(call.arguments);
  }
  return finish(2 + 2 * reply.calls.length);
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
 * import { callsFingerprint } from "./fingerprint.ts";
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
