import assert from "node:assert/strict";
import { validateConfig } from "../../src/config/validate.ts";
import { lookupScorer } from "../../src/score/registry.ts";

/** Every key of the schema with a `default`, and that default. */
function defaults(node: Record<string, unknown>, path = ""): [string, unknown][] {
  const own: [string, unknown][] = "default" in node ? [[path, node.default]] : [];
  const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
  return [
    ...own,
    ...Object.entries(properties).flatMap(([key, child]) =>
      defaults(child, path === "" ? key : `${path}.${key}`)
    ),
  ];
}

function at(value: unknown, path: string): unknown {
  return path.split(".").reduce((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
}

Deno.test("every default is written once, in the schema, and a file that leaves the key out gets it", async () => {
  const schema = JSON.parse(await Deno.readTextFile("schema/assess.schema.json"));
  const found = defaults(schema);
  // The defaults the configuration page documents, and no other.
  assert.deepEqual(found.map(([path]) => path).sort(), [
    "dataset.maxBytes",
    "decision",
    "decision.guard",
    "decision.margin",
    "models.adapters",
    "probes",
    "prompt",
    "prompt.system",
    "sampling.samples",
    "scorer.ordering",
    "server",
    "server.insecure",
    "serving.batchInvariant",
  ]);
  const text = await Deno.readTextFile("reference/testdata/shortest.yaml");
  const { config, issues } = validateConfig(text, { lookupScorer });
  assert.deepEqual(issues, []);
  for (const [path, value] of found) {
    assert.equal(text.includes(path.split(".").at(-1)!), false, `shortest.yaml sets ${path}`);
    if (typeof value === "object" && !Array.isArray(value)) continue; // the objects that hold them
    assert.deepEqual(at(config, path), value, path);
  }
});

Deno.test("the source has no default of its own for a key the schema defaults", async () => {
  // `?? "required"`, `?? "any"`, `?? false`, `?? []`, `?? ""` next to these keys would be a second
  // place for a default, which could drift from the schema's.
  for (const file of ["src/config/validate.ts", "src/config/_rules.ts"]) {
    const source = await Deno.readTextFile(file);
    for (const key of ["insecure", "ordering", "system", "adapters", "batchInvariant"]) {
      assert.doesNotMatch(source, new RegExp(`${key}\\)?\\s*\\?\\?`), `${file}: ${key}`);
    }
  }
});
