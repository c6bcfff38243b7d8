import type { HeaderRecord } from "../../src/results/records.ts";
import type { HeaderFacts } from "../../src/run/header.ts";

/** A header for tests. */
export const HEADER: HeaderRecord = {
  kind: "header",
  format: "assess-results",
  formatVersion: 1,
  assessVersion: "0.1.0",
  startedAt: "2026-01-01T00:00:00.000Z",
  configDigest: "c".repeat(64),
  dataset: { path: "data.json", sha256: "a".repeat(64) },
  split: { seed: "s", size: 2, digest: "b".repeat(64) },
  scorer: { name: "xlam-tool-call", version: "1", ordering: "any", toolCallParser: "hermes" },
  selftest: { passed: true, items: 2 },
  server: { url: "http://127.0.0.1:8000/v1", models: ["base"] },
  models: { baseline: "base", adapters: [] },
  sampling: { temperature: 0, topP: 1, seed: "1", maxTokens: 64 },
  thinking: { mode: "off", templateKey: "enable_thinking" },
  probe: { batchInvariant: "not-required", items: 0 },
  system: "",
};

/** What a run found, for `makeHeader` in tests. */
export const HEADER_FACTS: HeaderFacts = {
  assessVersion: "0.1.0",
  startedAt: "2026-01-01T00:00:00.000Z",
  configDigest: "c",
  splitDigest: "s",
  scorerVersion: "1",
  toolCallParser: "hermes",
  selftest: { passed: true, items: 2000 },
  serverUrl: "http://127.0.0.1:8000/v1",
  serverModels: ["base"],
};
