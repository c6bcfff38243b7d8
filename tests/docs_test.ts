/**
 * The project's pages stand alone: no page names a file outside the repository or a tool a user
 * does not have.
 */

import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

/** Every Markdown page of the repository, by its path from the root, golden outputs left out. */
async function pages(dir = "", out: string[] = []): Promise<string[]> {
  for await (const entry of Deno.readDir(new URL(dir || ".", root))) {
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory) {
      if (![".git", "node_modules", "dist", "bench-data", "tests/report/golden"].includes(path)) {
        await pages(path, out);
      }
    } else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out.sort();
}

/** What a user's copy of the project does not have. */
const OUTSIDE = [/\.\.\/shared\b/, /(^|[\s(`"'])\/work\//, /go\/launch/, /\bthe Go page\b/i];

Deno.test("no page names a path outside the repository, or a tool of the team's own", async () => {
  const found: string[] = [];
  const all = await pages();
  assert.ok(all.includes("README.md") && all.length > 10, `pages: ${all.join(", ")}`);
  for (const page of all) {
    const lines = (await Deno.readTextFile(new URL(page, root))).split("\n");
    lines.forEach((line, i) => {
      for (const pattern of OUTSIDE) {
        if (pattern.test(line)) found.push(`${page}:${i + 1}: ${line.trim().slice(0, 80)}`);
      }
    });
  }
  assert.deepEqual(found, []);
});
