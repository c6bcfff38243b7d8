/**
 * Quick checks of a row's `tools` and `answers` texts, for loading a dataset: they read the text
 * with the strict reader's rules, in the shape a row must have, without building the `Map`s a
 * parsed value holds (the greater part of the strict reader's cost on 60,000 rows). Each says yes
 * only when `parseJson` and the dataset's own checks would accept the text; anything else, even
 * what those would accept, gets a no, and the dataset then reads the row the full way, which gives
 * the reason when there is one. So a refusal's reason has one source, and a yes is exact: every
 * object is read, each key checked for repeats, every string checked, the nesting counted.
 *
 * @module
 */

import { Reader } from "../json/reader.ts";
import { JsonSyntaxError } from "../json/json_syntax_error.ts";
import type { JsonValue } from "../json/json_value.ts";
import { typeWordsAccepted } from "./tools.ts";

const QUOTE = 0x22;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;

/** One bit for each member of a tool, of a parameter and of a call, to see none written twice. */
const TOOL_NAME = 1;
const TOOL_DESCRIPTION = 2;
const TOOL_PARAMETERS = 4;
const PARAMETER_TYPE = 1;
const PARAMETER_DESCRIPTION = 2;
const PARAMETER_DEFAULT = 4;
const CALL_NAME = 1;
const CALL_ARGUMENTS = 2;

/** More parameters than this in one tool are left to the full reading (a list finds repeats). */
const MANY_PARAMETERS = 64;

/**
 * The names of a row's tools when the text passes every check `checkTools(parseJson(text))`
 * makes, in the row's order; otherwise undefined.
 *
 * @param text The row's `tools` text.
 * @returns The tools' names, or undefined when the full reading must decide.
 */
export function quickToolNames(text: string): string[] | undefined {
  const r = new Reader(text);
  try {
    if (r.peek() !== OPEN_BRACKET) return undefined;
    const names: string[] = [];
    for (let more = r.openArray(); more; more = r.nextElement()) {
      const name = tool(r);
      if (name === undefined) return undefined;
      names.push(name);
    }
    r.end();
    return names;
  } catch (e) {
    if (e instanceof JsonSyntaxError) return undefined;
    throw e;
  }
}

// One tool: exactly a name string, a description string and a parameters object.
function tool(r: Reader): string | undefined {
  if (r.peek() !== OPEN_BRACE) return undefined;
  let seen = 0;
  let name: string | undefined;
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    r.colon();
    const c = r.peek();
    if (key === "name" && (seen & TOOL_NAME) === 0 && c === QUOTE) {
      seen |= TOOL_NAME;
      name = r.string();
    } else if (key === "description" && (seen & TOOL_DESCRIPTION) === 0 && c === QUOTE) {
      seen |= TOOL_DESCRIPTION;
      r.string();
    } else if (key === "parameters" && (seen & TOOL_PARAMETERS) === 0 && c === OPEN_BRACE) {
      seen |= TOOL_PARAMETERS;
      if (!parameters(r)) return undefined;
    } else {
      return undefined;
    }
  }
  return seen === (TOOL_NAME | TOOL_DESCRIPTION | TOOL_PARAMETERS) ? name : undefined;
}

function parameters(r: Reader): boolean {
  const names: string[] = [];
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    if (names.length === MANY_PARAMETERS || names.includes(key)) return false;
    names.push(key);
    r.colon();
    if (r.peek() !== OPEN_BRACE || !parameter(r)) return false;
  }
  return true;
}

// One parameter: type words, and an optional description string and default.
function parameter(r: Reader): boolean {
  let seen = 0;
  let words: string | undefined;
  let value: JsonValue | undefined;
  for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
    r.colon();
    const c = r.peek();
    if (key === "type" && (seen & PARAMETER_TYPE) === 0 && c === QUOTE) {
      seen |= PARAMETER_TYPE;
      words = r.string();
    } else if (key === "description" && (seen & PARAMETER_DESCRIPTION) === 0 && c === QUOTE) {
      seen |= PARAMETER_DESCRIPTION;
      r.string();
    } else if (key === "default" && (seen & PARAMETER_DEFAULT) === 0) {
      seen |= PARAMETER_DEFAULT;
      value = r.value();
    } else {
      return false;
    }
  }
  return words !== undefined && typeWordsAccepted(words, value);
}

/**
 * Whether a row's `answers` text passes every check the dataset makes of it: strict JSON, an
 * array of objects each with exactly a `name` string and an `arguments` object.
 *
 * @param text The row's `answers` text.
 * @returns True when it does; false when the full reading must decide.
 */
export function quickAnswersAccepted(text: string): boolean {
  const r = new Reader(text);
  try {
    if (r.peek() !== OPEN_BRACKET) return false;
    for (let more = r.openArray(); more; more = r.nextElement()) {
      if (r.peek() !== OPEN_BRACE) return false;
      let seen = 0;
      for (let key = r.openObject(); key !== undefined; key = r.nextKey()) {
        r.colon();
        const c = r.peek();
        if (key === "name" && (seen & CALL_NAME) === 0 && c === QUOTE) {
          seen |= CALL_NAME;
          r.string();
        } else if (key === "arguments" && (seen & CALL_ARGUMENTS) === 0 && c === OPEN_BRACE) {
          seen |= CALL_ARGUMENTS;
          r.skipValue();
        } else {
          return false;
        }
      }
      if (seen !== (CALL_NAME | CALL_ARGUMENTS)) return false;
    }
    r.end();
    return true;
  } catch (e) {
    if (e instanceof JsonSyntaxError) return false;
    throw e;
  }
}
