// The real Io's file reading: whole files byte for byte at sizes around its buffer's edges, the
// first bytes only when asked, and a file that reports no size and holds more than one buffer.

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";

Deno.test({
  name: "readFile reads a file whole, at sizes around its first buffer's edge",
  permissions: { read: true, write: true },
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const io = denoIo();
      for (const size of [0, 1, 65535, 65536, 65537, 200_003]) {
        const bytes = crypto.getRandomValues(new Uint8Array(Math.min(size, 65536)));
        const data = new Uint8Array(size);
        for (let i = 0; i < size; i += bytes.length) data.set(bytes.subarray(0, size - i), i);
        const path = `${dir}/f${size}`;
        await Deno.writeFile(path, data);
        assert.deepEqual(await io.readFile(path), data, `size ${size}`);
        const most = await io.readFile(path, { maxBytes: 1000 });
        assert.deepEqual(most, data.subarray(0, 1001), `size ${size}, at most 1000`);
      }
      await assert.rejects(io.readFile(dir), Deno.errors.IsADirectory);
      await assert.rejects(io.readFile(`${dir}/missing`), Deno.errors.NotFound);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "readFile reads an endless file only up to maxBytes + 1",
  ignore: Deno.build.os !== "linux",
  permissions: { read: ["/dev/zero"] },
  async fn() {
    const io = denoIo();
    const zeros = await io.readFile("/dev/zero", { maxBytes: 300_000 });
    assert.equal(zeros.length, 300_001);
    assert(zeros.every((b) => b === 0));
  },
});

Deno.test({
  name: "readFile reads all of a file that reports no size (a FIFO) and holds more",
  ignore: Deno.build.os !== "linux",
  permissions: { read: true, write: true, run: true },
  async fn() {
    // A FIFO reports size 0; a writer sends more than the first buffer holds.
    const dir = await Deno.makeTempDir();
    try {
      const fifo = `${dir}/fifo`;
      const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
      assert(made.success);
      const data = crypto.getRandomValues(new Uint8Array(65536));
      const whole = new Uint8Array(3 * data.length + 17);
      for (let i = 0; i < whole.length; i += data.length) {
        whole.set(data.subarray(0, whole.length - i), i);
      }
      const reading = denoIo().readFile(fifo);
      await Deno.writeFile(fifo, whole);
      assert.deepEqual(await reading, whole);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "readFile hands each part to onPart in order, while reading the next",
  permissions: { read: true, write: true },
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const data = crypto.getRandomValues(new Uint8Array(65536));
      const whole = new Uint8Array(20 << 20); // more than two parts
      for (let i = 0; i < whole.length; i += data.length) whole.set(data, i);
      await Deno.writeFile(`${dir}/f`, whole);
      const parts: Uint8Array[] = [];
      const bytes = await denoIo().readFile(`${dir}/f`, { onPart: (p) => parts.push(p) });
      assert.deepEqual(bytes, whole);
      assert(parts.length >= 3, `${parts.length} parts`);
      let at = 0;
      for (const part of parts) {
        assert.equal(part.buffer, bytes.buffer);
        assert.equal(part.byteOffset, bytes.byteOffset + at);
        at += part.length;
      }
      assert.equal(at, bytes.length);
      // A callback that throws stops the reading, and the error is the caller's.
      await assert.rejects(
        denoIo().readFile(`${dir}/f`, {
          onPart: () => {
            throw new RangeError("stop");
          },
        }),
        RangeError,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
