import assert from "node:assert/strict";
import { CONFIG_CHECK, generateCheck } from "../support/generate_schema_checks.ts";

const SCHEMA_PATH = CONFIG_CHECK.schema;

const root = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, root));

Deno.test("the committed validator is the one the schema gives", async () => {
  const schema = JSON.parse(await read(SCHEMA_PATH));
  assert.equal(
    await read(CONFIG_CHECK.path),
    generateCheck(schema, CONFIG_CHECK),
    `${CONFIG_CHECK.path} is stale: run deno task schema`,
  );
});

Deno.test("the schema: draft 2020-12, an $id, a description on every property", async () => {
  const schema = JSON.parse(await read(SCHEMA_PATH));
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.match(schema.$id, /^https:\/\/.+\/assess\.schema\.json$/);
  const missing: string[] = [];
  const walk = (node: Record<string, unknown>, path: string) => {
    if (typeof node.description !== "string" || node.description === "") missing.push(path);
    const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [key, child] of Object.entries(properties)) {
      walk(child, path ? `${path}.${key}` : key);
    }
    if (node.items) walk(node.items as Record<string, unknown>, `${path}[]`);
  };
  walk(schema, "");
  assert.deepEqual(missing, []);
});

Deno.test("the schema's descriptions list the rules checked after it", async () => {
  const schema = JSON.parse(await read(SCHEMA_PATH));
  const p = schema.properties;
  assert.match(schema.description, /'\$\{' anywhere/);
  assert.match(schema.description, /second YAML document/);
  assert.match(schema.description, /2147483647 except sampling\.seed/);
  assert.match(p.server.properties.url.description, /never repeats the URL/);
  assert.match(p.split.properties.seed.description, /as a number/);
  assert.match(p.scorer.properties.name.description, /nothing registered/);
  assert.match(p.models.properties.adapters.description, /named twice/);
  assert.match(
    p.sampling.properties.seed.description,
    /-9223372036854775808 to 9223372036854775807/,
  );
  assert.match(p.sampling.properties.maxTokens.description, /2048 when thinking\.mode is on/);
  assert.match(p.serving.properties.probe.description, /not-required/);
});
