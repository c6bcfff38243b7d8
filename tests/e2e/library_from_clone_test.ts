/**
 * The library used from a clone, as the README says: a program in a folder of its own imports the
 * clone's `mod.ts` by a relative path and runs with the README's `deno run --config …` line, or with
 * the clone's import map copied into its own `deno.json`. Without either, Deno stops at the first
 * npm package the library imports.
 */

import assert from "node:assert/strict";
import { relative } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

/** The README's `deno run --config path/to/assess/deno.json …` line for a clone, as written there. */
async function readmeRunLine(): Promise<string[]> {
  const readme = await Deno.readTextFile(`${root}README.md`);
  const line = readme.split("\n").find((l) =>
    l.startsWith("deno run --config path/to/assess/deno.json ")
  );
  assert(
    line !== undefined,
    "README.md gives no `deno run --config path/to/assess/deno.json` line",
  );
  return line.split(" ").slice(1);
}

/** A program that validates a configuration with the library (js-yaml reads it) and prints it. */
function program(clone: string): string {
  return `import { validateConfig } from "${clone}/mod.ts";

const text = "version: 1\\nmodels:\\n  baseline: base\\n";
const { issues } = validateConfig(text, { lookupScorer: () => undefined });
console.log(issues.map((i) => i.path + ": " + i.message).join("\\n"));
`;
}

/** `deno ARGS` in `cwd`: its exit code and output. */
async function deno(cwd: string, args: readonly string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, out: text(out.stdout), err: text(out.stderr) };
}

Deno.test("a program outside a clone imports its mod.ts as the README says", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess-user-" });
  const lock = await Deno.readFile(`${root}deno.lock`);
  try {
    // The clone as the program's folder sees it: "../…/assess".
    const clone = relative(dir, root).replace(/\/$/, "");
    assert.ok(clone.startsWith(".."), clone);
    await Deno.writeTextFile(`${dir}/main.ts`, program(clone));
    const expected = /missing property 'dataset'/;

    // Without the clone's import map: Deno's refusal, which the README explains.
    const bare = await deno(dir, ["run", "main.ts"]);
    assert.notEqual(bare.code, 0);
    assert.match(bare.err, /Import "[^"]+" not a dependency/);

    // The README's line, its path to the clone made this one's.
    const line = (await readmeRunLine()).map((a) =>
      a.replace("path/to/assess/", `${clone}/`).replace("your_program.ts", "main.ts")
    );
    const configured = await deno(dir, line);
    assert.equal(configured.code, 0, configured.err);
    assert.match(configured.out, expected);

    // Or the clone's imports in the program's own deno.json.
    const imports = JSON.parse(await Deno.readTextFile(`${root}deno.json`)).imports;
    await Deno.writeTextFile(`${dir}/deno.json`, JSON.stringify({ imports }));
    const own = await deno(dir, ["run", "main.ts"]);
    assert.equal(own.code, 0, own.err);
    assert.equal(own.out, configured.out);

    // The clone is left as it was.
    assert.deepEqual(await Deno.readFile(`${root}deno.lock`), lock);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
