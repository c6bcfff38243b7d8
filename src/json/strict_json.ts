/**
 * The strict JSON reader: RFC 8259, numbers kept as written, and the refusals the scorers page
 * lists (a duplicate key at any depth, `NaN`/`Infinity`, a lone surrogate escaped or not, anything
 * but whitespace after the value). One reader serves the dataset, the scorer and the run.
 *
 * @module
 */

import { type JsonArray, JsonNumber, type JsonObject, type JsonValue } from "./json_value.ts";

/**
 * The most arrays and objects one value may nest. Deeper input is refused rather than exhausting
 * the stack.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * What the strict reader throws: the reason and the offset (in UTF-16 code units of the text, or
 * bytes for {@linkcode parseJsonBytes}'s UTF-8 check) where reading stopped.
 *
 * @example
 * ```ts
 * import { JsonSyntaxError, parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * try {
 *   parseJson('{"a": 1, "a": 2}');
 *   assert.fail("accepted a duplicate key");
 * } catch (e) {
 *   assert(e instanceof JsonSyntaxError);
 *   assert.equal(e.offset, 9);
 * }
 * ```
 */
export class JsonSyntaxError extends SyntaxError {
  /** Where the problem is, counted from 0. */
  readonly offset: number;
  /** The reason alone, without the offset. */
  readonly reason: string;

  /**
   * @param reason What is wrong, in plain words.
   * @param offset Where, counted from 0.
   */
  constructor(reason: string, offset: number) {
    super(`${reason} at offset ${offset}`);
    this.name = "JsonSyntaxError";
    this.reason = reason;
    this.offset = offset;
  }
}

const enum C {
  Tab = 0x09,
  Lf = 0x0a,
  Cr = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  LowerE = 0x65,
  UpperE = 0x45,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
}

class Reader {
  pos = 0;
  depth = 0;
  constructor(readonly text: string) {}

  fail(reason: string, at: number = this.pos): never {
    throw new JsonSyntaxError(reason, at);
  }

