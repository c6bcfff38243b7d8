import assert from "node:assert/strict";
import { runCli } from "../../src/cli/main.ts";
import type { Io } from "../../src/cli/io.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { detectableLines } from "../../src/report/split_detectable.ts";
import { reference, skipReason } from "../report/_python.ts";
import { MAX_DATASET_BYTES } from "../../src/dataset/dataset.ts";
import { spawnCli } from "./_spawn.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CONFIG = "reference/testdata/assess.yaml";
const ROWS = "reference/testdata/rows.json";
const DIGEST = "153b435176c135efb8e917af20affc5f5e18e79dc11c4efcac79f12cd90e12ed";
const OK_LINE =
  "6 items held out, 9 in the complement, 1 left out of it as identical to a held-out item";
// Six items are too few for the exact test to find any difference 80% of the time.
const DETECTABLE = [
  "smallest true difference found 80% of the time (6 items, 1 adapter at level 0.045):",
  "  5% of items discordant: none (too few discordant items)",
  "  10% of items discordant: none (too few discordant items)",
  "  20% of items discordant: none (too few discordant items)",
].map((line) => line + "\n").join("");

const configText = Deno.readTextFileSync(ROOT + CONFIG);
const rowsBytes = Deno.readFileSync(ROOT + ROWS);
const SPLIT_PAGE = Deno.readTextFileSync(ROOT + "reference/split.md");
const HERMES_LIKE = Deno.readFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`);
const LLAMA_LIKE = Deno.readFileSync(`${ROOT}tests/request/templates/llama_like.jinja`);

/** A world held in memory: files by path, captured outputs, and paths that cannot be written. */
function memoryIo(files: Map<string, Uint8Array>, unwritable: ReadonlySet<string> = new Set()) {
  const out = { stdout: "", stderr: "" };
  const io: Io = {
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (out.stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (out.stderr += t)) },
    readFile(path) {
      const bytes = files.get(path);
      if (bytes === undefined) {
        return Promise.reject(
          new Deno.errors.NotFound(`No such file or directory (os error 2): readfile '${path}'`),
        );
      }
      return Promise.resolve(bytes);
    },
    openRead: () => Promise.reject(new Error("split opened a stream")),
    writeFileAtomic(path, data) {
      if (unwritable.has(path)) {
        return Promise.reject(new Deno.errors.PermissionDenied("Permission denied (os error 13)"));
      }
      // Parts are gathered as they come; a part that throws leaves the file as it was.
      try {
        files.set(path, data instanceof Uint8Array ? data : joined(data));
      } catch (error) {
        return Promise.reject(error);
      }
      return Promise.resolve();
    },
    env: () => undefined,
    fetch: () => Promise.reject(new Error("no network in this test")),
    now: () => 0,
  };
  return { io, out };
}

/** The ids of the rows whose query is the user message of each openai or hf line. */
function idsOf(lines: readonly string[]): number[] {
  const rows = JSON.parse(new TextDecoder().decode(rowsBytes)) as { id: number; query: string }[];
  const byQuery = new Map(rows.map((r) => [r.query, r.id]));
  return lines.map((l) => byQuery.get(JSON.parse(l).messages.at(-2).content)!);
}

function joined(parts: Iterable<Uint8Array>): Uint8Array {
  const all = [...parts];
  const bytes = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  all.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
  return bytes;
}

function world(config = configText, rows: Uint8Array = rowsBytes) {
  return new Map<string, Uint8Array>([
    ["assess.yaml", new TextEncoder().encode(config)],
    [CONFIG, new TextEncoder().encode(config)],
    [ROWS, rows],
  ]);
}

async function split(args: string[], files = world(), unwritable?: ReadonlySet<string>) {
  const { io, out } = memoryIo(files, unwritable);
  const code = await runCli(["split", ...args], io);
  return { code, ...out, files };
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
      unwritable?: Set<string>;
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
        unwritable: new Set(["locked/s.json"]),
        code: 64,
        stderr: "assess split: cannot write locked/s.json: permission denied\n",
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const files = c.files ?? world();
        const before = new Map(files);
        const r = await split(c.args, files, c.unwritable);
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
        `call)\ndigest ${DIGEST}\n${DETECTABLE}`,
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
      /; t\.jsonl: 13 training lines \(left out: 1 ineligible, 1 with no call\)\n/,
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
        name: "a chat template that fails on an item (item 3 has two calls)",
        args: ["-out", "s.json", "-train", "t.jsonl", "-chat-template", "t.jinja"],
        stderr:
          "assess split: the chat template fails on item 3: This model only supports single " +
          "tool-calls at once!; no training file is written\n",
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const files = world();
        files.set("t.jinja", LLAMA_LIKE);
        files.set("tokenizer_config.json", new TextEncoder().encode('{"bos_token": "<s>"}'));
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
        new Set(["locked/t.jsonl"]),
      );
      assert.equal(r.stdout, "");
      assert.equal(r.stderr, "assess split: cannot write locked/t.jsonl: permission denied\n");
      assert.equal(r.code, 64);
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

// The real command line, with the permissions a user gives it.
async function spawn(args: string[], read: string[], write: string[]) {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${read.join(",")}`,
      ...(write.length > 0 ? [`--allow-write=${write.join(",")}`] : []),
      "cli.ts",
      "split",
      ...args,
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  });
  const { code, stdout, stderr } = await cmd.output();
  const dec = new TextDecoder();
  return { code, stdout: dec.decode(stdout), stderr: dec.decode(stderr) };
}

