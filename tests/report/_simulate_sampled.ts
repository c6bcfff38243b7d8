// Shared helper of the simulation of several samples per item (sampled_simulation_test.ts,
// decision_sim.ts --sampled): seeded families of items, each with its own true share for the
// baseline drawn from a Beta distribution, each adapter's share on it changed by a pattern whose
// population mean difference is known exactly, K answers per (model, item), and the error rates
// of the report's comparisons (sampledDifference at Holm's levels, as comparisonFigures does)
// measured on them.

import { comparisonOutcome } from "../../src/report/stats/comparison_outcome.ts";
import { holmLevels } from "../../src/report/stats/holm.ts";
import { sampledDifference, type SharePair } from "../../src/report/stats/sampled_difference.ts";
import { bettingPValue } from "../../src/report/stats/_betting.ts";
import {
  differenceVariance,
  sampledDetectable,
  type SampledPair,
} from "../../src/report/stats/sampled_planning.ts";
import { passK } from "../../src/report/stats/pass_k.ts";
import { sampledAccuracy, type SampledItem } from "../../src/report/stats/sampled_accuracy.ts";
import { Prng } from "../reference/_prng.ts";
import { levelCheck } from "./_simulate.ts";

/**
 * How an adapter's true share on an item differs from the baseline's p, with a population mean
 * difference of exactly `difference` (E over items of adapter − baseline):
 *
 * - `few`: a few items changed completely: below 0, each item broken (share 0) with chance
 *   −d/E[p]; above 0, each fixed (share 1) with chance d/E[1 − p]; at 0, nothing changes.
 * - `spread`: every item a little: p·(1 − s) with s = −d/E[p] below 0, p + s·(1 − p) with s =
 *   d/E[1 − p] above.
 * - `mixed`: 5% of items broken and every other item a little better, p + g·(1 − p), g chosen so
 *   that the mean difference is d (the adapter breaks a few items and gains slightly on many).
 */
export type ChangePattern = "few" | "spread" | "mixed";

/** A population of items and a family of adapters compared with one baseline on n of them. */
export interface SampledCell {
  /** Items. */
  readonly n: number;
  /** K: answers per (model, item). */
  readonly samples: number;
  /** The baseline's per-item share ~ Beta(a, b) (1, 1: uniform). */
  readonly beta: readonly [number, number];
  /** How each adapter's shares differ. */
  readonly pattern: ChangePattern;
  /** The true mean difference, adapter minus baseline (every adapter the same). */
  readonly difference: number;
  /** The margin (a fraction) the outcome is read with. */
  readonly margin: number;
  /** Adapters, each changed independently, all against the same baseline answers. */
  readonly adapters: number;
}

/**
 * A cell from figures as the report prints them: `n` items, `samples` answers each, the items'
 * shares drawn from Beta(`beta`), the change `pattern`, the true difference `d` and the `margin` in
 * points, and the number of adapters.
 */
export function sampledCell(
  n: number,
  samples: number,
  beta: readonly [number, number],
  pattern: ChangePattern,
  d: number,
  margin = 0,
  adapters = 1,
): SampledCell {
  return { n, samples, beta, pattern, difference: d / 100, margin: margin / 100, adapters };
}

/** The cell as one line. */
export function sampledCellName(c: SampledCell): string {
  const pts = (x: number) => `${+(x * 100).toFixed(4)}`;
  return `n=${c.n} K=${c.samples} Beta(${c.beta.join(",")}) ${c.pattern} d=${pts(c.difference)}% ` +
    `m=${c.adapters} margin=${pts(c.margin)}`;
}

