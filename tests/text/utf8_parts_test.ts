import assert from "node:assert/strict";
import fc from "fast-check";
import { utf8Parts } from "../../src/text/utf8_parts.ts";

const none = { permissions: "none" } as const;

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
  return bytes;
}

Deno.test(
  "utf8Parts: the texts' UTF-8 bytes, in parts of at most the size (or one text)",
  none,
  () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 40 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 64 }),
        (texts, size) => {
          const parts = [...utf8Parts(texts, size)];
          const encoder = new TextEncoder();
          assert.deepEqual(joined(parts), encoder.encode(texts.join("")));
          for (const part of parts) {
            assert(part.length > 0);
            // A part larger than the size is one text whole.
            if (part.length > size) {
              assert(texts.some((t) => encoder.encode(t).length === part.length));
            }
          }
          // A part is never written again after it is handed out.
          const copies = parts.map((p) => p.slice());
          assert.deepEqual(parts, copies);
        },
      ),
      { numRuns: 500 },
    );
  },
);

Deno.test(
  "utf8Parts gathers small texts into one part, and reads texts only as asked",
  none,
  () => {
    let read = 0;
    function* texts() {
      for (let i = 0; i < 10; i++) {
        read++;
        yield "é\n";
      }
    }
    const parts = utf8Parts(texts(), 9);
    assert.equal(new TextDecoder().decode(parts.next().value as Uint8Array), "é\né\né\n");
    assert.equal(read, 4);
  },
);
