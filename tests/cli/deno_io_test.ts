// The real Io's file reading: whole files byte for byte at sizes around its buffer's edges, a file
// over maxBytes refused from its size, anything but a regular file refused before it is opened, a
// file that reports no size and holds more than one buffer, and the parts handed to onPart (from
// which the dataset's hash is taken).

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { FileTooLargeError, NotRegularFileError, ResultsFileHeldError } from "../../src/cli/io.ts";
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
        assert.deepEqual(
          await io.readFile(path, { maxBytes: size }),
          data,
          `size ${size}, at most`,
        );
        // One byte over the most asked: refused from its size, with both sizes.
        for (const maxBytes of [0, 1000].filter((max) => max < size)) {
          await assert.rejects(
            io.readFile(path, { maxBytes }),
            (e: unknown) =>
              e instanceof FileTooLargeError && e.size === size && e.limit === maxBytes,
            `size ${size}, at most ${maxBytes}`,
          );
        }
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
  name: "readFile and openRead refuse a device before opening it, whatever maxBytes",
  ignore: Deno.build.os !== "linux",
  permissions: { read: ["/dev/zero", "/dev/null"] },
  async fn() {
    for (const path of ["/dev/zero", "/dev/null"]) {
      const refused = (e: unknown) =>
        e instanceof NotRegularFileError && e.kind === "a character device" &&
        e.message === `${path} is a character device, not a regular file`;
      await assert.rejects(denoIo().readFile(path, { maxBytes: 300_000 }), refused);
      await assert.rejects(denoIo().readFile(path), refused);
      await assert.rejects(denoIo().openRead(path), refused);
    }
  },
});

/**
 * Runs `fn` with `Deno.open` refusing `path`, so that a reader that would open it (and block, for
 * a FIFO) fails at once instead; tells whether it tried.
 */
async function neverOpened(path: string, fn: () => Promise<void>): Promise<boolean> {
  const open = Deno.open;
  let tried = false;
  Deno.open = (file, options) => {
    if (file !== path) return open(file, options);
    tried = true;
    return Promise.reject(new Error(`${path} was opened`));
  };
  try {
    await fn();
  } finally {
    Deno.open = open;
  }
  return !tried;
}

Deno.test({
  name: "readFile, openRead and writeFileAtomic refuse a FIFO without opening it",
  ignore: Deno.build.os !== "linux",
  permissions: { read: true, write: true, run: true },
  fn: () =>
    inTempDir(async (dir) => {
      const fifo = `${dir}/fifo`;
      assert((await new Deno.Command("mkfifo", { args: [fifo] }).output()).success);
      const refused = (e: unknown) =>
        e instanceof NotRegularFileError && e.kind === "a FIFO" &&
        e.message === `${fifo} is a FIFO, not a regular file`;
      assert(
        await neverOpened(fifo, async () => {
          await assert.rejects(denoIo().readFile(fifo), refused);
          await assert.rejects(denoIo().readFile(fifo, { maxBytes: 10 }), refused);
          await assert.rejects(denoIo().openRead(fifo), refused);
          await assert.rejects(denoIo().writeFileAtomic(fifo, new Uint8Array([1])), refused);
        }),
        "the FIFO was opened",
      );
      assert((await Deno.lstat(fifo)).isFifo, "and it is not replaced");
    }),
});

Deno.test({
  name: "readFile and openRead follow a link to a regular file",
  ignore: Deno.build.os === "windows",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      await Deno.writeTextFile(`${dir}/target`, "hello");
      await Deno.symlink(`${dir}/target`, `${dir}/link`);
      assert.equal(new TextDecoder().decode(await denoIo().readFile(`${dir}/link`)), "hello");
      const stream = await denoIo().openRead(`${dir}/link`);
      assert.equal(await new Response(stream).text(), "hello");
    }),
});

/**
 * Runs `fn` while the file at `path`, once opened, grows by `more` right after its size is taken
 * (a file written while it is read): the reader's buffer, sized from that size, must grow.
 */
async function whileGrowing<T>(path: string, more: Uint8Array, fn: () => Promise<T>): Promise<T> {
  const open = Deno.open;
  Deno.open = async (file, options) => {
    const opened = await open(file, options);
    if (file !== path) return opened;
    const stat = opened.stat.bind(opened);
    opened.stat = async () => {
      const info = await stat();
      await Deno.writeFile(path, more, { append: true });
      return info;
    };
    return opened;
  };
  try {
    return await fn();
  } finally {
    Deno.open = open;
  }
}

Deno.test({
  name: "readFile reads all of a file that holds more than its size said (it grew)",
  permissions: { read: true, write: true },
  fn: () =>
    inTempDir(async (dir) => {
      const first = randomBytes(1000);
      const more = randomBytes(3 * 65536 + 17);
      await Deno.writeFile(`${dir}/f`, first);
      const bytes = await whileGrowing(`${dir}/f`, more, () => denoIo().readFile(`${dir}/f`));
      assert.deepEqual(bytes, new Uint8Array([...first, ...more]));
      // The bytes are kept in a buffer of their own size, not the grown one.
      assert.equal(bytes.buffer.byteLength, bytes.length);
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
      // A file that grows as it is read makes the buffer grow, so the parts are not views on the
      // bytes returned: the digest is taken from the bytes themselves.
      const grown = new Sha256AsRead();
      await Deno.writeFile(`${dir}/g`, whole.subarray(0, 10));
      const read = await whileGrowing(
        `${dir}/g`,
        whole.subarray(10),
        () => denoIo().readFile(`${dir}/g`, { onPart: grown.onPart }),
      );
      assert.deepEqual(read, whole);
      assert.equal(grown.digestOf(read), sha256Hex(whole));
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

Deno.test({
  name: "writeFileAtomic writes parts in order as they come, and nothing when they throw",
  fn: () =>
    inTempDir(async (dir) => {
      const path = `${dir}/t.jsonl`;
      const data = randomBytes(200_000);
      function* parts() {
        for (let at = 0; at < data.length; at += 65_000) yield data.subarray(at, at + 65_000);
      }
      await denoIo().writeFileAtomic(path, parts());
      assert.deepEqual(await Deno.readFile(path), data);
      // Parts that throw midway: the error is passed on, the file already there is kept, and no
      // temporary file is left.
      function* broken() {
        yield data.subarray(0, 10);
        throw new RangeError("no more parts");
      }
      await assert.rejects(denoIo().writeFileAtomic(path, broken()), RangeError);
      assert.deepEqual(await Deno.readFile(path), data);
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["t.jsonl"]);
    }),
});
