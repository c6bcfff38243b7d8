/**
 * An emulation of CPython's `json.loads` and `json.dumps(obj, ensure_ascii=False)`, as vLLM's hermes
 * tool parser uses them. It belongs to the vLLM emulator (tests/support), not to the client: the
 * client has its own strict reader, and the two must not share logic.
 *
 * What it reproduces of CPython 3.11+ (the C scanner, the default):
 * - `NaN`, `Infinity` and `-Infinity` are accepted and written back bare;
 * - a duplicate key keeps the position of its first occurrence and the value of its last;
 * - integers are exact (any size up to 4300 digits, CPython's `int` limit), floats go through
 *   `float()` (`1e400` is `Infinity`) and are written with `float.__repr__` (`1.0` stays `1.0`,
 *   `1e16` becomes `1e+16`, `1e-05`);
 * - raw control characters inside strings are refused (`strict=True`), `\u` needs four hex digits;
 * - whitespace is space, tab, LF and CR only; anything but whitespace after the value is refused.
 *
 * @module
 */

/** A Python `int` parsed from JSON, kept exactly (its text is canonical, so `-0` is `0`). */
export interface PyInt {
  /** Tag. */
  readonly kind: "int";
  /** The integer in decimal, canonical (no leading zero, no `-0`). */
  readonly value: bigint;
  /** The number as it was written in the JSON text. */
  readonly text: string;
}

/** A Python `float` parsed from JSON (or `NaN`/`Infinity`). */
export interface PyFloat {
  /** Tag. */
  readonly kind: "float";
  /** The double value, as CPython's `float()` reads the text. */
  readonly value: number;
  /** The number as it was written in the JSON text. */
  readonly text: string;
}

/** A Python dict from JSON: keys in first-occurrence order, last value wins. */
export type PyDict = ReadonlyMap<string, PyValue>;

/** What CPython's `json.loads` returns, with numbers tagged. */
export type PyValue = null | boolean | string | PyInt | PyFloat | readonly PyValue[] | PyDict;

/** What `pyJsonLoads` throws: CPython's `json.JSONDecodeError` (or the int-size `ValueError`). */
export class PyJsonError extends SyntaxError {
  /** Where reading stopped, in UTF-16 code units. */
  readonly offset: number;
  /**
   * @param message What is wrong.
   * @param offset Where.
   */
  constructor(message: string, offset: number) {
    super(`${message}: char ${offset}`);
    this.name = "PyJsonError";
    this.offset = offset;
  }
}

/** Where a member of an object was read: its value's span in the text. */
export interface Span {
  /** First code unit of the value. */
  readonly start: number;
  /** One past its last code unit. */
  readonly end: number;
}

const MAX_INT_DIGITS = 4300;
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

class Scanner {
  pos = 0;
  /** Span of the last top-level `"arguments"` member, for the verbatim mode. */
  argumentsSpan: Span | undefined;
  constructor(readonly s: string) {}

