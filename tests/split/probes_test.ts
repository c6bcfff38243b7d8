import assert from "node:assert/strict";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { DatasetError } from "../../src/dataset/dataset_error.ts";
import type { Item } from "../../src/dataset/item.ts";
import { itemCluster } from "../../src/dataset/cluster.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { type Probe, probeItems, probeName } from "../../src/split/probes.ts";
import type { Config } from "../../src/config/config.ts";
import type { HeaderRecord } from "../../src/results/records.ts";
import type { Equal } from "../support/type_equal.ts";
import { promptText } from "../../src/request/request.ts";
import { stringifyJson } from "../../src/json/stringify.ts";

const none = { permissions: "none" } as const;
const enc = new TextEncoder();

const tool = (name: string) => ({
  name,
  description: `does ${name}`,
  parameters: { [`${name}_arg`]: { type: "str", description: "an argument" } },
});
const call = (name: string) => ({ name, arguments: { [`${name}_arg`]: "v" } });

/** xlam items: their ids, tools and the tools their answers call. */
function xlamItems(rows: readonly [number, string[], string[]][]): Item[] {
  const bytes = enc.encode(JSON.stringify(rows.map(([id, tools, calls]) => ({
    id,
    query: `question ${id}`,
    tools: JSON.stringify(tools.map(tool)),
    answers: JSON.stringify(calls.map(call)),
  }))));
  return [...loadDataset(bytes, sha256Hex(bytes)).items];
}

const names = (item: Item) => item.tools.map((t) => t.name);
const DIGEST = "a".repeat(64);

/** Many items of 2 to 5 tools each, names shared across items (`t0` … `t12`). */
const MANY = xlamItems(
  Array.from({ length: 60 }, (_, i): [number, string[], string[]] => {
    const tools = Array.from({ length: 2 + (i % 4) }, (_, k) => `t${(i + 5 * k) % 13}`);
    return [i + 1, tools, [tools[0]!]];
  }),
);

Deno.test("a probe is the same type in assess.yaml's configuration, the results header and here", () => {
  // Each writes the union (config and results may not import split, nor split them).
  const config: Equal<Probe, Config["probes"][number]> = true;
  const header: Equal<Probe, NonNullable<HeaderRecord["probes"]>[number]> = true;
  assert(config && header);
});

Deno.test("probe names and ids: <id>~<name>, a system probe's items numbered from 1", none, () => {
  assert.equal(probeName("shuffled-tools"), "shuffled-tools");
  assert.equal(probeName({ distractors: 12 }), "distractors-12");
  const items = xlamItems([[7, ["a", "b"], ["a"]], [8, ["c", "d"], ["c"]]]);
  const sets = probeItems(items, {
    digest: DIGEST,
    probes: ["irrelevance", "shuffled-tools", { distractors: 1 }, { system: ["x", null] }],
  });
  assert.deepEqual(sets.map((s) => s.name), [
    "irrelevance",
    "shuffled-tools",
    "distractors-1",
    "system",
  ]);
  assert.deepEqual(sets.map((s) => s.items.map((item) => item.id)), [
    ["7~irrelevance", "8~irrelevance"],
    ["7~shuffled-tools", "8~shuffled-tools"],
    ["7~distractors-1", "8~distractors-1"],
    ["7~system-1", "7~system-2", "8~system-1", "8~system-2"],
  ]);
  for (const set of sets) {
    for (const item of set.items) {
      const of = items.find((i) => i.id === item.probeOf!.id)!;
      assert.equal(item.id, `${of.id}~${item.probeOf!.probe}`);
      assert.equal(item.index, of.index);
      assert.equal(item.query, of.query);
      // A probe item counts in its item's cluster, whatever its tools.
      assert.equal(itemCluster(item), itemCluster(of));
    }
  }
});

