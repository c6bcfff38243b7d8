import assert from "node:assert/strict";
import { denoFileIdentity } from "../../src/cli/deno_file_identity.ts";
import {
  type NamedFile,
  refuseSameFile,
  sameFile,
  sameFileClash,
  sameFileError,
} from "../../src/cli/same_file.ts";
import type { FileIdentity, Io } from "../../src/cli/io.ts";
import { UsageError } from "../../src/cli/usage_error.ts";

const input = (name: string, path: string): NamedFile => ({ name, path, output: false });
const output = (name: string, path: string): NamedFile => ({ name, path, output: true });

/** An Io that only knows identities (and, without `ids`, has none: paths as spelled). */
function identityIo(ids?: ReadonlyMap<string, FileIdentity>): Io {
  const no = () => Promise.reject(new Error("nothing is read or written here"));
  return {
    stdout: { isTerminal: false, write: no },
    stderr: { isTerminal: false, write: no },
    readFile: no,
    openRead: no,
    writeFileAtomic: no,
    env: () => undefined,
    fetch: no,
    now: () => 0,
    ...(ids === undefined ? {} : {
      fileIdentity: (path: string) => Promise.resolve(ids.get(path) ?? { path: `/other/${path}` }),
    }),
  };
}

Deno.test({
  name: "sameFile: device and inode when both have them, else the resolved path",
  permissions: "none",
  fn: async (t) => {
    const cases: { name: string; a: FileIdentity; b: FileIdentity; same: boolean }[] = [
      {
        name: "one inode under two paths (a hard link)",
        a: { inode: { dev: 1, ino: 9 }, path: "/d/data.json" },
        b: { inode: { dev: 1, ino: 9 }, path: "/d/hard.json" },
        same: true,
      },
      {
        name: "one inode number on two devices",
        a: { inode: { dev: 1, ino: 9 }, path: "/a" },
        b: { inode: { dev: 2, ino: 9 }, path: "/b" },
        same: false,
      },
      { name: "one path, no inode", a: { path: "/d/y" }, b: { path: "/d/y" }, same: true },
      {
        name: "one path, one side without an inode (it may not be looked at)",
        a: { inode: { dev: 1, ino: 9 }, path: "/d/y" },
        b: { path: "/d/y" },
        same: true,
      },
      { name: "two paths, no inode", a: { path: "/d/y" }, b: { path: "/d/z" }, same: false },
    ];
    for (const c of cases) {
      await t.step(c.name, () => {
        assert.equal(sameFile(c.a, c.b), c.same);
        assert.equal(sameFile(c.b, c.a), c.same);
      });
    }
  },
});

Deno.test({
  name: "sameFileClash: each output against every input, then the outputs before it",
  permissions: "none",
  fn: () => {
    const files = [
      input("-config", "assess.yaml"),
      input("the dataset", "data.json"),
      output("-out", "split.json"),
      output("-train", "t.jsonl"),
    ];
    const id = (path: string): FileIdentity => ({ path });
    assert.equal(sameFileClash(files, files.map((f) => id(f.path))), null);
    // -train is the dataset.
    assert.deepEqual(
      sameFileClash(files, [id("c"), id("d"), id("s"), id("d")]),
      { output: files[3], other: files[1] },
    );
    // -train is -out.
    assert.deepEqual(
      sameFileClash(files, [id("c"), id("d"), id("s"), id("s")]),
      { output: files[3], other: files[2] },
    );
    // Two inputs that are one file are no clash (an input may be read twice).
    assert.equal(sameFileClash(files, [id("c"), id("c"), id("s"), id("t")]), null);
    assert.throws(() => sameFileClash(files, []), RangeError);
  },
});

Deno.test({
  name: "sameFileError: one line naming both files and why, exit 64",
  permissions: "none",
  fn: () => {
    const e = sameFileError("report", output("-out", "./r.jsonl"), input("-in", "r.jsonl"));
    assert(e instanceof UsageError);
    assert.equal(
      e.message,
      "assess report: -out ./r.jsonl is the same file as -in r.jsonl: an output must not " +
        "overwrite an input",
    );
    assert.equal(
      sameFileError("split", output("-train", "/w/y.json"), output("-out", "./y.json")).message,
      "assess split: -train /w/y.json is the same file as -out ./y.json: two outputs must not " +
        "be one file",
    );
  },
});

