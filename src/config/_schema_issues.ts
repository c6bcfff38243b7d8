/**
 * Turns the schema validator's errors into {@linkcode ConfigIssue}s, in the style of the
 * assess.yaml page (`missing property 'mode'`, `value must be 1`, an unknown key as
 * `retries: not a setting of assess.yaml at the top level`). Private to `src/config/`.
 *
 * @module
 */

import type { SchemaError } from "./_schema_check.js";
import type { ConfigIssue } from "./config_issue.ts";
import { settingHint } from "./_setting_names.ts";

/** A JSON pointer (`/models/adapters/0/name`) as a dotted path (`models.adapters.0.name`). */
export function pointerToPath(pointer: string): string {
  if (pointer === "") return "";
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** A value as a refusal shows it: text in single quotes (shortened), others as JSON. */
export function show(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > 100 ? `${value.slice(0, 97)}...` : value;
    return `'${shown}'`;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return typeOf(value);
  return JSON.stringify(value) ?? String(value);
}

/** The JSON type of a value, as the schema's `type` keyword names them. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") {
    // YAML reads .inf, and a number past a double's range (1e400), as infinite.
    if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : "a number too large";
    return Number.isInteger(value) ? "integer" : "number";
  }
  if (typeof value === "object") return "object";
  return typeof value;
}

/** A key shown as the end of a path: plain words, not too long to read. */
const PLAIN_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One issue per schema error, except for errors that only say another one failed (`if`).
 *
 * @param errors The validator's errors.
 * @returns The issues, unsorted.
 */
export function schemaIssues(errors: readonly SchemaError[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const error of errors) {
    const path = pointerToPath(error.instancePath);
    const params = error.params;
    switch (error.keyword) {
      case "if":
        break;
      case "additionalProperties": {
        // In the file's words: the key, where it was found, and what it may have meant.
        const key = String(params.additionalProperty);
        const where = path === "" ? "at the top level" : `under ${path}`;
        const hint = settingHint(key, path);
        if (PLAIN_KEY.test(key)) {
          issues.push({
            path: join(path, key),
            message: `not a setting of assess.yaml ${where}${hint}`,
          });
        } else {
          issues.push({
            path,
            message: `${show(key)} is not a setting of assess.yaml ${where}${hint}`,
          });
        }
        break;
      }
      case "required":
        issues.push({ path, message: `missing property '${String(params.missingProperty)}'` });
        break;
      case "type":
        issues.push({ path, message: `got ${typeOf(error.data)}, want ${String(params.type)}` });
        break;
      case "const":
        issues.push({ path, message: `value must be ${show(params.allowedValue)}` });
        break;
      case "enum": {
        const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
        issues.push({ path, message: `value must be one of ${allowed.map(show).join(", ")}` });
        break;
      }
      case "minimum":
        issues.push({ path, message: `value must be at least ${show(params.limit)}` });
        break;
      case "maximum":
        issues.push({ path, message: `value must be at most ${show(params.limit)}` });
        break;
      case "exclusiveMinimum":
        issues.push({ path, message: `value must be more than ${show(params.limit)}` });
        break;
      case "exclusiveMaximum":
        issues.push({ path, message: `value must be less than ${show(params.limit)}` });
        break;
      case "minLength":
        issues.push({
          path,
          message: params.limit === 1
            ? "value must not be empty"
            : `value must be at least ${show(params.limit)} characters long`,
        });
        break;
      case "minItems":
        issues.push({
          path,
          message: params.limit === 1
            ? "value must not be an empty list"
            : `value must hold at least ${show(params.limit)} elements`,
        });
        break;
      case "pattern":
        issues.push({
          path,
          message: `${show(error.data)} does not match pattern '${String(params.pattern)}'`,
        });
        break;
      default:
        issues.push({ path, message: error.message ?? `fails the schema's ${error.keyword}` });
    }
  }
  return issues;
}

export { join as joinPath };
