// The dataset file's SHA-256, whole and taken as it is read: the parts are trusted only when they
// were exactly the bytes returned.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Sha256AsRead, sha256Hex } from "../../src/dataset/sha256.ts";

const reference = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

Deno.test("sha256Hex is the SHA-256 of the bytes, lowercase hex", () => {
  assert.equal(sha256Hex(new Uint8Array()), reference(new Uint8Array()));
  assert.equal(
    sha256Hex(new TextEncoder().encode("abc")),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("Sha256AsRead gives the bytes' own digest however the parts came", () => {
  const buffer = crypto.getRandomValues(new Uint8Array(1000));
  const bytes = buffer.subarray(10, 990);
  const digest = reference(bytes);
  const taken = (parts: Uint8Array[], of: Uint8Array = bytes) => {
    const hash = new Sha256AsRead();
    for (const part of parts) hash.onPart(part);
    return hash.digestOf(of);
  };
  // Parts that are the bytes, in order: their digest.
  assert.equal(
    taken([bytes.subarray(0, 300), bytes.subarray(300, 301), bytes.subarray(301)]),
    digest,
  );
  assert.equal(taken([bytes]), digest);
  // No parts, parts out of order, a gap, too few, too many, another buffer, another start: the
  // bytes are hashed again, and the digest is still theirs.
  assert.equal(taken([]), digest);
  assert.equal(taken([bytes.subarray(300), bytes.subarray(0, 300)]), digest);
  assert.equal(taken([bytes.subarray(0, 300), bytes.subarray(301)]), digest);
  assert.equal(taken([bytes.subarray(0, 300)]), digest);
  assert.equal(taken([buffer.subarray(10, 995)]), digest);
  assert.equal(taken([bytes.slice()]), digest);
  assert.equal(taken([buffer.subarray(0, 990)]), digest);
  // The same parts read into a buffer that then moved (a file that grew): the new bytes count.
  const moved = new Uint8Array(bytes);
  assert.equal(taken([bytes], moved), digest);
  moved[0]! ^= 1;
  assert.equal(taken([bytes], moved), reference(moved));
});

Deno.test("Sha256AsRead's digest can be asked again; parts given after it are not taken", () => {
  const bytes = crypto.getRandomValues(new Uint8Array(100));
  const hash = new Sha256AsRead();
  hash.onPart(bytes);
  // Twice in a row, as two loadDataset calls with the same options ask.
  assert.equal(hash.digestOf(bytes), reference(bytes));
  assert.equal(hash.digestOf(bytes), reference(bytes));
  const other = bytes.slice(0, 50);
  assert.equal(hash.digestOf(other), reference(other));
  // A part after the digest is not taken in: the digest stays the parts' that came before.
  const later = new Sha256AsRead();
  later.onPart(bytes.subarray(0, 60));
  assert.equal(later.digestOf(bytes.subarray(0, 60)), reference(bytes.subarray(0, 60)));
  later.onPart(bytes.subarray(60));
  assert.equal(later.digestOf(bytes.subarray(0, 60)), reference(bytes.subarray(0, 60)));
  assert.equal(later.digestOf(bytes), reference(bytes));
});
