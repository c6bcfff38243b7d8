import assert from "node:assert/strict";
import { validateConfig } from "../../src/config/validate.ts";
import { configDigest, headerChanges } from "../../src/run/header.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { HEADER } from "../results/_header.ts";

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
  assert.equal(changed.length, 4);
  assert.match(changed[0]!, /^the dataset: sha256 a{64} in the file, f{64} now$/);
  assert.match(changed[1]!, /^the split: seed "s" size 2 in the file, seed "s" size 3 now$/);
  assert.equal(changed[2], `the scorer's version: "1" in the file, "2" now`);
  assert.match(changed[3]!, /^sampling: /);
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
