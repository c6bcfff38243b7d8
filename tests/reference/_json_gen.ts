/**
 * Generated JSON values for the differential tests, and a writer that spells one value in many
 * equivalent ways (key order, number forms, string escapes, whitespace), so that equality is
 * tested on text, not on one canonical spelling.
 *
 * @module
 */

import type { Prng } from "./_prng.ts";

/** A number as sign, significant digits (no leading zero unless "0") and exponent. */
export interface GenNumber {
  readonly t: "num";
  readonly negative: boolean;
  /** Digits of the significand; "0" for zero. */
  readonly digits: string;
  /** The value is digits × 10^exp. */
  readonly exp: bigint;
}

/** A generated JSON value. */
export type Gen =
  | { readonly t: "null" }
  | { readonly t: "bool"; readonly v: boolean }
  | GenNumber
  | { readonly t: "str"; readonly v: string }
  | { readonly t: "arr"; readonly items: readonly Gen[] }
  | { readonly t: "obj"; readonly entries: readonly (readonly [string, Gen])[] };

const KEYS = [
  "a",
  "b",
  "city",
  "days",
  "units",
  "q",
  "x",
  "id",
  "é",
  "e\u0301",
  "😀",
  "",
  " ",
  "a b",
  "\u0000",
  "\\",
  '"',
  "/",
  "\u2028",
];

const STRINGS = [
  "",
  "x",
  "Paris",
  "5",
  "5.0",
  "true",
  "null",
  "é",
  "e\u0301",
  "😀",
  "\ud83d\ude00x",
  "\u0000",
  "tab\there",
  "line\nbreak",
  'quote"s',
  "back\\slash",
  "/path/",
  "\u2028\u2029",
  "\u007f",
  "ﬁ",
  "<tool_call>",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  " ",
  "İ",
  "\ufeff",
];

const NUMBER_TEXTS = [
  "0",
  "-0",
  "0.0",
  "1",
  "5",
  "5.0",
  "5e0",
  "0.5e1",
  "50e-1",
  "-1",
  "3.5",
  "3",
  "0.1",
  "0.10000000000000001",
  "9007199254740992",
  "9007199254740993",
  "12345678901234567890",
  "12345678901234567891",
  "1e400",
  "1e401",
  "10e399",
  "1E+400",
  "-1e-400",
  "1e-400",
  "1e999999999999999999999",
  "1e1000000000000000000000",
  "123456789012345678901234567890.123456789",
  "2.5e-3",
  "0.0025",
  "1e2",
  "100",
  "1E2",
  "1e+2",
  "1e02",
  "-273.15",
];

/** Reads a JSON number text into its exact parts. */
export function numberFromText(text: string): GenNumber {
  const m = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (m === null) throw new Error(`not a number: ${text}`);
  const frac = m[3] ?? "";
  let digits = ((m[2] ?? "") + frac).replace(/^0+/, "");
  let exp = BigInt(m[4] ?? "0") - BigInt(frac.length);
  if (digits === "") return { t: "num", negative: m[1] === "-", digits: "0", exp: 0n };
  const stripped = digits.replace(/0+$/, "");
  exp += BigInt(digits.length - stripped.length);
  digits = stripped;
  return { t: "num", negative: m[1] === "-", digits, exp };
}

/** A random JSON value, at most `depth` levels of arrays and objects. */
export function genValue(rng: Prng, depth: number): Gen {
  const k = rng.int(depth > 0 ? 10 : 7);
  switch (k) {
    case 0:
      return { t: "null" };
    case 1:
      return { t: "bool", v: rng.chance(0.5) };
    case 2:
    case 3:
      return genNumber(rng);
    case 4:
    case 5:
    case 6:
      return { t: "str", v: genString(rng) };
    case 7:
      return {
        t: "arr",
        items: Array.from({ length: rng.int(4) }, () => genValue(rng, depth - 1)),
      };
    default:
      return genObject(rng, depth - 1, 3);
  }
}

