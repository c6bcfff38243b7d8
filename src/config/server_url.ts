/**
 * The rules for a server URL: `server.url` in `assess.yaml` (checked by the config's validation)
 * and the URL `assess run` settles on from the file, the serve manifest or the environment. A
 * refusal never repeats the URL, which may hold a secret.
 *
 * @module
 */

const LOOPBACK: ReadonlySet<string> = new Set(["127.0.0.1", "[::1]", "localhost"]);
const SHAPE = /^(https?):\/\/([^/?#]*)([^?#]*)(.*)$/is;

/**
 * The reasons a server URL is refused, each on one line; none for a URL that is accepted.
 *
 * @param url The URL as written.
 * @param insecure Whether `server.insecure` is true.
 * @returns The reasons, none of which repeats the URL.
 *
 * @example
 * ```ts
 * import { serverUrlProblems } from "./server_url.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(serverUrlProblems("http://127.0.0.1:8000/v1", false), []);
 * assert.deepEqual(serverUrlProblems("https://vllm.example/v1?x=1", false), [
 *   "must hold no query",
 * ]);
 * ```
 */
export function serverUrlProblems(url: string, insecure: boolean): string[] {
  const shape = SHAPE.exec(url);
  if (!shape) return ["must be an http:// or https:// URL"];
  const scheme = shape[1]!.toLowerCase();
  const authority = shape[2]!;
  const path = shape[3]!;
  const rest = shape[4]!;
  const host = authority.slice(authority.lastIndexOf("@") + 1);
  if (host === "" || host.startsWith(":")) return ["must name a host"];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return ["is not a URL that can be read"];
  }
  const problems: string[] = [];
  if (authority.includes("@") || parsed.username !== "" || parsed.password !== "") {
    problems.push(
      "must hold no credentials: the API key is read from the VLLM_API_KEY environment variable",
    );
  }
  if (parsed.hostname === "") problems.push("must name a host");
  if (rest.startsWith("?")) problems.push("must hold no query");
  if (rest.includes("#")) problems.push("must hold no fragment");
  if (!path.endsWith("/v1") || !parsed.pathname.endsWith("/v1")) {
    problems.push("must end in /v1, with nothing after it");
  }
  if (scheme === "http" && !insecure && !LOOPBACK.has(parsed.hostname.toLowerCase())) {
    problems.push(
      "must use https://, or name 127.0.0.1, ::1 or localhost, unless server.insecure is true",
    );
  }
  return problems;
}
