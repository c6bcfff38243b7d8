/**
 * A row's tools as they are sent: name and description as written, parameters as a JSON Schema
 * object built from each parameter's type words.
 *
 * @module
 */

import { isJsonObject, type JsonObject, type JsonValue } from "../json/json_value.ts";
import type { ToolSpec } from "./item.ts";
import { defaultAgrees, parseTypeWords, type TypeWords, TypeWordsError } from "./type_words.ts";

/**
 * Why a row's `tools` cannot be sent: `reason` names the tool, the parameter and the type words
 * where they are at fault.
 *
 * @example
 * ```ts
 * import { toolsFromJson, ToolsError } from "./tools.ts";
 * import { parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => toolsFromJson(parseJson("{}")), ToolsError);
 * ```
 */
export class ToolsError extends TypeError {
  /** What is wrong, in plain words. */
  readonly reason: string;

  /** @param reason What is wrong, in plain words. */
  constructor(reason: string) {
    super(reason);
    this.name = "ToolsError";
    this.reason = reason;
  }
}

const cache = new Map<string, TypeWords | TypeWordsError>();

function typeWords(words: string): TypeWords {
  let got = cache.get(words);
  if (got === undefined) {
    try {
      got = parseTypeWords(words);
    } catch (e) {
      if (!(e instanceof TypeWordsError)) throw e;
      got = e;
    }
    if (cache.size < 10_000) cache.set(words, got);
  }
  if (got instanceof TypeWordsError) throw got;
  return got;
}

/**
 * Whether a parameter's type words are in the grammar and agree with its default (if they give
 * one): what {@linkcode checkTools} asks of each parameter's `type` and `default`, as a yes or no
 * without the reason. The dataset's quick row check asks it; the reason comes from
 * {@linkcode checkTools} when the answer is no.
 *
 * @param words The parameter's type words.
 * @param value The parameter's `default`, if it has one.
 * @returns Whether {@linkcode checkTools} accepts them.
 */
export function typeWordsAccepted(words: string, value: JsonValue | undefined): boolean {
  return typeof checkTypeWords(words, value) !== "string";
}

// A parameter's type words read, or why they are refused (to follow the parameter's name).
function checkTypeWords(words: string, value: JsonValue | undefined): TypeWords | string {
  let parsed: TypeWords;
  try {
    parsed = typeWords(words);
  } catch (e) {
    if (!(e instanceof TypeWordsError)) throw e;
    return `type words ${JSON.stringify(words)}: ${e.message}`;
  }
  if (parsed.default === undefined) return parsed;
  if (value === undefined) {
    return `type words ${JSON.stringify(words)} give a default, and the parameter has none`;
  }
  if (!defaultAgrees(parsed.default, value)) {
    return `type words ${
      JSON.stringify(words)
    } give the default ${parsed.default.text}, which is not the parameter's default`;
  }
  return parsed;
}

const TOOL_KEYS = new Set(["name", "description", "parameters"]);
const PARAMETER_KEYS = new Set(["type", "description", "default"]);

/**
 * Builds the tools a row sends from its parsed `tools` string: an array of
 * `{"name", "description", "parameters"}` objects, where `parameters` maps each parameter's name
 * to `{"type": TYPE WORDS, "description"?: text, "default"?: any}`.
 *
 * Each tool's `parameters` becomes `{"type": "object", "properties": {…}, "required": […]}`: a
 * property holds the type's schema members, then `description` and `default` as the row wrote
 * them; a parameter is required unless it has a `default` or its type words say `optional`.
 *
 * @param value The row's `tools`, parsed with the strict reader.
 * @returns The tools, in the row's order.
 * @throws {ToolsError} When the value is not in that shape, a parameter's type words are outside
 *   the grammar or a Tuple of mixed types, or a default in the type words does not agree with the
 *   parameter's `default`. The reason names the tool, the parameter and the type words.
 *
 * @example
 * ```ts
 * import { JsonNumber, parseJson } from "@assess/assess";
 * import { toolsFromJson } from "./tools.ts";
 * import assert from "node:assert/strict";
 *
 * const [tool] = toolsFromJson(parseJson(
 *   '[{"name": "f", "description": "d", "parameters": ' +
 *     '{"n": {"type": "int, optional", "description": "how many", "default": 5}}}]',
 * ));
 * assert.deepEqual(tool!.parameters, new Map<string, unknown>([
 *   ["type", "object"],
 *   ["properties", new Map([["n", new Map<string, unknown>([
 *     ["type", "integer"], ["description", "how many"], ["default", new JsonNumber("5")],
 *   ])]])],
 *   ["required", []],
 * ]));
 * ```
 */
export function toolsFromJson(value: JsonValue): ToolSpec[] {
  if (!Array.isArray(value)) throw new ToolsError("tools is not a JSON array");
  const out: ToolSpec[] = [];
  for (let i = 0; i < value.length; i++) tool(value[i]!, i, out);
  return out;
}

