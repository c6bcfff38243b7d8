/**
 * Python's Jinja2 semantics over `@huggingface/jinja`, where the real chat templates need them:
 * what `transformers`' `apply_chat_template` (Jinja2's sandbox) writes and refuses, byte for byte.
 *
 * `@huggingface/jinja` parses Jinja as Jinja2 does, but renders values the JavaScript way: a dict
 * or a list made text (`{{ tools }}`, `tools | string`) is JSON where Python writes its repr, a
 * float such as `5.0` is `5`, `none` is written as nothing where Python writes `None`, a filter on
 * an undefined value, a subscript with one, or a `for` over a string is refused where Jinja2's
 * default `Undefined` gives `""`, an undefined value or the characters, and `==` compares dicts by
 * identity. Its filters are built into its interpreter, with no way to add one; its tests are
 * per scope; only globals can be given. So {@linkcode CompatInterpreter} overrides the
 * interpreter's public `evaluate` for the node kinds whose meaning differs (filters, tests,
 * `+ ~ == != in < >`, subscripts and attributes, `for` over a value, and the text of `{{ … }}`),
 * computing them as Jinja2 does, and hands every other node to the engine. Values come in through
 * {@linkcode runtimeValue}, which keeps a JSON number's float-ness (`5.0`) as Python's `json` does.
 *
 * The engine's value classes are not exported: they are taken from values it makes. Two private
 * members are used, the engine's own code for the filters left to it (`applyFilter`) and for
 * slices (`evaluateSliceExpression`); they and `evaluate` are checked when this module loads, so
 * that another version of the engine fails at once rather than rendering otherwise (deno.json
 * pins the version).
 *
 * @module
 */

import { Environment, Interpreter, type Template } from "@huggingface/jinja";
import { JsonNumber, type JsonValue } from "../json/json_value.ts";

/** A value of the engine (its `RuntimeValue`). */
export interface Value {
  readonly type: string;
  // deno-lint-ignore no-explicit-any
  value: any;
  __bool__(): { value: boolean };
  readonly builtins: ReadonlyMap<string, Value>;
}

/** A node of the engine's syntax tree. */
type Node = { readonly type: string } & Record<string, unknown>;

type Make = new (value?: unknown) => Value;

const probe = new Environment();
let probes = 0;
/** The class of the value the engine makes of `sample`. */
function classOf(sample: unknown): Make {
  return (probe.set(`probe${probes++}`, sample) as unknown as Value).constructor as Make;
}

const StringValue = classOf("");
const IntegerValue = classOf(1);
const FloatValue = classOf(1.5);
const BooleanValue = classOf(true);
const NullValue = classOf(null);
const UndefinedValue = classOf(undefined);
const ArrayValue = classOf([]);
const ObjectValue = classOf({});
const FunctionValue = classOf(() => null);

type PrivateInterpreter = {
  applyFilter(operand: Value, filter: Node, environment: Environment): Value;
  evaluateSliceExpression(object: Value, slice: Node, environment: Environment): Value;
};
for (const name of ["applyFilter", "evaluateSliceExpression", "evaluate"]) {
  if (typeof (Interpreter.prototype as unknown as Record<string, unknown>)[name] !== "function") {
    throw new Error(
      `@huggingface/jinja has no Interpreter.${name}: the compatibility layer needs the version deno.json pins`,
    );
  }
}

/** The engine's lists that are Python tuples: the `(key, value)` pairs of a dict's items. */
const TUPLES = new WeakSet<object>();

/** A pair of a dict's items, a list to the engine (its `for k, v in …` unpacks only lists). */
function pair(key: string, value: Value): Value {
  const made = new ArrayValue([new StringValue(key), value]);
  TUPLES.add(made);
  return made;
}

/** A dict's items, as `dict.items()` and the `items` filter give them. */
function items(dict: Value): Value {
  return new ArrayValue([...(dict.value as Map<string, Value>)].map(([k, v]) => pair(k, v)));
}