  skipSpace(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === C.Space || c === C.Lf || c === C.Cr || c === C.Tab) p++;
      else break;
    }
    this.pos = p;
  }

  value(): JsonValue {
    this.skipSpace();
    const t = this.text;
    const p = this.pos;
    const c = t.charCodeAt(p);
    switch (c) {
      case C.Quote:
        return this.string();
      case C.OpenBrace:
        return this.object();
      case C.OpenBracket:
        return this.array();
      case 0x74: // t
        if (t.startsWith("true", p)) {
          this.pos = p + 4;
          return true;
        }
        break;
      case 0x66: // f
        if (t.startsWith("false", p)) {
          this.pos = p + 5;
          return false;
        }
        break;
      case 0x6e: // n
        if (t.startsWith("null", p)) {
          this.pos = p + 4;
          return null;
        }
        break;
      default:
        if (c === C.Minus || (c >= C.Zero && c <= C.Nine)) return this.number();
    }
    if (p >= t.length) this.fail("unexpected end of input");
    if (t.startsWith("NaN", p) || t.startsWith("Infinity", p) || t.startsWith("-Infinity", p)) {
      this.fail("NaN and Infinity are not JSON numbers");
    }
    this.fail(`unexpected character ${describe(t, p)}`);
  }

  number(): JsonNumber {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === C.Minus) {
      p++;
      if (t.startsWith("Infinity", p)) this.fail("NaN and Infinity are not JSON numbers", start);
    }
    let c = t.charCodeAt(p);
    if (c === C.Zero) {
      p++;
      c = t.charCodeAt(p);
      if (c >= C.Zero && c <= C.Nine) this.fail("a number may not have a leading zero", start);
    } else if (c >= 0x31 && c <= C.Nine) {
      do c = t.charCodeAt(++p); while (c >= C.Zero && c <= C.Nine);
    } else {
      this.fail("a number needs a digit", p);
    }
    if (c === C.Dot) {
      c = t.charCodeAt(++p);
      if (!(c >= C.Zero && c <= C.Nine)) this.fail("a number needs a digit after its point", p);
      do c = t.charCodeAt(++p); while (c >= C.Zero && c <= C.Nine);
    }
    if (c === C.LowerE || c === C.UpperE) {
      c = t.charCodeAt(++p);
      if (c === C.Plus || c === C.Minus) c = t.charCodeAt(++p);
      if (!(c >= C.Zero && c <= C.Nine)) this.fail("a number needs a digit in its exponent", p);
      do c = t.charCodeAt(++p); while (c >= C.Zero && c <= C.Nine);
    }
    this.pos = p;
    return new JsonNumber(t.slice(start, p));
  }

  string(): string {
    const t = this.text;
    const start = this.pos + 1;
    let p = start;
    // Fast path: no escapes.
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === C.Quote) {
        this.pos = p + 1;
        return t.slice(start, p);
      }
      if (c === C.Backslash) break;
      if (!(c >= 0x20)) {
        // A control character, or NaN past the end.
        if (p >= t.length) this.fail("a string is not closed", start - 1);
        this.fail("a control character must be escaped in a string", p);
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        if (c <= 0xdbff) {
          const d = t.charCodeAt(p + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            p += 2;
            continue;
          }
        }
        this.fail("a lone surrogate in a string", p);
      }
      p++;
    }
    return this.escapedString(start, p);
  }

  escapedString(start: number, from: number): string {
    const t = this.text;
    const parts: string[] = [t.slice(start, from)];
    let p = from;
    let run = p;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === C.Quote) {
        parts.push(t.slice(run, p));
        this.pos = p + 1;
        return parts.join("");
      }
      if (c === C.Backslash) {
        parts.push(t.slice(run, p));
        const e = t.charCodeAt(p + 1);
        switch (e) {
          case C.Quote:
            parts.push('"');
            break;
          case C.Backslash:
            parts.push("\\");
            break;
          case 0x2f:
            parts.push("/");
            break;
          case 0x62:
            parts.push("\b");
            break;
          case 0x66:
            parts.push("\f");
            break;
          case 0x6e:
            parts.push("\n");
            break;
          case 0x72:
            parts.push("\r");
            break;
          case 0x74:
            parts.push("\t");
            break;
          case 0x75: {
            const u = this.hex4(p + 2);
            if (u >= 0xd800 && u <= 0xdbff) {
              if (t.charCodeAt(p + 6) === C.Backslash && t.charCodeAt(p + 7) === 0x75) {
                const v = this.hex4(p + 8);
                if (v >= 0xdc00 && v <= 0xdfff) {
                  parts.push(String.fromCharCode(u, v));
                  p += 12;
                  run = p;
                  continue;
                }
              }
              this.fail("a lone surrogate in a string", p);
            }
            if (u >= 0xdc00 && u <= 0xdfff) this.fail("a lone surrogate in a string", p);
            parts.push(String.fromCharCode(u));
            p += 6;
            run = p;
            continue;
          }
          default:
            if (p + 1 >= t.length) this.fail("a string is not closed", start - 1);
            this.fail(`a string has an unknown escape ${describe(t, p + 1)}`, p);
        }
        p += 2;
        run = p;
        continue;
      }
      if (!(c >= 0x20)) {
        // A control character, or NaN past the end.
        if (p >= t.length) this.fail("a string is not closed", start - 1);
        this.fail("a control character must be escaped in a string", p);
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        if (c <= 0xdbff) {
          const d = t.charCodeAt(p + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            p += 2;
            continue;
          }
        }
        this.fail("a lone surrogate in a string", p);
      }
      p++;
    }
  }

  hex4(at: number): number {
    let v = 0;
    for (let i = 0; i < 4; i++) {
      const c = this.text.charCodeAt(at + i);
      let d: number;
      if (c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
      else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
      else this.fail("a \\u escape needs four hex digits", at - 2);
      v = v * 16 + d;
    }
    return v;
  }

  enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) {
      this.fail(`values nest deeper than ${MAX_JSON_DEPTH}`);
    }
  }

  array(): JsonArray {
    this.enter();
    this.pos++;
    const out: JsonValue[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === C.CloseBracket) {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.skipSpace();
      const c = this.text.charCodeAt(this.pos);
      if (c === C.Comma) {
        this.pos++;
        continue;
      }
      if (c === C.CloseBracket) {
        this.pos++;
        this.depth--;
        return out;
      }
      if (this.pos >= this.text.length) this.fail("an array is not closed");
      this.fail(`expected , or ] in an array, found ${describe(this.text, this.pos)}`);
    }
  }

  object(): JsonObject {
    this.enter();
    this.pos++;
    const out = new Map<string, JsonValue>();
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === C.CloseBrace) {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.skipSpace();
      const keyAt = this.pos;
      if (this.text.charCodeAt(keyAt) !== C.Quote) {
        if (keyAt >= this.text.length) this.fail("an object is not closed");
        this.fail(`expected a string key, found ${describe(this.text, keyAt)}`);
      }
      const key = this.string();
      if (out.has(key)) this.fail(`duplicate key ${JSON.stringify(key)}`, keyAt);
      this.skipSpace();
      if (this.text.charCodeAt(this.pos) !== C.Colon) {
        if (this.pos >= this.text.length) this.fail("an object is not closed");
        this.fail(`expected : after a key, found ${describe(this.text, this.pos)}`);
      }
      this.pos++;
      out.set(key, this.value());
      this.skipSpace();
      const c = this.text.charCodeAt(this.pos);
      if (c === C.Comma) {
        this.pos++;
        continue;
      }
      if (c === C.CloseBrace) {
        this.pos++;
        this.depth--;
        return out;
      }
      if (this.pos >= this.text.length) this.fail("an object is not closed");
      this.fail(`expected , or } in an object, found ${describe(this.text, this.pos)}`);
    }
  }
}

