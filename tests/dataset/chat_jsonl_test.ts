import assert from "node:assert/strict";
import { loadChatDataset, REFUSED_LINES_SHOWN } from "../../src/dataset/chat_jsonl.ts";
import { contentKeyOf, datasetText, detachedItem, textsHash } from "../../src/dataset/dataset.ts";
import { DatasetError } from "../../src/dataset/dataset_error.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { JsonNumber } from "../../src/json/json_value.ts";
import { JsonSyntaxError, MAX_JSON_DEPTH, parseJson } from "../../src/json/strict_json.ts";
import { readChatLine } from "../../src/dataset/_chat_line.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { buildRequestBody, promptText } from "../../src/request/request.ts";
import { trainingFile, trainingLine } from "../../src/request/training.ts";
import { heldOutItems, takeSplit } from "../../src/split/split.ts";
import { answerCategory } from "../../src/dataset/category.ts";
import { itemCluster } from "../../src/dataset/cluster.ts";
import { lenientScore, xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { Prng } from "../reference/_prng.ts";
import { genChatDataset } from "../reference/_chat_datasets.ts";

const enc = new TextEncoder();

const WEATHER = {
  type: "function",
  function: {
    name: "weather",
    description: "Weather now.",
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer", default: 3 } },
      required: ["city"],
    },
  },
};

function call(name: string, args: unknown): unknown {
  return { type: "function", function: { name, arguments: args } };
}

function line(id: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    messages: [
      { role: "user", content: `weather ${JSON.stringify(id)}?` },
      { role: "assistant", tool_calls: [call("weather", '{"city": "Oslo"}')] },
    ],
    tools: [WEATHER],
    ...extra,
  };
}

function load(text: string) {
  const bytes = enc.encode(text);
  return loadChatDataset(bytes, sha256Hex(bytes));
}

function lines(...values: unknown[]): string {
  return values.map((v) => (typeof v === "string" ? v : JSON.stringify(v)) + "\n").join("");
}

/** The refusal lines a text gives: the error's message, then its further lines. */
function refusals(text: string): string[] {
  try {
    load(text);
  } catch (e) {
    assert(e instanceof DatasetError);
    return [e.message, ...e.lines];
  }
  return assert.fail("the dataset was accepted");
}

Deno.test("loadChatDataset: string and integer ids, the prompt, tools and answer of each line", () => {
  const multi = {
    id: "t-2",
    messages: [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        tool_calls: [{ id: "c1", ...call("weather", '{"city": "Oslo"}') as object }],
      },
      { role: "tool", tool_call_id: "c1", content: '{"temp": 3.50}' },
      { role: "user", content: "And for 2.50 days in Bergen?" },
      {
        role: "assistant",
        tool_calls: [
          call("weather", '{"city": "Bergen", "days": 2.50}'),
          call("weather", { city: "Oslo" }),
        ],
      },
    ],
    tools: [WEATHER],
  };
  const d = load(lines(line(-0), multi, line(7.0)) + "");
  assert.deepEqual(d.items.map((i) => i.id), [0, "t-2", 7]);
  assert.equal(d.eligibleCount, 3);
  const item = d.items[1]!;
  assert.equal(item.index, 1);
  assert.equal(item.query, "And for 2.50 days in Bergen?");
  assert.equal(item.chat!.hasSystem, true);
  assert.equal(item.chat!.messages.split('{"role":').length - 1, 5);
  assert.equal(answerCategory(item.answers), "parallel");
  // The answer's arguments, as JSON text or as an object, read exactly.
  assert.deepEqual(
    item.answers[0]!.arguments,
    new Map<string, unknown>([
      ["city", "Bergen"],
      ["days", new JsonNumber("2.50")],
    ]),
  );
  assert.equal(stringifyJson(item.answers[1]!.arguments), '{"city":"Oslo"}');
  // The tools as sent, and as the scorer reads them (a parameter not required is optional).
  assert.equal(item.tools[0]!.name, "weather");
  assert.deepEqual(item.tools[0]!.optional, ["days"]);
  assert.equal(item.chat!.tools, `[${JSON.stringify(WEATHER)}]`);
});

