/**
 * The qwen3_coder family (Qwen3-Coder): XML-like calls,
 * `<tool_call>\n<function=NAME>\n<parameter=KEY>\nVALUE\n</parameter>\n</function>\n</tool_call>`,
 * read by vLLM's `qwen3_coder` parser
 * (`vllm/entrypoints/openai/tool_parsers/qwen3coder_tool_parser.py` at
 * `0054011dad3f7efb66b56f6d538d7b56cc7b7ecc`).
 *
 * The parser's non-streaming `extract_tool_calls`: with no `<function=` in the text, no call and
 * the whole text. Else the `<tool_call>` blocks (or the whole text when there are none), in each
 * the `<function=…>` parts, in each the `<parameter=…>` parts; a value loses one leading and one
 * trailing newline and is typed by the request's tool schema (`_convert_param_value`: `null` is
 * None whatever the type; a parameter the schema does not list stays a string; integer types by
 * `int()`, number types by `float()` and an integral float as an int, booleans by
 * `lower() == "true"`, object and array types by `json.loads`, then `ast.literal_eval`, a value
 * neither reads staying a string). The arguments are `json.dumps(…, ensure_ascii=False)`, the
 * content the text before the first `<tool_call>` (else before the first `<function=`), `None`
 * when empty. A function or parameter part without `>` raises, and then no call and the whole
 * text, which is how a model's slip shows.
 *
 * The emulator uses this port for its legacy and mid versions; vLLM's registry at
 * `0064cc9cb1ae57b1308015d48a57462fa27a68f2` serves `qwen3_coder` and `qwen3_xml` with another
 * class, `Qwen3EngineToolParser`, ported in `qwen3_engine.ts` for main-2026.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, pyJsonLoads, type PyValue, writeAsWritten } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { extractQwen3Engine } from "./qwen3_engine.ts";
import { literalEval } from "./_python_literal.ts";
import { isRecord } from "./_markup.ts";

const TOOL_CALL = /<tool_call>([\s\S]*?)<\/tool_call>|<tool_call>([\s\S]*?)(?=\n?$)/g;
const FUNCTION = /<function=([\s\S]*?)<\/function>|<function=([\s\S]*)(?=\n?$)/g;
const PARAMETER =
  /<parameter=([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|(?=\n?$))/g;

type Schema = Readonly<Record<string, unknown>>;

/** `_get_arguments_config`: the tool's `properties`, else its `parameters`, else nothing. */
function argumentsConfig(name: string, tools: readonly unknown[] | undefined): Schema {
  for (const tool of tools ?? []) {
    if (!isRecord(tool) || !isRecord(tool.function) || typeof tool.function.name !== "string") {
      continue;
    }
    if (tool.type === "function" && tool.function.name === name) {
      const params = tool.function.parameters;
      if (isRecord(params) && "properties" in params) {
        return isRecord(params.properties) ? params.properties : {};
      }
      return isRecord(params) ? params : {};
    }
  }
  return {};
}

/** Python's `int(text)` on a string, or undefined where it raises. */
export function pyInt(text: string): PyValue | undefined {
  const m = /^\s*([+-]?)([0-9](?:_?[0-9])*)\s*$/.exec(text);
  if (m === null) return undefined;
  const digits = m[2]!.replaceAll("_", "");
  if (digits.replace(/^0+/, "").length > 4300) return undefined;
  const value = BigInt(m[1] + digits);
  return { kind: "int", value, text: value.toString() };
}

