// The melded interval (Fay & Lumbard 2021). Private to src/report/stats: decisionInterval reads it.
/**
 * The melded interval for the difference of two paired proportions (Fay & Lumbard 2021), the one
 * R's `exact2x2::mcnemarExactDP` gives: exact, and compatible with the exact McNemar (sign) test.
 *
 * @module
 */

import { binomialAtLeast, logBinomialPmf } from "./_binomial.ts";
import type { Interval } from "./interval.ts";

/**
 * The melded interval for d = δ·(2π − 1), the difference of two paired proportions, from b pairs
 * that favour the first, c that favour the second, of n (Fay & Lumbard 2021, "Confidence intervals
 * for difference in proportions for matched pairs compatible with exact McNemar's or sign tests",
 * Statistics in Medicine 40:1147–1159; melding: Fay, Proschan & Brittain 2015).
 *
 * With N = b + c, the Clopper–Pearson confidence distributions of δ (the chance that a pair is
 * discordant) and π (the chance that a discordant pair favours the first) are T_L ~ Beta(N, n − N +
 * 1), T_U ~ Beta(N + 1, n − N), B_L ~ Beta(b, c + 1) and B_U ~ Beta(b + 1, c) (Beta(0, k) is the
 * point 0, Beta(k, 0) the point 1). The lower limit is the D at which
 *
 * p_L(D) = P(T·(2B_L − 1) ≤ D),  T = T_L when D > 0, T_U when D ≤ 0,
 *
 * equals `tail`; the upper limit is minus the lower limit of the table with b and c swapped. p_L(0)
 * = P(X ≥ b) for X ~ Binomial(N, ½), the exact one-sided sign test, so the lower limit is above 0
 * exactly when that test rejects at `tail`. With N = 0 the interval is ±(1 − tail^(1/n)).
 *
 * p_L is an integral over T: P(T ≤ D) (when D > 0) plus the integral from |D| to 1 of
 * P(B_L ≤ ½ + D/(2t))·f_T(t), by adaptive Gauss–Kronrod (7–15 points) on panels two standard
 * deviations of T wide, from T's mode outward until what is left is below 1e-18; P(B_L ≤ q) and T's density are binomial probabilities
 * ({@linkcode binomialAtLeast}, {@linkcode logBinomialPmf}). The limit is its root, by Newton's steps (the slope is the same
 * integral with B_L's density) kept inside a bracket, to about 1e-12 relative.
 *
 * @param b Pairs that favour the first (an integer, 0 ≤ b).
 * @param c Pairs that favour the second (an integer, 0 ≤ c, b + c ≤ n).
 * @param n All pairs, a positive integer.
 * @param tail The one-sided level of each end, in (0, ½): 0.025 for a 95% interval.
 * @returns The interval for the difference, first minus second, as fractions.
 */
export function meldedInterval(b: number, c: number, n: number, tail: number): Interval {
  return { lower: meldedLower(b, c, n, tail), upper: -meldedLower(c, b, n, tail) };
}

/** The melded lower limit (see {@linkcode meldedInterval}). */
function meldedLower(b: number, c: number, n: number, tail: number): number {
  const N = b + c;
  if (N === 0) return Math.expm1(Math.log(tail) / n);
  if (b === 0 && N === n) return -1;
  const atZero = binomialAtLeast(b, N, 0.5) - tail; // p_L(0) − tail: the sign test
  if (atZero === 0) return 0;
  // p_L rises from 0 at D = −1 to 1 at D = 1; the root is on the side of 0 the sign test says.
  let [lo, hi] = atZero < 0 ? [0, 1] : [-1, 0];
  // Newton's steps from a normal guess, kept inside the bracket (halving it when a step leaves it).
  const estimate = (b - c) / n;
  const se = Math.sqrt(Math.max(N / n - estimate * estimate, 1 / n) / n);
  let x = Math.min(hi, Math.max(lo, estimate - 2 * se));
  if (!(x > lo && x < hi)) x = (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const [p, slope] = pLower(x, b, c, n);
    const f = p - tail;
    if (f >= 0) hi = x;
    else lo = x;
    let next = x - f / slope;
    if (!(next > lo && next < hi)) next = lo + (hi - lo) / 2;
    if (Math.abs(next - x) <= RELATIVE * Math.abs(x) || !(next > lo && next < hi)) return next;
    x = next;
  }
  return x;
}

/** How close a limit is found, relative to its size. */
const RELATIVE = 1e-12;

/**
 * p_L(D) = P(T·(2B_L − 1) ≤ D) and its slope in D, for N = b + c ≥ 1 and −1 < D < 1, D ≠ 0.
 *
 * The slope is the same integral with P(B_L ≤ q) replaced by B_L's density at q over 2t (the moving
 * end |D| adds nothing: the integrand is 1 there when D > 0, cancelling P(T ≤ D)'s own slope, and
 * 0 when D < 0).
 */
