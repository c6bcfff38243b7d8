import assert from "node:assert/strict";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { detectableLines } from "../../src/report/split_detectable.ts";
import { reference, skipReason } from "../report/_python.ts";
import {
  CONFIG,
  configText,
  DETECTABLE,
  DIGEST,
  OK_LINE,
  PERMISSION_DENIED,
  ROOT,
  rowsBytes,
  split,
  world,
} from "./_split_fixtures.ts";

const SPLIT_PAGE = Deno.readTextFileSync(ROOT + "reference/split.md");
const HERMES_LIKE = Deno.readFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`);
const LLAMA_LIKE = Deno.readFileSync(`${ROOT}tests/request/templates/llama_like.jinja`);
/** The Llama-like template in a tokenizer configuration, with the special token it reads. */
const LLAMA_CONFIG = new TextEncoder().encode(JSON.stringify({
  chat_template: new TextDecoder().decode(LLAMA_LIKE),
  bos_token: "<s>",
}));

/** The ids of the rows whose query is the user message of each openai or hf line. */
function idsOf(lines: readonly string[]): number[] {
  const rows = JSON.parse(new TextDecoder().decode(rowsBytes)) as { id: number; query: string }[];
  const byQuery = new Map(rows.map((r) => [r.query, r.id]));
  return lines.map((l) => byQuery.get(JSON.parse(l).messages.at(-2).content)!);
}

Deno.test({
  name: "split prints the two documented lines and writes the file",
  permissions: "none",
  fn: async () => {
    const r = await split(["-out", "split.json"]);
    assert.equal(r.stderr, "");
    assert.equal(r.stdout, `split.json: ${OK_LINE}\ndigest ${DIGEST}\n${DETECTABLE}`);
    assert.equal(r.code, 0);
    const file = JSON.parse(new TextDecoder().decode(r.files.get("split.json")));
    assert.equal(file.schema, "assess.split.v1");
    assert.equal(file.algorithm, "split.v1");
    assert.equal(file.seed, "twins");
    assert.equal(file.size, 6);
    assert.equal(file.datasetSha256, sha256Hex(rowsBytes));
    assert.equal(file.digest, DIGEST);
    assert.deepEqual(file.heldOut.map((e: { id: number }) => e.id), [47, 125, 21, 34, 88, 117]);
    assert.deepEqual(file.complement, [3, 8, 15, 40, 52, 66, 71, 104, 139]);
    assert.deepEqual(file.twins, [90]);
    assert.equal(file.twinsExcluded, 1);
    assert.deepEqual(file.ineligible, [{ id: 52, reason: 'two tools are named "search"' }]);
  },
});

Deno.test({
  name: "split accepts each flag syntax, and replaces a file already there",
  permissions: "none",
  fn: async () => {
    const files = world();
    files.set("out/s.json", new TextEncoder().encode("old"));
    const r = await split(["--config", CONFIG, "--out=out/s.json"], files);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `out/s.json: ${OK_LINE}\ndigest ${DIGEST}\n${DETECTABLE}`);
    assert.match(new TextDecoder().decode(files.get("out/s.json")), /"digest": "153b4351/);
  },
});

function withSize(size: number): string {
  return configText.replace("size: 6", `size: ${size}`);
}

Deno.test({
  name: "split counts one held-out item in the singular",
  permissions: "none",
  fn: async () => {
    const r = await split(["-out", "s.json"], world(withSize(1).replace("probe: 2", "probe: 1")));
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^s\.json: 1 item held out, 15 in the complement, 0 left out of it/);
  },
});

Deno.test({
  name: "split refusals: the exit code and the one line on stderr",
  permissions: "none",
  fn: async (t) => {
    const badRows = new TextEncoder().encode(
      new TextDecoder().decode(rowsBytes).replace('"id": 8,', '"id": 3,'),
    );
    const badWords = new TextEncoder().encode(
      new TextDecoder().decode(rowsBytes).replace("default='metric'", "default='imperial'"),
    );
    const notJson = new TextEncoder().encode("[{");
    // A member whose name holds a C1 control (U+009B starts an escape sequence in some
    // terminals), which JSON.stringify leaves as it is.
    const controlKey = new TextEncoder().encode(
      new TextDecoder().decode(rowsBytes).replace('"id": 8,', '"id": 8, "\u009b31m": 1,'),
    );
    const cases: {
      name: string;
      args: string[];
      files?: Map<string, Uint8Array>;
      faults?: ReadonlyMap<string, unknown>;
      code: number;
      stderr: string | RegExp;
    }[] = [
      {
        name: "no -out",
        args: [],
        code: 64,
        stderr: "assess split: flag -out is required (see assess help split)\n",
      },
      {
        name: "an empty -out",
        args: ["-out", ""],
        code: 64,
        stderr: "assess split: flag -out needs a value that is not empty (see assess help split)\n",
      },
      {
        name: "a positional argument",
        args: ["-out", "s.json", "extra"],
        code: 64,
        stderr: 'assess split: unexpected argument "extra" (see assess help split)\n',
      },
      {
        name: "-out given twice",
        args: ["-out", "a", "-out", "b"],
        code: 64,
        stderr: "assess split: flag given twice: -out (see assess help split)\n",
      },
      {
        name: "a missing config",
        args: ["-config", "nope.yaml", "-out", "s.json"],
        code: 64,
        stderr: /^nope\.yaml cannot be read: /,
      },
      {
        name: "a missing dataset",
        args: ["-out", "s.json"],
        files: new Map([["assess.yaml", new TextEncoder().encode(configText)]]),
        code: 65,
        stderr:
          "assess split: dataset refused: cannot read the dataset file reference/testdata/rows.json: " +
          "there is no such file\n",
      },
      {
        name: "a dataset with another hash",
        args: ["-out", "s.json"],
        files: world(configText, badRows),
        code: 65,
        stderr: `assess split: dataset refused: the file's SHA-256 is ${
          sha256Hex(badRows)
        }, and dataset.sha256 is ${sha256Hex(rowsBytes)}\n`,
      },
      {
        name: "a refused row",
        args: ["-out", "s.json"],
        files: world(configText.replace(sha256Hex(rowsBytes), sha256Hex(badRows)), badRows),
        code: 65,
        stderr: "assess split: dataset refused: row 1 (id 3): the id is also row 0's\n",
      },
      {
        name: "a tool's type words refused",
        args: ["-out", "s.json"],
        files: world(
          configText.replace(sha256Hex(rowsBytes), sha256Hex(badWords)),
          badWords,
        ),
        code: 65,
        stderr: 'assess split: dataset refused: row 1 (id 8): tool "weather_forecast" parameter ' +
          '"units" type words "str, optional, default=\'imperial\'" give the default ' +
          "'imperial', which is not the parameter's default\n",
      },
      {
        name: "a refusal quoting a control character shows it escaped",
        args: ["-out", "s.json"],
        files: world(
          configText.replace(sha256Hex(rowsBytes), sha256Hex(controlKey)),
          controlKey,
        ),
        code: 65,
        stderr:
          'assess split: dataset refused: row 1 (id 8): the row has an unknown member "\\u009b31m"\n',
      },
      {
        name: "a file that is not JSON",
        args: ["-out", "s.json"],
        files: world(
          configText.replace(sha256Hex(rowsBytes), sha256Hex(notJson)),
          notJson,
        ),
        code: 65,
        stderr: /^assess split: dataset refused: the file is not JSON: /,
      },
      {
        name: "a size the dataset cannot give",
        args: ["-out", "s.json"],
        files: world(withSize(16)),
        code: 64,
        stderr:
          "assess split: split.size 16 is more than the dataset can give: it has 15 eligible items, " +
          "and the size must be from 1 to that\n",
      },
      {
        name: "an -out that cannot be written",
        args: ["-out", "locked/s.json"],
        faults: new Map([["locked/s.json", PERMISSION_DENIED]]),
        code: 64,
        stderr: "assess split: cannot write locked/s.json: permission denied\n",
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const files = c.files ?? world();
        const before = new Map(files);
        const r = await split(c.args, files, c.faults);
        assert.equal(r.stdout, "");
        if (typeof c.stderr === "string") assert.equal(r.stderr, c.stderr);
        else assert.match(r.stderr, c.stderr);
        assert.equal(r.code, c.code);
        assert.deepEqual([...files.keys()], [...before.keys()], "no file was written");
      });
    }
  },
});

Deno.test({
  name: "split -train writes the complement's training file first, and names it on the first line",
  permissions: "none",
  fn: async () => {
    const r = await split(["-out", "split.json", "-train", "train.jsonl"]);
    assert.equal(r.stderr, "");
    assert.equal(
      r.stdout,
      `split.json: ${OK_LINE}; train.jsonl: 8 training lines (left out: 1 ineligible, 0 with no ` +
        `call and no text)\ndigest ${DIGEST}\n${DETECTABLE}`,
    );
    assert.equal(r.code, 0);
    assert.deepEqual([...r.files.keys()].slice(-2), ["train.jsonl", "split.json"]);
    const lines = new TextDecoder().decode(r.files.get("train.jsonl")).split("\n");
    assert.equal(lines.pop(), "");
    // The complement (3, 8, 15, 40, 52, 66, 71, 104, 139) less 52, ineligible.
    assert.deepEqual(idsOf(lines), [3, 8, 15, 40, 66, 71, 104, 139]);
    // The line reference/split.md shows is the file's, as it is.
    assert.equal(SPLIT_PAGE.match(/```jsonl\n(.*)\n```/)?.[1], lines[1]);
    // Written again, the same bytes.
    const again = await split(["-out", "split.json", "-train", "train.jsonl"]);
    assert.deepEqual(again.files.get("train.jsonl"), r.files.get("train.jsonl"));
  },
});

/** The test config with a probe of each form. */
const PROBED = configText +
  'probes: [irrelevance, {distractors: 4}, shuffled-tools, {system: ["Be brief.", null]}, ' +
  "{distractors: 7}]\n";

Deno.test({
  name:
    "split says how many items each probe adds; the split file and the training file are those without probes",
  permissions: "none",
  fn: async () => {
    const r = await split(["-out", "split.json", "-train", "train.jsonl"], world(PROBED));
    assert.equal(r.stderr, "");
    assert.equal(r.code, 0);
    // Held out: 47, 125, 21, 34 (no call), 88, 117; only 47 and 21 have two tools; the six offer
    // eight tool names, so no item lacks four others, and 47 and 21 (two each) lack seven.
    assert.equal(
      r.stdout,
      `split.json: ${OK_LINE}; train.jsonl: 8 training lines (left out: 1 ineligible, 0 with no ` +
        `call and no text)\ndigest ${DIGEST}\n` +
        "probe irrelevance: 5 items (1 left out: no call in the answer)\n" +
        "probe distractors-4: 6 items\n" +
        "probe shuffled-tools: 2 items (4 left out: fewer than two tools)\n" +
        "probe system: 12 items (2 prompts)\n" +
        "probe distractors-7: 4 items (2 left out: fewer than 7 other tools to add)\n" +
        DETECTABLE,
    );
    // Probe items are held out by construction: not one byte of either file changes.
    const plain = await split(["-out", "split.json", "-train", "train.jsonl"]);
    assert.deepEqual(r.files.get("split.json"), plain.files.get("split.json"));
    assert.deepEqual(r.files.get("train.jsonl"), plain.files.get("train.jsonl"));
    // No line of the training file asks a held-out query (which every probe item asks too), or
    // names a probe item.
    const rows = JSON.parse(new TextDecoder().decode(rowsBytes)) as { id: number; query: string }[];
    const heldOut = [47, 125, 21, 34, 88, 117].map((id) =>
      rows.find((row) => row.id === id)!.query
    );
    const lines = new TextDecoder().decode(r.files.get("train.jsonl")).trimEnd().split("\n");
    for (const line of lines) {
      const users = JSON.parse(line).messages.filter((m: { role: string }) => m.role === "user");
      for (const user of users) assert(!heldOut.includes(user.content), line);
      assert(!line.includes("~"), line);
    }
  },
});

Deno.test({
  name: "split -train leaves out an item whose answer has no call, and counts it",
  permissions: "none",
  fn: async () => {
    // With one item held out (47), item 34 ("a short poem", no call) is in the complement.
    const config = withSize(1).replace("probe: 2", "probe: 1");
    const r = await split(["-out", "s.json", "-train", "t.jsonl"], world(config));
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      /; t\.jsonl: 13 training lines \(left out: 1 ineligible, 1 with no call and no text\)\n/,
    );
    const ids = idsOf(new TextDecoder().decode(r.files.get("t.jsonl")).trimEnd().split("\n"));
    assert.equal(ids.length, 13);
    assert(!ids.includes(34) && !ids.includes(52) && !ids.includes(47));
  },
});

Deno.test({
  name: "split -train-format hf and -chat-template write the same items in their formats",
  permissions: "none",
  fn: async () => {
    const openai = await split(["-out", "s.json", "-train", "t.jsonl"]);
    const text = (r: typeof openai) =>
      new TextDecoder().decode(r.files.get("t.jsonl")).trimEnd().split("\n");
    const files = world();
    files.set("t.jinja", HERMES_LIKE);
    for (
      const [args, check] of [
        [["-train-format", "openai"], (lines: string[]) => assert.deepEqual(lines, text(openai))],
        [["-train-format=hf"], (lines: string[]) => {
          assert.deepEqual(idsOf(lines), [3, 8, 15, 40, 66, 71, 104, 139]);
          assert(lines.every((l) => typeof JSON.parse(l).tools === "string"));
          // The hf line reference/split.md shows is the file's, as it is.
          assert.equal(
            SPLIT_PAGE.match(/```jsonl\n(\{"messages".*"tools":".*)\n```/)?.[1],
            lines[1],
          );
        }],
        [["-chat-template", "t.jinja"], (lines: string[]) => {
          assert.equal(lines.length, 8);
          assert.equal(SPLIT_PAGE.match(/```jsonl\n(\{"prompt".*)\n```/)?.[1], lines[1]);
          for (const [k, line] of lines.entries()) {
            const value = JSON.parse(line);
            assert.deepEqual(Object.keys(value), ["prompt", "completion"]);
            // The query of the openai line's item, in the prompt; its calls, in the completion.
            const messages = JSON.parse(text(openai)[k]!).messages;
            assert(value.prompt.includes(`\n${messages.at(-2).content}<|im_end|>`));
            assert(value.completion.startsWith('<tool_call>\n{"name": '));
          }
        }],
      ] as const
    ) {
      const r = await split(["-out", "s.json", "-train", "t.jsonl", ...args], files);
      assert.equal(r.stderr, "", args.join(" "));
      assert.equal(r.code, 0);
      assert.match(r.stdout, /; t\.jsonl: 8 training lines \(left out: 1 ineligible, 0 with no/);
      check(text(r));
    }
  },
});

