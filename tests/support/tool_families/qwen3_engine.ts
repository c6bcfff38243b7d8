/**
 * The parser vLLM main-2026 serves under `qwen3_coder` and `qwen3_xml`: `Qwen3EngineToolParser`
 * (registry `vllm/tool_parsers/__init__.py` at `0064cc9cb1ae57b1308015d48a57462fa27a68f2`;
 * `vllm/tool_parsers/qwen3_engine_tool_parser.py` at `f3c30210d35ab906b12dc94f429d5afa3bf3e0cd`), an
 * adapter whose non-streaming `extract_tool_calls` is `ParserEngine.extract_tool_calls_from_content`
 * (`vllm/parser/engine/parser_engine.py`, stored at `001ba1eb488ce8db14ba6aaa40faa9ffeade306f`)
 * driving the state machine of `vllm/parser/qwen3.py` (stored at
 * `03e8268f9f9101b8d7eb707732e3fc61e0665249`) from the content state over the text alone (the
 * stored copies are not pinned to the registry's commit). Values are typed by
 * `coerce_to_schema_type` (`vllm/tool_parsers/utils.py` at `0064cc9…`).
 *
 * The text is cut into the terminals `<think>`, `</think>`, `<tool_call>`, `</tool_call>`,
 * `<function=`, `</function>`, `<parameter=`, `</parameter>` and `>` (leftmost, longest); a terminal
 * the state has no transition for is text of that state. Content is text; a call's name is the text
 * between `<function=` and the next `>` (or `</function>`), stripped; its body the text after that
 * `>` up to `</function>` (or the text's end). A body's parameters are the matches of
 * the pattern `_PARAM_RE` of `qwen3.py` (`<parameter=NAME>VALUE</parameter>`, the name running to
 * the next `>`, the value ending at the closing tag or the next `<parameter=`), each value
 * less one wrapping newline each side, a string, then typed by the schema. So a tag that lost its
 * `>` raises nothing: the call is returned, the parameter lost or under a wrong key. The content
 * beside calls is the text before the first call, stripped, `None` when empty; with no call, the
 * whole text.
 *
 * @module
 */

import { pyJsonDumps, pyJsonLoads, type PyValue } from "../python_json.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { FamilyParse } from "./family.ts";
import { isRecord, PY_SPACE, pyStrip } from "./_markup.ts";
import { pyFloat, pyInt } from "./qwen3_coder.ts";

const TERMINALS = [
  "<think>",
  "</think>",
  "<tool_call>",
  "</tool_call>",
  "<function=",
  "</function>",
  "<parameter=",
  "</parameter>",
  ">",
] as const;
type Terminal = typeof TERMINALS[number];
type State = "content" | "preamble" | "name" | "args" | "between";

/** `qwen3_config`'s transitions from the content state on: the next state, and whether a call starts. */
const TRANSITIONS: Readonly<Record<string, readonly [State, "start" | "end" | "arg" | null]>> = {
  "content </think>": ["content", null],
  "content <tool_call>": ["preamble", "start"],
  "content <function=": ["name", "start"],
  "preamble </tool_call>": ["content", "end"],
  "preamble <function=": ["name", null],
  "name >": ["args", null],
  "name </function>": ["between", "end"],
  "args </function>": ["between", "end"],
  "args <parameter=": ["args", "arg"],
  "args </parameter>": ["args", "arg"],
  "between </tool_call>": ["content", null],
  "between <tool_call>": ["preamble", "start"],
  "between <function=": ["name", "start"],
};

const PARAM = new RegExp(
  `<${PY_SPACE}*parameter${PY_SPACE}*=${PY_SPACE}*([^>]*)>([\\s\\S]*?)` +
    `(?:<${PY_SPACE}*/${PY_SPACE}*parameter${PY_SPACE}*>|(?=<${PY_SPACE}*parameter${PY_SPACE}*=))`,
  "gu",
);

