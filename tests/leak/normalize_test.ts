import assert from "node:assert/strict";
import { joinedWords, normalizeQuery, queryWords, shingles } from "../../src/leak/normalize.ts";
import { pythonFor, pythonSkip } from "../support/python.ts";

const none = { permissions: "none" } as const;

Deno.test("normalizeQuery: Unicode form, case and spacing, nothing else", none, async (t) => {
  const same: [string, string][] = [
    ["What is the weather in Paris?", "what is the WEATHER in paris?"],
    ["  a\t b\n\nc  ", "a b c"],
    ["a\u00a0b\u3000c\u2028d\ufeffe", "a b c d e"],
    ["Zu\u0308rich", "Zürich"],
    ["STRASSE", "straße"],
    ["Straße", "STRAẞE"],
    ["ΣΟΦΟΣ", "σοφος"],
    ["ﬁsh", "FISH"],
    ["\u212bngstr\u00f6m", "\u00e5ngstr\u00f6m"],
    ["K (Kelvin)", "\u212a (kelvin)"],
  ];
  for (const [a, b] of same) {
    await t.step(`${JSON.stringify(a)} = ${JSON.stringify(b)}`, () => {
      assert.equal(normalizeQuery(a), normalizeQuery(b));
    });
  }
  const different: [string, string][] = [
    ["Weather in Oslo?", "Weather in Oslo"],
    ["ab", "a b"],
    ["café", "cafe"],
    ["1,000", "1000"],
  ];
  for (const [a, b] of different) {
    await t.step(`${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`, () => {
      assert.notEqual(normalizeQuery(a), normalizeQuery(b));
    });
  }
  assert.equal(
    normalizeQuery("  Wie ist das WETTER\u2003in Zu\u0308rich? "),
    "wie ist das wetter in zürich?",
  );
  assert.equal(normalizeQuery(""), "");
  assert.equal(normalizeQuery(" \t\n"), "");
});

Deno.test(
  "queryWords and shingles: runs of letters, marks and numbers (joined across ' ’ - . , /), five at a time",
  none,
  () => {
    assert.deepEqual(queryWords("what's f(x) = 2.5x, über?"), ["whats", "f", "x", "25x", "über"]);
    // A joiner between two letters or digits is dropped; anywhere else it separates words.
    assert.deepEqual(
      queryWords("it’s an e-mail of 1,500 usd at 10 a.m. and/or l'été -- 'so' - x, y. 3-"),
      [
        "its",
        "an",
        "email",
        "of",
        "1500",
        "usd",
        "at",
        "10",
        "am",
        "andor",
        "lété",
        "so",
        "x",
        "y",
        "3",
      ],
    );
    assert.deepEqual(queryWords("e\u0301t\u00e9 — 東京 ٣"), ["e\u0301t\u00e9", "東京", "٣"]);
    assert.deepEqual(queryWords("--- !!"), []);
    assert.deepEqual(shingles("one two three four five six seven"), [
      "one two three four five",
      "two three four five six",
      "three four five six seven",
    ]);
    assert.deepEqual(shingles("one two three four five"), ["one two three four five"]);
    assert.deepEqual(shingles("hello, world!"), ["hello world"]);
    assert.deepEqual(shingles("a a a a a a"), ["a a a a a", "a a a a a"]);
    assert.deepEqual(shingles("?"), []);
  },
);

Deno.test("what 0.8 means for a query of 20 words (the table of reference/leak.md)", none, () => {
  const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
  const jaccard = (other: string[]) => {
    const a = new Set(shingles(words.join(" ")));
    const b = new Set(shingles(other.join(" ")));
    const shared = [...a].filter((s) => b.has(s)).length;
    return [shared, a.size + b.size - shared];
  };
  const changed = (at: number[]) => words.map((w, i) => at.includes(i) ? `x${i}` : w);
  assert.deepEqual(jaccard(words.map((w) => `${w},`)), [16, 16]);
  assert.deepEqual(jaccard(changed([19])), [15, 17]);
  assert.deepEqual(jaccard(changed([0])), [15, 17]);
  assert.deepEqual(jaccard([...words, "more"]), [16, 17]);
  assert.deepEqual(jaccard(words.slice(1)), [15, 16]);
  assert.deepEqual(jaccard(changed([0, 1])), [14, 18]);
  assert.deepEqual(jaccard(changed([10])), [11, 21]);
});

const skip = await pythonSkip("case folding against Python", "stdlib");

Deno.test({
  name: "case folding: the same classes of code points as Python's str.casefold, but for ı",
  ignore: skip !== null,
  fn: async () => {
    // Every code point Python's Unicode database assigns, but surrogates and white space, with its
    // NFC(casefold(NFC(c))).
    const script = `
import sys, unicodedata
out = []
for c in range(0x110000):
    ch = chr(c)
    if 0xD800 <= c <= 0xDFFF or unicodedata.category(ch) == "Cn" or ch.isspace() or ch == "\\ufeff":
        continue
    f = unicodedata.normalize("NFC", unicodedata.normalize("NFC", ch).casefold())
    out.append("%x %s" % (c, ".".join("%x" % ord(x) for x in f)))
sys.stdout.write("\\n".join(out) + "\\n")
`;
    const run = await new Deno.Command(await pythonFor("stdlib"), {
      args: ["-c", script],
      stdout: "piped",
    }).output();
    assert(run.success);
    const python = new Map<number, string>();
    for (const line of new TextDecoder().decode(run.stdout).trimEnd().split("\n")) {
      const [c, f] = line.split(" ");
      python.set(parseInt(c!, 16), f!);
    }
    const ours = new Map<number, string>();
    for (const c of python.keys()) ours.set(c, normalizeQuery(String.fromCodePoint(c)));
    const classes = (keys: Map<number, string>) => {
      const byKey = new Map<string, number[]>();
      for (const [c, k] of keys) byKey.set(k, [...(byKey.get(k) ?? []), c]);
      return (c: number) => byKey.get(keys.get(c)!)!.join(",");
    };
    const a = classes(ours);
    const b = classes(python);
    const differ = [...python.keys()].filter((c) => a(c) !== b(c));
    assert.deepEqual(differ.map((c) => c.toString(16)), ["49", "69", "131"]);
    assert(python.size > 100_000);
  },
});

Deno.test(
  "joinedWords: punctuation deleted, not read as a space: each run between spaces one word",
  none,
  () => {
    const cases: [string, string[]][] = [
      ["Estimate f(x) = x^2 + 3x - 4 at x = 2.", [
        "estimate",
        "fx",
        "x2",
        "3x",
        "4",
        "at",
        "x",
        "2",
      ]],
      ["estimate fx  x2  3x  4 at x  2", ["estimate", "fx", "x2", "3x", "4", "at", "x", "2"]],
      ["john.doe@example.com, [9:00, 10:30]", ["johndoeexamplecom", "900", "1030"]],
      ["what's the e-mail? -- über!", ["whats", "the", "email", "über"]],
      ["Zu\u0308rich's café", ["zürichs", "café"]],
      ["?! -- ...", []],
    ];
    for (const [text, words] of cases) {
      const normal = normalizeQuery(text);
      assert.deepEqual(joinedWords(normal), words, text);
      // The words of each run between spaces, joined.
      const merged = normal.split(" ").map((run) => queryWords(run).join("")).filter((w) =>
        w !== ""
      );
      assert.deepEqual(joinedWords(normal), merged, text);
    }
  },
);
