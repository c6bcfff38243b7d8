/**
 * The report as plain text for a terminal: aligned tables, every line at most 100 columns.
 *
 * @module
 */

import {
  count,
  millis,
  percent,
  plural,
  pointDecimals,
  points,
  pText,
  signedPoints,
} from "./_format.ts";
import { type Column, textTable, wrapWords } from "./_text_table.ts";
import type { ComparisonReport, ModelReport, Report } from "./report.ts";

const WIDTH = 100;

/**
 * Renders a report as text: the verdicts first, then each model's figures, each adapter against
 * the baseline (its 2×2 table, difference, p-values, reasons fixed and broken, transitions and
 * discordant items), and the trust section. Every line fits in 100 columns; a table too wide is
 * split into several, and long lists are wrapped.
 *
 * @param report The report.
 * @returns The text, ending in a newline.
 *
 * @example
 * ```ts
 * import { buildReport, type Observation, renderText } from "@assess/assess/report";
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
 * const text = renderText(report);
 * assert.match(text, /^assess report: tuned against base, 3 items$/m);
 * assert.ok(text.split("\n").every((line) => line.length <= 100));
 * ```
 */
export function renderText(report: Report): string {
  const out: string[] = [];
  const adapters = report.comparisons.map((c) => c.adapter);
  const baseline = report.models[0]?.name ?? "";
  out.push(
    ...wrapWords(
      `assess report: ${
        adapters.length === 0 ? "no adapter" : adapters.join(", ")
      } against ${baseline}, ${count(report.run.items)} items`.split(" "),
      "",
      "  ",
      WIDTH,
    ),
  );
  const c = report.trust.completeness;
  out.push(
    `run started ${report.run.startedAt} by assess ${
      report.run.assessVersion ?? "unknown"
    }, ${report.run.sessions} session${report.run.sessions === 1 ? "" : "s"}`,
  );
  if (!c.complete) {
    out.push(
      ...wrapWords(
        `INCOMPLETE RUN: ${count(c.missing)} of ${
          count(c.pairs)
        } (model, item) pairs have no verdict (${plural(c.errors, "error")}, ${
          count(c.notAsked)
        } never asked); every figure is over the items that have one.`
          .split(" "),
        "",
        "  ",
        WIDTH,
      ),
    );
  }
  if (report.trust.scorer.note !== null) {
    out.push(...wrapWords(`note: ${report.trust.scorer.note}`.split(" "), "", "  ", WIDTH));
  }

  if (report.comparisons.length > 0) {
    out.push("", "Verdicts");
    for (const comparison of report.comparisons) {
      out.push(...wrapWords(comparison.verdict.split(" "), "  ", "    ", WIDTH));
    }
  }

  out.push("", "Models");
  out.push(...modelsTable(report.models));
  out.push("", "Reasons (scored items)");
  out.push(...reasonsTable(report.models));
  out.push("", "Tokens and latency (scored items)");
  out.push(...usageTable(report.models));
  const withErrors = report.models.filter((m) => m.errors > 0);
  if (withErrors.length > 0) {
    out.push("", "Errors (no verdict, not counted wrong)");
    for (const m of withErrors) {
      const kinds = m.errorKinds.map((k) => `${k.name} ${count(k.count)}`).join(", ");
      out.push(...wrapWords(`${m.name}: ${kinds}`.split(" "), "  ", "    ", WIDTH));
    }
  }

  for (const comparison of report.comparisons) {
    out.push("", ...comparisonLines(comparison, report.comparisons.length));
  }

  out.push("", ...trustLines(report));
  return out.join("\n") + "\n";
}

function modelsTable(models: readonly ModelReport[]): string[] {
  const columns: Column[] = [
    { heading: "model" },
    { heading: "role" },
    { heading: "scored", right: true },
    { heading: "correct", right: true },
    { heading: "accuracy", right: true },
    { heading: "95% interval (Wilson)" },
    { heading: "errors", right: true },
    { heading: "not asked", right: true },
  ];
  const rows = models.map((m) => [
    m.name,
    m.role,
    count(m.scored),
    count(m.correct),
    percent(m.accuracy),
    m.interval === null ? "-" : `[${percent(m.interval.lower)}, ${percent(m.interval.upper)}]`,
    count(m.errors),
    count(m.notAsked),
  ]);
  return textTable(columns, rows, { indent: "  ", width: WIDTH });
}