Deno.test("promptText and the request: an item's own messages and tools as written, prompt.system only without its own", () => {
  const d = load(lines(
    line("a"),
    {
      id: "b",
      messages: [
        { role: "developer", content: "Own rules." },
        { role: "user", content: "n = 1.0e2?" },
        { role: "assistant", content: "No call needed." },
      ],
    },
  ));
  const [a, b] = d.items;
  const withSystem = promptText(a!, "Be brief.");
  assert.equal(
    withSystem.messages,
    '{"role":"system","content":"Be brief."},{"role":"user","content":"weather \\"a\\"?"}',
  );
  assert.equal(withSystem.tools, `[${JSON.stringify(WEATHER)}]`);
  assert.equal(promptText(a!, "").messages, '{"role":"user","content":"weather \\"a\\"?"}');
  // b brings its own system (developer) message, and no tools: none are sent.
  assert.equal(
    promptText(b!, "Be brief.").messages,
    '{"role":"developer","content":"Own rules."},{"role":"user","content":"n = 1.0e2?"}',
  );
  assert.equal(b!.answers.length, 0);
  const body = buildRequestBody(b!, "base", {
    system: "Be brief.",
    temperature: 0,
    topP: 1,
    seed: 0n,
    maxTokens: 64,
    templateKey: "enable_thinking",
    thinking: false,
  });
  assert.equal(body.includes('"tools"'), false);
  assert.equal(body.includes("Be brief."), false);
});

Deno.test("loadChatDataset: numbers in the prompt and tools are sent as the line writes them", () => {
  const text = '{"id": 1, "messages": [{"role": "user", "content": "x"}, {"role": "assistant", ' +
    '"tool_calls": [{"function": {"name": "f", "arguments": {"n": 1e400}}}]}], "tools": [{"type": ' +
    '"function", "function": {"name": "f", "parameters": {"type": "object", "properties": {"n": ' +
    '{"type": "number", "maximum": 12345678901234567890, "default": 5.0}}}}}]}\n';
  const item = load(text).items[0]!;
  assert.match(item.chat!.tools, /"maximum":12345678901234567890,"default":5\.0/);
  assert.deepEqual(item.answers[0]!.arguments, new Map([["n", new JsonNumber("1e400")]]));
  // No description: the scorer's tool has an empty one; the request sends none.
  assert.equal(item.tools[0]!.description, "");
  assert.equal(item.chat!.tools.includes("description"), false);
});

