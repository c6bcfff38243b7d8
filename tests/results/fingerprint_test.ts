import assert from "node:assert/strict";
import fc from "fast-check";
import { callsFingerprint, replyFingerprint, textHash } from "../../src/results/fingerprint.ts";
import type { RecordedReply } from "../../src/results/records.ts";

Deno.test("textHash: equal texts, equal hashes; no collision among 300,000 near texts", () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: "binary" }), { maxLength: 4 }), (texts) => {
      const h = textHash(texts);
      assert.ok(Number.isSafeInteger(h) && h >= 0);
      assert.equal(textHash([...texts]), h);
    }),
  );
  // Texts one character apart, and the same characters cut in other places: a 53-bit hash makes
  // a collision among 300,000 values a chance of about 5e-6.
  const seen = new Map<number, string>();
  const add = (texts: string[]) => {
    const h = textHash(texts);
    const key = JSON.stringify(texts);
    const before = seen.get(h);
    assert.ok(before === undefined || before === key, `${before} and ${key} collide`);
    seen.set(h, key);
  };
  for (let i = 0; i < 100_000; i++) {
    const s = `{"city": "Paris", "days": ${i}}`;
    add([s]);
    add(["get_weather", s]);
    add([s.slice(0, i % s.length), s.slice(i % s.length)]);
  }
  assert.equal(seen.size, 300_000);
  // Every bit of the result is used: each of the 53 is set in about half of the hashes.
  const ones = new Array<number>(53).fill(0);
  for (const h of seen.keys()) {
    for (let b = 0; b < 53; b++) if (Math.floor(h / 2 ** b) % 2 === 1) ones[b]!++;
  }
  for (const [b, n] of ones.entries()) {
    assert.ok(Math.abs(n / seen.size - 0.5) < 0.01, `bit ${b}: ${n} of ${seen.size}`);
  }
});

Deno.test("replyFingerprint: the text, the calls and the finish reason, byte for byte", () => {
  const reply: RecordedReply = {
    text: "",
    calls: [{ name: "f", arguments: '{"x": 1}' }],
    truncated: false,
    reasoning: null,
    finishReason: "tool_calls",
  };
  const same: RecordedReply = { ...reply, reasoning: "thinking", truncated: true };
  assert.equal(replyFingerprint(same), replyFingerprint(reply));
  for (
    const other of [
      { ...reply, text: " " },
      { ...reply, finishReason: "stop" },
      { ...reply, finishReason: null },
      { ...reply, calls: [] },
      { ...reply, calls: [{ name: "f", arguments: '{"x":1}' }] },
      { ...reply, calls: [{ name: "g", arguments: '{"x": 1}' }] },
      { ...reply, calls: [...reply.calls, ...reply.calls] },
    ]
  ) {
    assert.notEqual(replyFingerprint(other), replyFingerprint(reply), JSON.stringify(other));
  }
  assert.notEqual(
    replyFingerprint({ ...reply, finishReason: null }),
    replyFingerprint({ ...reply, finishReason: "\u0000null" }),
  );
});

Deno.test("replyFingerprint is textHash of the finish reason, the text, and each call's name and arguments", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: "binary" }),
      fc.option(fc.string({ unit: "binary" })),
      fc.array(fc.tuple(fc.string(), fc.string({ unit: "binary" })), { maxLength: 3 }),
      (text, finish, calls) => {
        const reply = {
          text,
          finishReason: finish,
          calls: calls.map(([name, args]) => ({ name, arguments: args })),
        };
        const texts = [finish === null ? "-" : `+${finish}`, text, ...calls.flat()];
        assert.equal(replyFingerprint(reply), textHash(texts));
      },
    ),
  );
});

Deno.test("callsFingerprint: equal calls by the scorer's equality, equal fingerprints", () => {
  const f = (args: string, name = "f") => [{ name, arguments: args }];
  assert.equal(callsFingerprint(f('{"a": [1.0]}'), "any"), callsFingerprint(f('{"a":[1]}'), "any"));
  assert.notEqual(callsFingerprint(f('{"a": 1}'), "any"), callsFingerprint(f('{"a": 2}'), "any"));
  assert.notEqual(callsFingerprint(f("{}"), "any"), callsFingerprint(f("{}", "g"), "any"));
  assert.equal(callsFingerprint(f("{"), "any"), null);
  assert.equal(callsFingerprint([], "strict"), callsFingerprint([], "any"));
});