function describe(text: string, at: number): string {
  const c = text.codePointAt(at);
  if (c === undefined) return "the end of input";
  if (c < 0x20 || c === 0x7f) return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  return JSON.stringify(String.fromCodePoint(c));
}

/**
 * Reads one JSON value strictly, keeping every number's text.
 *
 * Refused, with a {@linkcode JsonSyntaxError} naming the offset: anything RFC 8259 does not allow,
 * a key that appears twice in one object (at any depth), `NaN`, `Infinity`, a lone surrogate
 * (escaped as `\ud800` or raw in the text), text other than whitespace after the value, and
 * nesting deeper than {@linkcode MAX_JSON_DEPTH}.
 *
 * @param text The JSON text.
 * @returns The value: objects as `Map`s in written order, numbers as {@linkcode JsonNumber}.
 * @throws {JsonSyntaxError} When the text is not strict JSON.
 *
 * @example
 * ```ts
 * import { JsonNumber, parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const value = parseJson('{"n": 12345678901234567890, "x": 5.0}');
 * assert.deepEqual(value, new Map([
 *   ["n", new JsonNumber("12345678901234567890")],
 *   ["x", new JsonNumber("5.0")],
 * ]));
 * assert.throws(() => parseJson('{"a": 1} x'), SyntaxError);
 * ```
 */
export function parseJson(text: string): JsonValue {
  const r = new Reader(text);
  const value = r.value();
  r.skipSpace();
  if (r.pos < text.length) r.fail(`text after the value: ${describe(text, r.pos)}`);
  return value;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads one JSON value strictly from UTF-8 bytes, as {@linkcode parseJson} does from text. Bytes
 * that are not UTF-8 are refused, and so is a byte order mark (RFC 8259 §8.1).
 *
 * @param bytes The JSON text as UTF-8.
 * @returns The value.
 * @throws {JsonSyntaxError} When the bytes are not UTF-8 or not strict JSON.
 *
 * @example
 * ```ts
 * import { parseJsonBytes } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseJsonBytes(new TextEncoder().encode('"é"')), "é");
 * assert.throws(() => parseJsonBytes(new Uint8Array([0x22, 0xff, 0x22])), SyntaxError);
 * ```
 */
export function parseJsonBytes(bytes: Uint8Array): JsonValue {
  return parseJson(decodeUtf8(bytes));
}

/**
 * Decodes UTF-8 strictly: invalid bytes and a byte order mark are refused.
 *
 * @param bytes UTF-8 bytes.
 * @returns The text.
 * @throws {JsonSyntaxError} When the bytes are not UTF-8 or start with a byte order mark.
 *
 * @example
 * ```ts
 * import { decodeUtf8 } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.equal(decodeUtf8(new Uint8Array([0x61])), "a");
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    throw new JsonSyntaxError("a byte order mark is not allowed", 0);
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new JsonSyntaxError("the text is not valid UTF-8", firstBadUtf8(bytes));
  }
}

function firstBadUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const n = b < 0x80
      ? 1
      : (b & 0xe0) === 0xc0
      ? 2
      : (b & 0xf0) === 0xe0
      ? 3
      : (b & 0xf8) === 0xf0
      ? 4
      : 0;
    if (n === 0 || i + n > bytes.length) return i;
    try {
      UTF8.decode(bytes.subarray(i, i + n));
    } catch {
      return i;
    }
    i += n;
  }
  return i;
}