function reasonsTable(models: readonly ModelReport[]): string[] {
  const columns: Column[] = [
    { heading: "reason" },
    ...models.map((m) => ({ heading: m.name, right: true })),
  ];
  const reasons = models[0]?.reasons.map((r) => r.name) ?? [];
  const rows = reasons.map((reason, i) => [
    reason,
    ...models.map((m) => count(m.reasons[i]?.count ?? 0)),
  ]);
  return textTable(columns, rows, { indent: "  ", width: WIDTH });
}

function usageTable(models: readonly ModelReport[]): string[] {
  const columns: Column[] = [
    { heading: "model" },
    { heading: "prompt tokens", right: true },
    { heading: "completion", right: true },
    { heading: "reasoning", right: true },
    { heading: "completion/item", right: true },
    { heading: "latency median", right: true },
    { heading: "p95", right: true },
  ];
  const rows = models.map((m) => [
    m.name,
    count(m.tokens.prompt),
    count(m.tokens.completion),
    m.tokens.reasoning === null ? "-" : count(m.tokens.reasoning),
    m.tokens.items === 0 ? "-" : (m.tokens.completion / m.tokens.items).toFixed(1),
    m.latencyMs === null ? "-" : millis(m.latencyMs.median),
    m.latencyMs === null ? "-" : millis(m.latencyMs.p95),
  ]);
  return textTable(columns, rows, { indent: "  ", width: WIDTH });
}

function comparisonLines(c: ComparisonReport, adapters: number): string[] {
  const out: string[] = [];
  const head = `${c.adapter} against ${c.baseline}, paired on ${
    count(c.items)
  } items scored for both`;
  out.push(...wrapWords(head.split(" "), "", "  ", WIDTH));
  out.push(...wrapWords(["verdict:", ...c.verdict.split(" ")], "  ", "    ", WIDTH));
  if (c.items === 0) return out;
  out.push("");
  // Long served names would push the 2×2 table past 100 columns: then say "adapter"/"baseline".
  const short = Math.max(c.adapter.length, c.baseline.length) <= 24;
  const a = short ? c.adapter : "adapter";
  const b = short ? c.baseline : "baseline";
  out.push(
    ...textTable(
      [{ heading: "" }, { heading: `${b} right`, right: true }, {
        heading: `${b} wrong`,
        right: true,
      }],
      [
        [`${a} right`, count(c.table.bothRight), count(c.table.onlyAdapter)],
        [`${a} wrong`, count(c.table.onlyBaseline), count(c.table.bothWrong)],
      ],
      { indent: "  ", width: WIDTH },
    ),
  );
  out.push("");
  const d = pointDecimals([c.difference!, c.interval!.lower, c.interval!.upper]);
  out.push(
    ...wrapWords(
      `accuracy ${percent(c.adapterAccuracy)} against ${percent(c.baselineAccuracy)}; difference ${
        signedPoints(c.difference!, d)
      } points, 95% interval [${points(c.interval!.lower, d)}, ${
        points(c.interval!.upper, d)
      }] (Newcombe, paired)`.split(" "),
      "  ",
      "    ",
      WIDTH,
    ),
  );
  out.push(
    ...wrapWords(
      `McNemar exact ${pText(c.pValue!)} (${
        count(c.table.onlyAdapter + c.table.onlyBaseline)
      } discordant items); Holm-adjusted over ${adapters} adapter${adapters === 1 ? "" : "s"}: ${
        pText(c.pAdjusted!)
      }`.split(" "),
      "  ",
      "    ",
      WIDTH,
    ),
  );
  out.push("");
  const rows = c.reasons
    .filter((r) => r.baseline + r.adapter > 0)
    .map((r) => [r.reason, count(r.baseline), count(r.adapter), count(r.fixed), count(r.broke)]);
  out.push(
    ...textTable(
      [
        { heading: "reason" },
        { heading: c.baseline, right: true },
        { heading: c.adapter, right: true },
        { heading: "fixed", right: true },
        { heading: "broke", right: true },
      ],
      rows,
      { indent: "  ", width: WIDTH },
    ),
  );
  const changes = c.transitions
    .filter((t) => t.baseline !== t.adapter)
    .sort((x, y) => y.count - x.count);
  out.push("");
  if (changes.length === 0) {
    out.push(`  no item changed reason between ${c.baseline} and ${c.adapter}`);
  } else {
    const what = `items that changed reason (${c.baseline} -> ${c.adapter}):`;
    out.push(...wrapWords(what.split(" "), "  ", "    ", WIDTH));
    out.push(
      ...textTable(
        [{ heading: "" }, { heading: "", right: true }],
        changes.map((t) => [`${t.baseline} -> ${t.adapter}`, count(t.count)]),
        { indent: "    ", width: WIDTH },
      ).slice(1),
    );
  }
  out.push("");
  out.push(...idLines(`fixed (only ${c.adapter} right)`, c.discordant.fixed));
  out.push(...idLines(`broke (only ${c.baseline} right)`, c.discordant.broke));
  return out;
}