Deno.test("loadChatDataset: every bad line refused with its line number", async (t) => {
  const ok = line("ok");
  const cases: [string, unknown, string][] = [
    [
      "not JSON",
      "{nope",
      'line 2: the line is not JSON: expected a string key, found "n" at offset 1',
    ],
    [
      "a key twice",
      '{"id": 1, "id": 2}',
      'line 2: the line is not JSON: duplicate key "id" at offset 10',
    ],
    ["not an object", "[1]", "line 2: the line is not a JSON object"],
    ["no id", { messages: [] }, "line 2: the line has no id"],
    ["a fractional id", line(1.5), "line 2: the id 1.5 is not an integer"],
    [
      "an id too large",
      '{"id": 9007199254740992}',
      "line 2: the id 9007199254740992 is too large: an id must be within ±9007199254740991",
    ],
    ["an id of another type", line(true), "line 2: the id true is neither an integer nor a string"],
    [
      "an unknown member",
      line("x", { meta: 1 }),
      'line 2 (id "x"): the line has an unknown member "meta"',
    ],
    [
      "the last message not the assistant's",
      line("x", { messages: [{ role: "user", content: "a" }, { role: "tool", content: "b" }] }),
      `line 2 (id "x"): the last message is not the assistant's (its role is "tool")`,
    ],
    [
      "a call to a tool the line does not offer",
      line("x", {
        messages: [{ role: "user", content: "a" }, {
          role: "assistant",
          tool_calls: [call("news", "{}")],
        }],
      }),
      'line 2 (id "x"): messages[1].tool_calls[0] calls "news", a tool the line does not offer',
    ],
    [
      "an earlier call to a tool the line does not offer",
      line("x", {
        messages: [
          { role: "user", content: "a" },
          { role: "assistant", tool_calls: [call("news", "{}")] },
          { role: "user", content: "b" },
          { role: "assistant", content: "c" },
        ],
      }),
      'line 2 (id "x"): messages[1].tool_calls[0] calls "news", a tool the line does not offer',
    ],
    [
      "arguments that are not JSON",
      line("x", {
        messages: [{ role: "user", content: "a" }, {
          role: "assistant",
          tool_calls: [call("weather", "{x")],
        }],
      }),
      'line 2 (id "x"): messages[1].tool_calls[0] has arguments that are not JSON text (expected a string key, found "x" at offset 1)',
    ],
    [
      "arguments that are not an object",
      line("x", {
        messages: [{ role: "user", content: "a" }, {
          role: "assistant",
          tool_calls: [call("weather", "[1]")],
        }],
      }),
      'line 2 (id "x"): messages[1].tool_calls[0] has no arguments object (an object, or JSON text of one)',
    ],
    [
      "content as parts",
      line("x", {
        messages: [{ role: "user", content: [{ type: "text", text: "a" }] }, { role: "assistant" }],
      }),
      'line 2 (id "x"): messages[0] has no content string',
    ],
    [
      "no user message",
      line("x", { messages: [{ role: "system", content: "a" }, { role: "assistant" }] }),
      'line 2 (id "x"): the prompt has no user message',
    ],
    [
      "no prompt",
      line("x", { messages: [{ role: "assistant" }] }),
      'line 2 (id "x"): messages holds no prompt before the answer',
    ],
    [
      "a tool that is not a function",
      line("x", { tools: [{ type: "retrieval" }] }),
      'line 2 (id "x"): tools[0] is not of type "function"',
    ],
    ...historyCases(),
    ["an empty line", "", "line 2: the line is not JSON: unexpected end of input at offset 0"],
  ];
  for (const [name, bad, message] of cases) {
    await t.step(name, () => {
      assert.deepEqual(refusals(lines(ok, bad, line("last"))), [`dataset refused: ${message}`]);
    });
  }
});

Deno.test('loadChatDataset: an id given twice names both lines, 7 and "7" being one id', () => {
  assert.deepEqual(refusals(lines(line("a"), line(7), line("a"), line("7"))), [
    `dataset refused: line 3 (id "a"): the id "a" is also line 1's`,
    `dataset refused: line 4 (id "7"): the id "7" is the id 7 of line 2: ids are compared as text, so 7 and "7" are one id`,
  ]);
});

Deno.test("loadChatDataset: past the first bad lines, how many more", () => {
  const bad = Array.from({ length: REFUSED_LINES_SHOWN + 5 }, () => "{");
  const got = refusals(lines(line(1), ...bad));
  assert.equal(got.length, REFUSED_LINES_SHOWN + 1);
  assert.match(got[0]!, /^dataset refused: line 2: /);
  assert.match(got[REFUSED_LINES_SHOWN - 1]!, /^dataset refused: line 21: /);
  assert.equal(got.at(-1), "dataset refused: 5 more lines");
});

