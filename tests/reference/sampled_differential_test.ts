/**
 * Differential test: the figures of several samples per item (src/report/stats/sampled_accuracy.ts,
 * pass_k.ts, sampled_difference.ts, sampled_planning.ts) against the Python reference
 * (reference/python/sampled.py, written from the definitions with numpy's cumulative sums for the
 * betting interval's bets, scipy's brentq for its ends, exact binomial coefficients and scipy's t
 * distribution for the planning's power term) on 1,000 seeded random families, in one Python
 * process. Skipped, with a message, only when there is no python3 with numpy and scipy
 * (tests/support/python.ts); a failure instead under `ASSESS_REQUIRE_PYTHON=1`.
 */

import assert from "node:assert/strict";
import { passK } from "../../src/report/stats/pass_k.ts";
import { sampledAccuracy, type SampledItem } from "../../src/report/stats/sampled_accuracy.ts";
import { sampledDifference } from "../../src/report/stats/sampled_difference.ts";
import {
  differenceVariance,
  sampledDetectable,
  sampledItemsToDecide,
} from "../../src/report/stats/sampled_planning.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { Prng } from "./_prng.ts";

const FAMILIES = 1_000;
const SEED = 20261228;
const LEVELS = [0.05, 0.025, 0.05 / 3, 0.01];
/** The margins the families take in turn, for the items that would decide them. */
const MARGINS = [0, 0.01, 0.05];
/** Every figure must agree to this, absolute. */
const TOLERANCE = 1e-9;
const SAMPLED_PY = new URL("../../reference/python/sampled.py", import.meta.url).pathname;

const skip = await pythonSkip("sampled differential", "scipy");

interface Family {
  readonly level: number;
  /** The decision's margin, a fraction: 0, 1 point or 5 points, in turn. */
  readonly margin: number;
  readonly samples: number;
  /** [asked, right] per item, for each model. */
  readonly first: [number, number][];
  readonly second: [number, number][];
}

/**
 * Random families: 1 to 400 items (many small), K from 2 to 64, each model's per-item right-share
 * drawn around its own accuracy (or all items alike, or all right, or all wrong), some samples
 * lost to errors, and some items a model never answered.
 */
function randomFamilies(seed: number, count: number): Family[] {
  const rng = new Prng(seed);
  const uniform = () => rng.next() / 0x100000000;
  return Array.from({ length: count }, () => {
    const n = rng.chance(0.5) ? 1 + rng.int(12) : 1 + rng.int(400);
    const samples = rng.pick([2, 3, 4, 5, 8, 16, 64, 2 + rng.int(63)]);
    const lossy = rng.chance(0.3);
    const model = () => {
      const kind = rng.int(6);
      const mean = uniform();
      return Array.from({ length: n }, (): [number, number] => {
        if (lossy && rng.chance(0.05)) return [0, 0];
        const asked = lossy && rng.chance(0.2) ? 1 + rng.int(samples) : samples;
        const p = kind === 0
          ? 1
          : kind === 1
          ? 0
          : kind === 2
          ? mean
          : uniform() * 0.5 + mean * 0.5;
        let right = 0;
        for (let s = 0; s < asked; s++) if (uniform() < p) right++;
        return [asked, right];
      });
    };
    return { level: rng.pick(LEVELS), samples, first: model(), second: model() };
  }).map((f, n) => ({ ...f, margin: MARGINS[n % MARGINS.length]! }));
}

interface PythonFamily {
  accuracy: number;
  lower: number;
  upper: number;
  within: number | null;
  between: number | null;
  passK: {
    k: number;
    passAt: number;
    passAtLower: number;
    passAtUpper: number;
    passAll: number;
    passAllLower: number;
    passAllUpper: number;
  }[];
  difference: number;
  dLower: number;
  dUpper: number;
  pValue: number;
  method: string;
  dWithin: number | null;
  dBetween: number | null;
  detectable: number[] | null;
  itemsToDecide: number | null;
}

const items = (pairs: [number, number][]): SampledItem[] =>
  pairs.filter(([asked]) => asked > 0).map(([asked, right]) => ({ asked, right }));

