// Shared helper of the decision's simulation (decision_simulation_test.ts, decision_sim.ts):
// seeded draws of paired tables from a population, and the error rates of the report's decision
// interval measured on them.

import { binomialAtLeast, logBinomialPmf } from "../../src/report/stats/_binomial.ts";
import { comparisonOutcome } from "../../src/report/stats/comparison_outcome.ts";
import { coherentIntervals, testLevelOf } from "../../src/report/stats/decision_interval.ts";
import { minimumDetectableDifference } from "../../src/report/stats/detectable_difference.ts";
import { holmLevels } from "../../src/report/stats/holm.ts";
import { type Interval, Z_95 } from "../../src/report/stats/interval.ts";
import { mcnemarExactP } from "../../src/report/stats/mcnemar.ts";
import { meldedInterval } from "../../src/report/stats/_melded_interval.ts";
import type { PairedTable } from "../../src/report/stats/paired_table.ts";
import { Prng } from "../reference/_prng.ts";

/**
 * A population of paired items, and a family of adapters each compared with the baseline on its
 * own n items drawn from it.
 */
export interface Cell {
  /** Items per comparison. */
  readonly n: number;
  /** δ: the chance that an item is discordant (one model right, the other wrong). */
  readonly discordance: number;
  /** d = p12 − p21, the true difference of accuracies, adapter minus baseline; |d| ≤ δ. */
  readonly difference: number;
  /** m: adapters in the family, each with its own independent table from this population. */
  readonly adapters: number;
  /** The margin (a fraction: 0.01 is 1 point) the outcome is read with. */
  readonly margin: number;
}

/** The cell as one line: `n=300 δ=1% d=-1% m=1 margin=1`. */
export function cellName(cell: Cell): string {
  const pts = (x: number) => `${+(x * 100).toFixed(4)}`;
  return `n=${cell.n} δ=${pts(cell.discordance)}% d=${pts(cell.difference)}% m=${cell.adapters} ` +
    `margin=${pts(cell.margin)}`;
}

/**
 * Exact binomial draws by inversion: the cumulative distribution of Binomial(n, p), tabulated
 * once per (n, p) from Loader's probabilities, searched with a uniform of 53 random bits. Exact to
 * the rounding of the table (about 1e-15).
 */
export class BinomialDraws {
  readonly #prng: Prng;
  readonly #tables = new Map<string, Float64Array>();

  /** @param seed Any 32-bit integer. */
  constructor(seed: number) {
    this.#prng = new Prng(seed);
  }

  /** A uniform in (0, 1), a multiple of 2^-53 plus 2^-54. */
  uniform(): number {
    const hi = this.#prng.next() >>> 5; // 27 bits
    const lo = this.#prng.next() >>> 6; // 26 bits
    return (hi * 67108864 + lo + 0.5) / 9007199254740992;
  }

