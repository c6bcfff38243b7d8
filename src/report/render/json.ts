/**
 * The report as JSON: the {@linkcode Report} value as it is, versioned (`assess.report.v6`), with
 * the JSON Schema `schema/report.schema.json`.
 *
 * @module
 */

import type { Report } from "../report.ts";

/**
 * Renders a report as JSON, indented by two spaces, ending in a newline. Every figure of the
 * other formats is in it, unrounded; proportions and differences are fractions (0.412, not 41.2).
 *
 * @param report The report.
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * import { buildReport } from "../build_report.ts";
 * import type { Observation } from "../report_input.ts";
 * import { renderJson } from "./json.ts";
 * import assert from "node:assert/strict";
 *
 * const obs = (rights: number[]): Observation[] => rights.map((r, i) => ({
 *   itemIndex: i, itemId: i, error: null, latencyMs: 10, usage: null,
 *   verdict: { correct: r === 1, reason: r === 1 ? "match" : "no-call" },
 * }));
 * const report = buildReport({
 *   run: { assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", sessions: 1, splitSeed: "s", items: 3 },
 *   baseline: "base", adapters: ["tuned"], reasons: ["no-call", "match"],
 *   observations: new Map([["base", obs([1, 0, 0])], ["tuned", obs([1, 1, 0])]]),
 *   scorer: { name: "x", version: "1", recordedVersion: "1", ordering: "any", toolCallParser: null,
 *     verdicts: "recorded", note: null, selftest: { passed: true, items: 3, by: "run" } },
 *   digests: { config: "c", dataset: "d", split: "s" },
 *   probe: { batchInvariant: "not-required", items: 0, checks: [] },
 * });
 * const parsed = JSON.parse(renderJson(report));
 * assert.equal(parsed.schema, "assess.report.v6");
 * assert.equal(parsed.comparisons[0].table.onlyAdapter, 1);
 * ```
 */
export function renderJson(report: Report): string {
  return JSON.stringify(report, null, 2) + "\n";
}
