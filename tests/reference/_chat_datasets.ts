/**
 * Generated chat-jsonl datasets for the differential test of split.v1: string and integer ids
 * (Unicode, astral characters, integers spelt `7.0`), multi-turn prompts with earlier calls and
 * tool results, own system messages, tools whose schemas hold numbers spelt several ways, twins
 * (the same prompt and tools, respaced or with another answer), near twins (a number respelt, keys
 * reordered), ineligible lines, answers with no call, and flaws that refuse the dataset.
 *
 * @module
 */

import type { Prng } from "./_prng.ts";
import { genString } from "./_json_gen.ts";

/** A generated chat-jsonl dataset: the file's bytes, and the seed and size to split it with. */
export interface GenChatDataset {
  readonly bytes: Uint8Array;
  readonly seed: string;
  readonly size: number;
  /** The file's lines, without their newlines (for shrinking). */
  readonly lines: readonly string[];
}

/** A number as written. */
class Num {
  constructor(readonly text: string) {}
}

/** A member list, written in its order (objects keep the order they are built in). */
type Value = null | boolean | string | Num | Value[] | { [key: string]: Value };

const TOOL_NAMES = ["weather", "search", "book_table", "convert", "lookup_order", "é_tool"];

function space(rng: Prng): string {
  return rng.chance(0.25) ? rng.pick([" ", "  ", "\t"]) : "";
}

/** JSON text of a value: numbers as written, random spaces and tabs (never a newline). */
function write(value: Value, rng: Prng): string {
  if (value instanceof Num) return value.text;
  if (typeof value === "string") {
    // Now and then a letter as a \u escape (both readers undo it).
    const i = value.search(/[a-z]/);
    if (i < 0 || !rng.chance(0.2)) return JSON.stringify(value);
    const escape = `\\u00${value.charCodeAt(i).toString(16)}`;
    return JSON.stringify(value.slice(0, i)).slice(0, -1) + escape +
      JSON.stringify(value.slice(i + 1)).slice(1);
  }
  if (value === null || typeof value === "boolean") return JSON.stringify(value);
  const s = () => space(rng);
  if (Array.isArray(value)) {
    return `[${s()}${value.map((v) => write(v, rng)).join(`,${s()}`)}${s()}]`;
  }
  return `{${s()}${
    Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}${s()}:${s()}${write(v, rng)}`)
      .join(`,${s()}`)
  }${s()}}`;
}

function numberText(rng: Prng): string {
  return rng.pick(["5", "5.0", "0.5e1", "-0", "12345678901234567890", "1e400", "3.25", "0"]);
}

function tool(rng: Prng, name: string): Value {
  const properties: Value = {
    x: { type: "number", default: new Num(numberText(rng)) },
    ...(rng.chance(0.5) ? { city: { type: "string", description: genString(rng) } } : {}),
  };
  const fn: { [key: string]: Value } = { name };
  if (rng.chance(0.7)) fn.description = genString(rng);
  if (rng.chance(0.8)) fn.parameters = { type: "object", properties, required: ["x"] };
  return { type: "function", function: fn };
}

function args(rng: Prng): Value {
  return rng.chance(0.5)
    ? { x: new Num(numberText(rng)) }
    : { x: new Num("1"), city: genString(rng) };
}

/** A call; an earlier one (before the answer) always has its arguments as JSON text. */
function call(rng: Prng, names: readonly string[], k: number, earlier = false): Value {
  const a = args(rng);
  return {
    id: `c${k}`,
    type: "function",
    function: { name: rng.pick(names), arguments: earlier || rng.chance(0.5) ? write(a, rng) : a },
  };
}

function prompt(rng: Prng, names: readonly string[]): Value[] {
  const messages: Value[] = [];
  if (rng.chance(0.3)) messages.push({ role: "system", content: genString(rng) });
  const turns = rng.range(1, 3);
  for (let t = 0; t < turns; t++) {
    messages.push({ role: "user", content: rng.chance(0.3) ? "What now?" : genString(rng) });
    if (t < turns - 1 && names.length > 0) {
      messages.push({ role: "assistant", tool_calls: [call(rng, names, t, true)] });
      messages.push({ role: "tool", tool_call_id: `c${t}`, content: genString(rng) });
      if (rng.chance(0.5)) messages.push({ role: "assistant", content: genString(rng) });
    }
  }
  return messages;
}

function answer(rng: Prng, names: readonly string[]): Value {
  const n = names.length === 0 || rng.chance(0.2) ? 0 : rng.range(1, 3);
  if (n === 0) return { role: "assistant", content: genString(rng) };
  return {
    role: "assistant",
    tool_calls: Array.from({ length: n }, (_, k) => call(rng, names, 9 + k)),
  };
}

function idText(rng: Prng, k: number): string {
  const r = rng.int(10);
  if (r < 3) return `${k}`;
  if (r === 3) return `${k}.0`;
  if (r === 4) return `${-k}`;
  if (r === 5) return JSON.stringify(`${genString(rng).slice(0, 6)}#${k}`);
  if (r === 6) return JSON.stringify(rng.pick(["😀", "é", "\uff5e", "a b", ""]) + k);
  return JSON.stringify(`t-${k}`);
}

