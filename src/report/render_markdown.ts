/**
 * The report as Markdown, to paste into a pull request or a model card.
 *
 * @module
 */

import { count, percent, plural, pointDecimals, points, pText, signedPoints } from "./_format.ts";
import type { ComparisonReport, Report } from "./report.ts";
import {
  type Markup,
  modelsTable,
  pairedTable,
  reasonChangesTable,
  reasonsTable,
  type Table,
  transitionsTable,
  usageTable,
} from "./_tables.ts";

/** Escapes text for a Markdown table cell or a line: pipes, backslashes and markup characters. */
function md(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|#]/g, (c) => `\\${c}`);
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

const MD: Markup = {
  text: md,
  code: (text) => `\`${text}\``,
  strong: (markup) => `**${markup}**`,
};

function table({ headings, numeric, rows }: Table): string[] {
  return [
    row(headings),
    row(numeric.map((r) => (r ? "---:" : "---"))),
    ...rows.map((r) => row(r)),
  ];
}

/**
 * Renders a report as GitHub-flavoured Markdown: a verdict list, tables of the models, reasons,
 * tokens and latency, a section per adapter (2×2 table, difference, p-values, reasons fixed and
 * broken, the reason-by-reason transition table, discordant items in a collapsed block), and the
 * trust section.
 *
 * @param report The report.
 * @returns The Markdown text, ending in a newline.
 *
 * @example
 * ```ts
 * import { buildReport, type Observation, renderMarkdown } from "@assess/assess/report";
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
 * assert.match(renderMarkdown(report), /^# assess report: tuned against base$/m);
 * ```
 */
export function renderMarkdown(report: Report): string {
  const out: string[] = [];
  const baseline = report.models[0]?.name ?? "";
  const adapters = report.comparisons.map((c) => c.adapter);
  out.push(`# assess report: ${md(adapters.join(", ") || "no adapter")} against ${md(baseline)}`);
  out.push("");
  const c = report.trust.completeness;
  out.push(
    `${plural(report.run.items, "item")} held out (split seed \`${report.run.splitSeed}\`), run ` +
      `started ${report.run.startedAt} by assess ${report.run.assessVersion ?? "unknown"}, ` +
      `${plural(report.run.sessions, "session")}.`,
  );
  if (!c.complete) {
    out.push(
      "",
      `> **Incomplete run:** ${count(c.missing)} of ${count(c.pairs)} (model, item) pairs have ` +
        `no verdict (${plural(c.errors, "error")}, ${count(c.notAsked)} never asked); every ` +
        "figure is over the items that have one.",
    );
  }
  if (report.trust.scorer.note !== null) {
    out.push("", `> **Note:** ${md(report.trust.scorer.note)}`);
  }
  if (report.comparisons.length > 0) {
    out.push("", "## Verdicts", "");
    for (const comparison of report.comparisons) {
      out.push(`- **${md(comparison.verdict)}**`);
    }
  }

  out.push("", "## Models", "");
  out.push(...table(modelsTable(report.models, MD)));
  out.push("", "### Reasons (scored items)", "");
  out.push(...table(reasonsTable(report.models, MD)));
  out.push("", "### Tokens and latency (scored items)", "");
  out.push(...table(usageTable(report.models, MD)));
  const withErrors = report.models.filter((m) => m.errors > 0);
  if (withErrors.length > 0) {
    out.push("", "### Errors (no verdict, never counted wrong)", "");
    for (const m of withErrors) {
      out.push(
        `- ${md(m.name)}: ${m.errorKinds.map((k) => `${k.name} ${count(k.count)}`).join(", ")}`,
      );
    }
  }
  for (const comparison of report.comparisons) {
    out.push("", ...comparisonSection(comparison, report.comparisons.length));
  }
  out.push("", ...trustSection(report));
  return out.join("\n") + "\n";
}

function comparisonSection(c: ComparisonReport, adapters: number): string[] {
  const out = [`## ${md(c.adapter)} against ${md(c.baseline)}`, ""];
  out.push(`Paired on ${plural(c.items, "item")} scored for both. **${md(c.verdict)}**`);
  if (c.items === 0) return out;
  const d = pointDecimals([c.difference!, c.interval!.lower, c.interval!.upper]);
  out.push("");
  out.push(...table(pairedTable(c, MD)));
  out.push(
    "",
    `- accuracy on these items: ${percent(c.adapterAccuracy)} against ${
      percent(c.baselineAccuracy)
    }`,
    `- difference: ${signedPoints(c.difference!, d)} points, 95% interval ` +
      `[${points(c.interval!.lower, d)}, ${points(c.interval!.upper, d)}] (Newcombe, paired)`,
    `- McNemar exact test: ${pText(c.pValue!)} on ` +
      `${plural(c.table.onlyAdapter + c.table.onlyBaseline, "discordant item")}; ` +
      `Holm-adjusted over ${plural(adapters, "adapter")}: ${pText(c.pAdjusted!)}`,
  );
  out.push("", "### Reasons fixed and broken", "");
  out.push(...table(reasonChangesTable(c, MD)));
  out.push(
    "",
    `### Transitions (rows: ${md(c.baseline)}'s reason, columns: ${md(c.adapter)}'s)`,
    "",
  );
  out.push(...table(transitionsTable(c, MD)));
  out.push("", "### Discordant items", "");
  for (
    const [what, ids] of [
      [`fixed (only ${md(c.adapter)} right)`, c.discordant.fixed],
      [`broke (only ${md(c.baseline)} right)`, c.discordant.broke],
    ] as const
  ) {
    if (ids.length === 0) {
      out.push(`${what}: none`, "");
      continue;
    }
    out.push(
      "<details>",
      `<summary>${what}: ${plural(ids.length, "item")}</summary>`,
      "",
      ids.join(", "),
      "",
      "</details>",
      "",
    );
  }
  out.pop();
  return out;
}

function trustSection(report: Report): string[] {
  const t = report.trust;
  const s = t.scorer;
  const p = t.probe;
  const c = t.completeness;
  const probe = p.result === "off"
    ? `off (\`serving.probe: 0\`, ${p.batchInvariant})`
    : `${p.result === "failed" ? "**differences found**" : p.result}: ${p.batchInvariant}, ` +
      `${plural(p.checks, "check")}, ${count(p.same)} same, ${count(p.different)} different, ` +
      `${count(p.inconclusive)} inconclusive`;
  const out = [
    "## Trust",
    "",
    row(["", ""]),
    row(["---", "---"]),
    row([
      "scorer",
      `\`${md(s.name)}\` ${md(s.version)} (ordering ${s.ordering}, tool-call parser ` +
      `${s.toolCallParser ?? "none"}); verdicts ${s.verdicts}` +
      (s.verdicts === "rescored" ? ` (the run had ${md(s.recordedVersion)})` : ""),
    ]),
    row([
      "self-test",
      `${s.selftest.passed ? "passed" : "**FAILED**"} on ${plural(s.selftest.items, "item")} ` +
      `(${s.selftest.by === "run" ? "by the run" : "now, for the re-scoring"})`,
    ]),
    row(["dataset", `sha256 \`${t.digests.dataset}\``]),
    row(["split", `digest \`${t.digests.split}\` (seed \`${report.run.splitSeed}\`)`]),
    row(["config", `digest \`${t.digests.config}\``]),
    row(["probe", probe]),
    row([
      "completeness",
      c.complete
        ? `complete: all ${count(c.pairs)} (model, item) pairs scored`
        : `**incomplete**: ${count(c.scored)} of ${count(c.pairs)} pairs scored, ` +
          `${count(c.missing)} missing (${plural(c.errors, "error")}, ${
            count(c.notAsked)
          } never asked)`,
    ]),
  ];
  if (p.differences.length > 0) {
    out.push("", "Probe differences:", "");
    for (const d of p.differences) out.push(`- ${md(d.model)} item ${d.itemId}: ${md(d.detail)}`);
  }
  return out;
}
