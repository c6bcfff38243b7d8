// Generators of JSON values with exact numbers, shared by the json and score tests.

import fc from "fast-check";
import { exactDecimal } from "../../src/json/decimal.ts";
import { JsonNumber, type JsonValue } from "../../src/json/json_value.ts";

/** Any RFC 8259 number text, with large exponents and long digit runs now and then. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^-?(0|[1-9][0-9]{0,25})(\.[0-9]{1,25})?([eE][+-]?[0-9]{1,5})?$/),
  fc.stringMatching(/^-?(0|[1-9][0-9]{0,3})(\.[0-9]{1,3})?$/),
  fc.stringMatching(/^-?[1-9](\.[0-9]{1,3})?e[+-]?[0-9]{16,30}$/),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom("0", "-0", "5", "5.0", "5e0", "0.5e1", "1e400", "1e401", "0.0", "-0.0e-7"),
);

/** A well-formed string: any code points, and now and then ones that look like escapes. */
export const wellFormedString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
  fc.constantFrom("", "\\", '"', "\u0000", "\u2028", "é", "e\u0301", "😀", "5", "true"),
);

/** The options of {@linkcode jsonValueOf}. */
export interface JsonValueOptions {
  readonly maxDepth?: number;
  readonly maxLength?: number;
  /** How much likelier a leaf is than an array or an object (default 1). */
  readonly leafWeight?: number;
}

/** JSON values built from given leaves, objects with unique keys as Maps. */
export function jsonValueOf(
  leaf: fc.Arbitrary<JsonValue>,
  key: fc.Arbitrary<string>,
  options: JsonValueOptions = {},
): fc.Arbitrary<JsonValue> {
  const maxLength = options.maxLength ?? 5;
  const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", maxDepth: options.maxDepth ?? 4 },
      { arbitrary: leaf, weight: options.leafWeight ?? 1 },
      fc.array(tie("value"), { maxLength }),
      fc.uniqueArray(fc.tuple(key, tie("value")), { maxLength, selector: ([k]) => k })
        .map((entries) => new Map(entries)),
    ),
  }));
  return value;
}

/** Any scalar JSON value. */
export const jsonScalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  wellFormedString,
  numberText.map((t) => new JsonNumber(t)),
);

/** Any JSON value. */
export const anyJsonValue: fc.Arbitrary<JsonValue> = jsonValueOf(jsonScalar, wellFormedString);

/**
 * Values from a small domain, so that equal values come up often: numbers written many ways,
 * a few strings that look like them, short arrays and objects over two keys.
 */
export const smallJsonValue: fc.Arbitrary<JsonValue> = jsonValueOf(
  fc.oneof(
    fc.constantFrom<JsonValue>(null, true, "5", "é", "e\u0301"),
    fc.constantFrom("5", "5.0", "0.5e1", "50E-1", "-0", "0e9", "1e400", "10e399", "1e401")
      .map((t) => new JsonNumber(t)),
  ),
  fc.constantFrom("a", "b"),
  { maxDepth: 2, maxLength: 2, leafWeight: 3 },
);

/**
 * Another text for the same exact decimal: the digits with zeros appended, the point moved, the
 * exponent adjusted. `choice` picks among the ways.
 */
export function rewriteNumber(text: string, choice: readonly number[]): string {
  const d = exactDecimal(text);
  const [zeros = 0, point = 0, leading = 0, upper = 0, plus = 0] = choice;
  if (d.digits === "") {
    const forms = ["0", "-0", "0.0", "0e5", "-0.000E-3"];
    return forms[zeros % forms.length]!;
  }
  const all = d.digits + "0".repeat(zeros % 4);
  let exponent = d.exponent - BigInt(zeros % 4);
  const fracLength = point % (all.length + 1);
  let intPart = all.slice(0, all.length - fracLength);
  let frac = all.slice(all.length - fracLength);
  exponent += BigInt(fracLength);
  if (intPart === "") {
    intPart = "0";
    const z = leading % 3;
    frac = "0".repeat(z) + frac;
    exponent += BigInt(z);
  }
  let out = (d.negative ? "-" : "") + intPart + (frac === "" ? "" : "." + frac);
  if (exponent !== 0n || upper % 2 === 1) {
    const e = upper % 2 === 1 ? "E" : "e";
    out += e + (exponent >= 0n && plus % 2 === 1 ? "+" : "") + exponent;
  }
  return out;
}

/** A value with every number rewritten to another text of the same exact decimal. */
export function rewriteNumbers(value: JsonValue, choice: readonly number[]): JsonValue {
  let n = 0;
  const next = (): number[] => choice.map((c) => c + n++);
  const walk = (v: JsonValue): JsonValue => {
    if (v instanceof JsonNumber) return new JsonNumber(rewriteNumber(v.text, next()));
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

/** JSON texts of any value, compact or indented, with any strings. */
export const jsonDocument: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.jsonValue({ stringUnit: "binary" }).map((v) => JSON.stringify(v, null, 2)),
  fc.jsonValue({ stringUnit: "grapheme" }).map((v) => ` ${JSON.stringify(v, null, "\t")}\r\n`),
);

/** Pieces near-JSON is made of, valid and not. */
export const PIECES: readonly string[] = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  '"',
  "\\",
  " ",
  "\n",
  "\t",
  "\r",
  "\f",
  "\u00a0",
  "0",
  "1",
  "9",
  "-",
  "+",
  ".",
  "e",
  "E",
  "01",
  "1.",
  ".5",
  "1e",
  "-0",
  "true",
  "false",
  "null",
  "tru",
  "NaN",
  "Infinity",
  "-Infinity",
  "nul",
  '"a"',
  '"k"',
  '"é"',
  '"😀"',
  "\\u",
  "\\u00e9",
  "\\ud83d",
  "\\ude00",
  "\\ud800",
  "\\x",
  "\\n",
  '\\"',
  "\\/",
  "\ud800",
  "\udc00",
  "\u0000",
  "\u001f",
  "u",
  "d8",
  "a",
  "x",
];

/** Texts made of near-JSON pieces. */
export const nearJson: fc.Arbitrary<string> = fc.array(fc.constantFrom(...PIECES), {
  maxLength: 24,
}).map((p) => p.join(""));

/** A valid document with one edit: a piece inserted, a character deleted or replaced. */
export const mutatedJson: fc.Arbitrary<string> = fc.tuple(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.nat(),
  fc.constantFrom(...PIECES),
  fc.constantFrom("insert", "delete", "replace"),
).map(([text, at, piece, how]) => {
  const i = text.length === 0 ? 0 : at % text.length;
  if (how === "insert") return text.slice(0, i) + piece + text.slice(i);
  if (how === "delete") return text.slice(0, i) + text.slice(i + 1);
  return text.slice(0, i) + piece + text.slice(i + 1);
});