/** Seeded draws: uniforms, normals, gammas and betas. */
export class Draws {
  readonly #prng: Prng;
  /** @param seed Any 32-bit integer. */
  constructor(seed: number) {
    this.#prng = new Prng(seed);
  }
  /** A uniform in (0, 1). */
  uniform(): number {
    return (this.#prng.next() + 0.5) / 0x100000000;
  }
  /** A standard normal (Box–Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(this.uniform())) * Math.cos(2 * Math.PI * this.uniform());
  }
  /** log of a Gamma(a, 1) draw (Marsaglia–Tsang; a < 1 by Gamma(a + 1)·U^(1/a), in logs). */
  logGamma(a: number): number {
    if (a < 1) return this.logGamma(a + 1) + Math.log(this.uniform()) / a;
    const d = a - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const z = this.normal();
      const v = (1 + c * z) ** 3;
      if (v <= 0) continue;
      const u = this.uniform();
      if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return Math.log(d * v);
    }
  }
  /** A Beta(a, b) draw, exact for tiny shapes (the ratio in logs). */
  beta(a: number, b: number): number {
    const x = this.logGamma(a);
    const y = this.logGamma(b);
    return 1 / (1 + Math.exp(y - x));
  }
  /** Right answers of k at share p. */
  binomial(k: number, p: number): number {
    let right = 0;
    for (let s = 0; s < k; s++) if (this.uniform() < p) right++;
    return right;
  }
}

/** The share of broken items in the `mixed` pattern. */
const MIXED_BROKEN = 0.05;

/**
 * Whether the cell's pattern can make its difference: the chance of a broken or fixed item, the
 * shift s and the gain g must lie in [0, 1].
 */
export function patternHolds(cell: SampledCell): boolean {
  const [a, b] = cell.beta;
  const mean = a / (a + b);
  const d = cell.difference;
  const unit = (x: number) => x >= 0 && x <= 1;
  switch (cell.pattern) {
    case "few":
    case "spread":
      return unit(d < 0 ? -d / mean : d / (1 - mean));
    case "mixed":
      return unit((d + MIXED_BROKEN * mean) / ((1 - MIXED_BROKEN) * (1 - mean)));
  }
}

/** An adapter's true share on an item of baseline share p, in the cell's pattern. */
export function changedShare(draws: Draws, cell: SampledCell, p: number): number {
  const [a, b] = cell.beta;
  const mean = a / (a + b);
  const d = cell.difference;
  switch (cell.pattern) {
    case "few":
      if (d < 0) return draws.uniform() < -d / mean ? 0 : p;
      if (d > 0) return draws.uniform() < d / (1 - mean) ? 1 : p;
      return p;
    case "spread":
      if (d < 0) return p * (1 + d / mean);
      return p + (d / (1 - mean)) * (1 - p);
    case "mixed": {
      if (draws.uniform() < MIXED_BROKEN) return 0;
      const g = (d + MIXED_BROKEN * mean) / ((1 - MIXED_BROKEN) * (1 - mean));
      return p + g * (1 - p);
    }
  }
}

/** An interval method for one comparison: the pairs' interval and p-value at `level`. */
export type SampledMethod = (
  pairs: readonly SharePair[],
  level: number,
) => { readonly lower: number; readonly upper: number; readonly pValue: number };

/** The report's: sampledDifference. */
export const reportMethod: SampledMethod = (pairs, level) => sampledDifference(pairs, { level });

/**
 * The p-value of `method` alone: for the report's, sampledDifference's p-value without its
 * interval (the same figure: the betting capital at 0 over the same differences).
 */
function pValueOf(method: SampledMethod): (pairs: readonly SharePair[]) => number {
  if (method !== reportMethod) return (pairs) => method(pairs, 0.05).pValue;
  return (pairs) => bettingPValue(pairs.map((p) => p.first - p.second), [-1, 1], 0);
}

/** What was measured in one cell (rates over every comparison of every family). */
export interface SampledRates {
  readonly cell: SampledCell;
  readonly reps: number;
  /** P(lower ≤ d ≤ upper). */
  readonly coverage: number;
  /** P(`better`). */
  readonly better: number;
  /** P(`better` or `not-worse` at the margin). */
  readonly notWorse: number;
  /** P(some comparison of the family `better` or `worse`). */
  readonly anyDirection: number;
  /** The mean width of the interval. */
  readonly width: number;
  /** P(an interval of no width). */
  readonly zeroWidth: number;
}

/**
 * The rates of one cell from `reps` seeded families: each family draws n items' baseline shares,
 * K answers of the baseline on each, and for each adapter its shares and K answers; each
 * adapter's p-value at the family level 0.05, Holm's levels, and its interval at its level, read
 * at the margin, as `comparisonFigures` does.
 */
