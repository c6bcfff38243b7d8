/**
 * `assess split` as the real command line, with the permissions a user gives it: the file it
 * writes, the files it may not read or write, datasets too large, FIFOs and symbolic links, and
 * outputs that are inputs.
 */

import assert from "node:assert/strict";
import { MAX_DATASET_BYTES } from "../../src/dataset/dataset.ts";
import {
  CONFIG,
  configText,
  DETECTABLE,
  DIGEST,
  OK_LINE,
  ROOT,
  ROWS,
  rowsBytes,
  split,
  world,
} from "../cli/_split_fixtures.ts";
import { spawnCli, type Spawned } from "./_spawn.ts";

/** `assess split ARGS` run from the root, allowed to read `read` and to write `write`. */
function spawn(args: string[], read: string[], write: string[]): Promise<Spawned> {
  const permissions = [
    `--allow-read=${read.join(",")}`,
    ...(write.length > 0 ? [`--allow-write=${write.join(",")}`] : []),
  ];
  return spawnCli(ROOT, permissions, ["split", ...args]);
}

Deno.test({
  name: "the real command line writes the same file with narrow permissions",
  fn: async () => {
    const dir = await Deno.makeTempDir();
    const models = await Deno.makeTempDir();
    try {
      const out = `${dir}/split.json`;
      const r = await spawn(["-config", CONFIG, "-out", out], [CONFIG, ROWS, dir], [dir]);
      assert.equal(r.err, "");
      assert.equal(r.out, `${out}: ${OK_LINE}\ndigest ${DIGEST}\n${DETECTABLE}`);
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
      assert.equal(both.err, "");
      assert.equal(both.code, 0);
      assert.match(both.out, /; .*\/train\.jsonl: 8 training lines /);
      assert.deepEqual(await Deno.readFile(train), mem.files.get("t.jsonl"));
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
        "split.json",
        "train.jsonl",
      ]);
      // With -chat-template, its file is read too: named in --allow-read.
      const hermes = "tests/request/templates/hermes_like.jinja";
      const files = world();
      files.set("t.jinja", Deno.readFileSync(ROOT + hermes));
      const rendered = await split(
        ["-out", "s.json", "-train", "t.jsonl", "-chat-template", "t.jinja"],
        files,
      );
      const withTemplate = await spawn(
        ["-config", CONFIG, "-out", out, "-train", train, "-chat-template", hermes],
        [CONFIG, ROWS, dir, hermes],
        [dir],
      );
      assert.equal(withTemplate.err, "");
      assert.equal(withTemplate.code, 0);
      assert.deepEqual(await Deno.readFile(train), rendered.files.get("t.jsonl"));
      // A template that fails on an item: 64, the files already there kept, no temporary file left.
      const llama = `${models}/tokenizer_config.json`;
      await Deno.writeTextFile(
        llama,
        JSON.stringify({
          chat_template: await Deno.readTextFile(ROOT + "tests/request/templates/llama_like.jinja"),
          bos_token: "<s>",
        }),
      );
      const failed = await spawn(
        ["-config", CONFIG, "-out", out, "-train", train, "-chat-template", llama],
        [CONFIG, ROWS, dir, llama],
        [dir],
      );
      assert.match(failed.err, /^assess split: the chat template of \S+ fails on item 3: /);
      assert.equal(failed.code, 64);
      assert.deepEqual(await Deno.readFile(train), rendered.files.get("t.jsonl"));
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
        "split.json",
        "train.jsonl",
      ]);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(models, { recursive: true });
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
      assert.equal(r.out, "");
      assert.equal(
        r.err,
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
        missing.err,
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
      assert.equal(r.out, "");
      assert.match(
        r.err,
        /^assess split: dataset refused: cannot read the dataset file reference\/testdata\/rows\.json: /,
      );
      assert.equal(r.code, 65);
      assert.deepEqual([...Deno.readDirSync(dir)], []);
    } finally {
      await Deno.remove(dir, { recursive: true });
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
  name:
    "the real command line: a dataset over 256 MiB is refused from its size (65), both sizes, the setting",
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
        err: "assess split: dataset refused: the file is 268435457 bytes, over dataset.maxBytes, " +
          "268435456 bytes (256 MiB): raise dataset.maxBytes in assess.yaml to read it (at most " +
          "1073741824, or 536870888 for an xlam-function-calling file)\n",
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
