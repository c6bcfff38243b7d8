// Student's t distribution, for the intervals of several samples per item. Private to
// src/report/stats.

import { logGamma } from "./_gamma.ts";
import { increasingRoot } from "./_root.ts";

const EPSILON = 1e-16;
const TINY = 1e-300;

/**
 * I_x(a, b), the regularized incomplete beta function, for a, b > 0 and x in [0, 1]: its continued
 * fraction evaluated with Lentz's method (Numerical Recipes' betacf), on the side of the symmetry
 * I_x(a, b) = 1 − I_{1−x}(b, a) where it converges fast.
 */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x),
  );
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return h;
}

/** P(|T| ≥ |t|) for T of Student's t with `df` degrees of freedom: the two-sided p-value. */
export function studentTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? NaN : 0;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/**
 * The t with P(|T| ≥ t) = `level` for `df` degrees of freedom: the quantile 1 − level/2, the
 * half-width of a two-sided interval at level `level` in standard errors.
 */
export function studentQuantile(level: number, df: number): number {
  // f(t) = level − P(|T| ≥ t) increases with t, from level − 1 < 0 at t = 0.
  const f = (t: number) => level - studentTwoSided(t, df);
  let hi = 2;
  while (f(hi) < 0) hi *= 2;
  return increasingRoot(f, [0, hi], [level - 1, f(hi)], 1e-15);
}
