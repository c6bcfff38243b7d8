/**
 * The layering of `src/`, held: ARCHITECTURE.md's dependency table is the law, read from that page
 * itself, and checked against the real module graph (`deno info --json`, which sees type-only and
 * dynamic imports as Deno resolves them, and no import written in a comment).
 *
 * - each folder imports only the folders its row of the table names;
 * - no import cycle between files;
 * - a file whose name starts with `_` is imported only from its own folder (a subfolder is a folder
 *   of its own here: `src/report/render/_tables.ts` is private to `src/report/render/`);
 * - the report's statistics (`src/report/stats/`) import nothing outside their folder;
 * - nothing in `src/` but `src/cli/` touches `Deno`;
 * - no file of `src/cli/` is over 250 lines (the shell wires and prints; decisions live below).
 */

import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const SRC = new URL("src/", ROOT);

/** ARCHITECTURE.md's table: each folder of `src/` and the folders it may import. */
async function law(): Promise<Map<string, Set<string> | "any">> {
  const page = await Deno.readTextFile(new URL("ARCHITECTURE.md", ROOT));
  const start = page.indexOf("| folder ");
  assert(start >= 0, "ARCHITECTURE.md has no dependency table (a row starting `| folder `)");
  const rows = page.slice(start).split("\n").filter((l) => l.startsWith("|")).slice(2);
  const table = new Map<string, Set<string> | "any">();
  for (const row of rows) {
    const [folder, may] = row.split("|").slice(1, 3).map((c) => c.trim());
    const name = /^`([a-z]+)`$/.exec(folder ?? "")?.[1];
    if (name === undefined) break;
    table.set(
      name,
      may === "any folder"
        ? "any"
        : new Set([...(may ?? "").matchAll(/`([a-z]+)`/g)].map((m) => m[1]!)),
    );
  }
  return table;
}

/** Every source file of `src/`, as a path from the repository's root. */
async function sources(dir = SRC, out: string[] = []): Promise<string[]> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) await sources(url, out);
    else if (/\.(ts|js)$/.test(entry.name)) out.push(url.pathname.slice(ROOT.pathname.length));
  }
  return out.sort();
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly how: "code" | "type" | "dynamic";
}

/** The imports between files of `src/`, as Deno resolves them. */
async function graph(files: readonly string[]): Promise<Edge[]> {
  const dir = await Deno.makeTempDir();
  try {
    const root = `${dir}/all.ts`;
    await Deno.writeTextFile(
      root,
      files.filter((f) => f.endsWith(".ts")).map((f) => `import "${new URL(f, ROOT)}";\n`).join(""),
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", root],
      cwd: ROOT.pathname,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
      modules: {
        specifier: string;
        dependencies?: {
          isDynamic?: boolean;
          code?: { specifier: string };
          type?: { specifier: string };
        }[];
      }[];
    };
    const local = (url: string | undefined) =>
      url?.startsWith(SRC.href) ? url.slice(ROOT.href.length) : undefined;
    const edges: Edge[] = [];
    for (const module of info.modules) {
      const from = local(module.specifier);
      if (from === undefined) continue;
      for (const dep of module.dependencies ?? []) {
        const code = local(dep.code?.specifier);
        const type = local(dep.type?.specifier);
        const how = dep.isDynamic ? "dynamic" : code !== undefined ? "code" : "type";
        for (const to of new Set([code, type])) if (to !== undefined) edges.push({ from, to, how });
      }
    }
    return edges;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const folderOf = (file: string) => file.split("/")[1]!;

const files = await sources();
const edges = await graph(files);

Deno.test("ARCHITECTURE.md's dependency table names every folder of src/", async () => {
  const table = await law();
  const folders = new Set(files.map(folderOf));
  assert.deepEqual([...table.keys()].sort(), [...folders].sort());
});

Deno.test("each folder imports only the folders ARCHITECTURE.md's table allows", async () => {
  const table = await law();
  const broken = edges
    .filter((e) => folderOf(e.from) !== folderOf(e.to))
    .filter((e) => {
      const may = table.get(folderOf(e.from));
      return may !== "any" && !may?.has(folderOf(e.to));
    })
    .map((e) => `${e.from} -> ${e.to} (${e.how})`);
  assert.deepEqual(broken, []);
});

Deno.test("the report's statistics (src/report/stats/) import nothing outside their folder", () => {
  // A library of their own, below the report's builder and renderers: the report's folder may
  // import them, never the other way round.
  const stats = "src/report/stats/";
  const outside = edges
    .filter((e) => e.from.startsWith(stats) && !e.to.startsWith(stats))
    .map((e) => `${e.from} -> ${e.to} (${e.how})`);
  assert.deepEqual(outside, []);
  assert(files.filter((f) => f.startsWith(stats)).length > 10, "the statistics' files are seen");
});

Deno.test("no import cycle between files (type-only and dynamic imports count)", () => {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === "open") cycles.push([...path.slice(path.indexOf(to)), to].join(" -> "));
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  assert.deepEqual(cycles, []);
});

Deno.test("a file whose name starts with _ is imported only from its own folder", () => {
  const outside = edges
    .filter((e) => e.to.split("/").at(-1)!.startsWith("_"))
    .filter((e) =>
      e.from.slice(0, e.from.lastIndexOf("/")) !== e.to.slice(0, e.to.lastIndexOf("/"))
    )
    .map((e) => `${e.from} -> ${e.to}`);
  assert.deepEqual(outside, []);
});

Deno.test("nothing in src/ but src/cli/ touches Deno", async () => {
  const touching: string[] = [];
  for (const file of files) {
    if (folderOf(file) === "cli" || !file.endsWith(".ts")) continue;
    const text = await Deno.readTextFile(new URL(file, ROOT));
    // Comments (the examples run under `deno test --doc`) aside.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    if (/\bDeno\./.test(code)) touching.push(file);
  }
  assert.deepEqual(touching, []);
});

Deno.test("the shell stays thin: no file of src/cli/ is over 250 lines", async () => {
  const long: string[] = [];
  for (const file of files) {
    if (folderOf(file) !== "cli") continue;
    const lines = (await Deno.readTextFile(new URL(file, ROOT))).split("\n").length - 1;
    if (lines > 250) long.push(`${file}: ${lines} lines`);
  }
  assert.deepEqual(long, []);
  assert(files.filter((f) => folderOf(f) === "cli").length > 10, "the shell's files are seen");
});

Deno.test("the architecture test sees the imports it checks", () => {
  // A check that saw no edges would pass whatever the code: these edges must be there.
  const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
  assert(has("src/run/session.ts", "src/results/records.ts"), "a type-only import");
  assert(has("src/cli/main.ts", "src/cli/verb_run.ts"), "a static import");
  assert(edges.some((e) => e.how === "dynamic"), "a dynamic import");
  assert(files.length > 60);
});
