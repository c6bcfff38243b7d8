/**
 * Differential test: the report's decision interval (`src/report/stats/decision_interval.ts`) against
 * the Python reference (`reference/python/decision.py` and `melded.py`, written from the definition
 * with scipy: Gauss–Legendre over T's quantile range, where the TypeScript uses adaptive
 * Gauss–Kronrod panels from T's mode and its own binomial sums) on 1,000 seeded random tables and
 * the edge tables, in one Python process.
 * Skipped, with a message, only when there is no python3 with numpy and scipy
 * (tests/support/python.ts); a failure instead under `ASSESS_REQUIRE_PYTHON=1`.
 */

import assert from "node:assert/strict";
import { decisionInterval } from "../../src/report/stats/decision_interval.ts";
import { mcnemarExactP } from "../../src/report/stats/mcnemar.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { Prng } from "./_prng.ts";

const TABLES = 1_000;
const SEED = 20261205;
const ALPHAS = [0.05, 0.025, 0.05 / 3, 0.01];
/**
 * Both limits must agree to this, absolute: each side finds a limit as the root of a numerical
 * integral (to about 1e-12 relative); they were seen to agree within about 1e-13.
 */
const TOLERANCE = 1e-10;
const DECISION_PY = new URL("../../reference/python/decision.py", import.meta.url).pathname;

const skip = await pythonSkip("decision differential", "scipy");

/** One table: b and c discordant of n items, at level alpha. */
interface Case {
  readonly b: number;
  readonly c: number;
  readonly n: number;
  readonly alpha: number;
}

/**
 * Random tables: n from 1 to 60,000 (half of them log-uniform, so that small tables are many),
 * the discordance from none to all, b against c from all one way through lopsided to balanced and
 * near the test's critical value.
 */
function randomCases(seed: number, count: number): Case[] {
  const rng = new Prng(seed);
  const uniform = () => rng.next() / 0x100000000;
  return Array.from({ length: count }, () => {
    const n = rng.chance(0.5)
      ? Math.min(60000, Math.max(1, Math.round(Math.exp(uniform() * Math.log(60000)))))
      : 1 + rng.int(60000);
    const discordance = rng.pick([0, 0.001, 0.01, 0.05, 0.2, 1, uniform(), uniform()]);
    const N = Math.min(n, Math.max(0, Math.round(n * discordance) + rng.int(3) - 1));
    let b: number;
    const kind = rng.int(4);
    if (kind === 0) b = rng.pick([0, N, 1, N - 1]); // all or all but one one way
    else if (kind === 1) b = Math.round(N * rng.pick([0.02, 0.1, 0.3, 0.7, 0.9, 0.98]));
    else if (kind === 2) b = Math.round(N / 2) + rng.int(3) - 1; // balanced
    else {
      // Near the two-sided critical value of the exact test at 0.9·alpha: close calls.
      const z = rng.pick([1.8, 2.0, 2.3, 2.6, 3.0]);
      b = Math.round(N / 2 + (z * Math.sqrt(N)) / 2) + rng.int(5) - 2;
      if (rng.chance(0.5)) b = N - b;
    }
    b = Math.min(N, Math.max(0, b));
    return { b, c: N - b, n, alpha: rng.pick(ALPHAS) };
  });
}

/** The edges: one item, none discordant, all discordant, all one way, the largest n. */
function edgeCases(): Case[] {
  const out = new Map<string, Case>();
  for (const alpha of ALPHAS) {
    for (const n of [1, 2, 3, 10, 60000]) {
      for (const [b, c] of [[0, 0], [1, 0], [0, 1], [n, 0], [0, n], [1, n - 1]] as const) {
        if (b + c <= n) out.set(`${b} ${c} ${n} ${alpha}`, { b, c, n, alpha });
      }
    }
  }
  return [...out.values()];
}

Deno.test({
  name: `decision differential: ${TABLES.toLocaleString("en")} random tables and the edges, ` +
    `both limits within ${TOLERANCE} of reference/python/decision.py`,
  ignore: skip !== null,
  fn: async () => {
    const cases = [...edgeCases(), ...randomCases(SEED, TABLES)];
    const input = cases.map((x) => JSON.stringify(x) + "\n").join("");
    const text = await runScript(DECISION_PY, { args: ["interval"], input, need: "scipy" });
    const python = text.split("\n").filter((l) => l !== "").map((l) =>
      JSON.parse(l) as { lower: number; upper: number }
    );
    assert.equal(python.length, cases.length, "one answer per table");
    const wrong: string[] = [];
    let rejected = 0;
    let worst = 0;
    cases.forEach(({ b, c, n, alpha }, k) => {
      const table = { bothRight: n - b - c, onlyFirst: b, onlySecond: c, bothWrong: 0 };
      const ts = decisionInterval(table, { alpha });
      const py = python[k]!;
      const off = Math.max(Math.abs(ts.lower - py.lower), Math.abs(ts.upper - py.upper));
      worst = Math.max(worst, off);
      if (mcnemarExactP(b, c) < (alpha * 9) / 10) rejected++;
      if (!(off <= TOLERANCE)) {
        wrong.push(
          `b ${b}, c ${c}, n ${n}, alpha ${alpha}: TypeScript [${ts.lower}, ${ts.upper}], ` +
            `Python [${py.lower}, ${py.upper}]`,
        );
      }
    });
    assert.ok(
      wrong.length === 0,
      `${wrong.length} of ${cases.length} tables disagree; the first:\n${
        wrong.slice(0, 5).join("\n")
      }`,
    );
    // The generator reaches both decisions, and all four levels.
    assert.ok(rejected > cases.length / 10 && rejected < (cases.length * 9) / 10, `${rejected}`);
    for (const alpha of ALPHAS) assert.ok(cases.filter((x) => x.alpha === alpha).length > 200);
    console.log(
      `decision differential: ${cases.length} tables (${rejected} rejected), all agree; ` +
        `largest difference ${worst.toExponential(1)}`,
    );
  },
});
