import assert from "node:assert/strict";
import { recordedVersion, versionLine } from "../../src/cli/verb_version.ts";

const root = new URL("../../", import.meta.url);

Deno.test("assess version prints the version deno.json records, with no permission", async () => {
  const { version } = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", new URL("cli.ts", root).pathname, "version"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(new TextDecoder().decode(stderr), "");
  assert.equal(new TextDecoder().decode(stdout), `assess ${version}\n`);
  assert.equal(code, 0);
});

Deno.test("a build that recorded no version prints assess unknown", () => {
  for (const manifest of [{}, { version: "" }, { version: 1 }, { version: null }]) {
    assert.equal(versionLine(recordedVersion(manifest)), "assess unknown");
  }
  assert.equal(versionLine(recordedVersion({ version: "0.1.0" })), "assess 0.1.0");
});