const str = (text: string): Value => new StringValue(text);
const undef = (): Value => new UndefinedValue();
const isNumeric = (v: Value): boolean =>
  v.type === "IntegerValue" || v.type === "FloatValue" || v.type === "BooleanValue";
const isList = (v: Value): boolean => v.type === "ArrayValue" || v.type === "TupleValue";
const isDict = (v: Value): boolean =>
  v.type === "ObjectValue" || v.type === "KeywordArgumentsValue";
/** A number's value: a whole number beyond 2^53 is a bigint. */
const number = (v: Value): number | bigint => v.type === "BooleanValue" ? Number(v.value) : v.value;
/** Whether two numbers are equal, as Python's `==` says (a bigint is a whole number). */
function numberEqual(x: number | bigint, y: number | bigint): boolean {
  if (typeof x === "number" && typeof y === "number") return x === y;
  const [a, b] = [Number(x), Number(y)];
  return Number.isInteger(a) && Number.isInteger(b) ? BigInt(x) === BigInt(y) : a === b;
}

/**
 * A JSON value as the engine's value, as Python's `json` reads it: a number written with a
 * fraction or an exponent is a float (`5.0` stays `5.0`), any other an integer.
 *
 * @param json The value, as the strict reader gives it.
 * @returns The engine's value.
 */
export function runtimeValue(json: JsonValue | undefined): Value {
  if (json === undefined) return undef();
  if (json === null) return new NullValue(null);
  if (typeof json === "boolean") return new BooleanValue(json);
  if (typeof json === "string") return str(json);
  if (json instanceof JsonNumber) {
    if (/[.eE]/.test(json.text)) return new FloatValue(Number(json.text));
    // A whole number beyond 2^53 is kept exact, as Python's int is.
    const n = Number(json.text);
    return new IntegerValue(Number.isSafeInteger(n) ? n : BigInt(json.text));
  }
  if (Array.isArray(json)) return new ArrayValue(json.map(runtimeValue));
  const map = new Map<string, Value>();
  for (const [key, value] of json as ReadonlyMap<string, JsonValue>) {
    map.set(key, runtimeValue(value));
  }
  return new ObjectValue(map);
}

/** Gives a template a name, in the scope `env`. */
export function setName(env: Environment, name: string, value: Value): void {
  env.setVariable(name, value as unknown as Parameters<Environment["setVariable"]>[1]);
}

/** A function of the template's, called with the engine's values. */
export function runtimeFunction(fn: (args: Value[]) => Value): Value {
  return new FunctionValue(fn);
}

/** Python's `repr` of a float. */
function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = Math.abs(x).toExponential().split("e") as [string, string];
  const e = Number(exp);
  const digits = mantissa.replace(".", "");
  const sign = x < 0 ? "-" : "";
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
  return `${sign}${whole}.${digits.slice(e + 1) || "0"}`;
}

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's `repr` of a string. */
function stringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (c === quote || c === "\\") out += "\\" + c;
    else if (c === "\t") out += "\\t";
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
    else if (code < 0x7f || !UNPRINTABLE.test(c)) out += c;
    else if (code <= 0xff) out += "\\x" + code.toString(16).padStart(2, "0");
    else if (code <= 0xffff) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += "\\U" + code.toString(16).padStart(8, "0");
  }
  return out + quote;
}

/** Python's `repr` of a value, as `str()` of a container writes its members. */
function repr(v: Value): string {
  switch (v.type) {
    case "StringValue":
      return stringRepr(v.value);
    case "IntegerValue":
      return String(v.value);
    case "FloatValue":
      return floatRepr(v.value);
    case "BooleanValue":
      return v.value ? "True" : "False";
    case "NullValue":
      return "None";
    case "UndefinedValue":
      return "Undefined";
    case "ArrayValue":
      if (!TUPLES.has(v)) return `[${(v.value as Value[]).map(repr).join(", ")}]`;
    // falls through: a dict's item is a tuple
    case "TupleValue": {
      const items = (v.value as Value[]).map(repr);
      return `(${items.join(", ")}${items.length === 1 ? "," : ""})`;
    }
    case "ObjectValue":
    case "KeywordArgumentsValue":
      return `{${
        [...(v.value as Map<string, Value>)].map(([k, x]) => `${stringRepr(k)}: ${repr(x)}`)
          .join(", ")
      }}`;
    case "NamespaceValue":
      return `<Namespace ${repr(new ObjectValue(v.value))}>`;
    default:
      return `<${v.type}>`;
  }
}

