// Shared helper of the decision's simulation (decision_simulation_test.ts, decision_sim.ts):
// seeded draws of paired tables from a population, and the error rates of the report's decision
// interval measured on them.

import { binomialAtLeast, logBinomialPmf } from "../../src/report/stats/_binomial.ts";
import { comparisonOutcome } from "../../src/report/stats/comparison_outcome.ts";
import { coherentIntervals } from "../../src/report/stats/decision_interval.ts";
import { type Interval, Z_95 } from "../../src/report/stats/interval.ts";
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
