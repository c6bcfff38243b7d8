import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sampleSeed } from "../../src/run/sample_seed.ts";

const none = { permissions: "none" } as const;

Deno.test(
  "sampleSeed: the documented formula, in 64 signed bits, distinct over samples",
  none,
  () => {
    // reference/run.md's formula, computed here from its words with Node's hash and DataView.
    const expected = (seed: bigint, id: number | string, s: number) => {
      const digest = createHash("sha256").update(`assess-sample\n${seed}\n${id}\n${s}`).digest();
      return new DataView(digest.buffer, digest.byteOffset, 8).getBigInt64(0, false);
    };
    const seen = new Set<bigint>();
    for (const seed of [0n, -9223372036854775808n, 9223372036854775807n, 9007199254740993n]) {
      for (const id of [0, 7, 59999, "row-3"]) {
        for (let s = 0; s < 64; s++) {
          const got = sampleSeed(seed, id, s);
          assert.equal(got, expected(seed, id, s));
          seen.add(got);
        }
      }
    }
    assert.equal(seen.size, 4 * 4 * 64);
    for (const bad of [-1, 64, 1.5]) assert.throws(() => sampleSeed(0n, 1, bad), RangeError);
  },
);
