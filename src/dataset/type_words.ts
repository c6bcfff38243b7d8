/**
 * A parameter's type words (`str`, `List[int]`, `int, optional`, `str, optional, default='en'`) and
 * the JSON Schema they stand for. The grammar is written down in `reference/scorers.md`, "How a
 * tool is sent".
 *
 * @module
 */

import { canonicalDecimal } from "../json/decimal.ts";
import { JsonNumber, type JsonObject, type JsonValue } from "../json/json_value.ts";

/** What a parameter's type words say. */
export interface TypeWords {
  /** The JSON Schema of the type, such as `{"type": "array", "items": {"type": "integer"}}`. */
  readonly schema: JsonObject;
  /** Whether the words carry `, optional`. */
  readonly optional: boolean;
  /** The default the words carry (`default=…`), if they carry one. */
  readonly default?: TypeWordsDefault;
}

/** A default written in type words, as a Python literal. */
export interface TypeWordsDefault {
  /** The literal as written, such as `'en'` or `5`. */
  readonly text: string;
  /** Its value: a Python string, number, `True`/`False`, `None` or list/tuple, as JSON. */
  readonly value: JsonValue;
}

/**
 * Type words that are not in the grammar: `reason` says why and `offset` where (in UTF-16 code
 * units of the words, from 0).
 *
 * @example
 * ```ts
 * import { parseTypeWords, TypeWordsError } from "./type_words.ts";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => parseTypeWords("Tuple[int, str]"), TypeWordsError);
 * ```
 */
export class TypeWordsError extends SyntaxError {
  /** What is wrong. */
  readonly reason: string;
  /** Where, from 0. */
  readonly offset: number;

  /**
   * @param reason What is wrong.
   * @param offset Where, from 0.
   */
  constructor(reason: string, offset: number) {
    super(`${reason} at offset ${offset}`);
    this.name = "TypeWordsError";
    this.reason = reason;
    this.offset = offset;
  }
}

// A type as parsed: its schema members and a canonical text (to compare Tuple members).
interface Parsed {
  readonly members: readonly (readonly [string, JsonValue])[];
  readonly canonical: string;
}

