/**
 * A child process for `deno_fetch_test.ts`: one exchange, on the run's `fetch`, with a local server
 * that answers 200 with a body of `CAP - 1` one-byte chunks (`1\r\n \r\n` …), under the cap. It
 * prints the outcome as JSON (`{"ok":…,"bytes":…}`). Run with a small V8 heap, it shows that
 * what the reader holds does not grow with the number of chunks.
 *
 * @module
 */

import { exchange } from "../../src/run/http.ts";
import { denoFetch } from "../../src/cli/deno_fetch.ts";

const CAP = Number(Deno.args[0] ?? 1 << 20);
const enc = new TextEncoder();
const head = enc.encode(
  "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
);
const one = enc.encode("1\r\n \r\n");
const block = new Uint8Array(one.length * 4096);
for (let i = 0; i < 4096; i++) block.set(one, i * one.length);

const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
const serving = (async () => {
  const conn = await listener.accept();
  await conn.read(new Uint8Array(64 * 1024));
  const write = async (bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
  };
  await write(head);
  let left = CAP - 1;
  while (left > 0) {
    const n = Math.min(left, 4096);
    await write(n === 4096 ? block : block.subarray(0, n * one.length));
    left -= n;
  }
  await write(enc.encode("0\r\n\r\n"));
  await conn.read(new Uint8Array(16)).catch(() => null);
  conn.close();
})();

const http = denoFetch();
const out = await exchange(
  http.fetch,
  `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/v1/chat/completions`,
  { body: "{}" },
  { timeoutMs: 600_000, maxResponseBytes: CAP, timers: globalThis },
);
http.close();
listener.close();
await serving.catch(() => {});
console.log(
  JSON.stringify(out.ok ? { ok: true, bytes: out.body.length } : { ok: false, error: out.error }),
);
