/**
 * The glm45 family (GLM-4.5, GLM-4.6): `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n</tool_call>`
 * blocks, read by vLLM's GLM-4.5 parser
 * (`vllm/entrypoints/openai/tool_parsers/glm4_moe_tool_parser.py` at
 * `0241e7d691000a72fcfdc14cc5bce3938162bd58`).
 *
 * The parser's non-streaming `extract_tool_calls`: every complete `<tool_call>…</tool_call>`
 * block; in each, the name is the text up to the first newline (or a written `\n`), and every
 * `<arg_key>`/`<arg_value>` pair gives an argument, its key and value stripped. A value whose
 * parameter the request's schema types `string` stays as written; any other is read by
 * `json.loads`, else as the body of a JSON string that is JSON, else by `ast.literal_eval`, else
 * kept as written. The arguments are `json.dumps` with its default `ensure_ascii=True`, the
 * content the text before the first `<tool_call>` (an empty string, not `None`, when the calls
 * come first). A block without a newline raises, and then no call and the whole text; with no
 * complete block, no call and the whole text. Hermes markup (`<tool_call>\n{…}\n</tool_call>`)
 * is read as a call named `""` with no arguments.
 *
 * vLLM main-2026 serves `glm45` with the GLM-4.7 parser instead (the registry,
 * `vllm/tool_parsers/__init__.py` at `0064cc9cb1ae57b1308015d48a57462fa27a68f2`, maps it to
 * `glm47_moe_tool_parser`): {@linkcode extractGlm47}, which the family uses for that version.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import { pyJsonDumps, pyJsonLoads, type PyValue, writeAsWritten } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse, ToolFamily } from "./family.ts";
import { literalEval } from "./_python_literal.ts";
import { isRecord, PY_SPACE, pyStrip } from "./_markup.ts";

const BLOCK = /<tool_call>[\s\S]*?<\/tool_call>/g;
const DETAIL = /<tool_call>([\s\S]*?)(?:\\n|\n)([\s\S]*)<\/tool_call>/;
/** The pair pattern, its `\s` Python's ({@linkcode PY_SPACE}). */
const PAIR = new RegExp(
  `<arg_key>([\\s\\S]*?)</arg_key>(?:\\\\n|${PY_SPACE})*<arg_value>([\\s\\S]*?)</arg_value>`,
  "gu",
);

/** `_is_string_type`: whether the tool's schema gives the argument the type `string`. */
function isStringType(tool: string, arg: string, tools: readonly unknown[] | undefined): boolean {
  for (const t of tools ?? []) {
    const fn = isRecord(t) ? t.function : undefined;
    if (!isRecord(fn) || fn.name !== tool) continue;
    const params = fn.parameters;
    if (params === undefined || params === null) return false;
    if (!isRecord(params)) throw new TypeError("parameters is not a dict");
    const props = params.properties ?? {};
    if (!isRecord(props)) throw new TypeError("properties is not a dict");
    const spec = props[arg] ?? {};
    if (!isRecord(spec)) throw new TypeError("the property is not a dict");
    return spec.type === "string";
  }
  return false;
}

/** `_deserialize`; a value `json.dumps` cannot write still throws (as vLLM's then fails). */
function deserialize(value: string): PyValue {
  try {
    return pyJsonLoads(value);
  } catch {
    // next reading
  }
  try {
    const wrapped = pyJsonLoads(`{"tmp": "${value}"}`);
    const inner = wrapped instanceof Map ? wrapped.get("tmp") : undefined;
    if (typeof inner === "string") return pyJsonLoads(inner);
  } catch {
    // next reading
  }
  return literalOrAsWritten(value);
}

/** `ast.literal_eval`, else the value as written. */
function literalOrAsWritten(value: string): PyValue {
  try {
    return literalEval(value);
  } catch (e) {
    if (e instanceof TypeError) throw e;
  }
  return value;
}

/**
 * vLLM's GLM-4.5 `extract_tool_calls`.
 *
 * @param text The model's text.
 * @param tools The request's tools.
 * @returns What the parser returns.
 */