const SIMPLE: Readonly<Record<string, string>> = {
  str: "string",
  int: "integer",
  float: "number",
  bool: "boolean",
  list: "array",
  List: "array",
  Dict: "object",
};

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(reason: string, at: number = this.pos): never {
    throw new TypeWordsError(reason, at);
  }

  space(): void {
    while (this.text.charCodeAt(this.pos) === 0x20) this.pos++;
  }

  word(): string {
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
    if (!m) return "";
    this.pos += m[0].length;
    return m[0];
  }

  peek(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  expect(s: string): void {
    this.space();
    if (!this.peek(s)) this.fail(`expected ${s}`);
    this.pos += s.length;
  }

  // type = simple | List[member] | Tuple[member, …] | Callable[[…], member] | set
  // One case of the grammar per branch, read top to bottom as the grammar above: about 100 lines,
  // kept whole because splitting it would scatter the grammar over helpers that each hold a case.
  type(allowUnion: boolean): Parsed {
    this.space();
    const at = this.pos;
    const w = this.word();
    if (w === "") this.fail("expected a type");
    this.space();
    const bracket = this.peek("[");
    if (w === "set" && !bracket) {
      return { members: [["type", "array"], ["uniqueItems", true]], canonical: "set" };
    }
    if (Object.hasOwn(SIMPLE, w) && !bracket) {
      return { members: [["type", SIMPLE[w]!]], canonical: w };
    }
    if (w === "List" && bracket) {
      this.expect("[");
      const item = this.type(true);
      this.expect("]");
      return {
        members: [["type", "array"], ["items", new Map(item.members)]],
        canonical: `List[${item.canonical}]`,
      };
    }
    if (w === "Tuple" && bracket) {
      this.expect("[");
      const first = this.type(true);
      let count = 1;
      for (;;) {
        this.space();
        if (!this.peek(",")) break;
        this.pos++;
        const memberAt = this.pos;
        const next = this.type(true);
        if (next.canonical !== first.canonical) {
          this.fail(
            `a Tuple's members must all be one type, and ${next.canonical} is not ${first.canonical}`,
            memberAt,
          );
        }
        count++;
      }
      this.expect("]");
      const n = new JsonNumber(String(count));
      return {
        members: [["type", "array"], ["items", new Map(first.members)], ["minItems", n], [
          "maxItems",
          n,
        ]],
        canonical: `Tuple[${Array(count).fill(first.canonical).join(", ")}]`,
      };
    }
    if (w === "Union" && bracket && allowUnion) {
      this.expect("[");
      this.space();
      const a = this.word();
      this.expect(",");
      this.space();
      const b = this.word();
      this.expect("]");
      if (!((a === "int" && b === "float") || (a === "float" && b === "int"))) {
        this.fail("a Union must be Union[int, float]", at);
      }
      return { members: [["type", "number"]], canonical: "Union[int, float]" };
    }
    if (w === "Callable" && bracket) {
      this.expect("[");
      this.space();
      const args: string[] = [];
      if (this.peek("...")) {
        this.pos += 3;
        args.push("...");
      } else {
        this.expect("[");
        this.space();
        if (!this.peek("]")) {
          args.push(this.type(true).canonical);
          for (;;) {
            this.space();
            if (!this.peek(",")) break;
            this.pos++;
            args.push(this.type(true).canonical);
          }
        }
        this.expect("]");
      }
      this.expect(",");
      this.space();
      let result: string;
      if (/^None(?![A-Za-z0-9_])/.test(this.text.slice(this.pos))) {
        this.pos += 4;
        result = "None";
      } else {
        result = this.type(true).canonical;
      }
      this.expect("]");
      return {
        members: [["type", "string"]],
        canonical: `Callable[[${args.join(", ")}], ${result}]`,
      };
    }
    this.fail(`${JSON.stringify(w)}${bracket ? "[…]" : ""} is not a type of the grammar`, at);
  }

  // A Python literal: 'text', "text", a number, True, False, None, [ … ] or ( … ).
  literal(depth: number): JsonValue {
    this.space();
    const t = this.text;
    const c = t[this.pos];
    if (c === "'" || c === '"') return this.pyString(c);
    if (c === "[" || c === "(") {
      if (depth > 16) this.fail("a default nests too deep");
      const close = c === "[" ? "]" : ")";
      this.pos++;
      const out: JsonValue[] = [];
      this.space();
      if (this.peek(close)) {
        this.pos++;
        return out;
      }
      for (;;) {
        out.push(this.literal(depth + 1));
        this.space();
        if (this.peek(",")) {
          this.pos++;
          this.space();
          if (this.peek(close)) {
            this.pos++;
            return out;
          }
          continue;
        }
        this.expect(close);
        return out;
      }
    }
    const num = /^-?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(
      t.slice(this.pos),
    );
    if (num) {
      this.pos += num[0].length;
      return new JsonNumber(jsonNumberText(num[0]));
    }
    const at = this.pos;
    const w = this.word();
    if (w === "True") return true;
    if (w === "False") return false;
    if (w === "None") return null;
    this.fail(
      "a default must be a Python literal: 'text', a number, True, False, None or a list",
      at,
    );
  }

  pyString(quote: string): string {
    const t = this.text;
    const start = this.pos;
    this.pos++;
    let out = "";
    for (;;) {
      const c = t[this.pos];
      if (c === undefined) this.fail("a quoted default is not closed", start);
      if (c === quote) {
        this.pos++;
        return out;
      }
      if (c === "\\") {
        const e = t[this.pos + 1];
        const map: Record<string, string> = {
          "\\": "\\",
          "'": "'",
          '"': '"',
          n: "\n",
          t: "\t",
          r: "\r",
        };
        if (e === undefined || !Object.hasOwn(map, e)) {
          this.fail("a quoted default may escape only \\ ' \" n t r");
        }
        out += map[e]!;
        this.pos += 2;
        continue;
      }
      out += c;
      this.pos++;
    }
  }
}

// A Python number's text as a JSON number's: `.5` → `0.5`, `5.` → `5`, `5.e3` → `5e3`.
function jsonNumberText(py: string): string {
  let s = py.replace(/^(-?)\./, "$10.");
  s = s.replace(/\.(?=[eE]|$)/, "");
  return s;
}

