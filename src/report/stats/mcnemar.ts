/**
 * McNemar's exact test: the two-sided binomial test on the discordant pairs of a paired table.
 *
 * @module
 */

import { logBinomialPmf } from "./_binomial.ts";

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
 * import { mcnemarExactP } from "./mcnemar.ts";
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
  // b = c, or they differ by 1: the tail up to min(b, c) holds half the mass or more, so p = 1
  // exactly (summed, |b − c| = 1 would give 0.9999999999999998).
  if (2 * m + 1 >= n) return 1;
  // Σ_{k=0..m} P(X = k) / P(X = m): terms fall geometrically fast going down from m.
  let sum = 1;
  let term = 1;
  for (let k = m; k > 0; k--) {
    term *= k / (n - k + 1);
    const next = sum + term;
    if (next === sum) break;
    sum = next;
  }
  const p = 2 * Math.exp(logBinomialPmf(m, n, 0.5) + Math.log(sum));
  return Math.min(1, p);
}