Deno.test("loadChatDataset: the file's refusals (hash, UTF-8, byte order mark, no line)", () => {
  const bytes = enc.encode(lines(line(1)));
  assert.throws(() => loadChatDataset(bytes, "0".repeat(64)), /dataset\.sha256 is 0{64}/);
  const notUtf8 = new Uint8Array([...enc.encode(lines(line(1))), 0x7b, 0xff, 0x0a]);
  assert.throws(
    () => loadChatDataset(notUtf8, sha256Hex(notUtf8)),
    /^DatasetError: dataset refused: the file is not UTF-8 text \(the text is not valid UTF-8 at byte \d+, line 2\)$/,
  );
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
  assert.throws(() => loadChatDataset(bom, sha256Hex(bom)), /byte order mark/);
  assert.deepEqual(refusals(""), ["dataset refused: the file holds no line"]);
  assert.deepEqual(refusals("\n"), ["dataset refused: the file holds no line"]);
  assert.match(refusals("x")[0]!, /^dataset refused: line 1: the line is not JSON/);
  assert.deepEqual(refusals("\n\n").length, 2);
  // No newline after the last line, and CRLF line ends: read all the same.
  assert.equal(load(JSON.stringify(line(1)) + "\r\n" + JSON.stringify(line(2))).items.length, 2);
});

Deno.test("loadChatDataset: tools sharing a name make an item ineligible, not refused", () => {
  const d = load(lines(line(1), line(2, { tools: [WEATHER, WEATHER] })));
  assert.equal(d.eligibleCount, 1);
  assert.equal(d.items[1]!.ineligible, 'two tools are named "weather"');
});

Deno.test("twins: the same prompt and tools (whatever the answer and the spacing), and nothing else", () => {
  const base = line("a");
  const sameOtherAnswer = line("b", {
    messages: [
      { role: "user", content: 'weather "a"?' },
      { role: "assistant", content: "No." },
    ],
  });
  const respaced = JSON.stringify(line("c", { messages: base.messages as unknown[] }), null, 1)
    .replaceAll("\n", "");
  const otherTools = line("d", {
    messages: base.messages,
    tools: [{ ...WEATHER, function: { ...WEATHER.function, description: "Other." } }],
  });
  const d = load(lines(base, sameOtherAnswer, respaced, otherTools));
  const [a, b, c, e] = d.items;
  assert.equal(a!.contentHash, b!.contentHash);
  assert.equal(a!.contentHash, c!.contentHash);
  assert.notEqual(a!.contentHash, e!.contentHash);
  assert.equal(a!.contentHash, textsHash([a!.chat!.messages, a!.chat!.tools]));
  assert.equal(contentKeyOf(a!), contentKeyOf(c!));
  for (const seed of ["s1", "s2", "s3", "s4"]) {
    const split = takeSplit(d, { seed, size: 1 });
    const held = split.heldOut[0]!.id;
    assert.deepEqual(
      split.twins,
      held === "d" ? [] : ["a", "b", "c"].filter((id) => id !== held),
      `seed ${seed}`,
    );
  }
});

Deno.test("the held-out items of a chat-jsonl split; detached items and training lines", () => {
  const d = load(lines(line("x"), line(3), line("é"), line(-2)));
  const split = takeSplit(d, { seed: "ids", size: 4 });
  assert.deepEqual(split.complement, []);
  assert.deepEqual(heldOutItems(d, split).map((i) => i.id), split.heldOut.map((e) => e.id));
  const item = detachedItem(d.items[0]!);
  assert.deepEqual(item.chat, d.items[0]!.chat);
  assert.equal(
    trainingLine(item, ""),
    `{"messages":[{"role":"user","content":"weather \\"x\\"?"},{"role":"assistant","tool_calls":` +
      `[{"id":"call_0","type":"function","function":{"name":"weather","arguments":` +
      `"{\\"city\\":\\"Oslo\\"}"}}]}],"tools":[${JSON.stringify(WEATHER)}]}`,
  );
});

