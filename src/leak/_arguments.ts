/**
 * A call's arguments as the leak check compares them: read by `JSON.parse` (when they are JSON
 * text), written with objects' keys sorted; and an answer's key, under which equal answers meet.
 *
 * @module
 */

import { MAX_JSON_DEPTH } from "../json/strict_json.ts";
import type { ExampleCall } from "./_examples.ts";

/**
 * A value as text in which objects' keys are sorted: equal for values `JSON.parse` made equal.
 * Undefined when arrays and objects nest deeper than the strict reader's limit,
 * {@linkcode MAX_JSON_DEPTH} (the value itself counts as 1): the scorer finds such arguments
 * malformed, and no held-out answer nests that deep, so no answer equals them. The limit also
 * bounds the recursion: a training line nested 10,000 deep spends no more stack than one nested 512.
 *
 * @param value A value `JSON.parse` made.
 * @param depth The value's depth: 1 for arguments, 2 for an argument's value.
 * @returns Its text, or undefined.
 */
export function canonical(value: unknown, depth: number = 1): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (depth > MAX_JSON_DEPTH) return undefined;
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (const element of value) {
      const text = canonical(element, depth + 1);
      if (text === undefined) return undefined;
      parts.push(text);
    }
    return `[${parts.join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record).sort()) {
    const text = canonical(record[k], depth + 1);
    if (text === undefined) return undefined;
    parts.push(`${JSON.stringify(k)}:${text}`);
  }
  return `{${parts.join(",")}}`;
}

/**
 * The key of a list of calls under which equal answers meet: each call's name and arguments, read
 * by `JSON.parse`, objects' keys sorted, the calls sorted. Calls the scorer finds equal (the same
 * tools, arguments equal as exact decimals, in any order) have equal keys; calls with equal keys
 * may still differ (numbers past double precision), so the scorer decides. Undefined when an
 * argument text is not JSON, or arguments nest deeper than {@linkcode MAX_JSON_DEPTH} (no answer
 * equals them: the scorer calls them `malformed-arguments`).
 */
export function answerKey(calls: readonly ExampleCall[]): string | undefined {
  const parts: string[] = [];
  for (const call of calls) {
    const args = readArguments(call);
    if (args === undefined) return undefined;
    parts.push(`${JSON.stringify(call.name)}${args.text}`);
  }
  return parts.sort().join("\n");
}

/**
 * A call's arguments as a value: read by `JSON.parse` when they are JSON text, as they are
 * otherwise; undefined when the text is not JSON (`JSON.parse` never gives undefined).
 */
export function argumentsValue(call: ExampleCall): unknown {
  if (typeof call.arguments !== "string") return call.arguments;
  try {
    return JSON.parse(call.arguments);
  } catch {
    return undefined;
  }
}

/**
 * A call's arguments read by `JSON.parse` (when they are JSON text), and their {@linkcode canonical}
 * text; undefined when the text is not JSON or nests deeper than {@linkcode MAX_JSON_DEPTH}.
 */
export function readArguments(
  call: ExampleCall,
): { readonly value: unknown; readonly text: string } | undefined {
  const value = argumentsValue(call);
  if (value === undefined) return undefined;
  const text = canonical(value);
  return text === undefined ? undefined : { value, text };
}