Deno.test(
  "irrelevance: the called tools go, the answer is no call; an item without a call is left out",
  none,
  () => {
    const items = xlamItems([
      [1, ["a", "b", "c"], ["b"]],
      [2, ["a", "b"], []], // no call: left out
      [3, ["a", "b", "c"], ["a", "c", "a"]], // several calls, one tool twice
      [4, ["a", "b"], ["a", "b"]], // every tool called: asked with none
    ]);
    const [set] = probeItems(items, { digest: DIGEST, probes: ["irrelevance"] });
    assert.deepEqual(set!.items.map((item) => [item.id, names(item), item.answers]), [
      ["1~irrelevance", ["a", "c"], []],
      ["3~irrelevance", ["b"], []],
      ["4~irrelevance", [], []],
    ]);
    // With no tool left, the request offers none (vLLM refuses tools: []).
    assert.equal(promptText(set!.items[2]!, "").tools, "");
    // The held-out items are untouched.
    assert.deepEqual(names(items[0]!), ["a", "b", "c"]);
    assert.equal(items[0]!.answers.length, 1);
  },
);

Deno.test(
  "shuffled-tools: the same tools in another order, seeded; fewer than two tools is left out",
  none,
  () => {
    const items = [...MANY, ...xlamItems([[1000, ["solo"], ["solo"]], [1001, [], []]])];
    const [set] = probeItems(items, { digest: DIGEST, probes: ["shuffled-tools"] });
    assert.equal(set!.items.length, MANY.length);
    const moved = new Set<number>();
    for (const probed of set!.items) {
      const of = items.find((i) => i.id === probed.probeOf!.id)!;
      assert.notDeepEqual(names(probed), names(of), String(probed.id));
      assert.deepEqual([...names(probed)].sort(), [...names(of)].sort());
      assert.deepEqual(probed.answers, of.answers);
      moved.add(names(probed).indexOf(names(of)[0]!));
    }
    // The first tool lands anywhere, not at one place.
    assert.deepEqual([...moved].sort(), [0, 1, 2, 3, 4]);
    // Another split's digest gives other orders.
    const [other] = probeItems(items, { digest: "b".repeat(64), probes: ["shuffled-tools"] });
    assert.notDeepEqual(other!.items.map(names), set!.items.map(names));
  },
);

/**
 * The documented rule of shuffled-tools (`reference/split.md`, Probes), written again from the
 * page with Web Crypto: Fisher–Yates from the back with draws ⌊u × m / 2^64⌋, u the first 8
 * bytes of SHA-256 of the seed text and the step, then the first place last if nothing moved.
 */
async function documentedShuffle(digest: string, id: number, n: number): Promise<number[]> {
  const order = [...Array(n).keys()];
  for (let i = n - 1; i >= 1; i--) {
    const text = `probe.v1\0${digest}\0shuffled-tools\0${id}\0swap ${i}`;
    const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));
    const u = new DataView(bytes.buffer).getBigUint64(0);
    const j = Number((u * BigInt(i + 1)) / 2n ** 64n);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  if (order.every((k, i) => k === i)) order.push(order.shift()!);
  return order;
}

Deno.test("shuffled-tools is the order reference/split.md writes, computed again from the page", async () => {
  const [set] = probeItems(MANY, { digest: DIGEST, probes: ["shuffled-tools"] });
  for (const probed of set!.items) {
    const of = MANY.find((i) => i.id === probed.probeOf!.id)!;
    const order = await documentedShuffle(DIGEST, of.id as number, of.tools.length);
    assert.deepEqual(names(probed), order.map((k) => names(of)[k]), String(of.id));
  }
});

Deno.test(
  "distractors: N tools of other held-out items, none named as the item's, at seeded places",
  none,
  () => {
    const [set] = probeItems(MANY, { digest: DIGEST, probes: [{ distractors: 4 }] });
    assert.equal(set!.items.length, MANY.length);
    const offered = new Set(MANY.flatMap(names));
    const places = new Set<number>();
    for (const probed of set!.items) {
      const of = MANY.find((i) => i.id === probed.probeOf!.id)!;
      const own = names(of);
      assert.equal(probed.tools.length, own.length + 4);
      const added = names(probed).filter((name) => !own.includes(name));
      assert.equal(added.length, 4, `${probed.id}: ${names(probed)}`);
      assert.equal(new Set(names(probed)).size, probed.tools.length, "no name twice");
      for (const name of added) assert(offered.has(name));
      // The item's own tools keep their order; the answer is the same.
      assert.deepEqual(names(probed).filter((name) => own.includes(name)), own);
      assert.deepEqual(probed.answers, of.answers);
      for (const name of added) places.add(names(probed).indexOf(name));
    }
    // Added tools go anywhere in the list, the first place and the last included.
    assert(places.has(0));
    assert([...places].some((p) => p >= 6));
  },
);