/** The text cut into terminals (leftmost, longest) and the text between them. */
function* lex(text: string): Generator<{ terminal?: Terminal; value: string }> {
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    let best: Terminal | undefined;
    for (const t of TERMINALS) {
      if (text.startsWith(t, i) && (best === undefined || t.length > best.length)) best = t;
    }
    if (best === undefined) continue;
    if (i > from) yield { value: text.slice(from, i) };
    yield { terminal: best, value: best };
    from = i + best.length;
    i = from - 1;
  }
  if (from < text.length) yield { value: text.slice(from) };
}

/** `extract_types_from_schema`. */
function typesOf(schema: unknown): string[] {
  if (!isRecord(schema)) return ["string"];
  const types = new Set<string>();
  if (typeof schema.type === "string") types.add(schema.type);
  else if (Array.isArray(schema.type)) {
    for (const t of schema.type) if (typeof t === "string") types.add(t);
  }
  if (Array.isArray(schema.enum)) {
    for (const v of schema.enum) {
      types.add(
        v === null
          ? "null"
          : typeof v === "boolean"
          ? "boolean"
          : typeof v === "number"
          ? (Number.isInteger(v) ? "integer" : "number")
          : typeof v === "string"
          ? "string"
          : Array.isArray(v)
          ? "array"
          : "object",
      );
    }
  }
  for (const f of ["anyOf", "oneOf", "allOf"]) {
    const choices = schema[f];
    if (Array.isArray(choices)) {
      for (const c of choices) for (const t of typesOf(c)) types.add(t);
    }
  }
  return types.size > 0 ? [...types] : ["string"];
}

const ALIASES: Readonly<Record<string, string>> = {
  str: "string",
  text: "string",
  varchar: "string",
  char: "string",
  enum: "string",
  int: "integer",
  int32: "integer",
  int64: "integer",
  uint: "integer",
  uint32: "integer",
  uint64: "integer",
  long: "integer",
  short: "integer",
  unsigned: "integer",
  float: "number",
  float32: "number",
  float64: "number",
  double: "number",
  bool: "boolean",
  dict: "object",
  arr: "array",
  list: "array",
  sequence: "array",
};

/** Whether `json.dumps(v, allow_nan=False)` writes it (no infinite or NaN float in it). */
function finite(v: PyValue): boolean {
  if (v === null || typeof v !== "object") return true;
  if (Array.isArray(v)) return v.every(finite);
  if (v instanceof Map) return [...v.values()].every(finite);
  const n = v as { kind: string; value: unknown };
  return n.kind !== "float" || Number.isFinite(n.value as number);
}

