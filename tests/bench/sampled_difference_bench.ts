/**
 * The comparison of several answers per item (`sampledDifference`, the betting interval) on
 * 1,000 to 300,000 items of shares in quarters, each size timed once after a warm-up. With
 * `ASSESS_BENCH_BEFORE=DIR` (a `git archive` of an earlier commit's `src`), the earlier code is
 * timed in the same run beside it.
 *
 *     deno run --allow-read --allow-env tests/bench/sampled_difference_bench.ts
 *
 * @module
 */

import { sampledDifference } from "../../src/report/stats/sampled_difference.ts";

type Compare = (pairs: readonly { first: number; second: number }[], options: {
  level: number;
}) => unknown;

const before = Deno.env.get("ASSESS_BENCH_BEFORE");
const methods: [string, Compare][] = [["now", sampledDifference as Compare]];
if (before !== undefined) {
  const old = await import(`${before}/src/report/stats/sampled_difference.ts`);
  methods.unshift(["before", old.sampledDifference as Compare]);
}

for (const n of [1_000, 10_000, 100_000, 300_000]) {
  let seed = 1;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pairs = Array.from({ length: n }, () => ({
    first: Math.floor(next() * 5) / 4,
    second: Math.floor(next() * 5) / 4,
  }));
  const row = [`${n} items`];
  for (const [name, compare] of methods) {
    compare(pairs, { level: 0.05 });
    const start = performance.now();
    compare(pairs, { level: 0.05 });
    row.push(`${name} ${(performance.now() - start).toFixed(1)} ms`);
  }
  console.log(row.join(", "));
}