/**
 * Python's `str()` of a value, as Jinja2 writes `{{ value }}` and `value | string`: a string as
 * it is, an undefined value as nothing, anything else as its repr (`None`, `True`, `5.0`,
 * `{'a': [1, 'b']}`).
 *
 * @param v The value.
 * @returns Its text.
 */
export function pyStr(v: Value): string {
  if (v.type === "StringValue") return v.value;
  if (v.type === "UndefinedValue") return "";
  return repr(v);
}

/** The options of `tojson`, as `transformers` gives the filter (`json.dumps`'s). */
interface JsonOptions {
  readonly indent: number | string | null;
  readonly ensureAscii: boolean;
  readonly separators: readonly [string, string] | null;
  readonly sortKeys: boolean;
}

/** Python's `json.dumps` of a string. */
function jsonString(s: string, ensureAscii: boolean): string {
  const text = JSON.stringify(s);
  return ensureAscii
    ? text.replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"))
    : text;
}

/** Python's `json.dumps` of a value, with `transformers`' `tojson` options. */
function pyJson(v: Value, options: JsonOptions, depth = 0): string {
  const { indent, ensureAscii, separators, sortKeys } = options;
  const [itemSep, keySep] = separators ?? (indent === null ? [", ", ": "] : [",", ": "]);
  switch (v.type) {
    case "StringValue":
      return jsonString(v.value, ensureAscii);
    case "IntegerValue":
      return String(v.value);
    case "FloatValue":
      return Number.isFinite(v.value)
        ? floatRepr(v.value)
        : Number.isNaN(v.value)
        ? "NaN"
        : v.value > 0
        ? "Infinity"
        : "-Infinity";
    case "BooleanValue":
      return v.value ? "true" : "false";
    case "NullValue":
      return "null";
    case "ArrayValue":
    case "TupleValue":
    case "ObjectValue":
    case "KeywordArgumentsValue": {
      const list = isList(v);
      let parts: string[];
      if (list) {
        parts = (v.value as Value[]).map((x) => pyJson(x, options, depth + 1));
      } else {
        let entries = [...(v.value as Map<string, Value>)];
        if (sortKeys) entries = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        parts = entries.map(([k, x]) =>
          `${jsonString(k, ensureAscii)}${keySep}${pyJson(x, options, depth + 1)}`
        );
      }
      const [open, close] = list ? ["[", "]"] : ["{", "}"];
      if (parts.length === 0) return open + close;
      if (indent === null) return open + parts.join(itemSep) + close;
      const unit = typeof indent === "number" ? " ".repeat(indent) : indent;
      const inner = "\n" + unit.repeat(depth + 1);
      return open + inner + parts.join(itemSep + inner) + "\n" + unit.repeat(depth) + close;
    }
    default:
      throw new TypeError(
        `Object of type ${
          v.type === "UndefinedValue" ? "Undefined" : v.type
        } is not JSON serializable`,
      );
  }
}

/**
 * Python's `format % args`, as Jinja2's `format` filter gives it, for the conversions templates use
 * (`%s`, `%r`, `%d`, `%i`, `%%`); another is refused.
 */