export function simulateSampledCell(
  cell: SampledCell,
  options: { readonly reps: number; readonly seed: number; readonly method?: SampledMethod },
): SampledRates {
  const { reps, seed } = options;
  const method = options.method ?? reportMethod;
  const pValue = pValueOf(method);
  const draws = new Draws(seed);
  const d = cell.difference;
  let covered = 0, better = 0, notWorse = 0, anyDirection = 0, width = 0, zeroWidth = 0;
  for (let r = 0; r < reps; r++) {
    const families: SharePair[][] = Array.from({ length: cell.adapters }, () => []);
    for (let i = 0; i < cell.n; i++) {
      const p = draws.beta(cell.beta[0], cell.beta[1]);
      const second = draws.binomial(cell.samples, p) / cell.samples;
      for (const pairs of families) {
        const q = changedShare(draws, cell, p);
        pairs.push({ first: draws.binomial(cell.samples, q) / cell.samples, second });
      }
    }
    const pValues = families.map(pValue);
    const levels = holmLevels(pValues, 0.05);
    let direction = false;
    families.forEach((pairs, j) => {
      const i = method(pairs, levels[j]!.level);
      if (i.lower <= d && d <= i.upper) covered++;
      width += i.upper - i.lower;
      if (i.upper - i.lower <= 0) zeroWidth++;
      const outcome = comparisonOutcome(i, cell.margin);
      if (outcome === "better") better++;
      if (outcome === "better" || outcome === "not-worse") notWorse++;
      if (outcome === "better" || outcome === "worse") direction = true;
    });
    if (direction) anyDirection++;
  }
  const all = reps * cell.adapters;
  return {
    cell,
    reps,
    coverage: covered / all,
    better: better / all,
    notWorse: notWorse / all,
    anyDirection: anyDirection / reps,
    width: width / all,
    zeroWidth: zeroWidth / all,
  };
}

/** A property of a cell held to its nominal level within 3 Monte-Carlo SE. */
export interface SampledCheck {
  readonly property: "coverage" | "wrong not-worse" | "wrong better";
  readonly rate: number;
  readonly bound: number;
  readonly holds: boolean;
}

/**
 * The properties a cell must keep, each within 3 SE (at the nominal rate, over the families) of
 * its nominal level: coverage ≥ 0.95; at d = −margin (margin > 0), `not-worse` or `better` at
 * most 2.5%; at d = 0, `better` at most 2.5%.
 */
export function sampledChecks(rates: SampledRates): SampledCheck[] {
  const { cell, reps } = rates;
  const check = (property: SampledCheck["property"], rate: number, nominal: number, side: 1 | -1) =>
    levelCheck(property, rate, nominal, side, reps);
  const out = [check("coverage", rates.coverage, 0.95, -1)];
  if (cell.margin > 0 && cell.difference === -cell.margin) {
    out.push(check("wrong not-worse", rates.notWorse, 0.025, 1));
  }
  if (cell.difference === 0) out.push(check("wrong better", rates.better, 0.025, 1));
  return out;
}

/** The power of the report's comparison at its own printed detectable difference. */
export interface PowerAtFigure {
  readonly cell: SampledCell;
  /** The mean printed figure at no difference (the cell's pattern, d = 0). */
  readonly figure: number;
  /** P(`better`) at a true difference of that figure. */
  readonly power: number;
}

/**
 * Whether the printed detectable difference (power 0.8 at 0.05) is what it says: the mean figure
 * the report prints on `reps` families at no difference, then the share of `reps` families at
 * that true difference (the cell's pattern, one adapter) whose comparison is `better`.
 */
export function powerAtFigure(
  cell: SampledCell,
  options: { readonly reps: number; readonly seed: number },
): PowerAtFigure {
  const run = (difference: number, seed: number) => {
    const draws = new Draws(seed);
    const at = { ...cell, difference };
    let better = 0;
    let figure = 0;
    for (let r = 0; r < options.reps; r++) {
      const pairs: SharePair[] = [];
      const tallies: SampledPair[] = [];
      for (let i = 0; i < cell.n; i++) {
        const p = draws.beta(cell.beta[0], cell.beta[1]);
        const a = draws.binomial(cell.samples, changedShare(draws, at, p));
        const b = draws.binomial(cell.samples, p);
        pairs.push({ first: a / cell.samples, second: b / cell.samples });
        tallies.push({
          first: { asked: cell.samples, right: a },
          second: { asked: cell.samples, right: b },
        });
      }
      if (sampledDifference(pairs).lower > 0) better++;
      const parts = differenceVariance(tallies);
      figure += sampledDetectable(
        { between: parts.between ?? 0, within: parts.within ?? 0 },
        { items: cell.n, samples: cell.samples },
      );
    }
    return { power: better / options.reps, figure: figure / options.reps };
  };
  const figure = run(0, options.seed).figure;
  return { cell, figure, power: run(figure, options.seed + 1).power };
}