Deno.test({
  name: "split -template-date gives the chat template's strftime_now that day; without it, none",
  permissions: "none",
  fn: async () => {
    const files = world();
    files.set(
      "d.jinja",
      new TextEncoder().encode(
        "{% if strftime_now is defined %}{{ strftime_now('%d %b %Y') }}{% else %}no date" +
          "{% endif %}|{% for m in messages %}{{ m.role }}{% endfor %}",
      ),
    );
    for (
      const [args, prompt] of [[["-template-date", "2024-09-01"], "01 Sep 2024|user"], [
        [],
        "no date|user",
      ]] as const
    ) {
      const r = await split([
        "-out",
        "s.json",
        "-train",
        "t.jsonl",
        "-chat-template",
        "d.jinja",
        ...args,
      ], files);
      assert.equal(r.stderr, "");
      assert.equal(r.code, 0);
      const lines = new TextDecoder().decode(r.files.get("t.jsonl")).trimEnd().split("\n");
      assert.equal(lines.length, 8);
      for (const line of lines) {
        assert.deepEqual(JSON.parse(line), { prompt, completion: "assistant" });
      }
    }
  },
});

Deno.test({
  name: "split's format flags refused: 64, and no file is written",
  permissions: "none",
  fn: async (t) => {
    const cases: { name: string; args: string[]; stderr: string }[] = [
      {
        name: "-train-format without -train",
        args: ["-out", "s.json", "-train-format", "hf"],
        stderr: "assess split: -train-format needs -train (see assess help split)\n",
      },
      {
        name: "-chat-template without -train",
        args: ["-out", "s.json", "-chat-template", "t.jinja"],
        stderr: "assess split: -chat-template needs -train (see assess help split)\n",
      },
      {
        name: "both format flags",
        args: [
          "-out",
          "s.json",
          "-train",
          "t.jsonl",
          "-train-format",
          "hf",
          "-chat-template",
          "t.jinja",
        ],
        stderr: "assess split: -chat-template writes prompt-completion lines: give it without " +
          "-train-format (see assess help split)\n",
      },
      {
        name: "an unknown format",
        args: ["-out", "s.json", "-train", "t.jsonl", "-train-format", "sharegpt"],
        stderr:
          'assess split: -train-format is openai or hf, not "sharegpt" (see assess help split)\n',
      },
      {
        name: "a chat template that is not there",
        args: ["-out", "s.json", "-train", "t.jsonl", "-chat-template", "none.jinja"],
        stderr: "assess split: -chat-template none.jinja cannot be read: there is no such file\n",
      },
      {
        name: "a tokenizer configuration with no chat template",
        args: ["-out", "s.json", "-train", "t.jsonl", "-chat-template", "tokenizer_config.json"],
        stderr:
          "assess split: tokenizer_config.json has no chat_template (a string, or a list of " +
          "templates)\n",
      },
      {
        name: "-train naming the chat template",
        args: ["-out", "s.json", "-train", "t.jinja", "-chat-template", "t.jinja"],
        stderr: "assess split: -train t.jinja is the same file as -chat-template t.jinja: an " +
          "output must not overwrite an input\n",
      },
      {
        name: "a template file that reads a special token (it carries none)",
        args: ["-out", "s.json", "-train", "t.jsonl", "-chat-template", "t.jinja"],
        stderr: "assess split: the chat template t.jinja uses bos_token, which a template file " +
          "does not carry: give the model's tokenizer_config.json, which holds the template and " +
          "its special tokens\n",
      },
      {
        name: "a chat template that fails on an item (item 3 has two calls)",
        args: [
          "-out",
          "s.json",
          "-train",
          "t.jsonl",
          "-chat-template",
          "llama/tokenizer_config.json",
        ],
        stderr:
          "assess split: the chat template of llama/tokenizer_config.json fails on item 3: This " +
          "model only supports single tool-calls at once!; no training file is written\n",
      },
      {
        name: "-template-date without -chat-template",
        args: ["-out", "s.json", "-train", "t.jsonl", "-template-date", "2024-09-01"],
        stderr: "assess split: -template-date needs -chat-template (see assess help split)\n",
      },
      {
        name: "-template-date that is not a day",
        args: [
          "-out",
          "s.json",
          "-train",
          "t.jsonl",
          "-chat-template",
          "llama/tokenizer_config.json",
          "-template-date",
          "2024-02-30",
        ],
        stderr: 'assess split: -template-date "2024-02-30" is not a day written YYYY-MM-DD (see ' +
          "assess help split)\n",
      },
      {
        name: "a chat template asking range() for more numbers than Jinja2's sandbox gives",
        args: ["-out", "s.json", "-train", "t.jsonl", "-chat-template", "range.jinja"],
        stderr: "assess split: the chat template of range.jinja fails on item 3: range() of " +
          "100000000000 numbers: Jinja2's sandbox, which transformers and vLLM render chat " +
          "templates in, refuses a range of more than 100000; no training file is written\n",
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const files = world();
        files.set("t.jinja", LLAMA_LIKE);
        files.set("tokenizer_config.json", new TextEncoder().encode('{"bos_token": "<s>"}'));
        files.set("llama/tokenizer_config.json", LLAMA_CONFIG);
        files.set(
          "range.jinja",
          new TextEncoder().encode("{% for i in range(100000000000) %}{% endfor %}"),
        );
        const before = new Map(files);
        const r = await split(c.args, files);
        assert.equal(r.stdout, "");
        assert.equal(r.stderr, c.stderr);
        assert.equal(r.code, 64);
        assert.deepEqual([...files.keys()], [...before.keys()], "no file was written");
      });
    }
  },
});