/**
 * Checks a row's parsed `tools` as {@linkcode toolsFromJson} does, without building what is sent:
 * the dataset checks every row this way when it is loaded, and builds the tools of the items it
 * needs.
 *
 * @param value The row's `tools`, parsed with the strict reader.
 * @returns The tools' names, in the row's order.
 * @throws {ToolsError} Exactly when {@linkcode toolsFromJson} would.
 *
 * @example
 * ```ts
 * import { checkTools, ToolsError } from "./tools.ts";
 * import { parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const tool = (name: string) =>
 *   `{"name": "${name}", "description": "d", "parameters": {"x": {"type": "int"}}}`;
 * assert.deepEqual(checkTools(parseJson(`[${tool("a")}, ${tool("b")}]`)), ["a", "b"]);
 * assert.throws(() => checkTools(parseJson("[1]")), ToolsError);
 * ```
 */
export function checkTools(value: JsonValue): string[] {
  if (!Array.isArray(value)) throw new ToolsError("tools is not a JSON array");
  const names: string[] = [];
  for (let i = 0; i < value.length; i++) names.push(tool(value[i]!, i, null));
  return names;
}

function unknownMember(map: ReadonlyMap<string, JsonValue>, known: ReadonlySet<string>): string {
  for (const key of map.keys()) if (!known.has(key)) return key;
  return "";
}

// Checks one tool; when `out` is given, builds what is sent and appends it. Returns the name.
function tool(value: JsonValue, i: number, out: ToolSpec[] | null): string {
  if (!isJsonObject(value)) throw new ToolsError(`tool ${i} is not a JSON object`);
  const name = value.get("name");
  if (typeof name !== "string") throw new ToolsError(`tool ${i} has no name string`);
  const label = () => `tool ${JSON.stringify(name)}`;
  const description = value.get("description");
  const params = value.get("parameters");
  if (value.size !== 1 + (description === undefined ? 0 : 1) + (params === undefined ? 0 : 1)) {
    throw new ToolsError(
      `${label()} has an unknown member ${JSON.stringify(unknownMember(value, TOOL_KEYS))}`,
    );
  }
  if (typeof description !== "string") {
    throw new ToolsError(`${label()} has no description string`);
  }
  if (params === undefined || !isJsonObject(params)) {
    throw new ToolsError(`${label()} has no parameters object`);
  }
  const properties = out === null ? null : new Map<string, JsonValue>();
  const required: string[] = [];
  const optional: string[] = [];
  for (const [pname, p] of params) {
    const plabel = () => `${label()} parameter ${JSON.stringify(pname)}`;
    if (!isJsonObject(p)) throw new ToolsError(`${plabel()} is not a JSON object`);
    const words = p.get("type");
    const pdesc = p.get("description");
    const pdefault = p.get("default");
    if (
      p.size !==
        (words === undefined ? 0 : 1) + (pdesc === undefined ? 0 : 1) +
          (pdefault === undefined ? 0 : 1)
    ) {
      throw new ToolsError(
        `${plabel()} has an unknown member ${JSON.stringify(unknownMember(p, PARAMETER_KEYS))}`,
      );
    }
    if (typeof words !== "string") throw new ToolsError(`${plabel()} has no type words string`);
    if (pdesc !== undefined && typeof pdesc !== "string") {
      throw new ToolsError(`${plabel()} has a description that is not a string`);
    }
    const parsed = checkTypeWords(words, pdefault);
    if (typeof parsed === "string") throw new ToolsError(`${plabel()} ${parsed}`);
    if (properties === null) continue;
    const schema = new Map<string, JsonValue>(parsed.schema);
    if (pdesc !== undefined) schema.set("description", pdesc);
    if (pdefault !== undefined) schema.set("default", pdefault);
    properties.set(pname, schema);
    if (pdefault === undefined && !parsed.optional) required.push(pname);
    if (parsed.optional) optional.push(pname);
  }
  if (out !== null) {
    const parameters: JsonObject = new Map<string, JsonValue>([
      ["type", "object"],
      ["properties", properties!],
      ["required", required],
    ]);
    out.push(
      optional.length === 0
        ? { name, description, parameters }
        : { name, description, parameters, optional },
    );
  }
  return name;
}

/**
 * The first name of a list that an earlier one repeats (two tools sharing a name make an item
 * ineligible), found in one pass: a row may hold any number of tools.
 *
 * @param names The tools' names, in the row's order.
 * @returns The name seen twice first, or `undefined`.
 *
 * @example
 * ```ts
 * import { repeatedName } from "./tools.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(repeatedName(["a", "b", "c", "b", "a"]), "b");
 * assert.equal(repeatedName(["a", "b"]), undefined);
 * ```
 */
export function repeatedName(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}
