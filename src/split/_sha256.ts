/**
 * SHA-256 (FIPS 180-4) of short messages, in plain TypeScript. The split hashes one short message
 * per eligible item (60,000 on the real dataset); a call into the runtime's hash costs more than
 * the hashing itself at that size, so this one runs in the same loop. Checked against
 * `node:crypto` by the tests.
 *
 * @module
 */

const K = new Int32Array([
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
]);

const W = new Int32Array(64);
let block = new Uint8Array(128);

/**
 * Hashes `bytes[0, length)` and writes the digest as 8 big-endian 32-bit words to
 * `out[at, at + 8)`.
 *
 * @param bytes The message (only its first `length` bytes are read).
 * @param length How many bytes of it.
 * @param out Where the digest's words go.
 * @param at The first word's index in `out`.
 */
export function sha256Words(bytes: Uint8Array, length: number, out: Uint32Array, at: number): void {
  const padded = (length + 9 + 63) & ~63;
  if (block.length < padded) block = new Uint8Array(padded * 2);
  const m = block;
  // Copied, padded and the length appended by hand: the messages are short, and a view and a
  // fill per message cost more than the loops.
  for (let i = 0; i < length; i++) m[i] = bytes[i]!;
  m[length] = 0x80;
  for (let i = length + 1; i < padded - 5; i++) m[i] = 0;
  const bits = length * 8;
  m[padded - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  m[padded - 4] = bits >>> 24;
  m[padded - 3] = (bits >>> 16) & 0xff;
  m[padded - 2] = (bits >>> 8) & 0xff;
  m[padded - 1] = bits & 0xff;
  // The state in local variables, not an array: the compiler keeps them in registers.
  let h0 = 0x6a09e667 | 0;
  let h1 = 0xbb67ae85 | 0;
  let h2 = 0x3c6ef372 | 0;
  let h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f | 0;
  let h5 = 0x9b05688c | 0;
  let h6 = 0x1f83d9ab | 0;
  let h7 = 0x5be0cd19 | 0;
  for (let p = 0; p < padded; p += 64) {
    for (let i = 0; i < 16; i++) {
      const q = p + i * 4;
      W[i] = (m[q]! << 24) | (m[q + 1]! << 16) | (m[q + 2]! << 8) | m[q + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = W[i - 15]!;
      const y = W[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[i]! + W[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  out[at] = h0;
  out[at + 1] = h1;
  out[at + 2] = h2;
  out[at + 3] = h3;
  out[at + 4] = h4;
  out[at + 5] = h5;
  out[at + 6] = h6;
  out[at + 7] = h7;
}
