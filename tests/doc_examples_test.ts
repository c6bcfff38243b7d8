/**
 * The public API's examples, as a JSR user meets them: each imports only the package's entry
 * points (and runtime or npm modules), never a file of the repository a user cannot import.
 */

import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);
const ENTRY_POINTS = ["mod.ts", "src/results/mod.ts", "src/report/mod.ts", "cli.ts"];

/** Every `@example` block of every symbol the entry points export, with the symbol's name. */
async function publicExamples(): Promise<{ name: string; code: string }[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...ENTRY_POINTS],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const examples: { name: string; code: string }[] = [];
  const walk = (node: unknown, name: string): void => {
    if (Array.isArray(node)) return node.forEach((x) => walk(x, name));
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    const own = typeof record.name === "string" ? record.name : name;
    const tags = (record.jsDoc as { tags?: { kind: string; doc?: string }[] } | undefined)?.tags;
    for (const tag of tags ?? []) {
      if (tag.kind === "example") examples.push({ name: own, code: tag.doc ?? "" });
    }
    for (const value of Object.values(record)) walk(value, own);
  };
  walk(JSON.parse(new TextDecoder().decode(out.stdout)), "");
  return examples;
}

Deno.test({
  name: "no public example imports a path of the repository: only entry points, node: and npm",
  fn: async () => {
    const examples = await publicExamples();
    assert.ok(examples.length > 15, `only ${examples.length} examples found`);
    const wrong: string[] = [];
    for (const { name, code } of examples) {
      for (const [, spec] of code.matchAll(/from\s+"([^"]+)"/g)) {
        const allowed = spec!.startsWith("@assess/assess") || spec!.startsWith("node:") ||
          /^[a-z@][\w@/.-]*$/.test(spec!);
        if (!allowed || spec!.startsWith(".")) wrong.push(`${name}: ${spec}`);
      }
    }
    assert.deepEqual([...new Set(wrong)], []);
  },
});
