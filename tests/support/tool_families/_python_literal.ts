/**
 * A reader of the part of Python's expression syntax that vLLM's parsers meet in a model's tool
 * calls, and the two ways they evaluate it: the pythonic parsers walk `ast.parse`'s tree
 * (`_get_parameter_value`: constants, lists and dicts only), and the XML-style parsers call
 * `ast.literal_eval` (constants, signed numbers, tuples, lists, sets and dicts).
 *
 * What is read: string literals (every prefix and quote, escapes, implicit concatenation), numbers
 * (decimal, hex, octal and binary integers, floats, imaginary numbers, underscores), `True`,
 * `False`, `None`, `...`, names, lists, tuples, sets, dicts, calls with positional and keyword
 * arguments, attribute access, subscripts, unary and binary operators, comparisons, `and`, `or`,
 * `not` and conditional expressions; whitespace, comments and line joins inside brackets. What is
 * not a constant is read only as far as to know that it is valid: neither vLLM walk takes it as a
 * value. Comprehensions, lambdas, starred arguments and `:=` are refused with a `SyntaxError`, and
 * so is `1+2j` in `literal_eval` (Python folds it into a complex number, which `json.dumps` then
 * refuses: the same end for the pythonic parsers, a string kept where Python's XML-style parsers
 * would fail the whole text).
 *
 * @module
 */

import { pyFloatRepr, type PyValue } from "../python_json.ts";

/** A node of the expression tree (the part of Python's `ast` read here). */
export type PyNode =
  | { readonly k: "const"; readonly v: PyValue }
  | { readonly k: "unjsonable"; readonly what: string }
  | { readonly k: "fstring" }
  | { readonly k: "name"; readonly id: string }
  | { readonly k: "list" | "tuple" | "set"; readonly elts: readonly PyNode[] }
  | { readonly k: "dict"; readonly keys: readonly PyNode[]; readonly values: readonly PyNode[] }
  | { readonly k: "unary"; readonly op: "+" | "-" | "~"; readonly operand: PyNode }
  | { readonly k: "op"; readonly parts: readonly PyNode[] }
  | {
    readonly k: "call";
    readonly func: PyNode;
    readonly args: readonly PyNode[];
    readonly keywords: readonly { readonly arg: string; readonly value: PyNode }[];
  };

const KEYWORDS = new Set([
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);

/** Binary operators, longest first (`=` alone is not one: it names a keyword argument). */
const BINARY = /\*\*|\/\/|<<|>>|<=|>=|==|!=|[-+*\/%@&|^<>](?!=)/y;
const IDENT = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const STRING_PREFIX = /(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])?(?=['"])/y;
const NUMBER =
  /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:[0-9](?:_?[0-9])*)?\.[0-9](?:_?[0-9])*|[0-9](?:_?[0-9])*\.?)(?:[eE][-+]?[0-9](?:_?[0-9])*)?[jJ]?)/y;

class Reader {
  pos = 0;
  depth = 0;
  constructor(readonly s: string) {}

  fail(what: string): never {
    throw new SyntaxError(`${what} at ${this.pos}`);
  }

  /** Skips what Python skips here: inside brackets also newlines and comments. */
  ws(): void {
    const s = this.s;
    for (;;) {
      const c = s[this.pos];
      if (c === " " || c === "\t" || c === "\f") this.pos++;
      else if (c === "\\" && (s[this.pos + 1] === "\n" || s[this.pos + 1] === "\r")) {
        this.pos += s[this.pos + 1] === "\r" && s[this.pos + 2] === "\n" ? 3 : 2;
      } else if (this.depth > 0 && (c === "\n" || c === "\r")) this.pos++;
      else if (this.depth > 0 && c === "#") {
        while (this.pos < s.length && s[this.pos] !== "\n" && s[this.pos] !== "\r") this.pos++;
      } else return;
    }
  }

  /** What remains after the expression: blank lines and comments only. */
  end(): void {
    const s = this.s;
    for (;;) {
      this.ws();
      const c = s[this.pos];
      if (c === "\n" || c === "\r") this.pos++;
      else if (c === "#") {
        while (this.pos < s.length && s[this.pos] !== "\n" && s[this.pos] !== "\r") this.pos++;
      } else break;
    }
    if (this.pos !== s.length) this.fail("text after the expression");
  }

