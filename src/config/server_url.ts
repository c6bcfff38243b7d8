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

const DEFAULT_PORT: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" };

/**
 * A server URL's host and port, the port always written (`vllm.example:443`), without the scheme,
 * the path or any credentials: what names a replica in records and messages, and what tells two
 * replicas apart.
 *
 * @param url A server URL.
 * @returns `host:port`.
 * @throws {TypeError} When the text is not a URL.
 *
 * @example
 * ```ts
 * import { hostAndPort } from "./server_url.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hostAndPort("http://127.0.0.1:8000/v1"), "127.0.0.1:8000");
 * assert.equal(hostAndPort("https://vllm.example/v1"), "vllm.example:443");
 * assert.equal(hostAndPort("http://[::1]:8001/v1"), "[::1]:8001");
 * ```
 */
export function hostAndPort(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || DEFAULT_PORT[parsed.protocol] || ""}`;
}

/** A refusal of one URL of a list: its index (`null` for the list as a whole) and the reason. */
export interface UrlListProblem {
  /** The URL's index in the list, or `null`. */
  readonly at: number | null;
  /** The reason, which never repeats a URL. */
  readonly problem: string;
}

/**
 * The reasons a list of replica URLs is refused: each URL by {@linkcode serverUrlProblems}, and a
 * URL with the same host and port as an earlier one (replicas are told apart by host and port).
 * Values that are not strings are left to the schema.
 *
 * @param urls The URLs as written.
 * @param insecure Whether `server.insecure` is true.
 * @returns The reasons, by index; none for a list that is accepted.
 *
 * @example
 * ```ts
 * import { serverUrlsProblems } from "./server_url.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   serverUrlsProblems(["http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/v1/"], false),
 *   [{ at: 1, problem: "must end in /v1, with nothing after it" }],
 * );
 * assert.deepEqual(
 *   serverUrlsProblems(["https://a.example/v1", "https://a.example:443/x/v1"], false),
 *   [{ at: 1, problem: "names the same host and port as the URL at index 0" }],
 * );
 * ```
 */
export function serverUrlsProblems(
  urls: readonly unknown[],
  insecure: boolean,
): UrlListProblem[] {
  const out: UrlListProblem[] = [];
  const seen = new Map<string, number>();
  urls.forEach((url, at) => {
    if (typeof url !== "string") return;
    const problems = serverUrlProblems(url, insecure);
    for (const problem of problems) out.push({ at, problem });
    if (problems.length > 0) return;
    const host = hostAndPort(url);
    const first = seen.get(host);
    if (first === undefined) seen.set(host, at);
    else out.push({ at, problem: `names the same host and port as the URL at index ${first}` });
  });
  return out;
}
