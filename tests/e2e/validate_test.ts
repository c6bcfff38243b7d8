/**
 * `assess validate` as the real process, with exactly the permission the README gives: the
 * golden outputs of accepted and refused files, a file over 1 MiB, a device, a FIFO and a config
 * behind a symbolic link.
 */

import assert from "node:assert/strict";
import { REFUSAL_STDERR, WHOLE } from "../config/_fixtures.ts";
import { spawnCli } from "./_spawn.ts";

Deno.test("golden: deno run --allow-read=<the file> cli.ts validate", async (t) => {
  const testdata = new URL("../../reference/testdata/", import.meta.url).pathname;
  for (const name of ["whole.yaml", "shortest.yaml"]) {
    await t.step(`${name} is accepted: no output, exit 0`, async () => {
      const r = await spawnCli(testdata, [`--allow-read=${name}`], ["validate", "-config", name]);
      assert.deepEqual(r, { code: 0, out: "", err: "" });
    });
  }
  await t.step(
    "the page's refusal example, from assess.yaml in the working directory",
    async () => {
      const r = await spawnCli(`${testdata}refusal`, ["--allow-read=assess.yaml"], ["validate"]);
      assert.deepEqual(r, { code: 64, out: "", err: REFUSAL_STDERR });
    },
  );
  await t.step("a missing file", async () => {
    const r = await spawnCli(testdata, ["--allow-read=missing.yaml"], [
      "validate",
      "-config=missing.yaml",
    ]);
    assert.deepEqual(r, {
      code: 64,
      out: "",
      err:
        "missing.yaml cannot be read: there is no such file (-config names it; see assess help)\n",
    });
  });
  await t.step("a directory", async () => {
    const r = await spawnCli(testdata, ["--allow-read=refusal"], [
      "validate",
      "-config",
      "refusal",
    ]);
    assert.deepEqual(r, {
      code: 64,
      out: "",
      err: "refusal cannot be read: it is a directory, not a file\n",
    });
  });
});

Deno.test("golden: a file over 1 MiB is not read whole", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "assess-validate-" });
  try {
    await t.step("1 MiB is read; 1 byte more is refused", async () => {
      const exact = WHOLE + "#" + "x".repeat(1_048_576 - WHOLE.length - 2) + "\n";
      await Deno.writeTextFile(`${dir}/exact.yaml`, exact);
      await Deno.writeTextFile(`${dir}/over.yaml`, exact + "\n");
      const ok = await spawnCli(dir, ["--allow-read=exact.yaml"], [
        "validate",
        "-config",
        "exact.yaml",
      ]);
      assert.deepEqual(ok, { code: 0, out: "", err: "" });
      const over = await spawnCli(dir, ["--allow-read=over.yaml"], [
        "validate",
        "-config",
        "over.yaml",
      ]);
      assert.deepEqual(over, {
        code: 64,
        out: "",
        err:
          "over.yaml refused:\n  the file is over 1 MiB (1048576 bytes), the most that is read\n",
      });
    });
    await t.step("a device is refused, not read forever", async () => {
      const r = await spawnCli(dir, ["--allow-read=/dev/zero"], [
        "validate",
        "-config",
        "/dev/zero",
      ]);
      assert.deepEqual(r, {
        code: 64,
        out: "",
        err: "/dev/zero cannot be read: it is a character device, not a regular file (assess " +
          "reads only regular files, or links to one)\n",
      });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "golden: a FIFO as -config is refused at once (64), never waited on",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "assess-validate-" });
    try {
      assert((await new Deno.Command("mkfifo", { args: [`${dir}/assess.yaml`] }).output()).success);
      const r = await spawnCli(dir, ["--allow-read=assess.yaml"], ["validate"]);
      assert.deepEqual(r, {
        code: 64,
        out: "",
        err: "assess.yaml cannot be read: it is a FIFO, not a regular file (assess reads only " +
          "regular files, or links to one)\n",
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "golden: a config behind a symbolic link: the hint names the file it points to",
  ignore: Deno.build.os === "windows",
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "assess-validate-" });
    try {
      // As in a Hugging Face cache: snapshots/<rev>/file -> ../../blobs/<hash>.
      await Deno.mkdir(`${dir}/blobs`);
      await Deno.mkdir(`${dir}/snapshots/rev`, { recursive: true });
      await Deno.writeTextFile(`${dir}/blobs/abc123`, WHOLE);
      await Deno.symlink("../../blobs/abc123", `${dir}/snapshots/rev/assess.yaml`);
      const link = "snapshots/rev/assess.yaml";
      const target = await Deno.realPath(`${dir}/blobs/abc123`);
      const refused = await spawnCli(dir, [`--allow-read=${link}`], ["validate", "-config", link]);
      assert.deepEqual(refused, {
        code: 64,
        out: "",
        err: `${link} cannot be read: assess was not allowed to read it (give deno ` +
          `--allow-read=${target}; ${link} leads to ${target} through a symbolic link, and ` +
          "Deno checks the file a link points to)\n",
      });
      // And with what the hint says, it is read.
      const read = await spawnCli(dir, [`--allow-read=${link},${target}`], [
        "validate",
        "-config",
        link,
      ]);
      assert.deepEqual(read, { code: 0, out: "", err: "" });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