function percentFormat(format: string, args: readonly Value[]): string {
  let next = 0;
  const text = format.replace(/%(.)/gs, (all, code: string) => {
    if (code === "%") return "%";
    const arg = args[next++];
    if (arg === undefined) throw new TypeError("not enough arguments for format string");
    switch (code) {
      case "s":
        return pyStr(arg);
      case "r":
        return repr(arg);
      case "d":
      case "i":
        if (!isNumeric(arg)) {
          throw new TypeError(`%${code} format: a real number is required, not ${typeName(arg)}`);
        }
        return String(typeof arg.value === "number" ? Math.trunc(Number(number(arg))) : arg.value);
      default:
        throw new RangeError(`the format filter's ${all} is not supported`);
    }
  });
  if (next < args.length) {
    throw new TypeError("not all arguments converted during string formatting");
  }
  return text;
}

/** Python's `a == b` of two values. */
function pyEqual(a: Value, b: Value): boolean {
  if (isNumeric(a) && isNumeric(b)) return numberEqual(number(a), number(b));
  if (a.type !== b.type || TUPLES.has(a) !== TUPLES.has(b)) return false;
  switch (a.type) {
    case "StringValue":
      return a.value === b.value;
    case "NullValue":
    case "UndefinedValue":
      return true;
    case "ArrayValue":
    case "TupleValue": {
      const [x, y] = [a.value as Value[], b.value as Value[]];
      return x.length === y.length && x.every((item, k) => pyEqual(item, y[k]!));
    }
    case "ObjectValue": {
      const [x, y] = [a.value as Map<string, Value>, b.value as Map<string, Value>];
      if (x.size !== y.size) return false;
      for (const [key, item] of x) {
        const other = y.get(key);
        if (other === undefined || !pyEqual(item, other)) return false;
      }
      return true;
    }
    default:
      return a === b;
  }
}

/** Python's name of a value's type, for messages. */
function typeName(v: Value): string {
  return ({
    StringValue: "str",
    IntegerValue: "int",
    FloatValue: "float",
    BooleanValue: "bool",
    NullValue: "NoneType",
    ArrayValue: "list",
    TupleValue: "tuple",
    ObjectValue: "dict",
    UndefinedValue: "Undefined",
  } as Record<string, string>)[v.type] ?? v.type;
}

/** Python's characters of whitespace, which `str.strip()` takes off. */
const WHITESPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004" +
  "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

/** Python's `str.strip(chars)`. */
function pyStrip(s: string, chars: string = WHITESPACE): string {
  const cs = [...s];
  let [start, end] = [0, cs.length];
  while (start < end && chars.includes(cs[start]!)) start++;
  while (end > start && chars.includes(cs[end - 1]!)) end--;
  return cs.slice(start, end).join("");
}

/** Jinja2's tests, on the engine's values. */
const TESTS: ReadonlyMap<string, (v: Value, ...args: Value[]) => boolean> = new Map<
  string,
  (v: Value, ...args: Value[]) => boolean
>([
  ["defined", (v) => v.type !== "UndefinedValue"],
  ["undefined", (v) => v.type === "UndefinedValue"],
  ["none", (v) => v.type === "NullValue"],
  ["string", (v) => v.type === "StringValue"],
  ["number", (v) => isNumeric(v)],
  ["integer", (v) => v.type === "IntegerValue"],
  ["float", (v) => v.type === "FloatValue"],
  ["boolean", (v) => v.type === "BooleanValue"],
  ["true", (v) => v.type === "BooleanValue" && v.value === true],
  ["false", (v) => v.type === "BooleanValue" && v.value === false],
  ["mapping", (v) => isDict(v)],
  [
    "iterable",
    (v) => v.type === "StringValue" || isList(v) || isDict(v) || v.type === "UndefinedValue",
  ],
  [
    "sequence",
    (v) => v.type === "StringValue" || isList(v) || isDict(v) || v.type === "UndefinedValue",
  ],
  ["callable", (v) => v.type === "FunctionValue"],
  // Python's str.islower() and str.isupper(): a cased letter, and none of the other case.
  ["lower", (v) => /\p{Ll}/u.test(pyStr(v)) && !/[\p{Lu}\p{Lt}]/u.test(pyStr(v))],
  ["upper", (v) => /\p{Lu}/u.test(pyStr(v)) && !/[\p{Ll}\p{Lt}]/u.test(pyStr(v))],
  ["odd", (v) => Number(number(v)) % 2 !== 0],
  ["even", (v) => Number(number(v)) % 2 === 0],
  ["equalto", (v, other) => pyEqual(v, other ?? undef())],
  ["eq", (v, other) => pyEqual(v, other ?? undef())],
  ["==", (v, other) => pyEqual(v, other ?? undef())],
  ["ne", (v, other) => !pyEqual(v, other ?? undef())],
  ["!=", (v, other) => !pyEqual(v, other ?? undef())],
  ["sameas", (v, other) => v === other],
]);

