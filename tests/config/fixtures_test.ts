import assert from "node:assert/strict";
import { SHORTEST, WHOLE } from "./_fixtures.ts";

Deno.test("the fixtures are reference/testdata's files", async () => {
  const root = new URL("../../reference/testdata/", import.meta.url);
  assert.equal(await Deno.readTextFile(new URL("whole.yaml", root)), WHOLE);
  assert.equal(await Deno.readTextFile(new URL("shortest.yaml", root)), SHORTEST);
});