Deno.test(
  "distractors: a clashing name is skipped, and an item that cannot get N is left out",
  none,
  () => {
    const items = xlamItems([
      [1, ["a", "b"], ["a"]],
      [2, ["a", "c"], ["a"]], // a clashes with 1's and 3's
      [3, ["a", "b", "d"], ["d"]],
    ]);
    // Other names: for 1, c and d; for 2, b and d; for 3, c only.
    const [two] = probeItems(items, { digest: DIGEST, probes: [{ distractors: 2 }] });
    assert.deepEqual(two!.items.map((item) => item.probeOf!.id), [1, 2]);
    assert.deepEqual(two!.items.map((item) => names(item).filter((n) => n !== "a").sort()), [
      ["b", "c", "d"],
      ["b", "c", "d"],
    ]);
    const [one] = probeItems(items, { digest: DIGEST, probes: [{ distractors: 1 }] });
    assert.deepEqual(one!.items.map((item) => item.id), [
      "1~distractors-1",
      "2~distractors-1",
      "3~distractors-1",
    ]);
    assert.deepEqual(names(one!.items[2]!).sort(), ["a", "b", "c", "d"]);
    // A tool two items offer is the first item's (in the split's order), added once.
    const shared = xlamItems([[1, ["x"], ["x"]], [2, ["y"], ["y"]], [3, ["y"], ["y"]]]);
    const [set] = probeItems(shared, { digest: DIGEST, probes: [{ distractors: 1 }] });
    assert.deepEqual(set!.items.map(names).map((n) => [...n].sort()), [["x", "y"], ["x", "y"], [
      "x",
      "y",
    ]]);
    const [three] = probeItems(shared, { digest: DIGEST, probes: [{ distractors: 2 }] });
    assert.deepEqual(three!.items, []);
  },
);

Deno.test("system: each prompt, or none, instead of prompt.system", none, () => {
  const items = xlamItems([[1, ["a"], ["a"]]]);
  const [set] = probeItems(items, {
    digest: DIGEST,
    probes: [{ system: ["Be brief.", null] }],
  });
  const [brief, bare] = set!.items;
  assert.deepEqual([brief!.system, bare!.system], ["Be brief.", ""]);
  assert.deepEqual(names(brief!), ["a"]);
  assert.equal(
    promptText(brief!, "Run's prompt.").messages,
    '{"role":"system","content":"Be brief."},{"role":"user","content":"question 1"}',
  );
  assert.equal(
    promptText(bare!, "Run's prompt.").messages,
    '{"role":"user","content":"question 1"}',
  );
  // The held-out item itself is asked with the run's prompt.
  assert.equal(
    promptText(items[0]!, "Run's prompt.").messages,
    `{"role":"system","content":"Run's prompt."},{"role":"user","content":"question 1"}`,
  );
});

/** chat-jsonl items: a system message of their own, tools written with numbers as written. */
function chatItems(): Item[] {
  const lineTool = (name: string) => ({
    type: "function",
    function: { name, parameters: { type: "object", properties: { n: { type: "number" } } } },
  });
  const lines = [["c1", ["f", "g"]], ["c2", ["g", "h", "k"]], ["c3", ["m", "n"]]].map(
    ([id, tools]) =>
      JSON.stringify({
        id,
        messages: [
          { role: "system", content: "Own system." },
          { role: "user", content: `chat ${id}` },
          {
            role: "assistant",
            tool_calls: [{
              type: "function",
              function: { name: (tools as string[])[0], arguments: '{"n": 1.50}' },
            }],
          },
        ],
        tools: (tools as string[]).map(lineTool),
      }).replaceAll('"number"}}}}', '"number", "default": 1.50}}}}'),
  );
  const bytes = enc.encode(lines.join("\n") + "\n");
  return [...loadChatDataset(bytes, sha256Hex(bytes)).items];
}

/** A tool of {@linkcode chatItems}, as its line writes it compact. */
const lineToolText = (name: string) =>
  `{"type":"function","function":{"name":"${name}","parameters":{"type":"object",` +
  `"properties":{"n":{"type":"number","default":1.50}}}}}`;