  eat(t: string): boolean {
    this.ws();
    if (this.s.startsWith(t, this.pos)) {
      this.pos += t.length;
      return true;
    }
    return false;
  }

  expect(t: string): void {
    if (!this.eat(t)) this.fail(`expected ${t}`);
  }

  /** An expression, or a bare tuple (`1, 2`). */
  exprList(): PyNode {
    const first = this.expr();
    this.ws();
    if (this.s[this.pos] !== ",") return first;
    const elts = [first];
    while (this.eat(",")) {
      this.ws();
      const c = this.s[this.pos];
      if (c === undefined || c === "\n" || c === "\r" || c === "#") break;
      elts.push(this.expr());
    }
    return { k: "tuple", elts };
  }

  /** A keyword at the position (a whole word), consumed when `take`. */
  word(w: string, take: boolean): boolean {
    this.ws();
    IDENT.lastIndex = this.pos;
    const m = IDENT.exec(this.s);
    if (m === null || m[0] !== w) return false;
    if (take) this.pos += w.length;
    return true;
  }

  /** An expression: operands joined by operators, maybe a conditional. */
  expr(): PyNode {
    const left = this.operators();
    if (this.word("if", true)) {
      const test = this.operators();
      if (!this.word("else", true)) this.fail("expected else");
      return { k: "op", parts: [left, test, this.expr()] };
    }
    if (this.word("lambda", false) || this.s.startsWith(":=", this.pos)) this.fail("not read here");
    return left;
  }

  /** Operands joined by binary operators (`+`, `==`, `and`, `not in`…), of no precedence here. */
  operators(): PyNode {
    let node = this.unary();
    for (;;) {
      this.ws();
      BINARY.lastIndex = this.pos;
      const m = BINARY.exec(this.s);
      if (m !== null) {
        this.pos += m[0].length;
      } else if (["and", "or", "in", "is"].some((w) => this.word(w, true))) {
        this.word("not", true);
      } else if (this.word("not", true)) {
        if (!this.word("in", true)) this.fail("expected in");
      } else return node;
      node = { k: "op", parts: [node, this.unary()] };
    }
  }

