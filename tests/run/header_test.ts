import assert from "node:assert/strict";
import { validateConfig } from "../../src/config/validate.ts";
import {
  CONFIG_KEYS_RECORDED,
  configChanges,
  configDigest,
  DIGESTED,
  headerChanges,
  makeHeader,
  NOT_DIGESTED,
} from "../../src/run/header.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { HEADER, HEADER_FACTS } from "../results/_header.ts";

Deno.test("the same run has no changes; server, time and version may differ", () => {
  assert.deepEqual(headerChanges(HEADER, HEADER), []);
  assert.deepEqual(
    headerChanges(HEADER, {
      ...HEADER,
      startedAt: "2027-01-01T00:00:00.000Z",
      assessVersion: "0.2.0",
      server: { url: "https://elsewhere/v1", models: ["base", "x"] },
    }),
    [],
  );
});

Deno.test("each change that decides replies or verdicts is named", () => {
  const changed = headerChanges(HEADER, {
    ...HEADER,
    dataset: { ...HEADER.dataset, sha256: "f".repeat(64) },
    split: { ...HEADER.split, size: 3 },
    scorer: { ...HEADER.scorer, version: "2" },
    sampling: { ...HEADER.sampling, seed: "2" },
  });
  assert.deepEqual(changed, [
    `dataset.sha256: "${"a".repeat(64)}" in the file, "${"f".repeat(64)}" now`,
    "split.size: 2 in the file, 3 now",
    'sampling.seed: "1" in the file, "2" now',
    `the scorer's version: "1" in the file, "2" now`,
  ]);
  assert.deepEqual(headerChanges(HEADER, { ...HEADER, configDigest: "0" }), [
    "the configuration (its digest differs)",
  ]);
  assert.deepEqual(headerChanges(HEADER, { ...HEADER, split: { ...HEADER.split, digest: "x" } }), [
    `the split: its items are not the same (digest ${"b".repeat(64)} in the file)`,
  ]);
});

Deno.test("the configuration's digest is stable: files already written carry it", async () => {
  // The digest hashes a JSON text, so the order of its members is part of it.
  const config = validateConfig(await Deno.readTextFile("reference/testdata/whole.yaml"), {
    lookupScorer,
  }).config!;
  assert.equal(
    configDigest(config),
    "7f855b209a58ec955dc45447e4999db736e7a97916eb0ea5fbbbc80d9598fdd2",
  );
});

/** A probe of each form, for a file that sets every key. */
const PROBES =
  'probes: [irrelevance, {distractors: 4}, shuffled-tools, {system: ["Be brief.", null]}]\n';

/** Every leaf key of the configuration's schema, `[]` for a list's elements. */
function schemaKeys(node: Record<string, unknown>, path = ""): string[] {
  const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties !== undefined) {
    return Object.entries(properties).flatMap(([key, child]) =>
      schemaKeys(child, path === "" ? key : `${path}.${key}`)
    );
  }
  if (node.items !== undefined) {
    return schemaKeys(node.items as Record<string, unknown>, `${path}[]`);
  }
  return [path];
}

/** A configuration with one key's value changed (every element's, for a list). */
function changed(value: unknown, keys: readonly string[]): unknown {
  if (keys.length === 0) {
    if (typeof value === "string") {
      return value === "any"
        ? "strict"
        : value === "off"
        ? "on"
        : value === "required"
        ? "asserted"
        : value === "xlam-function-calling"
        ? "other"
        : `${value}-x`;
    }
    if (typeof value === "bigint") return value + 1n;
    if (typeof value === "number") return value === 1 ? 0.5 : value + 1;
    if (typeof value === "boolean") return !value;
    if (value === undefined || value === null) return "set";
    // A probe of two forms: each member (each prompt of a list) changed.
    if (Array.isArray(value)) return value.map((e) => changed(e, []));
    if (typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, changed(v, [])]));
    }
    throw new Error(`cannot change ${String(value)}`);
  }
  const [key, ...rest] = keys;
  if (key!.endsWith("[]")) {
    const name = key!.slice(0, -2);
    const list = (value as Record<string, unknown[] | undefined>)[name];
    // A list the file leaves out (server.urls, exclusive with server.url) is set to one element.
    if (list === undefined) return { ...(value as object), [name]: [changed(undefined, rest)] };
    return { ...(value as object), [name]: list.map((e) => changed(e, rest)) };
  }
  const record = value as Record<string, unknown>;
  return { ...record, [key!]: changed(record[key!], rest) };
}

