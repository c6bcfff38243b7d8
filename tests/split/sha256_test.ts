import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { sha256Words } from "../../src/split/_sha256.ts";

function hex(bytes: Uint8Array, length = bytes.length): string {
  const out = new Uint32Array(8);
  sha256Words(bytes, length, out, 0);
  return Array.from(out, (w) => w.toString(16).padStart(8, "0")).join("");
}

Deno.test({
  name: "sha256Words agrees with node:crypto at every length around the block boundaries",
  permissions: "none",
  fn: () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);
      assert.equal(hex(bytes), createHash("sha256").update(bytes).digest("hex"), `length ${n}`);
    }
    assert.equal(
      hex(new TextEncoder().encode("abc")),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  },
});

Deno.test({
  name: "sha256Words agrees with node:crypto on random messages, and reads only `length` bytes",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1000 }), fc.nat(), (bytes, cut) => {
        const length = bytes.length === 0 ? 0 : cut % (bytes.length + 1);
        const out = new Uint32Array(12).fill(7);
        sha256Words(bytes, length, out, 2);
        assert.deepEqual([out[0], out[1], out[10], out[11]], [7, 7, 7, 7]);
        const got = Array.from(out.subarray(2, 10), (w) => w.toString(16).padStart(8, "0")).join(
          "",
        );
        assert.equal(got, createHash("sha256").update(bytes.subarray(0, length)).digest("hex"));
      }),
      { numRuns: 300 },
    );
  },
});
