/**
 * The Deno flag to give when Deno refused a permission, asked of Deno itself
 * (`Deno.permissions.querySync`), so that a hint names exactly what is missing: the file a
 * symbolic link points to, the server's host and port, the environment variables.
 *
 * @module
 */

import { hostAndPort } from "../config/server_url.ts";
import { RunSetupError } from "../run/run_errors.ts";

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/**
 * The flag that lets assess open `path` for reading. Deno checks the file a symbolic link points
 * to when it opens the link (Hugging Face cache snapshots are links into its blobs folder), so
 * for a link the hint names the file it resolves to.
 *
 * @param path The file, as the user named it.
 * @returns Such as `give deno --allow-read=a.yaml`.
 *
 * @example
 * ```ts
 * import { readPermissionHint } from "./permission_hint.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(readPermissionHint("no/such/file.yaml"), "give deno --allow-read=no/such/file.yaml");
 * ```
 */
export function readPermissionHint(path: string): string {
  let target: string | null = null;
  try {
    target = Deno.realPathSync(path);
  } catch {
    // Not allowed to resolve it either, or not there: the path itself is what to allow.
  }
  if (target === null || granted({ name: "read", path: target })) {
    return `give deno --allow-read=${path}`;
  }
  const missing = granted({ name: "read", path }) ? [target] : [path, target];
  return `give deno --allow-read=${missing.join(",")}; ${path} leads to ${target} through a ` +
    "symbolic link, and Deno checks the file a link points to";
}

/** The server's `host:port` when Deno does not let assess reach it, else `null`. */
function deniedHost(url: string): string | null {
  // With its port always, the scheme's default one included: Deno allows `--allow-net=host:443`
  // for a query of `host:443` but not of `host`, which is how the URL itself names it.
  let host: string;
  try {
    host = hostAndPort(url);
  } catch {
    return null;
  }
  return granted({ name: "net", host }) ? null : host;
}

/**
 * The refusal of a run whose servers Deno would not let it reach, naming the flag (exit 64), or
 * `null` when every server's host and port is allowed. Asked before any request, so that it is
 * never taken for a server that does not answer ("cannot reach the server", or a replica left
 * out).
 *
 * @param urls The servers' base URLs.
 * @returns The refusal, or `null`.
 *
 * @example
 * ```ts
 * import { netRefusal } from "./permission_hint.ts";
 * import assert from "node:assert/strict";
 *
 * const refusal = netRefusal(["http://127.0.0.1:8000/v1"]);
 * assert(refusal === null || /--allow-net=127\.0\.0\.1:8000\)$/.test(refusal.message));
 * ```
 */
export function netRefusal(urls: readonly string[]): RunSetupError | null {
  const hosts = urls.map(deniedHost).filter((host) => host !== null);
  if (hosts.length === 0) return null;
  const which = hosts.length === 1 ? "the server" : "the servers";
  return new RunSetupError(
    `assess was not allowed to connect to ${which} (give deno --allow-net=${hosts.join(",")})`,
  );
}

/**
 * The refusal for an environment variable Deno did not let assess read, naming every variable of
 * `names` it does not allow and the flag that allows them all (a variable is never taken as unset
 * for want of a permission: a setting would be silently ignored).
 *
 * @param name The variable whose reading was refused.
 * @param names Every variable the verb reads, in the order the flag lists them.
 * @returns The error to throw (exit 64).
 *
 * @example
 * ```ts
 * import { envRefusal } from "./permission_hint.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(envRefusal("A", ["A", "B"]).message, /give deno --allow-env=A,B\)$/);
 * ```
 */
export function envRefusal(name: string, names: readonly string[]): RunSetupError {
  const missing = names.filter((variable) => !granted({ name: "env", variable }));
  if (!missing.includes(name)) missing.unshift(name);
  const which = missing.length === 1
    ? `the environment variable ${name}`
    : `the environment variables ${missing.join(", ")}`;
  return new RunSetupError(
    `assess was not allowed to read ${which} (give deno --allow-env=${names.join(",")})`,
  );
}
