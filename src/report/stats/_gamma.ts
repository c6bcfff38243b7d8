// The regularized incomplete gamma function, for chi-square p-values. Private to src/report/stats.

// Lanczos approximation of Γ, g = 7, nine coefficients (Godfrey): relative error near 1e-15.
const LANCZOS_G = 7;
const LANCZOS: readonly number[] = [
  0.99999999999980993,
  676.5203681218851,
  -1259.1392167224028,
  771.32342877765313,
  -176.61502916214059,
  12.507343278686905,
  -0.13857109526572012,
  9.9843695780195716e-6,
  1.5056327351493116e-7,
];
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return HALF_LOG_2PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPSILON = 1e-16;
const TINY = 1e-300;

/**
 * Q(a, x) = Γ(a, x)/Γ(a), the upper regularized incomplete gamma function, for a > 0 and x ≥ 0:
 * by its power series (as 1 − P) when x < a + 1, and by its continued fraction, evaluated with
 * Lentz's method, otherwise, where a small Q keeps its relative precision.
 */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = a * Math.log(x) - x - logGamma(a); // ln(x^a e^-x / Γ(a))
  if (x < a + 1) {
    // P(a, x) = x^a e^-x / Γ(a + 1) · Σ_k x^k / ((a + 1)…(a + k))
    let term = 1 / a;
    let sum = term;
    for (let k = 1; k < 100000; k++) {
      term *= x / (a + k);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
    }
    return Math.max(0, 1 - sum * Math.exp(front));
  }
  // Q(a, x) = x^a e^-x / Γ(a) · 1/(x + 1 − a − 1(1 − a)/(x + 3 − a − 2(2 − a)/(x + 5 − a − …)))
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 100000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.min(1, Math.exp(front) * h);
}