/**
 * Reads a parameter's type words: the type, then `, optional` and `, default=LITERAL` in either
 * order, each at most once. Spaces may stand around every token.
 *
 * @param words The type words, such as `List[int]` or `str, optional, default='en'`.
 * @returns The type's JSON Schema, whether the words say `optional`, and their default.
 * @throws {TypeWordsError} When the words are outside the grammar, or are a Tuple of mixed types.
 *
 * @example
 * ```ts
 * import { JsonNumber } from "@assess/assess";
 * import { parseTypeWords } from "./type_words.ts";
 * import assert from "node:assert/strict";
 *
 * const words = parseTypeWords("Tuple[float, float], optional");
 * assert.deepEqual(words.schema, new Map<string, unknown>([
 *   ["type", "array"],
 *   ["items", new Map([["type", "number"]])],
 *   ["minItems", new JsonNumber("2")],
 *   ["maxItems", new JsonNumber("2")],
 * ]));
 * assert.equal(words.optional, true);
 * assert.equal(parseTypeWords("int, default=5").default?.text, "5");
 * ```
 */
export function parseTypeWords(words: string): TypeWords {
  const r = new Reader(words);
  const type = r.type(false);
  let optional = false;
  let deflt: TypeWordsDefault | undefined;
  for (;;) {
    r.space();
    if (r.pos >= words.length) break;
    if (!r.peek(",")) r.fail("expected , optional or , default=… after the type");
    r.pos++;
    r.space();
    const at = r.pos;
    const w = r.word();
    if (w === "optional") {
      if (optional) r.fail("optional is given twice", at);
      optional = true;
    } else if (w === "default") {
      if (deflt !== undefined) r.fail("a default is given twice", at);
      r.expect("=");
      r.space();
      const from = r.pos;
      const value = r.literal(0);
      deflt = { text: words.slice(from, r.pos), value };
    } else {
      r.fail("expected optional or default=… after a comma", at);
    }
  }
  const schema: JsonObject = new Map(type.members);
  return deflt === undefined ? { schema, optional } : { schema, optional, default: deflt };
}

/**
 * Tells whether a default written in type words agrees with the parameter's `default`. They agree
 * when they are the same value: strings code point for code point, numbers as exact decimals
 * (`5`, `5.0` and `5e0` agree), `True`/`False`/`None` with `true`/`false`/`null`, lists and tuples
 * with arrays element by element. Because the dataset often writes a number or a boolean as a
 * string, a string also agrees with a number or boolean whose written text it is: `5` with `"5"`,
 * `'5'` with `5`, `True` with `"True"` or `"true"`.
 *
 * @param words The default in the type words.
 * @param value The parameter's `default`.
 * @returns Whether they agree.
 *
 * @example
 * ```ts
 * import { defaultAgrees, parseTypeWords } from "./type_words.ts";
 * import { JsonNumber } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const five = parseTypeWords("int, default=5").default!;
 * assert(defaultAgrees(five, new JsonNumber("5.0")));
 * assert(defaultAgrees(five, "5"));
 * assert(!defaultAgrees(five, new JsonNumber("6")));
 * ```
 */
export function defaultAgrees(words: TypeWordsDefault, value: JsonValue): boolean {
  return agree(words.value, words.text, value);
}

function agree(lit: JsonValue, litText: string | undefined, value: JsonValue): boolean {
  if (typeof lit === "string") {
    if (typeof value === "string") return lit === value;
    if (value instanceof JsonNumber) return lit === value.text;
    if (typeof value === "boolean") return lit === String(value) || lit === pyBool(value);
    return false;
  }
  if (lit instanceof JsonNumber) {
    if (value instanceof JsonNumber) {
      return canonicalDecimal(lit.text) === canonicalDecimal(value.text);
    }
    if (typeof value === "string") {
      return value === lit.text || (litText !== undefined && value === litText);
    }
    return false;
  }
  if (typeof lit === "boolean") {
    if (typeof value === "boolean") return lit === value;
    if (typeof value === "string") return value === String(lit) || value === pyBool(lit);
    return false;
  }
  if (lit === null) return value === null;
  if (Array.isArray(lit)) {
    if (!Array.isArray(value) || value.length !== lit.length) return false;
    return lit.every((v, i) => agree(v, undefined, value[i]!));
  }
  return false;
}

function pyBool(b: boolean): string {
  return b ? "True" : "False";
}
