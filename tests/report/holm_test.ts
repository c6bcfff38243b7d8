import assert from "node:assert/strict";
import { holmAdjust } from "../../src/report/holm.ts";

Deno.test({
  name: "holmAdjust: worked example (exact fractions in reference_stats.py, as R p.adjust)",
  permissions: "none",
  fn: () => {
    // sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, max(0.04·1, 0.06) = 0.06
    assert.deepEqual(holmAdjust([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02]);
  },
});

Deno.test({
  name: "holmAdjust: Holm 1979's own illustration, monotone and capped at 1",
  permissions: "none",
  fn: async (t) => {
    await t.step("empty and single", () => {
      assert.deepEqual(holmAdjust([]), []);
      assert.deepEqual(holmAdjust([0.2]), [0.2]);
    });
    await t.step("capped at 1", () => {
      assert.deepEqual(holmAdjust([0.6, 0.9]), [1, 1]);
      assert.deepEqual(holmAdjust([1, 1, 1]), [1, 1, 1]);
    });
    await t.step("ties", () => {
      assert.deepEqual(holmAdjust([0.01, 0.01]), [0.02, 0.02]);
    });
    await t.step("zero stays zero", () => {
      assert.deepEqual(holmAdjust([0, 0.5]), [0, 0.5]);
    });
    await t.step("order of the adjusted follows the order of the raw", () => {
      const raw = [0.04, 0.001, 0.3, 0.012, 0.02];
      const adjusted = holmAdjust(raw);
      for (let i = 0; i < raw.length; i++) {
        assert.ok(adjusted[i]! >= raw[i]!);
        for (let j = 0; j < raw.length; j++) {
          if (raw[i]! < raw[j]!) assert.ok(adjusted[i]! <= adjusted[j]!);
        }
      }
      // 0.001·5, 0.012·4, 0.02·3, 0.04·2, 0.3·1 → 0.005, 0.048, 0.06, 0.08, max(0.3, 0.08)
      const expected = [0.08, 0.005, 0.3, 0.048, 0.06];
      adjusted.forEach((p, i) => assert.ok(Math.abs(p - expected[i]!) < 1e-15, `${i}: ${p}`));
    });
  },
});

Deno.test({
  name: "holmAdjust refuses what is not a p-value",
  permissions: "none",
  fn: () => {
    assert.throws(() => holmAdjust([Number.NaN]), RangeError);
    assert.throws(() => holmAdjust([1.5]), RangeError);
    assert.throws(() => holmAdjust([-0.1]), RangeError);
  },
});
