/**
 * `serving.routingHeader`: every chat request of a run carries the header with its item's routing
 * key, the same for every model and sample of an item and another for each item, as the emulator
 * recorded them; none without the key; a name that is not an RFC 9110 token, or that assess or
 * HTTP uses, is refused with 64.
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { assess } from "./_in_process.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";

const N = 24;

/** The key as reference/run.md defines it, computed here apart from src/run/routing_key.ts. */
function expectedKey(id: number): string {
  return `assess-${createHash("sha256").update(`assess-route\n${id}`).digest("hex").slice(0, 32)}`;
}

Deno.test("every chat request carries serving.routingHeader with its item's key: one key per item, for every model and sample", async () => {
  const emu = await startEmulator({ rows: syntheticRows(N), adapters: ["tuned"], record: true });
  try {
    const s = await setupRun(N, {
      url: emu.url,
      adapters: [{ name: "tuned" }],
      samples: 2,
      temperature: 1,
      routingHeader: "X-Session-Id",
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    // The server check's request, then 24 items × 2 models × 2 samples.
    assert.equal(emu.requests.length, 1 + N * 2 * 2);
    const keys = new Map<number, Set<string>>();
    for (const r of emu.requests) {
      assert.equal(typeof r.itemId, "number");
      const key = r.headers["x-session-id"];
      assert.equal(key, expectedKey(r.itemId as number), `request ${r.n}`);
      const set = keys.get(r.itemId as number) ?? new Set();
      set.add(key!);
      keys.set(r.itemId as number, set);
    }
    assert.equal(keys.size, N);
    for (const set of keys.values()) assert.equal(set.size, 1);
    assert.equal(new Set([...keys.values()].map((s) => [...s][0])).size, N);
  } finally {
    await emu.close();
  }
});

Deno.test("without serving.routingHeader no request carries a routing key", async () => {
  const emu = await startEmulator({ rows: syntheticRows(8), adapters: ["tuned"], record: true });
  try {
    const s = await setupRun(8, { url: emu.url, adapters: [{ name: "tuned" }] });
    assert.equal((await assess(["run", "-config", s.config, "-out", s.out])).code, 0);
    for (const r of emu.requests) {
      assert.deepEqual(
        Object.values(r.headers).filter((v) => /^assess-[0-9a-f]{32}$/.test(v)),
        [],
      );
    }
  } finally {
    await emu.close();
  }
});

Deno.test("serving.routingHeader that is not a token, or a header assess or HTTP uses, is refused with 64", async () => {
  const cases: [string, RegExp][] = [
    ['"x session"', /serving\.routingHeader/],
    ['"x-key:"', /serving\.routingHeader/],
    ['""', /serving\.routingHeader/],
    ['"é-key"', /serving\.routingHeader/],
    ["Content-Type", /serving\.routingHeader: Content-Type is a header assess sends itself/],
    ["x-request-id", /serving\.routingHeader: x-request-id is a header assess sends itself/],
    ["Authorization", /serving\.routingHeader: Authorization is a header/],
    ["host", /serving\.routingHeader: host is a header/],
  ];
  for (const [name, expected] of cases) {
    const s = await setupRun(4, { url: "http://127.0.0.1:9/v1", routingHeader: name });
    const ran = await assess(["validate", "-config", s.config]);
    assert.equal(ran.code, 64, name);
    assert.match(ran.stderr, expected, name);
  }
  for (const name of ["x-session-id", "x-smg-routing-key", "X_Route.Key~1"]) {
    const s = await setupRun(4, { url: "http://127.0.0.1:9/v1", routingHeader: name });
    const ran = await assess(["validate", "-config", s.config]);
    assert.equal(ran.code, 0, `${name}: ${ran.stderr}`);
  }
});
