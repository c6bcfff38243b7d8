/**
 * The chi-square test of homogeneity against SciPy (`scipy.stats.chi2_contingency` without the
 * continuity correction) on generated tables, when python3 and SciPy are on the machine; and,
 * everywhere, against the chi-square tail's closed forms for even degrees of freedom, a table
 * worked by hand, and its refusals.
 */

import assert from "node:assert/strict";
import { homogeneity, type Proportion } from "../../src/report/homogeneity.ts";
import { Prng } from "../reference/_prng.ts";
import { assertClose } from "./_close.ts";

const SCIPY_SCRIPT = `
import json, sys
from scipy.stats import chi2_contingency
for line in sys.stdin:
    groups = json.loads(line)
    table = [[g["successes"], g["trials"] - g["successes"]] for g in groups if g["trials"] > 0]
    stat, p, dof, _ = chi2_contingency(table, correction=False)
    print(json.dumps({"statistic": float(stat), "df": int(dof), "pValue": float(p)}))
`;

/** Whether python3 with SciPy can be started here. */
async function haveScipy(): Promise<boolean> {
  try {
    const out = await new Deno.Command("python3", {
      args: ["-c", "import scipy.stats"],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success;
  } catch {
    return false;
  }
}

async function scipy(cases: readonly (readonly Proportion[])[]): Promise<unknown[]> {
  const child = new Deno.Command("python3", {
    args: ["-c", SCIPY_SCRIPT],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const done = child.output();
  await writer.write(new TextEncoder().encode(cases.map((c) => JSON.stringify(c)).join("\n")));
  await writer.close();
  const out = await done;
  assert(out.success, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
}

/** Random tables: 2 to 9 groups, sizes from 1 to 3,000, rates alike or apart. */
function cases(count: number): Proportion[][] {
  const rng = new Prng(13);
  const out: Proportion[][] = [];
  const int = (n: number) => rng.next() % n;
  while (out.length < count) {
    const k = 2 + int(8);
    const base = int(1001) / 1000;
    const groups: Proportion[] = [];
    for (let i = 0; i < k; i++) {
      const trials = 1 + int(int(2) === 0 ? 30 : 3000);
      const rate = int(3) === 0 ? int(1001) / 1000 : base;
      let successes = 0;
      for (let t = 0; t < Math.min(trials, 200); t++) if (int(1000) < rate * 1000) successes++;
      successes = Math.round(successes * trials / Math.min(trials, 200));
      groups.push({ successes: Math.min(successes, trials), trials });
    }
    const s = groups.reduce((a, g) => a + g.successes, 0);
    const t = groups.reduce((a, g) => a + g.trials, 0);
    if (s === 0 || s === t) continue; // SciPy refuses a table with an expected count of 0
    out.push(groups);
  }
  return out;
}

Deno.test({
  name: "homogeneity agrees with SciPy's chi2_contingency on 2,000 generated tables",
  ignore: !(await haveScipy()),
  fn: async () => {
    const tables = cases(2000);
    const expected = await scipy(tables) as { statistic: number; df: number; pValue: number }[];
    tables.forEach((groups, i) => {
      const got = homogeneity(groups);
      const want = expected[i]!;
      const what = JSON.stringify(groups);
      assert.equal(got.df, want.df, what);
      assertClose(got.statistic, want.statistic, 1e-9, what);
      // p-values below 1e-300 are 0 in both; elsewhere they agree to 1e-9 relative.
      if (want.pValue < 1e-290) assert(got.pValue < 1e-280, what);
      else assertClose(got.pValue, want.pValue, 1e-9, what);
    });
  },
});

Deno.test({
  name: "homogeneity: the tail matches the closed forms of 2, 4 and 6 degrees of freedom",
  permissions: "none",
  fn: () => {
    // Groups built so that X² takes a given value: two groups is df 1, so the closed forms are
    // checked through tables of 3, 5 and 7 groups whose X² is computed here by hand as well.
    const rng = new Prng(7);
    for (let n = 0; n < 300; n++) {
      const k = [3, 5, 7][n % 3]!;
      const groups = Array.from({ length: k }, () => {
        const trials = 20 + (rng.next() % 400);
        return { successes: rng.next() % (trials + 1), trials };
      });
      const s = groups.reduce((a, g) => a + g.successes, 0);
      const t = groups.reduce((a, g) => a + g.trials, 0);
      if (s === 0 || s === t) continue;
      let x2 = 0;
      for (const g of groups) {
        const e = g.trials * s / t;
        const f = g.trials - e;
        x2 += (g.successes - e) ** 2 / e + (g.trials - g.successes - f) ** 2 / f;
      }
      const got = homogeneity(groups);
      assertClose(got.statistic, x2, 1e-10);
      const h = x2 / 2;
      // P(χ²(2m) ≥ x) = e^(−x/2) Σ_{j<m} (x/2)^j / j!
      let sum = 0;
      let term = 1;
      for (let j = 0; j < (k - 1) / 2; j++) {
        sum += term;
        term *= h / (j + 1);
      }
      const closed = Math.exp(-h) * sum;
      if (closed > 1e-300) assertClose(got.pValue, closed, 1e-11, `X² ${x2}, df ${k - 1}`);
    }
  },
});

Deno.test({
  name: "homogeneity: a table worked by hand, agreement, empty groups, refusals",
  permissions: "none",
  fn: () => {
    // 80/100 against 50/100: pooled 0.65, E = 65 and 35 each, X² = 2·(15²/65 + 15²/35) = 19.78…
    const apart = homogeneity([{ successes: 80, trials: 100 }, { successes: 50, trials: 100 }]);
    assertClose(apart.statistic, 2 * (225 / 65 + 225 / 35), 1e-14);
    assert.equal(apart.df, 1);
    assert(apart.pValue > 8e-6 && apart.pValue < 9e-6, String(apart.pValue)); // 8.69e-6
    // The same rate everywhere: nothing to see.
    assert.deepEqual(
      homogeneity([{ successes: 3, trials: 10 }, { successes: 6, trials: 20 }, {
        successes: 0,
        trials: 0,
      }]),
      { statistic: 0, df: 1, pValue: 1 },
    );
    // Every group all right (or all wrong): they agree.
    assert.deepEqual(
      homogeneity([{ successes: 5, trials: 5 }, { successes: 9, trials: 9 }]),
      { statistic: 0, df: 1, pValue: 1 },
    );
    assert.throws(() => homogeneity([{ successes: 1, trials: 2 }]), RangeError);
    assert.throws(
      () => homogeneity([{ successes: 1, trials: 2 }, { successes: 0, trials: 0 }]),
      /at least two groups with trials/,
    );
    assert.throws(
      () => homogeneity([{ successes: 3, trials: 2 }, { successes: 1, trials: 2 }]),
      /3 successes of 2 trials is not a proportion/,
    );
    assert.throws(
      () => homogeneity([{ successes: 0.5, trials: 2 }, { successes: 1, trials: 2 }]),
      RangeError,
    );
  },
});
