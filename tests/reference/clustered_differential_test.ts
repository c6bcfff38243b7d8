/**
 * Differential test: the clustered comparison (src/report/stats/clustered_difference.ts: the
 * design effect, the effective items, whether the clusters are material, the betting interval over
 * the clusters and its p-value) against the Python reference (reference/python/clustered.py,
 * written from the definitions with numpy over the items' differences and scipy's brentq for the
 * interval's ends) on 600 seeded random families, in one Python process. Skipped, with a message,
 * only when there is no python3 with numpy and scipy; a failure instead under
 * `ASSESS_REQUIRE_PYTHON=1`.
 */

import assert from "node:assert/strict";
import {
  type ClusterCounts,
  clusteredDifference,
  clustersMaterial,
} from "../../src/report/stats/clustered_difference.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { Prng } from "./_prng.ts";

const FAMILIES = 600;
const TOLERANCE = 1e-9;
const CLUSTERED_PY = new URL("../../reference/python/clustered.py", import.meta.url).pathname;
const skip = await pythonSkip("clustered differential", "scipy");

interface Family {
  readonly level: number;
  readonly clusters: [number, number, number][];
}

/** 1 to 300 clusters of 1 to 30 items, one per cluster now and then, discordance and drift varied. */
function randomFamilies(seed: number, count: number): Family[] {
  const rng = new Prng(seed);
  return Array.from({ length: count }, () => {
    const J = rng.chance(0.3) ? 1 + rng.int(8) : 1 + rng.int(300);
    const maxSize = rng.pick([1, 2, 5, 30]);
    const discordance = rng.pick([0, 0.02, 0.1, 0.3, 0.8]);
    const up = rng.next() / 0x100000000;
    const together = rng.chance(0.5);
    const clusters = Array.from({ length: J }, (): [number, number, number] => {
      const m = 1 + rng.int(maxSize);
      const shared = rng.chance(discordance) ? (rng.chance(up) ? 1 : -1) : 0;
      let b = 0;
      let c = 0;
      for (let i = 0; i < m; i++) {
        const v = together && rng.chance(0.6)
          ? shared
          : rng.chance(discordance)
          ? (rng.chance(up) ? 1 : -1)
          : 0;
        if (v === 1) b++;
        if (v === -1) c++;
      }
      return [m, b, c];
    });
    return { level: rng.pick([0.045, 0.0225, 0.015, 0.5]), clusters };
  });
}

Deno.test({
  name: `clustered differential: ${FAMILIES} random families within ${TOLERANCE} of ` +
    "reference/python/clustered.py",
  ignore: skip !== null,
  fn: async () => {
    const families = randomFamilies(20261207, FAMILIES);
    const input = families.map((f) => JSON.stringify(f) + "\n").join("");
    const text = await runScript(CLUSTERED_PY, { input, need: "scipy" });
    const python = text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
    assert.equal(python.length, families.length);
    const wrong: string[] = [];
    let material = 0;
    let decided = 0;
    families.forEach((f, i) => {
      const clusters: ClusterCounts[] = f.clusters.map(([items, onlyFirst, onlySecond]) => ({
        items,
        onlyFirst,
        onlySecond,
      }));
      const ts = clusteredDifference(clusters, { level: f.level });
      const py = python[i];
      const near = (a: number | null, b: number | null) =>
        a === null || b === null
          ? a === b
          : Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(b));
      for (
        const key of [
          "designEffect",
          "effectiveItems",
          "difference",
          "lower",
          "upper",
          "pValue",
        ] as const
      ) {
        if (!near(ts[key], py[key])) {
          wrong.push(`family ${i} ${key}: ${ts[key]} against ${py[key]}`);
        }
      }
      if (ts.items !== py.items || ts.clusters !== py.clusters) wrong.push(`family ${i} counts`);
      if (clustersMaterial(ts) !== py.material) wrong.push(`family ${i} material`);
      if (py.material) material++;
      if (ts.lower > 0 || ts.upper < 0) decided++;
    });
    assert.deepEqual(wrong.slice(0, 10), []);
    // The families reach both sides of each rule.
    assert.ok(material > 100 && material < FAMILIES - 100, `${material} material`);
    assert.ok(decided > 30, `${decided} decided`);
  },
});