Deno.test(
  "a chat-jsonl item's tools move as its line writes them; its own system message goes only for system",
  none,
  () => {
    const items = chatItems();
    const sets = probeItems(items, {
      digest: DIGEST,
      probes: ["irrelevance", "shuffled-tools", { distractors: 2 }, { system: ["New system."] }],
    });
    for (const item of items) {
      assert.equal(item.chat!.tools, `[${names(item).map(lineToolText).join(",")}]`);
    }
    assert(items[0]!.chat!.tools.includes('"default":1.50'));
    for (const set of sets) {
      for (const probed of set.items) {
        const of = items.find((i) => i.id === probed.probeOf!.id)!;
        // Every tool as the line writes it, byte for byte (1.50 stays 1.50), in the order of the
        // tools scored.
        assert.equal(probed.chat!.tools, `[${names(probed).map(lineToolText).join(",")}]`);
        const system = set.name === "system";
        assert.equal(probed.chat!.messages.includes("Own system."), !system, String(probed.id));
        assert.equal(probed.chat!.hasSystem, !system);
        const sent = promptText(probed, "Run's prompt.").messages;
        assert.equal(sent.includes("New system."), system);
        assert.equal(sent.includes("Run's prompt."), false);
        assert.equal(sent.includes(`chat ${of.id}`), true);
      }
    }
    // The system probe leaves the tools as the line writes them.
    const system = sets[3]!.items[0]!;
    assert.equal(system.chat!.tools, items[0]!.chat!.tools);
    assert.deepEqual(system.answers, items[0]!.answers);
  },
);

Deno.test("the same split and probe give the same items, whatever else is probed", none, () => {
  const probes = ["irrelevance", "shuffled-tools", { distractors: 3 }, { system: ["s"] }] as const;
  const once = probeItems(MANY, { digest: DIGEST, probes });
  const again = probeItems(
    xlamItems(MANY.map((item) => [
      item.id as number,
      names(item),
      item.answers.map((c) => c.name),
    ])),
    { digest: DIGEST, probes: [...probes].reverse() },
  );
  assert.deepEqual(once, [...again].reverse());
});

Deno.test("a probe item's id that is a held-out item's id is refused, naming both", none, () => {
  const lines = ["a", "a~irrelevance"].map((id) =>
    JSON.stringify({
      id,
      messages: [
        { role: "user", content: `q ${id}` },
        { role: "assistant", tool_calls: [{ function: { name: "f", arguments: "{}" } }] },
      ],
      tools: [{ type: "function", function: { name: "f" } }],
    })
  );
  const bytes = enc.encode(lines.join("\n") + "\n");
  const items = [...loadChatDataset(bytes, sha256Hex(bytes)).items];
  assert.throws(
    () => probeItems(items, { digest: DIGEST, probes: ["irrelevance"] }),
    (e: unknown) =>
      e instanceof DatasetError &&
      e.message.includes(
        'the held-out item "a~irrelevance" has the id that the irrelevance probe ' +
          'gives item "a"',
      ),
  );
  assert.equal(
    probeItems(items, { digest: DIGEST, probes: ["shuffled-tools"] })[0]!.items.length,
    0,
  );
});

