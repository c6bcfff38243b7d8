// Number formatting shared by the verdict sentence and the renderers. Private to src/report.

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

/** Percentage points with a sign: 0.041 → "+4.1", -0.02 → "-2.0", 0 → "0.0". */
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

/** A p-value in words: "p < 0.001", "p = 0.012", "p = 0.31", "p = 1". */
export function pText(p: number): string {
  if (p < 0.001) return "p < 0.001";
  if (p >= 1) return "p = 1";
  if (p >= 0.1) return `p = ${p.toFixed(2)}`;
  const short = p.toPrecision(2);
  // Never let the rounding carry a p-value across 0.05, where the verdict changes.
  return `p = ${(p < 0.05) === (Number(short) < 0.05) ? short : p.toPrecision(3)}`;
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
