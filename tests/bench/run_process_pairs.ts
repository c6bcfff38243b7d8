/**
 * The whole-process run benchmark of `run_process_bench.ts`, in alternated pairs: each pair runs
 * the plain `fetch` loop and `assess run` (in turn one first, then the other), so that a host
 * whose load moves weighs on both alike. Prints each pair's ratio (the loop's time over assess's:
 * assess's share of the loop's requests per second), their median and the ratio of the medians.
 *
 *     deno run --allow-read --allow-write --allow-run --allow-net --allow-env \
 *       tests/bench/run_process_pairs.ts
 *
 * ASSESS_BENCH_PAIRS sets the number of pairs (default 12), ASSESS_BENCH_REQUESTS and
 * ASSESS_BENCH_CONCURRENCY as in `run_process_bench.ts`. A warm-up pair is run first and not
 * counted.
 */

import { runDeno, setUpRunProcess } from "./_run_process.ts";

const PAIRS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? 12);
const REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const CONCURRENCY = Number(Deno.env.get("ASSESS_BENCH_CONCURRENCY") ?? 64);

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const setup = await setUpRunProcess(REQUESTS, CONCURRENCY);
try {
  const timed = async (args: readonly string[]) => {
    const started = performance.now();
    await runDeno(args);
    return (performance.now() - started) / 1000;
  };
  const plain: number[] = [];
  const assess: number[] = [];
  for (let k = -1; k < PAIRS; k++) {
    const out = setup.out(k + 1);
    const plainFirst = k % 2 === 0;
    let p: number;
    let a: number;
    if (plainFirst) {
      p = await timed(setup.plainArgs);
      a = await timed(setup.assessArgs(out));
    } else {
      a = await timed(setup.assessArgs(out));
      p = await timed(setup.plainArgs);
    }
    await Deno.remove(out);
    if (k < 0) continue; // the warm-up pair
    plain.push(p);
    assess.push(a);
    console.log(
      `pair ${k + 1} (${plainFirst ? "loop" : "assess"} first): loop ${p.toFixed(2)} s, ` +
        `assess ${a.toFixed(2)} s, ratio ${(p / a).toFixed(3)}`,
    );
  }
  const ratios = plain.map((p, i) => p / assess[i]!);
  console.log(
    `${PAIRS} pairs, ${REQUESTS} requests at concurrency ${CONCURRENCY}: median ratio ` +
      `${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–` +
      `${Math.max(...ratios).toFixed(3)}); medians loop ${median(plain).toFixed(2)} s, assess ` +
      `${median(assess).toFixed(2)} s, ratio of the medians ` +
      `${(median(plain) / median(assess)).toFixed(3)}`,
  );
} finally {
  setup.close();
}
