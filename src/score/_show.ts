/**
 * How a verdict's detail shows a value and a name, for the strict scorer and its lenient reading.
 * Private to `src/score/`.
 *
 * @module
 */

import type { JsonValue } from "../json/json_value.ts";
import { stringifyJson } from "../json/stringify.ts";

/** The most characters of a value or a name a detail shows. */
const SHOWN = 60;

function clip(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
}

/** A value as a detail shows it: compact JSON, numbers as written, clipped. */
export function show(value: JsonValue): string {
  return clip(stringifyJson(value));
}

const PLAIN_NAME = /^[\p{L}\p{N}_.:\/-]+$/u;

/** A tool's or an argument's name as a detail shows it: plain when it is plain, else quoted. */
export function showName(name: string): string {
  return clip(PLAIN_NAME.test(name) ? name : JSON.stringify(name));
}