export function extractGlm45(text: string, tools?: readonly unknown[]): FamilyParse {
  const none = { toolsCalled: false, calls: [], content: text };
  const calls: ParsedCall[] = [];
  try {
    for (const block of text.match(BLOCK) ?? []) {
      const detail = DETAIL.exec(block);
      if (detail === null) return none;
      const name = detail[1]!;
      const args = new Map<string, PyValue>();
      for (const [, key, value] of detail[2]!.matchAll(PAIR)) {
        const k = pyStrip(key!);
        const v = pyStrip(value!);
        args.set(k, isStringType(name, k, tools) ? v : deserialize(v));
      }
      calls.push({ name, arguments: pyJsonDumps(args, { ensureAscii: true }) });
    }
  } catch {
    return none;
  }
  if (calls.length === 0) return none;
  return { toolsCalled: true, calls, content: text.slice(0, text.indexOf("<tool_call>")) };
}

const DETAIL_47 = /<tool_call>([\s\S]*?)(<arg_key>[\s\S]*?)?<\/tool_call>/;

/** The GLM-4.7 base's `_deserialize`: `json.loads`, else `ast.literal_eval`, else as written. */
function deserialize47(value: string): PyValue {
  try {
    return pyJsonLoads(value);
  } catch {
    return literalOrAsWritten(value);
  }
}

/**
 * vLLM's GLM-4.7 `extract_tool_calls`: `Glm47MoeModelToolParser`
 * (`vllm/tool_parsers/glm47_moe_tool_parser.py` at `b91ee1b47c8e8462ada5e5b8d18244bc96a0ebbc`), the
 * GLM-4.5 class with the block pattern `<tool_call>(.*?)(<arg_key>.*?)?</tool_call>`, over the
 * `extract_tool_calls` of its base as the stored `vllm/tool_parsers/glm4_moe_tool_parser.py` (at
 * `081866a63af3f44fc3f71c6c3539129fa2380985`) has it.
 *
 * Every complete `<tool_call>…</tool_call>` block is a call: its name is the text up to the first
 * `<arg_key>` (or the whole block), stripped, so a block with no newline is read and hermes
 * markup is a call named by its JSON text; each `<arg_key>`/`<arg_value>` pair an argument, its key
 * stripped, a value the schema types `string` kept as written (not stripped), any other stripped
 * and read by `json.loads`, else `ast.literal_eval`, else kept. The arguments are `json.dumps` with
 * `ensure_ascii=False`; the content the text before the first `<tool_call>`, `None` when that is
 * empty or whitespace. With no complete block, or when reading raises, no call and the whole text.
 *
 * @param text The model's text.
 * @param tools The request's tools.
 * @returns What the parser returns.
 */
export function extractGlm47(text: string, tools?: readonly unknown[]): FamilyParse {
  const none = { toolsCalled: false, calls: [], content: text };
  const calls: ParsedCall[] = [];
  try {
    for (const block of text.match(BLOCK) ?? []) {
      const detail = DETAIL_47.exec(block)!;
      const name = pyStrip(detail[1]!);
      const args = new Map<string, PyValue>();
      for (const [, key, value] of (detail[2] ?? "").matchAll(PAIR)) {
        const k = pyStrip(key!);
        args.set(k, isStringType(name, k, tools) ? value! : deserialize47(pyStrip(value!)));
      }
      calls.push({ name, arguments: pyJsonDumps(args) });
    }
  } catch {
    return none;
  }
  if (calls.length === 0) return none;
  const before = text.slice(0, text.indexOf("<tool_call>"));
  return { toolsCalled: true, calls, content: pyStrip(before) === "" ? null : before };
}

/** A value as GLM writes it: a string as is, anything else as JSON. */
const valueText = (v: PyValue): string => typeof v === "string" ? v : writeAsWritten(v);

/**
 * Calls in GLM-4.5's markup, one block each; `sep` between the parts (a newline; none for the
 * one-line slip).
 */
function glmCalls(calls: readonly Call[], sep: string): string {
  return calls.map((c) => {
    const pairs = c.args instanceof Map
      ? [...c.args].map(([k, v]) =>
        `<arg_key>${k}</arg_key>${sep}<arg_value>${valueText(v)}</arg_value>${sep}`
      )
        .join("")
      : "";
    return `<tool_call>${c.name}${sep}${pairs}</tool_call>`;
  }).join(sep);
}

/** The glm45 family. */
export const glm45: ToolFamily = {
  parser: "glm45",
  parallel: true,
  write: (calls: readonly Call[], content?: string): string =>
    (content ?? "") + glmCalls(calls, "\n"),
  undecodable: (calls: readonly Call[], u: number): string =>
    u < 0.5 ? glmCalls(calls, "") : glmCalls(calls, "\n").replaceAll("</tool_call>", ""),
  extract: extractGlm45,
  extractByVersion: { "main-2026": extractGlm47 },
};
