/**
 * The scripted model's ways of getting an answer right in substance and wrong in form, for the
 * lenient reading's tests: string arguments lower-cased, and optional arguments left out at their
 * declared defaults (or given at them where the answer leaves them out). The optional parameters
 * and their defaults are read from a row's tools here, on their own, not through `src/`.
 *
 * @module
 */

import type { ToolSpec } from "../../src/dataset/item.ts";
import { type Call, type Entry, fromJsonValue } from "./scripted_model.ts";
import { pyJsonLoads, type PyValue } from "./python_json.ts";

/** Each tool's optional parameters that declare a default: the default as the model writes it. */
export type OptionalDefaults = ReadonlyMap<string, ReadonlyMap<string, PyValue>>;

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * A declared default as a value of its type words' base type (`int`, `float`, `bool`, `str`), or
 * `undefined` for a type the model does not write defaults of (lists, dicts, …).
 */
function typed(value: PyValue, base: string): PyValue | undefined {
  if (base === "str") return typeof value === "string" ? value : undefined;
  if (base === "bool") {
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "True") return true;
    if (value === "false" || value === "False") return false;
    return undefined;
  }
  if (base === "int" || base === "float") {
    if (typeof value !== "string") {
      return value !== null && typeof value === "object" && "kind" in value ? value : undefined;
    }
    if (!NUMBER.test(value)) return undefined;
    return /^-?[0-9]+$/.test(value)
      ? { kind: "int", value: BigInt(value), text: value }
      : { kind: "float", value: Number(value), text: value };
  }
  return undefined;
}

/**
 * The optional defaults of a row's tools (its `tools` JSON string).
 *
 * @param toolsText The row's tools.
 * @returns The defaults, by tool and parameter.
 */
export function optionalDefaultsOfRow(toolsText: string): OptionalDefaults {
  const out = new Map<string, Map<string, PyValue>>();
  let tools: PyValue;
  try {
    tools = pyJsonLoads(toolsText);
  } catch {
    return out;
  }
  if (!Array.isArray(tools)) return out;
  for (const tool of tools) {
    if (!(tool instanceof Map)) continue;
    const name = tool.get("name");
    const params = tool.get("parameters");
    if (typeof name !== "string" || !(params instanceof Map) || out.has(name)) continue;
    const defaults = new Map<string, PyValue>();
    for (const [pname, p] of params as ReadonlyMap<string, PyValue>) {
      if (!(p instanceof Map)) continue;
      const words = p.get("type");
      if (typeof words !== "string" || !p.has("default")) continue;
      const parts = words.split(",").map((w) => w.trim());
      if (!parts.slice(1).includes("optional")) continue;
      const t = typed(p.get("default")!, parts[0]!);
      if (t !== undefined) defaults.set(pname, t);
    }
    out.set(name, defaults);
  }
  return out;
}

/**
 * The optional defaults of an item's tools, as sent (the names of its optional parameters, and
 * each parameter's `default` and JSON Schema `type`).
 *
 * @param tools The item's tools.
 * @returns The defaults, by tool and parameter.
 */
export function optionalDefaultsOfTools(tools: readonly ToolSpec[]): OptionalDefaults {
  const BASE: Readonly<Record<string, string>> = {
    string: "str",
    integer: "int",
    number: "float",
    boolean: "bool",
  };
  const out = new Map<string, Map<string, PyValue>>();
  for (const tool of tools) {
    if (out.has(tool.name)) continue;
    const defaults = new Map<string, PyValue>();
    const properties = tool.parameters.get("properties") as ReadonlyMap<string, unknown>;
    for (const name of tool.optional ?? []) {
      const p = properties?.get(name) as ReadonlyMap<string, unknown> | undefined;
      const d = p?.get("default");
      const base = BASE[String(p?.get("type"))];
      if (d === undefined || base === undefined) continue;
      const t = typed(fromJsonValue(d as never), base);
      if (t !== undefined) defaults.set(name, t);
    }
    out.set(tool.name, defaults);
  }
  return out;
}

/** Whether two values the model writes are the same value (numbers by value). */
function same(a: PyValue, b: PyValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if ("kind" in a && "kind" in b) {
    const x = a as { kind: string; value: bigint | number };
    const y = b as { kind: string; value: bigint | number };
    return x.kind === "int" && y.kind === "int"
      ? x.value === y.value
      : Number(x.value) === Number(y.value);
  }
  return false; // the model only compares scalars with defaults
}

function lowered(v: PyValue): PyValue {
  if (typeof v === "string") return v.toLowerCase();
  if (Array.isArray(v)) return v.map(lowered);
  if (v instanceof Map) {
    const m = new Map<string, PyValue>();
    for (const [k, x] of v) m.set(k, lowered(x));
    return m;
  }
  return v;
}

/**
 * The calls with every string argument, at any depth, lower-cased; `undefined` when that changes
 * nothing (no string with a capital).
 *
 * @param calls The answer's calls.
 * @returns The calls, or `undefined`.
 */
export function lowerCased(calls: readonly Call[]): readonly Call[] | undefined {
  let changed = false;
  const out = calls.map((c) => {
    const args = lowered(c.args);
    if (JSON.stringify(stringsOf(args)) !== JSON.stringify(stringsOf(c.args))) changed = true;
    return { name: c.name, args };
  });
  return changed ? out : undefined;
}

function stringsOf(v: PyValue): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(stringsOf);
  if (v instanceof Map) return [...v.values()].flatMap(stringsOf);
  return [];
}

/**
 * The calls with each argument the answer gives at its tool's optional default left out; when
 * there is none, with each optional parameter the answer leaves out given at its default;
 * `undefined` when neither changes anything.
 *
 * @param calls The answer's calls.
 * @param defaults The tools' optional defaults.
 * @returns The calls, or `undefined`.
 */
export function atDefaults(
  calls: readonly Call[],
  defaults: OptionalDefaults,
): readonly Call[] | undefined {
  const change = (leaveOut: boolean) => {
    let changed = false;
    const out = calls.map((c) => {
      const declared = defaults.get(c.name);
      if (declared === undefined || !(c.args instanceof Map)) return c;
      const args = new Map(c.args as ReadonlyMap<string, PyValue>);
      for (const [name, value] of declared) {
        const given = args.get(name);
        if (leaveOut && given !== undefined && same(given, value)) {
          args.delete(name);
          changed = true;
        } else if (!leaveOut && given === undefined) {
          args.set(name, value);
          changed = true;
        }
      }
      return { name: c.name, args };
    });
    return changed ? out : undefined;
  };
  return change(true) ?? change(false);
}

/**
 * The optional defaults of an entry's tools, or none when its tools were not kept.
 *
 * @param entry The item, as the emulator knows it.
 * @returns The defaults, by tool and parameter.
 */
export function optionalDefaultsOf(entry: Entry): OptionalDefaults {
  const tools = entry.tools();
  if (tools === undefined) return new Map();
  return typeof tools === "string" ? optionalDefaultsOfRow(tools) : optionalDefaultsOfTools(tools);
}
