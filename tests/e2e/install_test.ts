/**
 * The `assess` command as the README installs it from a clone: `deno install` into a folder of its
 * own, then `assess version` and `assess validate` through the installed command.
 */

import assert from "node:assert/strict";
import { dirname } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

/** The README's `deno install` line for a clone, as written there. */
async function readmeInstallLine(): Promise<string[]> {
  const readme = await Deno.readTextFile(`${root}README.md`);
  const line = readme.split("\n").find((l) =>
    l.startsWith("deno install ") && l.endsWith("cli.ts")
  );
  assert(line !== undefined, "README.md gives no `deno install … ./cli.ts` line");
  return line.split(" ").slice(1);
}

Deno.test("the README's deno install line gives an assess command that runs verbs", async () => {
  const args = await readmeInstallLine();
  const home = await Deno.makeTempDir();
  try {
    // `-g` installs into DENO_INSTALL_ROOT/bin: a temporary folder, not the user's.
    const env = { DENO_INSTALL_ROOT: home, NO_COLOR: "1" };
    const installed = await new Deno.Command(Deno.execPath(), {
      args,
      cwd: root,
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(installed.code, 0, new TextDecoder().decode(installed.stderr));
    // The installed command runs `deno`: the one running these tests.
    const path = `${dirname(Deno.execPath())}:${Deno.env.get("PATH") ?? ""}`;
    const assess = async (...verb: string[]) => {
      const out = await new Deno.Command(`${home}/bin/assess`, {
        args: verb,
        cwd: root,
        env: { PATH: path, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = (b: Uint8Array) => new TextDecoder().decode(b);
      return { code: out.code, out: text(out.stdout), err: text(out.stderr) };
    };
    assert.deepEqual(await assess("version"), { code: 0, out: "assess 0.1.0\n", err: "" });
    assert.deepEqual(
      await assess("validate", "-config", "reference/testdata/assess.yaml"),
      { code: 0, out: "", err: "" },
    );
    const refused = await assess("validate", "-config", "reference/testdata/refusal/assess.yaml");
    assert.equal(refused.code, 64);
    assert.match(refused.err, /refused:\n/);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