Deno.test("the line reference/assess-yaml.md shows is read: a multi-turn item, its answer a call", async () => {
  const page = await Deno.readTextFile(new URL("../../reference/assess-yaml.md", import.meta.url));
  const block = page.split("### A team's own dataset")[1]!.match(/```jsonl\n(.*)\n```/);
  assert(block, "the page shows no line");
  const item = load(block[1]! + "\n").items[0]!;
  assert.equal(item.id, "hd-002");
  assert.equal(item.query, "Yes, refund the full 42.50.");
  assert.deepEqual(item.answers.map((a) => stringifyJson(a.arguments)), [
    '{"order_id":"A1012","amount":42.50}',
  ]);
});

Deno.test("the hf training lines of the example: one type shape on every line, the history kept", async () => {
  const bytes = await Deno.readFile(
    new URL("../../reference/testdata/chat/tickets.jsonl", import.meta.url),
  );
  const d = loadChatDataset(bytes, sha256Hex(bytes));
  const file = trainingFile(d.items, "Be brief.", { format: "hf" });
  const lines = new TextDecoder().decode(file.bytes).trimEnd().split("\n").map((l) =>
    JSON.parse(l)
  );
  assert.equal(lines.length, 11); // 12 items, less hd-010 (ineligible)
  // Every message and every call has the same members, of the same types, on every line.
  for (const line of lines) {
    for (const m of line.messages) {
      assert.deepEqual(Object.keys(m), ["role", "content", "tool_calls", "tool_call_id"]);
      assert.equal(typeof m.content, "string");
      assert.equal(typeof m.tool_call_id, "string");
      for (const call of m.tool_calls) {
        assert.deepEqual(Object.keys(call), ["id", "type", "function"]);
        assert.equal(typeof call.function.arguments, "string");
      }
    }
    assert.equal(typeof line.tools, "string");
  }
  const hd002 = lines.find((l) =>
    l.messages.some((m: { content: string }) => m.content.includes("A1012"))
  )!;
  assert.deepEqual(hd002.messages.map((m: { role: string }) => m.role), [
    "system",
    "user",
    "assistant",
    "tool",
    "assistant",
    "user",
    "assistant",
  ]);
  assert.equal(hd002.messages[3].tool_call_id, "c1");
});

Deno.test("a chat-jsonl item's tools as the scorer reads them: the JSON Schema's types and defaults", () => {
  const d = load(lines(line("w", {
    messages: [
      { role: "user", content: "Weather in Oslo for 3 days?" },
      { role: "assistant", tool_calls: [call("weather", '{"city": "Oslo", "days": 3}')] },
    ],
  })));
  const item = detachedItem(d.items[0]!);
  const reply = (args: string) => ({
    text: "",
    truncated: false,
    calls: [{ name: "weather", arguments: args }],
  });
  assert.equal(
    xlamToolCall.score(item, reply('{"city": "Oslo", "days": 3.0}'), { ordering: "any" }).correct,
    true,
  );
  // days is not required and defaults to 3: leaving it out is right under the lenient reading.
  const left = lenientScore(item, reply('{"city": "Oslo"}'), { ordering: "any" });
  assert.equal(left.correct, true);
  assert.deepEqual(left.rescued, ["optional-default"]);
  assert.equal(
    xlamToolCall.score(item, reply('{"city": "Oslo"}'), { ordering: "any" }).correct,
    false,
  );
});

Deno.test("loadChatDataset: an integer id spelt 7.0 or 7e0 is 7, -0 is 0", () => {
  const text = (id: string) => JSON.stringify(line("x")).replace('"id":"x"', `"id":${id}`);
  for (const [spelt, id] of [["7.0", 7], ["7e0", 7], ["70e-1", 7], ["-0", 0]] as const) {
    assert.equal(load(text(spelt) + "\n").items[0]!.id, id, spelt);
  }
  assert.deepEqual(refusals(lines(text("7.0"), text('"7"'))), [
    'dataset refused: line 2 (id "7"): the id "7" is the id 7 of line 1: ids are compared as text, so 7 and "7" are one id',
  ]);
});

