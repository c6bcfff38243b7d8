import assert from "node:assert/strict";
import fc from "fast-check";
import { holmAdjust, holmLevels } from "../../../src/report/stats/holm.ts";

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

Deno.test({
  name: "holmLevels: the level of each step, and where the procedure stops",
  permissions: "none",
  fn: async (t) => {
    await t.step("all rejected: each at the level of its own step", () => {
      assert.deepEqual(holmLevels([0.02, 0.001, 0.01], 0.05), [
        { rejected: true, level: 0.05 },
        { rejected: true, level: 0.05 / 3 },
        { rejected: true, level: 0.05 / 2 },
      ]);
    });
    await t.step("stops at step 2: the rest decided at that step's level", () => {
      // 0.001·4 < 0.05; 0.02·3 = 0.06 fails: j = 2, so ranks 2, 3, 4 at 0.05/3.
      assert.deepEqual(holmLevels([0.03, 0.02, 0.001, 0.04], 0.05), [
        { rejected: false, level: 0.05 / 3 },
        { rejected: false, level: 0.05 / 3 },
        { rejected: true, level: 0.05 / 4 },
        { rejected: false, level: 0.05 / 3 },
      ]);
    });
    await t.step("nothing rejected: everything at alpha/m; empty", () => {
      assert.deepEqual(holmLevels([0.5, 0.04], 0.05), [
        { rejected: false, level: 0.025 },
        { rejected: false, level: 0.025 },
      ]);
      assert.deepEqual(holmLevels([], 0.05), []);
    });
    await t.step("one comparison: alpha itself", () => {
      assert.deepEqual(holmLevels([0.049], 0.05), [{ rejected: true, level: 0.05 }]);
      assert.deepEqual(holmLevels([0.05], 0.05), [{ rejected: false, level: 0.05 }]);
    });
    await t.step("refuses an alpha out of (0, 1) and p-values that are not", () => {
      assert.throws(() => holmLevels([0.1], 0), RangeError);
      assert.throws(() => holmLevels([0.1], 1), RangeError);
      assert.throws(() => holmLevels([2], 0.05), RangeError);
    });
  },
});

Deno.test({
  name: "holmLevels: p < level exactly when Holm rejects (property, dyadic p-values)",
  permissions: "none",
  fn: () => {
    // p = k/4096: (m − r + 1)·p is exact, so "p < alpha/(m − k + 1)" is decided without rounding.
    const arb = fc.tuple(
      fc.array(fc.integer({ min: 0, max: 4096 }).map((k) => k / 4096), {
        minLength: 1,
        maxLength: 8,
      }),
      fc.constantFrom(0.05, 0.1, 0.01),
    );
    fc.assert(
      fc.property(arb, ([ps, alpha]) => {
        const adjusted = holmAdjust(ps);
        const levels = holmLevels(ps, alpha);
        const m = ps.length;
        levels.forEach(({ rejected, level }, i) => {
          assert.equal(rejected, adjusted[i]! < alpha);
          assert.equal(ps[i]! < level, rejected, `p ${ps[i]} at ${level} in ${ps}`);
          assert.ok(level >= alpha / m && level <= alpha);
        });
      }),
      { numRuns: 2000, seed: 3 },
    );
  },
});