/** The attributes of a Python dict that `x.name` finds before its items. */
const DICT_METHODS = new Set(["items", "keys", "values", "get"]);

/** Node kinds that are statements: the others, in a block, write their value. */
const STATEMENTS = new Set([
  "If",
  "For",
  "Set",
  "Macro",
  "CallStatement",
  "FilterStatement",
  "Comment",
  "Break",
  "Continue",
  "Program",
  "StringLiteral",
]);

/** What a parsed template's nodes are: which write their value, which a `for` walks. */
interface Marks {
  readonly outputs: WeakSet<object>;
  readonly iterables: WeakSet<object>;
}

const marked = new WeakMap<object, Marks>();

/** The marks of a parsed template, found once by walking its syntax tree. */
function marksOf(program: Template["parsed"]): Marks {
  let marks = marked.get(program);
  if (marks !== undefined) return marks;
  marks = { outputs: new WeakSet(), iterables: new WeakSet() };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null || node instanceof Map) {
      if (node instanceof Map) { for (const [k, v] of node) walk(k), walk(v); }
      return;
    }
    const record = node as Node;
    for (const key of ["body", "alternate", "defaultBlock"]) {
      const block = record[key];
      if (Array.isArray(block)) {
        for (const statement of block as Node[]) {
          if (!STATEMENTS.has(statement.type)) marks!.outputs.add(statement);
        }
      }
    }
    if (record.type === "For") {
      const iterable = record.iterable as Node;
      marks!.iterables.add(iterable.type === "SelectExpression" ? iterable.lhs as Node : iterable);
    }
    for (const child of Object.values(record)) walk(child);
  };
  walk(program);
  marked.set(program, marks);
  return marks;
}

/** The interpreter with Jinja2's meaning for the nodes where the engine's differs. */
export class CompatInterpreter extends Interpreter {
  readonly #marks: Marks;

  /**
   * @param env The global scope.
   * @param program The parsed template it will run (its nodes are looked at once).
   */
  constructor(env: Environment, program: Template["parsed"]) {
    super(env);
    this.#marks = marksOf(program);
  }

  // deno-lint-ignore no-explicit-any
  override evaluate(statement: any, environment: Environment): any {
    const node = statement as Node | undefined;
    if (node === undefined) return super.evaluate(statement, environment);
    let value: Value;
    switch (node.type) {
      case "FilterExpression":
        value = this.#filter(
          this.evaluate(node.operand, environment),
          node.filter as Node,
          environment,
        );
        break;
      case "TestExpression":
        value = this.#test(node, environment);
        break;
      case "BinaryExpression":
        value = this.#binary(node, environment) ??
          super.evaluate(statement, environment) as Value;
        break;
      case "MemberExpression":
        value = this.#member(node, environment);
        break;
      default:
        value = super.evaluate(statement, environment) as Value;
    }
    if (this.#marks.iterables.has(node)) {
      if (value.type === "StringValue") value = new ArrayValue([...value.value].map(str));
      else if (value.type === "UndefinedValue") value = new ArrayValue([]);
    }
    if (this.#marks.outputs.has(node)) return str(pyStr(value));
    return value;
  }

