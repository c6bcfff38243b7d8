// Shared helper of the report tests: exact rationals as doubles.

/** num/den for positive bigints, correctly rounded to about 1e-16 whatever their size. */
export function ratio(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const e = num.toString(2).length - den.toString(2).length;
  const shift = 64 - e;
  const q = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  return Number(q) * 2 ** -shift;
}
