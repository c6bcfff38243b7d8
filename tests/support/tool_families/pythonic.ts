/**
 * The pythonic family (Llama 3.2, ToolACE): a Python list of calls with keyword arguments,
 * `[get_weather(city='Paris', days=3)]`, read by vLLM's `pythonic` parser
 * (`vllm/tool_parsers/pythonic_tool_parser.py` at `0047fb9dad17a566f41008c80e57f7eeb7aa5b81`).
 *
 * The parser's non-streaming `extract_tool_calls`: when `TOOL_CALL_REGEX` matches at the text's
 * start, the whole text is read by `ast.parse`; if its first statement is a list of calls whose
 * functions are names and whose keyword arguments are literals (constants, lists, dicts of
 * constant keys), each call's keyword arguments are written by `json.dumps(…,
 * ensure_ascii=False)` and the content is `None`; otherwise (no match, a syntax error, a value
 * that is not a literal: a negative number is `-` applied to a constant, so it is not one) no
 * call and the whole text as content. Positional arguments are dropped. Text beside the list
 * makes it no call, so the family writes none.
 *
 * What the port does not do as Python would: the list must be the module's only statement (a
 * second statement after a newline is refused, where Python reads the first), and a positional
 * argument must be an expression the reader knows (see `_python_literal.ts`).
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, type PyValue } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { parsePythonExpression, pythonicValue } from "./_python_literal.ts";

/**
 * vLLM's `TOOL_CALL_REGEX` of the pythonic parsers, matched at the text's start (`re.match`,
 * `re.DOTALL`), as written (Python's Unicode `\w` as letters, digits and `_`). Its nested `.*`
 * backtrack for a long time on long texts (vLLM bounds it with a timeout), so the port decides
 * with {@linkcode matchesToolCallRegex}, which a test holds to this regex.
 */
export const TOOL_CALL_REGEX: RegExp = new RegExp(
  String
    .raw`^\[([a-zA-Z]+\w*\(([a-zA-Z]+\w*=.*,\s*)*([a-zA-Z]+\w*=.*\s)?\),\s*)*([a-zA-Z]+\w*\(([a-zA-Z]+\w*=.*,\s*)*([a-zA-Z]+\w*=.*\s*)?\)\s*)+\]`
    .replaceAll(String.raw`\w`, String.raw`[\p{L}\p{N}_]`),
  "su",
);

const NAME_OPEN = /[a-zA-Z][\p{L}\p{N}_]*\(/uy;
const KEYWORD = /[a-zA-Z][\p{L}\p{N}_]*=/uy;
const SPACE = /\s*/uy;
const CLOSE = /\)\s*\]/u;

/**
 * Whether {@linkcode TOOL_CALL_REGEX} matches, in one pass. What the regex accepts: `[`, then calls
 * `name(` … `)`, those before the last group separated by `,` and optional whitespace, the rest
 * by optional whitespace, then `]`; a call's parentheses are empty or open with `name=`, after
 * which `.*` takes anything, so that from the first such call the text matches when a `)`, optional
 * whitespace and `]` follow somewhere.
 *
 * @param text The text.
 * @returns Whether the regex matches at its start.
 *
 * @example
 * ```ts
 * import { matchesToolCallRegex } from "./pythonic.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(matchesToolCallRegex("[f(a=1), g()]"), true);
 * assert.equal(matchesToolCallRegex("[f(1)]"), false);
 * ```
 */
export function matchesToolCallRegex(text: string): boolean {
  if (text[0] !== "[") return false;
  let p = 1;
  let spaced = false;
  const at = (re: RegExp): number => {
    re.lastIndex = p;
    const m = re.exec(text);
    return m === null ? -1 : m[0].length;
  };
  for (;;) {
    const open = at(NAME_OPEN);
    if (open < 0) return false;
    p += open;
    const kw = at(KEYWORD);
    if (kw >= 0) return CLOSE.test(text.slice(p + kw));
    if (text[p] !== ")") return false;
    p++;
    const ws = at(SPACE);
    if (text[p + ws] === "]") return true;
    if (!spaced && text[p] === ",") {
      p++;
      p += at(SPACE);
    } else {
      spaced = true;
      p += ws;
    }
  }
}

/**
 * The non-streaming extraction shared by `pythonic` and `llama4_pythonic`.
 *
 * @param text The text the parser reads.
 * @param ensureAscii Whether arguments are written with `json.dumps`' default `ensure_ascii`.
 * @returns What the parser returns.
 */
export function extractPythonic(text: string, ensureAscii: boolean): FamilyParse {
  const none = { toolsCalled: false, calls: [], content: text };
  if (!matchesToolCallRegex(text)) return none;
  try {
    const list = parsePythonExpression(text);
    if (list.k !== "list" || !list.elts.every((e) => e.k === "call")) return none;
    const calls: ParsedCall[] = list.elts.map((e) => {
      if (e.k !== "call" || e.func.k !== "name") throw new TypeError("Invalid tool call name");
      const args = new Map<string, PyValue>();
      for (const kw of e.keywords) args.set(kw.arg, pythonicValue(kw.value));
      return { name: e.func.id, arguments: pyJsonDumps(args, { ensureAscii }) };
    });
    return { toolsCalled: true, calls, content: null };
  } catch {
    return none;
  }
}

/**
 * A string as Python's `repr` writes it (single quotes unless the string holds one and no double
 * quote).
 *
 * @param s The string.
 * @returns The literal.
 */
export function pyStringRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = q;
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (c === "\\") out += "\\\\";
    else if (c === q) out += `\\${q}`;
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else out += c;
  }
  return out + q;
}

/**
 * A value as a model writes it in a Python call: `repr` for strings, `True`/`False`/`None`, numbers
 * as written.
 *
 * @param v The value.
 * @returns The Python text.
 */
export function pyLiteral(v: PyValue): string {
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "string") return pyStringRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyLiteral).join(", ")}]`;
  if (v instanceof Map) {
    return `{${[...v].map(([k, x]) => `${pyStringRepr(k)}: ${pyLiteral(x)}`).join(", ")}}`;
  }
  return (v as { text: string }).text;
}

/**
 * Calls as a Python list, `[f(a=1), g(b='x')]`.
 *
 * @param calls The calls.
 * @returns The text.
 */
export function pythonicList(calls: readonly Call[]): string {
  return `[${
    calls.map((c) => {
      const args = c.args instanceof Map
        ? [...c.args].map(([k, v]) => `${k}=${pyLiteral(v)}`).join(", ")
        : "";
      return `${c.name}(${args})`;
    }).join(", ")
  }]`;
}

/**
 * The list broken as a model breaks it, picked by `u`: the closing bracket missing, a string's
 * closing quote missing, or the first argument passed by position.
 *
 * @param list The list's text.
 * @param u The pick, in [0, 1).
 * @returns The broken text.
 */
export function breakPythonic(list: string, u: number): string {
  if (u < 1 / 3 || !list.includes("=")) return list.slice(0, -1);
  if (u < 2 / 3) {
    const quote = list.lastIndexOf("'");
    if (quote > 0) return list.slice(0, quote) + list.slice(quote + 1);
    return list.slice(0, -1);
  }
  return list.replace(/\(([\p{L}\p{N}_]+)=/u, "(");
}

/** The pythonic family. */
export const pythonic: ToolFamily = {
  parser: "pythonic",
  parallel: true,
  write: (calls: readonly Call[]): string => pythonicList(calls),
  undecodable: (calls: readonly Call[], u: number): string => breakPythonic(pythonicList(calls), u),
  extract: (text: string): FamilyParse => extractPythonic(text, false),
};