Deno.test({
  name: "split -train refusals: an unwritable training file, the same file as -out",
  permissions: "none",
  fn: async (t) => {
    await t.step("a training file that cannot be written: 64, and no file is written", async () => {
      const files = world();
      files.set("split.json", new TextEncoder().encode("old"));
      const r = await split(
        ["-out", "split.json", "-train", "locked/t.jsonl"],
        files,
        new Map([["locked/t.jsonl", PERMISSION_DENIED]]),
      );
      assert.equal(r.stdout, "");
      assert.equal(r.stderr, "assess split: cannot write locked/t.jsonl: permission denied\n");
      assert.equal(r.code, 64);
      assert.equal(new TextDecoder().decode(files.get("split.json")), "old");
    });
    await t.step("a full disk while the training file is written: 64", async () => {
      const r = await split(
        ["-out", "split.json", "-train", "t.jsonl"],
        world(),
        new Map([["t.jsonl", new Error("No space left on device (os error 28)")]]),
      );
      assert.equal(
        r.stderr,
        "assess split: cannot write t.jsonl: No space left on device (os error 28)\n",
      );
      assert.equal(r.code, 64);
    });
    await t.step("a bug while the training file's lines are made: 70, not 64", async () => {
      const files = world();
      files.set("split.json", new TextEncoder().encode("old"));
      const r = await split(
        ["-out", "split.json", "-train", "t.jsonl"],
        files,
        new Map([["t.jsonl", new TypeError("Cannot read properties of undefined")]]),
      );
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^assess split: internal error \(a bug in assess/);
      assert.match(r.stderr, /TypeError: Cannot read properties of undefined/);
      assert.doesNotMatch(r.stderr, /cannot write/);
      assert.equal(r.code, 70);
      assert.equal(new TextDecoder().decode(files.get("split.json")), "old");
    });
    await t.step("-train naming the -out file: 64", async () => {
      const r = await split(["-out", "s.json", "-train", "s.json"]);
      assert.equal(r.stdout, "");
      assert.equal(
        r.stderr,
        "assess split: -train s.json is the same file as -out s.json: two outputs must not be " +
          "one file\n",
      );
      assert.equal(r.code, 64);
      assert(!r.files.has("s.json"));
    });
  },
});

