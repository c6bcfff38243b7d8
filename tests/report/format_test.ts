import assert from "node:assert/strict";
import fc from "fast-check";
import { count } from "../../src/report/_format.ts";

Deno.test({
  name: "count groups thousands as the en-US locale does, for every whole number",
  permissions: "none",
  fn: () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        assert.equal(count(n), n.toLocaleString("en-US"));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, 999, 1000, 60_000, 999_999, 1_000_000]) {
      assert.equal(count(n), n.toLocaleString("en-US"));
    }
  },
});
