import assert from "node:assert/strict";
import { isFileFailure, readFailure, writeFailure } from "../../src/cli/file_failure.ts";
import { FileTooLargeError, NotRegularFileError } from "../../src/cli/io.ts";

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

Deno.test("isFileFailure knows the file system's and Deno's errors, and nothing else", () => {
  const failures: unknown[] = [
    new Deno.errors.NotFound("x"),
    new Deno.errors.NotCapable("x"),
    new Deno.errors.PermissionDenied("x"),
    new NotRegularFileError("p", "a FIFO"),
    new FileTooLargeError("p", 10, 5),
    new Error("No space left on device (os error 28)"),
  ];
  for (const error of failures) assert.equal(isFileFailure(error), true, String(error));
  const bugs: unknown[] = [
    new TypeError("Cannot read properties of undefined"),
    new RangeError("Invalid array length"),
    new Error("disk on fire"),
    "a string",
  ];
  for (const error of bugs) assert.equal(isFileFailure(error), false, String(error));
});