Deno.test({
  name:
    "split: the detectable differences are for the config's adapters, at the test level of Holm's first step",
  permissions: "none",
  fn: async () => {
    const two = configText.replace("    - name: tuned\n", "    - name: tuned\n    - name: other\n");
    const r = await split(["-out", "split.json"], world(two));
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      /\nsmallest true difference found 80% of the time \(6 items, 2 adapters at level 0\.0225 each\):\n/,
    );
    const none = configText.replace("  adapters:\n    - name: tuned\n", "");
    assert.match(
      (await split(["-out", "split.json"], world(none))).stdout,
      /\(6 items, no adapter configured: as for one, at level 0\.045\):\n/,
    );
  },
});

const skip = await skipReason("split's detectable differences against Python");

Deno.test({
  name: "split's detectable differences against the Python reference (scipy, exact power)",
  ignore: skip !== null,
  fn: async () => {
    const cases = [[150, 2], [2000, 1], [2000, 2], [60000, 3]] as const;
    const inputs = cases.flatMap(([n, m]) =>
      [0.05, 0.1, 0.2].map((psi) => ({ n, psi, alpha: 0.045 / m, power: 0.8, model: "binomial" }))
    );
    const python = (await reference("mdd", inputs)) as (number | null)[];
    for (const [i, [n, m]] of cases.entries()) {
      const lines = detectableLines(n, m).split("\n").slice(1, 4);
      lines.forEach((line, j) => {
        const d = python[3 * i + j]!;
        const shown = d === null
          ? "none (too few discordant items)"
          : `${(d * 100).toFixed(d < 0.01 ? 2 : 1)} points`;
        assert.equal(
          line,
          `  ${[5, 10, 20][j]}% of items discordant: ${shown}`,
          `${n} items, ${m}`,
        );
      });
    }
  },
});

