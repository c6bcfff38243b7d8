/**
 * A team's own dataset in the chat format (`dataset.kind: chat-jsonl`), the bundled example
 * `reference/testdata/chat/`, through every verb as the real command line: validate, split with
 * `-train`, selftest, run against the emulator (the whole history and the item's own tools sent),
 * report and leak; and a file with bad lines refused with their numbers.
 */

import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { heldOutItems, takeSplit } from "../../src/split/split.ts";
import { promptText } from "../../src/request/request.ts";
import { trainingLine } from "../../src/request/training.ts";
import { detachedItem } from "../../src/dataset/dataset.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { leakPermissions, runPermissions } from "../support/permissions.ts";
import { RUN_ENV } from "../../src/run/server_settings.ts";
import { spawnCli } from "./_spawn.ts";
import Ajv2020 from "ajv/dist/2020.js";

/** Holds a value to one of the schemas in schema/ (a string id is one they allow). */
async function assertSchema(name: string, value: unknown): Promise<void> {
  const schema = JSON.parse(await Deno.readTextFile(`${ROOT}schema/${name}`));
  // deno-lint-ignore no-explicit-any
  const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
  assert.ok(validate(value), JSON.stringify(validate.errors));
}

const ROOT = new URL("../../", import.meta.url).pathname;
const DATA = `${ROOT}reference/testdata/chat/tickets.jsonl`;
const CONFIG = `${ROOT}reference/testdata/chat/assess.yaml`;
const SYSTEM = "You are a help-desk assistant. Call a tool when one fits the request.";

/** The example's config with the dataset's absolute path, and more text appended. */
async function config(dir: string, more = ""): Promise<string> {
  const text = (await Deno.readTextFile(CONFIG)).replace(
    "path: reference/testdata/chat/tickets.jsonl",
    `path: ${DATA}`,
  );
  const path = `${dir}/assess.yaml`;
  await Deno.writeTextFile(path, text + more);
  return path;
}

