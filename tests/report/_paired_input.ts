/**
 * A report input built from blocks of items, for tests that pin what a report says about a
 * comparison: each block is so many items of one category, right or wrong for the baseline and
 * for each adapter (or an error). Reasons are `match` (right) and `no-call` (wrong).
 */

import type { AnswerCategory } from "../../src/dataset/category.ts";
import type { DecisionRule, Observation, ReportInput } from "../../src/report/report_input.ts";
import type { ClusterCounts } from "../../src/report/stats/clustered_difference.ts";

/** So many items alike. */
export interface Block {
  /** How many items. */
  readonly count: number;
  /** Their category; left out, the input has no categories (every block must agree). */
  readonly category?: AnswerCategory;
  /** Whether the baseline is right on them. */
  readonly base: boolean;
  /** For each adapter, in order: right, wrong, or an error (no verdict). */
  readonly adapters: readonly (boolean | "error")[];
  /** Whether the adapters' replies are byte for byte the baseline's. */
  readonly identical?: boolean;
}

/** A block of `count` items: shorthand for {@linkcode Block}. */
export function block(
  count: number,
  base: boolean,
  adapters: readonly (boolean | "error")[],
  more: { readonly category?: AnswerCategory; readonly identical?: boolean } = {},
): Block {
  return { count, base, adapters, ...more };
}

/** What a report input of `n` items says of the run besides its outcomes: scorer, digests, probe. */
export function runFacts(
  n: number,
): Pick<ReportInput, "scorer" | "digests" | "probe"> {
  return {
    scorer: {
      name: "xlam-tool-call",
      version: "1",
      recordedVersion: "1",
      ordering: "any",
      toolCallParser: "hermes",
      verdicts: "recorded",
      note: null,
      selftest: { passed: true, items: n, by: "run" },
    },
    digests: { config: "c", dataset: "d", split: "s" },
    probe: { batchInvariant: "not-required", items: 0, checks: [] },
  };
}

/**
 * A report input of these models' outcomes on a split of `items` items, the first model the
 * baseline, reasons `no-call` and `match`, with {@linkcode runFacts}; `more` adds to it or
 * replaces.
 */
export function modelsInput(
  models: Readonly<Record<string, readonly Observation[]>>,
  items: number,
  more: Partial<ReportInput> = {},
): ReportInput {
  const [baseline, ...adapters] = Object.keys(models);
  return {
    run: {
      assessVersion: "0.1.0",
      startedAt: "2026-01-01T00:00:00.000Z",
      sessions: 1,
      splitSeed: "s",
      items,
    },
    baseline: baseline!,
    adapters,
    reasons: ["no-call", "match"],
    observations: new Map(Object.entries(models)),
    ...runFacts(items),
    ...more,
  };
}

/**
 * The report input of the blocks, item ids from 1000 up, adapters named `tuned-0`, `tuned-1`, …
 *
 * @param blocks The items, block by block.
 * @param decision The decision rule (the default's when left out).
 */
export function pairedInput(blocks: readonly Block[], decision?: DecisionRule): ReportInput {
  const adapters = Math.max(...blocks.map((b) => b.adapters.length));
  const names = Array.from({ length: adapters }, (_, j) => `tuned-${j}`);
  const n = blocks.reduce((sum, b) => sum + b.count, 0);
  const base: Observation[] = [];
  const tuned: Observation[][] = names.map(() => []);
  let i = 0;
  for (const b of blocks) {
    for (let k = 0; k < b.count; k++, i++) {
      const obs = (right: boolean | "error", hash: number): Observation => ({
        itemIndex: i,
        itemId: 1000 + i,
        verdict: right === "error" ? null : { correct: right, reason: right ? "match" : "no-call" },
        error: right === "error" ? "timeout" : null,
        latencyMs: 1,
        usage: null,
        ...(b.category === undefined ? {} : { category: b.category }),
        ...(right === "error" ? {} : { replyHash: hash }),
      });
      base.push(obs(b.base, i));
      names.forEach((_, j) => tuned[j]!.push(obs(b.adapters[j]!, b.identical ? i : n + i)));
    }
  }
  return {
    run: { assessVersion: "0.1.0", startedAt: "", sessions: 1, splitSeed: "s", items: n },
    baseline: "base",
    adapters: names,
    reasons: ["no-call", "match"],
    observations: new Map([["base", base], ...names.map((name, j) => [name, tuned[j]!] as const)]),
    ...runFacts(n),
    ...(decision === undefined ? {} : { decision }),
  };
}

/** A decision rule: `margin` in points, the guard, alpha 0.05, from the configuration. */
export function rule(margin: number, guard: readonly AnswerCategory[] = []): DecisionRule {
  return { alpha: 0.05, margin: margin / 100, guard, from: "config", note: null };
}

/**
 * The input of one comparison, `base` against `tuned`, whose items are these clusters' (each
 * cluster's items next to one another, the clusters named `c0`, `c1`, …): in a cluster, its first
 * `onlyFirst` items right for the adapter only, its next `onlySecond` right for the baseline only,
 * the rest right for both or for neither in turn.
 */
export function clusteredInput(
  clusters: readonly ClusterCounts[],
  decision: DecisionRule,
): ReportInput {
  const base: Observation[] = [];
  const tuned: Observation[] = [];
  let i = 0;
  clusters.forEach((k, j) => {
    for (let x = 0; x < k.items; x++, i++) {
      // +1: only the adapter right; −1: only the baseline; 0: both right or both wrong.
      const d = x < k.onlyFirst ? 1 : x < k.onlyFirst + k.onlySecond ? -1 : 0;
      const both = i % 2 === 0;
      const obs = (right: boolean): Observation => ({
        itemIndex: i,
        itemId: i,
        verdict: { correct: right, reason: right ? "match" : "no-call" },
        error: null,
        latencyMs: 1,
        usage: null,
        cluster: `c${j}`,
      });
      base.push(obs(d === -1 || (d === 0 && both)));
      tuned.push(obs(d === 1 || (d === 0 && both)));
    }
  });
  return modelsInput({ base, tuned }, i, { decision });
}
