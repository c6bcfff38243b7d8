import assert from "node:assert/strict";
import { homogeneityTest } from "../../../src/report/stats/homogeneity.ts";
import { Prng } from "../../reference/_prng.ts";
import { assertClose } from "../_close.ts";
import { reference, skipReason } from "../_python.ts";

type Groups = ReadonlyArray<readonly [number, number]>;

// scipy.stats.chi2_contingency(table, correction=False): statistic, p-value, dof, smallest
// expected count.
const COMPUTED: ReadonlyArray<readonly [Groups, number, number, number, number]> = [
  [
    [[812, 1000], [790, 1000], [761, 1000]],
    7.824712618860493,
    0.019993335030750146,
    2,
    212.33333333333334,
  ],
  [[[45, 50], [30, 50]], 12.0, 0.0005320055051392492, 1, 12.5],
  [
    [[3, 10], [7, 12], [1, 9], [20, 25]],
    15.917648745519713,
    0.0011789304675976218,
    3,
    4.017857142857143,
  ],
  [
    [[59000, 60000], [58800, 60000], [58950, 60000], [59100, 60000]],
    45.97571971157898,
    5.73930492708554e-10,
    3,
    1037.5,
  ],
];

const groups = (g: Groups) => g.map(([successes, trials]) => ({ successes, trials }));

Deno.test({
  name: "homogeneityTest: scipy's chi2_contingency values (no continuity correction)",
  permissions: "none",
  fn: () => {
    for (const [g, statistic, p, df, expected] of COMPUTED) {
      const got = homogeneityTest(groups(g));
      const what = JSON.stringify(g);
      assertClose(got.statistic, statistic, 1e-12, what);
      assertClose(got.pValue, p, 1e-11, what);
      assert.equal(got.degreesOfFreedom, df);
      assertClose(got.minimumExpected, expected, 1e-14, what);
    }
  },
});

Deno.test({
  name: "homogeneityTest: two groups give the square of the pooled two-proportion z statistic",
  permissions: "none",
  fn: () => {
    for (const [x1, n1, x2, n2] of [[45, 50, 30, 50], [700, 1000, 740, 1200], [1, 7, 6, 9]]) {
      const p1 = x1! / n1!;
      const p2 = x2! / n2!;
      const p = (x1! + x2!) / (n1! + n2!);
      const z = (p1 - p2) / Math.sqrt(p * (1 - p) * (1 / n1! + 1 / n2!));
      assertClose(homogeneityTest(groups([[x1!, n1!], [x2!, n2!]])).statistic, z * z, 1e-12);
    }
  },
});

Deno.test({
  name: "homogeneityTest: nothing to compare, nothing varying, empty groups left out",
  permissions: "none",
  fn: () => {
    assert.deepEqual(homogeneityTest([]), {
      statistic: 0,
      degreesOfFreedom: 0,
      pValue: 1,
      minimumExpected: 0,
    });
    assert.deepEqual(homogeneityTest(groups([[5, 10]])), {
      statistic: 0,
      degreesOfFreedom: 0,
      pValue: 1,
      minimumExpected: 5,
    });
    const all = homogeneityTest(groups([[10, 10], [20, 20]]));
    assert.deepEqual(all, { statistic: 0, degreesOfFreedom: 1, pValue: 1, minimumExpected: 0 });
    const same = homogeneityTest(groups([[30, 100], [60, 200]]));
    assert.equal(same.statistic, 0);
    assert.equal(same.pValue, 1);
    const withEmpty = homogeneityTest(groups([[812, 1000], [0, 0], [790, 1000], [761, 1000]]));
    assert.deepEqual(withEmpty, homogeneityTest(groups(COMPUTED[0]![0])));
  },
});

Deno.test({
  name: "homogeneityTest refuses counts that are not counts, naming the group",
  permissions: "none",
  fn: () => {
    assert.throws(() => homogeneityTest(groups([[1, 2], [3, 2]])), /group 1: successes/);
    assert.throws(() => homogeneityTest(groups([[1, -2]])), /group 0: trials/);
    assert.throws(() => homogeneityTest(groups([[0.5, 2]])), RangeError);
  },
});

const skip = await skipReason("homogeneity against scipy");

Deno.test({
  name:
    "homogeneityTest agrees with scipy on 300 random tables (2 to 8 groups, up to 60,000 trials)",
  ignore: skip !== null,
  fn: async () => {
    const rng = new Prng(20261203);
    const cases = Array.from({ length: 300 }, () => {
      const k = 2 + rng.int(7);
      const rate = 0.02 + rng.int(96) / 100;
      return Array.from({ length: k }, () => {
        const n = 1 + rng.int(rng.int(2) === 0 ? 200 : 60000);
        const own = Math.min(0.999, Math.max(0.001, rate + (rng.int(41) - 20) / 1000));
        return [Math.round(n * own), n] as const;
      });
    }).filter((g) => {
      const x = g.reduce((s, [x]) => s + x, 0);
      const n = g.reduce((s, [, n]) => s + n, 0);
      return x > 0 && x < n; // scipy refuses a table with a zero margin
    });
    const expected = (await reference("chi2", cases.map((g) => ({ groups: g })))) as {
      statistic: number;
      df: number;
      p: number;
    }[];
    cases.forEach((g, i) => {
      const got = homogeneityTest(groups(g));
      const e = expected[i]!;
      const what = JSON.stringify(g);
      assertClose(got.statistic, e.statistic, 1e-10, `${what}: X²`);
      assert.equal(got.degreesOfFreedom, e.df);
      if (e.p > 1e-290) assertClose(got.pValue, e.p, 1e-9, `${what}: p`);
    });
  },
});