/** `json.loads` when it reads a finite value, else undefined. */
function loadsFinite(value: string): PyValue | undefined {
  try {
    const v = pyJsonLoads(value);
    return finite(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `coerce_to_schema_type`. */
function coerce(value: string, schemaTypes: readonly string[]): PyValue {
  const types = new Set(schemaTypes.map((t) => {
    const k = pyStrip(t).toLowerCase();
    return ALIASES[k] ?? k;
  }));
  for (const t of ["null", "integer", "number", "boolean", "object", "array", "string"]) {
    if (!types.has(t)) continue;
    if (t === "null" && value.toLowerCase() === "null") return null;
    if (t === "string") return value;
    if (t === "integer") {
      const i = pyInt(value);
      if (i !== undefined) return i;
    }
    if (t === "number") {
      const f = pyFloat(value);
      if (f !== undefined && Number.isFinite(f)) {
        if (!Number.isInteger(f)) return { kind: "float", value: f, text: String(f) };
        const i = BigInt(f);
        return { kind: "int", value: i, text: i.toString() };
      }
    }
    if (t === "boolean") {
      const b = pyStrip(value.toLowerCase());
      if (b === "true" || b === "1") return true;
      if (b === "false" || b === "0") return false;
    }
    if (t === "object" || t === "array") {
      const v = loadsFinite(value);
      if (v !== undefined) return v;
    }
  }
  return loadsFinite(value) ?? value;
}

/** `find_tool_properties` over the request's tools as sent. */
function propertiesOf(
  tools: readonly unknown[] | undefined,
  name: string,
): Record<string, unknown> {
  for (const t of tools ?? []) {
    const fn = isRecord(t) && t.type === "function" ? t.function : undefined;
    if (!isRecord(fn) || fn.name !== name) continue;
    const params = isRecord(fn.parameters) ? fn.parameters : {};
    return isRecord(params.properties) ? params.properties : {};
  }
  return {};
}

/** `_qwen3_arg_converter` then `_fix_arg_types`. */
function argumentsOf(body: string, name: string, tools: readonly unknown[] | undefined): string {
  const args = new Map<string, PyValue>();
  for (const [, key, raw] of body.matchAll(PARAM)) {
    let v = raw!;
    if (v.startsWith("\n")) v = v.slice(1);
    if (v.endsWith("\n")) v = v.slice(0, -1);
    args.set(key!, v);
  }
  const props = propertiesOf(tools, name);
  for (const [k, v] of args) {
    const spec = props[k];
    if (isRecord(spec) && typeof v === "string") args.set(k, coerce(v, typesOf(spec)));
  }
  return pyJsonDumps(args);
}

/**
 * `Qwen3EngineToolParser.extract_tool_calls` (vLLM main-2026's `qwen3_coder` and `qwen3_xml`).
 *
 * @param text The model's text.
 * @param tools The request's tools.
 * @returns What the parser returns.
 */
export function extractQwen3Engine(text: string, tools?: readonly unknown[]): FamilyParse {
  let state: State = "content";
  let before = "";
  let after = "";
  const slots: { name: string; body: string }[] = [];
  for (const { terminal, value } of lex(text)) {
    const tr: readonly [State, "start" | "end" | "arg" | null] | undefined = terminal === undefined
      ? undefined
      : TRANSITIONS[`${state} ${terminal}`];
    if (tr === undefined) {
      if (state === "content") {
        if (slots.length === 0) before += value;
        else after += value;
      } else if (state === "name") slots.at(-1)!.name += value;
      else if (state === "args") slots.at(-1)!.body += value;
      continue;
    }
    if (tr[1] === "start") slots.push({ name: "", body: "" });
    if (tr[1] === "arg") slots.at(-1)!.body += value;
    state = tr[0];
  }
  const calls: ParsedCall[] = [];
  // Whether the engine sent a name delta (a raw name, or `"name": "…"` in the body): then the text
  // after the first call is left out of the content.
  let named = false;
  for (const slot of slots) {
    const bodyName = NAME_IN_BODY.exec(slot.body)?.[1];
    named ||= slot.name !== "" || (bodyName !== undefined && bodyName !== "");
    const name = pyStrip(slot.name);
    if (name === "") {
      const call = pyStrip(slot.body) === "" ? undefined : jsonBody(pyStrip(slot.body));
      if (call !== undefined) calls.push(call);
      continue;
    }
    calls.push({
      name,
      arguments: pyStrip(slot.body) === "" ? "{}" : argumentsOf(slot.body, name, tools),
    });
  }
  if (calls.length === 0) {
    const content = named ? before : before + after;
    const blank = content === "" || (slots.length > 0 && pyStrip(content) === "");
    return { toolsCalled: false, calls: [], content: blank ? null : content };
  }
  const content = pyStrip(before);
  return { toolsCalled: true, calls, content: content === "" ? null : content };
}

const NAME_IN_BODY = /"name"\s*:\s*"([^"]*)"/;

/**
 * `_extract_name_and_args` on a body with no name: a JSON object's `name` and its `arguments` (or
 * `parameters`, or the rest of the object); undefined where that gives no name (a name that is not
 * a string is not ported: read as none).
 */
function jsonBody(body: string): ParsedCall | undefined {
  let parsed: PyValue;
  try {
    parsed = pyJsonLoads(body);
  } catch {
    return undefined;
  }
  if (!(parsed instanceof Map)) return undefined;
  const name = parsed.get("name");
  if (typeof name !== "string" || name === "") return undefined;
  for (const key of ["arguments", "parameters"]) {
    if (!parsed.has(key)) continue;
    const v = parsed.get(key)!;
    return { name, arguments: typeof v === "string" ? v : pyJsonDumps(v) };
  }
  const rest = new Map([...parsed].filter(([k]) => k !== "name"));
  return { name, arguments: pyJsonDumps(rest) };
}
