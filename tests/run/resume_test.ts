/**
 * readResume: what a resumed run is handed of the file, here the answers' reply fingerprints that
 * the identical-replies watch goes on from (the pairs' states are tested through the run).
 */

import assert from "node:assert/strict";
import { replyFingerprint } from "../../src/results/fingerprint.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import type { HeaderRecord, ResultRecord } from "../../src/results/records.ts";
import { readResume } from "../../src/run/resume.ts";

const HEADER: HeaderRecord = {
  kind: "header",
  format: "assess-results",
  formatVersion: 1,
  assessVersion: "0.1.0",
  startedAt: "2026-01-01T00:00:00.000Z",
  configDigest: "c".repeat(64),
  dataset: { path: "d", sha256: "d".repeat(64) },
  split: { seed: "x", size: 3, digest: "e".repeat(64) },
  scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: null },
  selftest: { passed: true, items: 3 },
  server: { url: "http://127.0.0.1:8000/v1", models: ["base", "tuned"] },
  models: { baseline: "base", adapters: ["tuned"] },
  sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
  thinking: { mode: "off", templateKey: "enable_thinking" },
  probe: { batchInvariant: "not-required", items: 0 },
  system: "",
};

function result(model: string, itemIndex: number, session: number, text: string | null) {
  const record: ResultRecord = {
    kind: "result",
    model,
    itemId: 100 + itemIndex,
    itemIndex,
    session,
    requestDigest: "f".repeat(64),
    attempts: 1,
    latencyMs: 1,
    response: null,
    usage: null,
    error: text === null ? { kind: "timeout", message: "t", status: null, transient: true } : null,
    reply: text === null
      ? null
      : { text, calls: [], truncated: false, reasoning: null, finishReason: "stop" },
    verdict: text === null ? null : { correct: false, reason: "no-call", detail: "" },
  };
  return record;
}

Deno.test({
  name: "readResume: each pair's answer as its reply's fingerprint, in file order; errors left out",
  permissions: "none",
  fn: async () => {
    const records = [
      result("base", 0, 1, "a"),
      result("tuned", 0, 1, null), // an error: asked again, nothing to compare yet
      result("base", 1, 1, "b"),
      result("tuned", 1, 1, "b"),
      result("tuned", 0, 2, "a"), // answered in session 2: comes where it was written
      result("base", 1, 2, "c"), // a second answer (a run never writes one): not listed again
    ];
    const text = formatRecord(HEADER) + records.map((r) => formatRecord(r)).join("");
    const resume = await readResume(new TextEncoder().encode(text));
    const print = (text: string) => replyFingerprint({ text, calls: [], finishReason: "stop" });
    assert.deepEqual(resume.replies, [
      { model: "base", itemIndex: 0, fingerprint: print("a") },
      { model: "base", itemIndex: 1, fingerprint: print("b") },
      { model: "tuned", itemIndex: 1, fingerprint: print("b") },
      { model: "tuned", itemIndex: 0, fingerprint: print("a") },
    ]);
  },
});
