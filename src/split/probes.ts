/**
 * Probe items: the seeded variants of the held-out items that `probes` in `assess.yaml` asks
 * beside them (`reference/split.md`, Probes, says every rule). A pure function of the held-out
 * items, the split's digest and the probe: the same split and probe always give the same items.
 *
 * @module
 */

import type { Item, ToolSpec } from "../dataset/item.ts";
import { type ItemId, itemIdShown, itemIdText } from "../dataset/item_id.ts";
import { itemCluster } from "../dataset/cluster.ts";
import { DatasetError } from "../dataset/dataset_error.ts";
import { isJsonObject, type JsonValue } from "../json/json_value.ts";
import { parseJson } from "../json/strict_json.ts";
import { stringifyJson } from "../json/stringify.ts";
import { sha256Words } from "./_sha256.ts";

/**
 * A probe, as `assess.yaml` and the results file's header write it. `Config["probes"]` and
 * `HeaderRecord["probes"]` write the same union inline (they are public, and neither `config` nor
 * `results` may import `split`, nor `split` them); `tests/split/probes_test.ts` holds the three to
 * the same type.
 *
 * - `irrelevance`: the tools the answer calls are removed; the right answer is no call.
 * - `shuffled-tools`: the item's tools in another order.
 * - `{ distractors: N }`: N tools of other held-out items added; the answer is unchanged.
 * - `{ system: [...] }`: the item asked with each system prompt listed (`null`: none) instead of
 *   `prompt.system`.
 */
export type Probe =
  | "irrelevance"
  | "shuffled-tools"
  | { readonly distractors: number }
  | { readonly system: readonly (string | null)[] };

/** One probe's items. */
export interface ProbeItems {
  /** The probe, as `assess.yaml` writes it. */
  readonly probe: Probe;
  /**
   * The probe's name, as its items' ids end: `irrelevance`, `shuffled-tools`, `distractors-N`, or
   * `system` (whose items end in `system-1`, `system-2`, … for the prompts in the list's order).
   */
  readonly name: string;
  /** Its items: for each held-out item it keeps, in the split's order, its variant(s). */
  readonly items: readonly Item[];
  /**
   * For `irrelevance`: how many items it leaves out because an earlier assistant message of their
   * conversation (a chat-jsonl line's) calls a tool their answer calls, which the probe removes.
   * 0 for the other probes.
   */
  readonly calledEarlier: number;
}

/** What {@linkcode probeItems} needs besides the held-out items. */
export interface ProbeOptions {
  /** The split's digest (`split.digest`): what seeds every draw. */
  readonly digest: string;
  /** The probes, as `assess.yaml` lists them. */
  readonly probes: readonly Probe[];
}

/**
 * A probe's name, as its items' ids end (a `system` probe's items add `-1`, `-2`, …).
 *
 * @param probe The probe.
 * @returns `irrelevance`, `shuffled-tools`, `distractors-N` or `system`.
 *
 * @example
 * ```ts
 * import { probeName } from "./probes.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(probeName({ distractors: 4 }), "distractors-4");
 * assert.equal(probeName({ system: [null] }), "system");
 * assert.equal(probeName("irrelevance"), "irrelevance");
 * ```
 */
export function probeName(probe: Probe): string {
  if (typeof probe === "string") return probe;
  return "distractors" in probe ? `distractors-${probe.distractors}` : "system";
}

