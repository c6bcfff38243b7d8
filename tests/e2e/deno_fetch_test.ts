/**
 * The run's `fetch` (`src/cli/deno_fetch.ts`) in a Deno process of its own: it honours
 * `HTTP_PROXY` as Deno's fetch does, and a body of tiny chunks fits a small V8 heap.
 */

import assert from "node:assert/strict";
import { startRawServer } from "../support/http1_server.ts";

const REPLY = '{"choices": []}';

Deno.test("the run's fetch goes through HTTP_PROXY, as Deno's fetch does", async () => {
  const targets: string[] = [];
  const proxy = startRawServer(0, (req) => {
    targets.push(req.path);
    return { kind: "respond", status: 200, body: REPLY };
  });
  try {
    const module = new URL("../../src/cli/deno_fetch.ts", import.meta.url).href;
    const script = `import { denoFetch } from ${JSON.stringify(module)};
      const http = denoFetch();
      const response = await http.fetch("http://assess-proxy-test.invalid/v1/models");
      console.log(response.status, await response.text());
      http.close();`;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--no-config", script],
      env: { HTTP_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: "" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(new TextDecoder().decode(out.stderr), "");
    assert.equal(new TextDecoder().decode(out.stdout), `200 ${REPLY}\n`);
    assert.deepEqual(targets, ["http://assess-proxy-test.invalid/v1/models"]);
  } finally {
    await proxy.close();
  }
});

Deno.test({
  name: "a body of tiny chunks is held at its size: 50,000 one-byte chunks fit a 10 MiB heap",
  // The reader once kept each chunk as its own array: this body took a heap of several hundred
  // MiB there (a V8 out-of-memory crash under this cap); copied as it comes, it takes ~100 KiB.
  permissions: { run: true, read: true, net: true },
  async fn() {
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-check",
        "--v8-flags=--max-old-space-size=10",
        "--allow-net=127.0.0.1",
        new URL("./_tiny_chunks.ts", import.meta.url).pathname,
        "50001",
      ],
      stdout: "piped",
      stderr: "piped",
    });
    const out = await child.output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr.slice(-2000));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), { ok: true, bytes: 50_000 });
  },
});
