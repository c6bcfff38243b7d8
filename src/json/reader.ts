/**
 * The strict JSON reader's cursor: one value at a time, or an object's members and an array's
 * elements one at a time, so that a caller who expects a shape can read it without building
 * what it does not need. Every syntax rule, the depth limit and the string checks live here;
 * `parseJson`, the xlam rows' quick checks and the chat-jsonl lines all read through it.
 *
 * @module
 */

import { type JsonArray, JsonNumber, type JsonObject, type JsonValue } from "./json_value.ts";
import { JsonSyntaxError } from "./json_syntax_error.ts";

/**
 * The most arrays and objects one value may nest. Deeper input is refused rather than exhausting
 * the stack.
 */
export const MAX_JSON_DEPTH = 512;

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

/** Objects with more keys than this check for a repeated key with a set instead of a list. */
const FEW_KEYS = 16;

/**
 * A position in a JSON text, and the strict rules for reading on from it. Each method throws a
 * {@linkcode JsonSyntaxError} where the text breaks a rule.
 *
 * An object is read as `for (let key = r.openObject(); key !== undefined; key = r.nextKey())`,
 * with `r.colon()` and the member's value read in the loop; an array as
 * `for (let more = r.openArray(); more; more = r.nextElement())`, reading an element in the loop.
 * The caller checks keys for repeats (`keyAt` is where the last key began).
 */
export class Reader {
  /** Where reading goes on, in UTF-16 code units. */
  pos = 0;
  /** How many arrays and objects are open. */
  depth = 0;
  /** Where the last key read began. */
  keyAt = 0;
  /** How many runs of white space between tokens have been passed. */
  spaces = 0;
  /** The text. */
  readonly text: string;

  /** @param text The JSON text. */
  constructor(text: string) {
    this.text = text;
  }

  /**
   * Throws the error for a reason.
   *
   * @param reason What is wrong.
   * @param at Where; the current position unless given.
   */
  fail(reason: string, at: number = this.pos): never {
    throw new JsonSyntaxError(reason, at);
  }

  /**
   * Moves past whitespace and tells the code unit there.
   *
   * @returns The code unit, or NaN at the end of the text.
   */
  peek(): number {
    const t = this.text;
    let p = this.pos;
    let c = t.charCodeAt(p);
    if (c > C.Space) return c;
    while (c === C.Space || c === C.Lf || c === C.Cr || c === C.Tab) c = t.charCodeAt(++p);
    if (p > this.pos) this.spaces++;
    this.pos = p;
    return c;
  }

  /** Throws unless only whitespace is left. */
  end(): void {
    this.peek();
    if (this.pos < this.text.length) {
      this.fail(`text after the value: ${describe(this.text, this.pos)}`);
    }
  }

  /**
   * Reads a value and builds it.
   *
   * @returns The value: objects as `Map`s, numbers as {@linkcode JsonNumber}s.
   */
  value(): JsonValue {
    const c = this.peek();
    switch (c) {
      case C.Quote:
        return this.string();
      case C.OpenBrace:
        return this.object();
      case C.OpenBracket:
        return this.array();
      default:
        if (c === C.Minus || (c >= C.Zero && c <= C.Nine)) return this.number();
        return this.literal();
    }
  }

  /** Reads a value without building it: its keys are still checked for repeats. */
  skipValue(): void {
    const c = this.peek();
    if (c === C.Quote) {
      this.string();
    } else if (c === C.OpenBrace) {
      let keys: string[] | Set<string> = [];
      for (let key = this.openObject(); key !== undefined; key = this.nextKey()) {
        if (Array.isArray(keys)) {
          if (keys.includes(key)) this.repeatedKey(key);
          keys.push(key);
          if (keys.length > FEW_KEYS) keys = new Set(keys);
        } else {
          if (keys.has(key)) this.repeatedKey(key);
          keys.add(key);
        }
        this.colon();
        this.skipValue();
      }
    } else if (c === C.OpenBracket) {
      for (let more = this.openArray(); more; more = this.nextElement()) this.skipValue();
    } else if (c === C.Minus || (c >= C.Zero && c <= C.Nine)) {
      this.numberEnd();
    } else {
      this.literal();
    }
  }

  /**
   * Throws the error for a key the object already has.
   *
   * @param key The key.
   */
  private repeatedKey(key: string): never {
    this.fail(`duplicate key ${JSON.stringify(key)}`, this.keyAt);
  }

  /**
   * Reads `true`, `false` or `null`.
   *
   * @returns The value.
   */
  private literal(): boolean | null {
    const t = this.text;
    const p = this.pos;
    const c = t.charCodeAt(p);
    if (c === 0x74 && t.startsWith("true", p)) {
      this.pos = p + 4;
      return true;
    }
    if (c === 0x66 && t.startsWith("false", p)) {
      this.pos = p + 5;
      return false;
    }
    if (c === 0x6e && t.startsWith("null", p)) {
      this.pos = p + 4;
      return null;
    }
    if (p >= t.length) this.fail("unexpected end of input");
    if (t.startsWith("NaN", p) || t.startsWith("Infinity", p) || t.startsWith("-Infinity", p)) {
      this.fail("NaN and Infinity are not JSON numbers");
    }
    this.fail(`unexpected character ${describe(t, p)}`);
  }