Deno.test("the chat-jsonl example through validate, split -train, selftest, run against the emulator, report and leak", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess-chat-" });
  const bytes = await Deno.readFile(DATA);
  const dataset = loadChatDataset(bytes, sha256Hex(bytes));
  const split = takeSplit(dataset, { seed: "tickets", size: 6 });
  const held = heldOutItems(dataset, split);
  const emu = await startEmulator({
    items: dataset.items.map(detachedItem),
    adapters: ["tuned"],
    scripts: { base: "wrong-name" },
    record: true,
  });
  try {
    const read = [`--allow-read=${CONFIG},${DATA}`];
    const validated = await spawnCli(ROOT, read, ["validate", "-config", CONFIG]);
    assert.equal(validated.code, 0, validated.err);

    // split -train: string ids in the split file, the twin left out, the complement's lines.
    const splitFile = `${dir}/split.json`;
    const train = `${dir}/train.jsonl`;
    const splitted = await spawnCli(ROOT, [
      `--allow-read=${CONFIG},${DATA},${dir}`,
      `--allow-write=${dir}`,
    ], ["split", "-config", CONFIG, "-out", splitFile, "-train", train]);
    assert.equal(splitted.code, 0, splitted.err);
    assert.match(
      splitted.out,
      /4 training lines \(left out: 1 ineligible, 0 with no call and no text\)/,
    );
    const file = JSON.parse(await Deno.readTextFile(splitFile));
    assert.deepEqual(file.heldOut.map((e: { id: string }) => e.id), [
      "hd-011",
      "hd-012",
      "hd-005",
      "hd-007",
      "hd-008",
      "hd-009",
    ]);
    assert.deepEqual(file.complement, ["hd-002", "hd-003", "hd-004", "hd-006", "hd-010"]);
    assert.deepEqual(file.twins, ["hd-001"]);
    assert.deepEqual(file.ineligible, [{
      id: "hd-010",
      reason: 'two tools are named "lookup_order"',
    }]);
    const lines = (await Deno.readTextFile(train)).trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 4);
    // hd-002 is multi-turn: its whole history, the system prompt first, then the answer.
    assert.deepEqual(lines[0].messages.map((m: { role: string }) => m.role), [
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
      "assistant",
    ]);
    // hd-003 is answered in text (no call): its line teaches that text.
    assert.deepEqual(lines[1].messages.at(-1), {
      role: "assistant",
      content: "You're welcome, have a good day!",
    });
    // hd-006 brings its own system message: prompt.system is not added.
    assert.equal(lines[3].messages[0].content.startsWith("You are the help desk of Kettle"), true);
    assert.equal(lines[3].messages.filter((m: { role: string }) => m.role === "system").length, 1);

    // -chat-template: the multi-turn history rendered, earlier calls' arguments as objects.
    const template = `${ROOT}tests/request/templates/hermes_like.jinja`;
    const rendered = `${dir}/train-template.jsonl`;
    const templated = await spawnCli(ROOT, [
      `--allow-read=${CONFIG},${DATA},${dir},${template}`,
      `--allow-write=${dir}`,
    ], [
      "split",
      "-config",
      CONFIG,
      "-out",
      `${dir}/split-2.json`,
      "-train",
      rendered,
      "-chat-template",
      template,
    ]);
    assert.equal(templated.code, 0, templated.err);
    const first = JSON.parse((await Deno.readTextFile(rendered)).split("\n")[0]!);
    assert.match(
      first.prompt,
      /<tool_call>\n\{"name": "lookup_order", "arguments": \{"order_id": "A1012"\}\}\n<\/tool_call>/,
    );
    assert.match(
      first.prompt,
      /<\|im_start\|>tool\n\{"status": "delivered", "total": 42.50\}<\|im_end\|>/,
    );
    assert.match(first.completion, /"name": "refund_order", "arguments": \{"order_id": "A1012"/);

    const selftest = await spawnCli(ROOT, read, ["selftest", "-config", CONFIG]);
    assert.equal(selftest.code, 0, selftest.err);
    assert.match(selftest.out, /passed its self-test on 6 items/);

    // run: every held-out item's whole history and its own tools, byte for byte.
    const runConfig = await config(dir, `server:\n  url: ${emu.url}\n`);
    const out = `${dir}/results.jsonl`;
    const ran = await spawnCli(
      ROOT,
      runPermissions(
        { config: runConfig, dataset: DATA, out },
        new URL(emu.url).host,
        RUN_ENV.join(","),
      ),
      ["run", "-config", runConfig, "-out", out],
      { VLLM_API_KEY: "", ASSESS_SERVER_URL: "", ASSESS_SERVE_MANIFEST: "" },
    );
    assert.equal(ran.code, 0, ran.err);
    for (const item of held) {
      const prompt = promptText(item, SYSTEM);
      // (hd-008 is hd-001's twin: the emulator, which finds an item by its prompt, names hd-001.)
      const asked = emu.requests.filter((r) => r.text.includes(`"messages":[${prompt.messages}]`));
      assert.deepEqual(
        [...new Set(asked.map((r) => r.model))].sort(),
        ["base", "tuned"],
        `${item.id}'s whole history sent to both models`,
      );
      for (const r of asked) {
        assert.ok(r.text.includes(`"tools":${prompt.tools},`), `${item.id}'s own tools`);
      }
    }
    const hd012 = emu.requests.find((r) => r.itemId === "hd-012")!;
    assert.equal((hd012.body as { messages: unknown[] }).messages.length, 6);

    // report: string ids in the discordant lists, and the items' panels with -config.
    const report = await spawnCli(
      ROOT,
      [`--allow-read=${out},${runConfig},${DATA}`],
      ["report", "-in", out, "-config", runConfig, "-format", "json"],
    );
    assert.equal(report.code, 0, report.err);
    const json = JSON.parse(report.out);
    await assertSchema("report.schema.json", json);
    assert.deepEqual(json.comparisons[0].discordant.fixed, [
      "hd-005",
      "hd-007",
      "hd-008",
      "hd-009",
      "hd-011",
      "hd-012",
    ]);
    assert.deepEqual(json.comparisons[0].discordant.broke, []);
    assert.deepEqual(
      json.panels.map((p: { itemId: string }) => p.itemId),
      json.comparisons[0].discordant.fixed,
    );
    const text = await spawnCli(ROOT, [`--allow-read=${out}`], ["report", "-in", out]);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /"hd-005", "hd-007", "hd-008", "hd-009", "hd-011",\s+"hd-012"/);

    // leak: the training file holds no held-out item; a held-out item's own line leaks.
    const clean = await spawnCli(
      ROOT,
      leakPermissions(CONFIG, DATA, splitFile, train),
      ["leak", "-config", CONFIG, "-split", splitFile, "-in", train],
    );
    assert.equal(clean.code, 0, clean.err);
    assert.match(clean.out, /no held-out item leaks into its 4 examples \(6 held-out items/);
    const leaky = `${dir}/leaky.jsonl`;
    const hd012Item = held.find((item) => item.id === "hd-012")!;
    await Deno.writeTextFile(leaky, trainingLine(detachedItem(hd012Item), SYSTEM) + "\n");
    const leaked = await spawnCli(
      ROOT,
      leakPermissions(CONFIG, DATA, splitFile, leaky),
      ["leak", "-config", CONFIG, "-split", splitFile, "-in", leaky, "-format", "json"],
    );
    assert.equal(leaked.code, 1, leaked.err);
    await assertSchema("leak.schema.json", JSON.parse(leaked.out));
    const leaks = JSON.parse(leaked.out).leaks.map((l: { kind: string; id: string }) => [
      l.kind,
      l.id,
    ]);
    assert.deepEqual(leaks, [["exact", "hd-012"]]);
  } finally {
    await emu.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a chat-jsonl file with bad lines: each refused with its line number, exit 65", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess-chat-bad-" });
  try {
    const good = (await Deno.readTextFile(DATA)).split("\n");
    const lines = [
      good[0]!,
      "{not json",
      good[0]!, // the id hd-001 again
      JSON.stringify({
        id: 9,
        messages: [{ role: "user", content: "Hi" }, { role: "user", content: "Hello?" }],
      }),
      JSON.stringify({
        id: "x",
        messages: [
          { role: "user", content: "Hi" },
          {
            role: "assistant",
            tool_calls: [{ type: "function", function: { name: "nope", arguments: "{}" } }],
          },
        ],
      }),
      JSON.stringify({
        id: "y",
        messages: [
          { role: "user", content: "Hi" },
          { role: "assistant", tool_calls: [{ function: { name: "f", arguments: { a: 1 } } }] },
          { role: "tool", content: "r" },
          { role: "assistant", content: "ok" },
        ],
        tools: [{ type: "function", function: { name: "f" } }],
      }),
    ];
    const data = `${dir}/bad.jsonl`;
    await Deno.writeTextFile(data, lines.join("\n") + "\n");
    const sha = sha256Hex(await Deno.readFile(data));
    const text = (await Deno.readTextFile(CONFIG))
      .replace("path: reference/testdata/chat/tickets.jsonl", `path: ${data}`)
      .replace(/sha256: [0-9a-f]{64}/, `sha256: ${sha}`);
    await Deno.writeTextFile(`${dir}/assess.yaml`, text);
    const got = await spawnCli(ROOT, [`--allow-read=${dir}`], [
      "split",
      "-config",
      `${dir}/assess.yaml`,
      "-out",
      `${dir}/split.json`,
    ]);
    assert.equal(got.code, 65);
    assert.equal(got.out, "");
    // The lines reference/assess-yaml.md shows, exactly.
    const page = await Deno.readTextFile(`${ROOT}reference/assess-yaml.md`);
    const shown = page.match(/```\n(assess split: dataset refused: line 2[\s\S]*?)\n```/);
    assert(shown, "reference/assess-yaml.md shows no refused lines");
    assert.deepEqual(got.err.trimEnd().split("\n"), shown[1]!.split("\n"));
    assert.equal(shown[1]!.split("\n").length, 5);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
