/**
 * The public API stays narrow: every symbol the package's entry points export (`deno.json`'s
 * `exports`) is a semver promise, so they are counted, as `deno doc --json` lists them, and held
 * to {@linkcode MAX_PUBLIC_SYMBOLS}.
 *
 * The count: the top-level symbols of each entry point, a name exported by two entry points
 * counted once.
 */

import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

/** The most symbols the entry points may export between them. */
const MAX_PUBLIC_SYMBOLS = 60;

/** The entry points, from `deno.json`'s `exports`. */
async function entryPoints(): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root))) as {
    exports: Record<string, string>;
  };
  return Object.values(config.exports);
}

/** Each entry point's exported names, as `deno doc --json` lists them. */
async function publicNames(): Promise<Map<string, string[]>> {
  const entries = await entryPoints();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...entries],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const doc = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    version: number;
    nodes: Record<string, { symbols: { name: string }[] }>;
  };
  assert.equal(doc.version, 2, "deno doc --json's format is the one this test reads");
  const names = new Map<string, string[]>();
  for (const entry of entries) {
    const node = doc.nodes[new URL(entry, root).href];
    assert(node !== undefined, `deno doc --json lists no module for ${entry}`);
    names.set(entry, node.symbols.map((s) => s.name));
  }
  return names;
}

Deno.test(`the entry points export at most ${MAX_PUBLIC_SYMBOLS} symbols between them`, async () => {
  const names = await publicNames();
  const all = new Set([...names.values()].flat());
  const each = [...names].map(([entry, n]) => `${entry}: ${n.length}`).join(", ");
  assert(
    all.size <= MAX_PUBLIC_SYMBOLS,
    `${all.size} public symbols (${each}), more than ${MAX_PUBLIC_SYMBOLS}`,
  );
  // A count that saw nothing would pass whatever the API: the main exports are seen.
  for (const name of ["validateConfig", "takeSplit", "xlamToolCall", "readResults", "run"]) {
    assert(all.has(name), `${name} is not counted`);
  }
});