Deno.test({
  name: "the real command line writes the same file with narrow permissions",
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const out = `${dir}/split.json`;
      const r = await spawn(["-config", CONFIG, "-out", out], [CONFIG, ROWS, dir], [dir]);
      assert.equal(r.stderr, "");
      assert.equal(r.stdout, `${out}: ${OK_LINE}\ndigest ${DIGEST}\n${DETECTABLE}`);
      assert.equal(r.code, 0);
      const mem = await split(["-out", "s.json", "-train", "t.jsonl"]);
      assert.deepEqual(await Deno.readFile(out), mem.files.get("s.json"));
      // Nothing but the file is left in the folder (no temporary file).
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["split.json"]);
      // With -train, the same permissions when the training file is in the same folder.
      const train = `${dir}/train.jsonl`;
      const both = await spawn(
        ["-config", CONFIG, "-out", out, "-train", train],
        [CONFIG, ROWS, dir],
        [dir],
      );
      assert.equal(both.stderr, "");
      assert.equal(both.code, 0);
      assert.match(both.stdout, /; .*\/train\.jsonl: 8 training lines /);
      assert.deepEqual(await Deno.readFile(train), mem.files.get("t.jsonl"));
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
        "split.json",
        "train.jsonl",
      ]);
      // With -chat-template, its file is read too: named in --allow-read.
      const hermes = "tests/request/templates/hermes_like.jinja";
      const files = world();
      files.set("t.jinja", HERMES_LIKE);
      const rendered = await split([
        "-out",
        "s.json",
        "-train",
        "t.jsonl",
        "-chat-template",
        "t.jinja",
      ], files);
      const withTemplate = await spawn(
        ["-config", CONFIG, "-out", out, "-train", train, "-chat-template", hermes],
        [CONFIG, ROWS, dir, hermes],
        [dir],
      );
      assert.equal(withTemplate.stderr, "");
      assert.equal(withTemplate.code, 0);
      assert.deepEqual(await Deno.readFile(train), rendered.files.get("t.jsonl"));
      // A template that fails on an item: 64, the files already there kept, no temporary file left.
      const llama = "tests/request/templates/llama_like.jinja";
      const failed = await spawn(
        ["-config", CONFIG, "-out", out, "-train", train, "-chat-template", llama],
        [CONFIG, ROWS, dir, llama],
        [dir],
      );
      assert.match(failed.stderr, /^assess split: the chat template fails on item 3: /);
      assert.equal(failed.code, 64);
      assert.deepEqual(await Deno.readFile(train), rendered.files.get("t.jsonl"));
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
        "split.json",
        "train.jsonl",
      ]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "the real command line: an -out it may not write exits 64 and leaves the old file",
  fn: async () => {
    const dir = await Deno.makeTempDir();
    const other = await Deno.makeTempDir();
    try {
      const out = `${dir}/split.json`;
      await Deno.writeTextFile(out, "old\n");
      const r = await spawn(["-config", CONFIG, "-out", out], [CONFIG, ROWS, dir], [other]);
      assert.equal(r.stdout, "");
      assert.equal(
        r.stderr,
        `assess split: cannot write ${out}: assess was not allowed to ` +
          "(give deno --allow-read and --allow-write for its folder)\n",
      );
      assert.equal(r.code, 64);
      assert.equal(await Deno.readTextFile(out), "old\n");
      const missing = await spawn(
        ["-config", CONFIG, "-out", `${other}/no/such/dir/s.json`],
        [CONFIG, ROWS, other],
        [other],
      );
      assert.equal(
        missing.stderr,
        `assess split: cannot write ${other}/no/such/dir/s.json: its folder does not exist\n`,
      );
      assert.equal(missing.code, 64);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(other, { recursive: true });
    }
  },
});

