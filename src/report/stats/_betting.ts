// The betting confidence interval of a bounded mean (Waudby-Smith & Ramdas 2024, "Estimating
// means of bounded random variables by betting", JRSS B 86(1)), for the figures of several
// samples per item: valid for any distribution on the range, skewed and sparse ones included,
// and never of no width. Private to src/report/stats.

/** The interval and the p-value of one mean. */
export interface BettingInterval {
  /** The mean of the values. */
  readonly mean: number;
  /** Their standard deviation (n − 1 in the denominator); 0 with fewer than two. */
  readonly sd: number;
  /** The interval's lower limit. */
  readonly lower: number;
  /** The interval's upper limit. */
  readonly upper: number;
  /** The p-value of the mean being `at` (1 / the hedged capital at `at`, at most 1); 1 without. */
  readonly pValue: number;
}

/**
 * The level the bets are tuned for, whatever the level the interval is read at: the capital
 * then does not depend on the level, so the intervals at two levels are nested and the interval
 * at `level` excludes a value exactly when its p-value is below `level` (Holm's procedure reads
 * the p-values first and each interval at its own level after).
 */
export const BET_LEVEL = 0.05;

/**
 * The largest share of the capital a bet may stake: λ ≤ c/m (or c/(1 − m)), so that one value at
 * the far end of the range leaves at least 1 − c of it. WSR suggest ½ or ¾; ¾ gave the narrower
 * intervals on the sparse cells of `deno task sim --sampled --issue35` (Beta(0.02, 0.02) shares: 45
 * against 59 points wide at n = 20, K = 16; 6.2 against 7.9 at n = 200, K = 8), where the
 * truncation, not the plug-in, sets most bets.
 */
export const TRUNCATION = 0.75;

/** The ends of the unit range searched: m in [2⁻⁴⁰, 1 − 2⁻⁴⁰]. */
const EDGE = 2 ** -40;

/** How close the two ends of a bracket come before a crossing is taken: far below any figure. */
const TOLERANCE = 1e-13;

/**
 * The bracket [a, b] of the crossing of a falling `f` through 0, with f(a) > 0 ≥ f(b), narrowed to
 * TOLERANCE by the Illinois variant of the false position (secant steps that keep the bracket,
 * the stale end's value halved; a bisection when a step leaves it). `f(lo)` must be above 0 and
 * `f(hi)` at most 0; `fLo` and `fHi`, when given, are f(lo) and f(hi) already computed (the
 * same search, one evaluation fewer). The caller takes the end on the side not rejected, so that
 * a value the capital rejects is never inside the interval and the p-value and the interval agree.
 */
export function crossing(
  f: (m: number) => number,
  lo: number,
  hi: number,
  fLo: number = f(lo),
  fHi: number = f(hi),
): [number, number] {
  let a = lo;
  let b = hi;
  let fa = fLo;
  let fb = fHi;
  let side = 0;
  for (let i = 0; i < 200 && b - a > TOLERANCE; i++) {
    let m = a + (fa * (b - a)) / (fa - fb);
    if (!(m > a && m < b)) m = (a + b) / 2;
    const fm = f(m);
    if (fm > 0) {
      a = m;
      fa = fm;
      if (side === 1) fb /= 2;
      side = 1;
    } else {
      b = m;
      fb = fm;
      if (side === -1) fa /= 2;
      side = -1;
    }
  }
  return [a, b];
}

/**
 * The bets' sizes before truncation, the predictable plug-in of WSR for a fixed n: λₜ = √(2·log(2/α₀)/(n·σ̂²ₜ₋₁)), where μ̂ₜ = (½ + Σᵢ≤ₜ xᵢ)/(t + 1) and σ̂²ₜ = (¼ +
 * Σᵢ≤ₜ (xᵢ − μ̂ᵢ)²)/(t + 1), on values x in [0, 1]. Each depends on the values before it only.
 */
export function plugInBets(x: readonly number[]): Float64Array {
  const n = x.length;
  const bets = new Float64Array(n);
  let sum = 0;
  let squares = 0;
  for (let t = 0; t < n; t++) {
    const variance = (0.25 + squares) / (t + 1); // σ̂²ₜ₋₁, from the first t values
    bets[t] = Math.sqrt((2 * Math.log(2 / BET_LEVEL)) / (n * variance));
    sum += x[t]!;
    const mu = (0.5 + sum) / (t + 2); // μ̂ₜ, with this value
    squares += (x[t]! - mu) * (x[t]! - mu);
  }
  return bets;
}

/**
 * The log-capital at the end of the bettor who starts with 1 and stakes, on each value in turn,
 * that the mean is above m: log K⁺ₙ(m) = Σ log(1 + λ⁺ₜ(xₜ − m)), λ⁺ₜ = min(λₜ, c/m). With mean m
 * it (and K⁻ₙ of {@linkcode logCapitalDown}) is a nonnegative martingale of expectation 1, so by
 * Markov's inequality either exceeds 2/α with chance at most α/2. K⁺ falls with m. Each bettor
 * is its own sum: the lower end's search reads K⁺ alone and the upper end's K⁻ alone.
 */
