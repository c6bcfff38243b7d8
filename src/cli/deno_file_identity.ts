/**
 * What file a path names on the real file system, for the refusal of an output that is an input
 * (`src/cli/same_file.ts`).
 *
 * @module
 */

import { basename, dirname, resolve } from "node:path";
import type { FileIdentity } from "./io.ts";

/** Whether the process may read `path` already, asked without prompting. */
function mayRead(path: string): boolean {
  return Deno.permissions.querySync({ name: "read", path }).state === "granted";
}

/**
 * The identity of a path on the real file system: for a file that is there, its device and inode
 * and its real path; for one that is not, its folder's real path and its name; where a path may
 * not be read (the verb was not given `--allow-read` for it), its absolute path as spelled,
 * normalized. Only paths the process may read already are looked at (asked with
 * `Deno.permissions.querySync`, so a terminal is never prompted for a permission the verb was not
 * given).
 *
 * @param path The path, as given.
 * @returns Its identity. Never rejects for a file that is not there or may not be read.
 *
 * @example
 * ```ts
 * import { denoFileIdentity } from "./deno_file_identity.ts";
 * import assert from "node:assert/strict";
 *
 * const id = await denoFileIdentity("no/such/folder/../file.json");
 * assert.equal(id.inode, undefined);
 * assert.match(id.path, /\/no\/such\/file\.json$/);
 * ```
 */
export async function denoFileIdentity(path: string): Promise<FileIdentity> {
  const absolute = resolve(path);
  if (mayRead(path)) {
    try {
      const info = await Deno.stat(path);
      const real = await Deno.realPath(path).catch(() => absolute);
      return info.dev !== null && info.ino !== null
        ? { inode: { dev: info.dev, ino: info.ino }, path: real }
        : { path: real };
    } catch {
      // Not there (or a link to nothing): its folder says where it would be.
    }
  }
  const dir = dirname(absolute);
  if (mayRead(dir)) {
    try {
      return { path: resolve(await Deno.realPath(dir), basename(absolute)) };
    } catch {
      // The folder is not there either: the write will say so.
    }
  }
  return { path: absolute };
}
