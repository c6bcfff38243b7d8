/**
 * `assess leak`: the golden output of a clean and a leaky training file, `-format json`, every
 * refusal with its exit code; the real command line is in tests/e2e/leak_test.ts.
 */

import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { cli, LEAKY_OUT, world } from "./_leak_fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ROWS = "reference/testdata/rows.json";
const DIGEST = "153b435176c135efb8e917af20affc5f5e18e79dc11c4efcac79f12cd90e12ed";
const none = { permissions: "none" } as const;
const enc = new TextEncoder();

const rowsBytes = Deno.readFileSync(ROOT + ROWS);
const schema = JSON.parse(Deno.readTextFileSync(ROOT + "schema/leak.schema.json"));

Deno.test(
  "leak: the training file of assess split -train leaks nothing: exit 0",
  none,
  async () => {
    const files = await world();
    const r = await cli(["leak", "-split", "split.json", "-in", "train.jsonl"], files);
    assert.deepEqual(r, {
      code: 0,
      stdout:
        "train.jsonl: no held-out item leaks into its 8 examples (6 held-out items checked)\n",
      stderr: "",
    });
  },
);

Deno.test(
  "leak: the dataset itself holds every held-out item (and the twin's copy): exit 1",
  none,
  async () => {
    const files = await world();
    files.set("rows.json", rowsBytes);
    const r = await cli(["leak", "-split", "split.json", "-in", "rows.json"], files);
    assert.deepEqual(r, { code: 1, stdout: LEAKY_OUT, stderr: "" });
  },
);

Deno.test("leak: added lines of each kind, and -format json for CI", none, async () => {
  const files = await world();
  const train = new TextDecoder().decode(files.get("train.jsonl"));
  const rows = JSON.parse(new TextDecoder().decode(rowsBytes));
  const row = (id: number) => rows.find((r: { id: number }) => r.id === id);
  const added = [
    // Held-out 47, its query in capitals with more spaces.
    { messages: [{ role: "user", content: row(47).query.toUpperCase().replaceAll(" ", "  ") }] },
    // Held-out 88's answer, with another query.
    { query: "Something quite different.", answers: row(88).answers },
  ].map((l) => JSON.stringify(l) + "\n").join("");
  files.set("more.jsonl", enc.encode(train + added));
  const text = await cli(["leak", "-split", "split.json", "-in", "more.jsonl"], files);
  assert.equal(text.code, 1);
  assert.equal(
    text.stdout,
    "more.jsonl: 2 of the 6 held-out items leak into its 10 examples: 1 exact, 0 near, 1 by answer\n" +
      "  exact   id 47  line 9\n" +
      "  answer  id 88  line 10 (query Jaccard 0.000)\n",
  );
  const json = await cli(
    ["leak", "-split", "split.json", "-in", "more.jsonl", "-format", "json"],
    files,
  );
  assert.equal(json.code, 1);
  assert.equal(json.stderr, "");
  const value = JSON.parse(json.stdout);
  // deno-lint-ignore no-explicit-any
  const validate = new (Ajv2020 as any)({ strict: true }).compile(schema);
  assert(validate(value), JSON.stringify(validate.errors));
  assert.equal(value.file, "more.jsonl");
  assert.equal(value.split.digest, DIGEST);
  assert.equal(value.split.datasetSha256, sha256Hex(rowsBytes));
  assert.deepEqual(
    value.leaks.map((l: { kind: string; id: number }) => [l.kind, l.id]),
    [["exact", 47], ["answer", 88]],
  );
  const clean = await cli(
    ["leak", "-split", "split.json", "-in", "train.jsonl", "-format=json"],
    files,
  );
  assert.equal(clean.code, 0);
  assert.equal(JSON.parse(clean.stdout).leaking, 0);
});

