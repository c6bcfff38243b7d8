// The real Io's file reading: whole files byte for byte at sizes around its buffer's edges, the
// first bytes only when asked, a file that reports no size and holds more than one buffer, and
// the parts handed to onPart (from which the dataset's hash is taken).

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { ResultsFileHeldError } from "../../src/cli/io.ts";
import { Sha256AsRead, sha256Hex } from "../../src/dataset/sha256.ts";

/** `size` random bytes (a 64 KiB random block, repeated). */
function randomBytes(size: number): Uint8Array {
  const block = crypto.getRandomValues(new Uint8Array(Math.min(size, 65536)));
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i += block.length) data.set(block.subarray(0, size - i), i);
  return data;
}

/** Runs `fn` with a fresh temporary folder, removed afterwards. */
async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "readFile reads a file whole, at sizes around its first buffer's edge",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      const io = denoIo();
      for (const size of [0, 1, 999, 1000, 1001, 1002, 65535, 65536, 65537, 200_003]) {
        const data = randomBytes(size);
        const path = `${dir}/f${size}`;
        await Deno.writeFile(path, data);
        assert.deepEqual(await io.readFile(path), data, `size ${size}`);
        const most = await io.readFile(path, { maxBytes: 1000 });
        assert.deepEqual(most, data.subarray(0, 1001), `size ${size}, at most 1000`);
        assert.deepEqual(await io.readFile(path, { maxBytes: 0 }), data.subarray(0, 1));
      }
      await assert.rejects(io.readFile(dir), Deno.errors.IsADirectory);
      await assert.rejects(io.readFile(`${dir}/missing`), Deno.errors.NotFound);
    }),
});

Deno.test({
  name: "readFile refuses a maxBytes that is not a whole number of bytes",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      await Deno.writeFile(`${dir}/f`, randomBytes(5000));
      for (const maxBytes of [1000.5, -1, NaN, Infinity]) {
        await assert.rejects(
          denoIo().readFile(`${dir}/f`, { maxBytes }),
          RangeError,
          String(maxBytes),
        );
      }
    }),
});

Deno.test({
  name: "readFile reads an endless file only up to maxBytes + 1",
  ignore: Deno.build.os !== "linux",
  permissions: { read: ["/dev/zero"] },
  async fn() {
    const zeros = await denoIo().readFile("/dev/zero", { maxBytes: 300_000 });
    assert.equal(zeros.length, 300_001);
    assert(zeros.every((b) => b === 0));
  },
});

/** Writes `data` into a new FIFO (which reports size 0) while `read` reads it. */
async function throughFifo(
  dir: string,
  data: Uint8Array,
  read: (path: string) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const fifo = `${dir}/fifo`;
  const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
  assert(made.success);
  const reading = read(fifo);
  await Deno.writeFile(fifo, data);
  return await reading;
}

Deno.test({
  name: "readFile reads all of a file that reports no size (a FIFO) and holds more",
  ignore: Deno.build.os !== "linux",
  permissions: { read: true, write: true, run: true },
  fn: () =>
    inTempDir(async (dir) => {
      const whole = randomBytes(3 * 65536 + 17);
      const bytes = await throughFifo(dir, whole, (path) => denoIo().readFile(path));
      assert.deepEqual(bytes, whole);
      // The bytes are kept in a buffer of their own size, not the grown one.
      assert.equal(bytes.buffer.byteLength, whole.length);
    }),
});

Deno.test({
  name: "readFile hands each part to onPart in order, while reading the next",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      const whole = randomBytes(20 << 20); // more than two parts
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
    }),
});

Deno.test({
  name: "the hash taken from the parts is the bytes' own, also when the buffer had to grow",
  ignore: Deno.build.os !== "linux",
  permissions: { read: true, write: true, run: true },
  fn: () =>
    inTempDir(async (dir) => {
      const whole = randomBytes(5 * 65536 + 3);
      await Deno.writeFile(`${dir}/f`, whole);
      const asRead = new Sha256AsRead();
      const bytes = await denoIo().readFile(`${dir}/f`, { onPart: asRead.onPart });
      assert.equal(asRead.digestOf(bytes), sha256Hex(whole));
      // Through a FIFO the buffer grows, so the parts are not views on the bytes returned: the
      // digest is taken from the bytes themselves.
      const grown = new Sha256AsRead();
      const piped = await throughFifo(
        dir,
        whole,
        (path) => denoIo().readFile(path, { onPart: grown.onPart }),
      );
      assert.equal(grown.digestOf(piped), sha256Hex(whole));
    }),
});

Deno.test({
  name: "openAppend holds the results file: created when it was not there, unchanged since read",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      const io = denoIo();
      const path = `${dir}/results.jsonl`;
      const enc = new TextEncoder();
      const first = await io.openAppend!(path, { readSize: null, truncateTo: 0 });
      try {
        await first.write(enc.encode("line 1\n"));
        // Another run that also found no file: the file is there now, and held.
        await assert.rejects(
          io.openAppend!(path, { readSize: null, truncateTo: 0 }),
          ResultsFileHeldError,
        );
        // Another run that read it: the first one holds it.
        await assert.rejects(
          io.openAppend!(path, { readSize: 7, truncateTo: 7 }),
          ResultsFileHeldError,
        );
      } finally {
        await first.close();
      }
      // Released: a run that read 7 bytes may append; one that read another size, or found no
      // file, may not.
      await assert.rejects(
        io.openAppend!(path, { readSize: 3, truncateTo: 3 }),
        ResultsFileHeldError,
      );
      await assert.rejects(
        io.openAppend!(path, { readSize: null, truncateTo: 0 }),
        ResultsFileHeldError,
      );
      assert.equal(await Deno.readTextFile(path), "line 1\n", "a refused open changes nothing");
      const second = await io.openAppend!(path, { readSize: 7, truncateTo: 5 });
      try {
        await second.write(enc.encode("!\n"));
      } finally {
        await second.close();
      }
      assert.equal(await Deno.readTextFile(path), "line !\n");
    }),
});

Deno.test({
  name: "openAppend on a link to a file not there yet: never taken for a held file",
  ignore: Deno.build.os === "windows",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      await Deno.symlink(`${dir}/target.jsonl`, `${dir}/link.jsonl`);
      // With granted paths (not --allow-all), Deno refuses to open through a dangling link
      // (NotFound); with --allow-all it creates the target. Either way it is not "held".
      try {
        const file = await denoIo().openAppend!(`${dir}/link.jsonl`, {
          readSize: null,
          truncateTo: 0,
        });
        await file.close();
        assert.equal(await Deno.readTextFile(`${dir}/target.jsonl`), "");
      } catch (error) {
        assert(error instanceof Deno.errors.NotFound, String(error));
      }
    }),
});
