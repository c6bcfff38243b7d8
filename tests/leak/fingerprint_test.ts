import assert from "node:assert/strict";
import fc from "fast-check";
import { fingerprint, fullFingerprint, hashText } from "../../src/leak/_fingerprint.ts";
import { normalizeQuery, shingles } from "../../src/leak/normalize.ts";

const none = { permissions: "none" } as const;

/** Texts like queries: ASCII words, punctuation and spaces, with now and then any character. */
const query = fc.array(
  fc.oneof(
    fc.constantFrom("the", "Weather", "in", "PARIS", "2.5", "x", "über", "ß", "東京", "e\u0301"),
    fc.constantFrom(" ", "  ", ", ", "?", "\t", "-", "'s "),
    fc.string({ maxLength: 3 }),
    fc.string({ unit: "binary", maxLength: 2 }),
  ),
  { maxLength: 40 },
).map((parts) => parts.join(""));

Deno.test("the fast fingerprint is the full one, on any text", none, () => {
  fc.assert(
    fc.property(query, (text) => {
      const normal = normalizeQuery(text);
      assert.deepEqual(fingerprint(normal), fullFingerprint(normal));
    }),
    { numRuns: 3000 },
  );
});

Deno.test(
  "one number a shingle: equal shingles, equal numbers; the text's number is its own",
  none,
  () => {
    fc.assert(
      fc.property(query, query, (a, b) => {
        const x = normalizeQuery(a);
        const y = normalizeQuery(b);
        const [sx, sy] = [shingles(x), shingles(y)];
        const [fx, fy] = [fingerprint(x), fingerprint(y)];
        assert.equal(fx.shingles.length, sx.length);
        for (let i = 0; i < sx.length; i++) {
          for (let j = 0; j < sy.length; j++) {
            if (sx[i] === sy[j]) assert.equal(fx.shingles[i], fy.shingles[j]);
          }
        }
        if (x === y) assert.equal(fx.text, fy.text);
        assert.equal(fx.text, hashText(x));
      }),
      { numRuns: 2000 },
    );
  },
);

Deno.test("numbers are small integers, the same on every run", none, () => {
  const print = fingerprint("what is the weather in paris for the next three days");
  assert.deepEqual(print, fingerprint("what is the weather in paris for the next three days"));
  for (const n of [print.text, ...print.shingles]) {
    assert(Number.isInteger(n) && n >= 0 && n < 2 ** 30);
  }
  assert.equal(hashText(""), hashText(""));
  assert.notEqual(hashText("a"), hashText("b"));
  // A long text takes the full way, and still gives every shingle.
  const long = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(" ");
  assert.equal(fingerprint(long).shingles.length, 4996);
});