/** Python's `float(text)` on a string, or undefined where it raises. */
export function pyFloat(text: string): number | undefined {
  const t = text.trim();
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(t);
  if (special !== null) {
    if (special[2]!.toLowerCase() === "nan") return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  if (
    !/^[+-]?(?:(?:[0-9](?:_?[0-9])*)?\.[0-9](?:_?[0-9])*|[0-9](?:_?[0-9])*\.?)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/
      .test(t)
  ) {
    return undefined;
  }
  return Number(t.replaceAll("_", ""));
}

/** `ast.literal_eval`, the text itself where it raises; a value JSON cannot hold still throws. */
function literalOrText(text: string): PyValue {
  try {
    return literalEval(text);
  } catch (e) {
    if (e instanceof TypeError) throw e;
    return text;
  }
}

/** `_convert_param_value` at the commit read. */
function convert(value: string, name: string, config: Schema): PyValue {
  if (value.toLowerCase() === "null") return null;
  if (!Object.hasOwn(config, name)) return value;
  const spec = config[name];
  const type = isRecord(spec) && "type" in spec
    ? (typeof spec.type === "string" ? spec.type : JSON.stringify(spec.type) ?? "").trim()
      .toLowerCase()
    : "string";
  if (["string", "str", "text", "varchar", "char", "enum"].includes(type)) return value;
  if (["int", "uint", "long", "short", "unsigned"].some((p) => type.startsWith(p))) {
    return pyInt(value) ?? value;
  }
  if (type.startsWith("num") || type.startsWith("float")) {
    const f = pyFloat(value);
    if (f === undefined || !Number.isFinite(f)) return value;
    if (Number.isInteger(f)) {
      const i = BigInt(f);
      return { kind: "int", value: i, text: i.toString() };
    }
    return { kind: "float", value: f, text: String(f) };
  }
  if (["boolean", "bool", "binary"].includes(type)) return value.toLowerCase() === "true";
  if (
    ["object", "array", "arr"].includes(type) || type.startsWith("dict") || type.startsWith("list")
  ) {
    try {
      return pyJsonLoads(value);
    } catch {
      // then literal_eval, as vLLM does
    }
  }
  return literalOrText(value);
}

/** One `<function=…>` part as a call; throws where vLLM's `_parse_xml_function_call` raises. */
function functionCall(part: string, tools: readonly unknown[] | undefined): ParsedCall {
  const end = part.indexOf(">");
  if (end < 0) throw new RangeError("substring not found");
  const name = part.slice(0, end);
  const config = argumentsConfig(name, tools);
  const args = new Map<string, PyValue>();
  for (const m of part.slice(end + 1).matchAll(PARAMETER)) {
    const body = m[1]!;
    const idx = body.indexOf(">");
    if (idx < 0) throw new RangeError("substring not found");
    let value = body.slice(idx + 1);
    if (value.startsWith("\n")) value = value.slice(1);
    if (value.endsWith("\n")) value = value.slice(0, -1);
    args.set(body.slice(0, idx), convert(value, body.slice(0, idx), config));
  }
  return { name, arguments: pyJsonDumps(args) };
}

/**
 * vLLM's qwen3_coder `extract_tool_calls`.
 *
 * @param text The model's text.
 * @param tools The request's tools.
 * @returns What the parser returns.
 */
export function extractQwen3Coder(text: string, tools?: readonly unknown[]): FamilyParse {
  const none = { toolsCalled: false, calls: [], content: text };
  if (!text.includes("<function=")) return none;
  try {
    let blocks = [...text.matchAll(TOOL_CALL)].map((m) => m[1] || m[2] || "");
    if (blocks.length === 0) blocks = [text];
    const parts = blocks.flatMap((b) => [...b.matchAll(FUNCTION)].map((m) => m[1] || m[2] || ""));
    if (parts.length === 0) return none;
    const calls = parts.map((p) => functionCall(p, tools));
    let at = text.indexOf("<tool_call>");
    if (at < 0) at = text.indexOf("<function=");
    const content = text.slice(0, at);
    return { toolsCalled: calls.length > 0, calls, content: content === "" ? null : content };
  } catch (e) {
    if (e instanceof RangeError || e instanceof TypeError) return none;
    throw e;
  }
}

/** A value as Qwen3-Coder writes it in a parameter: a string as is, anything else as JSON. */
function parameterText(v: PyValue): string {
  return typeof v === "string" ? v : writeAsWritten(v);
}

/**
 * Calls in Qwen3-Coder's markup, one `<tool_call>` block each.
 *
 * @param calls The calls.
 * @returns The text.
 */
export function qwen3CoderCalls(calls: readonly Call[]): string {
  return calls.map((c) => {
    const params = c.args instanceof Map
      ? [...c.args].map(([k, v]) => `<parameter=${k}>\n${parameterText(v)}\n</parameter>\n`)
        .join("")
      : "";
    return `<tool_call>\n<function=${c.name}>\n${params}</function>\n</tool_call>`;
  }).join("\n");
}

/**
 * The calls with a slip the parser cannot get past: a parameter tag's `>` missing (the first or
 * the last parameter, picked by `u`), or the function tag's for a call without parameters.
 *
 * @param calls The calls.
 * @param u The pick, in [0, 1).
 * @returns The text.
 */
export function breakQwen3Coder(calls: readonly Call[], u: number): string {
  const text = qwen3CoderCalls(calls);
  const tags = [...text.matchAll(/<parameter=[^>\n]*>/g)];
  const tag = u < 0.5 ? tags[0] : tags[tags.length - 1];
  if (tag !== undefined) {
    const at = tag.index + tag[0].length - 1;
    return text.slice(0, at) + text.slice(at + 1);
  }
  return text.replace(/(<function=[^>\n]*)>/, "$1");
}

/** The qwen3_coder family. */
export const qwen3Coder: ToolFamily = {
  parser: "qwen3_coder",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content ?? "") + qwen3CoderCalls(calls),
  undecodable: breakQwen3Coder,
  extract: extractQwen3Coder,
  extractByVersion: { "main-2026": extractQwen3Engine },
};
