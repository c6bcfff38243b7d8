/**
 * Generated scorer cases for the differential test: an item's answer (the row's `answers` string),
 * a reply, an ordering and a tool-call parser, built to reach every reason, and adversarial ones
 * (big integers, exponents, unicode escapes, surrogates, duplicate keys at depth, calls to one tool
 * with permuted arguments, NaN/Infinity, trailing text).
 *
 * @module
 */

import type { Prng } from "./_prng.ts";
import { isJsonObject, type JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { TOOL_CALL_PARSERS } from "../../src/score/tool_call_parsers.ts";
import {
  DATASET_STYLE,
  FREE_STYLE,
  type Gen,
  genNumber,
  genObject,
  genString,
  genValue,
  writeString,
  writeValue,
} from "./_json_gen.ts";

/** A call in a reply: the name and the arguments text. */
export interface CaseCall {
  readonly name: string;
  readonly arguments: string;
}

/** One scorer case, as both implementations read it. */
export interface ScoreCase {
  /** The row's `answers` string: a JSON list of `{"name", "arguments"}`. */
  readonly answers: string;
  readonly reply: {
    readonly text: string;
    readonly calls: readonly CaseCall[];
    readonly truncated: boolean;
  };
  readonly ordering: "any" | "strict";
  /** The server's tool-call parser; absent when the case leaves it out. */
  readonly toolCallParser?: string;
}

const NAMES = ["f", "g", "get_weather", "search", "calc", "ƒ", "get weather", "F"];

interface GenCall {
  name: string;
  args: Gen;
}

function genAnswer(rng: Prng): GenCall[] {
  const n = rng.chance(0.08) ? 0 : rng.range(1, 4);
  const pool = rng.shuffle(NAMES).slice(0, rng.range(1, 3));
  return Array.from({ length: n }, () => ({
    name: rng.pick(pool),
    args: genObject(rng, 2, 4),
  }));
}

function writeAnswers(calls: readonly GenCall[], rng: Prng): string {
  // The dataset writes answers with json.dumps defaults; numbers as the row wrote them.
  return "[" +
    calls.map((c) =>
      `{"name": ${writeString(c.name, rng, DATASET_STYLE)}, "arguments": ${
        writeValue(c.args, rng, DATASET_STYLE)
      }}`
    ).join(", ") + "]";
}

/** Changes a value somewhere inside, so that it is no longer equal (or, rarely, still is). */
function mutate(v: Gen, rng: Prng): Gen {
  if ((v.t === "obj" && v.entries.length > 0) && rng.chance(0.6)) {
    const i = rng.int(v.entries.length);
    const r = rng.int(6);
    if (r === 0) return { t: "obj", entries: v.entries.filter((_, j) => j !== i) };
    if (r === 1) {
      const key = genString(rng);
      if (v.entries.some(([k]) => k === key)) return v;
      return { t: "obj", entries: [...v.entries, [key, genValue(rng, 1)]] };
    }
    return {
      t: "obj",
      entries: v.entries.map(([k, x], j) => [k, j === i ? mutate(x, rng) : x] as const),
    };
  }
  if (v.t === "arr" && v.items.length > 0 && rng.chance(0.6)) {
    const i = rng.int(v.items.length);
    const r = rng.int(4);
    if (r === 0) return { t: "arr", items: v.items.filter((_, j) => j !== i) };
    if (r === 1 && v.items.length > 1) return { t: "arr", items: [...v.items].reverse() };
    return { t: "arr", items: v.items.map((x, j) => (j === i ? mutate(x, rng) : x)) };
  }
  switch (v.t) {
    case "num": {
      const r = rng.int(5);
      if (r === 0) return { ...v, exp: v.exp + 1n };
      if (r === 1 && v.digits !== "0") return { ...v, negative: !v.negative };
      if (r === 2) return { ...v, digits: v.digits === "0" ? "1" : v.digits + "1" };
      if (r === 3) return { t: "str", v: v.digits };
      return genNumber(rng);
    }
    case "str": {
      const r = rng.int(4);
      if (r === 0) return { t: "str", v: v.v + "x" };
      if (r === 1) return { t: "str", v: v.v.normalize("NFD") };
      if (r === 2 && /^[0-9]+$/.test(v.v)) {
        return {
          t: "num",
          negative: false,
          digits: v.v.replace(/^0+(?=.)/, "").replace(/0+$/, "") || "0",
          exp: 0n,
        };
      }
      return { t: "str", v: genString(rng) };
    }
    case "bool":
      return rng.chance(0.5) ? { t: "bool", v: !v.v } : { t: "str", v: String(v.v) };
    case "null":
      return rng.pick<Gen>([{ t: "str", v: "null" }, { t: "bool", v: false }, {
        t: "num",
        negative: false,
        digits: "0",
        exp: 0n,
      }]);
    default:
      return genValue(rng, 1);
  }
}

/** Text that is not one strict JSON object, built around a generated object. */
function malformed(args: Gen, rng: Prng): string {
  const good = writeValue(args, rng, FREE_STYLE);
  const r = rng.int(16);
  switch (r) {
    case 0:
      return good + rng.pick(["x", " {}", ",", "}", "\u0000", " null", "//", "\n1"]);
    case 1:
      return rng.pick(["[]", "null", "5", '"{}"', "true", '["a"]', "", " ", "0.5e1"]);
    case 2:
    case 3:
      return withDuplicateKey(args, rng) ?? good + " x";
    case 4:
      return rng.pick([
        "NaN",
        "Infinity",
        "-Infinity",
        "nan",
        "inf",
        "1e",
        "-",
        "+1",
        "01",
        ".5",
        "1.",
        "0x10",
      ])
        .replace(/^/, '{"a": ') + "}";
    case 5:
      return `{"a": [1, {"b": ${rng.pick(["NaN", "Infinity", "-Infinity"])}}]}`;
    case 6:
      return `{"s": "${
        rng.pick([
          "\\ud800",
          "\\udc00",
          "\\ud83dx",
          "\\ude00\\ud83d",
          "\\uD800\\u0041",
          "\ud800",
          "\udfff",
          // Halves of one pair, one raw and one escaped: each half is lone as written.
          "\ud83d\\ude00",
          "\\ud83d\ude00",
        ])
      }"}`;
    case 7:
      return `{"k": {"deep": ["${rng.pick(["\\udbff", "a\udc00b"])}"]}}`;
    case 8:
      return rng.pick([
        "\ufeff{}",
        "{'a': 1}",
        '{"a": 1,}',
        "{a: 1}",
        '{"a" 1}',
        '{"a": 1',
        '{"a": "b\n"}',
        '{"a": "\t"}',
        '{"a": True}',
        '{"a": undefined}',
        '{"a": "\\x41"}',
        '{"a": "\\u12"}',
        "{}}",
      ]);
    case 9:
      return "\u00a0" + good; // not JSON whitespace
    case 10:
      return good + "\u00a0";
    case 11:
      return `{"a": 1} {"a": 1}`;
    case 12:
      return `{"outer": {"x": 1, "x": 2}}`;
    case 13:
      return `[${good}]`;
    case 14:
      return `{"a": -${rng.pick(["Infinity", "NaN", "0x1"])}}`;
    case 15: {
      // Around the depth limit: the object is 1, so n arrays inside make n + 1 (512 is the most).
      const n = rng.pick([510, 511, 512, 700]);
      return `{"a": ${"[".repeat(n)}${"]".repeat(n)}}`;
    }
    default:
      return good.slice(0, Math.max(0, good.length - 1 - rng.int(3)));
  }
}

/** Writes an object with one key of some nested object written twice (spelled the same or not). */
function withDuplicateKey(args: Gen, rng: Prng): string | undefined {
  const objects: Gen[] = [];
  const walk = (v: Gen): void => {
    if (v.t === "obj") {
      if (v.entries.length > 0) objects.push(v);
      v.entries.forEach(([, x]) => walk(x));
    } else if (v.t === "arr") v.items.forEach(walk);
  };
  walk(args);
  if (objects.length === 0) return undefined;
  const target = rng.pick(objects);
  const rewrite = (v: Gen): Gen => {
    if (v === target && v.t === "obj") {
      const i = rng.int(v.entries.length);
      const [k, x] = v.entries[i]!;
      const again: [string, Gen] = [k, rng.chance(0.5) ? x : genValue(rng, 0)];
      return { t: "obj", entries: rng.shuffle([...v.entries, again]) };
    }
    if (v.t === "obj") return { t: "obj", entries: v.entries.map(([k, x]) => [k, rewrite(x)]) };
    if (v.t === "arr") return { t: "arr", items: v.items.map(rewrite) };
    return v;
  };
  return writeValue(rewrite(args), rng, FREE_STYLE);
}

const TEXTS = [
  "",
  "Sure.",
  "<tool_call>",
  'I will call it. <tool_call>{"name": "f", "arguments": {}}</tool_call>',
  "<tool_call",
  "<TOOL_CALL>",
  "< tool_call>",
  "tool_call",
  "</tool_call>",
  "<tool_call>\n",
  "\ud83d\ude00",
  // The other families' markers and call starts, and near misses.
  "<|python_tag|>",
  '{"name": "f", "parameters": {',
  ' \n{ "name" :',
  '{"Name": "f"}',
  'Here: {"name": "f"}',
  "<|python_start|>[f(a=1)]",
  "[f(a=1), g(",
  "  [ get_weather(city='Paris')",
  "[1, 2]",
  "[TOOL_CALLS]",
  "[TOOL_CALLS]f{",
  "<function=f>",
  "<function f>",
  '[{"name": "f", "arguments": {}]',
  '[ {"name":',
  "<|tool_call|>",
  "<function_call>",
  "functools[",
  "functools",
  "<\uff5ctool\u2581calls\u2581begin\uff5c>",
  "<|tool\u2581calls\u2581begin|>",
  "<|tool_calls_section_begin|>",
  "<|channel|>commentary to=functions.f",
];

/** One random case. */
export function genCase(rng: Prng): ScoreCase {
  const answer = genAnswer(rng);
  const answers = writeAnswers(answer, rng);
  // Start from the answer's calls, then disturb.
  let calls: { name: string; args: Gen; text?: string }[] = answer.map((c) => ({ ...c }));
  const plan = rng.int(20);
  if (plan === 0) calls = [];
  else if (plan === 1 && calls.length > 0) calls.splice(rng.int(calls.length), 1);
  else if (plan === 2 && calls.length > 0) calls.push({ ...rng.pick(calls) });
  else if (plan === 3) calls.push({ name: rng.pick(NAMES), args: genObject(rng, 1, 2) });
  else if (plan <= 5 && calls.length > 0) {
    const i = rng.int(calls.length);
    calls[i] = { ...calls[i]!, name: rng.chance(0.5) ? rng.pick(NAMES) : calls[i]!.name + "_" };
  } else if (plan <= 8 && calls.length > 0) {
    const i = rng.int(calls.length);
    calls[i] = { ...calls[i]!, args: mutate(calls[i]!.args, rng) };
  } else if (plan <= 10 && calls.length > 1) {
    // Permute arguments between calls (to the same tool or not).
    const i = rng.int(calls.length);
    const j = rng.int(calls.length);
    const a = calls[i]!.args;
    calls[i] = { ...calls[i]!, args: calls[j]!.args };
    calls[j] = { ...calls[j]!, args: a };
  } else if (plan <= 12 && calls.length > 0) {
    const i = rng.int(calls.length);
    calls[i] = { ...calls[i]!, text: malformed(calls[i]!.args, rng) };
  } else if (plan === 13 && calls.length > 1) {
    // Same names, arguments swapped between calls to one tool.
    const same = calls.map((c) => ({ ...c, name: calls[0]!.name }));
    calls = same;
  }
  if (rng.chance(0.5)) calls = rng.shuffle(calls);
  const replyCalls = calls.map((c) => ({
    name: c.name,
    arguments: c.text ?? writeValue(c.args, rng, rng.chance(0.8) ? FREE_STYLE : DATASET_STYLE),
  }));
  const toolCallParser = rng.chance(0.5)
    ? "hermes"
    : rng.chance(0.8)
    ? rng.pick(TOOL_CALL_PARSERS.map((p) => p.name))
    : rng.chance(0.5)
    ? undefined
    : rng.pick(["jamba", "", "Hermes", "llama3-json"]);
  return {
    answers: rng.chance(0.01)
      ? answers.replace(
        /"arguments": \{\}/,
        rng.pick(['"arguments": []', '"arguments": null', '"arguments": "{}"']),
      )
      : answers,
    reply: {
      text: rng.chance(0.7) ? "" : rng.pick(TEXTS),
      calls: replyCalls,
      truncated: rng.chance(0.04),
    },
    ordering: rng.chance(0.5) ? "any" : "strict",
    ...(toolCallParser === undefined ? {} : { toolCallParser }),
  };
}

/** Smaller versions of a case, for shrinking a disagreement. */
export function shrinkCandidates(c: ScoreCase): ScoreCase[] {
  const out: ScoreCase[] = [];
  const calls = c.reply.calls;
  for (let i = 0; i < calls.length; i++) {
    out.push({ ...c, reply: { ...c.reply, calls: calls.filter((_, j) => j !== i) } });
  }
  if (c.reply.text !== "") out.push({ ...c, reply: { ...c.reply, text: "" } });
  if (c.reply.truncated) out.push({ ...c, reply: { ...c.reply, truncated: false } });
  if (c.ordering === "strict") out.push({ ...c, ordering: "any" });
  // One call out of both the answer and the reply, so that the counts stay equal.
  const answerList = parseJson(c.answers);
  if (Array.isArray(answerList)) {
    answerList.forEach((_, i) => {
      const answers = stringifyJson(answerList.filter((_, k) => k !== i));
      calls.forEach((_, j) => {
        out.push({ ...c, answers, reply: { ...c.reply, calls: calls.filter((_, k) => k !== j) } });
      });
    });
  }
  for (const answers of smallerTexts(c.answers)) {
    if (isAnswerList(answers)) out.push({ ...c, answers });
  }
  for (let i = 0; i < calls.length; i++) {
    for (const args of smallerTexts(calls[i]!.arguments)) {
      out.push({
        ...c,
        reply: {
          ...c.reply,
          calls: calls.map((x, j) => (j === i ? { ...x, arguments: args } : x)),
        },
      });
    }
    if (calls[i]!.name.length > 1) {
      out.push({
        ...c,
        reply: { ...c.reply, calls: calls.map((x, j) => (j === i ? { ...x, name: "f" } : x)) },
      });
    }
  }
  return out;
}

/** Whether a text is still a list of calls, each with a name and object arguments. */
function isAnswerList(text: string): boolean {
  const v = parseJson(text);
  return Array.isArray(v) &&
    v.every((call) =>
      isJsonObject(call) && call.size === 2 && typeof call.get("name") === "string" &&
      isJsonObject(call.get("arguments") ?? null)
    );
}

/**
 * Smaller JSON texts than `text` (numbers kept exact): each with one array element or object
 * member left out, or one nested value replaced by `null`. None when the text does not parse.
 */
function smallerTexts(text: string): string[] {
  let value: JsonValue;
  try {
    value = parseJson(text);
  } catch {
    return [];
  }
  const out = new Set<string>();
  const visit = (v: JsonValue, rebuild: (x: JsonValue) => JsonValue): void => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        out.add(stringifyJson(rebuild(v.filter((_, j) => j !== i))));
        visit(x, (y) => rebuild(v.map((z, j) => (j === i ? y : z))));
      });
    } else if (isJsonObject(v)) {
      for (const [k, x] of v) {
        const without = new Map(v);
        without.delete(k);
        out.add(stringifyJson(rebuild(without)));
        visit(x, (y) => rebuild(new Map([...v].map(([kk, z]) => [kk, kk === k ? y : z]))));
      }
    } else if (v !== null) {
      out.add(stringifyJson(rebuild(null)));
    }
  };
  visit(value, (x) => x);
  out.delete(text);
  return [...out].slice(0, 200);
}
