import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { ChatTemplate } from "../../src/request/chat_template.ts";
import { buildRequestBody } from "../../src/request/request.ts";
import { trainingFile, trainingLine } from "../../src/request/training.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { configText, syntheticDataset } from "../run/_fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const SAMPLE = `${ROOT}reference/testdata/xlam-sample.json`;
const none = { permissions: "none" } as const;
const HERMES = Deno.readTextFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`);

/** Item i of a synthetic dataset, as a plain object (its members can be spread). */
function plainItem(i: number) {
  const bytes = syntheticDataset(3);
  return detachedItem(loadDataset(bytes, sha256Hex(bytes)).items[i]!);
}

Deno.test(
  "an openai line: the request's messages, the answer's calls with ids, the request's tools",
  none,
  () => {
    const item = {
      ...plainItem(2),
      answers: [
        { name: "tool_2", arguments: parseJson('{"x": 2.50, "big": 12345678901234567890}') },
        { name: "tool_2", arguments: parseJson('{"s": "é\\"\\n"}') },
      ],
    };
    const line = trainingLine(item, "You call tools.");
    assert.equal(trainingLine(item, "You call tools.", { format: "openai" }), line);
    const body = buildRequestBody(item, "base", {
      system: "You call tools.",
      temperature: 0,
      topP: 1,
      seed: 0n,
      maxTokens: 1,
      templateKey: "k",
      thinking: false,
    });
    const value = JSON.parse(line);
    assert.deepEqual(Object.keys(value), ["messages", "tools"]);
    assert.deepEqual(value.messages.slice(0, 2), JSON.parse(body).messages);
    assert.deepEqual(value.messages[2], {
      role: "assistant",
      tool_calls: [
        {
          id: "call_0",
          type: "function",
          function: { name: "tool_2", arguments: '{"x":2.50,"big":12345678901234567890}' },
        },
        {
          id: "call_1",
          type: "function",
          function: { name: "tool_2", arguments: '{"s":"é\\"\\n"}' },
        },
      ],
    });
    // The tools' bytes are the request's.
    const tools = body.slice(body.indexOf(',"tools":') + 9, body.indexOf(',"temperature":'));
    assert.equal(line.slice(line.indexOf('],"tools":') + 10, -1), tools);
    assert(!line.includes("\n"));
  },
);

Deno.test(
  "a training line leaves tools out when the item has none, and has no system message for an empty prompt",
  none,
  () => {
    const item = { ...plainItem(0), tools: [] };
    assert.deepEqual(JSON.parse(trainingLine(item, "")), {
      messages: [
        { role: "user", content: "Question number 0?" },
        {
          role: "assistant",
          tool_calls: [
            { id: "call_0", type: "function", function: { name: "tool_0", arguments: '{"x":0}' } },
          ],
        },
      ],
    });
  },
);

Deno.test("an item whose answer has no call has no training line", none, () => {
  const item = { ...plainItem(0), answers: [] };
  for (const format of ["openai", "hf"] as const) {
    assert.throws(() => trainingLine(item, "", { format }), RangeError);
  }
});

Deno.test(
  "the training file leaves out ineligible items and items with no call, and keeps nothing on the items",
  none,
  () => {
    const rows = [
      { id: 5, query: "no call", tools: "[]", answers: "[]" },
      {
        id: 6,
        query: "twice named",
        tools:
          '[{"name": "f", "description": "", "parameters": {}}, {"name": "f", "description": "", "parameters": {}}]',
        answers: '[{"name": "f", "arguments": {}}]',
      },
      { id: 7, query: "fine", tools: "[]", answers: '[{"name": "g", "arguments": {"n": 1.0}}]' },
      { id: 9, query: "fine too", tools: "[]", answers: '[{"name": "g", "arguments": {}}]' },
    ];
    const bytes = new TextEncoder().encode(JSON.stringify(rows));
    const items = loadDataset(bytes, sha256Hex(bytes)).items;
    const file = trainingFile(items, "");
    assert.deepEqual({ lines: file.lines, ineligible: file.ineligible, noReply: file.noReply }, {
      lines: 2,
      ineligible: 1,
      noReply: 1,
    });
    const text = new TextDecoder().decode(file.bytes);
    assert(text.endsWith("}\n"));
    assert.deepEqual(
      text.trimEnd().split("\n").map((l) => JSON.parse(l).messages[0].content),
      ["fine", "fine too"],
    );
    assert.match(text, /"arguments":"\{\\"n\\":1\.0\}"/);
    // Built for the line only: the items' tools and answers were not built and kept.
    assert.deepEqual(
      items.map((item) => Object.getOwnPropertyNames(item).filter((n) => n === "tools")),
      [[], [], [], []],
    );
  },
);

/** The rows of a dataset file, read independently of assess. */
function rawRows(path: string): { id: number; query: string; tools: string; answers: string }[] {
  return JSON.parse(Deno.readTextFileSync(path));
}

/** The members of a request body or a training line, as their exact bytes. */
function parts(text: string, request: boolean) {
  const start = text.indexOf('"messages":[') + 12;
  const toolsAt = text.indexOf(request ? '],"tools":' : '],"tools":');
  const end = request
    ? (toolsAt >= 0 ? toolsAt : text.indexOf('],"temperature":'))
    : text.indexOf(',{"role":"assistant"');
  const tools = toolsAt < 0
    ? ""
    : text.slice(toolsAt + 10, request ? text.indexOf(',"temperature":') : text.length - 1);
  return { messages: text.slice(start, end), tools };
}

Deno.test("every training line's messages and tools are the bytes assess run sends for its item", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess_training_" });
  const sha256 = sha256Hex(await Deno.readFile(SAMPLE));
  const emulator = await startEmulator({ rows: rawRows(SAMPLE), record: true });
  try {
    const base = { url: emulator.url, datasetPath: SAMPLE, datasetSha256: sha256 };
    // The training file of a split of 150 items (the system prompt is set: "You call tools.").
    await Deno.writeTextFile(`${dir}/train.yaml`, configText({ ...base, size: 150 }));
    const io = { ...denoIo(), stdout: { isTerminal: false, write: () => Promise.resolve() } };
    const split = await runCli([
      "split",
      "-config",
      `${dir}/train.yaml`,
      "-out",
      `${dir}/split.json`,
      "-train",
      `${dir}/train.jsonl`,
    ], io);
    assert.equal(split, 0);
    // A run that asks every eligible item, the training file's among them.
    const rows = rawRows(SAMPLE);
    const eligible = rows.filter((r) => {
      const names = JSON.parse(r.tools).map((t: { name: string }) => t.name);
      return new Set(names).size === names.length;
    });
    await Deno.writeTextFile(`${dir}/all.yaml`, configText({ ...base, size: eligible.length }));
    const { onStopSignal: _signals, ...quiet } = io;
    const ran = await runCli(
      ["run", "-config", `${dir}/all.yaml`, "-out", `${dir}/results.jsonl`],
      {
        ...quiet,
        stderr: { isTerminal: false, write: () => Promise.resolve() },
        env: () => undefined,
      },
    );
    assert.equal(ran, 0);

    // The training file holds exactly the complement, less the ineligible rows and those whose
    // answer has no call, by id ascending.
    const file = JSON.parse(await Deno.readTextFile(`${dir}/split.json`));
    const lines = (await Deno.readTextFile(`${dir}/train.jsonl`)).trimEnd().split("\n");
    const byId = new Map(rows.map((r) => [r.id, r]));
    const expected = (file.complement as number[]).filter((id) => {
      const row = byId.get(id)!;
      return eligible.includes(row) && JSON.parse(row.answers).length > 0;
    });
    assert(expected.length > 40);
    // No id in the line: its user message says which item it is.
    const byQuery = new Map(rows.map((r) => [r.query, r.id]));
    assert.deepEqual(lines.map((l) => byQuery.get(JSON.parse(l).messages[1].content)), expected);
    const held = new Set(file.heldOut.map((e: { id: number }) => e.id));
    assert(expected.every((id) => !held.has(id)));

    // Each line's messages (less the assistant's) and tools are the request's, byte for byte.
    const sent = new Map(emulator.requests.map((r) => [r.itemId, r.text]));
    for (const [k, line] of lines.entries()) {
      const id = expected[k]!;
      const request = sent.get(id);
      assert(request !== undefined, `no request was sent for item ${id}`);
      const a = parts(line, false);
      const b = parts(request, true);
      assert(a.messages.startsWith('{"role":"system","content":"You call tools."},'));
      assert.equal(a.messages, b.messages, `item ${id}: messages`);
      assert.equal(a.tools, b.tools, `item ${id}: tools`);
    }
  } finally {
    await emulator.close();
    await Deno.remove(dir, { recursive: true });
  }
});

/** A chat-jsonl dataset of a few lines, loaded. */
function chatItems(lines: readonly unknown[]) {
  const bytes = new TextEncoder().encode(lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return loadChatDataset(bytes, sha256Hex(bytes)).items;
}

const LOOKUP = {
  type: "function",
  function: {
    name: "lookup",
    description: "Looks an order up.",
    parameters: { type: "object", properties: { id: { type: "string" } } },
  },
};
const LOOKUP_CALL = {
  id: "c9",
  type: "function",
  function: { name: "lookup", arguments: '{"id": "A1"}' },
};

Deno.test(
  "a chat-jsonl item answered in text, or in text beside its calls, is written with its text in every format",
  none,
  async (t) => {
    const items = chatItems([
      {
        id: "text",
        messages: [{ role: "user", content: "Thanks!" }, {
          role: "assistant",
          content: "You're welcome.",
        }],
        tools: [LOOKUP],
      },
      {
        id: "both",
        messages: [{ role: "user", content: "Where is A1?" }, {
          role: "assistant",
          content: 'Let me look "A1" up.',
          tool_calls: [LOOKUP_CALL],
        }],
        tools: [LOOKUP],
      },
      {
        id: "call",
        messages: [{ role: "user", content: "And A1?" }, {
          role: "assistant",
          content: null,
          tool_calls: [LOOKUP_CALL],
        }],
        tools: [LOOKUP],
      },
      {
        id: "empty",
        messages: [{ role: "user", content: "Hm." }, { role: "assistant", content: "" }],
      },
      {
        id: "blank",
        messages: [{ role: "user", content: "Hm?" }, { role: "assistant", content: " \n\t" }],
      },
    ]);
    const call = {
      id: "call_0",
      type: "function",
      function: { name: "lookup", arguments: '{"id":"A1"}' },
    };
    const replies = [
      { role: "assistant", content: "You're welcome." },
      { role: "assistant", content: 'Let me look "A1" up.', tool_calls: [call] },
      { role: "assistant", tool_calls: [call] },
    ];
    const lines = (options: Parameters<typeof trainingFile>[2]) => {
      const file = trainingFile(items, "", options);
      assert.deepEqual([file.lines, file.ineligible, file.noReply], [3, 0, 2]);
      return new TextDecoder().decode(file.bytes).trimEnd().split("\n").map((l) => JSON.parse(l));
    };
    await t.step("openai: the last message's content, beside its calls or alone", () => {
      assert.deepEqual(lines({ format: "openai" }).map((l) => l.messages.at(-1)), replies);
    });
    await t.step("hf: the content in every message's content string", () => {
      assert.deepEqual(
        lines({ format: "hf" }).map((l) => l.messages.at(-1)),
        replies.map((r) => ({
          role: "assistant",
          content: r.content ?? "",
          tool_calls: r.tool_calls ?? [],
          tool_call_id: "",
        })),
      );
    });
    await t.step("-chat-template: the text in the completion, where the template writes it", () => {
      const format = ChatTemplate.read(HERMES, "hermes.jinja");
      assert.deepEqual(lines({ format }).map((l) => l.completion), [
        "You're welcome.<|im_end|>\n",
        'Let me look "A1" up.\n<tool_call>\n{"name": "lookup", "arguments": {"id": "A1"}}\n' +
        "</tool_call>\n<|im_end|>\n",
        '<tool_call>\n{"name": "lookup", "arguments": {"id": "A1"}}\n</tool_call>\n<|im_end|>\n',
      ]);
    });
    await t.step("an answer with no call and no text has no line", () => {
      assert.throws(
        () => trainingLine(detachedItem(items[3]!), ""),
        /^RangeError: item "empty"'s answer has no call and no text: there is no reply to train on$/,
      );
    });
  },
);
