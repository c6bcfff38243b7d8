/**
 * The whole-process run benchmark against two baselines in the same run: the plain `fetch` loop
 * (`_plain_loop.ts`) and the same loop in Python with aiohttp (`_aiohttp_loop.py`), each sending
 * the exact requests `assess run` sends to the instant server (`_instant_server.ts`, its own
 * process). Alternated triples: each round runs the three in a rotated order, so that a host whose
 * load moves weighs on all alike. Prints each round's times and ratios (a baseline's time over
 * assess's: assess's share of that baseline's requests per second), and their medians.
 *
 *     deno run --allow-read --allow-write --allow-run --allow-net --allow-env \
 *       tests/bench/run_process_aiohttp.ts
 *
 * ASSESS_BENCH_PAIRS sets the number of rounds (default 8), ASSESS_BENCH_REQUESTS and
 * ASSESS_BENCH_CONCURRENCY as in `run_process_bench.ts`. A warm-up round is run first and not
 * counted. The Python is ASSESS_PYTHON, else the first of python3 and /usr/bin/python3 that can
 * import aiohttp (tests/support/python.ts); without one, the benchmark says so and exits 0.
 */

import { runDeno, setUpRunProcess } from "./_run_process.ts";
import { findPython } from "../support/python.ts";

const ROUNDS = Number(Deno.env.get("ASSESS_BENCH_PAIRS") ?? 8);
const REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const CONCURRENCY = Number(Deno.env.get("ASSESS_BENCH_CONCURRENCY") ?? 64);
const LOOP = new URL("./_aiohttp_loop.py", import.meta.url).pathname;

const found = await findPython("aiohttp");
if (!("python" in found)) {
  console.log(
    `run_process_aiohttp: skipped, ${found.missing} (on Debian: apt-get install ` +
      "python3-aiohttp; or name an interpreter that has it in ASSESS_PYTHON)",
  );
  Deno.exit(0);
}
const python = found.python;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const setup = await setUpRunProcess(REQUESTS, CONCURRENCY);
try {
  const aiohttp = async () => {
    const { bodies, url, concurrency } = setup.loop;
    const out = await new Deno.Command(python, {
      args: [LOOP, bodies, url, String(concurrency)],
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (out.code !== 0) {
      throw new Error(`aiohttp loop: exit ${out.code}: ${new TextDecoder().decode(out.stderr)}`);
    }
  };
  const timed = async (run: () => Promise<void>) => {
    const started = performance.now();
    await run();
    return (performance.now() - started) / 1000;
  };
  const names = ["loop", "assess", "aiohttp"] as const;
  const times: Record<(typeof names)[number], number[]> = { loop: [], assess: [], aiohttp: [] };
  for (let k = -1; k < ROUNDS; k++) {
    const out = setup.out(k + 1);
    const runs = {
      loop: () => runDeno(setup.plainArgs),
      assess: () => runDeno(setup.assessArgs(out)),
      aiohttp,
    };
    const order = names.map((_, i) => names[(i + k + 1) % names.length]!);
    const t: Partial<Record<(typeof names)[number], number>> = {};
    for (const name of order) t[name] = await timed(runs[name]);
    await Deno.remove(out);
    if (k < 0) continue; // the warm-up round
    for (const name of names) times[name].push(t[name]!);
    console.log(
      `round ${k + 1} (${order.join(", ")}): loop ${t.loop!.toFixed(2)} s, assess ` +
        `${t.assess!.toFixed(2)} s, aiohttp ${t.aiohttp!.toFixed(2)} s; assess at ` +
        `${(t.loop! / t.assess!).toFixed(3)} of the loop, ${(t.aiohttp! / t.assess!).toFixed(3)} ` +
        "of aiohttp",
    );
  }
  const ratios = (base: readonly number[]) => base.map((b, i) => b / times.assess[i]!);
  const summary = (name: string, base: readonly number[]) => {
    const r = ratios(base);
    return `${name} ${median(r).toFixed(3)} (${Math.min(...r).toFixed(3)}–` +
      `${Math.max(...r).toFixed(3)})`;
  };
  console.log(
    `${ROUNDS} rounds, ${REQUESTS} requests at concurrency ${CONCURRENCY}, python ${python}: ` +
      `assess's median ratio to ${summary("the fetch loop", times.loop)}, to ` +
      `${summary("aiohttp", times.aiohttp)}; median times loop ${
        median(times.loop).toFixed(2)
      } s, ` +
      `assess ${median(times.assess).toFixed(2)} s, aiohttp ${median(times.aiohttp).toFixed(2)} s`,
  );
} finally {
  setup.close();
}