/**
 * The items each probe asks, probe by probe in the list's order, each probe's items in the
 * held-out items' order (`reference/split.md`, Probes). A probe item's id is its item's id as
 * text, `~` and the probe's name (`7~irrelevance`, `t-1~distractors-4`, `7~system-2` for the
 * second prompt of `system`); it keeps its item's index, query and cluster, and says which item
 * and probe it is (`probeOf`). Each draw is seeded by the split's digest, the probe's name and the
 * item's id, so the same split and probes always give the same items.
 *
 * - `irrelevance`: the tools the answer calls removed (compared by name), the answer no call;
 *   items whose answer makes no call are left out, and so are chat-jsonl items an earlier
 *   assistant message of which calls one of those tools (the conversation would call a tool it
 *   no longer offers).
 * - `shuffled-tools`: the tools in a seeded order other than the item's own; items with fewer than
 *   two tools are left out.
 * - `{distractors: N}`: N tools of other held-out items, none named as one of the item's, each put
 *   at a seeded place; the answer unchanged. Items that cannot get N are left out.
 * - `{system: [...]}`: for each prompt listed, the item with `system` set to it (`""` for `null`),
 *   which a request sends instead of `prompt.system`; a chat-jsonl item's own system and developer
 *   messages are left out.
 *
 * A chat-jsonl item's tools are moved as the line writes them; its other messages are kept.
 *
 * @param heldOut The held-out items, in the split's order.
 * @param options The split's digest and the probes.
 * @returns Each probe's items.
 * @throws {DatasetError} When a probe item's id is a held-out item's id (a chat-jsonl id that ends
 *   in `~` and a probe's name).
 * @throws {TypeError} When some items bring their own messages (chat-jsonl) and others do not: the
 *   held-out items of one dataset never do.
 *
 * @example
 * ```ts
 * import { probeItems } from "./probes.ts";
 * import { parseJson } from "../json/strict_json.ts";
 * import assert from "node:assert/strict";
 *
 * const tool = (name: string) => ({ name, description: "", parameters: new Map() });
 * const item = {
 *   id: 7, index: 0, query: "Weather in Oslo?", tools: [tool("weather"), tool("time")],
 *   answers: [{ name: "weather", arguments: parseJson('{"city": "Oslo"}') }],
 * };
 * const [irrelevance] = probeItems([item], { digest: "d", probes: ["irrelevance"] });
 * assert.equal(irrelevance!.items[0]!.id, "7~irrelevance");
 * assert.deepEqual(irrelevance!.items[0]!.tools.map((t) => t.name), ["time"]);
 * assert.deepEqual(irrelevance!.items[0]!.answers, []);
 * ```
 */
export function probeItems(heldOut: readonly Item[], options: ProbeOptions): ProbeItems[] {
  const ids = new Map<string, ItemId>(heldOut.map((item) => [itemIdText(item.id), item.id]));
  let views: readonly ToolsView[] | undefined;
  let pool: ToolPool | undefined;
  const chats = heldOut.filter((item) => item.chat !== undefined).length;
  if (chats !== 0 && chats !== heldOut.length) {
    throw new TypeError("the held-out items mix items with their own messages and items without");
  }
  return options.probes.map((probe) => {
    const name = probeName(probe);
    views ??= heldOut.map(toolsView);
    const items: Item[] = [];
    let calledEarlier = 0;
    for (let i = 0; i < heldOut.length; i++) {
      const item = heldOut[i]!;
      const view = views[i]!;
      const seed = `probe.v1\0${options.digest}\0${name}\0${itemIdText(item.id)}\0`;
      if (probe === "irrelevance") {
        const called = new Set(item.answers.map((call) => call.name));
        if (called.size === 0) continue;
        if (item.chat !== undefined && callsEarlier(item.chat.messages, called)) {
          calledEarlier++;
          continue;
        }
        const kept = view.tools.flatMap((tool, k) => called.has(tool.name) ? [] : [k]);
        items.push(variant(item, name, pick(view, kept), { answers: [] }));
      } else if (probe === "shuffled-tools") {
        if (view.tools.length < 2) continue;
        items.push(variant(item, name, pick(view, shuffledOrder(view.tools.length, seed))));
      } else if ("distractors" in probe) {
        pool ??= toolPool(views);
        const added = distractors(view, pool, probe.distractors, seed);
        if (added !== undefined) items.push(variant(item, name, added));
      } else {
        probe.system.forEach((prompt, k) => {
          items.push(variant(item, `system-${k + 1}`, view, { system: prompt ?? "" }));
        });
      }
    }
    for (const probed of items) {
      const clash = ids.get(itemIdText(probed.id));
      if (clash !== undefined) {
        throw new DatasetError(
          `the held-out item ${itemIdShown(clash)} has the id that the ${name} probe gives item ` +
            `${itemIdShown(probed.probeOf!.id)}: with probes, no held-out id may end in ~ and ` +
            "a probe's name",
        );
      }
    }
    return { probe, name, items, calledEarlier };
  });
}

/** Whether an assistant message of a chat prompt calls a tool of these names. */
function callsEarlier(messages: string, names: ReadonlySet<string>): boolean {
  const list = parseJson(`[${messages}]`) as readonly JsonValue[];
  return list.some((message) => {
    if (!isJsonObject(message) || message.get("role") !== "assistant") return false;
    const calls = message.get("tool_calls");
    return Array.isArray(calls) && calls.some((call) => {
      const fn = isJsonObject(call) ? call.get("function") : undefined;
      const name = fn !== undefined && isJsonObject(fn) ? fn.get("name") : undefined;
      return typeof name === "string" && names.has(name);
    });
  });
}

