import assert from "node:assert/strict";
import fc from "fast-check";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import {
  fullFingerprint,
  scanText,
  TextScanner,
  wordListNumbers,
} from "../../src/leak/_fingerprint.ts";
import { PrefixText } from "../../src/leak/_prefix_text.ts";
import { checkLeaks } from "../../src/leak/leak.ts";
import { joinedWords, normalizeQuery, queryWords, shingles } from "../../src/leak/normalize.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";

const none = { permissions: "none" } as const;

/** Message texts: words, punctuation, spaces (at the ends too), empty ones, any character. */
const part = fc.array(
  fc.oneof(
    fc.constantFrom("the", "Weather", "in", "PARIS", "2.5", "x", "über", "ΣΟΦΟΣ", "ß", "e\u0301"),
    fc.constantFrom(
      " ",
      "  ",
      ", ",
      "?",
      "\n",
      "\t",
      "-",
      "'s ",
      "'",
      "\u0301",
      "--",
      "\u00a0",
      "(",
      "^",
    ),
    fc.string({ maxLength: 3 }),
  ),
  { maxLength: 12 },
).map((bits) => bits.join(""));

Deno.test(
  "PrefixText: each turn's numbers, normal form, words and shingle overlap are those of its text built whole",
  none,
  () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 8 }),
        fc.array(part, { maxLength: 3 }),
        fc.integer({ min: 9, max: 30 }),
        (texts, held, wordLimit) => {
          const other = new Set(held.flatMap((h) => shingles(normalizeQuery(h))));
          const limits = { wordLimit, shingleLimit: 6, heldShingles: other };
          const pairs: number[] = [];
          const text = new PrefixText(texts, (h) => pairs.push(h), limits);
          for (let end = 1; end <= texts.length; end++) {
            text.advance(end);
            const whole = normalizeQuery(texts.slice(0, end).join("\n"));
            const wholePairs: number[] = [];
            const scanner = new TextScanner((h) => wholePairs.push(h), wordLimit, (h) => {
              wholePairs.push(h);
            });
            scanner.add(whole);
            assert.deepEqual(pairs, wholePairs);
            const scan = scanText(whole, () => {}, wordLimit);
            const joined = joinedWords(whole);
            const numbers = wordListNumbers(joined);
            assert.deepEqual(
              [text.textNumber, text.wordsNumber, text.count, text.length, text.joinedCount],
              [scan.text, scan.words, scan.count, whole.length, joined.length],
            );
            assert.equal(text.joinedNumber, numbers.words);
            // Every pair of words, and of words with punctuation deleted, of the first wordLimit.
            const split = new Set(fullFingerprint(whole).pairs.slice(0, wordLimit - 1));
            for (const h of numbers.pairs.slice(0, wordLimit - 1)) split.add(h);
            assert.deepEqual(new Set(pairs), split);
            const words = queryWords(whole);
            assert.equal(text.differs, joined.length < words.length);
            if (joined.length <= wordLimit) {
              assert.equal(text.normal(), whole);
              assert.deepEqual(text.words(), words);
              assert.deepEqual(text.joinedWords(), joined);
            } else {
              assert.equal(text.normal(), undefined);
            }
            const own = new Set(shingles(whole));
            const shared = [...other].filter((s) => own.has(s)).length;
            const overlap = text.overlap(other);
            assert.equal(overlap.shared, shared);
            assert.equal(overlap.atLeast, own.size > limits.shingleLimit);
            assert.equal(
              overlap.union,
              (overlap.atLeast ? limits.shingleLimit + 1 : own.size) + other.size - shared,
            );
          }
        },
      ),
      { numRuns: 1500 },
    );
  },
);

Deno.test(
  "leak: a conversation of 3,000 turns is read once, not a turn's whole text at a time (issue 36)",
  { permissions: { read: true } },
  async () => {
    const bytes = await Deno.readFile(
      new URL("../../reference/testdata/chat/tickets.jsonl", import.meta.url),
    );
    const items = loadChatDataset(bytes, sha256Hex(bytes)).items;
    const first = JSON.parse(new TextDecoder().decode(bytes).split("\n")[0]!);
    const messages = [...first.messages];
    for (let t = 0; t < 3000; t++) {
      messages.push({ role: "user", content: `Turn ${t}: is the order A${t} shipped yet?` });
      // Now and then a held-out answer, whose overlap with the conversation so far is counted.
      messages.push(
        t % 50 === 0 ? first.messages.at(-1) : { role: "assistant", content: `Not yet, ${t}.` },
      );
    }
    const line = JSON.stringify({ messages });
    // The work: every character case-folded (each message's text is, once for its turn).
    let folded = 0;
    const lower = String.prototype.toLowerCase;
    String.prototype.toLowerCase = function (this: string) {
      folded += this.length;
      return lower.call(this);
    };
    let report;
    try {
      report = await checkLeaks(new TextEncoder().encode(line), items, {
        scorer: xlamToolCall,
        ordering: "any",
      });
    } finally {
      String.prototype.toLowerCase = lower;
    }
    // The line opens with the first item's conversation (hd-008 is its twin): exact; its answer,
    // given again and again after other questions, is an answer leak (one finding a line).
    assert.deepEqual(report.leaks.map((l) => [l.kind, l.id, l.matches]), [
      ["exact", "hd-001", 1],
      ["exact", "hd-008", 1],
      ["answer", "hd-001", 1],
      ["answer", "hd-008", 1],
    ]);
    // Each message's text is folded at most twice (its turn's numbers, then its shingles): about
    // twice the line's length. Building each turn's text whole folded 3,000 times as much.
    assert.ok(folded < 3 * line.length, `${folded} characters folded, the line has ${line.length}`);
  },
);
