/**
 * Exact decimals of JSON number texts: `5`, `5.0`, `5e0` and `0.5e1` are one decimal, `1e400` and
 * `1e401` are two, and no digit is lost past 2^53. No floating point is involved; an exponent of
 * any size is read as a `bigint`.
 *
 * @module
 */

/**
 * A JSON number as an exact decimal: `(negative ? -1 : 1) × digits × 10^exponent`, in its one
 * canonical form: `digits` has no leading or trailing zero, and zero is `{ negative: false,
 * digits: "", exponent: 0n }` (so `-0` is zero).
 */
export interface ExactDecimal {
  /** Whether the number is below zero (never for zero). */
  readonly negative: boolean;
  /** The significant digits, without leading or trailing zeros; `""` for zero. */
  readonly digits: string;
  /** The power of ten the digits are multiplied by; `0n` for zero. */
  readonly exponent: bigint;
}

const ZERO: ExactDecimal = { negative: false, digits: "", exponent: 0n };

/**
 * The longest exponent text read as a plain `number`: `10^15 + 2^31` is far below 2^53, so the
 * sums below stay exact integers.
 */
const SMALL_EXPONENT_DIGITS = 15;

interface Parts {
  negative: boolean;
  digits: string;
  /** Exponent as an exact integer: a `number` when small, a `bigint` otherwise. */
  exponent: number | bigint;
}

/**
 * Reads a number text into sign, significant digits and exponent. Returns `undefined` for zero.
 * The text must be a valid JSON number (the strict reader only makes those).
 */
function parts(text: string): Parts | undefined {
  const negative = text.charCodeAt(0) === 0x2d;
  let p = negative ? 1 : 0;
  const n = text.length;
  // Integer part.
  const intStart = p;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c < 0x30 || c > 0x39) break;
    p++;
  }
  const intEnd = p;
  // Fraction part.
  let fracStart = p;
  let fracEnd = p;
  if (text.charCodeAt(p) === 0x2e) {
    fracStart = ++p;
    while (p < n) {
      const c = text.charCodeAt(p);
      if (c < 0x30 || c > 0x39) break;
      p++;
    }
    fracEnd = p;
  }
  // Exponent part.
  let expText = "";
  if (p < n) expText = text.slice(p + 1); // after e/E; may start with + or -
  let all = fracEnd > fracStart
    ? text.slice(intStart, intEnd) + text.slice(fracStart, fracEnd)
    : text.slice(intStart, intEnd);
  const fracLength = fracEnd - fracStart;
  // Strip leading zeros (they change nothing) and trailing zeros (each adds one to the exponent).
  let lead = 0;
  while (lead < all.length && all.charCodeAt(lead) === 0x30) lead++;
  if (lead === all.length) return undefined;
  let trail = all.length;
  while (all.charCodeAt(trail - 1) === 0x30) trail--;
  const shift = all.length - trail - fracLength;
  all = all.slice(lead, trail);
  let exponent: number | bigint;
  const expDigits = expText.length -
    (expText.charCodeAt(0) === 0x2b || expText.charCodeAt(0) === 0x2d ? 1 : 0);
  if (expDigits <= SMALL_EXPONENT_DIGITS) {
    exponent = (expText === "" ? 0 : Number(expText)) + shift;
  } else {
    exponent = BigInt(expText) + BigInt(shift);
  }
  return { negative, digits: all, exponent };
}

/**
 * Reads a JSON number text as an exact decimal, in its canonical form.
 *
 * @param text A valid JSON number, as {@linkcode isJsonNumberText} checks (the strict reader only
 *   makes valid ones); other text gives a meaningless result.
 * @returns The exact decimal.
 *
 * @example
 * ```ts
 * import { exactDecimal } from "./decimal.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(exactDecimal("0.5e1"), { negative: false, digits: "5", exponent: 0n });
 * assert.deepEqual(exactDecimal("-1200"), { negative: true, digits: "12", exponent: 2n });
 * assert.deepEqual(exactDecimal("-0.0e7"), { negative: false, digits: "", exponent: 0n });
 * ```
 */
export function exactDecimal(text: string): ExactDecimal {
  const p = parts(text);
  if (p === undefined) return ZERO;
  return { negative: p.negative, digits: p.digits, exponent: BigInt(p.exponent) };
}

/**
 * The canonical text of a JSON number: two number texts are equal as exact decimals exactly when
 * their canonical texts are the same string. The form is `0` for zero, else an optional `-`, the
 * significant digits without leading or trailing zeros, `e` and the exponent in decimal
 * (`5.0` → `5e0`, `-1200` → `-12e2`, `0.25` → `25e-2`).
 *
 * @param text A valid JSON number (see {@linkcode exactDecimal}).
 * @returns Its canonical text.
 *
 * @example
 * ```ts
 * import { canonicalDecimal } from "./decimal.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(canonicalDecimal("5.0"), canonicalDecimal("0.5e1"));
 * assert.equal(canonicalDecimal("-0"), "0");
 * assert.equal(canonicalDecimal("1e400"), "1e400");
 * assert.notEqual(canonicalDecimal("9007199254740993"), canonicalDecimal("9007199254740992"));
 * ```
 */
export function canonicalDecimal(text: string): string {
  const p = parts(text);
  if (p === undefined) return "0";
  return `${p.negative ? "-" : ""}${p.digits}e${p.exponent}`;
}