/** An item's tools, and for a chat-jsonl item each tool's JSON text as its line writes it. */
interface ToolsView {
  readonly tools: readonly ToolSpec[];
  readonly texts: readonly string[] | undefined;
}

function toolsView(item: Item): ToolsView {
  const tools = item.tools;
  if (item.chat === undefined) return { tools, texts: undefined };
  const own = item.chat.tools === "" ? [] : parseJson(item.chat.tools) as readonly JsonValue[];
  return { tools, texts: own.map(stringifyJson) };
}

/** The tools at the given places of a view, in that order. */
function pick(view: ToolsView, places: readonly number[]): ToolsView {
  return {
    tools: places.map((k) => view.tools[k]!),
    texts: view.texts === undefined ? undefined : places.map((k) => view.texts![k]!),
  };
}

/**
 * A draw of a seed at a step: a whole number from 0 to `m` − 1, ⌊u × m / 2^64⌋ where u is the first
 * 8 bytes of SHA-256(seed ‖ step), most significant first (`reference/split.md`, Probes).
 */
function draw(seed: string, step: string, m: number): number {
  const text = seed + step;
  // At most 3 bytes a UTF-16 unit.
  if (message.length < 3 * text.length) message = new Uint8Array(6 * text.length);
  const length = ENCODER.encodeInto(text, message).written;
  sha256Words(message, length, words, 0);
  const u = (BigInt(words[0]!) << 32n) | BigInt(words[1]!);
  return Number((u * BigInt(m)) >> 64n);
}

const ENCODER = new TextEncoder();
let message = new Uint8Array(256);
const words = new Uint32Array(8);

/**
 * A seeded order of `n` places (Fisher–Yates from the back: for i = n − 1 down to 1, swap place i
 * with place `draw(swap i, i + 1)`); when it is the order itself, the first place goes last.
 */
