import assert from "node:assert/strict";
import { streamOutput } from "../../src/cli/stream_output.ts";

/** A stream that takes at most `most` bytes a write, and breaks at write number `breakAt`. */
function stream(most: number, breakAt: number | null, error?: Error) {
  const written: number[][] = [];
  return {
    written,
    isTerminal: () => false,
    write(bytes: Uint8Array): Promise<number> {
      if (written.length + 1 === breakAt) {
        written.push([]);
        return Promise.reject(error ?? new Deno.errors.BrokenPipe("Broken pipe (os error 32)"));
      }
      const part = [...bytes.subarray(0, most)];
      written.push(part);
      return Promise.resolve(part.length);
    },
  };
}

Deno.test("streamOutput writes each text whole, however little a write takes", async () => {
  const s = stream(3, null);
  await streamOutput(s).write("hello, world\n");
  assert.equal(new TextDecoder().decode(Uint8Array.from(s.written.flat())), "hello, world\n");
  assert.equal(s.written.length, 5);
});

Deno.test("a reader gone (broken pipe): the rest is dropped, nothing thrown, nothing written after", async () => {
  // `assess report | head`: it was an internal error (exit 70) before.
  const s = stream(4, 2);
  const out = streamOutput(s);
  await out.write("0123456789");
  await out.write("more\n");
  assert.deepEqual(s.written, [[0x30, 0x31, 0x32, 0x33], []]);
});

Deno.test("any other failure to write is thrown as it is", async () => {
  const s = stream(4, 1, new Deno.errors.PermissionDenied("no"));
  await assert.rejects(streamOutput(s).write("x"), Deno.errors.PermissionDenied);
});
