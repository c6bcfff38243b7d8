/**
 * A 60,000-line chat-jsonl dataset for the benchmarks, written on first use into
 * `bench-data/chat-60k.jsonl` (gitignored) by a seeded generator, so every machine gets the same
 * bytes: string ids, one to three turns (earlier calls and tool results included), two to four
 * JSON Schema tools a line, about 2.3 KB a line (135,730,257 bytes).
 *
 * @module
 */

import { createHash } from "node:crypto";
import { ROOT } from "./_bench_data.ts";

/** The dataset file. */
export const CHAT_DATA: string = `${ROOT}bench-data/chat-60k.jsonl`;

/** How many lines it holds. */
export const CHAT_LINES = 60_000;

/**
 * A small seeded generator (mulberry32).
 *
 * @param seed The seed.
 * @returns The generator: each call gives the next number in [0, 1).
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ("order refund ticket kettle blender toaster warranty delivery invoice address " +
  "customer account password shipping parcel return exchange broken missing late urgent please " +
  "could you check the status of my with for and on in at by from to a an is was will today " +
  "tomorrow week month euros price discount coupon store open hours").split(" ");

const TOOL_NAMES = [
  "lookup_order",
  "refund_order",
  "create_ticket",
  "escalate",
  "check_warranty",
  "update_address",
  "reset_password",
  "track_parcel",
  "apply_coupon",
  "store_hours",
];

/**
 * One line of the dataset (without its newline): the `k`th, drawn from `next`.
 *
 * @param next The seeded generator.
 * @param k The line's number, in its id.
 * @returns The line.
 */
export function chatLine(next: () => number, k: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const shuffled = [...TOOL_NAMES];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const names = shuffled.slice(0, 2 + Math.floor(next() * 3));
  const tools = names.map((name) => ({
    type: "function",
    function: {
      name,
      description: words(12),
      parameters: {
        type: "object",
        properties: {
          id: { type: "string", description: words(8) },
          amount: { type: "number", description: words(6), default: 10.0 },
          priority: { type: "string", enum: ["low", "normal", "high"], description: words(5) },
        },
        required: ["id"],
      },
    },
  }));
  const call = (n: number) => ({
    id: `c${n}`,
    type: "function",
    function: {
      name: pick(names),
      arguments: JSON.stringify({ id: `A${Math.floor(next() * 100000)}`, amount: 12.5 }),
    },
  });
  const messages: unknown[] = [];
  if (next() < 0.3) messages.push({ role: "system", content: words(20) });
  const turns = 1 + Math.floor(next() * 3);
  for (let t = 0; t < turns; t++) {
    messages.push({ role: "user", content: `${words(14)} #${k}.${t}?` });
    if (t < turns - 1) {
      messages.push({ role: "assistant", tool_calls: [call(t)] });
      messages.push({
        role: "tool",
        tool_call_id: `c${t}`,
        content: JSON.stringify({ ok: true, note: words(6) }),
      });
    }
  }
  messages.push(
    next() < 0.1 ? { role: "assistant", content: words(10) } : {
      role: "assistant",
      tool_calls: Array.from({ length: 1 + Math.floor(next() * 2) }, (_, i) => call(9 + i)),
    },
  );
  return JSON.stringify({ id: `t-${k}`, messages, tools });
}

/**
 * Writes the file when it is not there, and gives its path and SHA-256.
 *
 * @returns The file's path and its SHA-256.
 */
export function chatBenchData(): { path: string; sha256: string } {
  let bytes: Uint8Array;
  try {
    bytes = Deno.readFileSync(CHAT_DATA);
  } catch {
    const next = rng(27);
    const lines: string[] = [];
    for (let k = 0; k < CHAT_LINES; k++) lines.push(chatLine(next, k));
    bytes = new TextEncoder().encode(lines.join("\n") + "\n");
    Deno.mkdirSync(`${ROOT}bench-data`, { recursive: true });
    Deno.writeFileSync(CHAT_DATA, bytes);
  }
  return { path: CHAT_DATA, sha256: createHash("sha256").update(bytes).digest("hex") };
}