Deno.test({
  name: "split refuses a probe item's id that is a held-out item's (exit 65), and writes nothing",
  permissions: "none",
  fn: async () => {
    const line = (id: string) =>
      JSON.stringify({
        id,
        messages: [
          { role: "user", content: `q ${id}` },
          { role: "assistant", tool_calls: [{ function: { name: "f", arguments: "{}" } }] },
        ],
        tools: [{ type: "function", function: { name: "f" } }],
      });
    const rows = new TextEncoder().encode(["a", "a~irrelevance", "b"].map(line).join("\n") + "\n");
    const config = configText
      .replace("kind: xlam-function-calling", "kind: chat-jsonl")
      .replace(/sha256: [0-9a-f]{64}/, `sha256: ${sha256Hex(rows)}`)
      .replace("size: 6", "size: 3") + "probes: [shuffled-tools, irrelevance]\n";
    const files = world(config, rows);
    const before = [...files.keys()];
    const r = await split(["-out", "s.json", "-train", "t.jsonl"], files);
    assert.equal(r.code, 65);
    assert.equal(r.stdout, "");
    assert.equal(
      r.stderr,
      'assess split: dataset refused: the held-out item "a~irrelevance" has the id that the ' +
        'irrelevance probe gives item "a": with probes, no held-out id may end in ~ and a ' +
        "probe's name\n",
    );
    assert.deepEqual([...files.keys()], before);
  },
});
