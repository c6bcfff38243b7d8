import assert from "node:assert/strict";
import { CappedBody } from "../../src/run/capped_body.ts";
import { exchange } from "../../src/run/http.ts";

Deno.test("a body of a million one-byte parts holds about its size, never a part", () => {
  const cap = 1 << 20;
  const body = new CappedBody(cap);
  const part = new Uint8Array(1);
  for (let i = 0; i < cap; i++) {
    part[0] = i & 0xff;
    assert.equal(body.add(part), true);
    if ((i & 0xffff) === 0) assert(body.held <= Math.max(16 * 1024, 2 * body.size), `${i}`);
  }
  assert.equal(body.size, cap);
  assert.equal(body.held, cap, "never over the cap");
  const bytes = body.bytes();
  assert.equal(bytes.length, cap);
  assert(bytes.every((b, i) => b === (i & 0xff)), "each part copied as it came");
  assert.equal(body.add(new Uint8Array(1)), false, "one byte more is past the cap");
  assert.equal(body.size, cap);
});

Deno.test("a part past the cap keeps nothing of it; an empty part changes nothing", () => {
  const body = new CappedBody(1024);
  assert.equal(body.add(new Uint8Array(0)), true);
  assert.equal(body.add(new Uint8Array(1000)), true);
  assert.equal(body.add(new Uint8Array(25)), false);
  assert.equal(body.size, 1000);
  assert.equal(body.held, 1024, "the first buffer is the cap when the cap is smaller");
});

Deno.test("the exchange copies each part as it comes: a stream that reuses its buffer reads right", async () => {
  // One Uint8Array, rewritten before each part is handed out: a reader that keeps the parts
  // instead of their bytes ends with every byte the last one (and holds an object per part).
  const text = `{"reply":"${"abcdefghij".repeat(2000)}"}`;
  const bytes = new TextEncoder().encode(text);
  const shared = new Uint8Array(1);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at === bytes.length) {
        shared[0] = 0x21;
        controller.close();
        return;
      }
      shared[0] = bytes[at++]!;
      controller.enqueue(shared);
    },
  }, { highWaterMark: 0 });
  const fetchFn = (() => Promise.resolve(new Response(stream))) as typeof fetch;
  const out = await exchange(fetchFn, "http://127.0.0.1:1/v1/chat/completions", { body: "{}" }, {
    timeoutMs: 60_000,
    maxResponseBytes: 1 << 20,
    timers: globalThis,
  });
  assert.equal(out.ok, true);
  if (out.ok) assert(out.body === text, `read ${out.body.slice(0, 40)}…, not the bytes sent`);
});