function shuffledOrder(n: number, seed: string): number[] {
  const order = Array.from({ length: n }, (_, k) => k);
  for (let i = n - 1; i >= 1; i--) {
    const j = draw(seed, `swap ${i}`, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  if (order.every((k, i) => k === i)) order.push(order.shift()!);
  return order;
}

/** A tool the held-out items offer: the first with its name, in the split's order. */
interface PoolTool {
  readonly tool: ToolSpec;
  /** Its JSON text, for a chat-jsonl item's. */
  readonly text: string | undefined;
}

/** Each tool name the held-out items offer, once, and the names. */
interface ToolPool {
  readonly tools: readonly PoolTool[];
  readonly names: ReadonlySet<string>;
}

/** Each tool name the held-out items offer, once: the first tool with it, items in order. */
function toolPool(views: readonly ToolsView[]): ToolPool {
  const names = new Set<string>();
  const tools: PoolTool[] = [];
  for (const view of views) {
    view.tools.forEach((tool, k) => {
      if (names.has(tool.name)) return;
      names.add(tool.name);
      tools.push({ tool, text: view.texts?.[k] });
    });
  }
  return { tools, names };
}

/**
 * The item's tools with `n` of the pool added, or undefined when fewer than `n` of the pool have a
 * name none of its tools has. The pool is shuffled from the front (for k = 0, 1, …: swap place k
 * with place k + `draw(pick k, P − k)`), and the first `n` whose names the item lacks are taken;
 * each is then put at place `draw(place k, L + 1)` of the list as it is (L tools so far).
 */
function distractors(
  view: ToolsView,
  pool: ToolPool,
  n: number,
  seed: string,
): ToolsView | undefined {
  const own = new Set(view.tools.map((tool) => tool.name));
  let available = pool.tools.length;
  for (const name of own) if (pool.names.has(name)) available--;
  if (available < n) return undefined;
  // The shuffle's swaps, kept only where it moved something: at most n + own.size draws.
  const moved = new Map<number, number>();
  const at = (k: number) => moved.get(k) ?? k;
  const chosen: PoolTool[] = [];
  for (let k = 0; chosen.length < n; k++) {
    const j = k + draw(seed, `pick ${k}`, pool.tools.length - k);
    const taken = at(j);
    moved.set(j, at(k));
    const candidate = pool.tools[taken]!;
    if (!own.has(candidate.tool.name)) chosen.push(candidate);
  }
  const tools = [...view.tools];
  const texts = view.texts === undefined ? undefined : [...view.texts];
  chosen.forEach((added, k) => {
    const place = draw(seed, `place ${k}`, tools.length + 1);
    tools.splice(place, 0, added.tool);
    texts?.splice(place, 0, added.text!);
  });
  return { tools, texts };
}

/** The probe item of `item` with these tools (and answer, or system prompt). */
function variant(
  item: Item,
  name: string,
  view: ToolsView,
  change: { readonly answers?: Item["answers"]; readonly system?: string } = {},
): Item {
  const probeOf = { id: item.id, probe: name };
  const chat = item.chat;
  const probed: Item = {
    id: `${itemIdText(item.id)}~${name}`,
    index: item.index,
    query: item.query,
    tools: view.tools,
    answers: change.answers ?? item.answers,
    cluster: itemCluster(item),
    probeOf,
    ...(change.system === undefined ? {} : { system: change.system }),
    ...(chat === undefined ? {} : {
      chat: {
        messages: change.system === undefined ? chat.messages : withoutSystem(chat.messages),
        hasSystem: change.system === undefined ? chat.hasSystem : false,
        tools: view.texts!.length === 0 ? "" : `[${view.texts!.join(",")}]`,
        ...(chat.answerText === undefined || change.answers !== undefined
          ? {}
          : { answerText: chat.answerText }),
      },
    }),
  };
  return probed;
}

/** A chat prompt's messages without its system and developer messages. */
function withoutSystem(messages: string): string {
  const list = parseJson(`[${messages}]`) as readonly JsonValue[];
  return list.filter((message) => {
    const role = isJsonObject(message) ? message.get("role") : undefined;
    return role !== "system" && role !== "developer";
  }).map(stringifyJson).join(",");
}

/**
 * What `assess split` says of each probe: one line each, how many items it adds, and, for a probe
 * that leaves items out, how many and why (for `irrelevance`, how many for each reason when both
 * apply).
 *
 * @param sets Each probe's items ({@linkcode probeItems}).
 * @param heldOut How many items are held out.
 * @returns The lines, each ending in a newline; `""` without probes.
 *
 * @example
 * ```ts
 * import { probeCountLines } from "./probes.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: 1, index: 0, query: "q", tools: [], answers: [] };
 * const irrelevance = (calledEarlier: number) =>
 *   [{ probe: "irrelevance" as const, name: "irrelevance", items: [item], calledEarlier }];
 * assert.equal(
 *   probeCountLines(irrelevance(0), 3),
 *   "probe irrelevance: 1 item (2 left out: no call in the answer)\n",
 * );
 * assert.equal(
 *   probeCountLines(irrelevance(1), 4),
 *   "probe irrelevance: 1 item (3 left out: 2 no call in the answer, " +
 *     "1 called earlier in the conversation)\n",
 * );
 * assert.equal(
 *   probeCountLines(irrelevance(3), 4),
 *   "probe irrelevance: 1 item (3 left out: called earlier in the conversation)\n",
 * );
 * ```
 */
export function probeCountLines(sets: readonly ProbeItems[], heldOut: number): string {
  return sets.map(({ probe, name, items, calledEarlier }) => {
    const n = items.length;
    let line = `probe ${name}: ${n.toLocaleString("en-US")} ${n === 1 ? "item" : "items"}`;
    if (typeof probe === "object" && "system" in probe) {
      const prompts = probe.system.length;
      line += ` (${prompts} ${prompts === 1 ? "prompt" : "prompts"})`;
    } else if (n < heldOut) {
      const out = heldOut - n;
      const count = (k: number) => k.toLocaleString("en-US");
      let why = probe === "irrelevance"
        ? "no call in the answer"
        : probe === "shuffled-tools"
        ? "fewer than two tools"
        : `fewer than ${probe.distractors} other tools to add`;
      const earlier = "called earlier in the conversation";
      if (calledEarlier === out) why = earlier;
      else if (calledEarlier > 0) {
        why = `${count(out - calledEarlier)} ${why}, ${count(calledEarlier)} ${earlier}`;
      }
      line += ` (${count(out)} left out: ${why})`;
    }
    return line + "\n";
  }).join("");
}