  /** The positional and keyword arguments of a call. */
  #arguments(args: Node[], environment: Environment): [Value[], Map<string, Value>] {
    const positional: Value[] = [];
    const keywords = new Map<string, Value>();
    for (const arg of args) {
      if (arg.type === "KeywordArgumentExpression") {
        keywords.set((arg.key as { value: string }).value, this.evaluate(arg.value, environment));
      } else positional.push(this.evaluate(arg, environment));
    }
    return [positional, keywords];
  }

  #filter(operand: Value, filter: Node, environment: Environment): Value {
    const call = filter.type === "CallExpression";
    const name = ((call ? filter.callee : filter) as { value: string }).value;
    const [args, kwargs] = call
      ? this.#arguments(filter.args as Node[], environment)
      : [[], new Map<string, Value>()];
    return this.#apply(name, operand, args, kwargs, filter, environment);
  }

  #apply(
    name: string,
    operand: Value,
    args: Value[],
    kwargs: Map<string, Value>,
    filter: Node | null,
    environment: Environment,
  ): Value {
    const undefinedOperand = operand.type === "UndefinedValue";
    switch (name) {
      case "tojson": {
        const pick = (k: number, key: string) => args[k] ?? kwargs.get(key);
        const indent = pick(1, "indent");
        const separators = pick(2, "separators");
        return str(pyJson(operand, {
          ensureAscii: pick(0, "ensure_ascii")?.__bool__().value ?? false,
          indent: indent === undefined || indent.type === "NullValue" ? null : indent.value,
          separators: separators !== undefined && isList(separators)
            ? [separators.value[0].value, separators.value[1].value]
            : null,
          sortKeys: pick(3, "sort_keys")?.__bool__().value ?? false,
        }));
      }
      case "string":
        return str(pyStr(operand));
      case "trim": {
        const chars = args[0] ?? kwargs.get("chars");
        return str(pyStrip(
          pyStr(operand),
          chars === undefined || chars.type === "NullValue" ? undefined : pyStr(chars),
        ));
      }
      case "length":
      case "count":
        if (operand.type === "StringValue") return new IntegerValue([...operand.value].length);
        if (undefinedOperand) return new IntegerValue(0);
        break;
      case "items":
        if (undefinedOperand) return new ArrayValue([]);
        if (isDict(operand)) return items(operand);
        break;
      case "list":
        if (undefinedOperand) return new ArrayValue([]);
        if (operand.type === "StringValue") return new ArrayValue([...operand.value].map(str));
        if (isDict(operand)) return new ArrayValue([...operand.value.keys()].map(str));
        break;
      case "first":
      case "last":
        if (undefinedOperand) return undef();
        break;
      case "join": {
        const separator = args[0] ?? kwargs.get("d") ?? str("");
        const attribute = args[1] ?? kwargs.get("attribute");
        let items: Value[];
        if (undefinedOperand) items = [];
        else if (operand.type === "StringValue") items = [...operand.value].map(str);
        else if (isList(operand)) items = operand.value;
        else if (isDict(operand)) items = [...operand.value.keys()].map(str);
        else throw new TypeError(`'${typeName(operand)}' object is not iterable`);
        if (attribute !== undefined) items = items.map((i) => this.#lookup(i, attribute));
        return str(items.map(pyStr).join(pyStr(separator)));
      }
      case "selectattr":
      case "rejectattr":
      case "select":
      case "reject": {
        const select = name.startsWith("select");
        const byAttribute = name.endsWith("attr");
        const items = this.#iterate(operand);
        const [attribute, testName, ...testArgs] = byAttribute ? args : [undefined, ...args];
        const test = testName === undefined ? null : TESTS.get(pyStr(testName));
        if (testName !== undefined && test === undefined) {
          throw new Error(`No test named '${pyStr(testName)}'`);
        }
        return new ArrayValue(items.filter((item) => {
          const value = attribute === undefined ? item : this.#lookup(item, attribute);
          const passed = test === null
            ? value.__bool__().value
            : test!(value, ...(testArgs as Value[]));
          return passed === select;
        }));
      }
      case "map": {
        const items = this.#iterate(operand);
        const attribute = kwargs.get("attribute");
        if (attribute !== undefined) {
          const fallback = kwargs.get("default");
          return new ArrayValue(items.map((item) => {
            const value = this.#lookup(item, attribute);
            return value.type === "UndefinedValue" && fallback !== undefined ? fallback : value;
          }));
        }
        const [filterName, ...rest] = args;
        if (filterName === undefined) return new ArrayValue(items);
        return new ArrayValue(
          items.map((item) =>
            this.#apply(pyStr(filterName), item, rest, new Map(), null, environment)
          ),
        );
      }
      case "format":
        return str(percentFormat(pyStr(operand), args));
      case "upper":
      case "lower":
      case "capitalize":
      case "title":
      case "indent":
      case "replace":
        if (operand.type !== "StringValue") operand = str(pyStr(operand));
        break;
      case "default":
      case "d": {
        const fallback = args[0] ?? kwargs.get("default_value") ?? str("");
        const boolean = (args[1] ?? kwargs.get("boolean"))?.__bool__().value ?? false;
        return undefinedOperand || (boolean && !operand.__bool__().value) ? fallback : operand;
      }
    }
    if (filter === null) {
      throw new Error(`the filter ${name} cannot be given to map() here`);
    }
    return (this as unknown as PrivateInterpreter).applyFilter(operand, filter, environment);
  }

  /** The items a filter walks: a list's, a string's characters, a dict's keys, none. */
  #iterate(v: Value): Value[] {
    if (isList(v)) return v.value;
    if (v.type === "StringValue") return [...v.value].map(str);
    if (isDict(v)) return [...v.value.keys()].map(str);
    if (v.type === "UndefinedValue") return [];
    throw new TypeError(`'${typeName(v)}' object is not iterable`);
  }

  #test(node: Node, environment: Environment): Value {
    const name = (node.test as { value: string }).value;
    const test = TESTS.get(name);
    if (test === undefined) throw new Error(`No test named '${name}'`);
    const result = test(this.evaluate(node.operand, environment));
    return new BooleanValue(node.negate ? !result : result);
  }

  /** A binary operation Jinja2 computes otherwise, or undefined for the engine's. */
  #binary(node: Node, environment: Environment): Value | undefined {
    const op = (node.operator as { value: string }).value;
    if (!["+", "~", "==", "!=", "in", "not in", "<", ">", "<=", ">="].includes(op)) {
      return undefined;
    }
    const left = this.evaluate(node.left, environment) as Value;
    const right = this.evaluate(node.right, environment) as Value;
    switch (op) {
      case "~":
        return str(pyStr(left) + pyStr(right));
      case "==":
        return new BooleanValue(pyEqual(left, right));
      case "!=":
        return new BooleanValue(!pyEqual(left, right));
      case "in":
      case "not in": {
        let found: boolean;
        if (right.type === "StringValue") {
          if (left.type !== "StringValue") {
            throw new TypeError(
              `'in <string>' requires string as left operand, not ${typeName(left)}`,
            );
          }
          found = right.value.includes(left.value);
        } else if (isDict(right)) {
          found = left.type === "StringValue" && right.value.has(left.value);
        } else {
          found = this.#iterate(right).some((item) => pyEqual(left, item));
        }
        return new BooleanValue(op === "in" ? found : !found);
      }
      case "+":
        if (isNumeric(left) && isNumeric(right)) {
          const [a, b] = [number(left), number(right)];
          const exact = typeof a === "bigint" || typeof b === "bigint";
          const whole = left.type !== "FloatValue" && right.type !== "FloatValue";
          const sum = exact && whole ? BigInt(a) + BigInt(b) : Number(a) + Number(b);
          return left.type === "FloatValue" || right.type === "FloatValue"
            ? new FloatValue(sum)
            : new IntegerValue(sum);
        }
        if (left.type === "StringValue" && right.type === "StringValue") {
          return str(left.value + right.value);
        }
        if (left.type === right.type && isList(left)) {
          return new (left.type === "ArrayValue" ? ArrayValue : left.constructor as Make)([
            ...left.value,
            ...right.value,
          ]);
        }
        if (left.type === "UndefinedValue" || right.type === "UndefinedValue") {
          throw new TypeError("an undefined value cannot be added to");
        }
        throw new TypeError(
          left.type === "StringValue"
            ? `can only concatenate str (not "${typeName(right)}") to str`
            : `unsupported operand type(s) for +: '${typeName(left)}' and '${typeName(right)}'`,
        );
      default: {
        let order: number;
        if (isNumeric(left) && isNumeric(right)) {
          const [x, y] = [number(left), number(right)];
          order = x < y ? -1 : x > y ? 1 : 0;
        } else if (left.type === "StringValue" && right.type === "StringValue") {
          order = left.value < right.value ? -1 : left.value > right.value ? 1 : 0;
        } else {
          throw new TypeError(
            `'${op}' not supported between instances of '${typeName(left)}' and '${
              typeName(right)
            }'`,
          );
        }
        const result = op === "<"
          ? order < 0
          : op === ">"
          ? order > 0
          : op === "<="
          ? order <= 0
          : order >= 0;
        return new BooleanValue(result);
      }
    }
  }

  /**
   * `object.name` and `object[key]` as Jinja2's sandbox looks them up: an item or attribute that
   * is not there is undefined (a dict's `items`, `keys`, `values` and `get` are its methods,
   * found before its items by `.`), and looking into an undefined value is refused.
   */
  #member(node: Node, environment: Environment): Value {
    const object = this.evaluate(node.object, environment) as Value;
    const property = node.property as Node;
    if (node.computed && property.type === "SliceExpression") {
      if (object.type === "UndefinedValue") {
        throw new TypeError("an undefined value cannot be sliced");
      }
      return (this as unknown as PrivateInterpreter).evaluateSliceExpression(
        object,
        property,
        environment,
      );
    }
    const key = node.computed
      ? this.evaluate(property, environment) as Value
      : property.type === "IntegerLiteral"
      ? new IntegerValue(property.value)
      : str((property as unknown as { value: string }).value);
    if (object.type === "UndefinedValue") {
      throw new TypeError(`an undefined value has no attribute or item ${repr(key)}`);
    }
    if (!node.computed && isDict(object) && DICT_METHODS.has(key.value)) {
      return this.#method(object, key.value);
    }
    return this.#lookup(object, key);
  }

  /** A dict's method: `items()` gives `(key, value)` tuples; the others are the engine's. */
  #method(dict: Value, name: string): Value {
    return name === "items"
      ? runtimeFunction(() => items(dict))
      : dict.builtins.get(name) ?? undef();
  }

  /** `object[key]`, as Jinja2's `getitem`: an item, or the attribute of that name, or undefined. */
  #lookup(object: Value, key: Value): Value {
    if (isDict(object)) {
      if (key.type === "StringValue") {
        return object.value.get(key.value) ??
          (DICT_METHODS.has(key.value) ? this.#method(object, key.value) : undef());
      }
      return undef();
    }
    if (object.type === "NamespaceValue") {
      return key.type === "StringValue" ? object.value.get(key.value) ?? undef() : undef();
    }
    if (isList(object) || object.type === "StringValue") {
      if (key.type === "IntegerValue" || key.type === "BooleanValue") {
        const items = object.type === "StringValue" ? [...object.value].map(str) : object.value;
        const k = Number(number(key));
        return items.at(k) !== undefined && k >= -items.length ? items.at(k)! : undef();
      }
      if (key.type === "StringValue" && object.type === "StringValue") {
        return object.builtins.get(key.value) ?? undef();
      }
      return undef();
    }
    if (key.type === "StringValue") return object.builtins.get(key.value) ?? undef();
    return undef();
  }
}