Deno.test(
  "leak: calls of a held-out answer's tools with arguments nested 10,000 deep, in both formats, " +
    "are no answer leak (the scorer finds them malformed): a normal exit, never 70",
  none,
  async (t) => {
    const base = await world();
    const rows = JSON.parse(new TextDecoder().decode(rowsBytes));
    const row = (id: number) => rows.find((r: { id: number }) => r.id === id);
    // Held-out 88 calls current_time; held-out 21 calls polygon_area.
    const deep = (inner: string) =>
      `{"timezone": ${"[".repeat(10_000)}${inner}${"]".repeat(10_000)}}`;
    const tokyo = JSON.parse(deep('"Asia/Tokyo"'));
    const cases: {
      name: string;
      file: string;
      records: unknown[];
      code: number;
      stdout: string;
    }[] = [
      {
        name: "JSON Lines: chat examples, the arguments as JSON text and as an object",
        file: "deep.jsonl",
        records: [
          {
            messages: [
              { role: "user", content: "Something quite different." },
              {
                role: "assistant",
                tool_calls: [{
                  type: "function",
                  function: { name: "current_time", arguments: deep('"Asia/Tokyo"') },
                }],
              },
            ],
          },
          {
            messages: [
              { role: "user", content: "Something else again." },
              { role: "assistant", tool_calls: [{ name: "current_time", arguments: tokyo }] },
            ],
          },
          // Held-out 88's own query, with the deep call: exact, but not with its answer.
          {
            messages: [
              { role: "user", content: row(88).query },
              { role: "assistant", tool_calls: [{ name: "current_time", arguments: tokyo }] },
            ],
          },
        ],
        code: 1,
        stdout:
          "deep.jsonl: 1 of the 6 held-out items leaks into its 3 examples: 1 exact, 0 near, 0 by answer\n" +
          "  exact   id 88  line 3\n",
      },
      {
        name: "one JSON array: dataset rows, answers as a string and as an array",
        file: "deep.json",
        records: [
          {
            query: "Something quite different.",
            answers: JSON.stringify([{ name: "current_time", arguments: deep('"Asia/Tokyo"') }]),
          },
          { query: "Something else again.", answers: [{ name: "current_time", arguments: tokyo }] },
          {
            query: "Another thing.",
            answers: [{ name: "polygon_area", arguments: JSON.parse(deep("0")) }],
          },
        ],
        code: 0,
        stdout:
          "deep.json: no held-out item leaks into its 3 examples (6 held-out items checked)\n",
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const files = new Map(base);
        const text = c.file.endsWith(".jsonl")
          ? c.records.map((r) => JSON.stringify(r) + "\n").join("")
          : `[\n${c.records.map((r) => "  " + JSON.stringify(r)).join(",\n")}\n]\n`;
        files.set(c.file, enc.encode(text));
        const r = await cli(["leak", "-split", "split.json", "-in", c.file], files);
        assert.deepEqual(r, { code: c.code, stdout: c.stdout, stderr: "" });
      });
    }
  },
);

Deno.test(
  "leak refusals: the exit code and one line on stderr, nothing on stdout",
  none,
  async (t) => {
    const base = await world();
    const split = JSON.parse(new TextDecoder().decode(base.get("split.json")));
    const otherRows = enc.encode(new TextDecoder().decode(rowsBytes).replace("Lisbon", "Porto"));
    const cases: {
      name: string;
      args: string[];
      files?: [string, Uint8Array | undefined][];
      code: number;
      stderr: string | RegExp;
    }[] = [
      {
        name: "no -split",
        args: ["-in", "train.jsonl"],
        code: 64,
        stderr: "assess leak: flag -split is required (see assess help leak)\n",
      },
      {
        name: "an unknown format",
        args: ["-split", "split.json", "-in", "train.jsonl", "-format", "html"],
        code: 64,
        stderr: 'assess leak: -format "html" is not one of text, json\n',
      },
      {
        name: "a missing split file",
        args: ["-split", "nope.json", "-in", "train.jsonl"],
        code: 64,
        stderr: "assess leak: nope.json cannot be read: there is no such file\n",
      },
      {
        name: "a split file that is not JSON",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [["split.json", enc.encode("{")]],
        code: 64,
        stderr: /^assess leak: split\.json is not a split file: it is not JSON \(.+\)\n$/,
      },
      {
        name: "a split file of another shape",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [["split.json", enc.encode(JSON.stringify({ ...split, digest: 7 }))]],
        code: 64,
        stderr:
          "assess leak: split.json is not a split file: its digest is not 64 lowercase hex digits\n",
      },
      {
        name: "a split of another dataset",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [[
          "split.json",
          enc.encode(JSON.stringify({ ...split, datasetSha256: "5".repeat(64) })),
        ]],
        code: 64,
        stderr: `assess leak: split.json is a split of another dataset: its datasetSha256 is ${
          "5".repeat(64)
        }, and dataset.sha256 is ${sha256Hex(rowsBytes)}\n`,
      },
      {
        name: "another split of the dataset",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [[
          "split.json",
          enc.encode(JSON.stringify({ ...split, seed: "x", digest: "e".repeat(64) })),
        ]],
        code: 64,
        stderr: `assess leak: split.json is not the split the config takes: its digest is ${
          "e".repeat(64)
        } (seed "x", size 6), and the config's is ${DIGEST} (seed "twins", size 6)\n`,
      },
      {
        name: "a dataset refused",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [[ROWS, otherRows]],
        code: 65,
        stderr: `assess leak: dataset refused: the file's SHA-256 is ${
          sha256Hex(otherRows)
        }, and dataset.sha256 is ${sha256Hex(rowsBytes)}\n`,
      },
      {
        name: "a missing training file",
        args: ["-split", "split.json", "-in", "nope.jsonl"],
        code: 64,
        stderr: "assess leak: nope.jsonl cannot be read: there is no such file\n",
      },
      {
        name: "a training file that is not JSON Lines",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [["train.jsonl", enc.encode("id,query\n1,hello\n")]],
        code: 65,
        stderr: "assess leak: training file refused: train.jsonl: line 1: the file is neither " +
          'JSON Lines (a JSON object a line) nor a JSON array: it starts with "i"\n',
      },
      {
        name: "a line that is not an object",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [["train.jsonl", enc.encode('{"query": "a"}\n"b"\n')]],
        code: 65,
        stderr: "assess leak: training file refused: train.jsonl: line 2: the line is not a JSON " +
          "object\n",
      },
      {
        name: "a line without a user message",
        args: ["-split", "split.json", "-in", "train.jsonl"],
        files: [[
          "train.jsonl",
          enc.encode('{"query": "a"}\n\n{"messages": [{"role": "assistant", "content": "hi"}]}\n'),
        ]],
        code: 65,
        stderr:
          "assess leak: training file refused: train.jsonl: line 3: there is no user message\n",
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const files = new Map(base);
        for (const [path, bytes] of c.files ?? []) {
          if (bytes === undefined) files.delete(path);
          else files.set(path, bytes);
        }
        const r = await cli(["leak", ...c.args], files);
        assert.equal(r.stdout, "");
        if (typeof c.stderr === "string") assert.equal(r.stderr, c.stderr);
        else assert.match(r.stderr, c.stderr);
        assert.equal(r.code, c.code);
      });
    }
  },
);

