/**
 * The `optional-default` rule of the lenient reading: an optional parameter's declared default,
 * read by the parameter's type.
 *
 * @module
 */

import type { ToolSpec } from "../dataset/item.ts";
import { isJsonNumberText, isJsonObject, JsonNumber, type JsonValue } from "../json/json_value.ts";
import { JsonSyntaxError, parseJson } from "../json/strict_json.ts";

/**
 * A declared default read by its parameter's JSON Schema type (the `type` the type words give):
 *
 * - `integer` and `number`: a string that is a JSON number's text is that number (`"0"` → `0`);
 * - `boolean`: `"true"` and `"True"` are `true`, `"false"` and `"False"` are `false`;
 * - `array` and `object`: a string that is strict JSON text of an array (an object) is that value
 *   (`"[]"` → `[]`);
 * - anything else, and a default that already has its type, is the default as written.
 *
 * @param value The parameter's `default`.
 * @param type The parameter's JSON Schema `type`, if it has one.
 * @returns The default as a value of the type.
 *
 * @example
 * ```ts
 * import { typedDefault } from "./optional_default.ts";
 * import { JsonNumber } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(typedDefault("0", "integer"), new JsonNumber("0"));
 * assert.equal(typedDefault("False", "boolean"), false);
 * assert.equal(typedDefault("", "integer"), "");
 * assert.equal(typedDefault("5", "string"), "5");
 * ```
 */
export function typedDefault(value: JsonValue, type: JsonValue | undefined): JsonValue {
  if (typeof value !== "string") return value;
  if (type === "integer" || type === "number") {
    return isJsonNumberText(value) ? new JsonNumber(value) : value;
  }
  if (type === "boolean") {
    if (value === "true" || value === "True") return true;
    if (value === "false" || value === "False") return false;
    return value;
  }
  if (type === "array" || type === "object") {
    let parsed: JsonValue;
    try {
      parsed = parseJson(value);
    } catch (e) {
      if (e instanceof JsonSyntaxError) return value;
      throw e;
    }
    const fits = type === "array" ? Array.isArray(parsed) : isJsonObject(parsed);
    return fits ? parsed : value;
  }
  return value;
}

/**
 * The default of a tool's parameter as `optional-default` reads it: only a parameter whose type
 * words carry `, optional` and that declares a `default` has one (a required parameter's example
 * default does not count), read by the parameter's type ({@linkcode typedDefault}).
 *
 * @param tool The tool, as sent (with the names of its optional parameters).
 * @param name The parameter's name.
 * @returns The default, or `undefined` when the parameter is not optional or declares none.
 *
 * @example
 * ```ts
 * import { optionalDefault } from "./optional_default.ts";
 * import { JsonNumber, parseJson } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const parameters = parseJson(
 *   '{"type": "object", "properties": {"n": {"type": "integer", "default": "5"}}, "required": []}',
 * ) as ReadonlyMap<string, never>;
 * const tool = { name: "f", description: "", parameters, optional: ["n"] };
 * assert.deepEqual(optionalDefault(tool, "n"), new JsonNumber("5"));
 * assert.equal(optionalDefault({ ...tool, optional: [] }, "n"), undefined);
 * ```
 */
export function optionalDefault(tool: ToolSpec, name: string): JsonValue | undefined {
  if (tool.optional === undefined || !tool.optional.includes(name)) return undefined;
  const properties = tool.parameters.get("properties");
  if (properties === undefined || !isJsonObject(properties)) return undefined;
  const property = properties.get(name);
  if (property === undefined || !isJsonObject(property)) return undefined;
  const declared = property.get("default");
  if (declared === undefined) return undefined;
  return typedDefault(declared, property.get("type"));
}
