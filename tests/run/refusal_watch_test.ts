import assert from "node:assert/strict";
import type { RequestError } from "../../src/results/records.ts";
import { RefusalWatch } from "../../src/run/refusal_watch.ts";

const http = (status: number, message: string, transient = false): RequestError => ({
  kind: "http",
  message: `HTTP ${status}: ${message}`,
  status,
  transient,
});

Deno.test("RefusalWatch: the threshold reached only by exchanges all refused alike", async (t) => {
  const cases: [string, (RequestError | null | undefined)[], boolean][] = [
    ["the same status and message", [http(400, "no"), http(400, "no"), http(400, "no")], true],
    ["another message", [http(400, "no"), http(400, "not"), http(400, "no")], false],
    ["another status", [http(400, "no"), http(422, "no"), http(400, "no")], false],
    ["an answer", [http(400, "no"), null, http(400, "no")], false],
    ["a transient status", [http(400, "no"), http(503, "no", true), http(400, "no")], false],
    ["not an HTTP status", [http(400, "no"), {
      kind: "malformed",
      message: "no",
      status: 200,
      transient: false,
    }, http(400, "no")], false],
    // An exchange that ended unsent or unfinished does not count either way.
    ["one not finished", [http(400, "no"), undefined, http(400, "no"), http(400, "no")], true],
  ];
  for (const [name, ends, stops] of cases) {
    await t.step(name, () => {
      const watch = new RefusalWatch(3);
      const reached = ends.map((e) => {
        watch.begin();
        return watch.end("base", e);
      });
      assert.equal(reached.at(-1), stops);
      assert.equal(reached.filter((r) => r).length, stops ? 1 : 0);
      assert.equal(watch.refusal?.count ?? null, stops ? 3 : null);
    });
  }
});

Deno.test("RefusalWatch: holds a new exchange while those in flight could reach the threshold", async () => {
  const watch = new RefusalWatch(3);
  watch.begin();
  watch.begin();
  assert.equal(watch.holding(), false);
  watch.begin();
  assert.equal(watch.holding(), true);
  const woken = watch.change();
  watch.end("base", null);
  await woken;
  assert.equal(watch.holding(), false, "an answer ends the watch");
  assert.equal(watch.refusal, null);
});
