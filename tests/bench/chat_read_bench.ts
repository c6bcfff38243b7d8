/**
 * Two choices inside the chat-jsonl reading, each against the other way, in one process on the
 * 60,000-line benchmark file (`_chat_bench_data.ts`):
 *
 * - a call's arguments written as JSON text (about 140,000 short texts): the strict reader's
 *   cursor against `JSON.parse` with the count of keys;
 * - a line's count of key colons: for each line, against once for each part of about 8 MiB.
 *
 *   deno bench --allow-read --allow-write --allow-env tests/bench/chat_read_bench.ts
 *
 * @module
 */

import { keyColons } from "../../src/json/key_colons.ts";
import { Reader } from "../../src/json/reader.ts";
import { chatBenchData } from "./_chat_bench_data.ts";

const bytes = Deno.readFileSync(chatBenchData().path);
const PART = 8 << 20;
const parts: string[] = [];
for (let at = 0; at < bytes.length;) {
  const end = bytes.lastIndexOf(0x0a, Math.min(bytes.length, at + PART) - 1) + 1 || bytes.length;
  parts.push(new TextDecoder().decode(bytes.subarray(at, end)));
  at = end;
}
const lines = parts.flatMap((part) => part.split("\n").filter((line) => line !== ""));
const args: string[] = [];
for (const line of lines) {
  for (const message of JSON.parse(line).messages) {
    for (const call of message.tool_calls ?? []) {
      if (typeof call.function.arguments === "string") args.push(call.function.arguments);
    }
  }
}

function keysIn(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let n = 0;
  for (const v of Object.values(value)) n += keysIn(v);
  return n + (Array.isArray(value) ? 0 : Object.keys(value).length);
}

Deno.bench({
  name: `JSON.parse and the key count (${args.length} arguments' texts)`,
  group: "arguments as text",
  baseline: true,
  fn() {
    for (const text of args) if (keysIn(JSON.parse(text)) !== keyColons(text)) throw new Error();
  },
});

Deno.bench({
  name: "the strict reader's cursor",
  group: "arguments as text",
  fn() {
    for (const text of args) {
      const r = new Reader(text);
      r.skipValue();
      r.end();
    }
  },
});

Deno.bench({
  name: `key colons of each of ${lines.length} lines`,
  group: "key colons",
  baseline: true,
  fn() {
    let n = 0;
    for (const line of lines) n += keyColons(line);
    if (n === 0) throw new Error();
  },
});

Deno.bench({
  name: `key colons of each of ${parts.length} parts`,
  group: "key colons",
  fn() {
    let n = 0;
    for (const part of parts) n += keyColons(part);
    if (n === 0) throw new Error();
  },
});
