/**
 * Simulation (seeded, bounded): the paired comparison of several samples per item keeps its
 * level. For K = 2, 4 and 8, families of 40 items, each item with its own true share for each
 * model (drawn fresh for every family), every model asked K times per item: the 95% interval of
 * `sampledDifference` covers the true mean difference about 95% of the time, and at a true
 * difference of 0 it calls the first model `better` (lower limit above 0) no more often than its
 * one-sided 2.5%. The bounds leave three standard errors of the simulation's own noise. With 3, 6
 * and 12 items (the exact sign-flip test, as in a category of a small split), `better` at a true
 * difference of 0 keeps its level too, where the t test on such items did not (items alike give
 * a t interval of no width).
 */

import assert from "node:assert/strict";
import { sampledDifference } from "../../../src/report/stats/sampled_difference.ts";
import { Prng } from "../../reference/_prng.ts";

const FAMILIES = 2_000;
const ITEMS = 40;
const LEVEL = 0.05;

/** Right answers of `k` samples at share `p`. */
function draws(rng: Prng, p: number, k: number): number {
  let right = 0;
  for (let s = 0; s < k; s++) if (rng.next() / 0x100000000 < p) right++;
  return right;
}

/**
 * One family: each item's true shares (the first model's `shift` above the second's, kept in
 * [0, 1]), the observed shares of K samples each, and the true mean difference over the items.
 */
function family(rng: Prng, k: number, shift: number, items = ITEMS, coin = false) {
  const pairs: { first: number; second: number }[] = [];
  let truth = 0;
  for (let i = 0; i < items; i++) {
    // Items from hard to easy, some nearly always right or wrong (the xlam spread).
    const u = rng.next() / 0x100000000;
    const second = coin ? 0.5 : u < 0.3 ? 0.95 : u < 0.4 ? 0.05 : rng.next() / 0x100000000;
    const first = Math.min(1, Math.max(0, second + shift));
    truth += first - second;
    pairs.push({ first: draws(rng, first, k) / k, second: draws(rng, second, k) / k });
  }
  return { pairs, truth: truth / items };
}

for (const k of [2, 4, 8]) {
  Deno.test(
    `sampled simulation, K = ${k}: coverage near 95%, better at most 2.5% at no difference`,
    {
      permissions: "none",
    },
    () => {
      const rng = new Prng(20261228 + k);
      let covered = 0;
      let better = 0;
      for (let f = 0; f < FAMILIES; f++) {
        const shifted = family(rng, k, 0.05);
        const d = sampledDifference(shifted.pairs, { level: LEVEL });
        if (d.lower <= shifted.truth && shifted.truth <= d.upper) covered++;
        const none = sampledDifference(family(rng, k, 0).pairs, { level: LEVEL });
        if (none.lower > 0) better++;
      }
      const coverage = covered / FAMILIES;
      const se = Math.sqrt((0.95 * 0.05) / FAMILIES);
      assert.ok(Math.abs(coverage - 0.95) <= 3 * se, `coverage ${coverage}`);
      const betterRate = better / FAMILIES;
      const seBetter = Math.sqrt((0.025 * 0.975) / FAMILIES);
      assert.ok(betterRate <= 0.025 + 3 * seBetter, `better at no difference ${betterRate}`);
      console.log(`sampled simulation, K = ${k}: coverage ${coverage}, better at 0 ${betterRate}`);
    },
  );
}

for (const items of [2, 3, 6, 12]) {
  Deno.test(
    `sampled simulation, ${items} items: better at most 2.5% at no difference (exact test)`,
    { permissions: "none" },
    () => {
      const rng = new Prng(20261228 + 100 * items);
      let better = 0;
      let tries = 0;
      for (const [k, coin] of [[1, true], [2, true], [1, false], [2, false], [4, false]] as const) {
        for (let f = 0; f < FAMILIES; f++) {
          const d = sampledDifference(family(rng, k, 0, items, coin).pairs, { level: LEVEL });
          if (d.lower > 0) better++;
          tries++;
        }
      }
      const rate = better / tries;
      const se = Math.sqrt((0.025 * 0.975) / tries);
      assert.ok(rate <= 0.025 + 3 * se, `better at no difference ${rate}`);
      console.log(`sampled simulation, ${items} items: better at 0 ${rate} of ${tries}`);
    },
  );
}