function idLines(what: string, ids: readonly number[]): string[] {
  if (ids.length === 0) return [`  ${what}: none`];
  return wrapWords(
    ids.map((id, i) => `${id}${i < ids.length - 1 ? "," : ""}`),
    `  ${what}, ${plural(ids.length, "item")}: `,
    "    ",
    WIDTH,
  );
}

function trustLines(report: Report): string[] {
  const t = report.trust;
  const s = t.scorer;
  const p = t.probe;
  const c = t.completeness;
  const rescored = s.verdicts === "rescored" ? ` (the run had ${s.recordedVersion})` : "";
  const selftestBy = s.selftest.by === "run" ? "by the run" : "now, for the re-scoring";
  const rows: [string, string][] = [
    [
      "scorer",
      `${s.name} ${s.version} (ordering ${s.ordering}, tool-call parser ` +
      `${s.toolCallParser ?? "none"}); verdicts ${s.verdicts}${rescored}`,
    ],
    [
      "self-test",
      `${s.selftest.passed ? "passed" : "FAILED"} on ${plural(s.selftest.items, "item")} ` +
      `(${selftestBy})`,
    ],
    ["dataset", `sha256 ${t.digests.dataset}`],
    [
      "split",
      `digest ${t.digests.split} (seed ${JSON.stringify(report.run.splitSeed)}, ` +
      `${plural(report.run.items, "item")})`,
    ],
    ["config", `digest ${t.digests.config}`],
    [
      "probe",
      p.result === "off"
        ? `off (serving.probe 0, ${p.batchInvariant})`
        : `${probeWord(p.result)}: ${p.batchInvariant}, ${plural(p.checks, "check")}, ` +
          `${count(p.same)} same, ${count(p.different)} different, ` +
          `${count(p.inconclusive)} inconclusive`,
    ],
    [
      "completeness",
      c.complete
        ? `complete: all ${count(c.pairs)} (model, item) pairs scored`
        : `INCOMPLETE: ${count(c.scored)} of ${count(c.pairs)} pairs scored, ` +
          `${count(c.missing)} missing (${plural(c.errors, "error")}, ` +
          `${count(c.notAsked)} never asked)`,
    ],
  ];
  const label = Math.max(...rows.map(([k]) => k.length));
  const out = ["Trust"];
  for (const [key, value] of rows) {
    const first = `  ${key.padEnd(label)}  `;
    out.push(...wrapWords(value.split(" "), first, " ".repeat(label + 4), WIDTH));
    if (key !== "probe") continue;
    for (const d of p.differences) {
      const line = `${d.model} item ${d.itemId}: ${d.detail}`;
      out.push(...wrapWords(line.split(" "), " ".repeat(label + 4), " ".repeat(label + 6), WIDTH));
    }
  }
  return out;
}

function probeWord(result: string): string {
  switch (result) {
    case "passed":
      return "passed";
    case "failed":
      return "DIFFERENCES FOUND";
    case "inconclusive":
      return "inconclusive";
    default:
      return "not run";
  }
}
