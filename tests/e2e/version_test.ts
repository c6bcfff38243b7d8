import assert from "node:assert/strict";

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
