/**
 * What the report's decision costs per comparison at 60,000 paired items, against the exact
 * McNemar p-value of the same table in the same run (the test the old conditional interval
 * inverted): the decision interval (four roots of a binomial tail), and the smallest margin a
 * not-worse claim holds at with 80% power (a search over b, then one interval).
 *
 * Run: deno bench tests/bench/decision_interval_bench.ts
 *
 * @module
 */

import { decisionInterval } from "../../src/report/stats/decision_interval.ts";
import { notWorseMargin } from "../../src/report/stats/detectable_difference.ts";
import { mcnemarExactP } from "../../src/report/stats/mcnemar.ts";

const N = 60_000;
const TABLES = [
  { bothRight: 45_000, onlyFirst: 1_900, onlySecond: 1_700, bothWrong: 11_400 }, // 6% discordant
  { bothRight: 40_000, onlyFirst: 5_200, onlySecond: 4_800, bothWrong: 10_000 }, // 17%
  { bothRight: 50_000, onlyFirst: 12, onlySecond: 3, bothWrong: 9_985 }, // few discordant
];

Deno.bench(
  "McNemar exact p-value, 3 tables at n = 60,000",
  { baseline: true, group: "decision" },
  () => {
    for (const t of TABLES) mcnemarExactP(t.onlyFirst, t.onlySecond);
  },
);

Deno.bench("decision interval, 3 tables at n = 60,000", { group: "decision" }, () => {
  for (const t of TABLES) decisionInterval(t);
});

Deno.bench("smallest not-worse margin, 3 tables at n = 60,000", { group: "decision" }, () => {
  for (const t of TABLES) {
    notWorseMargin(N, t.onlyFirst + t.onlySecond, { level: 0.05, power: 0.8 });
  }
});