/** Earlier turns in shapes vLLM refuses (OpenAI's ChatCompletionMessageToolCallParam). */
function historyCases(): [string, unknown, string][] {
  const need =
    'earlier tool calls need "id", "type": "function" and "arguments" as JSON text, as vLLM takes them';
  const earlier = (c: unknown, toolId: unknown = "c1") =>
    line("x", {
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", tool_calls: [c] },
        { role: "tool", tool_call_id: toolId, content: "r" },
        { role: "assistant", content: "done" },
      ],
    });
  const good = { id: "c1", type: "function", function: { name: "weather", arguments: "{}" } };
  return [
    [
      "an earlier call without an id",
      earlier({ type: "function", function: { name: "weather", arguments: "{}" } }),
      `line 2 (id "x"): messages[1].tool_calls[0] has no id: ${need}`,
    ],
    [
      "an earlier call without a type",
      earlier({ id: "c1", function: { name: "weather", arguments: "{}" } }),
      `line 2 (id "x"): messages[1].tool_calls[0] has no "type": "function": ${need}`,
    ],
    [
      "an earlier call with arguments as an object",
      earlier({ ...good, function: { name: "weather", arguments: {} } }),
      `line 2 (id "x"): messages[1].tool_calls[0] has arguments that are not JSON text: ${need}`,
    ],
    [
      "a tool message without a tool_call_id",
      earlier(good, null),
      'line 2 (id "x"): messages[2] has no tool_call_id string: a tool message answers an earlier call by its id',
    ],
    [
      "a tool message answering no earlier call",
      earlier(good, "c9"),
      'line 2 (id "x"): messages[2] has the tool_call_id "c9", which no earlier tool call has',
    ],
  ];
}

Deno.test("loadChatDataset: the reviewer's history lines are refused, the answer's call may keep an object and no id", async () => {
  const review = new URL("./testdata/", import.meta.url);
  for (
    const [file, message] of [
      [
        "c_hist.jsonl",
        'dataset refused: line 1 (id "m0"): messages[1].tool_calls[0] has no id: earlier tool calls need "id", "type": "function" and "arguments" as JSON text, as vLLM takes them',
      ],
      [
        "c_toolmsg_no_id.jsonl",
        'dataset refused: line 1 (id 1): messages[1].tool_calls[0] has no id: earlier tool calls need "id", "type": "function" and "arguments" as JSON text, as vLLM takes them',
      ],
    ]
  ) {
    const text = await Deno.readTextFile(new URL(file!, review));
    assert.equal(refusals(text)[0], message);
  }
  const answer = line("ok", {
    messages: [
      { role: "user", content: "a" },
      {
        role: "assistant",
        tool_calls: [{ function: { name: "weather", arguments: { city: "Oslo" } } }],
      },
    ],
  });
  assert.equal(load(lines(answer)).items.length, 1);
});

Deno.test("loadChatDataset: OpenAI's top-level parallel_tool_calls is accepted and ignored, unless not a boolean", () => {
  const plain = load(lines(line("a")));
  for (const flag of [true, false]) {
    const d = load(lines(line("a", { parallel_tool_calls: flag })));
    assert.deepEqual(d.items[0]!.chat, plain.items[0]!.chat);
    assert.equal(d.items[0]!.contentHash, plain.items[0]!.contentHash);
  }
  assert.deepEqual(refusals(lines(line("a", { parallel_tool_calls: "yes" }))), [
    'dataset refused: line 1 (id "a"): parallel_tool_calls is not true or false',
  ]);
});