Deno.test(
  "leak: a training line that asks a probe item's query, with its tools and system prompt, is a leak of its held-out item",
  none,
  async () => {
    const files = await world();
    files.set(
      "assess.yaml",
      enc.encode(
        new TextDecoder().decode(files.get("assess.yaml")) +
          'probes: [irrelevance, {distractors: 4}, {system: ["Be brief."]}]\n',
      ),
    );
    const [{ loadDataset }, { takeSplit, heldOutItems }, { probeItems }, { promptText }] =
      await Promise.all([
        import("../../src/dataset/dataset.ts"),
        import("../../src/split/split.ts"),
        import("../../src/split/probes.ts"),
        import("../../src/request/request.ts"),
      ]);
    const dataset = loadDataset(rowsBytes, sha256Hex(rowsBytes));
    const split = takeSplit(dataset, { seed: "twins", size: 6 });
    const sets = probeItems(heldOutItems(dataset, split), {
      digest: split.digest,
      probes: ["irrelevance", { distractors: 4 }, { system: ["Be brief."] }],
    });
    const probe = (name: string, id: number) =>
      sets.flatMap((s) => s.items).find((item) => item.id === `${id}~${name}`)!;
    // Each planted line is the probe item as a request sends it: its messages (its system prompt
    // included), its tools, and its answer (none for irrelevance: a reply in words).
    const line = (item: ReturnType<typeof probe>) => {
      const prompt = promptText(item, "");
      const answer = item.answers.length === 0
        ? { role: "assistant", content: "No tool here fits." }
        : {
          role: "assistant",
          tool_calls: item.answers.map((call) => ({
            type: "function",
            function: { name: call.name, arguments: stringifyJson(call.arguments) },
          })),
        };
      return JSON.stringify({
        messages: [...JSON.parse(`[${prompt.messages}]`), answer],
        ...(prompt.tools === "" ? {} : { tools: JSON.parse(prompt.tools) }),
      }) + "\n";
    };
    const planted = [probe("irrelevance", 88), probe("distractors-4", 125), probe("system-1", 21)];
    assert.equal(planted[2]!.system, "Be brief.");
    const train = new TextDecoder().decode(files.get("train.jsonl"));
    files.set("more.jsonl", enc.encode(train + planted.map(line).join("")));
    const r = await cli(["leak", "-split", "split.json", "-in", "more.jsonl"], files);
    assert.equal(r.stderr, "");
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      "more.jsonl: 3 of the 6 held-out items leak into its 11 examples: 3 exact, 0 near, 0 by answer\n" +
        "  exact   id 21   line 11 (with its answer)\n" +
        "  exact   id 88   line 9\n" +
        "  exact   id 125  line 10 (with its answer)\n",
    );
  },
);