Deno.test({
  name: `sampled differential: ${FAMILIES.toLocaleString("en")} random families, every figure ` +
    `within ${TOLERANCE} of reference/python/sampled.py`,
  ignore: skip !== null,
  fn: async () => {
    const families = randomFamilies(SEED, FAMILIES);
    const input = families.map((f) => JSON.stringify(f) + "\n").join("");
    const text = await runScript(SAMPLED_PY, { input, need: "scipy" });
    const python = text.split("\n").filter((l) => l !== "").map((l) =>
      JSON.parse(l) as PythonFamily
    );
    assert.equal(python.length, families.length, "one answer per family");
    const wrong: string[] = [];
    let worst = 0;
    let significant = 0;
    let decidable = 0;
    families.forEach((f, n) => {
      const py = python[n]!;
      const accuracy = sampledAccuracy(items(f.first), { level: f.level });
      const pk = passK(items(f.first), f.samples, { level: f.level });
      const shares = f.first.flatMap(([a1, r1], i) => {
        const [a2, r2] = f.second[i]!;
        return a1 > 0 && a2 > 0 ? [{ first: r1 / a1, second: r2 / a2 }] : [];
      });
      const d = sampledDifference(shares, { level: f.level });
      const parts = differenceVariance(
        f.first.map(([asked, right], i) => ({
          first: { asked, right },
          second: { asked: f.second[i]![0], right: f.second[i]![1] },
        })),
      );
      const plans = parts.between === null || parts.within === null
        ? []
        : [[parts.items, f.samples], [parts.items, 2 * f.samples], [2 * parts.items, f.samples]]
          .map(([items, samples]) =>
            sampledDetectable({ between: parts.between!, within: parts.within! }, {
              items: items!,
              samples: samples!,
              alpha: f.level,
            })
          );
      assert.equal(plans.length, py.detectable?.length ?? 0, `family ${n}: planning`);
      // How many items of K samples would decide it: the same whole number. The distance to
      // detect is the difference's size, or with a margin its distance from −margin if larger.
      const toDecide = parts.between === null || parts.within === null
        ? null
        : sampledItemsToDecide(
          { between: parts.between, within: parts.within },
          { items: 2, samples: f.samples, alpha: f.level },
          Math.max(Math.abs(d.difference), f.margin > 0 ? d.difference + f.margin : 0),
        );
      if (toDecide !== (py.itemsToDecide ?? null)) {
        wrong.push(`family ${n}: items to decide ${toDecide}, Python ${py.itemsToDecide}`);
      }
      if (toDecide !== null) decidable++;
      if (d.method !== py.method) {
        wrong.push(`family ${n}: method ${d.method}, Python ${py.method}`);
      }
      if (d.pValue < f.level) significant++;
      const pairs: [string, number | null, number | null][] = [
        ["accuracy", accuracy.accuracy, py.accuracy],
        ["lower", accuracy.lower, py.lower],
        ["upper", accuracy.upper, py.upper],
        ["within", accuracy.withinVariance, py.within],
        ["between", accuracy.betweenVariance, py.between],
        ["difference", d.difference, py.difference],
        ["difference lower", d.lower, py.dLower],
        ["difference upper", d.upper, py.dUpper],
        ["p-value", d.pValue, py.pValue],
        ["difference within", parts.within, py.dWithin],
        ["difference between", parts.between, py.dBetween],
        ...plans.map((
          x,
          j,
        ): [string, number, number] => [`detectable ${j}`, x, py.detectable![j]!]),
        ...pk.flatMap((k, j): [string, number, number][] => {
          const p = py.passK[j]!;
          return [
            [`pass@${k.k}`, k.passAt, p.passAt],
            [`pass@${k.k} lower`, k.passAtInterval.lower, p.passAtLower],
            [`pass@${k.k} upper`, k.passAtInterval.upper, p.passAtUpper],
            [`pass^${k.k}`, k.passAll, p.passAll],
            [`pass^${k.k} lower`, k.passAllInterval.lower, p.passAllLower],
            [`pass^${k.k} upper`, k.passAllInterval.upper, p.passAllUpper],
          ];
        }),
      ];
      assert.equal(pk.length, py.passK.length);
      for (const [name, ts, ref] of pairs) {
        const off = ts === null || ref === null ? (ts === ref ? 0 : Infinity) : Math.abs(ts - ref);
        worst = Math.max(worst, off);
        if (!(off <= TOLERANCE)) {
          wrong.push(`family ${n}, ${name}: TypeScript ${ts}, Python ${ref}`);
        }
      }
    });
    assert.ok(
      wrong.length === 0,
      `${wrong.length} figures disagree; the first:\n${wrong.slice(0, 8).join("\n")}`,
    );
    // The generator reaches both decisions.
    assert.ok(significant > FAMILIES / 10 && significant < (FAMILIES * 9) / 10, `${significant}`);
    // And many families have a number of items that would decide them.
    assert.ok(decidable > FAMILIES / 4, `${decidable} families with items to decide`);
    console.log(
      `sampled differential: ${families.length} families (${significant} significant, ` +
        `${decidable} with items to decide), all agree; ` +
        `largest difference ${worst.toExponential(1)}`,
    );
  },
});
