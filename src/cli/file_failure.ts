/**
 * Why a file could not be read or written, in plain words, with the permission to give when Deno
 * refused it. One place for every verb, so that the same failure reads the same everywhere.
 *
 * @module
 */

import { FileTooLargeError, NotRegularFileError } from "./io.ts";
import { readPermissionHint } from "./permission_hint.ts";

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "";
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a file could not be read.
 *
 * @param error What reading threw.
 * @param path The file, for the permission to give.
 * @returns The reason, such as `there is no such file`.
 *
 * @example
 * ```ts
 * import { readFailure } from "./file_failure.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(readFailure(new Deno.errors.NotFound("x"), "a.yaml"), "there is no such file");
 * assert.equal(
 *   readFailure(new Deno.errors.NotCapable("x"), "a.yaml"),
 *   "assess was not allowed to read it (give deno --allow-read=a.yaml)",
 * );
 * ```
 */
export function readFailure(error: unknown, path: string): string {
  if (error instanceof NotRegularFileError) {
    return `it is ${error.kind}, not a regular file (assess reads only regular files, or links to one)`;
  }
  if (error instanceof FileTooLargeError) {
    return `it is ${error.size} bytes, over the ${error.limit} bytes that are read`;
  }
  switch (errorName(error)) {
    case "NotFound":
      return "there is no such file";
    case "IsADirectory":
      return "it is a directory, not a file";
    case "NotCapable":
      return `assess was not allowed to read it (${readPermissionHint(path)})`;
    case "PermissionDenied":
      return "permission denied";
    default:
      return errorMessage(error);
  }
}

/**
 * Why a file could not be written (whole, through a temporary file in its folder and a rename).
 *
 * @param error What writing threw.
 * @returns The reason, such as `its folder does not exist`.
 *
 * @example
 * ```ts
 * import { writeFailure } from "./file_failure.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(writeFailure(new Deno.errors.NotFound("x")), "its folder does not exist");
 * ```
 */
export function writeFailure(error: unknown): string {
  if (error instanceof NotRegularFileError) {
    return `it is ${error.kind}, not a regular file (assess replaces only regular files)`;
  }
  switch (errorName(error)) {
    case "NotFound":
      return "its folder does not exist";
    case "IsADirectory":
      return "it is a directory";
    case "NotCapable":
      return "assess was not allowed to (give deno --allow-read and --allow-write for its folder)";
    case "PermissionDenied":
      return "permission denied";
    default:
      return errorMessage(error);
  }
}

/**
 * Whether an error is the file system's or Deno's refusal (what {@linkcode readFailure} and
 * {@linkcode writeFailure} put in words), not a bug: one of `Deno.errors`, a file that is not a
 * regular one or is too large, or an error of the operating system that Deno gives no class of its
 * own (its message ends with `(os error N)`, such as a full disk).
 *
 * @param error What reading or writing threw.
 * @returns Whether it is a file failure.
 *
 * @example
 * ```ts
 * import { isFileFailure } from "./file_failure.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isFileFailure(new Deno.errors.PermissionDenied("x")), true);
 * assert.equal(isFileFailure(new Error("No space left on device (os error 28)")), true);
 * assert.equal(isFileFailure(new TypeError("x is undefined")), false);
 * ```
 */
export function isFileFailure(error: unknown): boolean {
  return error instanceof NotRegularFileError || error instanceof FileTooLargeError ||
    Object.values(Deno.errors).some((type) => error instanceof type) ||
    (errorName(error) === "Error" && /\(os error \d+\)$/.test(errorMessage(error)));
}