  /** A unary operator and its operand, or an operand: an atom with calls, attributes, subscripts. */
  unary(): PyNode {
    this.ws();
    const c = this.s[this.pos];
    if ((c === "-" || c === "+" || c === "~") && this.s[this.pos + 1] !== "=") {
      this.pos++;
      return { k: "unary", op: c, operand: this.unary() };
    }
    if (this.word("not", true)) return { k: "op", parts: [this.unary()] };
    let node = this.atom();
    for (;;) {
      this.ws();
      const n = this.s[this.pos];
      if (n === "(") {
        this.pos++;
        node = this.call(node);
      } else if (n === "." && !/[0-9]/.test(this.s[this.pos + 1] ?? "")) {
        this.pos++;
        this.ws();
        IDENT.lastIndex = this.pos;
        const m = IDENT.exec(this.s);
        if (m === null) this.fail("expected a name");
        this.pos += m[0].length;
        node = { k: "op", parts: [node] };
      } else if (n === "[") {
        this.pos++;
        this.depth++;
        const parts = [node];
        for (;;) {
          if (this.eat("]")) break;
          if (this.eat(":") || this.eat(",")) continue;
          parts.push(this.expr());
        }
        this.depth--;
        node = { k: "op", parts };
      } else break;
    }
    this.ws();
    const next = this.s[this.pos];
    if (next !== undefined && /[\p{L}_0-9'"]/u.test(next)) {
      IDENT.lastIndex = this.pos;
      const m = IDENT.exec(this.s);
      const w = m?.[0];
      if (!["and", "or", "in", "is", "not", "if", "else", "for"].includes(w ?? "")) {
        this.fail("an unexpected token");
      }
    }
    return node;
  }

  call(func: PyNode): PyNode {
    this.depth++;
    const args: PyNode[] = [];
    const keywords: { arg: string; value: PyNode }[] = [];
    for (;;) {
      if (this.eat(")")) break;
      this.ws();
      IDENT.lastIndex = this.pos;
      const m = IDENT.exec(this.s);
      let isKeyword = false;
      if (m !== null) {
        const after = this.pos + m[0].length;
        let p = after;
        while (this.s[p] === " " || this.s[p] === "\t" || this.s[p] === "\n") p++;
        if (this.s[p] === "=" && this.s[p + 1] !== "=") {
          if (KEYWORDS.has(m[0]) || ["True", "False", "None"].includes(m[0])) {
            this.fail("a keyword as an argument name");
          }
          if (keywords.some((k) => k.arg === m[0])) this.fail("keyword argument repeated");
          this.pos = p + 1;
          keywords.push({ arg: m[0], value: this.expr() });
          isKeyword = true;
        }
      }
      if (!isKeyword) {
        if (keywords.length > 0) this.fail("positional argument follows keyword argument");
        args.push(this.expr());
      }
      if (this.eat(")")) break;
      this.expect(",");
    }
    this.depth--;
    return { k: "call", func, args, keywords };
  }

  /** Elements up to `close`, comma separated, a trailing comma allowed. */
  elements(close: string): { elts: PyNode[]; comma: boolean } {
    const elts: PyNode[] = [];
    let comma = false;
    for (;;) {
      if (this.eat(close)) break;
      elts.push(this.expr());
      if (this.eat(close)) break;
      this.expect(",");
      comma = true;
    }
    return { elts, comma };
  }

  atom(): PyNode {
    this.ws();
    const s = this.s;
    const c = s[this.pos];
    if (c === undefined) this.fail("end of input");
    if (c === "[") {
      this.pos++;
      this.depth++;
      const { elts } = this.elements("]");
      this.depth--;
      return { k: "list", elts };
    }
    if (c === "(") {
      this.pos++;
      this.depth++;
      const { elts, comma } = this.elements(")");
      this.depth--;
      if (elts.length === 1 && !comma) return elts[0]!;
      return { k: "tuple", elts };
    }
    if (c === "{") {
      this.pos++;
      this.depth++;
      if (this.eat("}")) {
        this.depth--;
        return { k: "dict", keys: [], values: [] };
      }
      const first = this.expr();
      if (this.eat(":")) {
        const keys = [first];
        const values = [this.expr()];
        while (!this.eat("}")) {
          this.expect(",");
          if (this.eat("}")) break;
          keys.push(this.expr());
          this.expect(":");
          values.push(this.expr());
        }
        this.depth--;
        return { k: "dict", keys, values };
      }
      const elts = [first];
      while (!this.eat("}")) {
        this.expect(",");
        if (this.eat("}")) break;
        elts.push(this.expr());
      }
      this.depth--;
      return { k: "set", elts };
    }
    if (s.startsWith("...", this.pos)) {
      this.pos += 3;
      return { k: "unjsonable", what: "Ellipsis" };
    }
    STRING_PREFIX.lastIndex = this.pos;
    if (STRING_PREFIX.test(s)) return this.strings();
    NUMBER.lastIndex = this.pos;
    const num = /[0-9.]/.test(c) ? NUMBER.exec(s) : null;
    if (num !== null && num[0] !== "." && num[0] !== "") {
      this.pos += num[0].length;
      IDENT.lastIndex = this.pos;
      if (IDENT.test(s)) this.fail("an invalid number");
      return number(num[0], this);
    }
    IDENT.lastIndex = this.pos;
    const m = IDENT.exec(s);
    if (m !== null) {
      this.pos += m[0].length;
      if (m[0] === "True") return { k: "const", v: true };
      if (m[0] === "False") return { k: "const", v: false };
      if (m[0] === "None") return { k: "const", v: null };
      if (KEYWORDS.has(m[0])) this.fail(`the keyword ${m[0]}`);
      return { k: "name", id: m[0] };
    }
    this.fail(`unexpected ${JSON.stringify(c)}`);
  }

  /** One or more adjacent string literals, concatenated. */
  strings(): PyNode {
    let text = "";
    let bytes: boolean | undefined;
    let f = false;
    for (;;) {
      this.ws();
      STRING_PREFIX.lastIndex = this.pos;
      const pm = STRING_PREFIX.exec(this.s);
      if (pm === null) break;
      const prefix = pm[0].toLowerCase();
      this.pos += pm[0].length;
      const isBytes = prefix.includes("b");
      if (bytes !== undefined && bytes !== isBytes) this.fail("bytes and str concatenated");
      bytes = isBytes;
      if (prefix.includes("f")) f = true;
      text += this.stringBody(prefix.includes("r"), isBytes);
    }
    if (f) return { k: "fstring" };
    if (bytes === true) return { k: "unjsonable", what: "bytes" };
    return { k: "const", v: text };
  }

  stringBody(raw: boolean, bytes: boolean): string {
    const s = this.s;
    const q = s[this.pos]!;
    const triple = s.startsWith(q.repeat(3), this.pos);
    const close = triple ? q.repeat(3) : q;
    this.pos += close.length;
    let out = "";
    for (;;) {
      if (this.pos >= s.length) this.fail("unterminated string");
      if (s.startsWith(close, this.pos)) {
        this.pos += close.length;
        return out;
      }
      const c = s[this.pos]!;
      if (!triple && (c === "\n" || c === "\r")) this.fail("unterminated string");
      if (c !== "\\") {
        out += c;
        this.pos++;
        continue;
      }
      const e = s[this.pos + 1];
      if (e === undefined) this.fail("unterminated string");
      if (raw) {
        out += c + e;
        this.pos += 2;
        continue;
      }
      this.pos += 2;
      const simple: Record<string, string> = {
        "\\": "\\",
        "'": "'",
        '"': '"',
        a: "\x07",
        b: "\b",
        f: "\f",
        n: "\n",
        r: "\r",
        t: "\t",
        v: "\v",
      };
      if (e === "\n") continue;
      if (e === "\r") {
        if (s[this.pos] === "\n") this.pos++;
        continue;
      }
      if (simple[e] !== undefined) {
        out += simple[e];
        continue;
      }
      if (/[0-7]/.test(e)) {
        let digits = e;
        while (digits.length < 3 && /[0-7]/.test(s[this.pos] ?? "")) digits += s[this.pos++];
        out += String.fromCodePoint(parseInt(digits, 8));
        continue;
      }
      const hexLength = e === "x" ? 2 : !bytes && e === "u" ? 4 : !bytes && e === "U" ? 8 : 0;
      if (hexLength > 0) {
        const hex = s.slice(this.pos, this.pos + hexLength);
        if (hex.length !== hexLength || !/^[0-9a-fA-F]+$/.test(hex)) this.fail("a bad escape");
        const cp = parseInt(hex, 16);
        if (cp > 0x10ffff) this.fail("a bad escape");
        out += String.fromCodePoint(cp);
        this.pos += hexLength;
        continue;
      }
      if (!bytes && e === "N") this.fail("a \\N escape (not read here)");
      out += c + e;
    }
  }
}

function number(text: string, r: Reader): PyNode {
  if (/[jJ]$/.test(text)) return { k: "unjsonable", what: "complex" };
  const plain = text.replaceAll("_", "");
  const radix = /^0[xX]/.test(plain)
    ? 16
    : /^0[oO]/.test(plain)
    ? 8
    : /^0[bB]/.test(plain)
    ? 2
    : 10;
  if (radix !== 10) {
    const digits = plain.slice(2);
    let value = 0n;
    for (const d of digits) value = value * BigInt(radix) + BigInt(parseInt(d, radix));
    return { k: "const", v: { kind: "int", value, text } };
  }
  if (/^[0-9]+$/.test(plain)) {
    if (/^0+[1-9]/.test(plain)) r.fail("leading zeros in a decimal integer");
    return { k: "const", v: { kind: "int", value: BigInt(plain), text } };
  }
  return { k: "const", v: { kind: "float", value: Number(plain), text } };
}

/**
 * Reads a Python module that is one expression (what `ast.parse` accepts when its first statement
 * is that expression and nothing else follows but blank lines and comments).
 *
 * @param text The source.
 * @returns The expression's tree.
 * @throws {SyntaxError} For anything else.
 *
 * @example
 * ```ts
 * import { parsePythonExpression } from "./_python_literal.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parsePythonExpression("[f(a=1)]\n").k, "list");
 * assert.throws(() => parsePythonExpression("[f(a=1)] more"), SyntaxError);
 * assert.equal(parsePythonExpression("[f(a=1)] and more").k, "op");
 * ```
 */
export function parsePythonExpression(text: string): PyNode {
  const r = new Reader(text);
  const node = r.exprList();
  r.end();
  return node;
}

/**
 * `_get_parameter_value` of vLLM's pythonic parsers: a constant, a dict of constant keys, or a
 * list, recursively; anything else throws (a negative number is a unary minus, not a constant).
 *
 * @param node The argument's tree.
 * @returns The value.
 * @throws {TypeError} For anything else, or a constant `json.dumps` cannot write.
 */
export function pythonicValue(node: PyNode): PyValue {
  switch (node.k) {
    case "const":
      return node.v;
    case "list":
      return node.elts.map(pythonicValue);
    case "dict": {
      const m = new Map<string, PyValue>();
      node.keys.forEach((key, i) => {
        if (key.k !== "const" && key.k !== "unjsonable") {
          throw new TypeError("Dict tool call arguments must have literal keys");
        }
        m.set(jsonKey(key), pythonicValue(node.values[i]!));
      });
      return m;
    }
    case "unjsonable":
      throw new TypeError(`Object of type ${node.what} is not JSON serializable`);
    default:
      throw new TypeError("Tool call arguments must be literals");
  }
}

/** A dict key as `json.dumps` writes it (str as is; int, float, bool and None as text). */
function jsonKey(key: PyNode): string {
  if (key.k !== "const") throw new TypeError("keys must be str, int, float, bool or None");
  const v = key.v;
  if (typeof v === "string") return v;
  if (v === null) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (typeof v === "object" && "kind" in v) {
    return v.kind === "int" ? v.value.toString() : pyFloatRepr(v.value);
  }
  throw new TypeError("keys must be str, int, float, bool or None");
}

/**
 * Python's `ast.literal_eval` on a string, then the value as `json.dumps` would see it (a tuple
 * becomes a list). A set, bytes, a complex number or `...` make it throw a `TypeError`, as
 * `json.dumps` would on the value; text `literal_eval` refuses throws a `SyntaxError` or a
 * `RangeError`.
 *
 * @param text The text.
 * @returns The value.
 * @throws {SyntaxError} When the text is not a Python expression the reader knows.
 * @throws {RangeError} When it is one `literal_eval` refuses (a name, a call…).
 * @throws {TypeError} When its value cannot be written as JSON.
 *
 * @example
 * ```ts
 * import { literalEval } from "./_python_literal.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(literalEval("(1, 'a')"), [{ kind: "int", value: 1n, text: "1" }, "a"]);
 * assert.throws(() => literalEval("Paris"), RangeError);
 * ```
 */
export function literalEval(text: string): PyValue {
  let start = 0;
  while (text[start] === " " || text[start] === "\t") start++;
  return evalNode(parsePythonExpression(text.slice(start)));
}

function evalNode(node: PyNode): PyValue {
  switch (node.k) {
    case "const":
      return node.v;
    case "list":
    case "tuple":
      return node.elts.map(evalNode);
    case "set":
      node.elts.forEach(evalNode);
      throw new TypeError("Object of type set is not JSON serializable");
    case "dict": {
      const m = new Map<string, PyValue>();
      node.keys.forEach((key, i) => {
        const value = evalNode(node.values[i]!);
        if (key.k === "const") m.set(jsonKey(key), value);
        else if (key.k === "unary") m.set(jsonKey({ k: "const", v: evalNode(key) }), value);
        else if (key.k === "tuple") {
          throw new TypeError("keys must be str, int, float, bool or None");
        } else evalNode(key);
      });
      return m;
    }
    case "unary": {
      if (node.op === "~") throw new RangeError("malformed node or string");
      const inner = node.operand;
      if (inner.k === "unjsonable" && inner.what === "complex") {
        throw new TypeError("Object of type complex is not JSON serializable");
      }
      if (
        inner.k !== "const" || typeof inner.v !== "object" || inner.v === null ||
        !("kind" in inner.v)
      ) {
        throw new RangeError("malformed node or string");
      }
      const n = inner.v;
      if (node.op === "+") return n;
      return n.kind === "int"
        ? { kind: "int", value: -n.value, text: `-${n.text}` }
        : { kind: "float", value: -n.value, text: `-${n.text}` };
    }
    case "unjsonable":
      throw new TypeError(`Object of type ${node.what} is not JSON serializable`);
    default:
      throw new RangeError("malformed node or string");
  }
}