/** E[p^k] for p ~ Beta(a, b): the population's pass^k (and 1 − E[(1 − p)^k] its pass@k). */
export function betaMoment(a: number, b: number, k: number): number {
  let m = 1;
  for (let j = 0; j < k; j++) m *= (a + j) / (a + b + j);
  return m;
}

/** A model's population for the coverage of its own intervals: n items, K answers, Beta shares. */
export interface ModelCell {
  /** Items. */
  readonly n: number;
  /** K: answers per item. */
  readonly samples: number;
  /** The per-item share ~ Beta(a, b). */
  readonly beta: readonly [number, number];
}

/** The cell as one line. */
export function modelCellName(c: ModelCell): string {
  return `models n=${c.n} K=${c.samples} Beta(${c.beta.join(",")})`;
}

/** The coverage of one model's accuracy, pass@k and pass^k intervals in one cell. */
export interface ModelRates {
  readonly cell: ModelCell;
  readonly reps: number;
  /** P(the accuracy interval covers the population's mean share). */
  readonly accuracy: number;
  /** For each k from 1 to K, P(the pass@k interval covers the population's pass@k). */
  readonly passAt: readonly number[];
  /** For each k, P(the pass^k interval covers the population's pass^k). */
  readonly passAll: readonly number[];
  /** P(an interval of no width), over every interval of every family. */
  readonly zeroWidth: number;
}

/**
 * The coverage of `sampledAccuracy` and of every pass@k and pass^k of `passK` (k = 1 to K) on
 * `reps` seeded families of n items, each item's share drawn from Beta(a, b) and K answers drawn
 * at it; the truths are the Beta moments (accuracy a/(a + b), pass^k E[p^k], pass@k
 * 1 − E[(1 − p)^k]).
 */
export function simulateModelCell(
  cell: ModelCell,
  options: { readonly reps: number; readonly seed: number },
): ModelRates {
  const { n, samples } = cell;
  const [a, b] = cell.beta;
  const draws = new Draws(options.seed);
  const truthAt = Array.from({ length: samples }, (_, j) => 1 - betaMoment(b, a, j + 1));
  const truthAll = Array.from({ length: samples }, (_, j) => betaMoment(a, b, j + 1));
  const accuracyTruth = a / (a + b);
  let accuracy = 0;
  let zero = 0;
  const at = new Array<number>(samples).fill(0);
  const all = new Array<number>(samples).fill(0);
  for (let r = 0; r < options.reps; r++) {
    const items: SampledItem[] = [];
    for (let i = 0; i < n; i++) {
      items.push({ asked: samples, right: draws.binomial(samples, draws.beta(a, b)) });
    }
    const acc = sampledAccuracy(items);
    if (acc.lower <= accuracyTruth && accuracyTruth <= acc.upper) accuracy++;
    if (!(acc.upper > acc.lower)) zero++;
    for (const row of passK(items, samples)) {
      const j = row.k - 1;
      const [atI, allI] = [row.passAtInterval, row.passAllInterval];
      if (atI.lower <= truthAt[j]! && truthAt[j]! <= atI.upper) at[j]!++;
      if (allI.lower <= truthAll[j]! && truthAll[j]! <= allI.upper) all[j]!++;
      if (!(atI.upper > atI.lower)) zero++;
      if (!(allI.upper > allI.lower)) zero++;
    }
  }
  const reps = options.reps;
  return {
    cell,
    reps,
    accuracy: accuracy / reps,
    passAt: at.map((c) => c / reps),
    passAll: all.map((c) => c / reps),
    zeroWidth: zero / (reps * (1 + 2 * samples)),
  };
}

/** The coverage bound of `reps` families: 0.95 less 3 Monte-Carlo SE at the nominal rate. */
export function coverageBound(reps: number): number {
  return 0.95 - 3 * Math.sqrt((0.95 * 0.05) / reps);
}