/** A flaw that refuses the whole dataset, in line `at` of `lines`. */
function flaw(rng: Prng, lines: string[], at: number): void {
  const line = lines[at]!;
  const f = rng.int(13);
  if (f === 0) lines[at] = line.slice(0, -1); // not JSON
  else if (f === 1) lines[at] = line.replace('{"id"', '{"tools": [], "tools": [], "id"');
  else if (f === 2) {
    lines[at] = `{"id": "last-user", "messages": [{"role": "user", "content": "a"}, ` +
      `{"role": "user", "content": "b"}]}`;
  } else if (f === 3) {
    lines[at] = `{"id": "unknown-tool", "messages": [{"role": "user", "content": "a"}, ` +
      `{"role": "assistant", "tool_calls": [{"function": {"name": "nope", "arguments": "{}"}}]}]}`;
  } else if (f === 4) lines.push(lines[rng.int(lines.length)]!); // an id twice
  else if (f === 5) lines[at] = line.replace(/^\{"id": [^,]*,/, '{"id": 1.5,');
  else if (f === 6) lines[at] = line.replace(/\}$/, ', "extra": 1}');
  else if (f === 7) lines.splice(at, 0, "");
  else if (f === 8) {
    lines[at] = `{"id": "parts", "messages": [{"role": "user", "content": [{"type": "text", ` +
      `"text": "a"}]}, {"role": "assistant", "content": "b"}]}`;
  } else if (f === 9) {
    lines[at] = `{"id": "lone", "messages": [{"role": "user", "content": "\\ud800"}, ` +
      `{"role": "assistant", "content": "b"}]}`;
  } else if (f === 10) {
    // An earlier call without an id, arguments as an object, and the tool message answering it.
    lines[at] = `{"id": "history", "messages": [{"role": "user", "content": "a"}, ` +
      `{"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": {}}}]}, ` +
      `{"role": "tool", "content": "r"}, {"role": "assistant", "content": "b"}], ` +
      `"tools": [{"type": "function", "function": {"name": "f"}}]}`;
  } else if (f === 11) {
    // A tool message answering no earlier call.
    lines[at] = `{"id": "orphan", "messages": [{"role": "user", "content": "a"}, ` +
      `{"role": "tool", "tool_call_id": "c1", "content": "r"}, {"role": "assistant"}]}`;
  } else {lines.push(
      '{"id": 7, "messages": [{"role": "user", "content": "a"}, {"role": "assistant"}]}',
      '{"id": "7", "messages": [{"role": "user", "content": "a"}, {"role": "assistant"}]}',
    );}
}

/** One random chat-jsonl dataset. */
export function genChatDataset(rng: Prng): GenChatDataset {
  const n = rng.range(1, 40);
  const lines: string[] = [];
  const made: { messages: Value[]; tools: Value[]; names: string[] }[] = [];
  for (let k = 0; k < n; k++) {
    const id = idText(rng, k);
    const r = rng.int(10);
    let entry: { messages: Value[]; tools: Value[]; names: string[] };
    if (r < 2 && made.length > 0) {
      // A twin: the same prompt and tools (perhaps another answer).
      const src = rng.pick(made);
      const messages = rng.chance(0.5)
        ? src.messages
        : [...src.messages.slice(0, -1), answer(rng, src.names)];
      entry = { ...src, messages };
    } else if (r === 2 && made.length > 0) {
      // A near twin: a number of the tools respelt (a twin only when it is spelt the same).
      const src = rng.pick(made);
      const tools = src.tools.length > 0
        ? [tool(rng, src.names[0]!), ...src.tools.slice(1)]
        : src.tools;
      entry = { ...src, tools };
    } else {
      let names = rng.shuffle(TOOL_NAMES).slice(0, rng.range(0, 3));
      if (r === 3 && names.length > 0) names = [...names, names[0]!]; // ineligible
      const tools = names.map((name) => tool(rng, name));
      const unique = [...new Set(names)];
      entry = { messages: [...prompt(rng, unique), answer(rng, unique)], tools, names: unique };
    }
    made.push(entry);
    const members = [
      `"id":${space(rng)}${id}`,
      `"messages":${space(rng)}${write(entry.messages, rng)}`,
      ...(entry.tools.length === 0 && rng.chance(0.5)
        ? []
        : [`"tools":${space(rng)}${write(entry.tools, rng)}`]),
      // OpenAI's fine-tuning format's flag, accepted and ignored.
      ...(rng.chance(0.1)
        ? [`"parallel_tool_calls":${space(rng)}${rng.pick(["true", "false"])}`]
        : []),
    ];
    // A line's own cluster now and then (a string; a number, refused, more rarely), written last
    // and drawn from nothing, so that the draws of every other line stay as they were.
    const cluster = made.length % 5 === 2
      ? `,"cluster":"c${made.length % 3}"`
      : made.length % 41 === 7
      ? `,"cluster":7`
      : "";
    lines.push(
      `{${rng.shuffle(members).join(`,${space(rng)}`)}${cluster}}${rng.chance(0.05) ? "\r" : ""}`,
    );
  }
  if (rng.chance(0.2)) flaw(rng, lines, rng.int(lines.length));
  const text = lines.join("\n") + (rng.chance(0.8) ? "\n" : "");
  const bom = rng.chance(0.02) ? "\ufeff" : "";
  const seed = rng.pick(["tickets", "assess-v1", "é", "😀 seed", "x"]) + String(rng.int(100));
  const eligible = made.filter((m) => new Set(m.names).size === m.tools.length).length;
  const size = eligible === 0 || rng.chance(0.08)
    ? eligible + 1
    : rng.chance(0.1)
    ? eligible
    : rng.range(1, eligible);
  return { bytes: new TextEncoder().encode(bom + text), seed, size, lines };
}