function pLower(d: number, b: number, c: number, n: number): [number, number] {
  const N = b + c;
  const upperT = d < 0; // T_U ~ Beta(N + 1, n − N) below 0, T_L ~ Beta(N, n − N + 1) above
  // B_L ~ Beta(b, c + 1): P(B_L ≤ q) = P(Binomial(N, q) ≥ b), its density N·P(Binomial(N − 1, q) = b − 1).
  // (Beta(1, 1) is uniform: logBinomialPmf(0, 0, q) is not asked for, it would be NaN.)
  const bDensity = (q: number) => N === 1 ? 1 : N * Math.exp(logBinomialPmf(b - 1, N - 1, q));
  if (upperT && N === n) {
    // T_U is the point 1.
    const q = 0.5 + d / 2;
    return [binomialAtLeast(b, N, q), b === 0 ? 0 : bDensity(q) / 2];
  }
  // T ~ Beta(a, n + 1 − a): P(T ≤ x) = P(Binomial(n, x) ≥ a), its density n·P(Binomial(n − 1, t) = a − 1).
  const a = upperT ? N + 1 : N;
  const density = (t: number) => n === 1 ? 1 : n * Math.exp(logBinomialPmf(a - 1, n - 1, t));
  const from = Math.abs(d);
  const belowAbs = binomialAtLeast(a, n, from);
  if (b === 0) return upperT ? [1 - belowAbs, density(from)] : [1, 0]; // B_L = 0: P(−T ≤ D)
  let slope = 0;
  const integrand = (t: number): number => {
    const weight = density(t);
    if (weight === 0) return 0;
    const q = 0.5 + d / (2 * t);
    if (q <= 0) return 0;
    return weight * binomialAtLeast(b, N, Math.min(1, q));
  };
  const slopeIntegrand = (t: number): number => {
    const weight = density(t);
    const q = 0.5 + d / (2 * t);
    return weight === 0 || q <= 0 || q >= 1 ? 0 : (weight * bDensity(q)) / (2 * t);
  };
  const mode = Math.max(from, Math.min(1, n === 1 ? 1 : (a - 1) / (n - 1)));
  const sd = Math.sqrt((a * (n + 1 - a)) / ((n + 1) ** 2 * (n + 2)));
  // Panels two standard deviations wide outward from the mode (or from |D| when the mode is below
  // it), until the density at a panel's inner edge times the length left holds less than
  // NEGLIGIBLE: the density falls away from its mode, so nothing further can hold more.
  let sum = 0;
  const panel = (lo: number, hi: number) => {
    sum += adaptive(integrand, lo, hi, 0);
    slope += adaptive(slopeIntegrand, lo, hi, 0);
  };
  for (let edge = mode; edge < 1;) {
    const next = Math.min(1, edge + 2 * sd);
    if (density(edge) * (1 - edge) < NEGLIGIBLE) break;
    panel(edge, next);
    edge = next;
  }
  for (let edge = mode; edge > from;) {
    const next = Math.max(from, edge - 2 * sd);
    if (density(edge) * (edge - from) < NEGLIGIBLE) break;
    panel(next, edge);
    edge = next;
  }
  return [Math.min(1, Math.max(0, (upperT ? 0 : belowAbs) + sum)), slope];
}

/** What the tails of T left out may hold, at most. */
const NEGLIGIBLE = 1e-18;

/** The Kronrod abscissae of the 15-point rule on [−1, 1] (the 7-point Gauss rule's are every other). */
const XK = [
  0.991455371120812639206854697526329,
  0.949107912342758524526189684047851,
  0.864864423359769072789712788640926,
  0.741531185599394439863864773280788,
  0.586087235467691130294144845693013,
  0.405845151377397166906606412076961,
  0.207784955007898467600689403773245,
  0,
];
/** The Kronrod weights, in XK's order. */
const WK = [
  0.02293532201052922496373200805897,
  0.063092092629978553290700663189204,
  0.104790010322250183839876322541518,
  0.140653259715525918745189590510238,
  0.16900472663926790282658342659855,
  0.190350578064785409913256402421014,
  0.204432940075298892414161999234649,
  0.209482141084727828012999174891714,
];
/** The Gauss weights of XK[1], XK[3], XK[5] and XK[7]. */
const WG = [
  0.129484966168869693270611432679082,
  0.27970539148927666790146777142378,
  0.381830050505118944950369775488975,
  0.417959183673469387755102040816327,
];

/**
 * The difference between the two rules accepted on a panel (the 15-point result, kept, is far more
 * accurate than that: the error of the 15-point rule is about the 7-point rule's squared).
 */
const TOLERANCE = 1e-11;

/** How many times a panel may be halved (a sharp bend may need about 20). */
const MAX_DEPTH = 24;

/** ∫ f over [lo, hi] by Gauss–Kronrod 7–15, halving a panel whose two rules differ by more. */
function adaptive(f: (t: number) => number, lo: number, hi: number, depth: number): number {
  const mid = (lo + hi) / 2;
  const half = (hi - lo) / 2;
  let kronrod = WK[7]! * f(mid);
  let gauss = WG[3]! * f(mid);
  for (let j = 0; j < 7; j++) {
    const dx = half * XK[j]!;
    const pair = f(mid - dx) + f(mid + dx);
    kronrod += WK[j]! * pair;
    if (j % 2 === 1) gauss += WG[(j - 1) / 2]! * pair;
  }
  kronrod *= half;
  gauss *= half;
  // (A NaN would never pass the test: it stops the halving too.)
  if (!(Math.abs(kronrod - gauss) > TOLERANCE) || depth >= MAX_DEPTH || !(half > 0)) return kronrod;
  return adaptive(f, lo, mid, depth + 1) + adaptive(f, mid, hi, depth + 1);
}
