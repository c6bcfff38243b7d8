// The strict reader against the platform's JSON.parse: it agrees on every document it accepts,
// refuses more only for the documented reasons, and throws nothing but JsonSyntaxError.

import assert from "node:assert/strict";
import fc from "fast-check";
import { JsonNumber, type JsonValue } from "../../src/json/json_value.ts";
import { jsonDocument, mutatedJson, nearJson, PIECES } from "./_arbitraries.ts";
import {
  JsonSyntaxError,
  MAX_JSON_DEPTH,
  parseJson,
  parseJsonBytes,
} from "../../src/json/strict_json.ts";

/** Whether the strict reader's value is JSON.parse's: same structure, numbers as the same double. */
function agrees(ours: JsonValue, theirs: unknown): boolean {
  if (ours === null || typeof ours !== "object") return Object.is(ours, theirs);
  if (ours instanceof JsonNumber) return Object.is(Number(ours.text), theirs);
  if (Array.isArray(ours)) {
    return Array.isArray(theirs) && ours.length === theirs.length &&
      ours.every((v, i) => agrees(v, theirs[i]));
  }
  if (theirs === null || typeof theirs !== "object" || Array.isArray(theirs)) return false;
  const keys = Object.keys(theirs);
  const map = ours as ReadonlyMap<string, JsonValue>;
  return keys.length === map.size &&
    keys.every((k) => map.has(k) && agrees(map.get(k)!, (theirs as Record<string, unknown>)[k]));
}

/** The refusals the strict reader adds to RFC 8259 (and JSON.parse does not make). */
const EXTRA_REFUSAL = /duplicate key|lone surrogate|nest deeper/;

type Outcome = { ok: true; value: JsonValue } | { ok: false; error: JsonSyntaxError };

function ours(text: string): Outcome {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    assert(error instanceof JsonSyntaxError, `threw ${error} for ${JSON.stringify(text)}`);
    assert(Number.isInteger(error.offset) && error.offset >= 0 && error.offset <= text.length);
    return { ok: false, error };
  }
}

function theirs(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Checks one text against JSON.parse; returns whether the strict reader accepted it. */
function compare(text: string): boolean {
  const a = ours(text);
  const b = theirs(text);
  if (a.ok) {
    assert(b.ok, `accepted what JSON.parse refuses: ${JSON.stringify(text)}`);
    assert(agrees(a.value, b.value), `disagrees with JSON.parse on ${JSON.stringify(text)}`);
  } else if (b.ok) {
    assert.match(a.error.reason, EXTRA_REFUSAL, `refused ${JSON.stringify(text)}`);
  }
  return a.ok;
}

Deno.test("parseJson agrees with JSON.parse on valid documents", () => {
  let accepted = 0;
  fc.assert(
    fc.property(jsonDocument, (text) => {
      if (compare(text)) accepted++;
    }),
    { numRuns: 2000 },
  );
  assert(accepted > 1500, `accepted only ${accepted} of 2000 documents`);
});

Deno.test("parseJson agrees with JSON.parse on numbers written every way", () => {
  const number = fc.stringMatching(
    /^-?(0|[1-9][0-9]{0,20})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,4})?$/,
  );
  fc.assert(
    fc.property(number, (text) => {
      assert(compare(text));
      assert(compare(`[${text}, {"n": ${text}}]`));
      assert.deepEqual(parseJson(text), new JsonNumber(text));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("parseJson on near-JSON: agrees where it accepts, refuses more only as documented", () => {
  let accepted = 0;
  fc.assert(
    fc.property(
      fc.oneof(nearJson, mutatedJson, fc.string(), fc.string({ unit: "binary" })),
      (text) => {
        if (compare(text)) accepted++;
      },
    ),
    { numRuns: 10000 },
  );
  assert(accepted > 100, `accepted only ${accepted} texts: the generator is too wild`);
});

Deno.test("parseJson refuses duplicate keys and lone surrogates that JSON.parse accepts", () => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ maxLength: 5 }),
      fc.constantFrom("\\ud800", "\\udfff", "\ud800", "\udc00", "\\ud83d\\u0041"),
      (value, key, lone) => {
        const member = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
        const dup = `[{${member}, ${member}}]`;
        assert(!compare(dup));
        const refused = ours(dup);
        assert(!refused.ok && /duplicate key/.test(refused.error.reason));
        const withLone = `{"s": "a${lone}b"}`;
        assert(!compare(withLone));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("parseJsonBytes throws only JsonSyntaxError on any bytes", () => {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 40 }),
    fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).chain((p) =>
      fc.uint8Array({ maxLength: 4 }).map((noise) => {
        const text = new TextEncoder().encode(p.join(""));
        const out = new Uint8Array(text.length + noise.length);
        out.set(text);
        out.set(noise, text.length);
        return out;
      })
    ),
  );
  fc.assert(
    fc.property(bytes, (b) => {
      let value: JsonValue;
      try {
        value = parseJsonBytes(b);
      } catch (error) {
        assert(error instanceof JsonSyntaxError, `threw ${error}`);
        return;
      }
      const text = new TextDecoder("utf-8", { fatal: true }).decode(b);
      assert(agrees(value, JSON.parse(text)));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("parseJson refuses nesting past MAX_JSON_DEPTH with its own error", () => {
  for (const [open, close] of [["[", "]"], ['{"a":', "}"]]) {
    const ok = open!.repeat(MAX_JSON_DEPTH) + "1" + close!.repeat(MAX_JSON_DEPTH);
    assert(compare(ok));
    const deep = open!.repeat(MAX_JSON_DEPTH + 1) + "1" + close!.repeat(MAX_JSON_DEPTH + 1);
    assert.throws(() => parseJson(deep), /nest deeper/);
    const huge = open!.repeat(100_000);
    assert.throws(() => parseJson(huge), JsonSyntaxError);
  }
});
