/**
 * The API key as `assess run` handles it: checked before anything is sent (a key a header cannot
 * carry is refused without being shown), and kept out of every text that comes back from the
 * server (a gateway that echoes the `Authorization` header would otherwise put it in the results
 * file and on the terminal).
 *
 * @module
 */

import { RunSetupError } from "./run_errors.ts";
import { API_KEY_ENV } from "./server_settings.ts";

/** What replaces the API key wherever the server's text held it. */
export const API_KEY_MARKER = "[VLLM_API_KEY redacted]";

/**
 * Why a key cannot be sent as `Authorization: Bearer <key>`, or `null` when it can. A key must be
 * printable ASCII without spaces (U+0021 to U+007E): a header cannot carry a line break or any
 * other control character, a character outside ASCII has no single byte form, and spaces at either
 * end would be dropped from the header (a different key would be sent). The reason names what is
 * wrong and where, never the key.
 *
 * @param key The key, as the environment holds it.
 * @returns The reason, or `null`.
 *
 * @example
 * ```ts
 * import { apiKeyProblem } from "./api_key.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(apiKeyProblem("sk-abc123"), null);
 * assert.equal(
 *   apiKeyProblem("sk-abc\nsk-def"),
 *   "it holds a line break (character 7 of 13)",
 * );
 * ```
 */
export function apiKeyProblem(key: string): string | null {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c >= 0x21 && c <= 0x7e) continue;
    const what = c === 0x0a || c === 0x0d
      ? "a line break"
      : c === 0x20 || c === 0x09
      ? "a space or tab"
      : c < 0x20 || c === 0x7f
      ? "a control character"
      : "a character outside ASCII";
    return `it holds ${what} (character ${i + 1} of ${key.length})`;
  }
  return null;
}

/**
 * The key from the environment, checked before anything is sent: refused, without being shown,
 * when {@linkcode apiKeyProblem} finds a reason.
 *
 * @param key `VLLM_API_KEY`'s value, or `undefined` when it is unset (or empty).
 * @returns The key, or `undefined`.
 * @throws {RunSetupError} When the key cannot be sent (exit 64).
 *
 * @example
 * ```ts
 * import { checkApiKey } from "./api_key.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(checkApiKey("sk-abc"), "sk-abc");
 * assert.throws(() => checkApiKey("sk-abc\n"), /VLLM_API_KEY cannot be sent/);
 * ```
 */
export function checkApiKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  const problem = apiKeyProblem(key);
  if (problem === null) return key;
  throw new RunSetupError(
    `${API_KEY_ENV} cannot be sent as a bearer token: ${problem}; set it to the key alone ` +
      "(printable ASCII, no spaces or line breaks); the key is not shown",
  );
}

/**
 * A function that replaces every occurrence of the key in a text with
 * {@linkcode API_KEY_MARKER}: as written, and as JSON writes it inside a string at any depth
 * (each character may be a `\uXXXX` escape, `/` may be `\/`, a quote or backslash comes escaped),
 * so that the text JSON-decoded once or more does not hold it either. Without a key, texts are
 * returned as they are.
 *
 * @param key The API key (one {@linkcode apiKeyProblem} accepts), or `undefined`.
 * @returns The redacting function.
 *
 * @example
 * ```ts
 * import { API_KEY_MARKER, keyRedactor } from "./api_key.ts";
 * import assert from "node:assert/strict";
 *
 * const redact = keyRedactor("sk-abc");
 * assert.equal(redact("auth: Bearer sk-abc"), `auth: Bearer ${API_KEY_MARKER}`);
 * assert.equal(redact('{"h": "\\u0073k-abc"}'), `{"h": "${API_KEY_MARKER}"}`);
 * assert.equal(keyRedactor(undefined)("sk-abc"), "sk-abc");
 * ```
 */
export function keyRedactor(key: string | undefined): (text: string) => string {
  if (key === undefined || key === "") return unchanged;
  // One run has one key, and every exchange asks for its redactor: the pattern is compiled once.
  if (last?.key !== key) {
    const pattern = new RegExp([...key].map(charPattern).join(""), "g");
    last = { key, redact: (text) => text.replace(pattern, API_KEY_MARKER) };
  }
  return last.redact;
}

const unchanged = (text: string): string => text;
let last: { readonly key: string; readonly redact: (text: string) => string } | undefined;

/** The ways JSON may write one character of the key inside a string, at any depth. */
function charPattern(char: string): string {
  const code = char.charCodeAt(0);
  const hex = code.toString(16).padStart(4, "0");
  const escaped = `\\\\+u${
    [...hex].map((d) => /[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)
      .join("")
  }`;
  const plain = /[A-Za-z0-9]/.test(char) ? char : `\\${char}`;
  if (char === "/") return `(?:\\\\*/|${escaped})`;
  if (char === '"' || char === "\\") return `(?:\\\\*${plain}|${escaped})`;
  return `(?:${plain}|${escaped})`;
}

/** The shortest key whose text a reply is unlikely to hold by chance. */
export const SHORT_API_KEY = 16;

/**
 * The warning a run gives before it starts when the key is short: a reply that holds the key's
 * text is taken for the server echoing it and recorded as an error, not scored, and a short key
 * (vLLM's examples use `token-abc123`; some set `EMPTY`) is text an ordinary reply may hold.
 * Never shows the key, only its length.
 *
 * @param key The key, or `undefined` when none is sent.
 * @returns The warning, or `null` for no key or one of at least {@linkcode SHORT_API_KEY}
 * characters.
 *
 * @example
 * ```ts
 * import { shortApiKeyWarning } from "./api_key.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(shortApiKeyWarning("sk-0123456789abcdef"), null);
 * assert.match(shortApiKeyWarning("EMPTY")!, /is 5 characters long/);
 * ```
 */
export function shortApiKeyWarning(key: string | undefined): string | null {
  if (key === undefined || key.length >= SHORT_API_KEY) return null;
  return `assess run: WARNING: ${API_KEY_ENV} is ${key.length} characters long: a reply that ` +
    "holds its text is taken for the server echoing the key and recorded as an error, not " +
    `scored; a key of ${SHORT_API_KEY} characters or more (vllm serve --api-key) avoids it`;
}