Deno.test("every key of assess.yaml is in the digest, or left out of it with a reason, and configDigest does as listed", async () => {
  const schema = JSON.parse(await Deno.readTextFile("schema/assess.schema.json"));
  const keys = schemaKeys(schema).sort();
  assert.deepEqual([...DIGESTED, ...Object.keys(NOT_DIGESTED)].sort(), keys);
  for (const reason of Object.values(NOT_DIGESTED)) assert.match(reason, /^[a-z].{20,}[^.]$/);
  // The whole file, every key set, with two adapters that have paths and a probe of each form.
  const text = (await Deno.readTextFile("reference/testdata/whole.yaml"))
    .replace(/^(\s+- name: tuned-a)$/m, "$1\n      path: /adapters/a") + PROBES;
  const { config, issues } = validateConfig(text, { lookupScorer });
  assert.deepEqual(issues, []);
  const digest = configDigest(config!);
  for (const key of keys) {
    const parts = key.split(".");
    const other = changed(config, parts) as NonNullable<typeof config>;
    if (DIGESTED.includes(key)) {
      assert.notEqual(configDigest(other), digest, `${key} is listed as digested, but is not`);
    } else {
      assert.equal(configDigest(other), digest, `${key} is listed as left out, but is digested`);
    }
  }
});

Deno.test("a sweep's steps and confirmation items are in the header (and the digest), only for a sweep", async () => {
  const config = validateConfig(await Deno.readTextFile("reference/testdata/whole.yaml"), {
    lookupScorer,
  }).config!;
  const plain = makeHeader(config, HEADER_FACTS);
  assert.equal("steps" in plain.models, false);
  assert.equal("confirm" in plain.split, false);
  const [a, b] = config.models.adapters;
  const sweep = {
    ...config,
    split: { ...config.split, confirm: 0.5 },
    models: { ...config.models, adapters: [{ ...a!, step: 500 }, b!] },
  };
  const header = makeHeader(sweep, { ...HEADER_FACTS, confirmItems: [3, 9] });
  assert.deepEqual(header.models.steps, [500, null]);
  assert.deepEqual(header.split.confirm, { share: 0.5, items: [3, 9] });
  assert.notEqual(configDigest(sweep), configDigest(config));
  const stepOnly = { ...sweep, split: config.split };
  assert.notEqual(configDigest(stepOnly), configDigest(config));
  assert.notEqual(configDigest(stepOnly), configDigest(sweep));
  assert.deepEqual(headerChanges(plain, header), [
    "split.confirm: null in the file, 0.5 now",
    "models.adapters[].step: null in the file, [500,null] now",
  ]);
});

Deno.test("configChanges names each recorded key of the configuration that is not the run's; the rest may differ", async () => {
  const text = (await Deno.readTextFile("reference/testdata/whole.yaml"))
    .replace(/^(\s+- name: tuned-a)$/m, "$1\n      path: /adapters/a") + PROBES;
  const config = validateConfig(text, { lookupScorer }).config!;
  const header = makeHeader(config, HEADER_FACTS);
  assert.deepEqual(configChanges(header, config), []);
  const keys = schemaKeys(JSON.parse(await Deno.readTextFile("schema/assess.schema.json")));
  // Every key the digest holds is compared, but version (only 1 is accepted) and dataset.kind
  // (the dataset's SHA-256 and the split's digest pin what it reads).
  assert.deepEqual(
    [...CONFIG_KEYS_RECORDED].sort(),
    DIGESTED.filter((k) => k !== "version" && k !== "dataset.kind").sort(),
  );
  for (const key of keys) {
    if (key === "version" || key === "dataset.kind") continue;
    const other = changed(config, key.split(".")) as NonNullable<typeof config>;
    const found = configChanges(header, other).map((c) => c.key);
    if (DIGESTED.includes(key)) assert.deepEqual(found, [key], key);
    else assert.deepEqual(found, [], `${key} may differ`);
  }
  const baseline = configChanges(header, {
    ...config,
    models: { ...config.models, baseline: "other" },
    sampling: { ...config.sampling, temperature: 0.7 },
    prompt: { system: "x".repeat(100) },
  });
  assert.deepEqual(baseline, [
    {
      key: "prompt.system",
      given: `"${"x".repeat(78)}…`,
      run: JSON.stringify(config.prompt.system),
    },
    { key: "models.baseline", given: '"other"', run: '"base"' },
    { key: "sampling.temperature", given: "0.7", run: String(config.sampling.temperature) },
  ]);
});

Deno.test("probes are in the digest and the header only when there are some, as the file writes them", async () => {
  const config = validateConfig(await Deno.readTextFile("reference/testdata/whole.yaml"), {
    lookupScorer,
  }).config!;
  assert.equal("probes" in makeHeader(config, HEADER_FACTS), false);
  const probed = { ...config, probes: ["irrelevance" as const, { distractors: 4 }] };
  assert.deepEqual(makeHeader(probed, HEADER_FACTS).probes, ["irrelevance", { distractors: 4 }]);
  assert.notEqual(configDigest(probed), configDigest(config));
  // Another order asks the same items under other names only for system; the list is compared as
  // written all the same.
  const reordered = { ...config, probes: [{ distractors: 4 }, "irrelevance" as const] };
  assert.notEqual(configDigest(reordered), configDigest(probed));
  assert.deepEqual(
    headerChanges(makeHeader(config, HEADER_FACTS), makeHeader(probed, HEADER_FACTS)),
    [
      'probes[]: [] in the file, ["irrelevance",{"distractors":4}] now',
    ],
  );
});
