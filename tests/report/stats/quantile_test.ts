import assert from "node:assert/strict";
import { spread } from "../../../src/report/stats/quantile.ts";

Deno.test({
  name: "spread: median and nearest-rank p95",
  permissions: "none",
  fn: async (t) => {
    await t.step("empty", () => assert.equal(spread([]), undefined));
    await t.step("one", () => assert.deepEqual(spread([7]), { median: 7, p95: 7 }));
    await t.step("odd", () => assert.deepEqual(spread([5, 1, 3]), { median: 3, p95: 5 }));
    await t.step("even", () => assert.deepEqual(spread([4, 1, 3, 2]), { median: 2.5, p95: 4 }));
    await t.step("20 values: the 19th", () => {
      const values = Array.from({ length: 20 }, (_, i) => 20 - i);
      assert.deepEqual(spread(values), { median: 10.5, p95: 19 });
    });
    await t.step("100 values: the 95th", () => {
      const values = Array.from({ length: 100 }, (_, i) => (i * 37) % 100 + 1);
      assert.deepEqual(spread(values), { median: 50.5, p95: 95 });
    });
    await t.step("does not modify its input", () => {
      const values = [3, 1, 2];
      spread(values);
      assert.deepEqual(values, [3, 1, 2]);
    });
    await t.step("refuses a value that is not finite", () => {
      assert.throws(() => spread([1, Number.NaN]), RangeError);
    });
  },
});