Deno.test(
  "generated chat-jsonl splits: every probe item's tools are its item's lines' tools as written, its query its item's",
  none,
  async () => {
    const { Prng } = await import("../reference/_prng.ts");
    const { genChatDataset } = await import("../reference/_chat_datasets.ts");
    const { heldOutQuery } = await import("../../src/leak/_examples.ts");
    const { takeSplit, heldOutItems } = await import("../../src/split/split.ts");
    const rng = new Prng(20261207);
    const roles = (messages: string) =>
      (JSON.parse(`[${messages}]`) as { role: string }[]).map((m) => m.role);
    const nameOf = (text: string) =>
      (JSON.parse(text) as { function: { name: string } }).function.name;
    let checked = 0;
    const kinds = new Set<string>();
    let calledEarlier = 0;
    for (let d = 0; d < 150; d++) {
      const gen = genChatDataset(rng);
      let dataset;
      try {
        dataset = loadChatDataset(gen.bytes, sha256Hex(gen.bytes));
      } catch {
        continue; // a dataset refused on purpose
      }
      const size = Math.min(gen.size, dataset.eligibleCount);
      if (size < 1) continue;
      const split = takeSplit(dataset, { seed: gen.seed, size });
      const held = heldOutItems(dataset, split);
      const sets = probeItems(held, {
        digest: split.digest,
        probes: ["irrelevance", "shuffled-tools", { distractors: 2 }, { system: ["S.", null] }],
      });
      calledEarlier += sets[0]!.calledEarlier;
      // Each tool name's text as the first held-out line that offers it writes it.
      const first = new Map<string, string>();
      for (const item of held) {
        for (const text of elements(item.chat!.tools)) {
          if (!first.has(nameOf(text))) first.set(nameOf(text), text);
        }
      }
      for (const set of sets) {
        for (const probed of set.items) {
          const of = held.find((item) => item.id === probed.probeOf!.id)!;
          checked++;
          assert.equal(heldOutQuery(probed), heldOutQuery(of));
          // The tools sent are the tools scored, each as a held-out line writes it: the item's own
          // as its line does, an added one as the first line that offers it.
          const own = new Map(elements(of.chat!.tools).map((text) => [nameOf(text), text]));
          const sent = elements(probed.chat!.tools);
          assert.deepEqual(sent.map(nameOf), names(probed));
          for (const text of sent) {
            assert.equal(text, own.get(nameOf(text)) ?? first.get(nameOf(text)), String(probed.id));
          }
          // Rendered back as a chat line (its messages as sent, its answer as the last), it is a
          // line the chat reader takes.
          const line = chatLine(probed);
          try {
            const bytes = enc.encode(line + "\n");
            loadChatDataset(bytes, sha256Hex(bytes));
          } catch (e) {
            assert.fail(`${String(probed.id)}: ${(e as Error).message}\n${line}`);
          }
          kinds.add(set.name);
          if (set.name === "system") {
            assert.equal(probed.chat!.tools, of.chat!.tools);
            assert.deepEqual(
              roles(probed.chat!.messages),
              roles(of.chat!.messages).filter((r) => r !== "system" && r !== "developer"),
            );
          } else {
            assert.equal(probed.chat!.messages, of.chat!.messages);
            assert.equal(probed.chat!.hasSystem, of.chat!.hasSystem);
          }
        }
      }
    }
    assert(checked > 1000, `only ${checked} probe items`);
    // irrelevance left out the lines an earlier message of which calls a tool it removes.
    assert(calledEarlier > 50, `only ${calledEarlier} items left out as called earlier`);
    assert.deepEqual([...kinds].sort(), [
      "distractors-2",
      "irrelevance",
      "shuffled-tools",
      "system",
    ]);
  },
);

/**
 * A probe item as a chat-jsonl line: the messages a request sends (its system prompt, for a
 * `system` probe's item, as a system message), its answer as the last message, its tools.
 */
function chatLine(item: Item): string {
  const prompt = promptText(item, "");
  const calls = item.answers.map((c, k) =>
    JSON.stringify({
      id: `answer_${k}`,
      type: "function",
      function: { name: c.name, arguments: stringifyJson(c.arguments) },
    })
  );
  const answer = calls.length === 0
    ? `{"role":"assistant","content":"no call"}`
    : `{"role":"assistant","tool_calls":[${calls.join(",")}]}`;
  const tools = prompt.tools === "" ? "" : `,"tools":${prompt.tools}`;
  return `{"id":${
    JSON.stringify(String(item.id))
  },"messages":[${prompt.messages},${answer}]${tools}}`;
}

/**
 * The elements' texts of a compact JSON array's text (`""`: none), cut at the commas between them,
 * read here character by character rather than by the code under test.
 */
function elements(array: string): string[] {
  if (array === "") return [];
  const texts: string[] = [];
  let depth = 0;
  let start = 1;
  let inString = false;
  for (let i = 1; i < array.length - 1; i++) {
    const c = array[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      texts.push(array.slice(start, i));
      start = i + 1;
    }
  }
  texts.push(array.slice(start, array.length - 1));
  return texts;
}