Deno.test("loadChatDataset: a line's cluster names the items counted together; its tools' names otherwise; a cluster not a string is refused", () => {
  const plain = load(lines(line("a")));
  const named = load(lines(line("a", { cluster: "weather-api" })));
  assert.equal(named.items[0]!.cluster, "weather-api");
  assert.equal(itemCluster(named.items[0]!), "weather-api");
  assert.equal(itemCluster(detachedItem(named.items[0]!)), "weather-api");
  assert.equal(plain.items[0]!.cluster, undefined);
  assert.equal(
    itemCluster(detachedItem(plain.items[0]!)),
    JSON.stringify([...new Set(plain.items[0]!.tools.map((t) => t.name))].sort()),
  );
  // The cluster decides nothing of what is sent or split.
  assert.deepEqual(named.items[0]!.chat, plain.items[0]!.chat);
  assert.equal(named.items[0]!.contentHash, plain.items[0]!.contentHash);
  assert.deepEqual(refusals(lines(line("a", { cluster: 7 }))), [
    'dataset refused: line 1 (id "a"): the cluster 7 is not a string (it names the items counted together)',
  ]);
  assert.deepEqual(refusals(lines(line("a", { cluster: null }))), [
    'dataset refused: line 1 (id "a"): the cluster null is not a string (it names the items counted together)',
  ]);
});

Deno.test("loadChatDataset: a lone surrogate written as an escape is refused on a line after lines without escapes", () => {
  const lone = JSON.stringify(line(3)).replace("weather", "weather\\ud800");
  assert.match(refusals(lines(line(1), line(2), lone))[0]!, /line 3.*lone surrogate/);
});

Deno.test("loadChatDataset: a key twice on one line among many is refused there; a string that begins with a colon is read", () => {
  const many = Array.from({ length: 50 }, (_, i) => line(i));
  const twice = JSON.stringify(line(50)).replace(
    '"type":"object"',
    '"type":"object","type":"object"',
  );
  assert.notEqual(twice, JSON.stringify(line(50)));
  assert.deepEqual(refusals(lines(...many, twice, line(51))), [
    'dataset refused: line 51: the line is not JSON: duplicate key "type" at offset 299',
  ]);
  const colon = {
    ...line(50),
    messages: [{ role: "user", content: ": q" }, { role: "assistant" }],
  };
  assert.deepEqual(
    load(lines(...many, colon, line(51))).items.map((item) => item.query).slice(49, 52),
    ["weather 49?", ": q", "weather 51?"],
  );
});

Deno.test("loadChatDataset past 8 MiB: read in pieces of whole lines, the UTF-8 checked in parts, as the whole text gives", async (t) => {
  const PART = 8 << 20;
  const head = (id: string) => `{"id":"${id}","messages":[{"role":"user","content":"`;
  const tail = '"},{"role":"assistant","content":"ok"}]}\n';
  const chatLine = (id: string, content: string) => head(id) + content + tail;
  // ASCII lines up to near `at`, then a line whose content puts `char` at byte `at`, then `more`.
  const file = (at: number, char: string, more = ""): { bytes: Uint8Array; ids: string[] } => {
    const lines: string[] = [];
    let length = 0;
    while (length < at - 1000) {
      const l = chatLine(`f${lines.length}`, "x".repeat(500));
      lines.push(l);
      length += l.length;
    }
    const id = `s${lines.length}`;
    lines.push(chatLine(id, "a".repeat(at - length - head(id).length) + char + " and \uFFFD"));
    lines.push(more);
    const text = lines.join("");
    return {
      bytes: enc.encode(text),
      ids: text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l).id),
    };
  };
  await t.step("a character across a part's edge, and a line longer than a piece", () => {
    const long = chatLine("long", "y".repeat(PART + 1000)) + chatLine("last", "z");
    const { bytes, ids } = file(PART - 1, "é", long);
    assert.equal(bytes[PART - 1], 0xc3);
    const dataset = loadChatDataset(bytes, sha256Hex(bytes));
    assert.deepEqual(dataset.items.map((i) => i.id), ids);
    assert.equal(ids.at(-1), "last");
    assert.match(dataset.items.at(-3)!.query, /aé and \uFFFD$/);
    assert.equal(dataset.items.at(-2)!.query.length, PART + 1000);
  });
  await t.step("the bytes of U+FEFF at a part's start are a character, not a mark", () => {
    const { bytes, ids } = file(PART, "\uFEFF");
    assert.deepEqual([...bytes.subarray(PART, PART + 3)], [0xef, 0xbb, 0xbf]);
    datasetText(bytes, true); // The whole text is accepted too.
    assert.deepEqual(loadChatDataset(bytes, sha256Hex(bytes)).items.map((i) => i.id), ids);
  });
  await t.step("a byte that is not UTF-8 past the edge, or a character cut at the end", () => {
    const { bytes } = file(PART - 1, "é", chatLine("after", "b"));
    const bad = bytes.slice();
    bad[PART + 40] = 0xff;
    const cut = new Uint8Array(bytes.length + 2);
    cut.set(bytes);
    cut.set([0xe6, 0x97], bytes.length);
    // The line of a byte: one more than the newlines before it.
    const lineOf = (at: number) => bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;
    for (const [b, at] of [[bad, PART + 40], [cut, bytes.length]] as const) {
      assert.throws(
        () => loadChatDataset(b, sha256Hex(b)),
        (e: unknown) =>
          e instanceof DatasetError &&
          e.message === "dataset refused: the file is not UTF-8 text (the text is not valid " +
              `UTF-8 at byte ${at}, line ${lineOf(at)})`,
      );
    }
  });
});

