import assert from "node:assert/strict";
import { readFailure, writeFailure } from "../../src/cli/file_failure.ts";

Deno.test("readFailure names the reason and, when Deno refused, the permission to give", () => {
  const cases: [unknown, string][] = [
    [new Deno.errors.NotFound("x"), "there is no such file"],
    [new Deno.errors.IsADirectory("x"), "it is a directory, not a file"],
    [
      new Deno.errors.NotCapable("x"),
      "assess was not allowed to read it (give deno --allow-read=data/x.json)",
    ],
    [new Deno.errors.PermissionDenied("x"), "permission denied"],
    [new Error("disk on fire"), "disk on fire"],
    ["a string", "a string"],
  ];
  for (const [error, reason] of cases) assert.equal(readFailure(error, "data/x.json"), reason);
});

Deno.test("writeFailure speaks of writing, never of reading", () => {
  assert.equal(writeFailure(new Deno.errors.NotFound("x")), "its folder does not exist");
  assert.match(writeFailure(new Deno.errors.NotCapable("x")), /--allow-write/);
  assert.equal(writeFailure(new Deno.errors.IsADirectory("x")), "it is a directory");
});
