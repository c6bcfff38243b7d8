// How the report writes its numbers and counts (percentages, points, p-values, plurals): shared by
// the verdict sentence (`verdict.ts`), the split's detectable lines and the renderers (`render/`).

/** A proportion as a percentage with one decimal: 0.4123 → "41.2%". */
export function percent(value: number | null, decimals = 1): string {
  return value === null ? "-" : `${(value * 100).toFixed(decimals)}%`;
}

/**
 * The fewest decimals (1 to 3) that show every non-zero value as non-zero, for values in
 * percentage points.
 */
export function pointDecimals(values: readonly number[]): number {
  for (let d = 1; d < 3; d++) {
    if (values.every((v) => v === 0 || Number((Math.abs(v) * 100).toFixed(d)) !== 0)) return d;
  }
  return 3;
}

/**
 * Percentage points with a sign, at `decimals` decimals: 0.041 → "+4.1", -0.02 → "-2.0", 0 and
 * anything that rounds to it → "0.0".
 */
export function signedPoints(value: number, decimals: number): string {
  const text = (Math.abs(value) * 100).toFixed(decimals);
  if (Number(text) === 0) return text;
  return (value > 0 ? "+" : "-") + text;
}

/** Percentage points without a forced plus sign: -0.02 → "-2.0". */
export function points(value: number, decimals: number): string {
  const text = (Math.abs(value) * 100).toFixed(decimals);
  if (Number(text) === 0) return text;
  return (value < 0 ? "-" : "") + text;
}

/**
 * A p-value in words, with as many digits as it takes to show which side of every level it is on
 * (and of 1): "p = 0.012", "p = 0.31", "p = 0.04998" (not "p = 0.050"), "p = 0.0501", "p = 1".
 * Two significant digits, more while the rounded value would sit on the other side of a level or
 * on it (only a p-value exactly at a level prints as that level). Below the floor, 0.001 or the
 * power of ten at or below the smallest level, "p < 0.001".
 *
 * @param p The p-value, in [0, 1].
 * @param levels The levels the reader compares it with, each in (0, 1]: 0.05 when left out.
 * @throws {RangeError} When `p` is not a number in [0, 1] or a level not one in (0, 1].
 */
export function pText(p: number, levels: readonly number[] = [0.05]): string {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`pText: p must be a number from 0 to 1, not ${p}`);
  for (const level of levels) {
    if (!(level > 0 && level <= 1)) {
      throw new RangeError(`pText: a level must be a number above 0 and at most 1, not ${level}`);
    }
  }
  if (p === 1) return "p = 1";
  let zeros = 2; // the floor is 10^-(zeros + 1): 0.001
  while (levels.some((level) => level < Number(`1e-${zeros + 1}`))) zeros++;
  if (p < Number(`1e-${zeros + 1}`)) return `p < 0.${"0".repeat(zeros)}1`;
  const bounds = [...levels, 1];
  for (let digits = 2; digits < 17; digits++) {
    const text = p.toPrecision(digits);
    const shown = Number(text);
    if (bounds.every((b) => Math.sign(shown - b) === Math.sign(p - b))) return `p = ${text}`;
  }
  return `p = ${p.toPrecision(17)}`; // every double is its own 17-digit rounding
}

/** A whole number with thousands separators: 60000 → "60,000". */
export function count(value: number): string {
  // Not toLocaleString: its first call loads the locale data, about 80 ms of a report's start.
  const digits = String(Math.abs(Math.trunc(value)));
  let grouped = digits.slice(0, (digits.length - 1) % 3 + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return (value < 0 ? "-" : "") + grouped;
}

/** Milliseconds, readable: 812 → "812 ms", 1520 → "1.52 s". */
export function millis(value: number): string {
  if (value < 1000) return `${Math.round(value)} ms`;
  return `${(value / 1000).toPrecision(3)} s`;
}

/** A count and its noun, plural when the count is not 1: plural(2, "error") → "2 errors". */
export function plural(value: number, noun: string): string {
  return `${count(value)} ${noun}${value === 1 ? "" : "s"}`;
}

/**
 * A difference and its interval in points, with the fewest decimals (1 to 3) that show every
 * non-zero value as non-zero: `+4.1`, `2.3`, `5.9`. A limit that would still round to 0 (one
 * within a hair of 0, as an exact interval's limit can be when p is a rounding away from its
 * level) is shown with two significant digits instead, so that an interval that excludes 0 never
 * reads as one that touches it. Likewise a limit near one of `marks` (fractions, such as minus the
 * decision's margin) gets as many more decimals as show which side of it the limit is on: −0.468
 * next to a margin of 0.5 points reads `-0.47`, not `-0.5`.
 */
export function intervalFigures(
  difference: number,
  lower: number,
  upper: number,
  marks: readonly number[] = [],
): { readonly difference: string; readonly lower: string; readonly upper: string } {
  const d = pointDecimals([difference, lower, upper]);
  const sides = marks.filter((m) => m !== 0).map((m) => m * 100);
  const limit = (v: number) => {
    let decimals = d;
    let text = points(v, decimals);
    const wrongSide = (t: string) =>
      sides.some((m) => Math.sign(Number(t) - m) !== Math.sign(v * 100 - m));
    while (wrongSide(text) && decimals < 12) text = points(v, ++decimals);
    if (v === 0 || Number(text) !== 0) return text;
    return (v < 0 ? "-" : "") + (Math.abs(v) * 100).toPrecision(2);
  };
  return { difference: signedPoints(difference, d), lower: limit(lower), upper: limit(upper) };
}

/** A confidence level as a percentage: 0.05 → "95%", 0.025 → "97.5%", 0.05/3 → "98.33%". */
export function confidence(level: number): string {
  return `${Number(((1 - level) * 100).toFixed(2))}%`;
}

/** The text with its first letter in capitals, as a sentence or a heading starts. */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
