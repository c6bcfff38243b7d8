// A root finder for the report's exact statistics. Private to src/report/stats.

/**
 * The root of an increasing function on [lo, hi], given f(lo) < 0 ≤ f(hi): regula falsi with the
 * Illinois step (Dowell & Jarratt 1971), which keeps the root bracketed, so it cannot fail, and
 * converges superlinearly where plain bisection would take some 50 steps. Returns the upper end of
 * the final bracket: a point in (lo, hi] where f ≥ 0, within `relative`·x of the root (or as close
 * as doubles allow).
 */
export function increasingRoot(
  f: (x: number) => number,
  [lo, hi]: readonly [number, number],
  [fLo, fHi]: readonly [number, number],
  relative: number,
): number {
  let side = 0;
  for (let i = 0; i < 1000 && hi - lo > relative * hi; i++) {
    let x = (lo * fHi - hi * fLo) / (fHi - fLo);
    if (!(x > lo && x < hi)) x = lo + (hi - lo) / 2;
    if (!(x > lo && x < hi)) break; // lo and hi are neighbouring doubles
    const fx = f(x);
    if (fx >= 0) {
      hi = x;
      fHi = fx;
      if (side === 1) fLo /= 2;
      side = 1;
    } else {
      lo = x;
      fLo = fx;
      if (side === -1) fHi /= 2;
      side = -1;
    }
  }
  return hi;
}