Deno.test({
  name: "the real command line: a dataset it may not read exits 65",
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const r = await spawn(["-config", CONFIG, "-out", `${dir}/s.json`], [CONFIG, dir], [dir]);
      assert.equal(r.stdout, "");
      assert.match(
        r.stderr,
        /^assess split: dataset refused: cannot read the dataset file reference\/testdata\/rows\.json: /,
      );
      assert.equal(r.code, 65);
      assert.deepEqual([...Deno.readDirSync(dir)], []);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
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

/** A folder with an assess.yaml naming data.json, for datasets that are not the real rows. */
async function withDataset(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    const config = configText.replace(ROWS, "data.json");
    assert.notEqual(config, configText);
    await Deno.writeTextFile(`${dir}/assess.yaml`, config);
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const SPLIT_PERMISSIONS = ["--allow-read=assess.yaml,data.json,out", "--allow-write=out"];

Deno.test({
  name: "the real command line: a dataset over 256 MiB is refused from its size (65), both sizes",
  fn: () =>
    withDataset(async (dir) => {
      // A sparse file: its size is 256 MiB and one byte, and it takes no room on the disk.
      const file = await Deno.open(`${dir}/data.json`, { write: true, create: true });
      await file.truncate(MAX_DATASET_BYTES + 1);
      file.close();
      await Deno.mkdir(`${dir}/out`);
      const r = await spawnCli(dir, SPLIT_PERMISSIONS, ["split", "-out", "out/s.json"]);
      assert.deepEqual(r, {
        code: 65,
        out: "",
        err: "assess split: dataset refused: the file is 268435457 bytes, over the 268435456 " +
          "bytes (256 MiB) a dataset may have\n",
      });
    }),
});

Deno.test({
  name: "the real command line: a FIFO as the dataset (65) or as -out (64) is refused at once",
  ignore: Deno.build.os !== "linux",
  fn: () =>
    withDataset(async (dir) => {
      await Deno.mkdir(`${dir}/out`);
      assert((await new Deno.Command("mkfifo", { args: [`${dir}/data.json`] }).output()).success);
      const data = await spawnCli(dir, SPLIT_PERMISSIONS, ["split", "-out", "out/s.json"]);
      assert.deepEqual(data, {
        code: 65,
        out: "",
        err: "assess split: dataset refused: cannot read the dataset file data.json: it is a " +
          "FIFO, not a regular file (assess reads only regular files, or links to one)\n",
      });
      await Deno.remove(`${dir}/data.json`);
      await Deno.writeFile(`${dir}/data.json`, rowsBytes);
      assert((await new Deno.Command("mkfifo", { args: [`${dir}/out/s.json`] }).output()).success);
      const out = await spawnCli(dir, SPLIT_PERMISSIONS, ["split", "-out", "out/s.json"]);
      assert.deepEqual(out, {
        code: 64,
        out: "",
        err: "assess split: cannot write out/s.json: it is a FIFO, not a regular file (assess " +
          "replaces only regular files)\n",
      });
      assert((await Deno.lstat(`${dir}/out/s.json`)).isFifo, "left as it was");
    }),
});

Deno.test({
  name:
    "the real command line: a dataset behind a symbolic link: the hint names the file it points to",
  ignore: Deno.build.os === "windows",
  fn: () =>
    withDataset(async (dir) => {
      // As in a Hugging Face cache: snapshots/<rev>/file -> ../../blobs/<hash>.
      await Deno.mkdir(`${dir}/blobs`);
      await Deno.writeFile(`${dir}/blobs/abc123`, rowsBytes);
      await Deno.symlink("blobs/abc123", `${dir}/data.json`);
      await Deno.mkdir(`${dir}/out`);
      const target = await Deno.realPath(`${dir}/blobs/abc123`);
      const refused = await spawnCli(dir, SPLIT_PERMISSIONS, ["split", "-out", "out/s.json"]);
      assert.equal(refused.code, 65, refused.err); // the dataset could not be opened
      assert.equal(refused.out, "");
      assert(
        refused.err.endsWith(
          `(give deno --allow-read=${target}; data.json leads to ${target} through a symbolic ` +
            "link, and Deno checks the file a link points to)\n",
        ),
        refused.err,
      );
      assert.equal(refused.err.split("\n").length, 2, "one line");
      // And with what the hint says, it is read.
      const read = await spawnCli(dir, [
        `--allow-read=assess.yaml,data.json,out,${target}`,
        "--allow-write=out",
      ], ["split", "-out", "out/s.json"]);
      assert.equal(read.code, 0, read.err);
    }),
});

/**
 * A folder holding `assess.yaml` and the dataset it names, `data.json`, with an `out` folder: the
 * command runs in it with the README's permissions for split.
 */
async function sameFileFolder(): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "assess_split_same_" }));
  await Deno.writeTextFile(
    `${dir}/assess.yaml`,
    configText.replace(`path: ${ROWS}`, "path: data.json"),
  );
  await Deno.writeFile(`${dir}/data.json`, rowsBytes);
  await Deno.mkdir(`${dir}/out`);
  return dir;
}

