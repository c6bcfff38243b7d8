import assert from "node:assert/strict";
import fc from "fast-check";
import { fingerprint, fullFingerprint, hashText } from "../../src/leak/_fingerprint.ts";
import { normalizeQuery, queryWords } from "../../src/leak/normalize.ts";

const none = { permissions: "none" } as const;

/** Texts like queries: ASCII words, punctuation and spaces, with now and then any character. */
const query = fc.array(
  fc.oneof(
    fc.constantFrom("the", "Weather", "in", "PARIS", "2.5", "x", "über", "ß", "東京", "e\u0301"),
    fc.constantFrom(" ", "  ", ", ", "?", "\t", "-", "'s ", "'", "\u2019", ".", ",", "/", "--"),
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
  "one number a word pair: equal pairs, equal numbers; equal word lists, equal numbers",
  none,
  () => {
    fc.assert(
      fc.property(query, query, (a, b) => {
        const x = normalizeQuery(a);
        const y = normalizeQuery(b);
        const pairs = (text: string) => {
          const w = queryWords(text);
          return w.slice(1).map((second, k) => `${w[k]} ${second}`);
        };
        const [sx, sy] = [pairs(x), pairs(y)];
        const [fx, fy] = [fingerprint(x), fingerprint(y)];
        assert.equal(fx.pairs.length, sx.length);
        assert.equal(fx.count, queryWords(x).length);
        for (let i = 0; i < sx.length; i++) {
          for (let j = 0; j < sy.length; j++) {
            if (sx[i] === sy[j]) assert.equal(fx.pairs[i], fy.pairs[j]);
          }
        }
        if (x === y) assert.equal(fx.text, fy.text);
        if (queryWords(x).join(" ") === queryWords(y).join(" ")) assert.equal(fx.words, fy.words);
        assert.equal(fx.text, hashText(x));
      }),
      { numRuns: 2000 },
    );
  },
);

Deno.test("numbers are small integers, the same on every run", none, () => {
  const print = fingerprint("what is the weather in paris for the next three days");
  assert.deepEqual(print, fingerprint("what is the weather in paris for the next three days"));
  for (const n of [print.text, print.words, ...print.pairs]) {
    assert(Number.isInteger(n) && n >= 0 && n < 2 ** 30);
  }
  assert.equal(hashText(""), hashText(""));
  assert.notEqual(hashText("a"), hashText("b"));
  // A long text gives every pair.
  const long = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(" ");
  assert.equal(fingerprint(long).pairs.length, 4999);
});