  /** One draw of Binomial(n, p). */
  binomial(n: number, p: number): number {
    if (n === 0 || p === 0) return 0;
    if (p === 1) return n;
    const key = `${n} ${p}`;
    let cdf = this.#tables.get(key);
    if (cdf === undefined) {
      cdf = new Float64Array(n + 1);
      let sum = 0;
      for (let k = 0; k <= n; k++) {
        sum += Math.exp(logBinomialPmf(k, n, p));
        cdf[k] = sum;
      }
      this.#tables.set(key, cdf);
    }
    const u = this.uniform();
    if (u > cdf[n]!) return n; // the table's last rounding
    let lo = 0;
    let hi = n; // the first k with cdf[k] ≥ u is in [lo, hi]
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! >= u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/**
 * One table of n items from the population: N ~ Binomial(n, δ) discordant, of them b ~
 * Binomial(N, π) favour the adapter, π = (1 + d/δ)/2. The concordant items are split half both
 * right, half both wrong: the decision reads only b, c and n.
 */
export function drawTable(
  draws: BinomialDraws,
  n: number,
  discordance: number,
  difference: number,
): PairedTable {
  const N = draws.binomial(n, discordance);
  const pi = Math.min(1, Math.max(0, (1 + difference / discordance) / 2));
  const b = draws.binomial(N, pi);
  const bothRight = Math.floor((n - N) / 2);
  return { bothRight, onlyFirst: b, onlySecond: N - b, bothWrong: n - N - bothRight };
}

/** An interval method for a family: one interval per table, in order. */
export type FamilyIntervals = (tables: readonly PairedTable[]) => readonly Interval[];

/** The report's intervals: {@linkcode coherentIntervals} at family level alpha. */
export function reportIntervals(alpha: number): FamilyIntervals {
  return (tables) => coherentIntervals(tables, { alpha }).map((i) => i!);
}

/** A comparison's interval with the level its exact test is decided at (the detectable figure's). */
export interface LevelledInterval extends Interval {
  /** The test level of the comparison's Holm step (0.045/(m − k + 1) at alpha 0.05). */
  readonly testLevel: number;
}

/** A comparison's Holm decision: whether its exact test rejects, at which level. */
export interface HolmDecision {
  /** Whether Holm's procedure rejects "no difference": the interval then excludes 0. */
  readonly rejected: boolean;
  /** The test level of the comparison's Holm step (0.045/(m − k + 1) at alpha 0.05). */
  readonly testLevel: number;
}

/**
 * The Holm decisions {@linkcode coherentIntervals} makes at family level alpha, each table's exact
 * McNemar p-value computed once and kept (emptied past 400,000): the report's interval excludes 0
 * exactly when `rejected`, on the side of b − c, so `better`, `worse` and the coverage of d = 0
 * need no interval (held to coherentIntervals by decision_simulation_test.ts).
 */
export function cachedHolmDecisions(
  alpha: number,
): (tables: readonly PairedTable[]) => HolmDecision[] {
  const testAlpha = testLevelOf(alpha);
  const pValues = new Map<string, number>();
  return (tables) => {
    const ps = tables.map((t) => {
      const key = `${t.onlyFirst},${t.onlySecond}`;
      let p = pValues.get(key);
      if (p === undefined) {
        p = mcnemarExactP(t.onlyFirst, t.onlySecond);
        if (pValues.size > 400_000) pValues.clear();
        pValues.set(key, p);
      }
      return p;
    });
    return holmLevels(ps, testAlpha).map((h) => ({ rejected: h.rejected, testLevel: h.level }));
  };
}

/** A comparison's interval with the level its exact test is decided at (the detectable figure's). */
export interface LevelledInterval extends Interval, HolmDecision {}

/**
 * The report's intervals ({@linkcode coherentIntervals} at family level alpha) from
 * {@linkcode cachedHolmDecisions}, each table's melded interval computed once per (b, c, n, level)
 * and kept: the same figures, held to coherentIntervals on random families by
 * decision_simulation_test.ts, at a fraction of the cost when a family of several adapters is
 * rarely drawn twice but its tables are. The cache is emptied past 400,000 entries.
 */
export function cachedReportIntervals(
  alpha: number,
): (tables: readonly PairedTable[]) => LevelledInterval[] {
  const testAlpha = testLevelOf(alpha);
  const decisions = cachedHolmDecisions(alpha);
  const melded = new Map<string, Interval>();
  return (tables) => {
    const levels = decisions(tables);
    return tables.map((t, i) => {
      const { testLevel, rejected } = levels[i]!;
      const level = alpha / Math.round(testAlpha / testLevel);
      const b = t.onlyFirst;
      const c = t.onlySecond;
      const n = t.bothRight + b + c + t.bothWrong;
      const key = `${b},${c},${n},${level}`;
      let m = melded.get(key);
      if (m === undefined) {
        m = meldedInterval(b, c, n, level / 2);
        if (melded.size > 400_000) melded.clear();
        melded.set(key, m);
      }
      return rejected
        ? { lower: m.lower, upper: m.upper, testLevel, rejected }
        : { lower: Math.min(m.lower, 0), upper: Math.max(m.upper, 0), testLevel, rejected };
    });
  };
}

/**
 * {@linkcode simulateCell} for a cell with no difference and no margin (d = 0, margin 0), from
 * the Holm decisions alone: the interval covers 0 exactly when the comparison is not rejected,
 * is `better` when it is rejected with b > c, and the family errs when any is rejected. The same
 * rates as simulateCell with the report's intervals on the same draws (decision_simulation_test).
 */
export function simulateNullCell(
  cell: Cell,
  options: {
    readonly reps: number;
    readonly seed: number;
    readonly decisions: (tables: readonly PairedTable[]) => readonly HolmDecision[];
  },
): CellRates {
  if (cell.difference !== 0 || cell.margin !== 0) {
    throw new RangeError(`simulateNullCell: ${cellName(cell)} is not a cell of no difference`);
  }
  const { reps } = options;
  const draws = new BinomialDraws(options.seed);
  let covered = 0;
  let better = 0;
  let anyDirection = 0;
  for (let r = 0; r < reps; r++) {
    const tables: PairedTable[] = [];
    for (let i = 0; i < cell.adapters; i++) {
      tables.push(drawTable(draws, cell.n, cell.discordance, 0));
    }
    const family = options.decisions(tables);
    let direction = false;
    family.forEach((d, i) => {
      if (!d.rejected) covered++;
      else {
        direction = true;
        if (tables[i]!.onlyFirst > tables[i]!.onlySecond) better++;
      }
    });
    if (direction) anyDirection++;
  }
  const comparisons = reps * cell.adapters;
  return {
    cell,
    reps,
    coverage: covered / comparisons,
    better: better / comparisons,
    notWorse: better / comparisons,
    anyDirection: anyDirection / reps,
  };
}

/** What was measured in one cell. */
export interface CellRates {
  readonly cell: Cell;
  /** Families drawn. */
  readonly reps: number;
  /** P(lower ≤ d ≤ upper), over every comparison of every family. */
  readonly coverage: number;
  /** P(lower > 0), over every comparison: `better` claimed (wrong when d ≤ 0). */
  readonly better: number;
  /**
   * P(outcome is `not-worse` or `better` at the cell's margin), over every comparison: wrong when
   * d ≤ −margin.
   */
  readonly notWorse: number;
  /** P(some comparison of the family is `better` or `worse`): wrong when every d is 0. */
  readonly anyDirection: number;
}

/** Options of {@linkcode simulateCell}. */
export interface SimulateOptions {
  /** Families drawn. */
  readonly reps: number;
  /** The seed of the draws. */
  readonly seed: number;
  /** The interval method: the report's at alpha 0.05 when left out. */
  readonly intervals?: FamilyIntervals;
}

/**
 * The decision's error rates in one cell, from `reps` seeded families. A family's intervals are
 * a function of its (b, c) pairs alone (the concordant split is fixed), so repeated families are
 * computed once.
 */
export function simulateCell(cell: Cell, options: SimulateOptions): CellRates {
  const { reps, seed } = options;
  const intervals = options.intervals ?? reportIntervals(0.05);
  const draws = new BinomialDraws(seed);
  const memo = new Map<string, readonly Interval[]>();
  const d = cell.difference;
  let covered = 0;
  let better = 0;
  let notWorse = 0;
  let anyDirection = 0;
  for (let r = 0; r < reps; r++) {
    const tables: PairedTable[] = [];
    for (let i = 0; i < cell.adapters; i++) {
      tables.push(drawTable(draws, cell.n, cell.discordance, d));
    }
    const key = tables.map((t) => `${t.onlyFirst},${t.onlySecond}`).join(" ");
    let family = memo.get(key);
    if (family === undefined) {
      family = intervals(tables);
      if (memo.size < 200_000) memo.set(key, family);
    }
    let direction = false;
    for (const interval of family) {
      if (interval.lower <= d && d <= interval.upper) covered++;
      const outcome = comparisonOutcome(interval, cell.margin);
      if (outcome === "better") better++;
      if (outcome === "better" || outcome === "not-worse") notWorse++;
      if (outcome === "better" || outcome === "worse") direction = true;
    }
    if (direction) anyDirection++;
  }
  const comparisons = reps * cell.adapters;
  return {
    cell,
    reps,
    coverage: covered / comparisons,
    better: better / comparisons,
    notWorse: notWorse / comparisons,
    anyDirection: anyDirection / reps,
  };
}

/** The power of a family's first comparison at its own printed detectable difference. */
export interface PowerAtFigure {
  /** Items per comparison. */
  readonly n: number;
  /** δ, every adapter's. */
  readonly discordance: number;
  /** m: adapters in the family. */
  readonly adapters: number;
  /**
   * The median figure the report prints beside the first comparison (power 0.8 at its test
   * level) when no adapter differs, a fraction; `null` when at least half the draws print none.
   */
  readonly figure: number | null;
  /** Draws that print no figure (too few discordant items), a share. */
  readonly none: number;
  /**
   * P(the first comparison is `better`) when its adapter is truly better by `figure` and the
   * others do not differ; `null` with `figure` or when the figure exceeds δ.
   */
  readonly power: number | null;
}

/**
 * Whether the detectable difference printed beside a verdict is what it says, for m adapters with
 * Holm: the median figure printed beside the first comparison over `reps` families where no
 * adapter differs (the report's own computation: the exact test's power 0.8 at the comparison's
 * Holm test level and its observed discordance), then the share of `reps` families, the first
 * adapter truly better by that figure and the others not different, whose first comparison is
 * `better`. The figure's power is 0.8 for the test at its level; the decision may differ from it
 * through Holm's steps and the observed discordance, which this measures.
 */
export function powerAtFigure(
  n: number,
  discordance: number,
  adapters: number,
  options: {
    readonly reps: number;
    readonly seed: number;
    readonly decisions: (tables: readonly PairedTable[]) => readonly HolmDecision[];
  },
): PowerAtFigure {
  const { reps, decisions } = options;
  const figures: number[] = [];
  const memo = new Map<string, number>();
  let draws = new BinomialDraws(options.seed);
  for (let r = 0; r < reps; r++) {
    const tables: PairedTable[] = [];
    for (let i = 0; i < adapters; i++) tables.push(drawTable(draws, n, discordance, 0));
    const first = tables[0]!;
    const N = first.onlyFirst + first.onlySecond;
    const testLevel = decisions(tables)[0]!.testLevel;
    const key = `${N} ${testLevel}`;
    let figure = memo.get(key);
    if (figure === undefined) {
      figure = minimumDetectableDifference(n, N / n, { alpha: testLevel, power: 0.8 })
        .difference ?? Infinity;
      memo.set(key, figure);
    }
    figures.push(figure);
  }
  figures.sort((a, b) => a - b);
  const none = figures.filter((f) => f === Infinity).length / reps;
  const median = figures[Math.floor((reps - 1) / 2)]!;
  const figure = median === Infinity ? null : median;
  const base = { n, discordance, adapters, figure, none };
  if (figure === null || figure > discordance) return { ...base, power: null };
  draws = new BinomialDraws(options.seed + 1);
  let better = 0;
  for (let r = 0; r < reps; r++) {
    const tables = [drawTable(draws, n, discordance, figure)];
    for (let i = 1; i < adapters; i++) tables.push(drawTable(draws, n, discordance, 0));
    // `better`: rejected with b > c (the interval then excludes 0 above it).
    const first = tables[0]!;
    if (decisions(tables)[0]!.rejected && first.onlyFirst > first.onlySecond) better++;
  }
  return { ...base, power: better / reps };
}

/** A property of a cell held against its nominal level. */
export interface Check {
  /** What is measured: coverage, wrong not-worse, wrong better, any direction. */
  readonly property: "coverage" | "wrong not-worse" | "wrong better" | "family any direction";
  /** The measured rate. */
  readonly rate: number;
  /** The nominal level: 1 − alpha for coverage, an error rate otherwise. */
  readonly nominal: number;
  /** The bound the rate is held to: the nominal level widened by 3 Monte-Carlo SE. */
  readonly bound: number;
  /** Whether the rate is within the bound. */
  readonly holds: boolean;
}

/**
 * The properties a cell's rates must keep, at family level alpha, each within 3 standard errors
 * (at the nominal rate, over `reps` families) of its nominal level:
 *
 * - coverage ≥ 1 − alpha (every comparison's level is at most alpha);
 * - at d = −margin, margin > 0: `not-worse` or `better` at most alpha/2 (the lower end errs at
 *   most level/2);
 * - at d = 0: `better` at most alpha/2, and some comparison of the family `better` or `worse` at
 *   most 0.9·alpha (the tests' share of the level, Holm across the family).
 *
 * A comparison's rate is pooled over the m adapters of a family; its SE is taken over the
 * families, which is at least the pooled rate's.
 */
export function checks(rates: CellRates, alpha = 0.05): Check[] {
  const { cell, reps } = rates;
  const check = (property: Check["property"], rate: number, nominal: number, side: 1 | -1) =>
    levelCheck(property, rate, nominal, side, reps);
  const out = [check("coverage", rates.coverage, 1 - alpha, -1)];
  if (cell.margin > 0 && cell.difference === -cell.margin) {
    out.push(check("wrong not-worse", rates.notWorse, alpha / 2, 1));
  }
  if (cell.difference === 0) {
    out.push(check("wrong better", rates.better, alpha / 2, 1));
    out.push(check("family any direction", rates.anyDirection, 0.9 * alpha, 1));
  }
  return out;
}

/**
 * One property held to its nominal level widened by 3 Monte-Carlo standard errors over `reps`
 * families: at most the bound (`side` 1, an error rate) or at least it (`side` −1, a coverage).
 * Every simulation's checks (one answer per item, several, clustered) are made of it.
 */
export function levelCheck<P extends string>(
  property: P,
  rate: number,
  nominal: number,
  side: 1 | -1,
  reps: number,
): { property: P; rate: number; nominal: number; bound: number; holds: boolean } {
  const bound = nominal + side * 3 * Math.sqrt((nominal * (1 - nominal)) / reps);
  return { property, rate, nominal, bound, holds: side === 1 ? rate <= bound : rate >= bound };
}

/**
 * The conditional interval the report used before issue 21, for the tests that show the
 * simulation can fail: given N = b + c, the Clopper–Pearson interval [π_L, π_U] for π at level
 * alpha, mapped to [N/n·(2π_L − 1), N/n·(2π_U − 1)]; [0, 0] when N = 0. One comparison at a time
 * (no Holm step).
 */
export function oldConditionalInterval(alpha: number): FamilyIntervals {
  return (tables) =>
    tables.map((t) => {
      const b = t.onlyFirst;
      const N = b + t.onlySecond;
      const n = N + t.bothRight + t.bothWrong;
      if (N === 0) return { lower: 0, upper: 0 };
      const piLower = clopperPearsonLower(b, N, alpha / 2);
      const piUpper = 1 - clopperPearsonLower(N - b, N, alpha / 2);
      return { lower: (N / n) * (2 * piLower - 1), upper: (N / n) * (2 * piUpper - 1) };
    });
}

/** The π with P(X ≥ x | π) = tail, X ~ Binomial(N, π), by bisection; 0 when x = 0. */
function clopperPearsonLower(x: number, N: number, tail: number): number {
  if (x === 0) return 0;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (binomialAtLeast(x, N, mid) < tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Tango's score interval (Tango 1998) for d = (b − c)/n at 95%: the d with |T(d)| ≤ z, where
 * T(d) = (b − c − n·d)/√(n·(2·p̃ + d·(1 − d))) and p̃ is the maximum-likelihood P(only the second
 * right) given d: the root of 2n·p² + B·p + C, B = −b − c + (2n − b + c)·d, C = −c·d·(1 − d).
 * T decreases in d; each end is found by bisection on [−1, 1].
 */
export function tangoInterval(t: PairedTable): Interval {
  const { onlyFirst: b, onlySecond: c } = t;
  const n = t.bothRight + b + c + t.bothWrong;
  const score = (d: number) => {
    const B = -b - c + (2 * n - b + c) * d;
    const C = -c * d * (1 - d);
    const p = (Math.sqrt(Math.max(0, B * B - 8 * n * C)) - B) / (4 * n);
    const v = n * (2 * p + d * (1 - d));
    const diff = b - c - n * d;
    return v > 0 ? diff / Math.sqrt(v) : diff > 0 ? Infinity : diff < 0 ? -Infinity : 0;
  };
  // The d in [−1, 1] where score falls through `level` (score(−1) ≥ level > score(1) or an end).
  const cross = (level: number) => {
    let lo = -1;
    let hi = 1;
    if (score(lo) <= level) return lo;
    if (score(hi) > level) return hi;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (score(mid) > level) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  return { lower: cross(Z_95), upper: cross(-Z_95) };
}