Deno.test("a line longer than a string can hold (2^29 - 24 bytes) is refused naming it, not an internal error", () => {
  const first = enc.encode(
    '{"id":"a","messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"ok"}]}\n',
  );
  const head = enc.encode('{"id":"b","messages":[{"role":"user","content":"');
  // The last line, with no newline after it.
  const size = first.length + 536_870_888 + 1;
  const bytes = new Uint8Array(size).fill(0x79);
  bytes.set(first);
  bytes.set(head, first.length);
  const lineBytes = size - first.length;
  const sha256 = "0".repeat(64);
  const options = { sha256: () => sha256, maxBytes: 1 << 30 };
  const refused = (e: unknown) =>
    e instanceof DatasetError &&
    e.message === `dataset refused: line 2 is ${lineBytes} bytes, longer than the most ` +
        "characters a string holds (2^29 - 24)";
  assert.throws(() => loadChatDataset(bytes, sha256, options), refused);
});

Deno.test("readChatLine: a line that is not strict JSON is refused as parseJson refuses it, wherever the fault is (a tool's parameters, read and not built, included)", () => {
  const rng = new Prng(38);
  // Faults: a key written twice, a broken token, a lone surrogate, nesting past the limit.
  const faults = [
    '"type":"object",',
    '"type":1,',
    "{",
    "}",
    ",",
    '"',
    ":",
    "\\ud800",
    '"\\ud800":1,',
    "01",
    "NaN",
    `"deep":${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)},`,
  ];
  let inParameters = 0;
  let refused = 0;
  for (let d = 0; d < 60; d++) {
    for (const text of genChatDataset(rng).lines) {
      // Half the time inside a tool's parameters, just past their brace.
      const at = text.indexOf('"parameters":{');
      const p = at >= 0 && rng.chance(0.5) ? at + 14 : rng.int(text.length + 1);
      if (at >= 0 && p === at + 14) inParameters++;
      const faulty = text.slice(0, p) + rng.pick(faults) + text.slice(p);
      const read = readChatLine(faulty);
      let expected: string | undefined;
      try {
        parseJson(faulty);
      } catch (e) {
        assert(e instanceof JsonSyntaxError);
        expected = `the line is not JSON: ${e.reason} at offset ${e.offset}`;
      }
      if (expected === undefined) {
        assert(!("reason" in read) || !read.reason.startsWith("the line is not JSON"), faulty);
      } else {
        assert.deepEqual(read, { reason: expected }, faulty);
        refused++;
      }
    }
  }
  assert(inParameters > 200 && refused > 500, `${inParameters} ${refused}`);
});