  ws(): void {
    const s = this.s;
    let p = this.pos;
    while (p < s.length) {
      const c = s.charCodeAt(p);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) p++;
      else break;
    }
    this.pos = p;
  }

  fail(message: string, at: number = this.pos): never {
    throw new PyJsonError(message, at);
  }

  value(depth: number): PyValue {
    const s = this.s;
    const p = this.pos;
    if (depth > 900) this.fail("maximum recursion depth exceeded");
    const c = s[p];
    switch (c) {
      case '"':
        return this.string();
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case "n":
        if (s.startsWith("null", p)) {
          this.pos = p + 4;
          return null;
        }
        break;
      case "t":
        if (s.startsWith("true", p)) {
          this.pos = p + 4;
          return true;
        }
        break;
      case "f":
        if (s.startsWith("false", p)) {
          this.pos = p + 5;
          return false;
        }
        break;
      case "N":
        if (s.startsWith("NaN", p)) {
          this.pos = p + 3;
          return { kind: "float", value: NaN, text: "NaN" };
        }
        break;
      case "I":
        if (s.startsWith("Infinity", p)) {
          this.pos = p + 8;
          return { kind: "float", value: Infinity, text: "Infinity" };
        }
        break;
      case "-":
        if (s.startsWith("-Infinity", p)) {
          this.pos = p + 9;
          return { kind: "float", value: -Infinity, text: "-Infinity" };
        }
        break;
    }
    NUMBER.lastIndex = p;
    const m = NUMBER.exec(s);
    if (m === null) this.fail("Expecting value", p);
    const text = m[0];
    this.pos = p + text.length;
    if (m[1] === undefined && m[2] === undefined) {
      const digits = text.startsWith("-") ? text.length - 1 : text.length;
      if (digits > MAX_INT_DIGITS) {
        this.fail("Exceeds the limit (4300 digits) for integer string conversion", p);
      }
      return { kind: "int", value: BigInt(text), text };
    }
    return { kind: "float", value: Number(text), text };
  }

  string(): string {
    const s = this.s;
    const begin = this.pos;
    let p = begin + 1;
    let out = "";
    let chunk = p;
    for (;;) {
      if (p >= s.length) this.fail("Unterminated string starting at", begin);
      const c = s.charCodeAt(p);
      if (c === 0x22) {
        out += s.slice(chunk, p);
        this.pos = p + 1;
        return out;
      }
      if (c < 0x20) this.fail("Invalid control character at", p);
      if (c !== 0x5c) {
        p++;
        continue;
      }
      out += s.slice(chunk, p);
      const e = s[p + 1];
      if (e === undefined) this.fail("Unterminated string starting at", begin);
      switch (e) {
        case '"':
          out += '"';
          break;
        case "\\":
          out += "\\";
          break;
        case "/":
          out += "/";
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const hex = s.slice(p + 2, p + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("Invalid \\uXXXX escape", p + 1);
          out += String.fromCharCode(parseInt(hex, 16));
          p += 4;
          break;
        }
        default:
          this.fail("Invalid \\escape", p);
      }
      p += 2;
      chunk = p;
    }
  }

  object(depth: number): PyDict {
    const s = this.s;
    const map = new Map<string, PyValue>();
    const top = depth === 0;
    this.pos++;
    this.ws();
    if (s[this.pos] === "}") {
      this.pos++;
      return map;
    }
    for (;;) {
      if (s[this.pos] !== '"') {
        this.fail("Expecting property name enclosed in double quotes");
      }
      const key = this.string();
      this.ws();
      if (s[this.pos] !== ":") this.fail("Expecting ':' delimiter");
      this.pos++;
      this.ws();
      const start = this.pos;
      const v = this.value(depth + 1);
      if (top && key === "arguments") this.argumentsSpan = { start, end: this.pos };
      map.set(key, v);
      this.ws();
      const c = s[this.pos];
      if (c === "}") {
        this.pos++;
        return map;
      }
      if (c !== ",") this.fail("Expecting ',' delimiter");
      this.pos++;
      this.ws();
    }
  }

  array(depth: number): PyValue[] {
    const s = this.s;
    const out: PyValue[] = [];
    this.pos++;
    this.ws();
    if (s[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.ws();
      const c = s[this.pos];
      if (c === "]") {
        this.pos++;
        return out;
      }
      if (c !== ",") this.fail("Expecting ',' delimiter");
      this.pos++;
      this.ws();
    }
  }
}

/**
 * Parses a text as CPython's `json.loads` does.
 *
 * @param text The JSON text.
 * @returns The value, numbers tagged `int` or `float`.
 * @throws {PyJsonError} Wherever `json.loads` raises.
 *
 * @example
 * ```ts
 * import { pyJsonDumps, pyJsonLoads } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyJsonDumps(pyJsonLoads('{"a":1.0,"b":NaN,"a":2}')), '{"a": 2, "b": NaN}');
 * ```
 */
export function pyJsonLoads(text: string): PyValue {
  return loadsWithSpan(text).value;
}

/**
 * Parses like {@linkcode pyJsonLoads} and also tells where the top-level object's last
 * `"arguments"` member's value was written (vLLM main-2026 returns that span verbatim).
 *
 * @param text The JSON text.
 * @returns The value and the span, if any.
 * @throws {PyJsonError} Wherever `json.loads` raises.
 *
 * @example
 * ```ts
 * import { loadsWithSpan } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * const text = '{"name": "f", "arguments": {"x":1}}';
 * const { argumentsSpan } = loadsWithSpan(text);
 * assert.equal(text.slice(argumentsSpan!.start, argumentsSpan!.end), '{"x":1}');
 * ```
 */
export function loadsWithSpan(text: string): { value: PyValue; argumentsSpan: Span | undefined } {
  const sc = new Scanner(text);
  sc.ws();
  const value = sc.value(0);
  sc.ws();
  if (sc.pos !== text.length) sc.fail("Extra data");
  return { value, argumentsSpan: sc.argumentsSpan };
}

/**
 * Reads one JSON value at the start of a text, as CPython's `json.JSONDecoder().raw_decode` does:
 * no whitespace skipped before it, anything allowed after it.
 *
 * @param text The text, starting with the value.
 * @returns The value and the offset just past it.
 * @throws {PyJsonError} Wherever `raw_decode` raises.
 *
 * @example
 * ```ts
 * import { pyJsonDumps, pyJsonRawDecode } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * const { value, end } = pyJsonRawDecode('{"a": 1.0}; more');
 * assert.equal(pyJsonDumps(value), '{"a": 1.0}');
 * assert.equal(end, 10);
 * assert.throws(() => pyJsonRawDecode(' {"a": 1}'));
 * ```
 */
