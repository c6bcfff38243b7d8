// Binomial probabilities for the report's exact statistics, by Loader's saddle-point expansion
// (Loader 2000, "Fast and accurate computation of binomial probabilities").
// Private to src/report/stats.

// stirlerr(n) = ln(n!) − (n + ½)·ln(n) + n − ½·ln(2π), for n = 1…15 (computed to 40 digits).
const STIRLERR_SMALL: readonly number[] = [
  0,
  0.08106146679532726,
  0.0413406959554093,
  0.02767792568499834,
  0.020790672103765093,
  0.016644691189821193,
  0.013876128823070748,
  0.01189670994589177,
  0.010411265261972096,
  0.009255462182712733,
  0.00833056343336287,
  0.007573675487951841,
  0.00694284010720953,
  0.006408994188004207,
  0.0059513701127588475,
  0.005554733551962801,
];

const S0 = 1 / 12;
const S1 = 1 / 360;
const S2 = 1 / 1260;
const S3 = 1 / 1680;
const S4 = 1 / 1188;

/** The error of Stirling's formula for ln(n!), n ≥ 1 an integer (Loader 2000). */
function stirlerr(n: number): number {
  if (n <= 15) return STIRLERR_SMALL[n]!;
  const nn = n * n;
  if (n > 500) return (S0 - S1 / nn) / n;
  if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
  if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
  return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

/** x·ln(x/m) + m − x without cancellation (Loader 2000). */
function bd0(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    let v = (x - m) / (x + m);
    let s = (x - m) * v;
    let ej = 2 * x * v;
    v = v * v;
    for (let j = 1; j < 1000; j++) {
      ej *= v;
      const next = s + ej / (2 * j + 1);
      if (next === s) return next;
      s = next;
    }
    return s;
  }
  return x * Math.log(x / m) + m - x;
}

/**
 * ln P(X = k) for X ~ Binomial(n, p), integers 0 ≤ k ≤ n, 0 ≤ p ≤ 1 (−∞ where the probability is
 * 0). The relative error of the probability stays near 1e-14 for any n that fits in a safe integer.
 */
export function logBinomialPmf(k: number, n: number, p: number): number {
  const q = 1 - p;
  if (p === 0) return k === 0 ? 0 : -Infinity;
  if (q === 0) return k === n ? 0 : -Infinity;
  if (k === 0) return p < 0.1 ? -bd0(n, n * q) - n * p : n * Math.log(q);
  if (k === n) return q < 0.1 ? -bd0(n, n * p) - n * q : n * Math.log(p);
  const lc = stirlerr(n) - stirlerr(k) - stirlerr(n - k) - bd0(k, n * p) - bd0(n - k, n * q);
  const lf = Math.log(2 * Math.PI) + Math.log(k) + Math.log1p(-k / n);
  return lc - 0.5 * lf;
}

/**
 * P(X ≥ k) for X ~ Binomial(n, p). The tail away from the mode is summed from its largest term
 * outward (each term the one before times a ratio), so a small upper tail keeps its relative
 * precision; a tail that holds the mode is 1 minus the other tail.
 */
export function binomialAtLeast(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  const q = 1 - p;
  if (p === 0) return 0;
  if (q === 0) return 1;
  const mode = Math.floor((n + 1) * p);
  if (k > mode) return sumAway(k, n, p, q, 1);
  return Math.max(0, 1 - sumAway(k - 1, n, p, q, -1));
}

/**
 * Σ P(X = j) for j from `start` away from the mode (`step` 1: upward, −1: downward), terms falling
 * from the first.
 */
function sumAway(start: number, n: number, p: number, q: number, step: 1 | -1): number {
  const first = Math.exp(logBinomialPmf(start, n, p));
  if (first === 0) return 0;
  const odds = p / q;
  let sum = 1;
  let term = 1;
  if (step === 1) {
    for (let j = start; j < n; j++) {
      term *= ((n - j) / (j + 1)) * odds;
      const next = sum + term;
      if (next === sum) break;
      sum = next;
    }
  } else {
    for (let j = start; j > 0; j--) {
      term *= (j / (n - j + 1)) / odds;
      const next = sum + term;
      if (next === sum) break;
      sum = next;
    }
  }
  return first * sum;
}