/** The README's split permissions: read the config, the dataset and the out folder; write it. */
function splitPermissions(outDir: string): string[] {
  return [`--allow-read=assess.yaml,data.json,${outDir}`, `--allow-write=${outDir}`];
}

Deno.test({
  name:
    "the real command line: an output that is an input or the other output, however spelled, is refused (64) and nothing is written",
  fn: async (t) => {
    const dir = await sameFileFolder();
    const config = await Deno.readFile(`${dir}/assess.yaml`);
    const old = new TextEncoder().encode("the training file already there\n");
    try {
      await Deno.link(`${dir}/data.json`, `${dir}/out/hard.json`);
      await Deno.symlink(`${dir}/data.json`, `${dir}/out/link.json`);
      const cases: { name: string; outDir: string; args: string[]; err: string }[] = [
        {
          name: "-train the dataset (the README's permissions, -out beside it)",
          outDir: ".",
          args: ["-out", "split.json", "-train", "data.json"],
          err: "-train data.json is the same file as the dataset data.json: an output must " +
            "not overwrite an input",
        },
        {
          name: "-out the dataset",
          outDir: ".",
          args: ["-out", "data.json"],
          err: "-out data.json is the same file as the dataset data.json: an output must not " +
            "overwrite an input",
        },
        {
          name: "-train the config",
          outDir: ".",
          args: ["-out", "out/split.json", "-train", "assess.yaml"],
          err: "-train assess.yaml is the same file as -config assess.yaml: an output must not " +
            "overwrite an input",
        },
        {
          name: "-out a hard link to the dataset",
          outDir: "out",
          args: ["-out", "out/hard.json"],
          err: "-out out/hard.json is the same file as the dataset data.json: an output must " +
            "not overwrite an input",
        },
        {
          name: "-out a symbolic link to the dataset",
          outDir: "out",
          args: ["-out", "out/link.json"],
          err: "-out out/link.json is the same file as the dataset data.json: an output must " +
            "not overwrite an input",
        },
        {
          name: "-out ./out/y.json and -train /abs/out/y.json, y.json there",
          outDir: "out",
          args: ["-out", "./out/y.json", "-train", `${dir}/out/y.json`],
          err: `-train ${dir}/out/y.json is the same file as -out ./out/y.json: two outputs ` +
            "must not be one file",
        },
      ];
      for (const c of cases) {
        await t.step(c.name, async () => {
          await Deno.writeFile(`${dir}/out/y.json`, old);
          const r = await spawnCli(dir, splitPermissions(c.outDir), ["split", ...c.args]);
          assert.deepEqual(r, { code: 64, out: "", err: `assess split: ${c.err}\n` });
          assert.deepEqual(await Deno.readFile(`${dir}/data.json`), rowsBytes);
          assert.deepEqual(await Deno.readFile(`${dir}/assess.yaml`), config);
          assert.deepEqual(await Deno.readFile(`${dir}/out/y.json`), old);
          assert.deepEqual((await Deno.lstat(`${dir}/out/link.json`)).isSymlink, true);
          const written = [...Deno.readDirSync(dir), ...Deno.readDirSync(`${dir}/out`)]
            .map((e) => e.name).sort();
          assert.deepEqual(written, [
            "assess.yaml",
            "data.json",
            "hard.json",
            "link.json",
            "out",
            "y.json",
          ]);
        });
      }
      await t.step("-out ./out/n.json and -train /abs/out/n.json, neither there yet", async () => {
        const r = await spawnCli(dir, splitPermissions("out"), [
          "split",
          "-out",
          "./out/n.json",
          "-train",
          `${dir}/out/n.json`,
        ]);
        assert.deepEqual(r, {
          code: 64,
          out: "",
          err: `assess split: -train ${dir}/out/n.json is the same file as -out ./out/n.json: ` +
            "two outputs must not be one file\n",
        });
        await assert.rejects(Deno.lstat(`${dir}/out/n.json`), Deno.errors.NotFound);
      });
      await t.step("outputs that are other files are written as before", async () => {
        const r = await spawnCli(dir, splitPermissions("out"), [
          "split",
          "-out",
          "./out/s.json",
          "-train",
          `${dir}/out/t.jsonl`,
        ]);
        assert.equal(r.err, "");
        assert.equal(r.code, 0);
        assert.deepEqual(await Deno.readFile(`${dir}/data.json`), rowsBytes);
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