export function pyJsonRawDecode(text: string): { value: PyValue; end: number } {
  const sc = new Scanner(text);
  const value = sc.value(0);
  return { value, end: sc.pos };
}

/**
 * Writes a float as CPython's `float.__repr__` does (what `json.dumps` uses), with `NaN`,
 * `Infinity` and `-Infinity` bare.
 *
 * @param x The double.
 * @returns Its Python text.
 *
 * @example
 * ```ts
 * import { pyFloatRepr } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([1, 1e16, 1e-5, 0.0001, -0].map(pyFloatRepr), ["1.0", "1e+16", "1e-05", "0.0001", "-0.0"]);
 * ```
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  const [mant, expText] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mant.replace(".", "");
  const exp = Number(expText);
  const decpt = exp + 1;
  if (decpt <= -4 || decpt > 16) {
    const m = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
    const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${sign}${m}e${exp < 0 ? "-" : "+"}${e}`;
  }
  if (decpt <= 0) return `${sign}0.${"0".repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${"0".repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

// deno-lint-ignore no-control-regex
const ESCAPE = /[\x00-\x1f\\"]/g;
// What `ensure_ascii=True` escapes: anything but printable ASCII, and the quote and backslash.
const ESCAPE_ASCII = /[^\x20-\x7e]|[\\"]/g;
const ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};
const escape = (c: string): string =>
  ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** How {@linkcode pyJsonString} and {@linkcode pyJsonDumps} write strings. */
export interface PyJsonOptions {
  /**
   * Python's `ensure_ascii`: when true, every character outside printable ASCII is written as
   * `\uXXXX` (a character beyond U+FFFF as its two surrogates), as `json.dumps` does by default.
   * Default false, as vLLM calls it.
   */
  readonly ensureAscii?: boolean;
}

/**
 * Writes a string as `json.dumps(s, ensure_ascii=False)` does: quotes, backslashes and control
 * characters escaped, everything else as is; or, with `ensureAscii`, as `json.dumps(s)` does.
 *
 * @param s The string.
 * @param options How to write it.
 * @returns The JSON string literal.
 *
 * @example
 * ```ts
 * import { pyJsonString } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyJsonString('é"\u0001'), '"é\\"\\u0001"');
 * assert.equal(pyJsonString("é\u007f😀", { ensureAscii: true }), '"\\u00e9\\u007f\\ud83d\\ude00"');
 * ```
 */
export function pyJsonString(s: string, options: PyJsonOptions = {}): string {
  return `"${s.replace(options.ensureAscii === true ? ESCAPE_ASCII : ESCAPE, escape)}"`;
}

/**
 * Writes a value as CPython's `json.dumps(obj, ensure_ascii=False)` does: separators `", "` and
 * `": "`, ints exact, floats by `float.__repr__`; or, with `ensureAscii`, as `json.dumps(obj)`.
 *
 * @param v The value.
 * @param options How to write strings.
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * import { pyJsonDumps, pyJsonLoads } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyJsonDumps(pyJsonLoads('[1e400, 12345678901234567890, "ü"]')), '[Infinity, 12345678901234567890, "ü"]');
 * assert.equal(pyJsonDumps(pyJsonLoads('{"ü": 1e-5}'), { ensureAscii: true }), '{"\\u00fc": 1e-05}');
 * ```
 */
export function pyJsonDumps(v: PyValue, options: PyJsonOptions = {}): string {
  if (v === null) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (typeof v === "string") return pyJsonString(v, options);
  if (Array.isArray(v)) return `[${v.map((x) => pyJsonDumps(x, options)).join(", ")}]`;
  if (v instanceof Map) {
    const parts: string[] = [];
    for (const [k, x] of v) {
      parts.push(`${pyJsonString(k, options)}: ${pyJsonDumps(x, options)}`);
    }
    return `{${parts.join(", ")}}`;
  }
  const n = v as PyInt | PyFloat;
  return n.kind === "int" ? n.value.toString() : pyFloatRepr(n.value);
}

/**
 * Writes a value the way a model writes JSON in its output: Python's separators, numbers exactly as
 * they were written in the source (so `1.0` stays `1.0`, `1.10` stays `1.10`).
 *
 * @param v The value.
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * import { pyJsonLoads, writeAsWritten } from "./python_json.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(writeAsWritten(pyJsonLoads('{"a":1.10}')), '{"a": 1.10}');
 * ```
 */
export function writeAsWritten(v: PyValue): string {
  if (v === null || typeof v === "boolean" || typeof v === "string") return pyJsonDumps(v);
  if (Array.isArray(v)) return `[${v.map(writeAsWritten).join(", ")}]`;
  if (v instanceof Map) {
    const parts: string[] = [];
    for (const [k, x] of v) parts.push(`${pyJsonString(k)}: ${writeAsWritten(x)}`);
    return `{${parts.join(", ")}}`;
  }
  return (v as PyInt | PyFloat).text;
}