/** A random number: a listed awkward one, or random digits and exponent. */
export function genNumber(rng: Prng): GenNumber {
  if (rng.chance(0.5)) return numberFromText(rng.pick(NUMBER_TEXTS));
  const len = rng.range(1, rng.chance(0.2) ? 40 : 6);
  let text = String(rng.range(1, 9));
  for (let i = 1; i < len; i++) text += String(rng.int(10));
  if (rng.chance(0.3)) text += "e" + String(rng.range(-30, 30));
  if (rng.chance(0.3)) text = "-" + text;
  return numberFromText(text);
}

/** A random string: a listed awkward one or random code points. */
export function genString(rng: Prng): string {
  if (rng.chance(0.5)) return rng.pick(STRINGS);
  const len = rng.int(6);
  let s = "";
  for (let i = 0; i < len; i++) {
    const r = rng.int(10);
    if (r < 6) s += String.fromCharCode(rng.range(0x61, 0x7a));
    else if (r < 7) s += String.fromCharCode(rng.range(0, 0x1f));
    else if (r < 8) s += String.fromCodePoint(rng.range(0xa0, 0xd7ff));
    else if (r < 9) s += String.fromCodePoint(rng.range(0xe000, 0xfffd));
    else s += String.fromCodePoint(rng.range(0x10000, 0x10ffff));
  }
  return s;
}

/** A random object with distinct keys. */
export function genObject(rng: Prng, depth: number, maxKeys: number): Gen {
  const n = rng.int(maxKeys + 1);
  const keys = new Set<string>();
  while (keys.size < n) keys.add(rng.chance(0.7) ? rng.pick(KEYS) : genString(rng));
  return { t: "obj", entries: [...keys].map((key) => [key, genValue(rng, depth)] as const) };
}

/** Whether two generated values are equal by the scorers page's rules (used to label cases). */
export function genEqual(a: Gen, b: Gen): boolean {
  if (a.t !== b.t) return false;
  switch (a.t) {
    case "null":
      return true;
    case "bool":
      return a.v === (b as typeof a).v;
    case "num": {
      const y = b as GenNumber;
      if (a.digits === "0" || y.digits === "0") return a.digits === y.digits;
      return a.negative === y.negative && a.digits === y.digits && a.exp === y.exp;
    }
    case "str":
      return a.v === (b as typeof a).v;
    case "arr": {
      const y = b as typeof a;
      return a.items.length === y.items.length && a.items.every((v, i) => genEqual(v, y.items[i]!));
    }
    case "obj": {
      const y = b as typeof a;
      if (a.entries.length !== y.entries.length) return false;
      const m = new Map(y.entries);
      return a.entries.every(([k, v]) => m.has(k) && genEqual(v, m.get(k)!));
    }
  }
}

/** How freely the writer may spell a value. */
export interface WriteStyle {
  /** Shuffle object keys. */
  readonly shuffleKeys: boolean;
  /** Write numbers in random equivalent forms. */
  readonly numberForms: boolean;
  /** Escape characters at random (`\u00e9`, escaped surrogate pairs, `\/`). */
  readonly escapes: boolean;
  /** Random whitespace between tokens. */
  readonly whitespace: boolean;
}

/** The dataset's own spelling: `json.dumps` defaults (", " and ": ", non-ASCII escaped). */
export const DATASET_STYLE: WriteStyle = {
  shuffleKeys: false,
  numberForms: false,
  escapes: false,
  whitespace: false,
};

/** Every freedom. */
export const FREE_STYLE: WriteStyle = {
  shuffleKeys: true,
  numberForms: true,
  escapes: true,
  whitespace: true,
};

const WS = [" ", "\t", "\n", "\r", "  ", "\r\n"];

function ws(rng: Prng, style: WriteStyle): string {
  return style.whitespace && rng.chance(0.3) ? rng.pick(WS) : "";
}