export function logCapitalUp(x: ArrayLike<number>, bets: Float64Array, m: number): number {
  const cap = TRUNCATION / m;
  let up = 0;
  for (let t = 0; t < x.length; t++) {
    const b = bets[t]!;
    up += Math.log1p((b < cap ? b : cap) * (x[t]! - m));
  }
  return up;
}

/**
 * The log-capital at the end of the bettor who stakes that the mean is below m: log K⁻ₙ(m) =
 * Σ log(1 − λ⁻ₜ(xₜ − m)), λ⁻ₜ = min(λₜ, c/(1 − m)). K⁻ grows with m.
 */
export function logCapitalDown(x: ArrayLike<number>, bets: Float64Array, m: number): number {
  const cap = TRUNCATION / (1 - m);
  let down = 0;
  for (let t = 0; t < x.length; t++) {
    const b = bets[t]!;
    down += Math.log1p(-(b < cap ? b : cap) * (x[t]! - m));
  }
  return down;
}

/** The values mapped to [0, 1]: x = (v − floor)/width, clamped. */
function unitValues(values: readonly number[], floor: number, width: number): number[] {
  return values.map((v) => Math.min(1, Math.max(0, (v - floor) / width)));
}

/** log max(K⁺ₙ(m), K⁻ₙ(m)): the hedged capital at m, less log 2. */
function atLogCapital(x: ArrayLike<number>, bets: Float64Array, m: number): number {
  return Math.max(logCapitalUp(x, bets, m), logCapitalDown(x, bets, m));
}

/**
 * The p-value of {@linkcode bettingInterval} alone (the same figure, without the interval's two
 * searches): of the mean being `at`, for `values` each in [`floor`, `ceiling`]; 1 without values
 * or when `at` is not inside the range.
 */
export function bettingPValue(
  values: readonly number[],
  [floor, ceiling]: readonly [number, number],
  at: number,
): number {
  const width = ceiling - floor;
  const atX = (at - floor) / width;
  if (values.length === 0 || !(atX > 0 && atX < 1)) return 1;
  const x = unitValues(values, floor, width);
  return Math.min(1, 2 * Math.exp(-atLogCapital(x, plugInBets(x), atX)));
}

/**
 * The betting interval of the mean of `values`, each in [`floor`, `ceiling`], at `level` (two
 * sides of level/2 each), and the p-value of the mean being `at`. The values are mapped to
 * x = (v − floor)/(ceiling − floor) in [0, 1], taken in the order given (which must not depend
 * on the values), and a mean m is rejected when the hedged capital max(½K⁺ₙ(m), ½K⁻ₙ(m)) exceeds
 * 1/level (the capital at the end, not its running maximum: the order of the items is theirs,
 * not a random one, and the end alone does not reward an early run of one sign). The interval
 * is every m not rejected, each end found where its capital crosses 2/level (K⁺ falls and K⁻
 * grows with m), and always contains `at` when its p-value is at least `level` (`at` null: no
 * p-value, 1). With no value it is the whole range and the p-value 1. The interval has width whenever there are values: no outcome is read
 * from an interval of no width.
 */
export function bettingInterval(
  values: readonly number[],
  level: number,
  [floor, ceiling]: readonly [number, number],
  at: number | null = 0,
): BettingInterval {
  const n = values.length;
  const width = ceiling - floor;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = n === 0 ? 0 : sum / n;
  let squares = 0;
  for (const v of values) squares += (v - mean) * (v - mean);
  const sd = n < 2 ? 0 : Math.sqrt(squares / (n - 1));
  if (n === 0) return { mean, sd, lower: floor, upper: ceiling, pValue: 1 };
  const x = unitValues(values, floor, width);
  const bets = plugInBets(x);
  const bound = Math.log(2 / level); // reject m when ½K⁺ or ½K⁻ exceeds 1/level
  const atX = at === null ? -1 : (at - floor) / width;
  const inside = atX > 0 && atX < 1;
  const atLog = inside ? atLogCapital(x, bets, atX) : 0;
  const pValue = Math.min(1, 2 * Math.exp(-atLog));
  const rejectsAt = atLog > bound;
  // The lower end: where K⁺, falling with m, passes 2/level; the upper: where K⁻, growing, does.
  // Each search reads its own bettor only, and starts from the end already evaluated.
  const up = (m: number) => logCapitalUp(x, bets, m) - bound;
  const down = (m: number) => bound - logCapitalDown(x, bets, m);
  let lowerX = 0;
  const upAtEdge = up(EDGE);
  if (upAtEdge > 0) lowerX = crossing(up, EDGE, 1 - EDGE, upAtEdge)[1];
  let upperX = 1;
  const downAtEdge = down(1 - EDGE);
  if (downAtEdge < 0) upperX = crossing(down, EDGE, 1 - EDGE, undefined, downAtEdge)[0];
  if (inside && !rejectsAt) {
    lowerX = Math.min(lowerX, atX);
    upperX = Math.max(upperX, atX);
  }
  return { mean, sd, lower: floor + width * lowerX, upper: floor + width * upperX, pValue };
}