  /**
   * Reads a number, keeping its text.
   *
   * @returns The number.
   */
  private number(): JsonNumber {
    const start = this.pos;
    return new JsonNumber(this.text.slice(start, this.numberEnd()));
  }

  /**
   * Reads a number without building it.
   *
   * @returns Where it ends.
   */
  private numberEnd(): number {
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
    return p;
  }

  /**
   * Reads a string; the reader is at its opening quote.
   *
   * @returns The string's value.
   */
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

  // The rest of a string from its first backslash. Its checks of plain code units repeat those in
  // string()'s loop on purpose: one helper shared by both read the dataset's strings about 10%
  // slower (BENCHMARKS.md, split).
  private escapedString(start: number, from: number): string {
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

  private hex4(at: number): number {
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

  private enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) {
      this.fail(`values nest deeper than ${MAX_JSON_DEPTH}`);
    }
  }

  /**
   * Reads an array and builds it.
   *
   * @returns The array.
   */
  private array(): JsonArray {
    const out: JsonValue[] = [];
    for (let more = this.openArray(); more; more = this.nextElement()) out.push(this.value());
    return out;
  }

  /**
   * Reads `[`; the reader is at it.
   *
   * @returns Whether an element follows (false when the array is empty and closed).
   */
  openArray(): boolean {
    this.enter();
    this.pos++;
    if (this.peek() === C.CloseBracket) {
      this.pos++;
      this.depth--;
      return false;
    }
    return true;
  }

  /**
   * After an element: reads `,` or `]`.
   *
   * @returns Whether another element follows (false when the array closed).
   */
  nextElement(): boolean {
    const c = this.peek();
    if (c === C.Comma) {
      this.pos++;
      return true;
    }
    if (c === C.CloseBracket) {
      this.pos++;
      this.depth--;
      return false;
    }
    if (this.pos >= this.text.length) this.fail("an array is not closed");
    this.fail(`expected , or ] in an array, found ${describe(this.text, this.pos)}`);
  }

  /**
   * Reads an object and builds it; the reader is at its brace.
   *
   * @param member Reads a member's value, given its key, the reader past the colon (by default
   *   {@linkcode Reader.value}): a caller may build less of a member it does not look into, by
   *   reading it with {@linkcode Reader.skipValue}.
   * @returns The object.
   */
  object(member?: (key: string) => JsonValue): JsonObject {
    const out = new Map<string, JsonValue>();
    for (let key = this.openObject(); key !== undefined; key = this.nextKey()) {
      if (out.has(key)) this.repeatedKey(key);
      this.colon();
      out.set(key, member === undefined ? this.value() : member(key));
    }
    return out;
  }

  /**
   * Reads `{` and the first key; the reader is at the brace.
   *
   * @returns The first key, or undefined when the object is empty and closed.
   */
  openObject(): string | undefined {
    this.enter();
    this.pos++;
    if (this.peek() === C.CloseBrace) {
      this.pos++;
      this.depth--;
      return undefined;
    }
    return this.key();
  }

  /**
   * After a member's value: reads `,` and the next key, or `}`.
   *
   * @returns The next key, or undefined when the object closed.
   */
  nextKey(): string | undefined {
    const c = this.peek();
    if (c === C.Comma) {
      this.pos++;
      return this.key();
    }
    if (c === C.CloseBrace) {
      this.pos++;
      this.depth--;
      return undefined;
    }
    if (this.pos >= this.text.length) this.fail("an object is not closed");
    this.fail(`expected , or } in an object, found ${describe(this.text, this.pos)}`);
  }

  private key(): string {
    const keyAt = this.peek() === C.Quote ? this.pos : -1;
    if (keyAt < 0) {
      if (this.pos >= this.text.length) this.fail("an object is not closed");
      this.fail(`expected a string key, found ${describe(this.text, this.pos)}`);
    }
    this.keyAt = keyAt;
    return this.string();
  }

  /** After a key: reads the colon. */
  colon(): void {
    if (this.peek() !== C.Colon) {
      if (this.pos >= this.text.length) this.fail("an object is not closed");
      this.fail(`expected : after a key, found ${describe(this.text, this.pos)}`);
    }
    this.pos++;
  }
}

function describe(text: string, at: number): string {
  const c = text.codePointAt(at);
  if (c === undefined) return "the end of input";
  if (c < 0x20 || c === 0x7f) return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  return JSON.stringify(String.fromCodePoint(c));
}