Deno.test({
  name: "refuseSameFile: identities from the Io; without them, paths as spelled, normalized",
  permissions: "none",
  fn: async (t) => {
    await t.step("the Io's identities decide, not the spelling", async () => {
      const data: FileIdentity = { inode: { dev: 1, ino: 5 }, path: "/w/data.json" };
      const io = identityIo(new Map([["data.json", data], ["link.json", data]]));
      await assert.rejects(
        refuseSameFile(
          "split",
          [input("the dataset", "data.json"), output("-out", "link.json")],
          io,
        ),
        new UsageError(
          "assess split: -out link.json is the same file as the dataset data.json: an output " +
            "must not overwrite an input",
        ),
      );
      await refuseSameFile("split", [input("the dataset", "data.json"), output("-out", "s")], io);
    });
    await t.step("without fileIdentity: ./x, a/../x and x//. are x", async () => {
      const io = identityIo();
      for (const spelling of ["./x", "a/../x", ".//x", "x/"]) {
        await assert.rejects(
          refuseSameFile("report", [input("-in", "x"), output("-out", spelling)], io),
          UsageError,
          spelling,
        );
      }
      await refuseSameFile("report", [input("-in", "x"), output("-out", "../x")], io);
      await refuseSameFile("report", [input("-in", "x"), output("-out", "y")], io);
    });
    await t.step("no output: nothing is looked up", async () => {
      const io = identityIo();
      const looked = { ...io, fileIdentity: () => Promise.reject(new Error("looked up")) };
      await refuseSameFile("leak", [input("-in", "x"), input("-split", "x")], looked);
    });
  },
});

Deno.test("denoFileIdentity: a hard link, a symbolic link, ./ and an absolute path are one file; a file not there yet is its folder's real path and its name", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "assess_same_file_" }));
  try {
    await Deno.mkdir(`${dir}/sub`);
    await Deno.writeTextFile(`${dir}/data.json`, "[]");
    await Deno.link(`${dir}/data.json`, `${dir}/hard.json`);
    await Deno.symlink(`${dir}/data.json`, `${dir}/sub/link.json`);
    await Deno.symlink(dir, `${dir}/dirlink`);
    const data = await denoFileIdentity(`${dir}/data.json`);
    assert.notEqual(data.inode, undefined);
    for (
      const spelling of [
        `${dir}/hard.json`,
        `${dir}/sub/link.json`,
        `${dir}/sub/../data.json`,
        `${dir}//./data.json`,
        `${dir}/dirlink/data.json`,
      ]
    ) {
      assert(sameFile(data, await denoFileIdentity(spelling)), spelling);
    }
    const other = await denoFileIdentity(`${dir}/sub`);
    assert(!sameFile(data, other));
    // Not there yet: the real folder and the name, however the folder is spelled.
    const fresh = await denoFileIdentity(`${dir}/dirlink/sub/../y.json`);
    assert.deepEqual(fresh, { path: `${dir}/y.json` });
    assert(sameFile(fresh, await denoFileIdentity(`${dir}/./y.json`)));
    assert(!sameFile(fresh, data));
    // A relative path is read from the working directory.
    const here = await denoFileIdentity("no-such-file.json");
    assert.equal(here.path, `${await Deno.realPath(".")}/no-such-file.json`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "denoFileIdentity never needs a permission it was not given: a path it may not read is its absolute path as spelled",
  permissions: { read: false },
  fn: async () => {
    // No read permission at all: nothing is stat'ed, nothing is prompted, nothing throws.
    const id = await denoFileIdentity("/etc/../etc/hostname");
    assert.deepEqual(id, { path: "/etc/hostname" });
    const relative = await denoFileIdentity("a/./b.json");
    assert.equal(relative.inode, undefined);
    assert.match(relative.path, /^\/.*\/a\/b\.json$/);
  },
});
