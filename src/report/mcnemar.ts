/**
 * McNemar's exact test: the two-sided binomial test on the discordant pairs of a paired table.
 *
 * @module
 */

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

/** ln P(X = k) for X ~ Binomial(n, ½), 0 ≤ k ≤ n, by Loader's saddle-point expansion. */
function logHalfBinomial(k: number, n: number): number {
  if (k === 0 || k === n) return -n * Math.LN2;
  const half = n / 2;
  const lc = stirlerr(n) - stirlerr(k) - stirlerr(n - k) - bd0(k, half) - bd0(n - k, half);
  const lf = Math.log(2 * Math.PI) + Math.log(k) + Math.log1p(-k / n);
  return lc - 0.5 * lf;
}

/**
 * The exact two-sided McNemar p-value for a paired table with `b` pairs discordant one way and
 * `c` the other: under the null hypothesis each discordant pair goes either way with probability
 * ½, so with X ~ Binomial(b + c, ½),
 *
 * p = min(1, 2·P(X ≤ min(b, c)))
 *
 * The tail is summed from its largest term down (each term the one after it times k/(n − k + 1)),
 * and that largest term is found in log space with Loader's saddle-point expansion, so nothing
 * overflows and the relative error stays near 1e-13 for any `b + c` that fits in a safe integer
 * (a p-value below about 1e-308 comes out as 0). With no discordant pair, p is 1.
 *
 * @param b The pairs where the first member is right and the second wrong, an integer ≥ 0.
 * @param c The pairs where the second member is right and the first wrong, an integer ≥ 0.
 * @returns The p-value, in [0, 1].
 * @throws {RangeError} When `b` or `c` is not a non-negative safe integer.
 *
 * @example 1 against 7 discordant pairs: p = 2·9/256
 * ```ts
 * import { mcnemarExactP } from "@assess/assess/report";
 * import assert from "node:assert/strict";
 *
 * assert.ok(Math.abs(mcnemarExactP(1, 7) - 0.0703125) < 1e-15);
 * assert.equal(mcnemarExactP(0, 0), 1);
 * ```
 */
export function mcnemarExactP(b: number, c: number): number {
  for (const [name, value] of [["b", b], ["c", c]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`mcnemarExactP: ${name} must be a non-negative integer, not ${value}`);
    }
  }
  const n = b + c;
  if (!Number.isSafeInteger(n)) throw new RangeError("mcnemarExactP: b + c is too large");
  const m = Math.min(b, c);
  if (2 * m >= n) return 1; // b = c: the tail holds at least half the mass
  // Σ_{k=0..m} P(X = k) / P(X = m): terms fall geometrically fast going down from m.
  let sum = 1;
  let term = 1;
  for (let k = m; k > 0; k--) {
    term *= k / (n - k + 1);
    const next = sum + term;
    if (next === sum) break;
    sum = next;
  }
  const p = 2 * Math.exp(logHalfBinomial(m, n) + Math.log(sum));
  return Math.min(1, p);
}