/** Writes a number in its plainest form, or a random equivalent one. */
export function writeNumber(n: GenNumber, rng: Prng, forms: boolean): string {
  const sign = n.negative ? "-" : "";
  if (n.digits === "0") {
    if (!forms) return sign + "0";
    return sign + rng.pick(["0", "0.0", "0e0", "0E+5", "0.000e-3"]);
  }
  // Shift: write digits + zeros(pad) with exponent exp - pad, optionally with a decimal point.
  const pad = forms ? rng.int(3) : 0;
  const digits = n.digits + "0".repeat(pad);
  const exp = n.exp - BigInt(pad);
  const pointAt = forms ? rng.int(digits.length) : 0; // digits after the point
  const e = exp + BigInt(pointAt);
  let mant = digits;
  if (pointAt > 0) mant = digits.slice(0, digits.length - pointAt) + "." + digits.slice(-pointAt);
  if (mant.startsWith(".")) mant = "0" + mant;
  if (!forms && e >= 0n && e < 25n) {
    return sign + mant + "0".repeat(Number(e));
  }
  if (!forms && e < 0n && -e < 25n) {
    const k = Number(-e);
    const whole = mant.length > k ? mant.slice(0, mant.length - k) : "0";
    const frac = mant.length > k ? mant.slice(mant.length - k) : "0".repeat(k - mant.length) + mant;
    return sign + whole + "." + frac;
  }
  if (e === 0n && rng.chance(0.5)) return sign + mant;
  const E = forms ? rng.pick(["e", "E"]) : "e";
  const plus = e >= 0n && forms && rng.chance(0.5) ? "+" : "";
  return sign + mant + E + plus + String(e);
}

/** Writes a string literal, escaping at random when the style allows. */
export function writeString(s: string, rng: Prng, style: WriteStyle): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (cp < 0x20) {
      const short: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
      out += short[cp] !== undefined && !(style.escapes && rng.chance(0.3))
        ? short[cp]
        : hex4(cp, rng);
    } else if (!style.escapes) {
      // The dataset's spelling: json.dumps with ensure_ascii.
      if (cp < 0x7f) out += ch;
      else if (cp < 0x10000) out += hex4(cp, rng);
      else {
        out += hex4(0xd800 + ((cp - 0x10000) >> 10), rng) +
          hex4(0xdc00 + ((cp - 0x10000) & 0x3ff), rng);
      }
    } else if (ch === "/" && rng.chance(0.5)) out += "\\/";
    else if (rng.chance(0.25)) {
      if (cp < 0x10000) out += hex4(cp, rng);
      else {
        out += hex4(0xd800 + ((cp - 0x10000) >> 10), rng) +
          hex4(0xdc00 + ((cp - 0x10000) & 0x3ff), rng);
      }
    } else out += ch;
  }
  return out + '"';
}

function hex4(cp: number, rng: Prng): string {
  const h = cp.toString(16).padStart(4, "0");
  return "\\u" + (rng.chance(0.3) ? h.toUpperCase() : h);
}

/** Writes a value as JSON text in the given style. */
export function writeValue(v: Gen, rng: Prng, style: WriteStyle): string {
  const dataset = style === DATASET_STYLE;
  switch (v.t) {
    case "null":
      return "null";
    case "bool":
      return v.v ? "true" : "false";
    case "num":
      return writeNumber(v, rng, style.numberForms);
    case "str":
      return writeString(v.v, rng, style);
    case "arr":
      return "[" + ws(rng, style) +
        v.items.map((x) => writeValue(x, rng, style) + ws(rng, style)).join(
          dataset ? ", " : "," + ws(rng, style),
        ) + "]";
    case "obj": {
      const entries = style.shuffleKeys ? rng.shuffle(v.entries) : v.entries;
      return "{" + ws(rng, style) +
        entries.map(([k, x]) =>
          writeString(k, rng, style) + ws(rng, style) + (dataset ? ": " : ":") + ws(rng, style) +
          writeValue(x, rng, style) + ws(rng, style)
        ).join(dataset ? ", " : "," + ws(rng, style)) + "}";
    }
  }
}
