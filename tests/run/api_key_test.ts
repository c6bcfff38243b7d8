import assert from "node:assert/strict";
import fc from "fast-check";
import {
  API_KEY_MARKER,
  apiKeyProblem,
  checkApiKey,
  keyRedactor,
  shortApiKeyWarning,
} from "../../src/run/api_key.ts";
import { RunSetupError } from "../../src/run/run_errors.ts";

const none = { permissions: "none" } as const;

Deno.test(
  "a key a header cannot carry is refused, saying what and where, never the key",
  none,
  () => {
    const cases: [string, string | null][] = [
      ["sk-abc123", null],
      ["a/b+c=d~e_f.g", null],
      ['odd"\\key!', null],
      ["sk-abc\nsk-def", "it holds a line break (character 7 of 13)"],
      ["sk-abc\r", "it holds a line break (character 7 of 7)"],
      [" sk-abc", "it holds a space or tab (character 1 of 7)"],
      ["sk abc", "it holds a space or tab (character 3 of 6)"],
      ["sk-\u0000", "it holds a control character (character 4 of 4)"],
      ["sk-\u007f", "it holds a control character (character 4 of 4)"],
      ["clé", "it holds a character outside ASCII (character 3 of 3)"],
    ];
    for (const [key, problem] of cases) {
      assert.equal(apiKeyProblem(key), problem, JSON.stringify(key));
      if (problem === null) {
        assert.equal(checkApiKey(key), key);
      } else {
        assert.throws(() => checkApiKey(key), (e: unknown) =>
          e instanceof RunSetupError &&
          e.message.startsWith(`VLLM_API_KEY cannot be sent as a bearer token: ${problem};`) &&
          !e.message.includes(key.trim()));
      }
    }
    assert.equal(checkApiKey(undefined), undefined);
    // Every key the check accepts is one fetch sends as it is.
    fc.assert(fc.property(fc.string({ unit: "binary", minLength: 1 }), (key) => {
      if (apiKeyProblem(key) !== null) return;
      assert.equal(
        new Headers({ authorization: `Bearer ${key}` }).get("authorization"),
        `Bearer ${key}`,
      );
    }));
  },
);

/** A key apiKeyProblem accepts. */
const KEY = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  minLength: 8,
  maxLength: 40,
});

/** The key as JSON may write it inside a string: each character as is, or escaped. */
function written(key: string, escapes: readonly boolean[]): string {
  return [...key].map((c, i) => {
    if (c === '"' || c === "\\") return `\\${c}`;
    if (escapes[i % escapes.length]) return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
    return c === "/" && escapes[(i + 1) % escapes.length] ? "\\/" : c;
  }).join("");
}

/** Every string a JSON value holds, keys included, decoding JSON strings that hold JSON too. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    out.push(value);
    try {
      strings(JSON.parse(value), out);
    } catch {
      // not JSON itself
    }
  } else if (Array.isArray(value)) {
    for (const v of value) strings(v, out);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

Deno.test(
  "the redacted text holds the key nowhere: as written, nor once or twice decoded",
  none,
  () => {
    fc.assert(
      fc.property(
        KEY,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.string(),
        fc.string(),
        fc.integer({ min: 0, max: 2 }),
        (key, escapes, before, after, depth) => {
          // The key inside a JSON string, itself inside `depth` more JSON strings (a reply's
          // arguments are JSON inside JSON).
          let text = JSON.stringify({ message: `${before}Bearer ${key}${after}` });
          text = text.replace(JSON.stringify(key).slice(1, -1), written(key, escapes));
          for (let d = 0; d < depth; d++) text = JSON.stringify({ nested: text });
          const redacted = keyRedactor(key)(text);
          assert(!redacted.includes(key), "as written");
          let value: unknown;
          try {
            value = JSON.parse(redacted);
          } catch {
            return; // the marker broke nothing here, but a key cut across an escape may
          }
          for (const s of strings(value)) assert(!s.includes(key), `decoded: ${s}`);
        },
      ),
    );
  },
);

Deno.test("redaction replaces each occurrence with the marker and leaves the rest", none, () => {
  const redact = keyRedactor("sk-1234567");
  assert.equal(
    redact("a sk-1234567 b sk-1234567"),
    `a ${API_KEY_MARKER} b ${API_KEY_MARKER}`,
  );
  assert.equal(redact('{"k":"\\u0073k-1234567"}'), `{"k":"${API_KEY_MARKER}"}`);
  // Backslashes before an escape go with it: it is the key at some depth of decoding.
  assert.equal(redact('"\\\\\\u0073k-1234567"'), `"${API_KEY_MARKER}"`);
  assert.equal(redact("sk-123456"), "sk-123456", "a part is not the key");
  assert.equal(keyRedactor(undefined)("sk-1234567"), "sk-1234567");
  // Compiled once for a key, not once an exchange (which cost about 100 µs a request).
  assert.equal(keyRedactor("sk-1234567"), redact);
  assert.notEqual(keyRedactor("sk-7654321"), redact);
  assert.equal(keyRedactor("")("x"), "x");
  assert(!API_KEY_MARKER.includes("\\") && !API_KEY_MARKER.includes('"'), "safe inside JSON");
});

Deno.test("a key under 16 characters is warned of by its length, never shown", none, () => {
  for (const key of ["EMPTY", "token-abc123", "a".repeat(15)]) {
    const warning = shortApiKeyWarning(key);
    assert.notEqual(warning, null, key);
    assert(warning!.includes(`is ${key.length} characters long`), warning!);
    assert(!warning!.includes(key), warning!);
  }
  assert.equal(shortApiKeyWarning("a".repeat(16)), null);
  assert.equal(shortApiKeyWarning(undefined), null);
});
